"""The computer players by name, as the practice table and the benchmarks seat them.

The heuristic players (beginner, standard, random) are in :mod:`tutor.play.heuristics`, the
expert that searches sampled worlds in :mod:`tutor.play.expert`. Every player receives only its
seat's :class:`~tutor.engine.view.PlayerView` and returns a :class:`Decision` whose reasons are
data: strategy ids (``S-…``) with parameters, then the engine's rule ids that permit the move.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.play.expert import Budget, Expert
from tutor.play.heuristics import (
    Beginner,
    Decision,
    RandomLegal,
    Standard,
    _completed_canasta,
)

__all__ = ["BOTS", "TABLE_BUDGET", "Beginner", "Decision", "Expert", "RandomLegal", "Standard",
           "_completed_canasta"]

TABLE_BUDGET = Budget(milliseconds=1000.0, rollouts=120)
"""The expert's budget at the practice table and in the benchmark: the play-out count decides
(about 150 ms a decision on these 2-core machines, ``bench --players --timing``), so the same
seed plays the same game; the time cap only stops a decision on a machine far too busy."""


def table_expert(seed: int) -> Expert:
    return Expert(seed, TABLE_BUDGET)


BOTS: dict[str, Callable[[int], Beginner | RandomLegal | Expert]] = {
    "beginner": Beginner,
    "standard": Standard,
    "random": RandomLegal,
    "expert": table_expert,
}
