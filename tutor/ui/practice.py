"""A practice hand against computer players: history, undo and redo, narration.

Plain Python (no Streamlit), so the page stays thin and the logic is tested directly. The learner
sits at seat 0; every action, the learner's and the computer players', goes through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.bots import BOTS, Decision, Standard
from tutor.engine import Action, GameState, apply, judge, new_game
from tutor.engine.errors import PositionError
from tutor.engine.records import GameRecord, Move
from tutor.engine.rules import RuleSet
from tutor.engine.state import Phase
from tutor.engine.verdict import Reason, Verdict
from tutor.engine.view import observe

LEARNER = 0
MAX_BOT_MOVES = 400  # a hand has far fewer; guards the page against a runaway loop


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    seat: int
    action: Action
    verdict: Verdict
    reasons: tuple[Reason, ...] = ()  # a computer player's reasons ("why did it do that?")


@dataclass
class Practice:
    rules: RuleSet
    seed: int
    level: str = "standard"  # the computer players: beginner or standard
    states: list[GameState] = field(default_factory=list)
    entries: list[HistoryEntry] = field(default_factory=list)
    redo_stack: list[HistoryEntry] = field(default_factory=list)

    @staticmethod
    def start(rules: RuleSet, seed: int, level: str = "standard") -> Practice:
        practice = Practice(rules, seed, level, [new_game(rules, seed=seed)])
        practice._run_bots()
        return practice

    @staticmethod
    def from_record(record: GameRecord, level: str = "standard") -> Practice:
        """A loaded game goes on where it stopped: each move by the seat whose turn it was, then
        the computer players move if it is their turn (a record that cannot go on is refused)."""
        start = record.start
        practice = Practice(start.rules, start.seed, level, [start])
        for number, move in enumerate(record.moves, start=1):
            if move.seat != practice.state.actor:
                raise PositionError(f"move {number} is by seat {move.seat + 1}, but it was seat "
                                    f"{practice.state.actor + 1}'s turn")
            practice._push(move.action)
        practice._run_bots()
        return practice

    @property
    def state(self) -> GameState:
        return self.states[-1]


    def attempt(self, action: Action) -> Verdict:
        """Judge the learner's action; a legal one is played and the computers answer."""
        verdict = judge(self.state, action, seat=None if self.state.hand_over else LEARNER)
        if verdict.legal:
            self.redo_stack.clear()
            self._push(action)
            self._run_bots()
        return verdict

    def undo(self) -> bool:
        """Take back the learner's last action and the computer moves after it."""
        learner_moves = [i for i, e in enumerate(self.entries) if e.seat == LEARNER]
        if not learner_moves:
            return False
        cut = learner_moves[-1]
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
        return GameRecord(self.states[0], tuple(Move(e.seat, e.action) for e in self.entries))

    def _push(self, action: Action, reasons: tuple[Reason, ...] = ()) -> None:
        state = self.state
        seat = state.actor
        verdict = judge(state, action)
        self.states.append(apply(state, action))
        self.entries.append(HistoryEntry(seat, action, verdict, reasons))

    def _run_bots(self) -> None:
        make = BOTS.get(self.level, Standard)
        players = {seat: make(self.seed * 10 + seat) for seat in range(self.rules.players)}
        for _ in range(MAX_BOT_MOVES):
            state = self.state
            if state.phase is Phase.GAME_OVER or state.phase is Phase.HAND_OVER:
                return
            if state.actor == LEARNER:
                return
            view = observe(state, state.actor)
            if not view.legal:  # only a hand-made position can leave a player no move
                raise PositionError(f"seat {state.actor + 1} has no legal move in this position")
            decision = players[state.actor].decide(view)
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
        """What a standard player would do in the learner's seat, with its reasons."""
        return Standard(self.seed).decide(observe(self.state, LEARNER))
