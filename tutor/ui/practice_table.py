"""The practice hand on the card table: what the table is given, and what its intents do.

No Streamlit calls here: the page mounts the table and passes the intent it received, so the
whole path from a click to the engine's verdict is tested without a browser.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.engine.judge import judge
from tutor.engine.state import GameState, Phase
from tutor.engine.verdict import Verdict
from tutor.i18n import N_, Translator
from tutor.ui import attempts, progress
from tutor.ui.card_table.intents import (
    Intent,
    IntentError,
    IntentKind,
    Outcome,
    StagedGroup,
    parse_intent,
    resolve,
    staged_action,
)
from tutor.ui.card_table.model import (
    LogLine,
    ReplayFrame,
    TableInput,
    table_data,
    version_of,
)
from tutor.ui.card_table.wilds import wild_targets
from tutor.ui.practice import LEARNER, Practice
from tutor.ui.session import TutorSession
from tutor.words.describe import describe
from tutor.words.explain import explain_reason, explain_verdict, rule_statement, rule_title
from tutor.words.narrate import narrate

# Translators: {error} says what was wrong with a move the card table sent (technical detail).
REFUSED = N_("The table sent a move that cannot be used: {error}. Nothing was changed.")
STALE = N_("The table changed since you selected those cards. Select them again.")


def log_lines(practice: Practice, start: int, tr: Translator) -> tuple[LogLine, ...]:
    """The moves from entry ``start`` on, each told in words."""
    lines = []
    for index in range(start, len(practice.entries)):
        entry = practice.entries[index]
        text = narrate(practice.states[index], entry.action, practice.states[index + 1],
                       LEARNER, tr)
        lines.append(LogLine(entry.seat, text))
    return tuple(lines)


def table_input(learner: TutorSession, practice: Practice, tr: Translator) -> TableInput:
    """The live table: the last round in words, the computer moves since the learner's last
    move to be played out, the staged melds with the engine's preview."""
    state = practice.state
    start = practice.last_round_start()
    log = log_lines(practice, start, tr)
    mine = practice.last_learner_move()
    replay: tuple[ReplayFrame, ...] = ()
    if learner.replay_pending:  # once, right after the moves: not again after undo or a stage
        replay = tuple(ReplayFrame(practice.states[index + 1], practice.entries[index].seat,
                                   index - start + 1)
                       for index in range(max(mine + 1, start), len(practice.entries)))
    preview: Verdict | None = None
    action = staged_action(state.hands[LEARNER], tuple(learner.staged), state.phase)
    if action is not None and state.actor == LEARNER:
        try:
            preview = judge(state, action, seat=LEARNER)
        except TutorError:
            preview = None  # a staged group that no longer fits the hand: nothing to preview
    playing = state.actor == LEARNER and not state.hand_over
    hint = None
    if learner.hints and learner.hint_open and playing:
        decision = practice.hint()
        hint = (describe(decision.action, tr),
                tuple(dict.fromkeys(explain_reason(r, tr, "permit") for r in decision.reasons)))
    why: tuple[tuple[str, str, str], ...] = ()
    if learner.verdict is not None:
        why = tuple((rule, rule_title(rule, tr), rule_statement(rule, tr))
                    for rule in explain_verdict(learner.verdict, tr).rules)
    return TableInput(
        why=why,
        hint=hint,
        offer_hint=learner.hints and playing,
        can_undo=practice.last_learner_move() >= 0,
        can_redo=bool(practice.redo_stack),
        practice_tools=True,
        learner=LEARNER,
        open_hands=learner.open_hands,
        four_colour=learner.four_colour,
        moves=len(practice.entries),
        staged=tuple(learner.staged),
        preview=preview,
        verdict=learner.verdict,
        message=learner.table_message,
        choice=learner.table_choice,
        replay_verdict=(learner.replay_verdict[1] if learner.replay_verdict
                        and learner.replay_verdict[0] == learner.replay_run else None),
        log=log,
        replay=replay,
        replay_id=f"practice-{learner.replay_run}",
        pace_ms=learner.pace_ms,
    )


def history_input(learner: TutorSession, practice: Practice, moves: int) -> TableInput:
    """The table after ``moves`` moves, to look at only."""
    return TableInput(learner=LEARNER, open_hands=learner.open_hands,
                      four_colour=learner.four_colour, moves=moves, readonly=True)


def live_data(learner: TutorSession, practice: Practice, tr: Translator) -> dict[str, object]:
    return table_data(practice.state, tr, table_input(learner, practice, tr))


def history_data(learner: TutorSession, practice: Practice, moves: int, tr: Translator
                 ) -> dict[str, object]:
    state: GameState = practice.states[moves]
    return table_data(state, tr, history_input(learner, practice, moves))


def read_intent(learner: TutorSession, raw: object, tr: Translator, *, version: str,
                hand: tuple[Card, ...], staged: tuple[StagedGroup, ...], phase: Phase,
                state: GameState | None = None, seat: int = LEARNER
                ) -> tuple[Intent, Outcome] | None:
    """The intent the table sent and what it comes to, or None with the reason in
    ``learner.table_message`` (a selection made on another table, a malformed message).

    Given the position (``state``, the learner at ``seat``), wild cards selected alone go
    where the engine lets them (tutor.ui.card_table.wilds); when that is more than one meld,
    the question is kept in ``learner.table_choice`` for the table to ask. Any intent answers
    or closes the question asked before."""
    learner.table_choice = None
    if isinstance(raw, dict) and "version" in raw and raw.get("version") != version:
        learner.table_message = tr.gettext(STALE)
        return None
    targets = wild_targets(state, seat, staged) if state is not None else None
    try:
        intent = parse_intent(raw, version=version, hand_size=len(hand))
        outcome = resolve(intent, hand, staged, phase, targets)
    except IntentError as exc:
        learner.table_message = tr.format(tr.gettext(REFUSED), REFUSED, error=str(exc))
        return None
    if outcome.choice is not None:
        learner.table_choices += 1
        learner.table_choice = replace(outcome.choice, version=version,
                                       number=learner.table_choices)
    return intent, outcome


def turn_passed(practice: Practice, before: int, hand_number: int) -> bool:
    """The learner's move after entry ``before`` ended their turn (a discard, a pass, a new
    deal): what was said about that turn goes with it."""
    if practice.state.hand_number != hand_number or len(practice.states) <= before + 1:
        return True
    return practice.states[before + 1].turn != LEARNER


def after_legal_move(learner: TutorSession, practice: Practice, before: int,
                     hand_number: int) -> None:
    """What a legal move of the learner's (after entry ``before`` of hand ``hand_number``)
    changes around the table: the staging and an open history go, the computer players'
    answers are played out, and a turn that ended takes its verdict with it: shown while those
    moves play out, then the learner's new turn starts clear."""
    learner.staged.clear()
    learner.history_view = None
    learner.play_out_new_moves()
    if learner.verdict is not None and turn_passed(practice, before, hand_number):
        learner.replay_verdict = (learner.replay_run, learner.verdict)
        learner.verdict = None


def handle_intent(learner: TutorSession, raw: object, tr: Translator) -> None:
    """Carry out what the table sent: stage, take back, or have the engine judge a move. A
    message that cannot be used is reported and changes nothing."""
    practice = learner.practice
    learner.table_message = None
    if practice is None or raw is None:
        return
    learner.replay_verdict = None  # the moves it went with have been played out
    state = practice.state
    read = read_intent(learner, raw, tr, version=version_of(state, len(practice.entries)),
                       hand=state.hands[LEARNER], staged=tuple(learner.staged), phase=state.phase,
                       state=state)
    if read is None:
        learner.verdict = None  # one verdict area: the notice speaks now
        return
    intent, outcome = read
    learner.staged = list(outcome.staged)
    if intent.kind is IntentKind.HINT:
        learner.hint_open = not learner.hint_open
        return
    if intent.kind is IntentKind.CANCEL:
        return
    if outcome.message is not None or outcome.action is None:
        # a notice, the question where wild cards go, or the preview of the staged melds
        # speaks now: the verdict before it would contradict it
        learner.table_message = tr.gettext(outcome.message) if outcome.message else None
        learner.verdict = None
    if intent.kind in (IntentKind.UNDO, IntentKind.REDO):
        moved = practice.undo() if intent.kind is IntentKind.UNDO else practice.redo()
        if moved:
            learner.staged.clear()
        return
    if outcome.action is None:
        return
    before, hand_number = len(practice.entries), state.hand_number
    try:
        learner.verdict = practice.attempt(outcome.action)
    except TutorError as exc:
        learner.table_message = tr.format(tr.gettext(REFUSED), REFUSED, error=str(exc))
        return
    progress.note(learner, attempts.practice_attempt(state, learner.verdict))
    if learner.verdict.legal:
        after_legal_move(learner, practice, before, hand_number)
