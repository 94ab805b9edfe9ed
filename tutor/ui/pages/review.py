"""Review: a short session of the rules due (tutor.store's Leitner boxes), each a position on
the card table, and the learner's mastery by topic.

Each item's position is the one where the learner erred at the rule, else a lesson's *do* step
that exercises it (the lessons' own rule ids). The learner makes a move; the engine judges it
(on a lesson step, as the lesson does); the attempt is recorded with source ``review``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import plotly.graph_objects as go
import streamlit as st
from babel.numbers import format_percent

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.engine.judge import judge
from tutor.engine.records import dumps_position, loads_position
from tutor.engine.state import GameState
from tutor.engine.verdict import Verdict
from tutor.explain import explain_verdict, rule_statement, rule_title
from tutor.i18n import N_, Translator
from tutor.lessons.answers import check_answer, judge_move
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import choice_label, quiz_feedback, say
from tutor.lessons.validate import rules_exercised
from tutor.store import ReviewItem, Source
from tutor.ui import attempts, card_table, progress, session
from tutor.ui.card_table.intents import StagedGroup, staged_action
from tutor.ui.card_table.model import TableInput, table_data, version_of
from tutor.ui.library import lessons
from tutor.ui.practice_table import read_intent
from tutor.ui.session import TutorSession
from tutor.ui.widgets import show_cards, show_rules

STATE = "tutor_review"
TABLE = "review_table"
ROUND = 10  # items in one review session
# Translators: the review session's progress; {n} the item shown, {total} the items.
ITEM_N = N_("Rule {n} of {total}")
# Translators: a review item's heading; {rule} a rule's id and title, e.g. "C-PILE-2 · Taking
# the pile".
PRACTISE_RULE = N_("Practise this rule: {rule}")


@dataclass(frozen=True, slots=True)
class Task:
    """One review item made playable: the rule, the position, and the lesson step it came
    from (None: a position where the learner erred)."""

    rule: str
    position: str  # the position's JSON ("": a lesson's quiz without a table)
    lesson_id: str = ""
    step_id: str = ""


@dataclass
class Round:
    tasks: list[Task] = field(default_factory=list)
    index: int = 0
    answer: str | None = None
    correct: bool | None = None
    right: int = 0
    staged: list[StagedGroup] = field(default_factory=list)
    started: bool = False


def current_round() -> Round:
    found = st.session_state.get(STATE)
    if not isinstance(found, Round):
        found = Round()
        st.session_state[STATE] = found
    return found


def lesson_step_for(rule: str) -> tuple[Lesson, Step] | None:
    """A lesson step that exercises ``rule`` (the lessons' own rule ids): a *do* step played
    on the table if there is one, else a quiz."""
    order = sorted(lessons().values(), key=lambda item: (item.family.value, item.order))
    for kind in (StepKind.DO, StepKind.QUIZ):
        for lesson in order:
            for step in lesson.steps:
                if step.kind is kind and (kind is StepKind.QUIZ or step.position is not None) \
                        and rule in rules_exercised(lesson, step):
                    return lesson, step
    return None


def task_for(item: ReviewItem) -> Task | None:
    rule = item.mastery.rule_id
    if item.error is not None and item.error.position:
        return Task(rule, item.error.position)
    found = lesson_step_for(rule)
    if found is None:
        return None
    lesson, step = found
    shown = dumps_position(step.position) if step.kind is StepKind.DO and step.position else ""
    return Task(rule, shown, lesson.id, step.id)


def the_step(task: Task) -> Step | None:
    lesson = lessons().get(task.lesson_id)
    return next((step for step in lesson.steps if step.id == task.step_id), None) \
        if lesson else None


def start_round() -> None:
    found = progress.due(ROUND)
    tasks = [task for task in (task_for(item) for item in found or ()) if task is not None]
    st.session_state[STATE] = Round(tasks=tasks, started=True)


def judged(task: Task, state: GameState, text: str) -> tuple[Verdict | None, bool]:
    step = the_step(task) if task.step_id else None
    if step is not None:
        result = judge_move(step, text)
        return result.verdict, result.correct
    try:
        verdict = judge(state, Action.parse(text), seat=state.actor)
    except TutorError:
        return None, False
    return verdict, verdict.legal


def on_intent() -> None:
    review = current_round()
    learner = session.get()
    if review.index >= len(review.tasks) or review.answer is not None:
        return
    task = review.tasks[review.index]
    state = loads_position(task.position)
    seat = state.actor
    read = read_intent(learner, card_table.sent_intent(TABLE), session.tr(),
                       version=version_of(state, 0, seat), hand=state.hands[seat],
                       staged=tuple(review.staged), phase=state.phase)
    if read is None:
        return
    _intent, outcome = read
    review.staged = list(outcome.staged)
    if outcome.message is not None:
        learner.table_message = session.tr().gettext(outcome.message)
        return
    if outcome.action is None:
        return
    text = str(outcome.action)
    verdict, correct = judged(task, state, text)
    if verdict is None:
        return
    review.answer, review.correct, review.staged = text, correct, []
    review.right += int(correct)
    attempt = attempts.practice_attempt(state, verdict, Source.REVIEW)
    rules = tuple(dict.fromkeys((task.rule, *attempt.rules)))
    progress.note(learner, replace(attempt, rules=rules, correct=correct,
                                   lesson_id=task.lesson_id, step_id=task.step_id,
                                   position=None if correct else task.position))


def quiz_answer(choice: str) -> None:
    """A review item from a lesson's quiz: the lesson's own check (the engine's scores)."""
    review = current_round()
    if review.index >= len(review.tasks) or review.answer is not None:
        return
    task = review.tasks[review.index]
    lesson = lessons().get(task.lesson_id)
    step = the_step(task)
    if lesson is None or step is None:
        return
    correct = check_answer(step, lesson.rules, choice)
    review.answer, review.correct = choice, correct
    review.right += int(correct)
    attempt = attempts.lesson_attempt(lesson, step, choice)
    if attempt is not None:
        progress.note(session.get(), replace(
            attempt, source=Source.REVIEW, rules=tuple(dict.fromkeys((task.rule,
                                                                      *attempt.rules)))))


def next_item() -> None:
    review = current_round()
    review.index += 1
    review.answer, review.correct, review.staged = None, None, []


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    learner = session.get()
    tr = session.tr()
    _ = tr.gettext
    st.title(_(N_("Review")))
    if not progress.link().started:  # the store was down when the learner came
        st.info(_(progress.UNSAVED))
        return
    review = current_round()
    if not review.started:
        start_round()
        review = current_round()
    if review.index < len(review.tasks):
        item(learner, review, tr)
    elif review.tasks:
        # Translators: the end of a review session; {right} and {total} are numbers.
        st.success(tr.format(_("Review done: {right} of {total} right."),
                             "Review done: {right} of {total} right.", right=review.right,
                             total=len(review.tasks)))
        # Translators: a button after a review session: start another round of the rules due.
        st.button(_("Review again"), key="review-again", on_click=start_round,
                  icon=":material/replay:")
    else:
        st.info(_(N_("Nothing is due for review right now. Take a lesson or play a practice "
                     "hand; the rules you get wrong come back here.")),
                icon=":material/event_available:")
        # Translators: a button when nothing is due: look again whether a rule has become due.
        st.button(_("Look again"), key="review-again", on_click=start_round,
                  icon=":material/refresh:")
    mastery_chart(tr)


def item(learner: TutorSession, review: Round, tr: Translator) -> None:
    _ = tr.gettext
    task = review.tasks[review.index]
    st.caption(tr.format(_(ITEM_N), ITEM_N, n=review.index + 1, total=len(review.tasks)))
    st.progress(review.index / len(review.tasks))
    title = f"{task.rule} · {rule_title(task.rule, tr)}"
    st.markdown(f"**{tr.format(_(PRACTISE_RULE), PRACTISE_RULE, rule=title)}**  \n"
                + rule_statement(task.rule, tr))
    if not task.position:
        quiz_item(review, task, tr)
        return
    state = loads_position(task.position)
    seat = state.actor
    verdict = None
    if review.answer is not None:
        verdict = judged(task, state, review.answer)[0]
    staged = tuple(review.staged)
    preview = None
    action = staged_action(state.hands[seat], staged, state.phase)
    if action is not None:
        try:
            preview = judge(state, action, seat=seat)
        except TutorError:
            preview = None
    data = table_data(state, tr, TableInput(
        learner=seat, four_colour=learner.four_colour, lesson=True, staged=staged,
        preview=preview, verdict=verdict, message=learner.table_message,
        readonly=review.answer is not None, version=version_of(state, 0, seat)))
    learner.table_message = None
    card_table.mount(data, key=TABLE, on_intent=on_intent)
    if review.answer is not None and verdict is not None:
        explanation = explain_verdict(verdict, tr)
        if review.correct:
            st.success(_(N_("Right!")) + " " + explanation.text)
        else:
            st.warning(explanation.text)
        show_rules(explanation.rules, tr, key="review-why")
        # Translators: a button in the review session: the next rule.
        st.button(_("Next"), key="review-next", on_click=next_item, type="primary")
    else:
        # Translators: a button in the review session: leave this rule for now.
        st.button(_("Skip"), key="review-skip", on_click=next_item)


def quiz_item(review: Round, task: Task, tr: Translator) -> None:
    _ = tr.gettext
    lesson = lessons().get(task.lesson_id)
    step = the_step(task)
    if lesson is None or step is None:
        st.button(_("Skip"), key="review-skip", on_click=next_item)
        return
    st.markdown(f"**{say(lesson, step.question, tr)}**")
    show_cards(step.cards, tr)
    row = st.container(horizontal=True)
    for choice in step.choices:
        row.button(choice_label(choice, tr), key=f"review-choice-{choice}",
                   on_click=quiz_answer, args=(choice,), disabled=review.answer is not None)
    if review.answer is None:
        st.button(_("Skip"), key="review-skip", on_click=next_item)
        return
    feedback = quiz_feedback(lesson, step, review.answer, tr)
    (st.success if feedback.correct else st.warning)("\n\n".join(feedback.lines))
    st.button(_("Next"), key="review-next", on_click=next_item, type="primary")


def topic_of(rule: str) -> str:
    """A rule's topic as RULES.md groups it: its id without the number (``C-PILE-2``:
    ``C-PILE``), as the Rules page groups them."""
    return rule.rsplit("-", 1)[0] if rule.count("-") > 1 else rule


def mastery_chart(tr: Translator) -> None:
    """The learner's mastery by topic (the mean of its rules' levels), a bar per topic."""
    known = progress.mastery()
    if not known:
        return
    topics: dict[str, list[float]] = {}
    for rule, level in sorted(known.items()):
        topics.setdefault(topic_of(rule), []).append(level)
    names = list(topics)
    levels = [sum(values) / len(values) for values in topics.values()]
    titles = [rule_title(next(r for r in sorted(known) if topic_of(r) == name), tr)
              for name in names]
    fig = go.Figure(go.Bar(
        x=levels, y=names, orientation="h", customdata=titles,
        text=[format_percent(level, locale=tr.lang) for level in levels],
        hovertemplate="%{y} · %{customdata}: %{text}<extra></extra>"))
    fig.update_layout(xaxis={"range": [0, 1], "tickformat": ".0%"},
                      yaxis={"autorange": "reversed"}, margin={"t": 30, "b": 10},
                      height=max(200, 28 * len(names) + 60), showlegend=False)
    st.subheader(tr.gettext(N_("Your mastery by topic")))
    st.plotly_chart(fig, key="mastery_chart", config={"displayModeBar": False})
