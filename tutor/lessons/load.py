"""Reading lesson files (TOML) into :mod:`tutor.lessons.model` values, strictly.

Unknown keys and bad values are errors that name the file, the lesson and the step, and quote a
bad value cut short (:func:`short`): a lesson file is data, and whatever shape it has, reading it
gives a :class:`LessonError` and never a traceback. :func:`load_each` goes on past broken files,
so that the app can offer the rest and ``lessons check`` can name them all. The format is
documented in docs/lessons.md.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tutor.config import settings
from tutor.content import packaged
from tutor.engine.actions import Action
from tutor.engine.cards import parse_cards
from tutor.engine.errors import TutorError
from tutor.engine.records import position_from_json
from tutor.engine.rules import Family, RuleSet, rule_set
from tutor.engine.scoring import SideTally, tallies_from_json
from tutor.lessons.model import (
    DecideOption,
    Fact,
    Lesson,
    MoveKind,
    QuizKind,
    Step,
    StepKind,
    WatchMove,
)

# The package's own lessons: installed with it, or the checkout's lessons/ (tutor.content).
LESSONS_DIR = packaged("lessons")
# The folder setting: an installed app (or a test) reads its lessons from elsewhere.
LESSONS_DIR_SETTING = "CANASTA_TUTOR_LESSONS_DIR"
MAX_BYTES = 1_000_000  # a lesson file is a few kilobytes; a huge one is not read
SHORT = 80  # longest quoted value or error text in a problem
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_ID = 60  # the longest lesson or step id
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
    StepKind.DECIDE: COMMON_STEP_KEYS | {"position", "question", "options", "hint", "success"},
    StepKind.PLAY: COMMON_STEP_KEYS | {"success"},
}
OPTION_KEYS = {"moves", "any", "best", "why", "facts"}
# The facts whose value is true or false; the others are whole numbers.
YES_NO_FACTS = {Fact.FEEDS, Fact.GOES_OUT}


def lessons_dir() -> Path:
    """The lesson folder: the ``CANASTA_TUTOR_LESSONS_DIR`` setting, else the data folder's
    ``lessons/`` (:mod:`tutor.config`), else the package's own. A missing folder or one without
    a lesson file is a :class:`LessonError` naming it: a curriculum is never silently empty."""
    setting = os.environ.get(LESSONS_DIR_SETTING, "").strip()
    data_dir = settings().data_dir
    if setting:
        folder, source = Path(setting), LESSONS_DIR_SETTING
    elif data_dir is not None:
        folder, source = data_dir / "lessons", "the data folder's lessons"
    else:
        folder, source = LESSONS_DIR, "the package's lessons"
    if not folder.is_dir():
        raise LessonError(f"no lesson folder {str(folder)!r} ({source})")
    if not any(folder.glob("*.toml")):
        raise LessonError(f"no lesson files (*.toml) in {str(folder)!r} ({source})")
    return folder


def short(value: object, limit: int = SHORT) -> str:
    """A value quoted for a message, cut to ``limit`` characters: never a huge echo."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**limit:
        text = "a number of more than 80 digits"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):  # a huge int or a deep list: no repr to show
            text = f"a {type(value).__name__}"
    return cut(text, limit)


def cut(text: str, limit: int = SHORT) -> str:
    """``text`` on one line, at most ``limit`` characters (an ellipsis shows it was cut)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


class LessonError(TutorError, ValueError):
    """A lesson file that cannot be used: the message names file, lesson and step. A file with
    several broken steps gives one line per step (:attr:`problems`)."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems: tuple[str, ...] = problems


@dataclass(frozen=True, slots=True)
class Broken:
    """A lesson file that cannot be offered: its name, its lesson id when it has a readable one
    (so a link to it can say it is unavailable) and its problems (``file: where: what``)."""

    file: str
    lesson_id: str
    problems: tuple[str, ...]

    @property
    def reason(self) -> str:
        """The first problem without the file name, short enough for a list of lessons."""
        first = self.problems[0] if self.problems else "unreadable"
        return cut(first.removeprefix(f"{self.file}: "), 2 * SHORT)


@dataclass(frozen=True, slots=True)
class Loaded:
    """Every lesson of a folder that loads, the files that do not, and all their problems."""

    lessons: tuple[Lesson, ...]
    problems: tuple[str, ...]
    broken: tuple[Broken, ...] = ()


def load_all(directory: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """Every lesson of the folder in curriculum order; a :class:`LessonError` listing every
    broken file and step if any."""
    loaded = load_each(directory)
    if loaded.problems:
        raise LessonError(*loaded.problems)
    return loaded.lessons


def load_each(directory: Path = LESSONS_DIR) -> Loaded:
    """Load every file of the folder, going on past broken ones: the app offers the rest and
    ``lessons check`` names them all. A second file with a lesson id already used is broken."""
    lessons: list[Lesson] = []
    broken: list[Broken] = []
    seen: dict[str, str] = {}
    for path in sorted(directory.glob("*.toml")):
        data: Mapping[str, Any] = {}
        try:
            data = read_file(path)
            lesson = parse_lesson(data, path.name)
        except LessonError as exc:
            raw_id = data.get("id")
            lesson_id = raw_id if isinstance(raw_id, str) and _is_slug(raw_id) else ""
            broken.append(Broken(path.name, lesson_id, exc.problems))
            continue
        if lesson.id in seen:
            problem = f"{lesson.path}: lesson id {lesson.id!r} is also used by {seen[lesson.id]}"
            broken.append(Broken(lesson.path, "", (problem,)))
            continue
        seen[lesson.id] = lesson.path
        lessons.append(lesson)
    ordered = sorted(lessons, key=lambda item: (item.family.value, item.order, item.id))
    problems = tuple(problem for item in broken for problem in item.problems)
    return Loaded(tuple(ordered), problems, tuple(broken))


def read_file(path: Path) -> dict[str, Any]:
    """A lesson file's TOML data; a :class:`LessonError` for a file that is not TOML text."""
    where = path.name
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO would block the app for ever
            raise LessonError(f"{where}: not a regular file")
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise LessonError(f"{where}: cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise LessonError(f"{where}: larger than {MAX_BYTES // 1000} kB, not a lesson")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LessonError(f"{where}: not UTF-8 text (byte {exc.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{where}: not TOML: {cut(str(exc))}") from None
    except RecursionError:
        raise LessonError(f"{where}: not TOML: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise LessonError(f"{where}: not TOML: {cut(str(exc))}") from None


def load_file(path: Path) -> Lesson:
    return parse_lesson(read_file(path), path.name)


def _is_slug(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_ID and SLUG.match(value) is not None


def _unknown(keys: set[Any]) -> str:
    """Unknown keys for a message: a few, each cut short."""
    names = sorted(short(key, 30) if not isinstance(key, str) else cut(key, 30) for key in keys)
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    return ", ".join(names[:5]) + more


def parse_lesson(data: Mapping[str, Any], where: str) -> Lesson:
    """A lesson from a file's data; a :class:`LessonError` naming every broken part."""
    if not isinstance(data, Mapping):
        raise LessonError(f"{where}: expected a table of lesson keys")
    lesson_id = data.get("id")
    if not _is_slug(lesson_id):
        raise LessonError(
            f"{where}: 'id' must be a slug like 'taking-the-pile' "
            f"(at most {MAX_ID} characters), not {short(lesson_id, 40)}"
        )
    assert isinstance(lesson_id, str)
    at = f"{where}: lesson {lesson_id}"
    problems: list[str] = []  # gathered, so that one run names every broken step of a file
    unknown = set(data) - LESSON_KEYS
    if unknown:
        problems.append(f"{at}: unknown key(s) {_unknown(unknown)}")
    try:
        family = Family(data.get("family"))
    except (ValueError, TypeError):
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
            if not isinstance(raw.get("preset"), str):
                raise LessonError(f"{at}: rules: 'preset' must be a preset name")
            return RuleSet.from_json(raw)
    except LessonError:
        raise
    except WRONG_SHAPE as exc:
        raise LessonError(f"{at}: rules: {_what(exc)}") from None
    raise LessonError(f"{at}: 'rules' must be a preset name or {{preset, options}}")


def _text(data: Mapping[str, Any], key: str, at: str, *, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{at}: '{key}' must be a non-empty text")
    if "{" in value or "}" in value:
        raise LessonError(f"{at}: '{key}' may not contain braces")
    return value.strip()


def _int(value: object, at: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 10**9:
        raise LessonError(f"{at}: expected a whole number of at most nine digits")
    return value


# What reading data of an unexpected shape can raise, besides the engine's own errors: every one
# becomes a LessonError naming the step, never a traceback.
WRONG_SHAPE = (
    TutorError,
    TypeError,
    ValueError,
    LookupError,
    ArithmeticError,
    AttributeError,
    RecursionError,
)


def _what(exc: BaseException) -> str:
    """What an error says, cut short; Python's own errors say the value has the wrong shape."""
    if isinstance(exc, TutorError):
        return cut(str(exc), SHORT + 40)
    return f"a value of the wrong shape ({cut(str(exc) or type(exc).__name__)})"


def _step(raw: object, rules: RuleSet, at: str) -> Step:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{at}: expected a table")
    step_id = raw.get("id")
    if not _is_slug(step_id):
        raise LessonError(f"{at}: 'id' must be a slug (at most {MAX_ID} characters)")
    assert isinstance(step_id, str)
    at = f"{at} ({step_id})"
    try:
        kind = StepKind(raw.get("kind"))
    except (ValueError, TypeError):
        kinds = ", ".join(kind.value for kind in StepKind)
        raise LessonError(f"{at}: 'kind' must be one of {kinds}") from None
    unknown = set(raw) - STEP_KEYS[kind]
    if unknown:
        raise LessonError(f"{at}: unknown key(s) {_unknown(unknown)} for a {kind.value} step")
    try:
        return _build_step(raw, kind, step_id, rules, at)
    except LessonError:
        raise
    except WRONG_SHAPE as exc:  # data of the wrong shape too
        raise LessonError(f"{at}: {_what(exc)}") from None


def _str(raw: Mapping[str, Any], key: str, at: str, default: str = "") -> str:
    """A text field that is not shown to the learner (cards, a move, a rule id)."""
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise LessonError(f"{at}: '{key}' must be a text, not {short(value, 40)}")
    return value


def _strs(raw: Mapping[str, Any], key: str, at: str, *, numbers: bool = False) -> list[str]:
    """A list of texts (or, with ``numbers``, of texts and whole numbers)."""
    value = raw.get(key, [])
    ok = isinstance(value, list) and all(
        isinstance(item, str)
        or (numbers and isinstance(item, int) and not isinstance(item, bool) and abs(item) < 10**9)
        for item in value
    )
    if not ok:
        kind = "texts or whole numbers" if numbers else "texts"
        raise LessonError(f"{at}: '{key}' must be a list of {kind}, not {short(value, 40)}")
    return [str(item) for item in value]


def _build_step(
    raw: Mapping[str, Any], kind: StepKind, step_id: str, rules: RuleSet, at: str
) -> Step:
    text = _text(raw, "text", at, required=kind is not StepKind.QUIZ)
    cards = parse_cards(_str(raw, "cards", at))
    position = None
    if "position" in raw:
        if not isinstance(raw["position"], Mapping):
            raise LessonError(
                f"{at}: 'position' must be a table {{turn, hands, sides, pile, ...}}, "
                f"not {short(raw['position'], 40)}"
            )
        data = dict(raw["position"])
        data.setdefault("rules", rules.to_json())
        position = position_from_json(data)
    if kind is StepKind.EXPLAIN:
        teaches = tuple(_strs(raw, "teaches", at))
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
                    Action.parse(_str(move, "action", f"{at}, move {i + 1}")),
                    _text(move, "say", f"{at}, move {i + 1}"),
                )
            )
        return Step(step_id, kind, text=text, cards=cards, position=position, moves=tuple(moves))
    hint = _text(raw, "hint", at, required=False)
    success = _text(raw, "success", at, required=False)
    if kind is StepKind.PLAY:
        return Step(step_id, kind, text=text, cards=cards, success=success)
    if kind is StepKind.DECIDE:
        if position is None:
            raise LessonError(f"{at}: a decide step needs a 'position'")
        return Step(step_id, kind, text=text, cards=cards, position=position,
                    question=_text(raw, "question", at), options=_options(raw, at),
                    hint=hint, success=success)
    if kind is StepKind.DO:
        if position is None:
            raise LessonError(f"{at}: a do step needs a 'position'")
        expect = tuple(Action.parse(a) for a in _strs(raw, "expect", at))
        illegal = (
            Action.parse(_str(raw, "expect_illegal", at)) if "expect_illegal" in raw else None
        )
        if bool(expect) == bool(illegal):
            raise LessonError(f"{at}: give either 'expect' (moves) or 'expect_illegal'")
        expect_rule = _str(raw, "expect_rule", at)
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
    except (ValueError, TypeError):
        raise LessonError(f"{at}: 'quiz' must be legal, value, minimum or score") from None
    question = _text(raw, "question", at)
    if "choices" in raw:
        choices = tuple(_strs(raw, "choices", at, numbers=True))
    else:
        choices = ("yes", "no") if quiz is QuizKind.LEGAL else ()
    if len(choices) < 2:
        raise LessonError(f"{at}: a quiz needs at least two 'choices'")
    action = Action.parse(_str(raw, "action", at)) if "action" in raw else None
    if quiz is QuizKind.LEGAL and (action is None or position is None):
        raise LessonError(f"{at}: a legal quiz needs a 'position' and an 'action'")
    if quiz is QuizKind.VALUE and not cards:
        raise LessonError(f"{at}: a value quiz needs 'cards'")
    tally: tuple[SideTally, ...] = ()
    if quiz is QuizKind.SCORE:
        if not isinstance(raw.get("tally"), Mapping):
            raise LessonError(f"{at}: a score quiz needs a 'tally' table with its 'sides'")
        tally = tallies_from_json(raw["tally"], rules.players)
    side = _int(raw.get("side", 0), f"{at}: side")
    if tally and not 0 <= side < len(tally):
        raise LessonError(f"{at}: side: the tally has sides 0 to {len(tally) - 1}, not {side}")
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
        side=side,
        hint=hint,
        success=success,
    )
    if "answer" in raw:
        from tutor.lessons.answers import engine_answer

        claimed = raw["answer"]
        if isinstance(claimed, bool) or not isinstance(claimed, str | int):
            raise LessonError(f"{at}: 'answer' must be a text or a number")
        actual = engine_answer(step, rules)
        if str(claimed) != actual:
            raise LessonError(
                f"{at}: the answer given is {short(str(claimed), 40)}, "
                f"but the engine says {actual!r}"
            )
    return step


def _options(raw: Mapping[str, Any], at: str) -> tuple[DecideOption, ...]:
    """A decide step's ``[[steps.options]]``: at least two, exactly one of them best, each
    with its moves (or the kind of move it stands for) and the text saying why."""
    options_raw = raw.get("options")
    if not isinstance(options_raw, list) or len(options_raw) < 2:
        raise LessonError(f"{at}: 'options' must list at least two [[steps.options]]")
    options = []
    for number, item in enumerate(options_raw, start=1):
        where = f"{at}, option {number}"
        if not isinstance(item, Mapping):
            raise LessonError(f"{where}: expected a table")
        unknown = set(item) - OPTION_KEYS
        if unknown:
            raise LessonError(f"{where}: unknown key(s) {_unknown(unknown)}")
        moves = tuple(Action.parse(text) for text in _strs(item, "moves", where))
        kind = None
        if "any" in item:
            try:
                kind = MoveKind(item["any"])
            except (ValueError, TypeError):
                names = ", ".join(k.value for k in MoveKind)
                raise LessonError(f"{where}: 'any' must be one of {names}") from None
        if not moves and kind is None:
            raise LessonError(f"{where}: give its 'moves', or 'any' with the kind of move")
        best = item.get("best", False)
        if not isinstance(best, bool):
            raise LessonError(f"{where}: 'best' must be true or false")
        options.append(DecideOption(moves, kind, best, _text(item, "why", where),
                                    _facts(item.get("facts", {}), where)))
    if sum(option.best for option in options) != 1:
        raise LessonError(f"{at}: exactly one option must be 'best = true'")
    return tuple(options)


def _facts(raw: object, at: str) -> tuple[tuple[Fact, int | bool], ...]:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{at}: 'facts' must be a table, e.g. {{ pile = 9 }}")
    facts: list[tuple[Fact, int | bool]] = []
    for key, value in raw.items():
        try:
            fact = Fact(key)
        except ValueError:
            names = ", ".join(f.value for f in Fact)
            raise LessonError(f"{at}: unknown fact {short(key, 30)} (facts: {names})") from None
        if fact in YES_NO_FACTS:
            if not isinstance(value, bool):
                raise LessonError(f"{at}: fact '{key}' must be true or false")
            facts.append((fact, value))
        else:
            facts.append((fact, _int(value, f"{at}: fact '{key}'")))
    return tuple(facts)
