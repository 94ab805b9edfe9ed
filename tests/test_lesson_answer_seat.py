"""A decide step in the answer phase: the learner is the partner who was asked "may I go out?",
so the lesson's table and the terminal show that seat's hand and offer the answer, not the
asker's hand with a wait."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.engine.cards import format_cards
from tutor.i18n import translator
from tutor.lessons.load import load_all
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import run_in_terminal
from tutor.ui.lesson_table import step_table
from tutor.ui.session import KEY

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


def answer_step() -> tuple[Lesson, Step]:
    """The first lesson decide step in which a partner has asked (seat to act != turn)."""
    for lesson in load_all():
        for step in lesson.steps:
            position = step.position
            if (step.kind is StepKind.DECIDE and position is not None
                    and position.phase.value == "answer"):
                assert position.actor != position.turn
                return lesson, step
    raise AssertionError("no decide step in the answer phase")


def test_the_lesson_table_of_an_answer_step_is_the_answering_partners() -> None:
    lesson, step = answer_step()
    assert step.position is not None
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = lesson.id
    at.query_params["step"] = str(lesson.steps.index(step) + 1)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    data = step_table(at.session_state[KEY], lesson, step, translator("en"))
    assert data is not None
    assert data["phase"] == "answer", data["phase"]  # not "wait": the learner answers


def test_the_terminal_shows_the_answering_partners_hand() -> None:
    lesson, step = answer_step()
    position = step.position
    assert position is not None
    lines: list[str] = []
    run_in_terminal(lesson, translator("en"), read=lambda prompt: "", write=lines.append,
                    auto=True)
    at = lines.index(step.text)
    hand = lines[at + 1]  # the step has no cards: its hand follows its text
    assert hand.strip().startswith("Your hand:"), hand
    assert hand.strip() == "Your hand: " + format_cards(position.hands[position.actor])
    assert format_cards(position.hands[position.turn]) not in hand
