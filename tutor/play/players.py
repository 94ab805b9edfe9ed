"""The random player of the engine benchmark (``python -m tutor bench``).

It picks a uniformly random legal action: it draws candidates at random and takes the first one
the judge accepts, which is uniform over the legal candidates without judging them all. It works
on the full state for speed (the benchmark measures the engine); the computer players that
learners meet are in :mod:`tutor.play.bots` and see only their own seat.
"""

from __future__ import annotations

import random

from tutor.engine import Action, GameState, is_legal
from tutor.engine.listing import candidate_actions


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
