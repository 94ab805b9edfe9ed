"""The two families side by side: one position or one end of hand under two rule sets.

For a learner who knows one game and learns the other: the same action judged, and the same
tallies scored, under Classic and Modern American (or any two presets with the same players).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.actions import Action
from tutor.engine.errors import RuleSetError
from tutor.engine.judge import judge
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import HandScore, SideTally, score_hand
from tutor.engine.state import GameState
from tutor.engine.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Comparison:
    rules: tuple[RuleSet, RuleSet]
    verdicts: tuple[Verdict, Verdict]

    @property
    def agree(self) -> bool:
        return self.verdicts[0].legal == self.verdicts[1].legal


def judge_both(
    state: GameState, action: Action, other: RuleSet, *, seat: int | None = None
) -> Comparison:
    """Judge ``action`` in ``state`` under its own rules and under ``other``."""
    if other.players != state.rules.players:
        raise RuleSetError(
            f"cannot compare {state.rules.preset} with {other.preset}: "
            f"{state.rules.players} against {other.players} players"
        )
    mine = judge(state, action, seat=seat)
    theirs = judge(state.evolve(rules=other), action, seat=seat)
    return Comparison((state.rules, other), (mine, theirs))


def score_both(
    rules: RuleSet, other: RuleSet, sides: Sequence[SideTally]
) -> tuple[HandScore, HandScore]:
    """Score the same end of hand under two rule sets."""
    if other.players != rules.players:
        raise RuleSetError(f"cannot compare {rules.preset} with {other.preset}")
    return score_hand(rules, sides), score_hand(other, sides)
