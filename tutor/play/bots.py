"""The computer players by name, as the practice table and the benchmarks seat them.

The heuristic players (beginner, standard, random) are in :mod:`tutor.play.heuristics`, the
expert that searches sampled worlds in :mod:`tutor.play.expert`. Every player receives only its
seat's :class:`~tutor.engine.view.PlayerView` and returns a :class:`Decision` whose reasons are
data: strategy ids (``S-…``) with parameters, then the engine's rule ids that permit the move.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.play.expert import Expert
from tutor.play.heuristics import (
    Beginner,
    Decision,
    RandomLegal,
    Standard,
    _completed_canasta,
)

__all__ = ["BOTS", "Beginner", "Decision", "Expert", "RandomLegal", "Standard",
           "_completed_canasta"]

BOTS: dict[str, Callable[[int], Beginner | RandomLegal | Expert]] = {
    "beginner": Beginner,
    "standard": Standard,
    "random": RandomLegal,
    "expert": Expert,
}
