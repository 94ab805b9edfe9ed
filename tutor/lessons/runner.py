"""Playing a lesson in the terminal (``python -m tutor lessons run ID --lang L``).

The feedback logic (:func:`quiz_feedback`, :func:`move_feedback`) is shared with the app: the
engine judges, the lesson adds its hint, and every text comes from the catalogs. The app judges
an answer once, when it is given, and hands the result (:class:`QuizResult`,
:class:`tutor.lessons.answers.MoveResult`) to be worded on every run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.cards import format_cards
from tutor.engine.judge import apply, judge
from tutor.engine.verdict import Verdict
from tutor.i18n import N_, NN_, Translator
from tutor.lessons.answers import MoveResult, best_move, engine_answer, judge_move, normalise
from tutor.lessons.model import Lesson, QuizKind, Step, StepKind
from tutor.words.explain import Explanation, explain_verdict

# Translators: a lesson's quiz: the learner's answer is right.
RIGHT = N_("Right!")
# Translators: a lesson's quiz: the learner's answer is wrong; the right one follows.
NOT_QUITE = N_("Not quite.")
# Translators: a lesson's quiz after a wrong answer; {answer} is the right choice, e.g. "yes" or a
# choice's text.
THE_ANSWER_IS = N_("The answer is {answer}.")
LEGAL_NOT_ASKED = N_("That move is legal, but it is not what this step asks.")
# Translators: a lesson's decision step: the learner chose a legal move, but not the best one;
# why it is worse follows.
BETTER_MOVE = N_("That is allowed, but there is a better move.")
# Translators: a lesson's decision step: the learner chose the best move; why follows.
BEST_MOVE = N_("The best move!")
# Translators: a lesson's decision step, after two worse choices: the best choice and why follow.
BEST_WAS = N_("The best move here:")
WELL_SPOTTED = N_("Well spotted: that move is not allowed.")
# Translators: a typed move in a terminal lesson; {error} says what is wrong, e.g. "not a card:
# 11H".
NOT_A_MOVE = N_("That is not a move the tutor understands: {error}")
# Translators: a quiz answer (also shown as "The answer is yes.").
YES = N_("yes")
# Translators: a quiz answer (also shown as "The answer is no.").
NO = N_("no")
# Translators: a lesson's progress; {number} the step, {total} the steps, e.g. "Step 3 of 9" (the
# plural form follows {total}).
STEP_OF = NN_("Step {number} of {total}", "Step {number} of {total}")
YOUR_MOVE = N_("Your move (e.g. draw, meld KH KS KD, discard 7H):")
YOUR_ANSWER = N_("Your answer (number of the choice):")
PRESS_ENTER = N_("Press Enter for the next move.")
# Translators: the end of a lesson in the terminal.
DONE = N_("Lesson complete.")
# Translators: a terminal lesson; {cards} lists the learner's cards, e.g. "king of hearts, two of
# clubs".
YOUR_HAND = N_("Your hand: {cards}")
# Translators: a terminal lesson; {cards} names the pile's top card, e.g. "seven of clubs".
PILE_TOP = N_("Top of the discard pile: {cards}")


@dataclass(frozen=True, slots=True)
class Feedback:
    correct: bool
    lines: tuple[str, ...]


def say(lesson: Lesson, text: str, tr: Translator) -> str:
    return tr.pgettext(lesson.context, text) if text else ""


def choice_label(choice: str, tr: Translator) -> str:
    if choice in ("yes", "no"):
        return tr.gettext(YES if choice == "yes" else NO)
    return tr.number(int(choice)) if choice.lstrip("-").isdigit() else choice


@dataclass(frozen=True, slots=True)
class QuizResult:
    """A quiz answer as the engine received it: whether it is right, the engine's answer
    and, for a "may this move be made?" question, the verdict on that move (its reasons)."""

    answer: str
    correct: bool
    right: str
    verdict: Verdict | None = None


def judge_quiz(lesson: Lesson, step: Step, answer: str) -> QuizResult:
    """Judge a quiz answer once: the app keeps the result and words it on every run."""
    verdict = None
    if step.quiz is QuizKind.LEGAL and step.position is not None and step.action is not None:
        # the move asked about, judged once for the answer and for its reasons
        verdict = judge(step.position, step.action)
        right = "yes" if verdict.legal else "no"
    else:
        right = engine_answer(step, lesson.rules)
    return QuizResult(answer, normalise(answer) == normalise(right), right, verdict)


def choice_order(lesson: Lesson, step: Step, learner: str) -> tuple[str, ...]:
    """The quiz's choices in this learner's order: shuffled by a stable hash of the learner's
    key, the lesson and the step, so the same learner sees the same order again (a review, a
    reload), while the right answer is not always where the lesson file lists it. A yes/no
    question keeps its order (yes before no, as expected)."""
    if step.quiz is QuizKind.LEGAL:
        return step.choices

    def rank(choice: str) -> bytes:
        text = "\x1f".join((learner, lesson.id, step.id, choice))
        return hashlib.sha256(text.encode()).digest()

    return tuple(sorted(step.choices, key=rank))


def quiz_tries(step: Step) -> int:
    """How many wrong answers a quiz takes before its answer is shown: two when there are
    more than two choices (a retry), else one (a second try at a yes/no question is no
    question)."""
    return 2 if len(step.choices) > 2 else 1


def quiz_feedback(lesson: Lesson, step: Step, answer: str | QuizResult,
                  tr: Translator) -> Feedback:
    """A quiz answer in words: from its result when it was judged already, else judged now."""
    result = answer if isinstance(answer, QuizResult) else judge_quiz(lesson, step, answer)
    correct = result.correct
    lines = [tr.gettext(RIGHT) if correct else tr.gettext(NOT_QUITE)]
    if not correct:
        lines.append(tr.format(tr.gettext(THE_ANSWER_IS), THE_ANSWER_IS,
                               answer=choice_label(result.right, tr)))
    if result.verdict is not None:
        explanation = explain_verdict(result.verdict, tr)
        lines.extend((explanation.headline, *explanation.reasons))
    if correct and step.success:
        lines.append(say(lesson, step.success, tr))
    if not correct and step.hint:
        lines.append(say(lesson, step.hint, tr))
    return Feedback(correct, tuple(lines))


def move_feedback(lesson: Lesson, step: Step, answer: str | MoveResult, tr: Translator,
                  explanation: Explanation | None = None, *, reveal: bool = False) -> Feedback:
    """A do or decide step's move in words: from its result when it was judged already (the
    app's, with the table's ``explanation`` of its verdict when made), else the text judged
    now. ``reveal``: a decide step answered worse more than once says which move was best."""
    result = answer if isinstance(answer, MoveResult) else judge_move(step, answer)
    if step.kind is StepKind.DECIDE and result.option is not None:
        return decide_feedback(lesson, step, result, tr, reveal=reveal)
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


def decide_feedback(lesson: Lesson, step: Step, result: MoveResult, tr: Translator, *,
                    reveal: bool = False) -> Feedback:
    """A legal choice on a decide step: the best one and why, or why the one chosen is worse
    (its own explanation), and, with ``reveal``, the best one after it."""
    assert result.option is not None
    option = step.options[result.option]
    if option.best:
        lines = [tr.gettext(BEST_MOVE), say(lesson, option.why, tr)]
        if step.success:
            lines.append(say(lesson, step.success, tr))
        return Feedback(True, tuple(lines))
    lines = [tr.gettext(BETTER_MOVE), say(lesson, option.why, tr)]
    best = step.best_option
    if reveal and best is not None:
        lines.extend((tr.gettext(BEST_WAS), say(lesson, best.why, tr)))
    elif step.hint:
        lines.append(say(lesson, step.hint, tr))
    return Feedback(False, tuple(lines))


def run_in_terminal(
    lesson: Lesson,
    tr: Translator,
    read: Callable[[str], str],
    write: Callable[[str], None],
    *,
    auto: bool = False,
) -> int:
    """Play the lesson; with ``auto`` the expected answers are given. Returns steps right."""
    write(f"== {say(lesson, lesson.title, tr)} ==")
    right = 0
    for number, step in enumerate(lesson.steps, start=1):
        write("")
        total = len(lesson.steps)
        write(tr.format(tr.ngettext(*STEP_OF, total), STEP_OF[total != 1], number=number,
                        total=total))
        if step.text:
            write(say(lesson, step.text, tr))
        if step.cards:
            write("  " + format_cards(step.cards))
        if step.position is not None and step.kind is not StepKind.WATCH:
            hand = format_cards(step.position.hands[step.position.actor])
            write("  " + tr.format(tr.gettext(YOUR_HAND), YOUR_HAND, cards=hand))
            if step.position.pile:
                top = format_cards(step.position.pile[-1:])
                write("  " + tr.format(tr.gettext(PILE_TOP), PILE_TOP, cards=top))
        if step.kind is StepKind.QUIZ:
            write(say(lesson, step.question, tr))
            for index, choice in enumerate(step.choices, start=1):
                write(f"  {index}. {choice_label(choice, tr)}")
            answer = (
                engine_answer(step, lesson.rules)
                if auto
                else _choice(read(tr.gettext(YOUR_ANSWER)), step.choices)
            )
            feedback = quiz_feedback(lesson, step, answer, tr)
        elif step.kind is StepKind.DO:
            wanted = step.expect_illegal or step.expect[0]
            typed = str(wanted) if auto else read(tr.gettext(YOUR_MOVE))
            feedback = move_feedback(lesson, step, typed, tr)
        elif step.kind is StepKind.DECIDE:
            write(say(lesson, step.question, tr))
            best = best_move(step)
            typed = str(best) if auto and best is not None else read(tr.gettext(YOUR_MOVE))
            feedback = move_feedback(lesson, step, typed, tr)
        elif step.kind is StepKind.WATCH:
            state = step.position
            assert state is not None
            for move in step.moves:
                write(f"  > {move.action}: {say(lesson, move.say, tr)}")
                state = apply(state, move.action)
                if not auto:
                    read(tr.gettext(PRESS_ENTER))
            right += 1
            continue
        else:
            right += 1
            continue
        for line in feedback.lines:
            write("  " + line)
        right += feedback.correct
    write("")
    write(tr.gettext(DONE))
    return right


def _choice(text: str, choices: tuple[str, ...]) -> str:
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) < 4 and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    return text
