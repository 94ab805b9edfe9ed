"""Review: a short session of the rules due (tutor.store's Leitner boxes), each a position on
the card table, and the learner's mastery by topic.

Each item's position is the one where the learner erred at the rule, else a lesson's *do* step
that exercises it (the lessons' own rule ids). The learner makes a move; the engine judges it
(on a lesson step, as the lesson does). A wrong move gets the engine's reasons and a second try;
after a second wrong one the right move is played out on the table with its reasons
(:mod:`tutor.play.right_move`), and a quiz shows its answer. Only the first try is recorded (source
``review``): a wrong answer makes the rule due at once, so a right second try straight after
the reasons would move it up a box as if the learner had known it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import plotly.graph_objects as go
import streamlit as st
from babel.numbers import format_percent

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.engine.judge import apply, judge
from tutor.engine.records import dumps_position, loads_position
from tutor.engine.state import GameState
from tutor.engine.verdict import Verdict
from tutor.i18n import N_, NN_, Translator
from tutor.lessons.answers import judge_move
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import RIGHT, WELL_SPOTTED, QuizResult, judge_quiz, quiz_tries, say
from tutor.lessons.validate import rules_exercised
from tutor.play.right_move import RightMove, for_position, for_step
from tutor.store import Attempt, ReviewItem, Source
from tutor.ui import attempts, card_table, progress, quiz_view, table_intents
from tutor.ui import session as sessions
from tutor.ui.card_table.intents import staged_action
from tutor.ui.card_table.model import LogLine, TableInput, table_data, version_of
from tutor.ui.library import lessons
from tutor.ui.session import TutorSession
from tutor.ui.table_intents import Spot
from tutor.ui.text import escape_markdown
from tutor.ui.widgets import show_cards, show_rules
from tutor.words.describe import describe
from tutor.words.explain import explain_reason, explain_verdict, rule_statement, rule_title
from tutor.words.narrate import narrate
from tutor.words.seats import Perspective
from tutor.words.topics import titled, topic_of

STATE = "tutor_review"
TABLE = "review_table"
ROUND = 10  # items in one review session
TRIES = 2  # tries at an item before the right move is shown
# Translators: the review session's progress; {n} the item shown, {total} the items (the plural
# form follows {total}), e.g. "Rule 2 of 10".
ITEM_N = NN_("Rule {n} of {total}", "Rule {n} of {total}")
# Translators: a review item's heading; {rule} a rule's title, e.g. "Taking the discard pile".
PRACTISE_RULE = N_("Practise this rule: {rule}")
# Translators: the end of a review session; {right} and {total} are numbers (the plural form
# follows {total}), e.g. "Review done: 3 of 5 right."
REVIEW_DONE = NN_("Review done: {right} of {total} right.",
                  "Review done: {right} of {total} right.")
TRY_AGAIN = quiz_view.TRY_AGAIN  # after a first wrong answer: the learner may try again
# Translators: in the review session after a second wrong answer; {move} the right move as an
# instruction, e.g. "Take the pile with the nine of hearts and the nine of spades."
THE_RIGHT_MOVE = N_("The right move: {move}")
# Translators: in the review session after a second wrong answer, on a step that asks for a move
# the rules refuse; {move} that move as an instruction, e.g. "Take the pile with the king of
# hearts and the two of clubs."
THE_REFUSED_MOVE = N_("This step asks you to try a move the rules refuse: {move}")


@dataclass(frozen=True, slots=True)
class Task:
    """One review item made playable: the rule, the position, the lesson step it came from
    (none: a position where the learner erred in practice) and the move tried there."""

    rule: str
    position: str  # the position's JSON ("": a lesson's quiz without a table)
    lesson_id: str = ""
    step_id: str = ""
    tried: str = ""  # the wrong move kept with the position (notation, never shown)


@dataclass
class Round:
    tasks: list[Task] = field(default_factory=list)
    index: int = 0
    answer: str | None = None  # the latest try at the item shown
    verdict: Verdict | None = None  # the engine's verdict on it, judged once when it was made
    correct: bool | None = None
    tries: int = 0  # wrong tries at the item shown
    allowed: int = TRIES  # wrong tries the item shown takes (a yes/no quiz: one)
    quizzed: list[QuizResult] = field(default_factory=list)  # a quiz's answers, as judged
    tried: list[str] = field(default_factory=list)  # every try at the item shown
    right: int = 0  # items right at the first try
    started: bool = False

    @property
    def finished(self) -> bool:
        """The item shown is over: answered right, or the right answer shown."""
        return bool(self.correct) or self.tries >= self.allowed

    def record(self, text: str, correct: bool, verdict: Verdict | None = None) -> bool:
        """A try at the item shown; True for the first (the one recorded)."""
        first = not self.tried
        self.answer, self.correct, self.verdict = text, correct, verdict
        self.tried.append(text)
        if not correct:
            self.tries += 1
        self.right += int(correct and first)
        return first


def current_round() -> Round:
    return sessions.kept(STATE, Round, Round)


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
    error = item.error
    if error is not None and error.position:
        # An error on a lesson's step is that step again, judged as the lesson judges it.
        step = _step(error.lesson_id, error.step_id)
        if step is not None and step.kind is StepKind.DO and step.position is not None \
                and dumps_position(step.position) == error.position:
            return Task(rule, error.position, error.lesson_id, error.step_id, error.action)
        return Task(rule, error.position, tried=error.action)
    found = lesson_step_for(rule)
    if found is None:
        return None
    lesson, step = found
    shown = dumps_position(step.position) if step.kind is StepKind.DO and step.position else ""
    return Task(rule, shown, lesson.id, step.id)


def _step(lesson_id: str, step_id: str) -> Step | None:
    lesson = lessons().get(lesson_id) if lesson_id else None
    return next((step for step in lesson.steps if step.id == step_id), None) \
        if lesson else None


def the_step(task: Task) -> Step | None:
    return _step(task.lesson_id, task.step_id)


def start_round() -> None:
    found = progress.due(ROUND)
    tasks = [task for task in (task_for(item) for item in found or ()) if task is not None]
    st.session_state[STATE] = Round(tasks=tasks, started=True)
    session = sessions.get()
    session.tables[TABLE] = session.table(TABLE).cleared()


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


def right_move(task: Task, state: GameState) -> RightMove | None:
    """The move shown after the second wrong try: the lesson step's own, else the engine's
    legal move closest to the one tried."""
    step = the_step(task) if task.step_id else None
    if step is not None and step.kind is StepKind.DO:
        return for_step(step)
    return for_position(state, task.tried)


def play(review: Round, text: str) -> Attempt | None:
    """The learner's move on the item shown, judged and kept in the round; the attempt to
    record (the first try only), or None."""
    if review.index >= len(review.tasks) or review.finished:
        return None
    task = review.tasks[review.index]
    state = loads_position(task.position)
    verdict, correct = judged(task, state, text)
    if verdict is None:
        return None
    if not review.record(text, correct, verdict):
        return None
    attempt = attempts.practice_attempt(state, verdict, Source.REVIEW)
    rules = tuple(dict.fromkeys((task.rule, *attempt.rules)))
    return replace(attempt, rules=rules, correct=correct, lesson_id=task.lesson_id,
                   step_id=task.step_id, position=None if correct else task.position)


def answer_quiz(review: Round, choice: str) -> Attempt | None:
    """A review item from a lesson's quiz, checked as the lesson checks it (the engine's
    scores); the attempt to record (the first try only), or None."""
    if review.index >= len(review.tasks) or review.finished:
        return None
    task = review.tasks[review.index]
    lesson = lessons().get(task.lesson_id)
    step = the_step(task)
    if lesson is None or step is None:
        return None
    result = judge_quiz(lesson, step, choice)
    review.allowed = quiz_tries(step)
    review.quizzed.append(result)
    if not review.record(choice, result.correct):
        return None
    attempt = attempts.lesson_attempt(lesson, step, choice, result)
    if attempt is None:
        return None
    return replace(attempt, source=Source.REVIEW,
                   rules=tuple(dict.fromkeys((task.rule, *attempt.rules))))


def spot(review: Round, task: Task) -> Spot:
    """The item's table: its position, from the seat to play, tagged with the tries made."""
    state = loads_position(task.position)
    return Spot(state, state.actor, version_of(state, len(review.tried), state.actor))


def on_intent() -> None:
    review = current_round()
    session = sessions.get()
    if review.index >= len(review.tasks) or review.finished:
        return
    task = review.tasks[review.index]

    def silence() -> None:
        review.answer = None  # one verdict area on the table: the notice speaks now

    def try_move(action: Action) -> None:
        table_intents.drop_staged(session.tables, TABLE)
        attempt = play(review, str(action))
        if attempt is not None:
            progress.note(session, attempt)

    # wild cards alone go where the engine allows, as in practice and the lessons
    table_intents.handle(session.tables, TABLE, card_table.sent_intent(TABLE), spot(review, task),
                         sessions.tr(), silence=silence, play=try_move)


def quiz_answer(choice: str) -> None:
    attempt = answer_quiz(current_round(), choice)
    if attempt is not None:
        progress.note(sessions.get(), attempt)


def next_item() -> None:
    review = current_round()
    review.index += 1
    review.answer, review.correct, review.verdict = None, None, None
    review.tries, review.tried, review.allowed, review.quizzed = 0, [], TRIES, []
    session = sessions.get()
    session.tables[TABLE] = session.table(TABLE).cleared()


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    session = sessions.get()
    tr = sessions.tr()
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
        item(session, review, tr)
    elif review.tasks:
        total = len(review.tasks)
        st.success(tr.format(tr.ngettext(*REVIEW_DONE, total), REVIEW_DONE[total != 1],
                             right=review.right, total=total))
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


def item(session: TutorSession, review: Round, tr: Translator) -> None:
    _ = tr.gettext
    task = review.tasks[review.index]
    total = len(review.tasks)
    st.caption(tr.format(tr.ngettext(*ITEM_N, total), ITEM_N[total != 1], n=review.index + 1,
                         total=total))
    st.progress(review.index / total)
    st.markdown(f"**{tr.format(_(PRACTISE_RULE), PRACTISE_RULE, rule=rule_title(task.rule, tr))}"
                f"**  \n{rule_statement(task.rule, tr)}", help=task.rule)
    if not task.position:
        quiz_item(review, task, tr)
        return
    state = loads_position(task.position)
    verdict = review.verdict if review.answer is not None else None
    shown = right_move(task, state) if review.finished and not review.correct else None
    card_table.mount(table(session, review, state, verdict, shown, tr), key=TABLE,
                     on_intent=on_intent)
    table_intents.shown(session.tables, TABLE)  # the notice is said once, on the table
    feedback(review, task, verdict, shown, tr, state)
    if review.finished:
        # Translators: a button in the review session: the next rule.
        st.button(_("Next"), key="review-next", on_click=next_item, type="primary")
    else:
        # Translators: a button in the review session: leave this rule for now.
        st.button(_("Skip"), key="review-skip", on_click=next_item)


def table(session: TutorSession, review: Round, state: GameState, verdict: Verdict | None,
          shown: RightMove | None, tr: Translator) -> dict[str, object]:
    """The item's table: playable until the item is over; then the position after the right
    move, with that move told and its verdict (a refused move: the position, and the verdict
    on it)."""
    seat = state.actor
    base = TableInput(learner=seat, four_colour=session.four_colour, lesson=True)
    if shown is not None:
        if not shown.verdict.legal:
            return table_data(state, tr, replace(base, readonly=True, verdict=shown.verdict))
        after = apply(state, shown.action)
        line = LogLine(seat, narrate(state, shown.action, after, seat, tr))
        return table_data(after, tr, replace(base, readonly=True, verdict=shown.verdict,
                                             log=(line,), moves=1))
    staged = session.table(TABLE).staged
    preview = None
    action = staged_action(state.hands[seat], staged, state.phase)
    if action is not None:
        try:
            preview = judge(state, action, seat=seat)
        except TutorError:
            preview = None
    return table_data(state, tr, replace(
        base, staged=staged, preview=preview, verdict=verdict,
        message=session.table(TABLE).message, choice=session.table(TABLE).choice,
        readonly=review.finished,
        version=version_of(state, len(review.tried), seat)))


def feedback(review: Round, task: Task, verdict: Verdict | None, shown: RightMove | None,
             tr: Translator, state: GameState) -> None:
    """What the latest try comes to, below the table that shows the engine's verdict on it:
    right (with the lesson's word on it), another try (with the lesson's hint), or after a
    second wrong try why it was wrong, now that the table shows the right move."""
    if review.answer is None or verdict is None:
        return
    lesson = lessons().get(task.lesson_id)
    step = the_step(task)
    from_lesson = lesson is not None and step is not None and step.kind is StepKind.DO
    hint = [say(lesson, step.hint, tr)] if from_lesson and lesson and step and step.hint else []
    if review.correct:
        word = WELL_SPOTTED if from_lesson and step and step.expect_illegal else RIGHT
        success = [say(lesson, step.success, tr)] if from_lesson and lesson and step \
            and step.success else []
        st.success("\n\n".join((tr.gettext(word), *success)))
    elif not review.finished:
        st.warning("\n\n".join((tr.gettext(TRY_AGAIN), *hint)))
    else:
        own = Perspective(state.actor, state.actor, state.players)  # the learner's try
        explanation = explain_verdict(verdict, tr, own)
        st.warning("\n\n".join((explanation.headline, *explanation.reasons, *hint)))
    if shown is not None:
        right_move_box(shown, tr, state.rules.draw_count)
    show_rules(explain_verdict(shown.verdict if shown else verdict, tr).rules, tr,
               key="review-why")


def right_move_box(shown: RightMove, tr: Translator, draw_count: int = 1) -> None:
    """The right move in words, with a good player's reasons for it when it was a choice (the
    rules' reasons are on the table, with the move played out)."""
    move = escape_markdown(describe(shown.action, tr, draw_count))
    template = THE_RIGHT_MOVE if shown.verdict.legal else THE_REFUSED_MOVE
    text = "**" + tr.format(tr.gettext(template), template, move=move) + "**"
    reasons = [explain_reason(reason, tr, "permit") for reason in shown.strategy]
    if reasons:
        text += "\n\n" + "\n".join(f"- {escape_markdown(reason)}" for reason in reasons)
    st.info(text, icon=":material/lightbulb:")


def quiz_item(review: Round, task: Task, tr: Translator) -> None:
    _ = tr.gettext
    lesson = lessons().get(task.lesson_id)
    step = the_step(task)
    if lesson is None or step is None:
        st.button(_("Skip"), key="review-skip", on_click=next_item)
        return
    st.markdown(f"**{say(lesson, step.question, tr)}**")
    show_cards(step.cards, tr)
    # in the learner's order, as in the lesson; each answer as it was judged when given
    quiz_view.choices(lesson, step, review.quizzed, tr, prefix="review-choice-",
                      on_click=quiz_answer)
    quiz_view.feedback(lesson, step, review.quizzed, tr)
    if review.finished:
        st.button(_("Next"), key="review-next", on_click=next_item, type="primary")
    else:
        st.button(_("Skip"), key="review-skip", on_click=next_item)


def mastery_chart(tr: Translator) -> None:
    """The learner's mastery by topic (the mean of its rules' levels), a bar per topic named
    in words; the rule ids only in the hover, for a teacher looking on."""
    known = progress.mastery()
    if not known:
        return
    topics: dict[str, list[str]] = {}
    for rule in sorted(known):
        topics.setdefault(topic_of(rule), []).append(rule)
    keys = list(topics)
    levels = [sum(known[rule] for rule in rules) / len(rules) for rules in topics.values()]
    names = titled(keys, tr, {topic: rules[0] for topic, rules in topics.items()})
    fig = go.Figure(go.Bar(
        x=levels, y=names, orientation="h",
        customdata=[", ".join(rules) for rules in topics.values()],
        text=[format_percent(level, locale=tr.lang) for level in levels],
        textposition="outside", cliponaxis=False,  # a topic at 0 % still says so
        hovertemplate="%{y}: %{text}<br>%{customdata}<extra></extra>"))
    fig.update_layout(xaxis={"range": [0, 1], "tickformat": ".0%"},
                      yaxis={"autorange": "reversed", "automargin": True},
                      margin={"t": 30, "b": 10}, height=max(200, 28 * len(names) + 60),
                      showlegend=False)
    st.subheader(tr.gettext(N_("Your mastery by topic")))
    st.plotly_chart(fig, key="mastery_chart", config={"displayModeBar": False})
