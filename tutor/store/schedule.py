"""Spaced review per rule id: Leitner boxes, as pure functions of a state, an answer and a time.

Why Leitner boxes and not SM-2: the engine judges an attempt right or wrong, it gives no graded
answer quality (SM-2's 0–5), and there are a few dozen rules per learner, not thousands of
items, so SM-2's per-item ease factor would have little to learn from. A box is also something a
learner and a teacher can read ("box 3 of 5") and maps straight onto a mastery bar.

The rules of the boxes:

* A rule never tried has no state; its first right answer puts it in box 1.
* A right answer when the rule is due moves it up one box (at most :data:`TOP_BOX`) and makes it
  due again after that box's interval. A right answer before it is due changes neither box nor
  due date: massed practice in one lesson is not spaced review, so it does not skip boxes.
* A wrong answer moves the rule down :data:`DROP` boxes (not to the bottom: one slip after weeks
  of right answers is not forgetting everything) and makes it due at once.

So a due date never moves earlier on a right answer, and mastery (box / TOP_BOX) stays in 0..1.
The time is passed in (the store's injected clock), so every function here is pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

TOP_BOX = 5
DROP = 2
# box -> how long a rule in it waits before it is due again
INTERVALS: tuple[timedelta, ...] = (
    timedelta(0),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=16),
    timedelta(days=35),
)


@dataclass(frozen=True, slots=True)
class RuleState:
    """One learner's schedule for one rule id."""

    box: int
    due: datetime
    right: int = 0
    wrong: int = 0
    last: datetime | None = None  # the latest attempt

    @property
    def mastery(self) -> float:
        """0.0 (learning) to 1.0 (top box)."""
        return self.box / TOP_BOX

    def is_due(self, now: datetime) -> bool:
        return self.due <= now


def answer(state: RuleState | None, correct: bool, now: datetime) -> RuleState:
    """The state after one judged attempt at ``now`` (``state`` None: the rule's first)."""
    if state is None:
        state = RuleState(box=0, due=now)
    last = now if state.last is None else max(state.last, now)
    if not correct:
        return RuleState(max(0, state.box - DROP), now, state.right, state.wrong + 1, last)
    if not state.is_due(now):
        return replace(state, right=state.right + 1, last=last)
    box = min(TOP_BOX, state.box + 1)
    return RuleState(box, max(state.due, now + INTERVALS[box]), state.right + 1, state.wrong,
                     last)


def review_order(states: Iterable[tuple[str, RuleState]], now: datetime,
                 limit: int) -> tuple[str, ...]:
    """The rule ids due at ``now``, weakest first (lowest box, then longest overdue), at most
    ``limit`` of them: a short session of what is about to be forgotten."""
    due = [(state.box, state.due, rule) for rule, state in states if state.is_due(now)]
    return tuple(rule for _, _, rule in sorted(due)[:limit])
