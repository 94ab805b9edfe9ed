"""Whose point of view a sentence takes: the seats as the learner sees them from their chair.

Every sentence the tutor writes is about one seat and read by one learner. The second person
("you", "your side") is for the reader's own seat only; a sentence about another seat names it
("the left opponent's side has one canasta", "your partner") and goes on with "they". The
engine's reasons stay as they are: the words layer (tutor.words.explain,
tutor.words.narrate) decides the person from a :class:`Perspective`, and says with each
:class:`Sentence` whom its "you" means, so a test can check that it only ever means the
reader.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tutor.i18n import Translator
from tutor.words.names import Name, seat_name


class SeatRole(enum.Enum):
    """Where a seat sits as seen from the learner's chair."""

    YOU = "you"
    PARTNER = "partner"
    LEFT = "left"
    RIGHT = "right"
    OPPONENT = "opponent"


# Roles by clockwise offset from the learner, per table size.
_ROLES: dict[int, tuple[SeatRole, ...]] = {
    2: (SeatRole.YOU, SeatRole.OPPONENT),
    3: (SeatRole.YOU, SeatRole.LEFT, SeatRole.RIGHT),
    4: (SeatRole.YOU, SeatRole.LEFT, SeatRole.PARTNER, SeatRole.RIGHT),
}


def seat_role(seat: int, learner: int, players: int) -> SeatRole:
    """The seat's role from the learner's chair; play goes clockwise to seat + 1, so the next
    player sits on the learner's left."""
    roles = _ROLES.get(players)
    if roles is None:
        raise ValueError(f"no table of {players} players")
    for value, name in ((seat, "seat"), (learner, "learner")):
        if not 0 <= value < players:
            raise ValueError(f"{name} {value} is not at a table of {players} players")
    return roles[(seat - learner) % players]


@dataclass(frozen=True, slots=True)
class Perspective:
    """A sentence about ``seat`` read by the learner at ``viewer``, at a table of ``players``."""

    seat: int
    viewer: int
    players: int

    def __post_init__(self) -> None:
        seat_role(self.seat, self.viewer, self.players)  # both seats must be at the table

    @property
    def own(self) -> bool:
        """The reader's own seat: the sentence speaks to them ("you")."""
        return self.seat == self.viewer

    @property
    def role(self) -> SeatRole:
        return seat_role(self.seat, self.viewer, self.players)

    def name(self, tr: Translator) -> Name:
        """The seat's name inside a sentence ("the left opponent", "your partner")."""
        if self.own:
            raise ValueError("the reader's own seat is spoken to, not named")
        return seat_name(self.role.value, tr)


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence as the learner reads it, with the seat it is about (None: nobody in
    particular, "A new hand was dealt.") and the seat its second person means (None: it has
    none). ``you`` is the reader's seat or None; anything else would be a bug. ``rules``: the
    ids of the rules behind it, for a teacher's tooltip (never inside ``text``)."""

    text: str
    about: int | None
    you: int | None
    rules: str = ""
