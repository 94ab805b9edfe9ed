"""A watch step on the card table: the position after the moves shown so far, one engine state
at a time, with the lesson's commentary and who is playing.

The page steps through the moves itself (one per tick of a timer while *Play* is on, or one
per click), so the counter under the table and the table always show the same move, and a
paused table is a real position: the hand, the pile and the melds of the same moment. No
Streamlit calls here: the page mounts the table and keeps the place.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.i18n import N_, NN_, NPN_, Translator
from tutor.lessons.model import Lesson, Step
from tutor.ui.card_table.model import LogLine, TableInput, table_data
from tutor.ui.lesson_table import watch_lines
from tutor.words.narrate import SeatRole, seat_label, seat_role

# Translators: the heading of the card table in a lesson that plays out moves, when the move
# shown is the learner's own.
YOU_PLAYING = N_("You are playing.")
# Translators: on the card table; {who} is a seat's name, e.g. "Left opponent".
SEAT_PLAYING = N_("{who} is playing.")
# Translators: under the card table of a lesson that plays out moves; {n} is the move shown,
# {total} the moves of the step (the plural form follows {total}), e.g. "Move 2 of 7".
MOVE_OF = NPN_("watch", "Move {n} of {total}", "Move {n} of {total}")
# Translators: under the card table of a lesson that plays out moves, before the first move;
# {n} is the number of moves to watch.
MOVES_TO_WATCH = NN_("{n} move to watch", "{n} moves to watch")


@dataclass(frozen=True, slots=True)
class WatchPlace:
    """Where a watch step stands: the moves shown (0: the starting position) of ``total``."""

    shown: int
    total: int

    @classmethod
    def of(cls, step: Step, index: int) -> WatchPlace:
        total = len(step.moves)
        return cls(max(0, min(index, total)), total)

    @property
    def at_start(self) -> bool:
        return self.shown == 0

    @property
    def at_end(self) -> bool:
        return self.shown >= self.total

    def counter(self, tr: Translator) -> str:
        """"Move 2 of 7", or before the first move "7 moves to watch"."""
        if self.at_start:
            return tr.format(tr.ngettext(*MOVES_TO_WATCH, self.total),
                             MOVES_TO_WATCH[self.total != 1], n=self.total)
        context, singular, plural = MOVE_OF
        return tr.format(tr.npgettext(context, singular, plural, self.total), singular,
                         n=self.shown, total=self.total)


def playing(role: SeatRole, tr: Translator) -> str:
    """Who is playing, in a sentence of its own for the learner ("You are playing.") and for
    another seat ("Partner is playing."), so every language can make the verb agree."""
    if role is SeatRole.YOU:
        return tr.gettext(YOU_PLAYING)
    return tr.format(tr.gettext(SEAT_PLAYING), SEAT_PLAYING, who=seat_label(role, tr))


def watch_data(lesson: Lesson, step: Step, index: int, tr: Translator, *,
               four_colour: bool = False) -> dict[str, object]:
    """The table after ``index`` moves: that position from the seat whose turn the step starts
    with, the commentary of the moves so far, and in the heading the seat that made the move
    shown (before the first move: the seat about to play)."""
    assert step.position is not None
    start = step.position
    lines = watch_lines(lesson, step, tr)
    place = WatchPlace.of(step, index)
    state = lines[place.shown - 1].state if place.shown else start
    mover = lines[place.shown - 1].seat if place.shown else start.actor
    learner = start.turn
    data = table_data(state, tr, TableInput(
        learner=learner, four_colour=four_colour, lesson=True, readonly=True,
        log=tuple(LogLine(line.seat, line.text) for line in lines[:place.shown]),
        moves=place.shown))
    data["prompt"] = playing(seat_role(mover, learner, start.players), tr)
    return data
