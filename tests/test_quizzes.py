"""A lesson's quiz on the Learn page (tutor/ui/quiz_view.py) through AppTest: the choices in the
learner's own order, a retry before the answer is shown, why a wrong number is wrong, and every
answer recorded as it was judged.

AppTest sends no cookies, so a learner is played by patching :func:`tutor.ui.identity.read` to
give the key their cookie would hold (as tests/test_progress.py does).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tutor.lessons.answers import engine_answer
from tutor.lessons.load import load_all
from tutor.lessons.model import QuizKind, StepKind
from tutor.lessons.runner import choice_order
from tutor.store import Attempt
from tutor.store.keys import new_learner_key
from tutor.ui import identity, progress
from tutor.ui.session import KEY

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
LESSONS = {lesson.id: lesson for lesson in load_all()}
NUMBER_QUIZZES = [(lesson, step) for lesson in LESSONS.values() for step in lesson.steps
                  if step.kind is StepKind.QUIZ and step.quiz is not QuizKind.LEGAL]
# cards-and-values, step 4: the value of a hand, 85 (80 leaves out the five of clubs)
VALUE_LESSON = LESSONS["cards-and-values"]
VALUE_INDEX = next(i for i, step in enumerate(VALUE_LESSON.steps) if step.id == "value-of-a-hand")


def learner(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    """This browser is the learner ``key`` (a key the store does not know yet)."""
    monkeypatch.setattr(identity, "read", lambda: identity.NEW + key)


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_step(lesson_id: str, index: int) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = lesson_id
    at.query_params["step"] = str(index + 1)
    return run(at)


def shown_choices(at: AppTest) -> list[str]:
    return [str(b.key).removeprefix("choice-") for b in at.button
            if b.key and b.key.startswith("choice-")]


def choose(at: AppTest, choice: str) -> AppTest:
    at.button(key=f"choice-{choice}").click()
    return run(at)


def warnings(at: AppTest) -> str:
    return "\n".join(str(w.value) for w in at.warning)


def test_one_learner_sees_one_order_and_another_learner_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = new_learner_key(), new_learner_key()
    differing = [(lesson, step) for lesson, step in NUMBER_QUIZZES
                 if choice_order(lesson, step, first) != choice_order(lesson, step, second)]
    assert differing, "two learners see every quiz in one order"
    lesson, step = differing[0]
    index = lesson.steps.index(step)
    learner(monkeypatch, first)
    once = shown_choices(open_step(lesson.id, index))
    again = shown_choices(open_step(lesson.id, index))  # another session, the same learner
    assert once == again == list(choice_order(lesson, step, first))
    assert sorted(once) == sorted(step.choices)
    learner(monkeypatch, second)
    theirs = shown_choices(open_step(lesson.id, index))
    assert theirs == list(choice_order(lesson, step, second)) != once


@given(st.text(max_size=40))
def test_every_learners_order_is_the_choices_and_the_right_one_moves(key: str) -> None:
    orders = [(choice_order(lesson, step, key), step, lesson) for lesson, step in NUMBER_QUIZZES]
    assert all(sorted(order) == sorted(step.choices) for order, step, _ in orders)
    assert all(order == choice_order(lesson, step, key) for order, step, lesson in orders)
    firsts = [order[0] == engine_answer(step, lesson.rules) for order, step, lesson in orders]
    assert not all(firsts), "the right answer is first in every number quiz"


def test_a_yes_no_question_keeps_yes_before_no() -> None:
    legal = [(lesson, step) for lesson in LESSONS.values() for step in lesson.steps
             if step.quiz is QuizKind.LEGAL]
    assert legal
    assert all(choice_order(lesson, step, "some learner") == step.choices
               for lesson, step in legal)


def test_a_first_wrong_answer_gets_a_retry_and_why_not_the_answer() -> None:
    at = open_step(VALUE_LESSON.id, VALUE_INDEX)
    choose(at, "80")
    said = warnings(at)
    assert "Have another try" in said, said
    assert "80 leaves out this part: the five of clubs (+5)." in said, said
    assert "The answer is" not in said and "85" not in said, said
    assert at.button(key="choice-80").disabled
    assert not at.button(key="choice-85").disabled and not at.button(key="choice-95").disabled
    assert "value-of-a-hand" not in at.session_state[KEY].progress.get(VALUE_LESSON.id, set())


def test_the_second_wrong_answer_shows_the_answer_and_how_it_counts() -> None:
    at = open_step(VALUE_LESSON.id, VALUE_INDEX)
    choose(at, "80")
    choose(at, "95")
    said = warnings(at)
    assert "The answer is 85." in said, said
    assert "How it counts:" in said and "The joker: +50" in said, said
    assert "Have another try" not in said
    assert all(b.disabled for b in at.button if b.key and b.key.startswith("choice-"))


def test_a_right_answer_on_the_retry_is_recorded_as_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    noted: list[Attempt] = []
    keep = progress.note

    def note(session: object, attempt: Attempt | None) -> None:
        if attempt is not None:
            noted.append(attempt)
        keep(session, attempt)  # type: ignore[arg-type]

    monkeypatch.setattr(progress, "note", note)
    at = open_step(VALUE_LESSON.id, VALUE_INDEX)
    choose(at, "95")
    choose(at, "85")
    assert any("Right!" in str(s.value) for s in at.success)
    assert [(a.action, a.correct, a.step_id) for a in noted] == [
        ("95", False, "value-of-a-hand"), ("85", True, "value-of-a-hand")]
    assert "value-of-a-hand" in at.session_state[KEY].progress[VALUE_LESSON.id]


def test_a_wrong_yes_or_no_shows_the_answer_and_the_engines_reasons_at_once() -> None:
    lesson = next(lesson for lesson in LESSONS.values()
                  if any(step.quiz is QuizKind.LEGAL for step in lesson.steps))
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if s.quiz is QuizKind.LEGAL)
    at = open_step(lesson.id, index)
    wrong = "no" if engine_answer(step, lesson.rules) == "yes" else "yes"
    choose(at, wrong)
    said = warnings(at)
    assert "The answer is" in said and "Have another try" not in said, said
    assert len(said.split("\n\n")) >= 3, said  # the answer, then the engine's word on the move
