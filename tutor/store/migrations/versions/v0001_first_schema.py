"""The first schema: learners, their keys, progress, attempts, mastery, classes.

Revision ID: 0001
Revises: (none)
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TIME = sa.DateTime()  # naive UTC (tutor.store.schema.UtcDateTime)


def _pk(table: str, *columns: str) -> sa.PrimaryKeyConstraint:
    return sa.PrimaryKeyConstraint(*columns, name=op.f(f"pk_{table}"))


def _fk(table: str, column: str, target: str, ondelete: str = "CASCADE") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}"),
                                   ondelete=ondelete)


def _learner(table: str) -> tuple[sa.Column[int], sa.ForeignKeyConstraint]:
    return sa.Column("learner_id", ID, nullable=False), _fk(table, "learner_id", "learners")


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("language", sa.String(length=16), nullable=False),
        sa.Column("lessons", sa.JSON(), nullable=False),
        sa.Column("teacher_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        _pk("classes", "id"),
        sa.UniqueConstraint("code", name=op.f("uq_classes_code")),
    )
    op.create_table(
        "learners",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("last_seen_at", TIME, nullable=False),
        sa.Column("language", sa.String(length=16), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        _pk("learners", "id"),
    )
    op.create_table(
        "attempts",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        *_learner("attempts"),
        sa.Column("at", TIME, nullable=False),
        sa.Column("source", sa.String(length=8), nullable=False),
        sa.Column("lesson_id", sa.String(length=100), nullable=False),
        sa.Column("step_id", sa.String(length=100), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("reasons", sa.JSON(), nullable=False),
        sa.Column("action", sa.String(length=200), nullable=False),
        sa.Column("position", sa.Text(), nullable=True),
        _pk("attempts", "id"),
    )
    op.create_index(op.f("ix_attempts_learner_id_correct_at"), "attempts",
                    ["learner_id", "correct", "at"])
    op.create_table(
        "device_codes",
        sa.Column("code", sa.String(length=16), nullable=False),
        *_learner("device_codes"),
        sa.Column("expires_at", TIME, nullable=False),
        _pk("device_codes", "code"),
    )
    op.create_index(op.f("ix_device_codes_learner_id"), "device_codes", ["learner_id"])
    op.create_table(
        "learner_keys",
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        *_learner("learner_keys"),
        sa.Column("created_at", TIME, nullable=False),
        _pk("learner_keys", "key_hash"),
    )
    op.create_index(op.f("ix_learner_keys_learner_id"), "learner_keys", ["learner_id"])
    op.create_table(
        "members",
        sa.Column("class_id", ID, nullable=False),
        *_learner("members"),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("joined_at", TIME, nullable=False),
        _fk("members", "class_id", "classes"),
        _pk("members", "class_id", "learner_id"),
    )
    op.create_index(op.f("ix_members_learner_id"), "members", ["learner_id"])
    op.create_table(
        "practice",
        *_learner("practice"),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("saved_at", TIME, nullable=False),
        _pk("practice", "learner_id"),
    )
    op.create_table(
        "steps",
        *_learner("steps"),
        sa.Column("lesson_id", sa.String(length=100), nullable=False),
        sa.Column("step_id", sa.String(length=100), nullable=False),
        sa.Column("step_index", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("at", TIME, nullable=False),
        _pk("steps", "learner_id", "lesson_id", "step_id"),
    )
    op.create_table(
        "mastery",
        *_learner("mastery"),
        sa.Column("rule_id", sa.String(length=100), nullable=False),
        sa.Column("box", sa.Integer(), nullable=False),
        sa.Column("due_at", TIME, nullable=False),
        sa.Column("right_count", sa.Integer(), nullable=False),
        sa.Column("wrong_count", sa.Integer(), nullable=False),
        sa.Column("last_at", TIME, nullable=True),
        sa.Column("last_error_id", ID, nullable=True),
        _fk("mastery", "last_error_id", "attempts", ondelete="SET NULL"),
        _pk("mastery", "learner_id", "rule_id"),
    )


def downgrade() -> None:
    for table in ("mastery", "steps", "practice", "members", "learner_keys", "device_codes",
                  "attempts", "learners", "classes"):
        op.drop_table(table)
