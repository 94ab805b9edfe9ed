"""The one path of a card-table click (tutor/ui/table_intents.py), a lesson's move and quiz
answer judged once (tutor/ui/step_answer.py, tutor.lessons.runner.judge_quiz) and a practice
move judged once: what the three tables share is tested here once."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.actions import Action
from tutor.engine.errors import PositionError
from tutor.engine.judge import apply
from tutor.engine.judge import judge as engine_judge
from tutor.engine.rules import rule_set
from tutor.i18n import translator
from tutor.lessons import runner
from tutor.lessons.answers import check_answer, engine_answer
from tutor.lessons.load import load_all
from tutor.lessons.model import Lesson, QuizKind, Step, StepKind
from tutor.lessons.runner import move_feedback, quiz_feedback
from tutor.ui import attempts, lesson_table, step_answer
from tutor.ui import practice as practice_module
from tutor.ui.card_table.intents import IntentKind, StagedGroup
from tutor.ui.card_table.model import version_of
from tutor.ui.practice import LEARNER, NO_MOVE, NO_MOVE_TEXT, Practice
from tutor.ui.session import TutorSession
from tutor.ui.table_intents import STALE, Spot, TableState, handle, read_click, refused

EN = translator("en")
LESSONS = load_all()
DO_STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps
            if step.kind is StepKind.DO and step.position is not None]


def spot_of(step: Step) -> Spot:
    assert step.position is not None
    return Spot(step.position, step.position.turn, version_of(step.position, 0,
                                                              step.position.turn))


def a_do_step() -> tuple[Lesson, Step]:
    lesson = next(item for item in LESSONS if item.id == "melds")
    return lesson, lesson.step("meld-three-nines")


@pytest.mark.parametrize(("lesson", "step"), DO_STEPS,
                         ids=[f"{lesson.id}:{step.id}" for lesson, step in DO_STEPS])
def test_the_kept_answer_reads_as_the_lesson_runner_says_it(lesson: Lesson, step: Step) -> None:
    """The page's feedback, worded from the result judged once when the move was given, is
    the terminal runner's (which judges the typed text) word for word: for the step's own
    move, a move it does not ask for, and text that is no move; and the attempt kept for the
    store is the same as when the text is judged afresh."""
    assert step.position is not None
    tries = [str(step.expect[0]) if step.expect else str(step.expect_illegal), "draw",
             "discard KH", "meld 11H"]
    for lang in ("en", "de"):
        tr = translator(lang)
        for text in tries:
            answer = step_answer.answer_step(step, text)
            assert move_feedback(lesson, step, answer.result, tr) == \
                move_feedback(lesson, step, text, tr), (text, lang)
            assert attempts.lesson_attempt(lesson, step, text, answer.result) == \
                attempts.lesson_attempt(lesson, step, text), text
            if answer.played is not None:
                action, after = answer.played
                assert answer.result.correct and after == apply(step.position, action)
            else:
                assert not (answer.result.correct and answer.result.verdict
                            and answer.result.verdict.legal)


def test_a_lesson_answer_is_not_judged_again_when_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the move was given, drawing the table and its feedback asks the engine nothing
    about it: the judge of lesson answers fails the test if it is asked again."""
    lesson, step = a_do_step()
    session = TutorSession()
    lesson_table.give_answer(session, lesson, step, "meld 9C 9H 9S")
    assert session.judged is not None and session.judged.result.correct

    def judged_again(*_args: Any) -> None:
        raise AssertionError("the answer was judged again")

    for module in (step_answer, runner, attempts):
        monkeypatch.setattr(module, "judge_move", judged_again)
    data = lesson_table.step_table(session, lesson, step, EN)
    assert data is not None and data["readonly"] and data["verdict"]["legal"]
    assert move_feedback(lesson, step, session.judged.result, EN).correct
    attempt = attempts.lesson_attempt(lesson, step, "meld 9C 9H 9S", session.judged.result)
    assert attempt is not None and attempt.correct


QUIZ_STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps
              if step.kind is StepKind.QUIZ]


@pytest.mark.parametrize(("lesson", "step"), QUIZ_STEPS,
                         ids=[f"{lesson.id}:{step.id}" for lesson, step in QUIZ_STEPS])
def test_a_kept_quiz_answer_reads_as_a_fresh_one(lesson: Lesson, step: Step) -> None:
    """Each choice of a quiz, judged once and kept, is worded (in two languages) and stored
    as the answer judged afresh is: right for the engine's answer only."""
    rights = []
    for choice in step.choices:
        result = runner.judge_quiz(lesson, step, choice)
        rights.append(result.correct)
        assert result.correct == check_answer(step, lesson.rules, choice)
        assert result.right == engine_answer(step, lesson.rules)
        for tr in (EN, translator("de")):
            assert quiz_feedback(lesson, step, result, tr) == \
                quiz_feedback(lesson, step, choice, tr), choice
        assert attempts.lesson_attempt(lesson, step, choice, result) == \
            attempts.lesson_attempt(lesson, step, choice)
    assert rights.count(True) == 1


def test_a_quiz_answer_is_not_judged_again_when_worded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A "may this move be made?" question: once answered, its feedback with the move's
    reasons and its attempt ask the engine nothing."""
    lesson, step = next((lesson, step) for lesson, step in QUIZ_STEPS
                        if step.quiz is QuizKind.LEGAL)
    result = runner.judge_quiz(lesson, step, "yes")
    attempts.exercised(lesson, step)  # the step's own rules: its lesson file's, once

    def judged_again(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the answer was judged again")

    for name in ("judge", "engine_answer", "judge_move"):
        monkeypatch.setattr(runner, name, judged_again)
    for name in ("check_answer", "rules_exercised"):
        monkeypatch.setattr(attempts, name, judged_again)
    feedback = quiz_feedback(lesson, step, result, EN)
    assert feedback.correct == result.correct and len(feedback.lines) >= 2
    attempt = attempts.lesson_attempt(lesson, step, "yes", result)
    assert attempt is not None and attempt.correct == result.correct


def test_a_stale_click_is_refused_and_keeps_the_staging() -> None:
    _lesson, step = a_do_step()
    at = spot_of(step)
    table = TableState(staged=(StagedGroup((0,)),), message="before")
    click = read_click(table, {"kind": "meld", "selected": [1], "version": "old"}, at, EN)
    assert click.kind is None and click.action is None and click.silences_verdict
    assert click.table.staged == table.staged and click.table.message == EN.gettext(STALE)


def test_a_question_is_counted_and_the_count_outlives_a_fresh_table() -> None:
    """Wild cards alone with more than one meld to join: the table asks, each question with a
    new number, which a fresh table (another step, a new hand) goes on counting."""
    lesson = next(item for item in LESSONS if item.id == "canastas")
    step = lesson.step("wild-card-on-a-natural-canasta")
    at = spot_of(step)
    assert step.position is not None
    hand = step.position.hands[at.seat]
    wilds = [index for index, card in enumerate(hand) if card.is_wild]
    click = read_click(TableState(asked=4), {"kind": "stage", "selected": wilds[:1],
                                             "version": at.version}, at, EN)
    if click.table.choice is not None:  # more than one meld to choose from
        assert click.table.asked == 5 and click.table.choice.number == 5
        assert click.table.choice.version == at.version
    assert click.table.cleared() == TableState(asked=click.table.asked)


def test_the_verdict_stays_for_a_hint_and_a_cancel_and_goes_for_a_notice() -> None:
    _lesson, step = a_do_step()
    at = spot_of(step)
    silenced: list[str] = []
    tables: dict[str, TableState] = {}
    for kind in ("hint", "cancel", "discard"):  # a discard of no card: a notice
        handle(tables, "t", {"kind": kind, "selected": [], "version": at.version}, at, EN,
               silence=lambda kind=kind: silenced.append(kind),
               play=lambda _action: None)
    assert silenced == ["discard"]
    assert tables["t"].message == "Select exactly one card to discard."


RAW = st.fixed_dictionaries(
    {"kind": st.sampled_from([k.value for k in IntentKind] + ["fly", 3]),
     "selected": st.one_of(st.lists(st.integers(-2, 20), max_size=5), st.text(max_size=3)),
     "version": st.sampled_from(["ok", "old"])},
    optional={"onto": st.sampled_from([None, "K", "9", "X", 7]),
              "group": st.sampled_from([None, 0, 1, "0", True])})


@settings(max_examples=150, deadline=None)
@given(RAW)
def test_any_message_from_the_browser_is_answered_and_a_refusal_changes_nothing(
        raw: dict[str, Any]) -> None:
    """Whatever the browser sends, the click is read without an exception; a refused one
    keeps the groups put aside as they were, with a notice saying why; a move goes to the
    page's player and never comes with a notice of its own."""
    _lesson, step = a_do_step()
    at = spot_of(step)
    raw = {**raw, "version": at.version if raw["version"] == "ok" else "old"}
    before = TableState(staged=(StagedGroup((0,)),))
    played: list[object] = []
    tables = {"t": before}
    click = handle(tables, "t", raw, at, EN, silence=lambda: None, play=played.append)
    if click.kind is None:
        assert tables["t"].staged == before.staged and tables["t"].message
        assert not played
    if click.action is not None:
        assert played == [click.action] and tables["t"].message is None


def test_a_practice_move_is_judged_once_and_kept_as_judged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner's move is judged once (for the learner's seat) and played with that
    verdict: the history keeps it as a fresh judgment gives it; a computer player's move, not
    judged before, is judged as it is played."""
    game = Practice.start(rule_set("classic-4p"), seed=3)
    assert game.state.actor == LEARNER
    before = game.state
    action = Action.parse("draw")
    calls: list[int | None] = []

    def counted(state: Any, move: Any, *, seat: int | None = None) -> Any:
        calls.append(seat)
        return engine_judge(state, move, seat=seat)

    monkeypatch.setattr(practice_module, "judge", counted)
    verdict = game.attempt(action)
    assert verdict.legal and calls == [LEARNER]
    entry = game.entries[-1]
    assert entry.seat == LEARNER and entry.verdict == engine_judge(before, action)
    assert game.states[-1] == apply(before, action)


def test_a_game_error_is_refused_on_the_table_in_words() -> None:
    """A computer player left without a move (a hand-made position) is said in words on the
    table, never by its seat's number; any other refusal quotes the error as before."""
    said = refused(PositionError("seat 2 has no legal move in this position", code=NO_MOVE), EN)
    assert NO_MOVE_TEXT in said and "seat" not in said
    assert "not a card: 11H" in refused(PositionError("not a card: 11H"), EN)
