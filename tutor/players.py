"""Simple computer players for ``python -m tutor play`` and the benchmark.

Players see only their seat's view of the game (:func:`tutor.engine.view.observe`) and the
engine's candidate listing; every action they pick is judged by the engine when applied.

* ``random``: a uniformly random legal action. It shuffles the candidates and takes the first
  one the judge accepts, which is uniform over the legal candidates without judging them all.
* ``simple``: draws from the stock, lays every meld it can, goes out when it can, and discards
  its least useful card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Protocol

from tutor.engine import Action, GameState, apply, is_legal
from tutor.engine.actions import Answer, Discard, Draw, Meld, NextHand, TakePile
from tutor.engine.cards import Rank, card_points
from tutor.engine.going_out import find_going_out
from tutor.engine.listing import candidate_actions, legal_actions
from tutor.engine.scoring import incomplete_special_penalty
from tutor.engine.state import Phase


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        candidates = candidate_actions(state)
        while candidates:
            index = self.rng.randrange(len(candidates))
            action = candidates[index]
            if is_legal(state, action):
                return action
            candidates[index] = candidates[-1]
            candidates.pop()
        raise RuntimeError(f"no legal action in phase {state.phase.value}")  # pragma: no cover


class SimplePlayer:
    """Predictable play: meld what it can, go out when it can, keep pairs, shed high singles."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        if state.phase is Phase.HAND_OVER:
            return NextHand()
        if state.phase is Phase.ANSWER:
            return Answer(True)
        legal = legal_actions(state)
        if state.phase is Phase.DRAW:
            takes = [a for a in legal if isinstance(a, TakePile)]
            if takes and len(state.pile) >= 3:
                return takes[0]
            if Draw() in legal:
                return Draw()
            return legal[0]
        going_out = find_going_out(state)
        if going_out and is_legal(state, going_out[0]):
            return going_out[0]
        melds = [a for a in legal if isinstance(a, Meld) and not self._risky(state, a)]
        if melds:
            return max(melds, key=lambda m: sum(len(g.cards) for g in m.groups))
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        hand = state.hands[state.turn]
        counts = Counter(c.rank for c in hand)
        modern = state.rules.is_modern

        def keep_value(d: Discard) -> tuple[bool, bool, int, int]:
            # Modern: three aces or sevens left in hand cost 1,500, so shed them first.
            penalty_risk = (
                modern and d.card.rank in (Rank.ACE, Rank.SEVEN) and counts[d.card.rank] >= 3
            )
            return (not penalty_risk, d.card.is_wild, counts[d.card.rank], -card_points(d.card))

        return min(discards, key=keep_value)

    @staticmethod
    def _risky(state: GameState, meld: Meld) -> bool:
        """Modern: do not start a sevens, pure-ace or wild-card meld that would stay incomplete
        (each costs 2,000 or 2,500 at the end of the hand)."""
        if not state.rules.is_modern:
            return False
        after = apply(state, meld)
        before = {m.label for m in state.side_of(state.turn).melds}
        return any(
            incomplete_special_penalty(m, state.rules) is not None and m.label not in before
            for m in after.side_of(state.turn).melds
        )


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "simple": SimplePlayer,
}
