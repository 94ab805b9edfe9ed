"""A learner's judged answer as the store keeps it (no Streamlit: the callbacks build these and
queue them with :func:`tutor.ui.progress.note`).

No rule is judged here: the attempts carry the engine's rule ids, a lesson step's own
(``rules_exercised``) and the verdict's, and a wrong move keeps its position for review.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine.records import dumps_position
from tutor.engine.state import GameState
from tutor.engine.verdict import Verdict
from tutor.lessons.answers import check_answer, judge_move
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.validate import rules_exercised
from tutor.store import Attempt, Source
from tutor.store.check import MAX_ACTION, MAX_POSITION, MAX_RULES


def lesson_attempt(lesson: Lesson, step: Step, answer: str) -> Attempt | None:
    """A learner's answer on a lesson step (None: not judged, such as text that is not a
    move)."""
    exercised = rules_exercised(lesson, step)
    if step.kind is StepKind.QUIZ:
        correct = check_answer(step, lesson.rules, answer)
        return _attempt(Source.LESSON, exercised, correct, lesson=lesson.id, step=step.id,
                        action=answer)
    if step.kind is not StepKind.DO or step.position is None:
        return None
    result = judge_move(step, answer)
    verdict = result.verdict
    if verdict is None:
        return None
    if result.correct:
        rules: Iterable[str] = (*verdict.rules, *sorted(exercised))
    else:
        rules = [reason.rule for reason in verdict.forbidding] or sorted(exercised)
    return _attempt(Source.LESSON, rules, result.correct,
                    verdict=None if result.correct else verdict,
                    position=None if result.correct else step.position,
                    lesson=lesson.id, step=step.id, action=str(verdict.action))


def practice_attempt(before: GameState, verdict: Verdict,
                     source: Source = Source.PRACTICE) -> Attempt:
    """A judged move of the learner's: right when legal; a wrong one keeps its position."""
    return _attempt(source, verdict.rules, verdict.legal, verdict=verdict,
                    position=None if verdict.legal else before, action=str(verdict.action))


def _attempt(source: Source, rules: Iterable[str], correct: bool, *,
             verdict: Verdict | None = None, position: GameState | None = None,
             lesson: str = "", step: str = "", action: str = "") -> Attempt:
    kept = None
    if position is not None:
        text = dumps_position(position)
        kept = text if len(text) <= MAX_POSITION else None
    return Attempt(source, tuple(dict.fromkeys(rules))[:MAX_RULES], correct,
                   reasons=verdict.forbidding if verdict is not None else (),
                   action=action[:MAX_ACTION], position=kept, lesson_id=lesson, step_id=step)
