"""A lesson's quiz as the Learn and Review pages draw it: the choices in the learner's own order,
a retry before the answer is shown, and after a wrong answer why that answer is wrong.

Nothing is judged here: every answer comes as the :class:`tutor.lessons.runner.QuizResult` the
click judged once (the engine's verdict on a "may this move be made?" question, the engine's
score for a number), and the breakdown of a number is the engine's own score items.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st

from tutor.engine.cards import Card, card_points
from tutor.engine.scoring import PlayerTally, SideTally, modern_hand_points, score_hand
from tutor.i18n import N_, Translator
from tutor.lessons.model import Lesson, QuizKind, Step
from tutor.lessons.runner import (
    QuizResult,
    choice_label,
    choice_order,
    quiz_feedback,
    quiz_tries,
    say,
)
from tutor.ui import progress
from tutor.ui.score_view import item_label, signed, total_number
from tutor.words.explain import explain_verdict
from tutor.words.names import cards_name

# Translators: a quiz after a first wrong answer: the learner may try again (the answer is not
# shown yet).
TRY_AGAIN = N_("Not quite. Have another try.")
# Translators: why a number chosen in a quiz is wrong; {answer} the number chosen, {part} a part
# of the count, e.g. "the two of clubs and the joker" or "Canasta bonus (natural canasta)",
# {points} its points with their sign, e.g. "+70". E.g. "80 leaves out this part: the five of
# clubs (+5)."
LEAVES_OUT = N_("{answer} leaves out this part: {part} ({points}).")
# Translators: why a number chosen in a quiz is wrong; {answer} the number chosen, {part} a part
# of the count, {points} its points with their sign, e.g. "−100": the learner added what counts
# against the side, or took off what counts for it.
WRONG_WAY = N_("{answer} counts this part the wrong way round: {part} is {points}.")
# Translators: a heading above the lines of a quiz's right total, after the answer is shown.
HOW_IT_COUNTS = N_("How it counts:")


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a quiz's right number, in words, with its points (they add up to it)."""

    label: str
    points: int


def learner_key() -> str:
    """The key the choices are shuffled by: the learner's (the same on every device that
    continues their progress); empty before the app has one."""
    return progress.link().key or ""


def finished(step: Step, tries: Sequence[QuizResult]) -> bool:
    """The quiz is over: answered right, or the wrong answers it takes made."""
    return any(result.correct for result in tries) or \
        sum(not result.correct for result in tries) >= quiz_tries(step)


def choices(lesson: Lesson, step: Step, tries: Sequence[QuizResult], tr: Translator, *,
            prefix: str, on_click: Callable[[str], None]) -> None:
    """The choice buttons in the learner's order; a choice tried and every choice once the quiz
    is over cannot be pressed again (the keys stay ``{prefix}{choice}``)."""
    over = finished(step, tries)
    tried = {result.answer for result in tries}
    row = st.container(horizontal=True)
    for choice in choice_order(lesson, step, learner_key()):
        row.button(choice_label(choice, tr), key=f"{prefix}{choice}", on_click=on_click,
                   args=(choice,), disabled=over or choice in tried)


def feedback(lesson: Lesson, step: Step, tries: Sequence[QuizResult], tr: Translator) -> bool:
    """The latest answer in words: right (with the lesson's word), not right yet (why that
    answer is wrong and the lesson's hint, without the answer) or, after the last wrong one,
    the answer with the engine's explanation. True when the quiz was answered right."""
    if not tries:
        return False
    latest = tries[-1]
    if latest.correct:
        st.success("\n\n".join(quiz_feedback(lesson, step, latest, tr).lines))
        return True
    why = why_wrong(lesson, step, latest, tr)
    if not finished(step, tries):
        hint = [say(lesson, step.hint, tr)] if step.hint else []
        st.warning("\n\n".join((tr.gettext(TRY_AGAIN), *why, *hint)))
        return False
    lines = list(quiz_feedback(lesson, step, latest, tr).lines)
    if latest.verdict is None:  # the engine's reasons on a move are among the lines already
        lines[1:1] = why
    shown = parts(lesson, step, tr)
    if shown:
        lines.append(tr.gettext(HOW_IT_COUNTS) + "\n" + "\n".join(
            f"- {part.label[:1].upper()}{part.label[1:]}: {signed(part.points, tr)}"
            for part in shown))
    st.warning("\n\n".join(lines))
    return False


def why_wrong(lesson: Lesson, step: Step, result: QuizResult, tr: Translator) -> list[str]:
    """Why the chosen answer is wrong: for a "may this move be made?" question the engine's
    reasons on the move, for a number the part of the count it leaves out or turns round (when
    one part explains it; the lesson's hint says the rest)."""
    if result.correct:
        return []
    if result.verdict is not None:
        explanation = explain_verdict(result.verdict, tr)
        return [explanation.headline, *explanation.reasons]
    try:
        chosen, right = int(result.answer), int(result.right)
    except ValueError:
        return []
    for part in parts(lesson, step, tr):
        if part.points and chosen == right - part.points:
            return [tr.format(tr.gettext(LEAVES_OUT), LEAVES_OUT, answer=total_number(chosen, tr),
                              part=part.label, points=signed(part.points, tr))]
        if part.points and chosen == right - 2 * part.points:
            return [tr.format(tr.gettext(WRONG_WAY), WRONG_WAY, answer=total_number(chosen, tr),
                              part=part.label, points=signed(part.points, tr))]
    return []


def parts(lesson: Lesson, step: Step, tr: Translator) -> list[Part]:
    """The engine's count of a number quiz's right answer, part by part (empty: a quiz that is
    not a count, or parts that would not add up to it)."""
    rules = lesson.rules
    if step.quiz is QuizKind.SCORE and step.side < len(step.tally):
        side = score_hand(rules, step.tally).sides[step.side]
        learner = step.tally[0].seats[0] if step.tally[0].seats else 0
        found = [Part(item_label(item, learner, rules.players, tr), item.points)
                 for item in side.items]
        total = side.total
    elif step.quiz is QuizKind.VALUE:
        items = score_hand(rules, (SideTally((PlayerTally(0, step.cards),)),)).sides[0].items
        found = _card_parts(step.cards, rules.is_modern, tr) + [
            Part(item_label(item, 0, rules.players, tr), -item.points)
            for item in items if item.kind != "hand"]
        total = -sum(item.points for item in items)
    else:
        return []
    return found if sum(part.points for part in found) == total else []


def _card_parts(cards: tuple[Card, ...], modern: bool, tr: Translator) -> list[Part]:
    """The cards by what each counts, highest first ("the joker: 50", "the two of clubs and the
    ace of hearts: 40")."""
    value = modern_hand_points if modern else card_points
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(value(card), []).append(card)
    return [Part(str(cards_name(group, tr)), points * len(group))
            for points, group in sorted(groups.items(), reverse=True)]

