"""The curriculum: every lesson loads, replays through the engine and is translated; planted
errors are rejected with a message naming file, lesson and step."""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from tutor.devtools import catalogs
from tutor.i18n import LANGUAGES, catalog_path, translator
from tutor.lessons.load import LessonError, load_all, load_file
from tutor.lessons.model import Lesson, StepKind
from tutor.lessons.runner import run_in_terminal
from tutor.lessons.validate import check_lesson, coverage, texts, yes_no_answers

LESSONS = load_all()
TEMPLATE = {(str(m.id), m.context) for m in catalogs.read(catalogs.TEMPLATE) if m.id}

REQUIRED = {
    "cards-and-values", "wild-cards-and-threes", "melds", "canastas", "a-turn", "initial-meld",
    "taking-the-pile", "frozen-pile-and-stop-cards", "going-out", "scoring-a-hand",
    "when-the-stock-runs-out", "canasta-for-two", "canasta-for-three", "classic-whole-hand",
    "modern-what-changes", "modern-threes-and-permission", "modern-wild-cards",
    "modern-pile-and-discards", "modern-scoring", "modern-whole-hand",
}
# The rules a beginner meets in a normal hand of Classic Canasta for four.
BEGINNER_RULES = {
    "C-SETUP-2", "C-SETUP-3", "C-CARD-1", "C-TURN-1", "C-TURN-2", "C-TURN-3", "C-MELD-1",
    "C-MELD-2", "C-MELD-3", "C-MELD-4", "C-MELD-5", "C-MELD-6", "C-INIT-1", "C-INIT-2",
    "C-PILE-1", "C-PILE-2", "C-PILE-3", "C-PILE-4", "C-PILE-5", "C-THREE-1", "C-THREE-2",
    "C-OUT-1", "C-OUT-2", "C-OUT-4", "C-OUT-5", "C-SCORE-1",
}


def test_the_curriculum_has_every_required_lesson() -> None:
    assert {lesson.id for lesson in LESSONS} >= REQUIRED


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_replays_through_the_engine(lesson: Lesson) -> None:
    assert 4 <= len(lesson.steps) <= 16  # one idea a step: short steps, a few more of them
    problems = check_lesson(lesson, TEMPLATE)
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_lesson_plays_in_every_language(lesson: Lesson, lang: str) -> None:
    out: list[str] = []
    right = run_in_terminal(lesson, translator(lang), lambda prompt: "", out.append, auto=True)
    assert right == len(lesson.steps)
    text = "\n".join(out)
    assert "{" not in text
    if lang != "en":  # every lesson text has a translation in the catalog
        done = translated_entries(lang)
        untranslated = [t for t in texts(lesson) if (t, lesson.context) not in done]
        assert not untranslated, untranslated[:3]


@functools.cache
def translated_entries(lang: str) -> set[tuple[str, str | None]]:
    catalog = catalogs.read(catalog_path(lang), lang)
    return {(str(m.id), m.context) for m in catalog if m.id and m.string and not m.fuzzy}


def test_yes_no_questions_answer_yes_about_as_often_as_no() -> None:
    """A learner who always answers "no" (or always "yes") must not pass the quizzes."""
    answers = [answer for lesson in LESSONS for _, answer in yes_no_answers(lesson)]
    assert len(answers) >= 30
    assert 0.4 <= answers.count("yes") / len(answers) <= 0.6, (
        answers.count("yes"), answers.count("no"))


def test_beginner_rules_are_covered_by_lessons() -> None:
    table = coverage(LESSONS)
    assert not [rule for rule in BEGINNER_RULES if not table[rule]]


def test_a_wrong_move_gets_the_verdict_and_the_hint() -> None:
    from tutor.lessons.runner import move_feedback

    lesson = next(item for item in LESSONS if item.id == "taking-the-pile")
    step = lesson.step("with-a-pair")
    feedback = move_feedback(lesson, step, "take KH 2C", translator("en"))
    assert not feedback.correct
    assert any("not in hand" in line or "may not" in line for line in feedback.lines)
    assert feedback.lines[-1] == step.hint


# ----- planted errors --------------------------------------------------------------------------

GOOD = """
id = "planted"
family = "classic"
title = "A planted lesson"

[[steps]]
id = "intro"
kind = "explain"
text = "Hello."

[[steps]]
id = "pair"
kind = "do"
text = "Take the pile."
expect = ["take KH KS"]
POSITION

[[steps]]
id = "value"
kind = "quiz"
quiz = "value"
question = "How much?"
cards = "JK AH"
choices = [70, 60]
""".replace(
    "POSITION",
    'position = { turn = 0, hands = ["KH KS 5D", "", "", ""], '
    'sides = [["7H 7S 7D"], []], pile = "4C KD" }',
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "planted.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_planted_lesson_is_fine_as_written(tmp_path: Path) -> None:
    lesson = load_file(write(tmp_path, GOOD))
    assert check_lesson(lesson) == []
    assert [s.kind for s in lesson.steps] == [StepKind.EXPLAIN, StepKind.DO, StepKind.QUIZ]


def test_an_illegal_expected_move_is_rejected(tmp_path: Path) -> None:
    lesson = load_file(write(tmp_path, GOOD.replace('expect = ["take KH KS"]',
                                                    'expect = ["take KH 5D"]')))
    (problem,) = check_lesson(lesson)
    assert "lesson planted, step pair" in str(problem) and "illegal" in str(problem)


def test_a_wrong_quiz_answer_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match=r"lesson planted, step 3 \(value\).*engine says '70'"):
        load_file(write(tmp_path, GOOD + 'answer = 60\n'))
    lesson = load_file(write(tmp_path, GOOD.replace("choices = [70, 60]", "choices = [80, 60]")))
    (problem,) = check_lesson(lesson)
    assert "step value" in str(problem) and "'70' is not among the choices" in str(problem)


def test_an_unknown_key_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match=r"planted.toml: lesson planted, step 1 \(intro\): "
                                          r"unknown key\(s\) colour"):
        load_file(write(tmp_path, GOOD.replace('text = "Hello."', 'text = "Hello."\ncolour = 1')))


def test_a_bad_position_is_rejected_with_its_step(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match=r"step 2 \(pair\): position.hands\[0\]"):
        load_file(write(tmp_path, GOOD.replace('"KH KS 5D"', '"KH KS XX"')))


def test_a_move_meant_to_fail_that_succeeds_is_rejected(tmp_path: Path) -> None:
    text = GOOD.replace('expect = ["take KH KS"]',
                        'expect_illegal = "take KH KS"\nexpect_rule = "C-PILE-4"')
    (problem,) = check_lesson(load_file(write(tmp_path, text)))
    assert "meant to fail is legal" in str(problem)


@pytest.mark.parametrize(
    ("teaches", "problem"),
    [
        ('["C-PILE-1", "V-C1"]', None),  # a house-rule option of Classic for four
        ('["V-C99"]', "teaches 'V-C99', not a house-rule option of classic-4p"),
        ('["V-C7"]', "teaches 'V-C7', not a house-rule option of classic-4p"),  # three players
        ('["V-M3"]', "teaches 'V-M3', not a house-rule option of classic-4p"),  # Modern
        ('["C-PILE-99"]', "teaches unknown rule id 'C-PILE-99'"),
    ],
    ids=["option", "unknown-option", "other-preset", "other-family", "unknown-rule"],
)
def test_an_explain_step_teaches_rule_ids_and_the_options_of_its_rules(
    tmp_path: Path, teaches: str, problem: str | None
) -> None:
    lesson = load_file(write(tmp_path, GOOD.replace('text = "Hello."',
                                                    f'text = "Hello."\nteaches = {teaches}')))
    found = [str(item) for item in check_lesson(lesson)]
    assert found == ([] if problem is None else [f"planted.toml: lesson planted, step intro: "
                                                 f"{problem}"])
