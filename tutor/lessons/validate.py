"""Replaying every lesson through the engine: positions, moves, quiz answers and texts.

:func:`check_lesson` returns the problems of one lesson (each naming file, lesson and step);
:func:`check_all` those of every lesson file of a folder, going on past broken files (what
``python -m tutor lessons check`` prints); :func:`load_playable` the lessons the app can offer
(those that load and replay) and the broken files it lists as unavailable; :func:`coverage`
lists, for every rule id, the lesson steps that exercise it (from the engine's own verdicts
and score items, plus the rules an *explain* step says it teaches).

An explain step's ``teaches`` names rule ids, and also option ids (``V-C3``) where the step
names a house rule; an option id must be one of the engine's options for the lesson's rules. A
lesson with three or more yes/no questions that all answer the same way is reported by
:func:`check_lesson` (:func:`one_way_answers`): such a set is answered by guessing, not by
understanding.

Texts are checked too (:func:`check_texts`), in English and in each catalog's translation: a
learner plays on the card table by clicking cards and buttons, so a text speaks of cards and
moves in words ("take the pile with your two kings"), never in the notation of the engine and
the advanced input, and never names rule or option ids (the app's "Why?" box shows those from
``teaches`` and the engine's verdicts). The checks are deliberately simple regular expressions,
case-sensitive where card notation is upper case, so that ordinary words of the six languages
do not match:

* card notation: ``KH``, ``2C``, ``10S``, ``JK`` (:data:`CARD_NOTATION`);
* action notation: ``take KH``, ``meld 2C@K``, ``discard 7H``, and the signs ``|`` and ``@``
  that separate melds and lay wild cards onto a meld (:data:`ACTION_NOTATION`,
  :data:`NOTATION_SIGNS`);
* rule and option ids: ``C-PILE-3``, ``C2-4``, ``M-OUT-2``, ``V-C1`` (:data:`RULE_ID`);
* English only: "write"/"type" instructions (:data:`TYPING`), a gendered pronoun (the partner
  and the other players are "your partner", "that player", "they": :data:`PRONOUN`), and a false
  canasta claim: a sentence that says threes (or a black or red three) become, grow into, make,
  form, build or complete a canasta, with no negation (not, never, no, cannot, …) in that
  sentence (:func:`false_canasta_claim`). Threes never make a canasta: red threes are never
  melded, black threes only to go out (C-MELD-3, C-MELD-9, M-DEAL-2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.engine.actions import Action, TakePile
from tutor.engine.judge import apply, judge
from tutor.engine.listing import legal_actions
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS_BY_ID, RuleSet
from tutor.engine.scoring import PlayerTally, SideTally, score_hand
from tutor.engine.state import GameState, Phase
from tutor.i18n import LANGUAGES, translator
from tutor.lessons.answers import engine_answer, option_of
from tutor.lessons.load import (
    LESSONS_DIR,
    WRONG_SHAPE,
    Broken,
    LessonError,
    Loaded,
    cut,
    load_each,
    read_file,
)
from tutor.lessons.model import DecideOption, Fact, Lesson, QuizKind, Step, StepKind

CARD_NOTATION = re.compile(r"\b(?:(?:10|[2-9AKQJ])[CDHS]|JK)\b")
ACTION_NOTATION = re.compile(
    r"\b(?i:take|meld|discard)\s+(?:JK\b|(?:10|[2-9AKQJ])(?:[CDHS]|@|\b))"
)
NOTATION_SIGNS = re.compile(r"[|@]")
RULE_ID = re.compile(r"\b(?:C[23]?|M)-(?:[A-Z]+-)?\d+\b|\bV-[CM]\d+\b")
TYPING = re.compile(r"\b(?i:write|type)\b(?!\s+of\b)")
PRONOUN = re.compile(r"\b(?i:she|he|her|hers|herself|him|his|himself)\b")
THREES = re.compile(r"\b(?:threes|(?:black|red)\s+threes?)\b", re.IGNORECASE)
CANASTA_VERB = re.compile(
    r"\b(?:become|becomes|grow|grows|make|makes|form|forms|build|builds|complete|completes|"
    r"turn|turns)\b(?:\s+(?:into|up))?(?:\s+[\w-]+){0,2}?\s+canastas?\b",
    re.IGNORECASE,
)
NEGATION = re.compile(r"\b(?:not|never|no|cannot|nor|neither|nobody)\b|n't\b", re.IGNORECASE)
SENTENCE_END = re.compile(r"[.!?;]+\s*")

# (what the problem is called, the pattern, whether it applies to translations too)
TEXT_CHECKS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("card notation", CARD_NOTATION, True),
    ("action notation", ACTION_NOTATION, True),
    ("notation sign", NOTATION_SIGNS, True),
    ("rule or option id", RULE_ID, True),
    ("a typing instruction", TYPING, False),
    ("a gendered pronoun", PRONOUN, False),
)


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
        for option in step.options:
            yield option.why


@dataclass(frozen=True, slots=True)
class LessonText:
    """One learner-facing text of a lesson, with the step and field it is in."""

    step: str | None  # the step id; None for the lesson's title and summary
    field: str  # title, summary, text, question, hint, success, "say (move 2)", choice
    text: str
    translated: bool = True  # through the catalog; quiz choices are shown as written


def lesson_texts(lesson: Lesson) -> Iterator[LessonText]:
    """Every learner-facing text of a lesson, where it is."""
    yield LessonText(None, "title", lesson.title)
    if lesson.summary:
        yield LessonText(None, "summary", lesson.summary)
    for step in lesson.steps:
        for field in ("text", "question", "hint", "success"):
            text = getattr(step, field)
            if text:
                yield LessonText(step.id, field, text)
        for index, move in enumerate(step.moves, start=1):
            yield LessonText(step.id, f"say (move {index})", move.say)
        for index, option in enumerate(step.options, start=1):
            yield LessonText(step.id, f"why (option {index})", option.why)
        for choice in step.choices:
            if _is_text_choice(choice):
                yield LessonText(step.id, "choice", choice, translated=False)


def _is_text_choice(choice: str) -> bool:
    """Numbers and yes/no are shown by the app in the learner's language; other choices are
    shown as written, so they are texts."""
    return choice not in ("yes", "no") and not choice.lstrip("-").isdigit()


def raw_lesson_texts(data: Mapping[str, Any]) -> Iterator[LessonText]:
    """The same texts read straight from a lesson file's TOML data, for a file that does not
    load (so that its texts are still checked in the same run)."""

    def text_of(value: object) -> str:
        return value.strip() if isinstance(value, str) else ""

    for field in ("title", "summary"):
        if text_of(data.get(field)):
            yield LessonText(None, field, text_of(data.get(field)))
    steps = data.get("steps")
    for number, step in enumerate(steps if isinstance(steps, list) else [], start=1):
        if not isinstance(step, Mapping):
            continue
        step_id = str(step.get("id") or number)
        for field in ("text", "question", "hint", "success"):
            if text_of(step.get(field)):
                yield LessonText(step_id, field, text_of(step.get(field)))
        moves = step.get("moves")
        for index, move in enumerate(moves if isinstance(moves, list) else [], start=1):
            if isinstance(move, Mapping) and text_of(move.get("say")):
                yield LessonText(step_id, f"say (move {index})", text_of(move.get("say")))
        options = step.get("options")
        for index, option in enumerate(options if isinstance(options, list) else [], start=1):
            if isinstance(option, Mapping) and text_of(option.get("why")):
                yield LessonText(step_id, f"why (option {index})", text_of(option.get("why")))
        choices = step.get("choices")
        for choice in choices if isinstance(choices, list) else []:
            if _is_text_choice(str(choice)):
                yield LessonText(step_id, "choice", str(choice), translated=False)


def false_canasta_claim(text: str) -> str | None:
    """The sentence of an English text that says threes can become a canasta, if any."""
    for sentence in SENTENCE_END.split(text):
        claim = THREES.search(sentence) and CANASTA_VERB.search(sentence)
        if claim and not NEGATION.search(sentence):
            return sentence.strip()
    return None


def text_problems(text: str, *, english: bool) -> Iterator[str]:
    """What is wrong with one learner-facing text (empty if nothing)."""
    for name, pattern, everywhere in TEXT_CHECKS:
        if english or everywhere:
            found = list(dict.fromkeys(m.group(0).strip() for m in pattern.finditer(text)))
            if found:
                yield f"{name} {', '.join(map(repr, found))}"
    if english:
        claim = false_canasta_claim(text)
        if claim is not None:
            yield f"a false canasta claim (threes never make a canasta) {claim[:60]!r}"


def check_texts(
    lesson_id: str,
    path: str,
    items: Iterable[LessonText],
    languages: Sequence[str] = ("en",),
) -> list[LessonProblem]:
    """Learner-facing texts in card, action or rule notation, with typing instructions, a
    gendered pronoun or a false canasta claim: in English, and in each of ``languages``'
    translations (context ``lesson:<id>``; an untranslated text is the English one, already
    checked)."""
    problems: list[LessonProblem] = []
    context = f"lesson:{lesson_id}"
    for item in items:
        where = f"{path}: lesson {lesson_id}" + (f", step {item.step}" if item.step else "")
        shown = item.text if len(item.text) <= 70 else item.text[:67] + "..."
        for what in text_problems(item.text, english=True):
            problems.append(LessonProblem(where, f"{item.field} (en) has {what}: {shown!r}"))
        if not item.translated:
            continue
        for lang in languages:
            if lang == "en":
                continue
            translated = translator(lang).pgettext(context, item.text)
            if translated == item.text:
                continue
            for what in text_problems(translated, english=False):
                problems.append(
                    LessonProblem(
                        where,
                        f"{item.field} ({lang}) has {what} in the translation of {shown!r}",
                    )
                )
    return problems


@dataclass(frozen=True, slots=True)
class Report:
    """``lessons check`` over a folder: the lessons that loaded and every problem found."""

    lessons: tuple[Lesson, ...]
    problems: tuple[str, ...]  # each names file, lesson and step


def check_all(
    directory: Path = LESSONS_DIR,
    template: set[tuple[str, str | None]] | None = None,
    languages: Sequence[str] = tuple(LANGUAGES),
) -> Report:
    """Every problem of every lesson file of ``directory`` in one run: files and steps that do
    not load (their texts are still checked), moves and answers the engine rejects, texts
    missing from the template, and texts (in English and ``languages``) that fail
    :func:`check_texts`."""
    loaded = load_each(directory)
    problems = list(loaded.problems)
    names = {lesson.path for lesson in loaded.lessons}
    for lesson in loaded.lessons:
        problems.extend(map(str, check_lesson(lesson, template, languages)))
    for file in sorted(directory.glob("*.toml")):
        if file.name in names:
            continue
        try:  # it did not load: check its texts from the raw data, if it is TOML at all
            data = read_file(file)
        except LessonError:  # already reported by load_each
            continue
        lesson_id = str(data.get("id", "?"))
        raw = raw_lesson_texts(data)
        problems.extend(map(str, check_texts(lesson_id, file.name, raw, languages)))
    by_file = sorted(problems, key=lambda problem: problem.split(":", 1)[0])  # stable
    return Report(loaded.lessons, tuple(by_file))


def load_playable(directory: Path = LESSONS_DIR) -> Loaded:
    """The lessons a learner can take (they load and replay through the engine) and the files
    that cannot be offered, each with its problems: one broken lesson is one lesson
    unavailable, never the whole list. Text checks are for authors (``lessons check``)."""
    loaded = load_each(directory)
    good: list[Lesson] = []
    broken = list(loaded.broken)
    for lesson in loaded.lessons:
        problems = replay(lesson)
        if problems:
            broken.append(Broken(lesson.path, lesson.id, tuple(map(str, problems))))
        else:
            good.append(lesson)
    broken.sort(key=lambda item: item.file)
    lines = tuple(problem for item in broken for problem in item.problems)
    return Loaded(tuple(good), lines, tuple(broken))


def replay(lesson: Lesson) -> list[LessonProblem]:
    """The steps the engine rejects: an expected move that is illegal, a move meant to fail that
    is legal, a quiz whose answer is not a choice, a watch move that cannot be played."""
    problems: list[LessonProblem] = []
    for step in lesson.steps:
        where = f"{lesson.path}: lesson {lesson.id}, step {step.id}"
        try:
            problems.extend(LessonProblem(where, what) for what in _check_step(lesson, step))
        except WRONG_SHAPE as exc:
            problems.append(LessonProblem(where, cut(str(exc), 120)))
    return problems


def check_lesson(
    lesson: Lesson,
    template: set[tuple[str, str | None]] | None = None,
    languages: Sequence[str] = ("en",),
) -> list[LessonProblem]:
    """The problems of one lesson: replayed through the engine, its texts in the template (if
    given) and its texts checked in English and in ``languages`` (:func:`check_texts`)."""
    problems = replay(lesson)
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
    problems.extend(untranslated_options(lesson, languages))
    one_way = one_way_answers(lesson)
    if one_way:
        problems.append(LessonProblem(f"{lesson.path}: lesson {lesson.id}", one_way))
    problems.extend(check_texts(lesson.id, lesson.path, lesson_texts(lesson), languages))
    return problems


def untranslated_options(lesson: Lesson, languages: Sequence[str]) -> list[LessonProblem]:
    """A decide step's options each explain themselves in every language checked: a learner
    who chose a worse move must read why in their own language, not in English."""
    problems: list[LessonProblem] = []
    for step in lesson.steps:
        for number, option in enumerate(step.options, start=1):
            missing = [lang for lang in languages if lang != "en"
                       and translator(lang).pgettext(lesson.context, option.why) == option.why]
            if missing:
                problems.append(LessonProblem(
                    f"{lesson.path}: lesson {lesson.id}, step {step.id}",
                    f"option {number}'s why is not translated in {', '.join(missing)}"))
    return problems


MIN_YES_NO = 3  # from this many yes/no questions on, a lesson must have both answers


def yes_no_answers(lesson: Lesson) -> list[tuple[str, str]]:
    """The engine's answer to each yes/no (legal) question of a lesson, by step id; a step the
    engine cannot answer is left out (:func:`replay` reports it)."""
    answers: list[tuple[str, str]] = []
    for step in lesson.steps:
        if step.kind is StepKind.QUIZ and step.quiz is QuizKind.LEGAL:
            try:
                answers.append((step.id, engine_answer(step, lesson.rules)))
            except WRONG_SHAPE:
                continue
    return answers


def one_way_answers(lesson: Lesson) -> str:
    """What is wrong when a lesson has :data:`MIN_YES_NO` or more yes/no questions and all
    answer the same way (empty if nothing): a learner who always says "no" would pass them."""
    answers = yes_no_answers(lesson)
    said = {answer for _, answer in answers}
    if len(answers) < MIN_YES_NO or len(said) != 1:
        return ""
    steps = ", ".join(step for step, _ in answers)
    return (f"all {len(answers)} yes/no questions answer {said.pop()!r} (steps {steps}): "
            f"make some answer the other way")


def known_option(option_id: str, rules: RuleSet) -> bool:
    """Whether ``option_id`` is a house-rule option of the engine that applies to ``rules``."""
    spec = OPTIONS_BY_ID.get(option_id)
    return (spec is not None and rules.family in spec.families
            and (spec.presets is None or rules.preset in spec.presets))


def _check_step(lesson: Lesson, step: Step) -> Iterator[str]:
    if step.kind is StepKind.EXPLAIN:
        for rule in step.teaches:
            if rule.startswith("V-"):
                if not known_option(rule, lesson.rules):
                    yield f"teaches {rule!r}, not a house-rule option of {lesson.rules.preset}"
            elif rule not in RULE_IDS:
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
    elif step.kind is StepKind.DECIDE:
        yield from decide_problems(step)
    elif step.kind is StepKind.WATCH:  # a play step deals a new hand: nothing to replay
        state = step.position
        assert state is not None
        for index, move in enumerate(step.moves):
            verdict = judge(state, move.action)
            if not verdict.legal:
                yield f"move {index + 1} ({move.action}) is illegal: {verdict}"
                return
            state = apply(state, move.action)


def decide_problems(step: Step) -> Iterator[str]:
    """A decide step checked by the engine: every move an option names is legal and is that
    option's; every option can be chosen; every legal move of the position is some option's
    (so every choice the learner can make has its explanation); and every fact an option
    claims holds."""
    position = step.position
    assert position is not None
    best = step.best_option
    if best is not None and not best.moves:
        yield "the best option must name its move(s), not only 'any'"
    for number, option in enumerate(step.options, start=1):
        for action in option.moves:
            verdict = judge(position, action)
            if not verdict.legal:
                yield f"option {number}: its move {action} is illegal: {verdict}"
            elif option_of(step, action) != number - 1:
                yield f"option {number}: its move {action} is already another option's"
        if option.facts and not option.moves:
            yield f"option {number}: facts need the option's 'moves' to be checked on"
        for action in option.moves:
            if judge(position, action).legal:
                yield from (f"option {number}: {what}"
                            for what in fact_problems(position, action, option))
    legal = legal_actions(position)
    chosen = {option_of(step, action) for action in legal}
    for number, option in enumerate(step.options, start=1):
        if option.any is not None and number - 1 not in chosen:
            yield f"option {number}: no legal move is {option.any.value!r} in this position"
    uncovered = [str(action) for action in legal if option_of(step, action) is None]
    if uncovered:
        more = f" and {len(uncovered) - 3} more" if len(uncovered) > 3 else ""
        yield (f"legal moves no option stands for: {', '.join(uncovered[:3])}{more} "
               f"(name them, or add an option with 'any')")


def fact_problems(position: GameState, action: Action, option: DecideOption) -> Iterator[str]:
    """The facts an option claims about ``action`` that the engine does not confirm."""
    after = apply(position, action)
    mover = position.actor
    for fact, claimed in option.facts:
        actual: int | bool
        if fact is Fact.PILE:
            actual = len(position.pile)
        elif fact is Fact.FEEDS:
            actual = (after.end is None and after.phase is Phase.DRAW
                      and any(isinstance(move, TakePile) for move in legal_actions(after)))
        elif fact is Fact.LEFT_IN_HAND:
            tally = (SideTally((PlayerTally(0, after.hands[mover]),)),)
            actual = -score_hand(position.rules, tally).sides[0].total
        elif fact is Fact.GOES_OUT:
            actual = after.end is not None
        else:  # Fact.SCORE
            if after.end is None or not after.results:
                yield f"{action}: claims a score, but the move does not end the hand"
                continue
            actual = after.results[-1].sides[position.side_index(mover)].total
        if actual != claimed:
            yield f"{action}: {fact.value} is {actual}, not {claimed} as the option says"


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
    elif step.kind is StepKind.DECIDE and step.position is not None:
        for option in step.options:
            for action in option.moves:
                found |= set(judge(step.position, action).rules)
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
