"""The frozen values that go into and come out of the store (the UI never sees a row)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tutor.engine.verdict import Reason


class Source(enum.StrEnum):
    """Where an attempt was made."""

    LESSON = "lesson"
    PRACTICE = "practice"
    REVIEW = "review"


class StepStatus(enum.StrEnum):
    DONE = "done"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class Learner:
    """What is stored about a learner: no personal data, only the app's own."""

    created_at: datetime
    last_seen_at: datetime
    language: str
    settings: Mapping[str, Any] = field(default_factory=dict)  # JSON: the UI's own keys


@dataclass(frozen=True, slots=True)
class NewLearner:
    key: str  # keep it in the browser (a cookie); the store keeps only its digest
    learner: Learner


@dataclass(frozen=True, slots=True)
class DeviceCode:
    """A one-time "continue on another device" code (``code`` as shown, ``ABCD-EFGH``)."""

    code: str
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class ProgressSummary:
    """Enough of a learner's progress for them to recognise it as theirs ("12 steps done, last
    seen on Tuesday, as Ann"): counts and a nickname, nothing a stranger could use."""

    steps_done: int
    attempts: int
    last_seen: datetime
    nickname: str  # the latest non-empty class nickname, "" if none


@dataclass(frozen=True, slots=True)
class DevicePreview(ProgressSummary):
    """What a device code would continue, shown before the code is spent."""

    expires_at: datetime


@dataclass(frozen=True, slots=True)
class StepMark:
    """A lesson step done or skipped. Done is never turned back into skipped."""

    lesson_id: str
    step_id: str
    step_index: int
    status: StepStatus = StepStatus.DONE


@dataclass(frozen=True, slots=True)
class StepRecord:
    lesson_id: str
    step_id: str
    step_index: int
    status: StepStatus
    at: datetime


@dataclass(frozen=True, slots=True)
class Attempt:
    """One judged attempt, reduced to what mastery and review need (never a whole game).

    ``reasons`` are the engine's (``Verdict.forbidding`` of a wrong move), ``position`` a small
    position's JSON (``dumps_position``) kept for review when the learner erred.
    """

    source: Source
    rules: tuple[str, ...]  # the rule ids the attempt exercised
    correct: bool
    reasons: tuple[Reason, ...] = ()
    action: str = ""  # the move tried, in notation
    position: str | None = None
    lesson_id: str = ""
    step_id: str = ""


@dataclass(frozen=True, slots=True)
class Mastery:
    """One rule's mastery (``level`` 0..1 = box / top box) and when it is due for review."""

    rule_id: str
    box: int
    level: float
    due_at: datetime
    right: int
    wrong: int
    last_at: datetime | None


@dataclass(frozen=True, slots=True)
class ErrorRecord:
    """A wrong attempt with the engine's reasons, for "your last errors" and the teacher."""

    at: datetime
    source: Source
    rules: tuple[str, ...]
    reasons: tuple[Reason, ...]
    action: str
    position: str | None
    lesson_id: str
    step_id: str


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """A rule due for review; ``error`` the latest wrong attempt at it that kept a position
    (None: build the item from the lessons' positions for the rule)."""

    mastery: Mastery
    error: ErrorRecord | None


@dataclass(frozen=True, slots=True)
class SavedPractice:
    record: str  # the practice hand's record JSON (dumps_record)
    saved_at: datetime


@dataclass(frozen=True, slots=True)
class ClassSpec:
    name: str
    language: str
    lessons: tuple[str, ...]  # the lesson ids assigned, in order


@dataclass(frozen=True, slots=True)
class ClassInfo:
    """What a learner who has the join code may see (``code`` as shown, ``ABC-DEF``)."""

    code: str
    name: str
    language: str
    lessons: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewClass:
    info: ClassInfo
    teacher_key: str  # shown to the teacher once; the store keeps only its digest


@dataclass(frozen=True, slots=True)
class LessonCount:
    lesson_id: str
    done: int
    skipped: int


@dataclass(frozen=True, slots=True)
class MemberReport:
    """One learner of a class as the teacher sees them: a number and the nickname they chose."""

    number: int  # 1, 2, ... in joining order
    nickname: str
    joined_at: datetime
    last_seen_at: datetime
    lessons: tuple[LessonCount, ...]  # one per ClassReport.lessons, in that order
    errors: tuple[ErrorRecord, ...]  # latest first


@dataclass(frozen=True, slots=True)
class RuleTrouble:
    rule_id: str
    wrong: int
    right: int
    learners: int  # how many of the class got it wrong at least once


@dataclass(frozen=True, slots=True)
class ClassReport:
    """The teacher's page: progress per lesson, the mastery heatmap, the troublesome rules.

    ``heatmap[m][r]`` is member ``m``'s mastery of ``rules[r]`` (None: never tried); the
    rules are ordered by wrong answers in the class, most first, so the heatmap reads the same
    way as ``trouble``. ``lessons`` are the assigned ones, then any other a member worked on.
    """

    info: ClassInfo
    lessons: tuple[str, ...]
    members: tuple[MemberReport, ...]
    rules: tuple[str, ...]
    heatmap: tuple[tuple[float | None, ...], ...]
    trouble: tuple[RuleTrouble, ...]  # rules with a wrong answer, most wrong first
