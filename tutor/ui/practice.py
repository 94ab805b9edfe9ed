"""A practice game against computer players: history, undo and redo, narration.

Plain Python (no Streamlit), so the page stays thin and the logic is tested directly. The learner
sits at seat 0; every action, the learner's and the computer players', goes through the engine.

Memory stays bounded however long the game: only the current hand keeps its states (for undo,
redo and the history stepper); each finished hand is kept as its moves in notation, compressed,
so the whole game can still be written out as a record (``python -m tutor bench --memory``).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from tutor.engine import Action, GameState, apply, judge, new_game
from tutor.engine.errors import PositionError, TutorError
from tutor.engine.records import GameRecord, Move
from tutor.engine.rules import RuleSet
from tutor.engine.state import Phase
from tutor.engine.verdict import Reason, Verdict
from tutor.engine.view import observe
from tutor.i18n import N_, Translator
from tutor.play.bots import BOTS, Decision, Standard
from tutor.words.input_errors import error_words

LEARNER = 0
# The codes of the errors a game raises here (tutor.engine.errors): their messages name seats
# by number, for a file's author; the learner reads :func:`error_text`.
OUT_OF_TURN = "move-out-of-turn"
NO_MOVE = "no-legal-move"
GAME_ERRORS = frozenset({OUT_OF_TURN, NO_MOVE})
# Translators: a game file that cannot be used: its moves do not follow the turns; {number} the
# number of the first such move in the file.
OUT_OF_TURN_TEXT = N_("Move {number} of the game file is made by a player whose turn it was "
                      "not.")
# Translators: a hand-made position (a game file) where a computer player cannot move.
NO_MOVE_TEXT = N_("A computer player has no move it may make in this position.")
MAX_BOT_MOVES = 400  # a hand has far fewer; guards the page against a runaway loop
# The partner's player and the adviser a new game gets when its maker does not say
# (see :func:`seated`); None: the partner plays like the opponents.
_SEATING: ContextVar[tuple[str | None, str]] = ContextVar("seating", default=(None, "standard"))


@contextmanager
def seated(partner: str | None, adviser: str) -> Iterator[None]:
    """Games started or loaded inside get this partner and adviser: the learner's choice
    reaches a game made by code that passes only the opponents' level, before its computer
    players make their first moves."""
    token = _SEATING.set((partner, adviser))
    try:
        yield
    finally:
        _SEATING.reset(token)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    seat: int
    action: Action
    verdict: Verdict
    reasons: tuple[Reason, ...] = ()  # a computer player's reasons ("why did it do that?")


def _seating(partner: str | None, adviser: str | None) -> tuple[str | None, str]:
    default_partner, default_adviser = _SEATING.get()
    return (partner if partner is not None else default_partner,
            adviser if adviser is not None else default_adviser)


def pack_moves(moves: list[Move]) -> bytes:
    """A finished hand's moves in notation, compressed (a few bytes a move)."""
    return zlib.compress(json.dumps([[m.seat, str(m.action)] for m in moves]).encode())


def unpack_moves(packed: bytes) -> tuple[Move, ...]:
    return tuple(Move(seat, Action.parse(text))
                 for seat, text in json.loads(zlib.decompress(packed)))


@dataclass
class Practice:
    """``states`` and ``entries`` cover the current hand only: ``states[0]`` is where it started
    and ``entries[i]`` leads from ``states[i]`` to ``states[i + 1]``. Undo, redo and the history
    stay within that hand; ``record()`` gives the whole game."""

    rules: RuleSet
    seed: int
    level: str = "standard"  # the computer players (tutor.play.bots.BOTS): the opponents
    states: list[GameState] = field(default_factory=list)
    entries: list[HistoryEntry] = field(default_factory=list)
    redo_stack: list[HistoryEntry] = field(default_factory=list)
    first: GameState | None = None  # the game's start, once the current hand is a later one
    earlier: list[bytes] = field(default_factory=list)  # each finished hand's moves (packed)
    partner: str | None = None  # the learner's partner's player, when not ``level``
    adviser: str = "standard"  # the player whose move the hint suggests
    # the last hint, with the state and adviser it was for: a searching adviser thinks once
    hint_cache: tuple[GameState, str, Decision] | None = None

    @staticmethod
    def start(rules: RuleSet, seed: int, level: str = "standard", *,
              partner: str | None = None, adviser: str | None = None) -> Practice:
        partner, adviser = _seating(partner, adviser)
        practice = Practice(rules, seed, level, [new_game(rules, seed=seed)], partner=partner,
                            adviser=adviser)
        practice._run_bots()
        return practice

    @staticmethod
    def from_record(record: GameRecord, level: str = "standard", *,
                    partner: str | None = None, adviser: str | None = None) -> Practice:
        """A loaded game goes on where it stopped: each move by the seat whose turn it was, then
        the computer players move if it is their turn (a record that cannot go on is refused)."""
        start = record.start
        partner, adviser = _seating(partner, adviser)
        practice = Practice(start.rules, start.seed, level, [start], partner=partner,
                            adviser=adviser)
        for number, move in enumerate(record.moves, start=1):
            if move.seat != practice.state.actor:
                raise PositionError(f"move {number} is by seat {move.seat + 1}, but it was seat "
                                    f"{practice.state.actor + 1}'s turn", code=OUT_OF_TURN,
                                    number=number)
            practice._push(move.action)
        practice._run_bots()
        return practice

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def hand_moves(self) -> tuple[Move, ...]:
        """The current hand's moves, from ``states[0]``."""
        return tuple(Move(e.seat, e.action) for e in self.entries)

    @property
    def undo_stops_at_hand_start(self) -> bool:
        """Nothing of the learner's to undo in this hand, though earlier hands were played:
        undo does not reach back into them (the page says so)."""
        return bool(self.earlier) and self.last_learner_move() < 0

    def attempt(self, action: Action) -> Verdict:
        """Judge the learner's action; a legal one is played and the computers answer."""
        seat = None if self.state.hand_over else LEARNER
        verdict = judge(self.state, action, seat=seat)
        if verdict.legal:
            self.redo_stack.clear()
            self._push(action, judged=(verdict, seat))
            self._run_bots()
        return verdict

    def undo(self) -> bool:
        """Take back the learner's last action in this hand and the computer moves after it."""
        cut = self.last_learner_move()
        if cut < 0:
            return False
        undone = self.entries[cut:]
        del self.entries[cut:]
        del self.states[cut + 1 :]
        self.redo_stack.extend(reversed(undone))
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        entry = self.redo_stack.pop()
        self._push(entry.action, entry.reasons)
        while self.redo_stack and self.redo_stack[-1].seat != LEARNER:
            bot = self.redo_stack.pop()
            self._push(bot.action, bot.reasons)  # "why did it do that?" survives undo/redo
        return True

    def record(self) -> GameRecord:
        """The whole game from its start, earlier hands included."""
        earlier = tuple(move for packed in self.earlier for move in unpack_moves(packed))
        current = tuple(Move(e.seat, e.action) for e in self.entries)
        return GameRecord(self.first or self.states[0], earlier + current)

    def _push(self, action: Action, reasons: tuple[Reason, ...] = (), *,
              judged: tuple[Verdict, int | None] | None = None) -> None:
        """Play ``action`` and keep it in the history. ``judged``: its verdict already given,
        and the seat it was judged for, so the move is applied with that seat (the engine's
        memo answers) and not judged again."""
        state = self.state
        verdict, seat = judged if judged is not None else (judge(state, action), None)
        after = apply(state, action, seat=seat)
        self.states.append(after)
        self.entries.append(HistoryEntry(state.actor, action, verdict, reasons))
        if after.hand_number != state.hand_number:  # a new deal: the hand before is done
            self._close_hand()

    def _close_hand(self) -> None:
        """Keep the finished hand as packed moves; the new deal starts the history."""
        if self.first is None:
            self.first = self.states[0]
        self.earlier.append(pack_moves([Move(e.seat, e.action) for e in self.entries]))
        self.states = [self.state]
        self.entries = []
        self.redo_stack = []

    def level_of(self, seat: int, state: GameState | None = None) -> str:
        """The player at ``seat``: the partner's own when it sits on the learner's side (in
        three-player games whoever becomes the learner's partner), else the opponents'."""
        state = state or self.state
        partner = self.partner is not None and seat != LEARNER
        if partner and seat in state.side_of(LEARNER).seats:
            assert self.partner is not None
            return self.partner
        return self.level

    def _run_bots(self) -> None:
        players = {}
        for _ in range(MAX_BOT_MOVES):
            state = self.state
            if state.phase is Phase.GAME_OVER or state.phase is Phase.HAND_OVER:
                return
            if state.actor == LEARNER:
                return
            view = observe(state, state.actor)
            if not view.legal:  # only a hand-made position can leave a player no move
                raise PositionError(f"seat {state.actor + 1} has no legal move in this position",
                                    code=NO_MOVE)
            level = self.level_of(state.actor, state)
            if (state.actor, level) not in players:
                make = BOTS.get(level, Standard)
                players[state.actor, level] = make(self.seed * 10 + state.actor)
            decision = players[state.actor, level].decide(view)
            self._push(decision.action, decision.reasons)

    def last_learner_move(self) -> int:
        """The index of the learner's latest entry, or -1: the computer moves after it are the
        ones the table plays out."""
        for index in range(len(self.entries) - 1, -1, -1):
            if self.entries[index].seat == LEARNER:
                return index
        return -1

    def last_round_start(self) -> int:
        """The index of the first entry of the last full round: one turn of every player,
        the current one included."""
        turns = 0
        index = len(self.entries)
        while index > 0:
            previous = self.entries[index - 1].seat
            if index == len(self.entries) or previous != self.entries[index].seat:
                turns += 1
                if turns > self.rules.players:
                    return index
            index -= 1
        return 0

    def hint(self) -> Decision:
        """What the adviser (the standard player unless the learner chose another) would do in
        the learner's seat, with its reasons; asked again at the same moment, the same answer
        without thinking again (the table asks on every rerun while the hint is open)."""
        cached = self.hint_cache
        if cached is not None and cached[0] is self.state and cached[1] == self.adviser:
            return cached[2]
        make = BOTS.get(self.adviser, Standard)
        decision = make(self.seed).decide(observe(self.state, LEARNER))
        self.hint_cache = (self.state, self.adviser, decision)
        return decision


def error_text(exc: TutorError, tr: Translator) -> str:
    """An error of a game, started, loaded or played on, in words for the learner (never a
    seat's number); its message is for a details fold."""
    if exc.code == OUT_OF_TURN:
        return tr.format(tr.gettext(OUT_OF_TURN_TEXT), OUT_OF_TURN_TEXT,
                         number=exc.params.get("number", 0))
    if exc.code == NO_MOVE:
        return tr.gettext(NO_MOVE_TEXT)
    return error_words(exc, tr).text
