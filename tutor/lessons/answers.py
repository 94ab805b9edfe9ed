"""The engine decides every lesson answer: quizzes and moves are judged here, never by hand."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
    canonical,
)
from tutor.engine.errors import TutorError
from tutor.engine.judge import judge
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import PlayerTally, SideTally, score_hand
from tutor.engine.verdict import Verdict
from tutor.lessons.model import DecideOption, MoveKind, QuizKind, Step, StepKind


def engine_answer(step: Step, rules: RuleSet) -> str:
    """The right answer of a quiz step, as the engine computes it."""
    if step.quiz is QuizKind.LEGAL:
        assert step.position is not None and step.action is not None
        return "yes" if judge(step.position, step.action).legal else "no"
    if step.quiz is QuizKind.VALUE:
        tally = SideTally((PlayerTally(0, step.cards),))
        return str(-score_hand(rules, (tally,)).sides[0].total)
    if step.quiz is QuizKind.MINIMUM:
        return str(rules.minimum_for(step.score))
    if step.quiz is QuizKind.SCORE:
        return str(score_hand(rules, step.tally).sides[step.side].total)
    raise ValueError(f"not a quiz step: {step.id}")


@dataclass(frozen=True, slots=True)
class MoveResult:
    """How the engine received a learner's move in a *do* step."""

    verdict: Verdict | None  # None when the text was not a move
    correct: bool  # legal and one of the expected moves, or the invited illegal move
    error: str = ""  # a notation or position problem, in English (shown as a hint)
    option: int | None = None  # a decide step: the index of the option the move stands for


def judge_move(step: Step, text: str) -> MoveResult:
    assert step.position is not None
    try:
        action = Action.parse(text)
        verdict = judge(step.position, action)
    except TutorError as exc:
        return MoveResult(None, False, str(exc))
    if step.kind is StepKind.DECIDE:
        chosen = option_of(step, action) if verdict.legal else None
        best = chosen is not None and step.options[chosen].best
        return MoveResult(verdict, best, option=chosen)
    if step.expect_illegal is not None:
        shows = canonical(action) == canonical(step.expect_illegal) and not verdict.legal
        return MoveResult(verdict, shows)
    expected = verdict.legal and canonical(action) in {canonical(a) for a in step.expect}
    return MoveResult(verdict, expected)


KIND_OF: dict[type[Action], MoveKind] = {
    Draw: MoveKind.DRAW,
    TakePile: MoveKind.TAKE,
    Meld: MoveKind.MELD,
    Discard: MoveKind.DISCARD,
    AskPartner: MoveKind.ASK,
    Answer: MoveKind.ANSWER,
    Pass: MoveKind.PASS,
}


def option_of(step: Step, action: Action) -> int | None:
    """The decide step's option a move stands for: the one that names it, else the one that
    stands for its kind of move ("any discard"), else None."""
    wanted = _key(action)
    for index, option in enumerate(step.options):
        if any(_key(move) == wanted for move in option.moves):
            return index
    kind = KIND_OF.get(type(action))
    for index, option in enumerate(step.options):
        if option.any is not None and option.any is kind:
            return index
    return None


def _key(action: Action) -> Action:
    """The same move however its cards and groups are ordered: read back from its notation
    (which sorts each group's cards), then its groups in a fixed order."""
    return canonical(Action.parse(str(action)))


def best_move(step: Step) -> Action | None:
    """A move of the decide step's best option (its first named move), for a terminal lesson
    played automatically and for tests; None when the best option names a kind only."""
    option: DecideOption | None = step.best_option
    return option.moves[0] if option is not None and option.moves else None


def normalise(answer: str) -> str:
    return answer.strip().lower().replace(",", "").replace(".", "").replace(" ", "")


def check_answer(step: Step, rules: RuleSet, answer: str) -> bool:
    return normalise(answer) == normalise(engine_answer(step, rules))

