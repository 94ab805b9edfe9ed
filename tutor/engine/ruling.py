"""A ruling: the reasons against and for one action, and how to build the next state when legal.

Every step module (``draw_rules``, ``pile_rules``, ``meld_rules``, ``discard_rules``,
``going_out``) answers an action with a :class:`Ruling`; the judge (``judge.py``) turns it into
a :class:`~tutor.engine.verdict.Verdict` or the next state.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.state import GameState
from tutor.engine.verdict import Reason

Builder = Callable[[], GameState]
Reasons = Callable[[], list[Reason]]

class Ruling:
    """The reasons against and for one action, and how to build the next state when legal.

    A plain class rather than a dataclass: the judge makes one for every action it looks at,
    and the generated ``__init__`` with its list factories costs twice as much."""

    __slots__ = (
        "build",
        "forbid",
        "forbid_later",
        "more_forbid",
        "more_permit",
        "permit",
        "permit_later",
    )

    def __init__(self, forbid: list[Reason] | None = None) -> None:
        self.forbid: list[Reason] = [] if forbid is None else forbid
        self.permit: list[Reason] = []
        self.build: Builder | None = None
        # More reasons against the action, worked out only for a verdict (never for
        # ``is_legal``) and put first, as the substance: "why can't I go out?" costs a look at
        # the whole hand.
        self.more_forbid: Reasons | None = None
        # The rest of the reasons against it, put after ``forbid`` for a verdict: ``forbid``
        # holds at least one already, which is all ``is_legal`` needs.
        self.forbid_later: Reasons | None = None
        self.more_permit: Reasons | None = None
        # The permitting reasons that need no more looking (card names, ...), put together only
        # for a verdict: ``is_legal`` asks for none, and the listing asks it of every candidate.
        self.permit_later: Reasons | None = None


def refused(reason: Reason) -> Ruling:
    """A ruling against the action, for ``reason`` (more may be added)."""
    return Ruling([reason])
