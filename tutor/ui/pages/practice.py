"""Practice: a hand against computer players, every move judged and explained by the engine."""

from __future__ import annotations

from functools import partial

import streamlit as st

from tutor.engine import Action, GameState, TutorError
from tutor.engine.actions import NextHand
from tutor.engine.records import dumps_record, loads_record
from tutor.engine.rules import OPTIONS_BY_ID, PRESET_NAMES, rule_set
from tutor.engine.state import Phase
from tutor.i18n import N_, NN_, Translator
from tutor.ui import card_table, file_picker, practice_table, progress, table_intents
from tutor.ui import session as sessions
from tutor.ui.coach import player_settings, review_panel, with_seating
from tutor.ui.labels import CHOOSE, option_value_label, preset_label
from tutor.ui.library import lessons
from tutor.ui.practice import LEARNER, Practice, error_text
from tutor.ui.score_view import state_lines
from tutor.ui.session import TutorSession
from tutor.ui.text import escape_markdown
from tutor.ui.typed_move import (
    TypedAnswer,
    read_typed,
    rules_caption,
    verdict_answer,
    with_note,
)
from tutor.ui.widgets import show_game, show_score
from tutor.words.explain import (
    explain_score,
    move_reasons,
    rule_statement,
    rule_title,
)
from tutor.words.narrate import narrate
from tutor.words.seats import Perspective

MAX_UPLOAD_BYTES = 2_000_000
MAX_SEED = 10**6  # deal numbers offered in the settings
# Translators: a shared link's deal number was not one; {max} is the largest deal number.
BAD_SEED = N_("The deal number in the link must be a whole number from 1 to {max}.")
TABLE = practice_table.TABLE  # the card table's key
# How long each computer move stays on the table before the next (milliseconds).
PACES = {
    # Translators: a pace of the computer players' moves (a setting): no pause between them.
    0: N_("at once"),
    # Translators: a pace of the computer players' moves (a setting): a short pause.
    400: N_("fast"),
    # Translators: a pace of the computer players' moves (a setting): the usual pause.
    900: N_("normal"),
    # Translators: a pace of the computer players' moves (a setting): a long pause.
    1600: N_("slow"),
}
# Translators: the history stepper; {n} is the move shown, {total} the moves so far.
MOVE_N = NN_("Move {n} of {total}", "Move {n} of {total}")
# Translators: the last line of a house rule's help in the practice settings, for teachers; {rule}
# the rule's id in RULES.md, e.g. "V-C1".
RULE_ID = N_("Rule id (for teachers): {rule}")
# Translators: under the practice table, a house rule in force: {rule} its title, e.g. "Limit on
# wild cards", {value} the value chosen, e.g. "never more wild than natural cards".
RULE_VALUE = N_("{rule}: {value}")
TYPED_ANSWER = "typed_answer"  # the answer to the last typed move, shown once under the field
# Translators: {error} says in words what is wrong in an opened game file.
CANNOT_USE = N_("This game file cannot be used: {error}")
MAX_ERROR = 300  # characters of an error's message quoted from a file (in the details fold)
# Translators: under the table once a later hand has begun and nothing of it can be undone yet.
THIS_HAND_ONLY = N_("Undo and the history go back to the start of this hand only; the game "
                    "file keeps every hand.")


# ----- callbacks (run before the page, in the learner's session) --------------------------------

def new_hand() -> None:
    session = sessions.get()
    try:
        rules = rule_set(session.preset, session.options)
    except TutorError as exc:
        session.message = str(exc)
        return
    practice_table.start(session, Practice.start(rules, session.seed, session.level))


def attempt(action: Action) -> None:
    """A move from the page (the next deal, a typed move): played as a click on the table is
    (tutor.ui.practice_table.play_move); a move the engine cannot take is said above it."""
    session = sessions.get()
    try:
        verdict = practice_table.play_move(session, action)
    except TutorError as exc:
        say_error(session, error_text(exc, sessions.tr()), exc)
        return
    if verdict.legal:
        refresh_history()


def on_table_intent() -> None:
    """The card table's click: an intent with the learner's selection (tutor.ui.practice_table).

    The table lives in a fragment, so a click reruns only the table and what depends on it; the
    rest of the page is rebuilt only when a move changed it (an open history)."""
    session = sessions.get()
    practice = session.practice
    moves = len(practice.entries) if practice else 0
    practice_table.handle_intent(session, card_table.sent_intent(TABLE), sessions.tr())
    if practice is not None and len(practice.entries) != moves:
        refresh_history()


def refresh_history() -> None:
    """An open history lies outside the table's fragment: rebuild the page when a move
    changed it."""
    if st.session_state.get("history"):
        sessions.get().refresh_page = True


def play_typed() -> None:
    """The advanced field: a move in notation, for teachers and for moves the table lacks. A
    move that can be read is judged like a click and answered with the engine's verdict; text
    that is no move, or cards not held, get an answer in words (tutor.ui.typed_move)."""
    session = sessions.get()
    tr = sessions.tr()
    practice = session.practice
    if practice is None:
        return
    text = str(st.session_state.get("typed_move") or "")[:500]
    typed = read_typed(practice.state, text, LEARNER, tr)
    if typed.action is None:
        st.session_state[TYPED_ANSWER] = typed.answer
        return
    before = session.verdict
    attempt(typed.action)
    verdict = session.verdict  # a new verdict, unless the engine refused the move outright
    own = Perspective(LEARNER, LEARNER, practice.rules.players)
    st.session_state[TYPED_ANSWER] = (with_note(verdict_answer(verdict, tr, own), typed.answer)
                                      if verdict is not None and verdict is not before else None)


def step_history(where: str) -> None:
    """The history stepper: first, back, forward, last over the hand's moves."""
    session = sessions.get()
    practice = session.practice
    if practice is None:
        return
    last = len(practice.entries)
    current = last if session.history_view is None else session.history_view
    target = {"first": 0, "back": current - 1, "forward": current + 1, "last": last}[where]
    target = max(0, min(last, target))
    session.history_view = None if target == last else target


def load_upload() -> None:
    """The game file the picker sent (read by its JavaScript, checked here)."""
    session, tr = sessions.get(), sessions.tr()
    try:
        sent = file_picker.sent_file("record_upload", MAX_UPLOAD_BYTES)
    except file_picker.BadFile:
        session.message = tr.gettext(N_("That is not a game file."))
        return
    if sent is None:
        return
    if sent.data is None:
        session.message = tr.gettext(N_("The file is too large."))
        return
    load_game_file(session, sent.data, tr)


def load_game_file(session: TutorSession, data: bytes, tr: Translator) -> None:
    """Open a game file: the game goes on from it, or a short message says why it cannot, and
    the game being played stays exactly as it was (nothing is changed before the file is read,
    replayed and checked)."""
    if len(data) > MAX_UPLOAD_BYTES:
        session.message = tr.gettext(N_("The file is too large."))
        return
    try:
        practice = Practice.from_record(loads_record(data), session.level)
        for result in practice.state.results:  # the scores it brings are told in words later
            explain_score(result, tr, LEARNER, practice.rules.players)
    except TutorError as exc:
        say_error(session, tr.format(tr.gettext(CANNOT_USE), CANNOT_USE,
                                     error=error_text(exc, tr)), exc)
        return
    session.preset = practice.rules.preset
    practice_table.start(session, practice)


def say_error(session: TutorSession, text: str, exc: TutorError) -> None:
    """An error in words above the table, once; the engine's message (which may name fields
    and seats by number) goes in a fold for teachers."""
    details = str(exc)
    session.message = text
    session.details = (text, details if len(details) <= MAX_ERROR
                       else details[: MAX_ERROR - 1] + "…")


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    session = sessions.get()
    tr = sessions.tr()
    st.title(tr.gettext(N_("Practice")))
    read_url(session)
    progress.resume_practice(session)
    progress.resumed_notice(tr)
    # Expanders track their state, and their bodies are built only while open: a click
    # elsewhere then does not rebuild settings, hint or history (the page stays quick).
    # Translators: the heading of the practice game's settings.
    settings = st.expander(tr.gettext("Game settings"), expanded=session.practice is None,
                           key="settings", on_change="rerun")
    if settings.open:
        with settings:
            settings_body(session, tr)
    show_message(session, tr)
    practice = session.practice
    if practice is None:
        st.info(tr.gettext(N_("Choose a rule set and deal a hand.")))
        return
    play_area()
    download_row(session, practice, tr)
    history(session, practice, tr)
    advanced(tr)


@st.fragment
def play_area() -> None:
    """The table (with the verdict's rules, the hint, undo and redo on it) and the score: what a
    move changes. A fragment, so a click on the table reruns only this."""
    session = sessions.get()
    tr = sessions.tr()
    practice = session.practice
    if session.refresh_page:  # a move changed the page around the table too
        session.refresh_page = False
        st.rerun(scope="app")
    show_message(session, tr)  # a problem met during this fragment's own run
    if practice is None:
        return
    looking_back = (session.history_view is not None
                    and session.history_view < len(practice.entries))
    if looking_back:
        assert session.history_view is not None
        data = practice_table.history_data(session, practice, session.history_view, tr)
    else:
        data = practice_table.live_data(session, practice, tr)
        session.replay_pending = False  # played out once, not again on the next rerun
    table_intents.shown(session.tables, TABLE)  # the notice is said once, on the table
    card_table.mount(data, key=TABLE, on_intent=on_table_intent)
    show_rules_in_play(practice.state, tr)  # below the table: the hand and the pile fit above
    if practice.undo_stops_at_hand_start and not looking_back:
        st.caption(tr.gettext(THIS_HAND_ONLY))
    state = practice.state
    if not looking_back and state.hand_over:
        end_of_hand(state, tr)
    progress.flush(session)  # a table click reruns only this fragment: keep its move here


def show_message(session: TutorSession, tr: Translator) -> None:
    """The problem to say once, as plain text (it may quote a file or a typed move), and the
    engine's own message under it for teachers."""
    if session.message:
        st.error(escape_markdown(session.message))
        if session.details and session.details[0] == session.message:
            # Translators: a fold under an error: the engine's own message, for teachers.
            with st.expander(tr.gettext("Details (for teachers)")):
                st.code(session.details[1], language=None)
    session.message = None
    session.details = None


def read_url(session: TutorSession) -> None:
    """``?seed=`` and ``?preset=`` choose the first hand, so a deal can be shared."""
    params = st.query_params
    if session.practice is None:
        seed = params.get("seed", "")
        if seed.isascii() and seed.isdigit() and len(seed) <= 7 and 1 <= int(seed) <= MAX_SEED:
            session.seed = int(seed)
        elif seed:
            session.message = sessions.tr().format(
                sessions.tr().gettext(BAD_SEED), BAD_SEED, max=MAX_SEED)
        if params.get("preset") in PRESET_NAMES:
            session.preset = params["preset"]


def settings_body(session: TutorSession, tr: Translator) -> None:
    _ = tr.gettext
    cols = st.columns(3)
    # Translators: a setting: which rules (Classic, Modern, ...) the practice game uses.
    session.preset = cols[0].selectbox(_("Rule set"), PRESET_NAMES,
                                       index=PRESET_NAMES.index(session.preset), key="preset",
                                       format_func=lambda p: preset_label(p, tr),
                                       placeholder=tr.gettext(CHOOSE))
    session.seed = int(cols[1].number_input(_(N_("Deal number (share it to replay)")), 1, MAX_SEED,
                                            session.seed, key="seed"))
    # The partner and the adviser chosen play from the deal's first move (tutor.ui.coach).
    cols[2].button(_(N_("Deal a new hand")), key="new_hand", on_click=with_seating(new_hand),
                   type="primary")
    # Translators: a setting: which kind of computer players to play against.
    player_settings(session, tr, _("Computer players"))
    house_rules(session, tr)
    toggles = st.columns(3)
    session.open_hands = toggles[0].toggle(_(N_("Show all hands")), session.open_hands,
                                           key="open_hands")
    # Translators: a setting: suits in four colours instead of red and black.
    session.four_colour = toggles[1].toggle(_("Four-colour cards"), session.four_colour,
                                            key="four_colour")
    # Translators: a setting: show hints during the practice game.
    session.hints = toggles[2].toggle(_("Hints"), session.hints, key="hints")
    # Translators: under the field that opens a game file; the file's kind and largest size.
    note = _("A game file (JSON) of at most 2 MB, saved from the command line or this app.")
    # Translators: the button that opens the browser's file chooser.
    button = _("Choose a file")
    file_picker.pick(_(N_("Open a game file")), button, note, key="record_upload",
                     accept=".json,application/json", max_bytes=MAX_UPLOAD_BYTES,
                     on_file=with_seating(load_upload))
    session.pace_ms = st.select_slider(
        _(N_("Pace of the computer players")), list(PACES), value=session.pace_ms
        if session.pace_ms in PACES else 900, key="pace",
        format_func=lambda ms: tr.gettext(PACES[ms]))


def house_rules(session: TutorSession, tr: Translator) -> None:
    """The preset's house rules, folded away under "House rules": a newcomer plays the preset
    as it is. Each is named by its title in words; its statement and id (for teachers) are in
    its help. Built only while open; closed, the options chosen stay as they were."""
    base = rule_set(session.preset)
    specs = base.applicable_options()
    applicable = {spec.id for spec in specs}
    # Translators: the folded part of the practice settings with the house-rule options.
    box = st.expander(tr.gettext("House rules"), key="house_rules", on_change="rerun")
    if not box.open:
        session.options = {k: v for k, v in session.options.items() if k in applicable}
        return
    chosen: dict[str, str] = {}
    with box:
        option_cols = st.columns(3)
        for index, spec in enumerate(specs):
            current = session.options.get(spec.id, base.option_value(spec.id))
            value = option_cols[index % 3].selectbox(
                rule_title(spec.id, tr), spec.values,
                index=spec.values.index(current) if current in spec.values else 0,
                format_func=partial(option_value_label, spec.id, tr=tr),
                key=f"opt-{session.preset}-{spec.id}", help=option_help(spec.id, tr),
                placeholder=tr.gettext(CHOOSE))
            if value != base.option_value(spec.id):
                chosen[spec.id] = value
    session.options = {k: v for k, v in chosen.items() if k in OPTIONS_BY_ID}


def option_help(option: str, tr: Translator) -> str:
    """A house rule's statement, then its id for teachers (the id nowhere else)."""
    return (escape_markdown(rule_statement(option, tr)) + "\n\n"
            + escape_markdown(tr.format(tr.gettext(RULE_ID), RULE_ID, rule=option)))


def show_rules_in_play(state: GameState, tr: Translator) -> None:
    """Under the table: the rule set and the house rules changed, by their titles in words
    (their ids in the caption's help, for teachers)."""
    overrides = state.rules.overrides()
    # Translators: under the practice table; {rules} the rule set's name, e.g. "Classic Canasta".
    text = tr.gettext("Rules: {rules}").format(rules=preset_label(state.rules.preset, tr))
    if overrides:
        text += " · " + " · ".join(
            tr.format(tr.gettext(RULE_VALUE), RULE_VALUE, rule=rule_title(k, tr),
                      value=option_value_label(k, v, tr)) for k, v in sorted(overrides.items()))
    st.caption(escape_markdown(text), help=" · ".join(sorted(overrides)) or None)


def end_of_hand(state: GameState, tr: Translator) -> None:
    """The itemized score of the hand, the way on, the coach's review of the hand (the
    expert's look at the learner's decisions, tutor.ui.coach) and the game so far."""
    _ = tr.gettext
    session = sessions.get()
    if state.results:
        st.subheader(_(N_("Score of the hand")))
        show_score(state.results[-1], LEARNER, state.players, tr, key="hand_score")
    if state.phase is Phase.HAND_OVER:
        st.button(_(N_("Deal the next hand")), key="next", on_click=attempt, args=(NextHand(),),
                  type="primary")
    else:
        st.success(_(N_("The game is over.")))
    lesson_hand_played(session, tr)
    review_panel(session, tr, four_colour=session.four_colour)
    if state.results:
        # Translators: a heading under a hand's score: the game's scores hand by hand.
        st.subheader(_("The game so far"))
        show_game(state_lines(state, LEARNER, tr), state.rules, tr, key="progress_chart",
                  over=state.phase is Phase.GAME_OVER)


def lesson_hand_played(session: TutorSession, tr: Translator) -> None:
    """A hand dealt from a lesson's play step is over: the step is done, and the way back to
    the lesson is offered beside the coach's review."""
    if session.lesson_hand is None:
        return
    lesson_id, step_id = session.lesson_hand
    session.progress.setdefault(lesson_id, set()).add(step_id)
    # Translators: on the Practice page after a hand started from a lesson; the coach's review
    # of the hand follows.
    st.info(tr.gettext("That was a whole hand: the lesson step is done. Review your "
                       "decisions with the coach below, then go back to the lesson."))
    # Translators: a button after a hand started from a lesson: back to that lesson.
    if st.button(tr.gettext("Back to the lesson"), key="back-to-lesson",
                 icon=":material/school:"):
        session.lesson_hand = None
        lesson = lessons().get(lesson_id)
        number = next((i for i, s in enumerate(lesson.steps) if s.id == step_id), 0) + 1 \
            if lesson is not None else 1
        st.switch_page("app_pages/learn.py", query_params={
            "lang": session.lang, "lesson": lesson_id, "step": str(number)})


def download_row(session: TutorSession, practice: Practice, tr: Translator) -> None:
    """The game as a file. Undo, redo and the hint are on the table itself."""
    # Read when clicked, so moves made on the table since this row was drawn are in the file.
    st.download_button(tr.gettext(N_("Download the game")),
                       lambda: dumps_record(practice.record()),
                       file_name=f"canasta-{session.preset}-{session.seed}.json",
                       mime="application/json", key="download")


def history(session: TutorSession, practice: Practice, tr: Translator) -> None:
    """The hand as a stepper: the table shows the position after the move named, with that
    move in words and its reasons (a computer player's own reasons: "why did it do that?")."""
    _ = tr.gettext
    box = st.expander(_(N_("History of the hand")), key="history", on_change="rerun")
    if not box.open:
        session.history_view = None
        return
    with box:
        count = len(practice.entries)
        shown = count if session.history_view is None else session.history_view
        row = st.container(horizontal=True)
        # Translators: a button of the game's history: the first move.
        row.button(_("First"), key="hist_first", on_click=step_history, args=("first",),
                   disabled=shown == 0, icon=":material/first_page:")
        row.button(_(N_("Back")), key="hist_back", on_click=step_history, args=("back",),
                   disabled=shown == 0, icon=":material/chevron_left:")
        # Translators: a button of the game's history: the next move.
        row.button(_("Forward"), key="hist_forward", on_click=step_history,
                   args=("forward",), disabled=shown == count, icon=":material/chevron_right:")
        # Translators: a button of the game's history: the last (current) move.
        row.button(_("Last"), key="hist_last", on_click=step_history, args=("last",),
                   disabled=shown == count, icon=":material/last_page:")
        if practice.earlier:
            st.caption(_(THIS_HAND_ONLY))
        if shown == 0:
            st.markdown(_(N_("The deal: no move yet.")))
            return
        entry = practice.entries[shown - 1]
        text = narrate(practice.states[shown - 1], entry.action, practice.states[shown],
                       LEARNER, tr)
        st.markdown(escape_markdown(tr.format(tr.ngettext(*MOVE_N, count), MOVE_N[count != 1],
                                              n=shown, total=count))
                    + "  \n**" + escape_markdown(text) + "**")
        # Told for the seat that moved: "their side", never "your side" about another seat.
        perspective = Perspective(entry.seat, LEARNER, practice.rules.players)
        lines = tuple(dict.fromkeys(
            told.text for told in move_reasons(entry.verdict, entry.reasons, tr, perspective)))
        for line in lines:
            st.markdown(f"- {escape_markdown(line)}")


def advanced(tr: Translator) -> None:
    """A typed move in notation, for teachers and for any move the table cannot yet make; its
    answer is shown here, where it was typed (and a verdict on the table too)."""
    box = st.expander(tr.gettext(N_("Advanced: type a move")), key="advanced",
                      on_change="rerun")
    if box.open:
        with box:
            st.text_input(tr.gettext(N_("Move in notation (for example: meld KH KS 2C)")),
                          key="typed_move", max_chars=500)
            st.button(tr.gettext(N_("Play this move")), key="play_typed", on_click=play_typed)
            answer = st.session_state.pop(TYPED_ANSWER, None)
            if isinstance(answer, TypedAnswer):
                show = st.success if answer.legal else st.error
                show(escape_markdown(answer.text))  # may quote the typed text
                if answer.rules:
                    st.caption(escape_markdown(rules_caption(answer, tr)),
                               help=" · ".join(answer.rules))
