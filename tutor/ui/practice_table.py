"""The practice hand on the card table: what the table is given, and what its clicks do.

No Streamlit calls here: the page mounts the table and passes the intent it received, so the
whole path from a click to the engine's verdict is tested without a browser. The click itself
goes the one way every table's does (tutor.ui.table_intents); a move is played by
:func:`play_move`, the one place that says what a learner's move changes around the table.
"""

from __future__ import annotations

from functools import partial

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.engine.judge import judge
from tutor.engine.state import GameState
from tutor.engine.verdict import Verdict
from tutor.i18n import Translator
from tutor.ui import attempts, progress, table_intents
from tutor.ui.card_table.intents import IntentKind, staged_action
from tutor.ui.card_table.model import (
    LogLine,
    ReplayFrame,
    TableInput,
    table_data,
    version_of,
)
from tutor.ui.practice import LEARNER, Practice
from tutor.ui.session import TutorSession
from tutor.ui.table_intents import Spot
from tutor.words.describe import describe
from tutor.words.explain import explain_reason
from tutor.words.narrate import narrate_line

TABLE = "table"  # the practice table's key (the component's and its TableState's)


def log_lines(practice: Practice, start: int, tr: Translator) -> tuple[LogLine, ...]:
    """The moves from entry ``start`` on, each told in words."""
    lines = []
    for index in range(start, len(practice.entries)):
        entry = practice.entries[index]
        before, after = practice.states[index], practice.states[index + 1]
        text, rules = narrate_line(before, entry.action, after, LEARNER, tr)
        lines.append(LogLine(entry.seat, text, rules))
    return tuple(lines)


def table_input(session: TutorSession, practice: Practice, tr: Translator) -> TableInput:
    """The live table: the last round in words, the computer moves since the learner's last
    move to be played out, the staged melds with the engine's preview."""
    state = practice.state
    table = session.table(TABLE)
    start = practice.last_round_start()
    log = log_lines(practice, start, tr)
    mine = practice.last_learner_move()
    replay: tuple[ReplayFrame, ...] = ()
    if session.replay_pending:  # once, right after the moves: not again after undo or a stage
        replay = tuple(ReplayFrame(practice.states[index + 1], practice.entries[index].seat,
                                   index - start + 1)
                       for index in range(max(mine + 1, start), len(practice.entries)))
    preview: Verdict | None = None
    action = staged_action(state.hands[LEARNER], table.staged, state.phase)
    if action is not None and state.actor == LEARNER:
        try:
            preview = judge(state, action, seat=LEARNER)
        except TutorError:
            preview = None  # a staged group that no longer fits the hand: nothing to preview
    playing = state.actor == LEARNER and not state.hand_over
    hint = None
    if session.hints and session.hint_open and playing:
        decision = practice.hint()
        hint = (describe(decision.action, tr, state.rules.draw_count),
                tuple(dict.fromkeys(explain_reason(r, tr, "permit") for r in decision.reasons)))
    return TableInput(
        why=True,
        hint=hint,
        offer_hint=session.hints and playing,
        can_undo=mine >= 0,
        can_redo=bool(practice.redo_stack),
        practice_tools=True,
        learner=LEARNER,
        open_hands=session.open_hands,
        four_colour=session.four_colour,
        moves=len(practice.entries),
        staged=table.staged,
        preview=preview,
        verdict=session.verdict,
        message=table.message,
        choice=table.choice,
        replay_verdict=(session.replay_verdict[1] if session.replay_verdict
                        and session.replay_verdict[0] == session.replay_run else None),
        log=log,
        replay=replay,
        replay_id=f"practice-{session.replay_run}",
        pace_ms=session.pace_ms,
    )


def history_input(session: TutorSession, moves: int) -> TableInput:
    """The table after ``moves`` moves, to look at only."""
    return TableInput(learner=LEARNER, open_hands=session.open_hands,
                      four_colour=session.four_colour, moves=moves, readonly=True)


def live_data(session: TutorSession, practice: Practice, tr: Translator) -> dict[str, object]:
    return table_data(practice.state, tr, table_input(session, practice, tr))


def history_data(session: TutorSession, practice: Practice, moves: int, tr: Translator
                 ) -> dict[str, object]:
    state: GameState = practice.states[moves]
    return table_data(state, tr, history_input(session, moves))


def start(session: TutorSession, practice: Practice) -> None:
    """A game on the table (dealt, opened from a file or from a lesson's end): its computer
    moves to be played out, and nothing of the game before left on the table."""
    session.practice = practice
    session.play_out_new_moves()
    session.tables[TABLE] = session.table(TABLE).cleared()
    session.verdict = None
    session.history_view = None


def turn_passed(practice: Practice, before: int, hand_number: int) -> bool:
    """The learner's move after entry ``before`` ended their turn (a discard, a pass, a new
    deal): what was said about that turn goes with it."""
    if practice.state.hand_number != hand_number or len(practice.states) <= before + 1:
        return True
    return practice.states[before + 1].turn != LEARNER


def play_move(session: TutorSession, action: Action) -> Verdict:
    """The learner's move, from the table, the typed field or the page's own button: judged
    and, when legal, played, with what that changes around the table: the attempt goes to the
    store (dealing the next hand exercises nothing), the staging and an open history go, the
    computer players' answers are played out, and a turn that ended takes its verdict with it
    (shown while those moves play out, then the learner's new turn starts clear). A move the
    engine cannot take at all raises ``TutorError`` and changes nothing."""
    practice = session.practice
    assert practice is not None
    before = practice.state
    moves = len(practice.entries)
    verdict = practice.attempt(action)
    session.verdict = verdict
    if not before.hand_over:
        progress.note(session, attempts.practice_attempt(before, verdict))
    if verdict.legal:
        table_intents.drop_staged(session.tables, TABLE)
        session.history_view = None
        session.play_out_new_moves()
        if turn_passed(practice, moves, before.hand_number):
            session.replay_verdict = (session.replay_run, verdict)
            session.verdict = None
    return verdict


def handle_intent(session: TutorSession, raw: object, tr: Translator) -> None:
    """Carry out what the table sent: stage, take back, the hint, undo and redo, or a move for
    the engine to judge. A message that cannot be used is reported and changes nothing."""
    practice = session.practice
    if practice is None or raw is None:
        table_intents.shown(session.tables, TABLE)
        return
    session.replay_verdict = None  # the moves it went with have been played out
    state = practice.state
    at = Spot(state, LEARNER, version_of(state, len(practice.entries)))

    def silence() -> None:
        session.verdict = None

    click = table_intents.handle(session.tables, TABLE, raw, at, tr, silence=silence,
                                 play=partial(play_move, session))
    if click.kind is IntentKind.HINT:
        session.hint_open = not session.hint_open
    elif click.kind in (IntentKind.UNDO, IntentKind.REDO):
        moved = practice.undo() if click.kind is IntentKind.UNDO else practice.redo()
        if moved:
            table_intents.drop_staged(session.tables, TABLE)
