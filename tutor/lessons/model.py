"""Lessons as frozen values (loaded from ``lessons/*.toml`` by :mod:`tutor.lessons.load`).

Four kinds of step: *explain* (text and cards), *quiz* (a question whose answer the engine
computes), *do* (a position where the learner must move; the engine judges the move) and
*watch* (scripted moves replayed with commentary). Every text is an English msgid, translated
with the lesson id as context.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tutor.engine.actions import Action
from tutor.engine.cards import Card
from tutor.engine.rules import Family, RuleSet
from tutor.engine.scoring import SideTally
from tutor.engine.state import GameState


class StepKind(enum.Enum):
    EXPLAIN = "explain"
    QUIZ = "quiz"
    DO = "do"
    WATCH = "watch"


class QuizKind(enum.Enum):
    LEGAL = "legal"  # is this action legal in this position? (yes/no)
    VALUE = "value"  # how many points are these cards worth in hand?
    MINIMUM = "minimum"  # the initial-meld minimum for a cumulative score
    SCORE = "score"  # a side's total for an end of hand


@dataclass(frozen=True, slots=True)
class WatchMove:
    action: Action
    say: str


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    kind: StepKind
    text: str = ""
    cards: tuple[Card, ...] = ()
    teaches: tuple[str, ...] = ()  # rule ids an explain step states
    # quiz
    quiz: QuizKind | None = None
    question: str = ""
    choices: tuple[str, ...] = ()
    action: Action | None = None
    score: int = 0  # for a MINIMUM quiz
    tally: tuple[SideTally, ...] = ()  # for a SCORE quiz
    side: int = 0  # which side's total a SCORE quiz asks for
    # do / watch / legal quiz
    position: GameState | None = None
    expect: tuple[Action, ...] = ()
    expect_illegal: Action | None = None
    expect_rule: str = ""
    hint: str = ""
    moves: tuple[WatchMove, ...] = ()
    success: str = ""


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    family: Family
    order: int
    rules: RuleSet
    summary: str
    steps: tuple[Step, ...]
    path: str

    @property
    def context(self) -> str:
        """The gettext context of this lesson's texts."""
        return f"lesson:{self.id}"

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)
