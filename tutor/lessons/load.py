"""Reading lesson files (TOML) into :mod:`tutor.lessons.model` values, strictly.

Unknown keys and bad values are errors that name the file, the lesson and the step. The format
is documented in docs/lessons.md.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tutor.engine.actions import Action
from tutor.engine.cards import parse_cards
from tutor.engine.errors import TutorError
from tutor.engine.records import position_from_json
from tutor.engine.rules import Family, RuleSet, rule_set
from tutor.engine.scoring import SideTally, tallies_from_json
from tutor.lessons.model import Lesson, QuizKind, Step, StepKind, WatchMove

LESSONS_DIR = Path(__file__).resolve().parent.parent.parent / "lessons"
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
T = TypeVar("T")

LESSON_KEYS = {"id", "title", "family", "order", "rules", "summary", "steps"}
COMMON_STEP_KEYS = {"id", "kind", "text", "cards"}
STEP_KEYS: dict[StepKind, set[str]] = {
    StepKind.EXPLAIN: COMMON_STEP_KEYS | {"teaches"},
    StepKind.QUIZ: COMMON_STEP_KEYS
    | {
        "quiz",
        "question",
        "choices",
        "action",
        "position",
        "score",
        "tally",
        "side",
        "answer",
        "hint",
        "success",
    },
    StepKind.DO: COMMON_STEP_KEYS
    | {"position", "expect", "expect_illegal", "expect_rule", "hint", "success"},
    StepKind.WATCH: COMMON_STEP_KEYS | {"position", "moves"},
}


class LessonError(TutorError, ValueError):
    """A lesson file that cannot be used: the message names file, lesson and step. A file with
    several broken steps gives one line per step (:attr:`problems`)."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems: tuple[str, ...] = problems


@dataclass(frozen=True, slots=True)
class Loaded:
    """Every lesson of a folder that loads, and the problems of those that do not."""

    lessons: tuple[Lesson, ...]
    problems: tuple[str, ...]


def load_all(directory: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """Every lesson of the folder in curriculum order; a :class:`LessonError` listing every
    broken file and step if any."""
    loaded = load_each(directory)
    if loaded.problems:
        raise LessonError(*loaded.problems)
    return loaded.lessons


def load_each(directory: Path = LESSONS_DIR) -> Loaded:
    """Load every file of the folder, going on past broken ones (for ``lessons check``)."""
    lessons: list[Lesson] = []
    problems: list[str] = []
    for path in sorted(directory.glob("*.toml")):
        try:
            lessons.append(load_file(path))
        except LessonError as exc:
            problems.extend(exc.problems)
    seen: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            problems.append(
                f"{lesson.path}: lesson id {lesson.id!r} is also used by {seen[lesson.id]}"
            )
        else:
            seen[lesson.id] = lesson.path
    ordered = sorted(lessons, key=lambda item: (item.family.value, item.order, item.id))
    return Loaded(tuple(ordered), tuple(problems))


def load_file(path: Path) -> Lesson:
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{where}: {exc}") from None
    return parse_lesson(data, where)


def parse_lesson(data: Mapping[str, Any], where: str) -> Lesson:
    lesson_id = data.get("id")
    if not isinstance(lesson_id, str) or not SLUG.match(lesson_id):
        raise LessonError(f"{where}: 'id' must be a slug like 'taking-the-pile'")
    at = f"{where}: lesson {lesson_id}"
    problems: list[str] = []  # gathered, so that one run names every broken step of a file
    unknown = set(data) - LESSON_KEYS
    if unknown:
        problems.append(f"{at}: unknown key(s) {', '.join(sorted(unknown))}")
    try:
        family = Family(data.get("family"))
    except ValueError:
        raise LessonError(*problems, f"{at}: 'family' must be 'classic' or 'modern'") from None
    try:
        rules = _rules(
            data.get("rules", "classic-4p" if family is Family.CLASSIC else "modern-american"),
            at,
        )
    except LessonError as exc:
        raise LessonError(*problems, *exc.problems) from None
    if rules.family is not family:
        problems.append(f"{at}: rules {rules.preset} are not of the {family.value} family")
    steps_data = data.get("steps")
    if not isinstance(steps_data, list) or not steps_data:
        raise LessonError(*problems, f"{at}: 'steps' must be a non-empty list of [[steps]]")
    steps: list[Step] = []
    for i, raw in enumerate(steps_data):
        try:
            steps.append(_step(raw, rules, f"{at}, step {i + 1}"))
        except LessonError as exc:
            problems.extend(exc.problems)
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids):
        problems.append(f"{at}: step ids repeat")
    title = _gather(problems, lambda: _text(data, "title", at), "")
    order = _gather(problems, lambda: _int(data.get("order", 0), f"{at}: order"), 0)
    summary = _gather(problems, lambda: _text(data, "summary", at, required=False), "")
    if problems:
        raise LessonError(*problems)
    return Lesson(
        id=lesson_id,
        title=title,
        family=family,
        order=order,
        rules=rules,
        summary=summary,
        steps=tuple(steps),
        path=where,
    )


def _gather(problems: list[str], read: Callable[[], T], default: T) -> T:
    """``read()``, or ``default`` with its problems noted, so that reading goes on."""
    try:
        return read()
    except LessonError as exc:
        problems.extend(exc.problems)
        return default


def _rules(raw: object, at: str) -> RuleSet:
    try:
        if isinstance(raw, str):
            return rule_set(raw)
        if isinstance(raw, Mapping):
            return RuleSet.from_json(raw)
    except TutorError as exc:
        raise LessonError(f"{at}: rules: {exc}") from None
    raise LessonError(f"{at}: 'rules' must be a preset name or {{preset, options}}")


def _text(data: Mapping[str, Any], key: str, at: str, *, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{at}: '{key}' must be a non-empty text")
    if "{" in value or "}" in value:
        raise LessonError(f"{at}: '{key}' may not contain braces")
    return value.strip()


def _int(value: object, at: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LessonError(f"{at}: expected a whole number")
    return value


def _step(raw: object, rules: RuleSet, at: str) -> Step:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{at}: expected a table")
    step_id = raw.get("id")
    if not isinstance(step_id, str) or not SLUG.match(step_id):
        raise LessonError(f"{at}: 'id' must be a slug")
    at = f"{at} ({step_id})"
    try:
        kind = StepKind(raw.get("kind"))
    except ValueError:
        raise LessonError(f"{at}: 'kind' must be explain, quiz, do or watch") from None
    unknown = set(raw) - STEP_KEYS[kind]
    if unknown:
        raise LessonError(
            f"{at}: unknown key(s) {', '.join(sorted(unknown))} for a {kind.value} step"
        )
    try:
        return _build_step(raw, kind, step_id, rules, at)
    except (TutorError, TypeError, ValueError, KeyError) as exc:  # data of the wrong shape too
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"{at}: {exc}") from None


def _build_step(
    raw: Mapping[str, Any], kind: StepKind, step_id: str, rules: RuleSet, at: str
) -> Step:
    text = _text(raw, "text", at, required=kind is not StepKind.QUIZ)
    cards = parse_cards(str(raw.get("cards", "")))
    position = None
    if "position" in raw:
        data = dict(raw["position"])
        data.setdefault("rules", rules.to_json())
        position = position_from_json(data)
    if kind is StepKind.EXPLAIN:
        teaches = tuple(str(r) for r in raw.get("teaches", []))
        return Step(step_id, kind, text=text, cards=cards, teaches=teaches)
    if kind is StepKind.WATCH:
        if position is None:
            raise LessonError(f"{at}: a watch step needs a 'position'")
        moves_raw = raw.get("moves")
        if not isinstance(moves_raw, list) or not moves_raw:
            raise LessonError(f"{at}: 'moves' must list [[steps.moves]] with action and say")
        moves = []
        for i, move in enumerate(moves_raw):
            if not isinstance(move, Mapping) or set(move) - {"action", "say"}:
                raise LessonError(f"{at}, move {i + 1}: keys are 'action' and 'say'")
            moves.append(
                WatchMove(
                    Action.parse(str(move.get("action", ""))),
                    _text(move, "say", f"{at}, move {i + 1}"),
                )
            )
        return Step(step_id, kind, text=text, cards=cards, position=position, moves=tuple(moves))
    hint = _text(raw, "hint", at, required=False)
    success = _text(raw, "success", at, required=False)
    if kind is StepKind.DO:
        if position is None:
            raise LessonError(f"{at}: a do step needs a 'position'")
        expect = tuple(Action.parse(str(a)) for a in raw.get("expect", []))
        illegal = Action.parse(str(raw["expect_illegal"])) if "expect_illegal" in raw else None
        if bool(expect) == bool(illegal):
            raise LessonError(f"{at}: give either 'expect' (moves) or 'expect_illegal'")
        expect_rule = str(raw.get("expect_rule", ""))
        if illegal is not None and not expect_rule:
            raise LessonError(f"{at}: 'expect_illegal' needs the 'expect_rule' it shows")
        return Step(
            step_id,
            kind,
            text=text,
            cards=cards,
            position=position,
            expect=expect,
            expect_illegal=illegal,
            expect_rule=expect_rule,
            hint=hint,
            success=success,
        )
    # quiz
    try:
        quiz = QuizKind(raw.get("quiz"))
    except ValueError:
        raise LessonError(f"{at}: 'quiz' must be legal, value, minimum or score") from None
    question = _text(raw, "question", at)
    choices = tuple(
        str(c) for c in raw.get("choices", ["yes", "no"] if quiz is QuizKind.LEGAL else [])
    )
    if len(choices) < 2:
        raise LessonError(f"{at}: a quiz needs at least two 'choices'")
    action = Action.parse(str(raw["action"])) if "action" in raw else None
    if quiz is QuizKind.LEGAL and (action is None or position is None):
        raise LessonError(f"{at}: a legal quiz needs a 'position' and an 'action'")
    if quiz is QuizKind.VALUE and not cards:
        raise LessonError(f"{at}: a value quiz needs 'cards'")
    tally: tuple[SideTally, ...] = ()
    if quiz is QuizKind.SCORE:
        if "tally" not in raw:
            raise LessonError(f"{at}: a score quiz needs a 'tally'")
        tally = tallies_from_json(raw["tally"], rules.players)
    step = Step(
        step_id,
        kind,
        text=text,
        cards=cards,
        quiz=quiz,
        question=question,
        choices=choices,
        action=action,
        position=position,
        score=_int(raw.get("score", 0), f"{at}: score"),
        tally=tally,
        side=_int(raw.get("side", 0), f"{at}: side"),
        hint=hint,
        success=success,
    )
    if "answer" in raw:
        from tutor.lessons.answers import engine_answer

        claimed = str(raw["answer"])
        actual = engine_answer(step, rules)
        if claimed != actual:
            raise LessonError(
                f"{at}: the answer given is {claimed!r}, but the engine says {actual!r}"
            )
    return step
