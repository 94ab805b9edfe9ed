"""A coach after the hand: the learner's costliest decisions, by the expert's estimate.

The finished hand is replayed through the engine from its first position and recorded moves.
A *decision* is a move of the learner's where more than one legal action existed; each is
appraised from the learner's own view (``observe``), so the coach knows only what the learner
knew, with the learner's move among the alternatives weighed (the same sampled worlds value
both, so their difference is not noise). The costliest are kept with their position, the move
played, the better move, the expert's reasons for it and what followed the learner's move in
the recorded hand (read from the moves and the engine's events). No Streamlit and no texts
here: the words are in :mod:`tutor.words.coach_texts`, the panel in :mod:`tutor.ui.coach`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from tutor.engine.actions import Action, Discard, NextHand, TakePile
from tutor.engine.cards import Card, Rank
from tutor.engine.events import EventKind, events_of
from tutor.engine.judge import apply
from tutor.engine.records import Move
from tutor.engine.state import EndReason, GameState
from tutor.engine.verdict import Reason
from tutor.engine.view import PlayerView, observe
from tutor.play.expert import Budget, Expert

KEEP = 3  # the costliest decisions a learner reads (as chess reviews show)
MIN_LOSS = 25.0  # points: below this a move is as good as the expert's, by its estimate


class Weighed(Protocol):
    """One alternative the appraiser weighed (``tutor.play.expert.Weighed``)."""

    @property
    def action(self) -> Action: ...
    @property
    def value(self) -> float: ...
    @property
    def reasons(self) -> tuple[Reason, ...]: ...


class Appraised(Protocol):
    """The alternatives of one position, best first (``tutor.play.expert.Appraisal``)."""

    @property
    def alternatives(self) -> Sequence[Weighed]: ...


# Appraise a position from the learner's view with the learner's action among the alternatives.
Appraise = Callable[[PlayerView, Action], Appraised]
# Told after each decision appraised: how many are done, of how many.
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Decision:
    """A move of the learner's that had alternatives: ``index`` in the hand's moves,
    ``position`` the state before it."""

    index: int
    position: GameState
    action: Action


class Followed(enum.Enum):
    """What happened after the learner's move, before the learner's next one."""

    PILE_TAKEN = "pile-taken"  # an opponent took the discard pile
    CANASTA = "canasta"  # an opponent completed a canasta
    WENT_OUT = "went-out"  # an opponent went out, ending the hand


@dataclass(frozen=True, slots=True)
class Consequence:
    """One thing that followed: who did it, the pile's size (taken), the canasta's rank (None:
    wild cards), and for a pile taken right after the learner's discard, that card."""

    kind: Followed
    seat: int
    cards: int = 0
    rank: Rank | None = None
    discard: Card | None = None


@dataclass(frozen=True, slots=True)
class CostlyDecision:
    """A decision that cost points by the expert's estimate (``loss``: its best move's value
    minus the value of the move played, from the same sampled worlds)."""

    index: int
    position: GameState
    played: Action
    better: Action
    loss: float
    reasons: tuple[Reason, ...]  # the expert's for the better move
    followed: tuple[Consequence, ...]  # what followed the move played, in the recorded hand


@dataclass(frozen=True, slots=True)
class Review:
    """A hand reviewed: its record, how many decisions were appraised, the costliest first."""

    start: GameState
    moves: tuple[Move, ...]
    learner: int
    decisions: int
    costly: tuple[CostlyDecision, ...]


def replay(start: GameState, moves: Sequence[Move]) -> list[GameState]:
    """Every state of the hand: ``states[i]`` is the position before move ``i`` (the judge
    checks each move: a record that does not replay raises ``IllegalActionError``)."""
    states = [start]
    for move in moves:
        if move.seat != states[-1].actor:
            raise ValueError(f"move by seat {move.seat} when seat {states[-1].actor} acts")
        states.append(apply(states[-1], move.action))
    return states


def decisions(start: GameState, moves: Sequence[Move], learner: int,
              states: Sequence[GameState] | None = None) -> list[Decision]:
    """The learner's moves where more than one legal action existed (dealing the next hand is
    no decision)."""
    states = states if states is not None else replay(start, moves)
    found = []
    for index, move in enumerate(moves):
        state = states[index]
        if move.seat != learner or state.hand_over or isinstance(move.action, NextHand):
            continue
        if len(observe(state, learner).legal) > 1:
            found.append(Decision(index, state, move.action))
    return found


def aftermath(states: Sequence[GameState], moves: Sequence[Move], index: int,
              learner: int) -> tuple[Consequence, ...]:
    """What the opponents did after move ``index`` until the learner moved again (or the hand
    ended): piles taken, canastas completed, going out."""
    found: list[Consequence] = []
    played = moves[index].action
    for later in range(index + 1, len(moves)):
        move, before, after = moves[later], states[later], states[later + 1]
        if move.seat == learner or isinstance(move.action, NextHand):
            break
        if move.seat in before.side_of(learner).seats:
            continue  # the partner's moves are no cost of the learner's
        if isinstance(move.action, TakePile):
            discard = (played.card if isinstance(played, Discard) and later == index + 1
                       else None)
            found.append(Consequence(Followed.PILE_TAKEN, move.seat, len(before.pile),
                                     discard=discard))
        for event in events_of(before, move.action, after):
            if event.kind is EventKind.CANASTA:
                symbol = event.params.get("rank")
                rank = Rank.parse(symbol) if isinstance(symbol, str) else None
                found.append(Consequence(Followed.CANASTA, move.seat, rank=rank))
            elif (event.kind is EventKind.HAND_ENDED and after.end is not None
                  and after.end.reason is EndReason.WENT_OUT):
                found.append(Consequence(Followed.WENT_OUT, after.end.seat))
    return tuple(found)


def review(start: GameState, moves: Sequence[Move], learner: int, appraise: Appraise, *,
           progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
           keep: int = KEEP, min_loss: float = MIN_LOSS) -> Review:
    """The hand's costliest decisions of the learner's, at most ``keep``, each costing at
    least ``min_loss`` points. ``progress`` is told after each decision; ``cancelled`` stops
    the review early (what was appraised so far is ranked)."""
    moves = tuple(moves)
    states = replay(start, moves)
    found = decisions(start, moves, learner, states)
    costly: list[CostlyDecision] = []
    for done, decision in enumerate(found, start=1):
        if cancelled is not None and cancelled():
            break
        weighed = appraise(observe(decision.position, learner), decision.action)
        item = _costly(decision, weighed, min_loss)
        if item is not None:
            costly.append(_with_aftermath(item, states, moves, learner))
        if progress is not None:
            progress(done, len(found))
    costly.sort(key=lambda item: (-item.loss, item.index))
    return Review(start, moves, learner, len(found), tuple(costly[:keep]))


def _costly(decision: Decision, appraised: Appraised, min_loss: float) -> CostlyDecision | None:
    alternatives = list(appraised.alternatives)
    played = next((w for w in alternatives if w.action == decision.action), None)
    if not alternatives or played is None:
        return None  # the appraiser did not weigh the move played: nothing to compare
    best = max(alternatives, key=lambda w: w.value)
    loss = best.value - played.value
    if best.action == decision.action or loss <= 0 or loss < min_loss:
        return None
    return CostlyDecision(decision.index, decision.position, decision.action, best.action, loss,
                          best.reasons, ())


def _with_aftermath(item: CostlyDecision, states: Sequence[GameState], moves: Sequence[Move],
                    learner: int) -> CostlyDecision:
    return replace(item, followed=aftermath(states, moves, item.index, learner))


def branch(earlier: Sequence[Move], done: Review, item: CostlyDecision) -> tuple[Move, ...]:
    """The moves of a game that goes on from ``item`` with the better move: the earlier
    hands' moves, this hand's moves before the decision, then the better move."""
    return (*earlier, *done.moves[:item.index], Move(done.learner, item.better))


REVIEW_MS = 8000.0  # the whole review's search time, shared by its decisions (target: < 10 s)
MAX_DECISION_MS = 150.0  # a decision's share at most (the expert's own default budget)


def expert_appraiser(seed: int, count: int, *, total_ms: float = REVIEW_MS,
                     rollouts: int | None = None) -> Appraise:
    """The expert's appraisal with a per-decision budget: ``total_ms`` shared by ``count``
    decisions, never more than a decision gets in play."""
    expert = Expert(seed)
    budget = Budget(milliseconds=min(MAX_DECISION_MS, total_ms / max(1, count)),
                    rollouts=rollouts if rollouts is not None else Budget().rollouts)

    def appraise(view: PlayerView, include: Action) -> Appraised:
        return expert.appraise(view, include=include, budget=budget)

    return appraise
