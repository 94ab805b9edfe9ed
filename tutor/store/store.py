"""The :class:`Store`: every read and write of learners' progress, one transaction per call.

A learner's call takes the learner key and touches only that learner's rows; a teacher's call
takes the class code and the teacher key. Every write transaction first locks the learner's
row (an UPDATE of ``last_seen_at`` on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite), so two tabs
of one learner write one after the other: a mastery box is read and rewritten whole, never half
from each.

Durability: the writes a click waits for (an attempt, the practice hand) commit on PostgreSQL
with ``synchronous_commit`` off: a crash of the database server may lose the last fraction of
a second of them, never corrupts anything, and the commit does not wait for the disk (an fsync
is often longer than the 5 ms a click may spend here). SQLite has no such mode without WAL,
which it no longer uses (a memory-mapped index whose disk fault kills the process: see
:mod:`tutor.store.connect`), so every SQLite commit waits for the disk; the app writes after
the page is drawn (``tutor/store/outbox.py``), so the learner sees the answer first.
Everything else (learners, keys, steps, classes, forgetting) waits for the disk everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from tutor.store import check, keys, migrate
from tutor.store import rows as convert
from tutor.store.connect import WRITE, configured_url, faults, make_engine, normal_url, shown
from tutor.store.errors import (
    InvalidValue,
    UnknownClass,
    UnknownDeviceCode,
    UnknownLearner,
    WrongTeacherKey,
)
from tutor.store.report import build_report
from tutor.store.schedule import answer, review_order
from tutor.store.schema import (
    attempts,
    classes,
    device_codes,
    learner_keys,
    learners,
    mastery,
    members,
    practice,
    steps,
)
from tutor.store.values import (
    Attempt,
    ClassInfo,
    ClassReport,
    ClassSpec,
    DeviceCode,
    DevicePreview,
    ErrorRecord,
    Learner,
    Mastery,
    NewClass,
    NewLearner,
    ProgressSummary,
    ReviewItem,
    SavedPractice,
    Source,
    StepMark,
    StepRecord,
    StepStatus,
)

Clock = Callable[[], datetime]
DEVICE_CODE_LIFE = timedelta(days=1)
ASYNC_COMMIT = sa.text("SET LOCAL synchronous_commit TO OFF")
CODE_TRIES = 8  # fresh class codes tried before giving up (a clash is one in millions)
# clean_up keeps anyone seen within a day: a learner adopted a moment ago has not saved their
# first step yet, and whoever made a device code (a day's life) may be about to use it.
MIN_IDLE = DEVICE_CODE_LIFE
CLEAN_BATCH = 500  # learner ids in one DELETE (well below either backend's bound parameters)
UNKNOWN_DEVICE_CODE = "device code: unknown, used already or expired"


def utc_now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Learners' progress in one database. Thread-safe: share one per process."""

    def __init__(self, engine: sa.Engine, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE: True})
        self._url = engine.url
        self._clock = clock
        self._pg = engine.dialect.name == "postgresql"
        self._upserts()

    @classmethod
    def open(cls, url: str | None = None, clock: Clock = utc_now) -> Store:
        """The store at ``url`` (default: the ``db_url`` setting, else the SQLite file),
        migrated to the newest schema; :class:`StoreUnavailable` when it cannot be reached."""
        parsed = normal_url(configured_url() if url is None else url)
        engine = make_engine(parsed)
        with faults(parsed):
            migrate.upgrade(engine)
        return cls(engine, clock)

    def close(self) -> None:
        self._engine.dispose()

    @property
    def where(self) -> str:
        """The database URL without its password."""
        return shown(self._url)

    # ----- plumbing ----------------------------------------------------------------------------

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise InvalidValue("clock: must give aware datetimes")
        return now

    @contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        with faults(self._url), self._engine.begin() as connection:
            yield connection

    @contextmanager
    def _write(self, *, click: bool = False) -> Iterator[sa.Connection]:
        """A write transaction; ``click``: one a click waits for (an attempt, the practice
        hand), which PostgreSQL commits without waiting for the disk (see the module)."""
        with faults(self._url), self._writer.begin() as connection:
            if click and self._pg:
                connection.execute(ASYNC_COMMIT)
            yield connection

    def _insert(self, table: sa.Table) -> Any:
        """An INSERT with ``on_conflict_do_update/nothing`` (both dialects spell it alike)."""
        return (postgresql.insert if self._pg else sqlite.insert)(table)

    @staticmethod
    def _learner_id(connection: sa.Connection, key: str) -> int:
        """The learner this key belongs to (for reading)."""
        found = connection.execute(sa.select(learner_keys.c.learner_id)
                                   .where(learner_keys.c.key_hash == keys.digest(key))).scalar()
        return _known(found)

    def _lock(self, connection: sa.Connection, key: str) -> int:
        """The learner this key belongs to, marked seen now, their row locked until the
        commit: one statement, the first of every write (so two tabs write in turn)."""
        return _known(self._seen(connection, keys.digest(key)))

    def _seen(self, connection: sa.Connection, digest: str) -> int | None:
        """:meth:`_lock` by the key's digest; None when no learner has it."""
        found = connection.execute(
            learners.update()
            .where(learners.c.id.in_(sa.select(learner_keys.c.learner_id)
                                     .where(learner_keys.c.key_hash == digest)))
            .values(last_seen_at=self._now()).returning(learners.c.id)).scalar()
        return None if found is None else int(found)

    @staticmethod
    def _learner_row(connection: sa.Connection, learner_id: int) -> Learner:
        row = connection.execute(sa.select(learners).where(learners.c.id == learner_id)).one()
        return Learner(row.created_at, row.last_seen_at, row.language, dict(row.settings))

    @staticmethod
    def _summary(connection: sa.Connection, learner_id: int) -> ProgressSummary:
        """One statement: the counts and the latest nickname beside the learner's row."""
        mine = learners.c.id
        done = (sa.select(sa.func.count()).select_from(steps)
                .where(steps.c.learner_id == mine, steps.c.status == StepStatus.DONE.value))
        tried = sa.select(sa.func.count()).select_from(attempts).where(
            attempts.c.learner_id == mine)
        nickname = (sa.select(members.c.nickname)
                    .where(members.c.learner_id == mine, members.c.nickname != "")
                    .order_by(members.c.joined_at.desc(), members.c.class_id.desc()).limit(1))
        row = connection.execute(
            sa.select(done.scalar_subquery(), tried.scalar_subquery(), learners.c.last_seen_at,
                      nickname.scalar_subquery()).where(mine == learner_id)).one()
        return ProgressSummary(int(row[0]), int(row[1]), row[2], row[3] or "")

    def _upserts(self) -> None:
        """The INSERT statements of every click, built once (building an upsert costs more
        than running it)."""
        self._add_attempt = attempts.insert().returning(attempts.c.id)
        insert = self._insert(steps)
        self._mark_step = insert.on_conflict_do_update(
            index_elements=["learner_id", "lesson_id", "step_id"],
            set_={"status": insert.excluded.status, "at": insert.excluded.at,
                  "step_index": insert.excluded.step_index},
            where=steps.c.status != StepStatus.DONE.value)
        insert = self._insert(practice)
        self._save_practice = insert.on_conflict_do_update(
            index_elements=["learner_id"],
            set_={"record": insert.excluded.record, "saved_at": insert.excluded.saved_at})
        insert = self._insert(mastery)
        self._put_mastery = insert.on_conflict_do_update(
            index_elements=["learner_id", "rule_id"],
            set_={**{name: insert.excluded[name] for name in
                     ("box", "due_at", "right_count", "wrong_count", "last_at")},
                  "last_error_id": sa.func.coalesce(insert.excluded.last_error_id,
                                                    mastery.c.last_error_id)})

    # ----- learners ----------------------------------------------------------------------------

    def create_learner(self, language: str = "en",
                       settings: Mapping[str, Any] | None = None) -> NewLearner:
        """A new learner with a fresh key (keep it in the browser: it is shown only now)."""
        lang, values = check.language(language), check.settings(settings or {})
        key, now = keys.new_learner_key(), self._now()
        with self._write() as connection:
            learner_id = connection.execute(learners.insert().values(
                created_at=now, last_seen_at=now, language=lang, settings=values,
            ).returning(learners.c.id)).scalar_one()
            connection.execute(learner_keys.insert().values(
                key_hash=keys.digest(key), learner_id=learner_id, created_at=now))
        return NewLearner(key, Learner(now, now, lang, values))

    def adopt_learner(self, key: str, language: str = "en",
                      settings: Mapping[str, Any] | None = None) -> Learner:
        """The learner for a key the app made itself (``keys.new_learner_key``, kept in the
        cookie before any row existed): created now, or, if the key is someone's already, that
        learner unchanged (marked seen). Two tabs adopting one key at once make one learner.

        Race-safe on both backends: SQLite's write transactions run one at a time; on
        PostgreSQL (READ COMMITTED) the key's INSERT waits for a concurrent one of the same key
        and, when that one commits, does nothing; this transaction then drops its own new row
        and takes the other's learner (each statement sees what was committed before it).
        """
        key = keys.learner_key(key)
        lang, values = check.language(language), check.settings(settings or {})
        digest, now = keys.digest(key), self._now()
        with self._write() as connection:
            found = self._seen(connection, digest)
            if found is not None:
                return self._learner_row(connection, found)
            learner_id = connection.execute(learners.insert().values(
                created_at=now, last_seen_at=now, language=lang, settings=values,
            ).returning(learners.c.id)).scalar_one()
            claimed = connection.execute(
                self._insert(learner_keys)
                .values(key_hash=digest, learner_id=learner_id, created_at=now)
                .on_conflict_do_nothing(index_elements=["key_hash"])
                .returning(learner_keys.c.learner_id)).scalar()
            if claimed is None:  # another tab adopted this key meanwhile: theirs it is
                connection.execute(learners.delete().where(learners.c.id == learner_id))
                return self._learner_row(connection, _known(self._seen(connection, digest)))
        return Learner(now, now, lang, values)

    def learner(self, key: str) -> Learner:
        """The learner with this key, marked as seen now."""
        return self.update_learner(key)

    def update_learner(self, key: str, *, language: str | None = None,
                       settings: Mapping[str, Any] | None = None) -> Learner:
        """Change the language and/or replace the settings (and mark the learner seen)."""
        key = keys.learner_key(key)
        changes: dict[str, Any] = {}
        if language is not None:
            changes["language"] = check.language(language)
        if settings is not None:
            changes["settings"] = check.settings(settings)
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            if changes:
                connection.execute(learners.update().where(learners.c.id == learner_id)
                                   .values(**changes))
            return self._learner_row(connection, learner_id)

    def summary(self, key: str) -> ProgressSummary:
        """This learner's progress in brief (read only: not marked seen)."""
        key = keys.learner_key(key)
        with self._read() as connection:
            return self._summary(connection, self._learner_id(connection, key))

    def forget(self, key: str) -> None:
        """Delete everything stored for this key's learner (every device's key too)."""
        key = keys.learner_key(key)
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            for table in (members, mastery, attempts, steps, practice, device_codes,
                          learner_keys):
                connection.execute(table.delete().where(table.c.learner_id == learner_id))
            connection.execute(learners.delete().where(learners.c.id == learner_id))

    def clean_up(self, idle: timedelta = timedelta(days=30)) -> int:
        """Delete the learners who never kept anything (no step, attempt, mastery, practice
        hand or class) and were last seen more than ``idle`` (a day at least) ago, with their
        keys and their device codes (expired: a code marks its learner seen and lives a day):
        the visitors who left at once. How many were deleted.

        Their rows are locked first (PostgreSQL rechecks ``last_seen_at`` of a row a
        concurrent write has just touched), so a learner who comes back during the clean-up
        is either kept or finds their key unknown, never left half deleted.
        """
        if not isinstance(idle, timedelta) or idle < MIN_IDLE:
            raise InvalidValue(f"idle: must be a timedelta of at least {MIN_IDLE}")
        now = self._now()
        mine = learners.c.id

        def none_in(table: sa.Table) -> sa.ColumnElement[bool]:
            return ~sa.exists().where(table.c.learner_id == mine)

        empty = sa.and_(learners.c.last_seen_at < now - idle,
                        *(none_in(table) for table in (steps, attempts, mastery, practice,
                                                       members)))
        with self._write() as connection:
            gone = list(connection.execute(
                sa.select(mine).where(empty).order_by(mine).with_for_update()).scalars())
            for start in range(0, len(gone), CLEAN_BATCH):
                batch = gone[start:start + CLEAN_BATCH]
                for table in (device_codes, learner_keys):
                    connection.execute(table.delete().where(table.c.learner_id.in_(batch)))
                connection.execute(learners.delete().where(mine.in_(batch)))
        return len(gone)

    def device_code(self, key: str) -> DeviceCode:
        """A one-time code that gives another device this learner (valid for a day)."""
        key = keys.learner_key(key)
        now = self._now()
        code = keys.new_code(keys.DEVICE_CODE_LENGTH)
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            connection.execute(device_codes.delete().where(device_codes.c.expires_at <= now))
            connection.execute(device_codes.insert().values(
                code=code, learner_id=learner_id, expires_at=now + DEVICE_CODE_LIFE))
        return DeviceCode(keys.shown(code), now + DEVICE_CODE_LIFE)

    def device_preview(self, code: str) -> DevicePreview:
        """What a device code would continue, without spending it (so the other device can
        ask "is this your progress?" before :meth:`redeem`)."""
        plain = keys.code(code, "device code", keys.DEVICE_CODE_LENGTH)
        now = self._now()
        with self._read() as connection:
            found = connection.execute(
                sa.select(device_codes.c.learner_id, device_codes.c.expires_at)
                .where(device_codes.c.code == plain, device_codes.c.expires_at > now)).first()
            if found is None:
                raise UnknownDeviceCode(UNKNOWN_DEVICE_CODE)
            brief = self._summary(connection, found.learner_id)
        return DevicePreview(brief.steps_done, brief.attempts, brief.last_seen, brief.nickname,
                             found.expires_at)

    def redeem(self, code: str) -> str:
        """A new learner key for the learner a device code was made for (the code is used up):
        keep it in this device's browser."""
        plain = keys.code(code, "device code", keys.DEVICE_CODE_LENGTH)
        now, key = self._now(), keys.new_learner_key()
        with self._write() as connection:
            learner_id = connection.execute(
                sa.delete(device_codes)
                .where(device_codes.c.code == plain, device_codes.c.expires_at > now)
                .returning(device_codes.c.learner_id)).scalar()
            if learner_id is None:
                raise UnknownDeviceCode(UNKNOWN_DEVICE_CODE)
            connection.execute(learner_keys.insert().values(
                key_hash=keys.digest(key), learner_id=learner_id, created_at=now))
        return key

    # ----- lessons and practice ----------------------------------------------------------------

    def mark_step(self, key: str, mark: StepMark) -> None:
        """A lesson step done or skipped (a step once done stays done, with its first time)."""
        key = keys.learner_key(key)
        lesson, step = check.ident(mark.lesson_id, "lesson id"), check.ident(mark.step_id,
                                                                              "step id")
        index = check.count(mark.step_index, "step index", 0, 10_000)
        status = StepStatus(mark.status).value
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            connection.execute(self._mark_step, {
                "learner_id": learner_id, "lesson_id": lesson, "step_id": step,
                "step_index": index, "status": status, "at": self._now()})

    def steps(self, key: str, lesson_id: str | None = None) -> tuple[StepRecord, ...]:
        """The steps done or skipped, by lesson and step index (one lesson's, if named)."""
        key = keys.learner_key(key)
        with self._read() as connection:
            learner_id = self._learner_id(connection, key)
            query = sa.select(steps).where(steps.c.learner_id == learner_id)
            if lesson_id is not None:
                query = query.where(steps.c.lesson_id == check.ident(lesson_id, "lesson id"))
            rows = connection.execute(query.order_by(steps.c.lesson_id, steps.c.step_index))
            return tuple(StepRecord(row.lesson_id, row.step_id, row.step_index,
                                    StepStatus(row.status), row.at) for row in rows)

    def save_practice(self, key: str, record: str) -> None:
        """Keep the practice hand in progress (its record JSON) so a reload resumes it."""
        key = keys.learner_key(key)
        record = check.sized(record, "practice record", check.MAX_RECORD)
        with self._write(click=True) as connection:
            learner_id = self._lock(connection, key)
            connection.execute(self._save_practice, {"learner_id": learner_id,
                                                      "record": record,
                                                      "saved_at": self._now()})

    def practice(self, key: str) -> SavedPractice | None:
        key = keys.learner_key(key)
        with self._read() as connection:
            learner_id = self._learner_id(connection, key)
            row = connection.execute(sa.select(practice)
                                     .where(practice.c.learner_id == learner_id)).first()
        return None if row is None else SavedPractice(row.record, row.saved_at)

    def clear_practice(self, key: str) -> None:
        key = keys.learner_key(key)
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            connection.execute(practice.delete().where(practice.c.learner_id == learner_id))

    # ----- attempts, mastery, review -----------------------------------------------------------

    def record_attempt(self, key: str, attempt: Attempt) -> tuple[Mastery, ...]:
        """Keep one judged attempt and move its rules' boxes; their mastery after it."""
        key = keys.learner_key(key)
        rules = check.idents(attempt.rules, "rule id", check.MAX_RULES)
        row = {
            "source": Source(attempt.source).value,
            "lesson_id": check.optional_ident(attempt.lesson_id, "lesson id"),
            "step_id": check.optional_ident(attempt.step_id, "step id"),
            "rules": list(rules),
            "correct": bool(attempt.correct),
            "reasons": [reason.to_json() for reason in attempt.reasons],
            "action": check.text(attempt.action, "action", check.MAX_ACTION, empty=True),
            "position": None if attempt.position is None
            else check.sized(attempt.position, "position", check.MAX_POSITION),
        }
        with self._write(click=True) as connection:
            learner_id = self._lock(connection, key)
            now = self._now()
            attempt_id = connection.execute(self._add_attempt, {
                "learner_id": learner_id, "at": now, **row}).scalar_one()
            before = {found.rule_id: convert.rule_state(found) for found in connection.execute(
                sa.select(mastery).where(mastery.c.learner_id == learner_id,
                                         mastery.c.rule_id.in_(rules)))}
            after = {rule: answer(before.get(rule), attempt.correct, now) for rule in rules}
            kept_error = attempt_id if not attempt.correct and attempt.position else None
            if after:
                connection.execute(self._put_mastery, [
                    {"learner_id": learner_id, "rule_id": rule, "box": state.box,
                     "due_at": state.due, "right_count": state.right,
                     "wrong_count": state.wrong, "last_at": state.last,
                     "last_error_id": kept_error} for rule, state in after.items()])
        return tuple(convert.mastery_value(rule, after[rule]) for rule in rules)

    def mastery(self, key: str) -> tuple[Mastery, ...]:
        """Every rule this learner has tried, by rule id."""
        key = keys.learner_key(key)
        with self._read() as connection:
            learner_id = self._learner_id(connection, key)
            rows = connection.execute(sa.select(mastery).where(mastery.c.learner_id == learner_id)
                                      .order_by(mastery.c.rule_id))
            return tuple(convert.mastery_value(row.rule_id, convert.rule_state(row))
                         for row in rows)

    def review(self, key: str, limit: int = 10) -> tuple[ReviewItem, ...]:
        """A short session of the rules due now, weakest first, each with the latest position
        where the learner erred at it (when one was kept)."""
        key = keys.learner_key(key)
        limit = check.count(limit, "limit", 1, 100)
        now = self._now()
        with self._read() as connection:
            learner_id = self._learner_id(connection, key)
            rows = {row.rule_id: row for row in connection.execute(
                sa.select(mastery).where(mastery.c.learner_id == learner_id,
                                         mastery.c.due_at <= now))}
            states = ((rule, convert.rule_state(row)) for rule, row in rows.items())
            order = review_order(states, now, limit)
            wanted = [rows[rule].last_error_id for rule in order if rows[rule].last_error_id]
            errors = {row.id: convert.error_record(row) for row in connection.execute(
                sa.select(attempts).where(attempts.c.id.in_(wanted),
                                          attempts.c.learner_id == learner_id))}
        return tuple(ReviewItem(convert.mastery_value(rule, convert.rule_state(rows[rule])),
                                errors.get(rows[rule].last_error_id)) for rule in order)

    def recent_errors(self, key: str, limit: int = 10) -> tuple[ErrorRecord, ...]:
        """This learner's latest wrong attempts, latest first."""
        key = keys.learner_key(key)
        limit = check.count(limit, "limit", 1, 100)
        with self._read() as connection:
            learner_id = self._learner_id(connection, key)
            rows = connection.execute(
                sa.select(attempts)
                .where(attempts.c.learner_id == learner_id, attempts.c.correct == sa.false())
                .order_by(attempts.c.at.desc(), attempts.c.id.desc()).limit(limit))
            return tuple(convert.error_record(row) for row in rows)

    # ----- classes -----------------------------------------------------------------------------

    def create_class(self, spec: ClassSpec) -> NewClass:
        """A class with a fresh join code and teacher key (shown to the teacher only now)."""
        name = check.text(spec.name, "class name", check.MAX_NAME)
        lang = check.language(spec.language)
        lessons = check.idents(spec.lessons, "lesson id", check.MAX_LESSONS)
        teacher = keys.new_teacher_key()
        now = self._now()
        with self._write() as connection:
            for _ in range(CODE_TRIES):
                code = keys.new_code(keys.CLASS_CODE_LENGTH)
                taken = connection.execute(sa.select(classes.c.id)
                                           .where(classes.c.code == code)).first()
                if taken is None:
                    break
            else:
                raise InvalidValue("class code: no free code found; try again")
            connection.execute(classes.insert().values(
                code=code, name=name, language=lang, lessons=list(lessons),
                teacher_hash=keys.digest(teacher), created_at=now))
        return NewClass(ClassInfo(keys.shown(code), name, lang, lessons, now), teacher)

    @staticmethod
    def _class(connection: sa.Connection, code: str) -> sa.Row[Any]:
        plain = keys.code(code, "class code", keys.CLASS_CODE_LENGTH)
        row = connection.execute(sa.select(classes).where(classes.c.code == plain)).first()
        if row is None:
            raise UnknownClass(f"class code {keys.shown(plain)}: no class has this code")
        return row

    def class_info(self, code: str) -> ClassInfo:
        """What the join page shows for a code."""
        with self._read() as connection:
            return convert.class_info(self._class(connection, code))

    def join_class(self, key: str, code: str, nickname: str = "") -> ClassInfo:
        """Join (or rejoin: a new nickname replaces the old one, an empty one keeps it)."""
        key = keys.learner_key(key)
        nick = check.text(nickname, "nickname", check.MAX_NICKNAME, empty=True)
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            found = self._class(connection, code)
            insert = self._insert(members).values(class_id=found.id, learner_id=learner_id,
                                                  nickname=nick, joined_at=self._now())
            conflict = ["class_id", "learner_id"]
            connection.execute(
                insert.on_conflict_do_update(index_elements=conflict,
                                             set_={"nickname": insert.excluded.nickname})
                if nick else insert.on_conflict_do_nothing(index_elements=conflict))
            return convert.class_info(found)

    def leave_class(self, key: str, code: str) -> None:
        key = keys.learner_key(key)
        with self._write() as connection:
            learner_id = self._lock(connection, key)
            found = self._class(connection, code)
            connection.execute(members.delete().where(members.c.class_id == found.id,
                                                      members.c.learner_id == learner_id))

    def my_classes(self, key: str) -> tuple[ClassInfo, ...]:
        """The classes this learner has joined, oldest first."""
        key = keys.learner_key(key)
        with self._read() as connection:
            learner_id = self._learner_id(connection, key)
            rows = connection.execute(
                sa.select(classes).join(members, members.c.class_id == classes.c.id)
                .where(members.c.learner_id == learner_id).order_by(members.c.joined_at))
            return tuple(convert.class_info(row) for row in rows)

    def class_report(self, code: str, teacher_key: str, errors: int = 5) -> ClassReport:
        """The teacher's page for this class (:class:`WrongTeacherKey` unless it is theirs)."""
        secret = keys.teacher_key(teacher_key)
        errors = check.count(errors, "errors", 0, 50)
        with self._read() as connection:
            found = self._class(connection, code)
            if not keys.same_digest(secret, found.teacher_hash):
                raise WrongTeacherKey(f"class code {keys.shown(found.code)}: "
                                      "this is not the class's teacher key")
            return build_report(connection, convert.class_info(found), found.id, errors)


def _known(learner_id: int | None) -> int:
    if learner_id is None:
        raise UnknownLearner("learner key: no learner has this key (forgotten, or from "
                             "another database): start fresh")
    return int(learner_id)
