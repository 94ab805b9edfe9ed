"""Practice: a hand against computer players, every move judged and explained by the engine."""

from __future__ import annotations

from functools import partial

import streamlit as st

from tutor.engine import Action, GameState, TutorError
from tutor.engine.actions import (
    Answer,
    AskPartner,
    Discard,
    Draw,
    Group,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import Card, sorted_cards
from tutor.engine.judge import judge
from tutor.engine.records import dumps_record, loads_record
from tutor.engine.rules import OPTIONS_BY_ID, PRESET_NAMES, rule_set
from tutor.engine.state import Phase
from tutor.engine.view import observe
from tutor.explain import explain_reason, explain_verdict, rule_statement, rule_title
from tutor.i18n import N_, NP_, Translator
from tutor.ui import session
from tutor.ui.cards import short_label
from tutor.ui.labels import option_value_label, preset_label
from tutor.ui.practice import LEARNER, Practice
from tutor.ui.session import StagedGroup, TutorSession
from tutor.ui.table import seat_name, table_html
from tutor.ui.widgets import (
    TAKE_WITH_STAGED,
    chosen_target,
    progression_chart,
    show_score,
    show_verdict,
    wild_target_picker,
)

MAX_UPLOAD_BYTES = 2_000_000
# The computer players offered (keys of tutor.bots.BOTS), named as a kind of player.
LEVELS = {"standard": NP_("computer players", "standard"),
          "beginner": NP_("computer players", "beginner")}
SELECTION = "hand_sel"  # the widget key of the learner's selected cards (positions in the hand)
ONTO = "onto"  # the widget key of the meld that selected wild cards are laid onto


# ----- callbacks (run before the page, in the learner's session) --------------------------------

def new_hand() -> None:
    learner = session.get()
    try:
        rules = rule_set(learner.preset, learner.options)
    except TutorError as exc:
        learner.message = str(exc)
        return
    learner.practice = Practice.start(rules, learner.seed, learner.level)
    learner.staged.clear()
    learner.verdict = None
    learner.history_view = None
    st.session_state[SELECTION] = []


def selected_cards() -> tuple[Card, ...]:
    practice = session.get().practice
    assert practice is not None
    hand = practice.state.hands[LEARNER]
    picked = st.session_state.get(SELECTION) or []
    return tuple(hand[i] for i in picked if i < len(hand))


def attempt(action: Action) -> None:
    learner = session.get()
    assert learner.practice is not None
    try:
        learner.verdict = learner.practice.attempt(action)
    except TutorError as exc:
        learner.message = str(exc)
        return
    if learner.verdict.legal:
        learner.staged.clear()
        learner.history_view = None
        st.session_state[SELECTION] = []


def pile_take(learner: TutorSession, hand: tuple[Card, ...]) -> TakePile:
    """Taking the pile with the selected cards; staged melds go with it (an initial meld)."""
    meld = staged_meld(learner, hand)
    return TakePile(sorted_cards(selected_cards()), meld.groups if meld else ())


def take_pile() -> None:
    learner = session.get()
    assert learner.practice is not None
    attempt(pile_take(learner, learner.practice.state.hands[LEARNER]))


def discard_selected() -> None:
    picked = selected_cards()
    if len(picked) == 1:
        attempt(Discard(picked[0]))
    else:
        session.get().message = session.tr().gettext(N_("Select exactly one card to discard."))


def stage() -> None:
    """Stage the selected cards as one meld; a card already staged is not staged twice. Wild
    cards alone go onto the meld chosen for them, if any."""
    learner = session.get()
    assert learner.practice is not None
    hand = learner.practice.state.hands[LEARNER]
    taken = {index for group in learner.staged for index in group.positions}
    picked = tuple(index for index in st.session_state.get(SELECTION) or []
                   if index not in taken and index < len(hand))
    if picked:
        onto = chosen_target([hand[index] for index in picked], ONTO)
        learner.staged.append(StagedGroup(picked, onto))
    st.session_state[SELECTION] = []


def clear_staged() -> None:
    session.get().staged.clear()


def undo() -> None:
    learner = session.get()
    if learner.practice and learner.practice.undo():
        learner.verdict = None
        learner.staged.clear()
        st.session_state[SELECTION] = []


def redo() -> None:
    learner = session.get()
    if learner.practice and learner.practice.redo():
        learner.verdict = None
        learner.staged.clear()
        st.session_state[SELECTION] = []


def load_upload() -> None:
    learner = session.get()
    _ = session.tr().gettext
    upload = st.session_state.get("record_upload")
    if upload is None:
        return
    data = upload.getvalue()
    if len(data) > MAX_UPLOAD_BYTES:
        learner.message = _(N_("The file is too large."))
        return
    try:
        record = loads_record(data.decode("utf-8"))
        learner.practice = Practice.from_record(record, learner.level)
    except (TutorError, UnicodeDecodeError) as exc:
        learner.message = _(N_("This game file cannot be used: {error}")).format(error=exc)
        return
    learner.preset = learner.practice.rules.preset
    learner.verdict = None
    learner.history_view = None
    learner.staged.clear()
    st.session_state[SELECTION] = []


def staged_meld(learner: TutorSession, hand: tuple[Card, ...]) -> Meld | None:
    groups = [Group(sorted_cards(hand[i] for i in group.positions if i < len(hand)), group.onto)
              for group in learner.staged]
    groups = [g for g in groups if g.cards]
    return Meld(tuple(groups)) if groups else None


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    learner = session.get()
    tr = session.tr()
    st.title(tr.gettext(N_("Practice")))
    read_url(learner)
    # Expanders track their state, and their bodies are built only while open: a click
    # elsewhere then does not rebuild settings, hint or history (the page stays quick).
    settings = st.expander(tr.gettext(N_("Game settings")), expanded=learner.practice is None,
                           key="settings", on_change="rerun")
    if settings.open:
        with settings:
            settings_body(learner, tr)
    if learner.message:
        st.error(learner.message)
        learner.message = None
    practice = learner.practice
    if practice is None:
        st.info(tr.gettext(N_("Choose a rule set and deal a hand.")))
        return
    state = practice.state
    if learner.history_view is not None and learner.history_view < len(practice.states) - 1:
        state = practice.states[learner.history_view]
        st.info(tr.gettext(N_("You are looking at an earlier moment of the hand.")))
    show_table(learner, state, tr)
    live = learner.history_view is None
    if live and state.hand_over:
        end_of_hand(state, tr)
    elif live:
        actions(learner, state, tr)
    if learner.verdict is not None:
        show_verdict(learner.verdict, tr, key="practice")
    if learner.hints and live and state.actor == LEARNER and not state.hand_over:
        hint(practice, tr)
    undo_row(learner, practice, tr)
    history(learner, practice, tr)


def read_url(learner: TutorSession) -> None:
    """``?seed=`` and ``?preset=`` choose the first hand, so a deal can be shared."""
    params = st.query_params
    if learner.practice is None:
        if params.get("seed", "").isdigit():
            learner.seed = int(params["seed"])
        if params.get("preset") in PRESET_NAMES:
            learner.preset = params["preset"]


def settings_body(learner: TutorSession, tr: Translator) -> None:
    _ = tr.gettext
    cols = st.columns(3)
    learner.preset = cols[0].selectbox(_(N_("Rule set")), PRESET_NAMES,
                                       index=PRESET_NAMES.index(learner.preset), key="preset",
                                       format_func=lambda p: preset_label(p, tr))
    learner.seed = int(cols[1].number_input(_(N_("Deal number (share it to replay)")), 1, 10**6,
                                            learner.seed, key="seed"))
    cols[2].button(_(N_("Deal a new hand")), key="new_hand", on_click=new_hand, type="primary")
    learner.level = st.segmented_control(
        _(N_("Computer players")), list(LEVELS), default=learner.level, key="level",
        format_func=lambda level: tr.pgettext(*LEVELS[level])) or "standard"
    base = rule_set(learner.preset)
    chosen: dict[str, str] = {}
    option_cols = st.columns(3)
    for index, spec in enumerate(base.applicable_options()):
        current = learner.options.get(spec.id, base.option_value(spec.id))
        value = option_cols[index % 3].selectbox(
            f"{spec.id} · {rule_title(spec.id, tr)}", spec.values,
            index=spec.values.index(current) if current in spec.values else 0,
            format_func=partial(option_value_label, spec.id, tr=tr),
            key=f"opt-{learner.preset}-{spec.id}", help=rule_statement(spec.id, tr))
        if value != base.option_value(spec.id):
            chosen[spec.id] = value
    learner.options = {k: v for k, v in chosen.items() if k in OPTIONS_BY_ID}
    toggles = st.columns(3)
    learner.open_hands = toggles[0].toggle(_(N_("Show all hands")), learner.open_hands,
                                           key="open_hands")
    learner.four_colour = toggles[1].toggle(_(N_("Four-colour cards")), learner.four_colour,
                                            key="four_colour")
    learner.hints = toggles[2].toggle(_(N_("Hints")), learner.hints, key="hints")
    st.file_uploader(_(N_("Open a game file")), type=["json"], key="record_upload",
                     on_change=load_upload)


def show_table(learner: TutorSession, state: GameState, tr: Translator) -> None:
    """The rules in play, the table in one block, and the learner's hand to pick cards from."""
    overrides = state.rules.overrides()
    st.caption(tr.gettext(N_("Rules: {rules}")).format(rules=preset_label(state.rules.preset, tr))
               + (" · " + ", ".join(f"{k}: {option_value_label(k, v, tr)}"
                                    for k, v in sorted(overrides.items())) if overrides else ""))
    st.markdown(table_html(state, observe(state, LEARNER), tr, open_hands=learner.open_hands,
                           four_colour=learner.four_colour), unsafe_allow_html=True)
    st.subheader(tr.gettext(N_("Your hand")))
    hand = state.hands[LEARNER]
    st.pills(tr.gettext(N_("Select cards")), list(range(len(hand))), selection_mode="multi",
             format_func=lambda i: short_label(hand[i], four_colour=learner.four_colour)
             if i < len(hand) else "?", key=SELECTION,
             label_visibility="collapsed")


def end_of_hand(state: GameState, tr: Translator) -> None:
    """The itemized score of the hand, the game so far, and the way on."""
    _ = tr.gettext
    if state.results:
        st.subheader(_(N_("Score of the hand")))
        show_score(state.results[-1], tr)
        totals: list[list[int]] = []
        running = [0] * len(state.sides)
        for result in state.results:
            running = [running[i] + result.credit(side.seats[0])
                       for i, side in enumerate(state.sides)]
            totals.append(list(running))
        names = [", ".join(tr.number(seat + 1) for seat in side.seats) for side in state.sides]
        st.plotly_chart(progression_chart(totals, names, tr), key="progress_chart",
                        config={"displayModeBar": False})
    if state.phase is Phase.HAND_OVER:
        st.button(_(N_("Deal the next hand")), key="next", on_click=attempt, args=(NextHand(),),
                  type="primary")
    else:
        st.success(_(N_("The game is over.")))


def actions(learner: TutorSession, state: GameState, tr: Translator) -> None:
    """The learner's moves; each click is judged by the engine, legal or not."""
    _ = tr.gettext
    turn_text = (_(N_("Your turn.")) if state.actor == LEARNER
                 else _(N_("Waiting for seat {seat}.")).format(seat=tr.number(state.actor + 1)))
    st.markdown(turn_text)
    chosen = selected_cards()
    wild_target_picker(chosen, state.side_of(LEARNER).melds, tr, key=ONTO)
    row = st.container(horizontal=True)
    row.button(_(N_("Draw")), key="draw", on_click=attempt, args=(Draw(),), shortcut="d")
    row.button(_(N_("Take the pile")), key="take", on_click=take_pile)
    row.button(_(N_("Discard")), key="discard", on_click=discard_selected,
               disabled=len(chosen) != 1)
    row.button(_(N_("Stage as a meld")), key="stage", on_click=stage, disabled=not chosen)
    row.button(_(N_("Ask partner")), key="ask", on_click=attempt, args=(AskPartner(),))
    row.button(_(N_("Pass")), key="pass", on_click=attempt, args=(Pass(),))
    meld = staged_meld(learner, state.hands[LEARNER])
    if meld is not None:
        st.markdown(_(N_("Staged: {groups}")).format(groups=str(meld)[5:]))
        # Before drawing, staged melds can only go with the pile (an initial meld).
        before_drawing = state.phase is Phase.DRAW
        previewed: Action = pile_take(learner, state.hands[LEARNER]) if before_drawing else meld
        try:
            headline = explain_verdict(judge(state, previewed), tr).headline
        except TutorError as exc:  # e.g. the hand changed since the cards were staged
            headline = str(exc)
        st.caption(_(N_("Preview: {headline}")).format(headline=f"`{previewed}` · {headline}"))
        if before_drawing:
            st.caption(_(TAKE_WITH_STAGED))
        staged_row = st.container(horizontal=True)
        if before_drawing:
            staged_row.button(_(N_("Take the pile with the staged melds")), key="commit",
                              on_click=take_pile, type="primary")
        else:
            staged_row.button(_(N_("Lay the staged melds")), key="commit", on_click=attempt,
                              args=(meld,), type="primary")
        staged_row.button(_(N_("Clear the staged melds")), key="clear_staged",
                          on_click=clear_staged)
    if state.phase is Phase.ANSWER and state.actor == LEARNER:
        answer_row = st.container(horizontal=True)
        answer_row.button(_(N_("Answer yes")), key="yes", on_click=attempt, args=(Answer(True),))
        answer_row.button(_(N_("Answer no")), key="no", on_click=attempt, args=(Answer(False),))


def hint(practice: Practice, tr: Translator) -> None:
    """What a standard player would do here, built only while the hint is open."""
    box = st.expander(tr.gettext(N_("Hint")), key="hint", on_change="rerun")
    if box.open:
        with box:
            decision = practice.hint()
            st.markdown(f"`{decision.action}`")
            for reason in decision.reasons:
                st.markdown(f"- {explain_reason(reason, tr, 'permit')}")


def undo_row(learner: TutorSession, practice: Practice, tr: Translator) -> None:
    _ = tr.gettext
    row = st.container(horizontal=True)
    row.button(_(N_("Undo")), key="undo", on_click=undo, shortcut="u")
    row.button(_(N_("Redo")), key="redo", on_click=redo, disabled=not practice.redo_stack)
    row.download_button(_(N_("Download the game")), partial(dumps_record, practice.record()),
                        file_name=f"canasta-{learner.preset}-{learner.seed}.json",
                        mime="application/json", key="download")


def history(learner: TutorSession, practice: Practice, tr: Translator) -> None:
    """The hand move by move with each move's reasons; the slider shows an earlier moment."""
    box = st.expander(tr.gettext(N_("History of the hand")), key="history", on_change="rerun")
    if not box.open:
        learner.history_view = None
        return
    if not practice.entries:
        return
    with box:
        count = len(practice.entries)
        position = st.slider(tr.gettext(N_("Move")), 0, count, count, key="history_slider")
        learner.history_view = None if position == count else position
        for number, entry in enumerate(practice.entries[-12:], start=max(1, count - 11)):
            if entry.reasons:  # a computer player's own reasons: "why did it do that?"
                lines = tuple(dict.fromkeys(explain_reason(r, tr, "permit")
                                            for r in entry.reasons))
            else:
                lines = explain_verdict(entry.verdict, tr).reasons
            who = seat_name(entry.seat, tr)
            st.markdown(f"{number}. **{who}**: `{entry.action}` — " + " ".join(lines))
