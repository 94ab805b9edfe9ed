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
from tutor.lessons.answers import MoveResult, check_answer, judge_move
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import QuizResult
from tutor.lessons.validate import rules_exercised
from tutor.store import Attempt, Source
from tutor.store.check import MAX_ACTION, MAX_POSITION, MAX_RULES


def lesson_attempt(lesson: Lesson, step: Step, answer: str,
                   judged: MoveResult | QuizResult | None = None) -> Attempt | None:
    """A learner's answer on a lesson step (None: not judged, such as text that is not a
    move). ``judged``: the answer's result as the callback judged it already, so it is not
    judged again here."""
    if step.kind is StepKind.QUIZ:
        correct = (judged.correct if isinstance(judged, QuizResult)
                   else check_answer(step, lesson.rules, answer))
        return _attempt(Source.LESSON, exercised(lesson, step), correct, lesson=lesson.id,
                        step=step.id, action=answer)
    if step.kind not in (StepKind.DO, StepKind.DECIDE) or step.position is None:
        return None
    result = judged if isinstance(judged, MoveResult) else judge_move(step, answer)
    verdict = result.verdict
    if verdict is None:
        return None
    if step.kind is StepKind.DECIDE:
        # a worse but legal choice is a matter of play, not a rule misread: the rules the move
        # used are kept as right, and a move the rules refuse as wrong
        return _attempt(Source.LESSON, verdict.rules, verdict.legal,
                        verdict=None if verdict.legal else verdict,
                        position=None if verdict.legal else step.position,
                        lesson=lesson.id, step=step.id, action=str(verdict.action))
    if result.correct:
        rules: Iterable[str] = (*verdict.rules, *sorted(exercised(lesson, step)))
    else:
        rules = [reason.rule for reason in verdict.forbidding] or sorted(exercised(lesson, step))
    return _attempt(Source.LESSON, rules, result.correct,
                    verdict=None if result.correct else verdict,
                    position=None if result.correct else step.position,
                    lesson=lesson.id, step=step.id, action=str(verdict.action))


# The rules each step exercises, by the step's id() with the lesson and step kept (so an id is
# never reused while its entry lives): they are its lesson file's, the same for every answer,
# so a step's own moves are judged for them once and not again on each try.
_EXERCISED: dict[int, tuple[Lesson, Step, frozenset[str]]] = {}
_MAX_EXERCISED = 4096  # far more steps than the lessons have; a reloaded library starts over


def exercised(lesson: Lesson, step: Step) -> frozenset[str]:
    """:func:`tutor.lessons.validate.rules_exercised`, worked out once per step."""
    found = _EXERCISED.get(id(step))
    if found is not None and found[0] is lesson and found[1] is step:
        return found[2]
    if len(_EXERCISED) >= _MAX_EXERCISED:
        _EXERCISED.clear()
    rules = frozenset(rules_exercised(lesson, step))
    _EXERCISED[id(step)] = (lesson, step, rules)
    return rules


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
