"""Lessons as frozen values (loaded from ``lessons/*.toml`` by :mod:`tutor.lessons.load`).

Six kinds of step: *explain* (text and cards), *quiz* (a question whose answer the engine
computes), *do* (a position where the learner must move; the engine judges the move), *decide*
(a position where the learner chooses a move of their own: one option is best, and every other
option says why it is worse), *play* (a whole unscripted hand against the computer players, with
the coach's review after it) and *watch* (scripted moves replayed with commentary). Every
text is an English msgid, translated with the lesson id as context.
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
    DECIDE = "decide"
    PLAY = "play"  # a whole hand against the computer players, unscripted, then its review


class MoveKind(enum.Enum):
    """The kinds of move a decide step's option may stand for as a whole ("any discard")."""

    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    DISCARD = "discard"
    ASK = "ask"
    ANSWER = "answer"
    PASS = "pass"


class Fact(enum.Enum):
    """What a decide step's option claims about its move, checked by the engine when the
    lessons are checked, so that an explanation cannot say what the position does not."""

    PILE = "pile"  # the pile holds this many cards when the move is made
    FEEDS = "feeds"  # after the move, the next player may take the pile (true/false)
    LEFT_IN_HAND = "left_in_hand"  # the points of the cards left in the mover's hand
    GOES_OUT = "goes_out"  # the move ends the hand (true/false)
    SCORE = "score"  # the mover's side's score for the hand the move ends


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
class DecideOption:
    """One choice of a decide step: the moves it stands for (exactly, or every legal move of
    a kind that no other option names), whether it is the best, why (a text), and the facts
    its text relies on (each checked by the engine)."""

    moves: tuple[Action, ...] = ()
    any: MoveKind | None = None
    best: bool = False
    why: str = ""
    facts: tuple[tuple[Fact, int | bool], ...] = ()


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
    # decide
    options: tuple[DecideOption, ...] = ()

    @property
    def best_option(self) -> DecideOption | None:
        """A decide step's best option (the loader makes sure there is exactly one)."""
        return next((option for option in self.options if option.best), None)


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
    def strategy(self) -> bool:
        """A lesson of a family's strategy path (files ``<family>-strategy-NN-….toml``), taken
        after the rules path: how to play well rather than what the rules are."""
        return f"{self.family.value}-strategy-" in self.path

    @property
    def context(self) -> str:
        """The gettext context of this lesson's texts."""
        return f"lesson:{self.id}"

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)
