"""Replaying every lesson through the engine: positions, moves, quiz answers and texts.

:func:`check_lesson` returns the problems of one lesson (each naming file, lesson and step);
:func:`coverage` lists, for every rule id, the lesson steps that exercise it (from the engine's
own verdicts and score items, plus the rules an *explain* step says it teaches).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tutor.engine.errors import TutorError
from tutor.engine.judge import apply, judge
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.scoring import PlayerTally, SideTally, score_hand
from tutor.lessons.answers import engine_answer
from tutor.lessons.model import Lesson, QuizKind, Step, StepKind


@dataclass(frozen=True, slots=True)
class LessonProblem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def texts(lesson: Lesson) -> Iterator[str]:
    """Every translatable text of a lesson (msgids, with the lesson's context)."""
    yield lesson.title
    if lesson.summary:
        yield lesson.summary
    for step in lesson.steps:
        for text in (step.text, step.question, step.hint, step.success):
            if text:
                yield text
        for move in step.moves:
            yield move.say


def check_lesson(
    lesson: Lesson, template: set[tuple[str, str | None]] | None = None
) -> list[LessonProblem]:
    problems: list[LessonProblem] = []
    for step in lesson.steps:
        where = f"{lesson.path}: lesson {lesson.id}, step {step.id}"
        try:
            problems.extend(LessonProblem(where, what) for what in _check_step(lesson, step))
        except TutorError as exc:
            problems.append(LessonProblem(where, str(exc)))
    if template is not None:
        for text in texts(lesson):
            if (text, lesson.context) not in template:
                problems.append(
                    LessonProblem(
                        f"{lesson.path}: lesson {lesson.id}",
                        f"text not in locales/tutor.pot (run python -m tutor catalogs extract): "
                        f"{text[:50]!r}",
                    )
                )
    return problems


def _check_step(lesson: Lesson, step: Step) -> Iterator[str]:
    if step.kind is StepKind.EXPLAIN:
        for rule in step.teaches:
            if rule not in RULE_IDS:
                yield f"teaches unknown rule id {rule!r}"
    elif step.kind is StepKind.QUIZ:
        answer = engine_answer(step, lesson.rules)
        if answer not in step.choices:
            yield f"the engine's answer {answer!r} is not among the choices {list(step.choices)}"
    elif step.kind is StepKind.DO:
        assert step.position is not None
        for action in step.expect:
            verdict = judge(step.position, action)
            if not verdict.legal:
                yield f"expected move {action} is illegal: {verdict}"
        if step.expect_illegal is not None:
            verdict = judge(step.position, step.expect_illegal)
            if verdict.legal:
                yield f"the move {step.expect_illegal} meant to fail is legal"
            elif step.expect_rule not in verdict.rules:
                yield (
                    f"the move {step.expect_illegal} fails by {', '.join(verdict.rules)}, "
                    f"not by {step.expect_rule}"
                )
    else:
        state = step.position
        assert state is not None
        for index, move in enumerate(step.moves):
            verdict = judge(state, move.action)
            if not verdict.legal:
                yield f"move {index + 1} ({move.action}) is illegal: {verdict}"
                return
            state = apply(state, move.action)


def rules_exercised(lesson: Lesson, step: Step) -> set[str]:
    """Rule ids a step exercises, as the engine's verdicts and scores name them."""
    rules = lesson.rules
    found: set[str] = set(step.teaches)
    if step.kind is StepKind.QUIZ:
        if step.quiz is QuizKind.LEGAL and step.position and step.action:
            found |= set(judge(step.position, step.action).rules)
        elif step.quiz is QuizKind.VALUE:
            found.add("M-CARD-1" if rules.is_modern else "C-CARD-1")
            tally = (SideTally((PlayerTally(0, step.cards),)),)
            found |= {i.reason.rule for s in score_hand(rules, tally).sides for i in s.items}
        elif step.quiz is QuizKind.MINIMUM:
            found.add("M-INIT-1" if rules.is_modern else "C-INIT-1")
        elif step.quiz is QuizKind.SCORE:
            found |= {i.reason.rule for s in score_hand(rules, step.tally).sides for i in s.items}
    elif step.kind is StepKind.DO and step.position is not None:
        for action in step.expect:
            found |= set(judge(step.position, action).rules)
        if step.expect_illegal is not None:
            found |= set(judge(step.position, step.expect_illegal).rules)
    elif step.kind is StepKind.WATCH and step.position is not None:
        state = step.position
        for move in step.moves:
            verdict = judge(state, move.action)
            found |= set(verdict.rules)
            if not verdict.legal:
                break
            state = apply(state, move.action)
            if state.results and state.end is not None:
                found |= {i.reason.rule for s in state.results[-1].sides for i in s.items}
    return found


def coverage(lessons: Iterable[Lesson]) -> dict[str, list[str]]:
    """For every rule id of RULES.md, the ``lesson/step`` ids that exercise it."""
    table: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
    for lesson in lessons:
        for step in lesson.steps:
            for rule in sorted(rules_exercised(lesson, step)):
                if rule in table:
                    table[rule].append(f"{lesson.id}/{step.id}")
    return table
