"""Learn: the lessons grouped by rule family, and a player that shows one step at a time.

Deep links: ``?lesson=<id>&step=<n>&lang=<code>`` open exactly that step.
"""

from __future__ import annotations

import streamlit as st

from tutor.engine.actions import Action, AskPartner, Discard, Draw, Group, Meld, Pass, TakePile
from tutor.engine.cards import Card, sorted_cards
from tutor.engine.rules import Family
from tutor.engine.state import Phase
from tutor.i18n import N_, Translator
from tutor.lessons.answers import judge_move
from tutor.lessons.load import load_all
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import choice_label, move_feedback, quiz_feedback, say
from tutor.ui import session
from tutor.ui.cards import short_label
from tutor.ui.session import TutorSession
from tutor.ui.widgets import (
    TAKE_WITH_STAGED,
    chosen_target,
    show_cards,
    show_rules,
    wild_target_picker,
)

FAMILIES = ((Family.CLASSIC, N_("Classic Canasta")),
            (Family.MODERN, N_("Modern American Canasta")))


@st.cache_resource
def lessons() -> dict[str, Lesson]:
    """Read once, read-only and shared by every session."""
    return {lesson.id: lesson for lesson in load_all()}


# ----- callbacks ---------------------------------------------------------------------------------

def open_lesson(lesson_id: str, step: int = 0) -> None:
    learner = session.get()
    learner.lesson_id = lesson_id
    learner.step_index = step
    learner.answer = None
    st.query_params["lesson"] = lesson_id
    st.query_params["step"] = str(step + 1)


def go(step: int) -> None:
    learner = session.get()
    assert learner.lesson_id is not None
    lesson = lessons()[learner.lesson_id]
    learner.step_index = max(0, min(step, len(lesson.steps) - 1))
    learner.answer = None
    learner.lesson_staged.clear()
    st.query_params["step"] = str(learner.step_index + 1)


def back_to_list() -> None:
    learner = session.get()
    learner.lesson_id = None
    learner.answer = None
    for key in ("lesson", "step"):
        if key in st.query_params:
            del st.query_params[key]


def answer(value: str) -> None:
    session.get().answer = value


def submit_move() -> None:
    session.get().answer = st.session_state.get("move_text", "")


# Moves made by clicking: the selected cards are positions in the step's hand.

def picked(hand: tuple[Card, ...], key: str) -> tuple[Card, ...]:
    chosen = st.session_state.get(key) or []
    return sorted_cards(hand[i] for i in chosen if i < len(hand))


def play(action: Action, key: str) -> None:
    session.get().answer = str(action)
    st.session_state[key] = []


def take(hand: tuple[Card, ...], key: str) -> None:
    """Take the pile with the selected cards; staged melds go with it (an initial meld)."""
    staged = session.get().lesson_staged
    melds = tuple(Group.parse(g) for g in staged)
    staged.clear()
    play(TakePile(picked(hand, key), melds), key)


def discard(hand: tuple[Card, ...], key: str) -> None:
    cards = picked(hand, key)
    if len(cards) == 1:
        play(Discard(cards[0]), key)


def stage(hand: tuple[Card, ...], key: str) -> None:
    """Stage the selected cards as one group; wild cards alone go onto the meld chosen for
    them (``2C@K``), if any."""
    cards = picked(hand, key)
    if cards:
        group = Group(cards, chosen_target(cards, f"{key}-onto"))
        session.get().lesson_staged.append(str(group))
    st.session_state[key] = []


def lay_staged(key: str) -> None:
    staged = session.get().lesson_staged
    groups = tuple(Group.parse(g) for g in staged)
    staged.clear()
    if groups:
        play(Meld(groups), key)


def clear_staged() -> None:
    session.get().lesson_staged.clear()


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    learner = session.get()
    tr = session.tr()
    read_deep_link(learner, tr)
    st.title(tr.gettext(N_("Lessons")))
    if learner.lesson_id is None:
        lesson_list(learner, tr)
    else:
        lesson_step(learner, lessons()[learner.lesson_id], tr)


def read_deep_link(learner: TutorSession, tr: Translator) -> None:
    """Read once per change of URL; an unknown lesson gets a message, not a traceback."""
    wanted = st.query_params.get("lesson")
    if not wanted or wanted == learner.lesson_id:
        return
    if wanted in lessons():
        step_text = st.query_params.get("step", "1")
        step = int(step_text) - 1 if step_text.isdigit() else 0
        learner.lesson_id, learner.step_index, learner.answer = wanted, 0, None
        go(step)
    else:
        st.error(tr.gettext(N_("There is no lesson {lesson}.")).format(lesson=wanted[:60]))


def lesson_list(learner: TutorSession, tr: Translator) -> None:
    for family, heading in FAMILIES:
        st.subheader(tr.gettext(heading))
        for lesson in (item for item in lessons().values() if item.family is family):
            done = len(learner.progress.get(lesson.id, set()))
            cols = st.columns([5, 2])
            cols[0].button(say(lesson, lesson.title, tr), key=f"open-{lesson.id}",
                           on_click=open_lesson, args=(lesson.id,))
            cols[1].progress(done / len(lesson.steps),
                             text=tr.gettext(N_("{done} of {total} steps")).format(
                                 done=tr.number(done), total=tr.number(len(lesson.steps))))


def lesson_step(learner: TutorSession, lesson: Lesson, tr: Translator) -> None:
    _ = tr.gettext
    index = min(learner.step_index, len(lesson.steps) - 1)
    step = lesson.steps[index]
    st.button(_(N_("All lessons")), key="all_lessons", on_click=back_to_list,
              icon=":material/list:")
    st.header(say(lesson, lesson.title, tr))
    st.caption(_(N_("Step {number} of {total}")).format(number=tr.number(index + 1),
                                                         total=tr.number(len(lesson.steps))))
    st.progress((index + 1) / len(lesson.steps))
    if step.text:
        st.markdown(say(lesson, step.text, tr))
    show_cards(step.cards, tr)
    if step.position is not None and step.kind is not StepKind.WATCH:
        show_position(step, tr)
    progress = learner.progress.setdefault(lesson.id, set())
    if step.kind is StepKind.EXPLAIN:
        progress.add(step.id)
    elif step.kind is StepKind.WATCH:
        st.markdown("\n".join(f"{n}. `{move.action}` — {say(lesson, move.say, tr)}"
                              for n, move in enumerate(step.moves, start=1)))
        progress.add(step.id)
    elif step.kind is StepKind.QUIZ:
        quiz(learner, lesson, step, progress, tr)
    else:
        move(learner, lesson, step, progress, tr)
    last = len(lesson.steps) - 1
    nav = st.container(horizontal=True)
    nav.button(_(N_("Back")), key="back", on_click=go, args=(index - 1,), disabled=index == 0)
    nav.button(_(N_("Restart this step")), key="restart", on_click=go, args=(index,))
    nav.button(_(N_("Next")), key="next", on_click=go, args=(index + 1,),
               disabled=index == last, type="primary")
    if index == last and len(progress) == len(lesson.steps):
        st.success(_(N_("Lesson complete.")))


def show_position(step: Step, tr: Translator) -> None:
    """The learner's hand, the top of the pile and the side's melds of the step's position."""
    _ = tr.gettext
    position = step.position
    assert position is not None
    st.markdown(_(N_("Your hand")))
    show_cards(position.hands[position.turn], tr)
    if position.pile:
        st.markdown(_(N_("Top of the discard pile")))
        show_cards(position.pile[-1:], tr, width=44)
    own = position.side_of(position.turn)
    if own.melds:
        st.markdown(_(N_("Your side's melds")))
        for meld in own.melds:
            show_cards(meld.cards, tr, width=30)


def quiz(learner: TutorSession, lesson: Lesson, step: Step, progress: set[str],
         tr: Translator) -> None:
    st.markdown(f"**{say(lesson, step.question, tr)}**")
    row = st.container(horizontal=True)
    for choice in step.choices:
        row.button(choice_label(choice, tr), key=f"choice-{choice}", on_click=answer,
                   args=(choice,))
    if learner.answer is not None:
        feedback = quiz_feedback(lesson, step, learner.answer, tr)
        (st.success if feedback.correct else st.warning)("\n\n".join(feedback.lines))
        if feedback.correct:
            progress.add(step.id)


def move(learner: TutorSession, lesson: Lesson, step: Step, progress: set[str],
         tr: Translator) -> None:
    """Make the move by clicking, as on the practice table, or type it in card notation."""
    _ = tr.gettext
    assert step.position is not None
    hand = step.position.hands[step.position.turn]
    key = f"lesson-hand-{lesson.id}-{step.id}"
    st.pills(_(N_("Select cards")), list(range(len(hand))), selection_mode="multi",
             format_func=lambda i: short_label(hand[i]), key=key, label_visibility="collapsed")
    wild_target_picker(picked(hand, key), step.position.side_of(step.position.turn).melds, tr,
                       key=f"{key}-onto")
    row = st.container(horizontal=True)
    row.button(_(N_("Draw")), key="l-draw", on_click=play, args=(Draw(), key))
    row.button(_(N_("Take the pile")), key="l-take", on_click=take, args=(hand, key))
    row.button(_(N_("Discard")), key="l-discard", on_click=discard, args=(hand, key))
    row.button(_(N_("Stage as a meld")), key="l-stage", on_click=stage, args=(hand, key))
    row.button(_(N_("Ask partner")), key="l-ask", on_click=play, args=(AskPartner(), key))
    row.button(_(N_("Pass")), key="l-pass", on_click=play, args=(Pass(), key))
    if learner.lesson_staged:
        st.markdown(_(N_("Staged: {groups}")).format(groups=" | ".join(learner.lesson_staged)))
        if step.position.phase is Phase.DRAW:
            st.caption(_(TAKE_WITH_STAGED))
        staged_row = st.container(horizontal=True)
        staged_row.button(_(N_("Lay the staged melds")), key="l-commit", on_click=lay_staged,
                          args=(key,), type="primary")
        staged_row.button(_(N_("Clear the staged melds")), key="l-clear", on_click=clear_staged)
    st.text_input(_(N_("Your move (e.g. draw, meld KH KS KD, discard 7H):")), key="move_text",
                  on_change=submit_move)
    st.button(_(N_("Play this move")), key="play_move", on_click=submit_move)
    if learner.answer:
        feedback = move_feedback(lesson, step, learner.answer, tr)
        (st.success if feedback.correct else st.warning)("\n\n".join(feedback.lines))
        if feedback.correct:
            progress.add(step.id)
        verdict = judge_move(step, learner.answer).verdict
        if verdict is not None:
            show_rules(verdict.rules, tr, key="why-move")
