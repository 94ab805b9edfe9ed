"""Learners' progress that outlasts the browser tab: a relational store beside the pure engine.

The engine never imports this package; the UI talks to it only through :class:`Store` and the
frozen values of :mod:`tutor.store.values` (no SQLAlchemy type crosses the interface).

Opening::

    store = Store.open()        # db_url setting (CANASTA_TUTOR_DB_URL or secrets.toml), else
                                # ~/.local/share/canasta-tutor/tutor.db; migrates to the head
    store = Store.open("postgresql+psycopg://tutor@db/tutor")   # several replicas share one

One store per process (``st.cache_resource``): it is thread-safe and holds the pool.

Identity (no account, no personal data). ``create_learner(language)`` returns a
:class:`NewLearner` whose ``key`` (43 URL-safe characters) goes into the browser's cookie; every
learner call takes that key. Or the app makes the key itself (``keys.new_learner_key()``) for
the cookie at once and ``adopt_learner(key, language, settings) -> Learner`` makes its row at
the first progress kept (or after an outage); a key that is someone's already gives that learner,
unchanged, and two tabs adopting one key at once make one learner. ``device_code(key)`` gives
a one-time code (``ABCD-EFGH``, a day); on the other device ``device_preview(code) ->
DevicePreview`` says what it would continue (steps done, attempts, last seen, nickname, expiry)
without spending it, and ``redeem(code)`` returns a new key for the same learner.
``forget(key)`` deletes everything of that learner; ``clean_up(idle=timedelta(days=30)) -> int``
deletes the learners who never kept anything and were not seen for ``idle`` (a day at least).
A later ``st.login`` can attach as one more key row (``learner_keys``) without changing the
learner.

Learner calls (``key`` first)::

    learner(key) -> Learner                       # and marks them seen
    summary(key) -> ProgressSummary               # steps done, attempts, last seen, nickname
    update_learner(key, language=..., settings=...) -> Learner
    mark_step(key, StepMark(lesson_id, step_id, step_index, StepStatus.DONE))
    steps(key, lesson_id=None) -> tuple[StepRecord, ...]
    save_practice(key, dumps_record(record)); practice(key) -> SavedPractice | None;
    clear_practice(key)
    record_attempt(key, Attempt(Source.LESSON, rules, correct, reasons=verdict.forbidding,
                   action=str(action), position=dumps_position(state), lesson_id, step_id))
        -> tuple[Mastery, ...]                    # those rules' mastery after the attempt
    mastery(key) -> tuple[Mastery, ...]           # level 0..1, box, due_at, right, wrong
    review(key, limit=10) -> tuple[ReviewItem, ...]   # rules due, weakest first; item.error
        # holds the position where the learner erred (None: use the lessons' positions)
    recent_errors(key, limit=10) -> tuple[ErrorRecord, ...]
    join_class(key, code, nickname="") -> ClassInfo; leave_class(key, code);
    my_classes(key) -> tuple[ClassInfo, ...]

Teacher calls: ``create_class(ClassSpec(name, language, lessons)) -> NewClass`` (the join code
and the teacher key, shown once; only its digest is kept), ``class_info(code)`` for the join
page, ``class_report(code, teacher_key) -> ClassReport`` for the teacher's page (members with
progress per lesson and last errors, the learners × rules heatmap, the rules got wrong most).

Text people type (a class name, a nickname, and every string in ``settings``) may not hold
control characters (NUL, ESC, BEL, DEL, C1, the bidirectional overrides and isolates):
:class:`InvalidValue` names the field; ``check.control_character(text)`` (``"U+0000"`` or None)
lets the UI say so first. :mod:`tutor.store.limits` holds the rate limiters for the guessable
lookups (``limiter("code_lookups")``) and for making learners (``limiter("learners")``).

Faults (:mod:`tutor.store.errors`): a malformed key or code raises :class:`MalformedKey`, an
unknown one :class:`UnknownLearner` / :class:`UnknownClass` / :class:`UnknownDeviceCode`: make
a fresh learner. :class:`StoreUnavailable` (down, locked over 3 s, failed) means "progress is
not saved": keep teaching; the failed call's transaction is rolled back whole. Every error is a
:class:`StoreError`. The scheduling (Leitner boxes, and why) is in :mod:`tutor.store.schedule`.
"""

from __future__ import annotations

from tutor.store.errors import (
    InvalidValue,
    MalformedKey,
    NotFound,
    StoreError,
    StoreUnavailable,
    UnknownClass,
    UnknownDeviceCode,
    UnknownLearner,
    WrongTeacherKey,
)
from tutor.store.store import Store, utc_now
from tutor.store.values import (
    Attempt,
    ClassInfo,
    ClassReport,
    ClassSpec,
    DeviceCode,
    DevicePreview,
    ErrorRecord,
    Learner,
    LessonCount,
    Mastery,
    MemberReport,
    NewClass,
    NewLearner,
    ProgressSummary,
    ReviewItem,
    RuleTrouble,
    SavedPractice,
    Source,
    StepMark,
    StepRecord,
    StepStatus,
)

__all__ = [
    "Attempt",
    "ClassInfo",
    "ClassReport",
    "ClassSpec",
    "DeviceCode",
    "DevicePreview",
    "ErrorRecord",
    "InvalidValue",
    "Learner",
    "LessonCount",
    "MalformedKey",
    "Mastery",
    "MemberReport",
    "NewClass",
    "NewLearner",
    "NotFound",
    "ProgressSummary",
    "ReviewItem",
    "RuleTrouble",
    "SavedPractice",
    "Source",
    "StepMark",
    "StepRecord",
    "StepStatus",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "UnknownClass",
    "UnknownDeviceCode",
    "UnknownLearner",
    "WrongTeacherKey",
    "utc_now",
]
