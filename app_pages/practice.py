"""Practice: a hand against computer players, every move judged and explained by the engine."""

from functools import partial

import streamlit as st

from tutor.engine import Action, TutorError
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
from tutor.engine.view import observe
from tutor.explain import explain_reason, explain_verdict, rule_statement, rule_title
from tutor.i18n import N_
from tutor.ui import session
from tutor.ui.cards import back_html, short_label
from tutor.ui.labels import option_value_label, preset_label
from tutor.ui.practice import LEARNER, Practice
from tutor.ui.widgets import progression_chart, show_cards, show_melds, show_score, show_verdict

MAX_UPLOAD_BYTES = 2_000_000
learner = session.get()
tr = session.tr()
_ = tr.gettext


def new_hand() -> None:
    try:
        rules = rule_set(learner.preset, learner.options)
    except TutorError as exc:
        learner.message = str(exc)
        return
    learner.practice = Practice.start(rules, learner.seed)
    learner.staged.clear()
    learner.verdict = None
    learner.history_view = None
    st.session_state["hand_sel"] = []


def selected_cards() -> tuple[Card, ...]:
    assert learner.practice is not None
    hand = learner.practice.state.hands[LEARNER]
    picked = st.session_state.get("hand_sel") or []
    return tuple(hand[i] for i in picked if i < len(hand))


def attempt(action: Action) -> None:
    assert learner.practice is not None
    try:
        learner.verdict = learner.practice.attempt(action)
    except TutorError as exc:
        learner.message = str(exc)
        return
    if learner.verdict.legal:
        learner.staged.clear()
        learner.history_view = None
        st.session_state["hand_sel"] = []


def discard_selected() -> None:
    picked = selected_cards()
    if len(picked) == 1:
        attempt(Discard(picked[0]))
    else:
        learner.message = _(N_("Select exactly one card to discard."))


def stage() -> None:
    picked = list(st.session_state.get("hand_sel") or [])
    if picked:
        learner.staged.append(picked)
    st.session_state["hand_sel"] = []


def staged_meld() -> Meld | None:
    assert learner.practice is not None
    hand = learner.practice.state.hands[LEARNER]
    groups = [Group(sorted_cards(hand[i] for i in group if i < len(hand)))
              for group in learner.staged]
    groups = [g for g in groups if g.cards]
    return Meld(tuple(groups)) if groups else None


def undo() -> None:
    if learner.practice and learner.practice.undo():
        learner.verdict = None
        learner.staged.clear()
        st.session_state["hand_sel"] = []


def redo() -> None:
    if learner.practice and learner.practice.redo():
        learner.verdict = None
        st.session_state["hand_sel"] = []


def load_upload() -> None:
    upload = st.session_state.get("record_upload")
    if upload is None:
        return
    data = upload.getvalue()
    if len(data) > MAX_UPLOAD_BYTES:
        learner.message = _(N_("The file is too large."))
        return
    try:
        record = loads_record(data.decode("utf-8"))
        learner.practice = Practice.from_record(record)
    except (TutorError, UnicodeDecodeError) as exc:
        learner.message = _(N_("This game file cannot be used: {error}")).format(error=exc)
        return
    learner.preset = learner.practice.rules.preset
    learner.verdict = None


st.title(_(N_("Practice")))

# ----- settings ----------------------------------------------------------------------------------
params = st.query_params
if learner.practice is None:
    if params.get("seed", "").isdigit():
        learner.seed = int(params["seed"])
    if params.get("preset") in PRESET_NAMES:
        learner.preset = params["preset"]

# Expanders track their state, and their bodies are built only while open: a click elsewhere
# then does not rebuild settings, hint or history (the page stays quick).
settings = st.expander(_(N_("Game settings")), expanded=learner.practice is None, key="settings",
                       on_change="rerun")


def settings_body() -> None:
    cols = st.columns(3)
    learner.preset = cols[0].selectbox(_(N_("Rule set")), PRESET_NAMES,
                                       index=PRESET_NAMES.index(learner.preset), key="preset",
                                       format_func=lambda p: preset_label(p, tr))
    learner.seed = int(cols[1].number_input(_(N_("Deal number (share it to replay)")), 1, 10**6,
                                            learner.seed, key="seed"))
    cols[2].button(_(N_("Deal a new hand")), key="new_hand", on_click=new_hand, type="primary")
    base = rule_set(learner.preset)
    chosen: dict[str, str] = {}
    option_cols = st.columns(3)
    for index, spec in enumerate(base.applicable_options()):
        current = learner.options.get(spec.id, base.option_value(spec.id))
        value = option_cols[index % 3].selectbox(
            f"{spec.id} · {rule_title(spec.id, tr)}", spec.values,
            index=spec.values.index(current) if current in spec.values else 0,
            format_func=lambda v, option=spec.id: option_value_label(option, v, tr),
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


if settings.open:
    with settings:
        settings_body()

if learner.message:
    st.error(learner.message)
    learner.message = None

practice = learner.practice
if practice is None:
    st.info(_(N_("Choose a rule set and deal a hand.")))
    st.stop()

state = practice.state
if learner.history_view is not None and learner.history_view < len(practice.states) - 1:
    state = practice.states[learner.history_view]
    st.info(_(N_("You are looking at an earlier moment of the hand.")))
view = observe(state, LEARNER)
four = learner.four_colour

# ----- the table -------------------------------------------------------------------------------
st.caption(_(N_("Rules: {rules}")).format(rules=preset_label(state.rules.preset, tr)) + (
    " · " + ", ".join(f"{k}: {option_value_label(k, v, tr)}"
                      for k, v in sorted(state.rules.overrides().items()))
    if state.rules.overrides() else ""))
table = st.columns([3, 2])
with table[0]:
    for side in state.sides:
        names = ", ".join(
            _(N_("you")) if s == LEARNER else _(N_("seat {seat}")).format(seat=tr.number(s + 1))
            for s in side.seats)
        score_label = _(N_("score"))
        st.markdown(f"**{names}** · {score_label} {tr.number(state.scores[side.seats[0]])}")
        for seat in side.seats:
            if seat != LEARNER:
                if learner.open_hands:
                    show_cards(state.hands[seat], tr, four_colour=four, width=30)
                else:
                    count = len(state.hands[seat])
                    label = _(N_("seat {seat}")).format(seat=tr.number(seat + 1)) + ": " + \
                        tr.ngettext("{n} card", "{n} cards", count).format(n=tr.number(count))
                    st.markdown(back_html(20, label) + f" {label}", unsafe_allow_html=True)
            if state.threes[seat]:
                show_cards(state.threes[seat], tr, four_colour=four, width=30,
                           label=_(N_("Threes laid out")))
        show_melds(side.melds, tr, four_colour=four)
with table[1]:
    pile_label = _(N_("Discard pile"))
    st.markdown(f"**{pile_label}** · {tr.number(view.pile_size)}")
    if view.pile_top is not None:
        show_cards([view.pile_top], tr, four_colour=four, width=64)
    for reason in view.frozen_for_me:
        st.caption("❄ " + explain_reason(reason, tr))
    stock_label = _(N_("Stock: {n} cards")).format(n=tr.number(view.stock_size))
    st.markdown(stock_label)

# ----- the learner's hand and actions ------------------------------------------------------------
st.subheader(_(N_("Your hand")))
hand = state.hands[LEARNER]
st.pills(_(N_("Select cards")), list(range(len(hand))), selection_mode="multi",
         format_func=lambda i: short_label(hand[i]) if i < len(hand) else "?", key="hand_sel",
         label_visibility="collapsed")
chosen_cards = selected_cards()

live = learner.history_view is None
if live and state.phase.value in ("hand-over", "game-over"):
    if state.results:
        st.subheader(_(N_("Score of the hand")))
        show_score(state.results[-1], tr)
        totals: list[list[int]] = []
        running = [0] * len(state.sides)
        for result in state.results:
            running = [running[i] + result.credit(side.seats[0])
                       for i, side in enumerate(state.sides)]
            totals.append(list(running))
        if len(state.sides) == len(running):
            st.plotly_chart(progression_chart(totals, [", ".join(tr.number(seat + 1)
                                                                 for seat in s.seats)
                                                       for s in state.sides], tr),
                            key="progress_chart", config={"displayModeBar": False})
    if state.phase.value == "hand-over":
        st.button(_(N_("Deal the next hand")), key="next", on_click=attempt, args=(NextHand(),),
                  type="primary")
    else:
        st.success(_(N_("The game is over.")))
elif live:
    turn_text = (_(N_("Your turn.")) if state.actor == LEARNER
                 else _(N_("Waiting for seat {seat}.")).format(seat=state.actor + 1))
    st.markdown(turn_text)
    row = st.columns(6)
    row[0].button(_(N_("Draw")), key="draw", on_click=attempt, args=(Draw(),), shortcut="d")
    row[1].button(_(N_("Take the pile")), key="take", on_click=lambda: attempt(
        TakePile(sorted_cards(selected_cards()))))
    row[2].button(_(N_("Discard")), key="discard", on_click=discard_selected,
                  disabled=len(chosen_cards) != 1)
    row[3].button(_(N_("Stage as a meld")), key="stage", on_click=stage,
                  disabled=not chosen_cards)
    row[4].button(_(N_("Ask partner")), key="ask", on_click=attempt, args=(AskPartner(),))
    row[5].button(_(N_("Pass")), key="pass", on_click=attempt, args=(Pass(),))
    meld = staged_meld()
    if meld is not None:
        st.markdown(_(N_("Staged: {groups}")).format(groups=str(meld)[5:]))
        preview = judge(state, meld)
        explanation = explain_verdict(preview, tr)
        st.caption(_(N_("Preview: {headline}")).format(headline=explanation.headline))
        staged_row = st.columns(2)
        staged_row[0].button(_(N_("Lay the staged melds")), key="commit", on_click=attempt,
                             args=(meld,), type="primary")
        staged_row[1].button(_(N_("Clear the staged melds")), key="clear_staged",
                             on_click=learner.staged.clear)
    if state.phase.value == "answer" and state.actor == LEARNER:
        answer_row = st.columns(2)
        answer_row[0].button(_(N_("Answer yes")), key="yes", on_click=attempt,
                             args=(Answer(True),))
        answer_row[1].button(_(N_("Answer no")), key="no", on_click=attempt,
                             args=(Answer(False),))

if learner.verdict is not None:
    show_verdict(learner.verdict, tr, key="practice")

if learner.hints and live and state.actor == LEARNER and not state.hand_over:
    hint = st.expander(_(N_("Hint")), key="hint", on_change="rerun")
    if hint.open:
        with hint:
            decision = practice.hint()
            st.markdown(f"`{decision.action}`")
            for reason in decision.reasons:
                st.markdown(f"- {explain_reason(reason, tr, 'permit')}")

undo_row = st.columns(3)
undo_row[0].button(_(N_("Undo")), key="undo", on_click=undo, shortcut="u")
undo_row[1].button(_(N_("Redo")), key="redo", on_click=redo, disabled=not practice.redo_stack)
undo_row[2].download_button(_(N_("Download the game")), partial(dumps_record, practice.record()),
                            file_name=f"canasta-{learner.preset}-{learner.seed}.json",
                            mime="application/json", key="download")

# ----- history ---------------------------------------------------------------------------------
history = st.expander(_(N_("History of the hand")), key="history", on_change="rerun")
if not history.open:
    learner.history_view = None
elif practice.entries:
    with history:
        position = st.slider(_(N_("Move")), 0, len(practice.entries), len(practice.entries),
                             key="history_slider")
        learner.history_view = None if position == len(practice.entries) else position
        for number, entry in enumerate(practice.entries[-12:], start=max(
                1, len(practice.entries) - 11)):
            who = _(N_("you")) if entry.seat == LEARNER else _(N_("seat {seat}")).format(
                seat=tr.number(entry.seat + 1))
            if entry.reasons:  # a computer player's own reasons: "why did it do that?"
                lines = tuple(dict.fromkeys(explain_reason(r, tr, "permit")
                                            for r in entry.reasons))
            else:
                lines = explain_verdict(entry.verdict, tr).reasons
            st.markdown(f"{number}. **{who}**: `{entry.action}` — " + " ".join(lines))
