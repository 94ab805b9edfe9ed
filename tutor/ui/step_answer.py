"""A lesson's *do* step answered: the move judged once, when it is given, and kept.

The page draws the table, the feedback and the rules behind it from what is kept here, on every
run and in whatever language the learner switches to, without asking the engine again. Plain
Python (no Streamlit).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.actions import Action
from tutor.engine.judge import apply
from tutor.engine.state import GameState
from tutor.i18n import Translator
from tutor.lessons.answers import MoveResult, judge_move
from tutor.lessons.model import Lesson, Step
from tutor.lessons.runner import LEGAL_NOT_ASKED, NOT_A_MOVE, RIGHT, WELL_SPOTTED, Feedback, say
from tutor.words.explain import Explanation, explain_verdict


@dataclass(frozen=True, slots=True)
class StepAnswer:
    """The text given (a click's move in notation, or a typed one), the engine's word on it,
    and when it was the move the step asks for, that move and the position after it."""

    text: str
    result: MoveResult
    played: tuple[Action, GameState] | None = None


def answer_step(step: Step, text: str) -> StepAnswer:
    """Judge ``text`` on the step (tutor.lessons.answers): once. A right move is played, so
    the table shows the position after it; any other leaves the table as it was, with the
    engine's verdict, for another try."""
    assert step.position is not None
    result = judge_move(step, text)
    verdict = result.verdict
    if verdict is None or not verdict.legal or not result.correct:
        return StepAnswer(text, result)
    return StepAnswer(text, result, (verdict.action, apply(step.position, verdict.action)))


def feedback(lesson: Lesson, step: Step, answer: StepAnswer, tr: Translator,
             explanation: Explanation | None = None) -> Feedback:
    """What the answer comes to in words, as :func:`tutor.lessons.runner.move_feedback` says
    it (a test keeps the two the same), from the kept verdict instead of a new judgment (and
    its ``explanation``, when the table's was made already)."""
    result = answer.result
    if result.verdict is None:
        lines = [tr.format(tr.gettext(NOT_A_MOVE), NOT_A_MOVE, error=result.error)]
        if step.hint:
            lines.append(say(lesson, step.hint, tr))
        return Feedback(False, tuple(lines))
    explanation = explanation or explain_verdict(result.verdict, tr)
    lines = []
    if result.correct:
        lines.append(tr.gettext(WELL_SPOTTED if step.expect_illegal else RIGHT))
    elif result.verdict.legal:
        lines.append(tr.gettext(LEGAL_NOT_ASKED))
    lines.extend((explanation.headline, *explanation.reasons))
    if result.correct and step.success:
        lines.append(say(lesson, step.success, tr))
    if not result.correct and step.hint:
        lines.append(say(lesson, step.hint, tr))
    return Feedback(result.correct, tuple(lines))
