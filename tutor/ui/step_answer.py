"""A lesson's *do* step answered: the move judged once, when it is given, and kept.

The page draws the table, the feedback (:func:`tutor.lessons.runner.move_feedback`, given the
kept result) and the rules behind it from what is kept here, on every run and in whatever
language the learner switches to, without asking the engine again. Plain Python (no Streamlit).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.actions import Action
from tutor.engine.judge import apply
from tutor.engine.state import GameState
from tutor.lessons.answers import MoveResult, judge_move
from tutor.lessons.model import Step


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
