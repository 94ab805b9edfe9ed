"""The store's tables, in SQLAlchemy Core.

Core and not the ORM: the store's answers are aggregates (a learners × rules matrix, the rules a
class gets wrong most often) and upserts that must compile for SQLite and PostgreSQL alike, both
of which Core writes directly; and the interface hands out frozen dataclasses, so ORM objects
(mutable, lazily loaded, bound to a session) would only be copied into them.

The migrations (``migrations/versions``) create exactly these tables; a test compares the two.
Times are stored as naive UTC on both backends (:class:`UtcDateTime`) and read back aware.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

# Named constraints: the same names on both backends, so a later migration can drop one.
metadata = sa.MetaData(naming_convention={
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s",
    "pk": "pk_%(table_name)s",
})

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # SQLite: a rowid alias
NAME = 100  # characters of a lesson, step or rule id


class UtcDateTime(sa.types.TypeDecorator[datetime]):
    """An aware datetime in, stored as naive UTC, an aware UTC datetime out."""

    impl = sa.DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("the store takes aware datetimes only")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def _learner_fk() -> sa.Column[int]:
    return sa.Column("learner_id", ID, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                     nullable=False)


learners = sa.Table(
    "learners", metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column("created_at", UtcDateTime(), nullable=False),
    sa.Column("last_seen_at", UtcDateTime(), nullable=False),
    sa.Column("language", sa.String(16), nullable=False),
    sa.Column("settings", sa.JSON(), nullable=False),
)

# A learner's credentials: the key kept in the browser, stored as its SHA-256. A learner may
# have several (one per device a code was redeemed on; later, one for a login).
learner_keys = sa.Table(
    "learner_keys", metadata,
    sa.Column("key_hash", sa.String(64), primary_key=True),
    _learner_fk(),
    sa.Column("created_at", UtcDateTime(), nullable=False),
    sa.Index(None, "learner_id"),
)

device_codes = sa.Table(
    "device_codes", metadata,
    sa.Column("code", sa.String(16), primary_key=True),
    _learner_fk(),
    sa.Column("expires_at", UtcDateTime(), nullable=False),
    sa.Index(None, "learner_id"),
)

steps = sa.Table(
    "steps", metadata,
    _learner_fk(),
    sa.Column("lesson_id", sa.String(NAME), nullable=False),
    sa.Column("step_id", sa.String(NAME), nullable=False),
    sa.Column("step_index", sa.Integer(), nullable=False),
    sa.Column("status", sa.String(8), nullable=False),  # done | skipped
    sa.Column("at", UtcDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "lesson_id", "step_id"),
)

attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    _learner_fk(),
    sa.Column("at", UtcDateTime(), nullable=False),
    sa.Column("source", sa.String(8), nullable=False),  # lesson | practice | review
    sa.Column("lesson_id", sa.String(NAME), nullable=False),
    sa.Column("step_id", sa.String(NAME), nullable=False),
    sa.Column("rules", sa.JSON(), nullable=False),  # rule ids exercised
    sa.Column("correct", sa.Boolean(), nullable=False),
    sa.Column("reasons", sa.JSON(), nullable=False),  # the engine's Reason.to_json() list
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("position", sa.Text(), nullable=True),  # a position's JSON, for review
    sa.Index(None, "learner_id", "correct", "at"),
)

practice = sa.Table(
    "practice", metadata,
    sa.Column("learner_id", ID, sa.ForeignKey("learners.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("record", sa.Text(), nullable=False),
    sa.Column("saved_at", UtcDateTime(), nullable=False),
)

mastery = sa.Table(
    "mastery", metadata,
    _learner_fk(),
    sa.Column("rule_id", sa.String(NAME), nullable=False),
    sa.Column("box", sa.Integer(), nullable=False),
    sa.Column("due_at", UtcDateTime(), nullable=False),
    sa.Column("right_count", sa.Integer(), nullable=False),
    sa.Column("wrong_count", sa.Integer(), nullable=False),
    sa.Column("last_at", UtcDateTime(), nullable=True),
    sa.Column("last_error_id", ID, sa.ForeignKey("attempts.id", ondelete="SET NULL"),
              nullable=True),  # the latest wrong attempt with a position, for review
    sa.PrimaryKeyConstraint("learner_id", "rule_id"),
)

classes = sa.Table(
    "classes", metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("language", sa.String(16), nullable=False),
    sa.Column("lessons", sa.JSON(), nullable=False),
    sa.Column("teacher_hash", sa.String(64), nullable=False),
    sa.Column("created_at", UtcDateTime(), nullable=False),
)

members = sa.Table(
    "members", metadata,
    sa.Column("class_id", ID, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    _learner_fk(),
    sa.Column("nickname", sa.String(40), nullable=False),
    sa.Column("joined_at", UtcDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("class_id", "learner_id"),
    sa.Index(None, "learner_id"),
)
