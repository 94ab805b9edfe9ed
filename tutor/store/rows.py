"""Database rows to the store's frozen values."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from tutor.engine.verdict import Reason
from tutor.store import keys
from tutor.store.schedule import TOP_BOX, RuleState
from tutor.store.values import ClassInfo, ErrorRecord, Mastery, Source


def rule_state(row: sa.Row[Any]) -> RuleState:
    return RuleState(row.box, row.due_at, row.right_count, row.wrong_count, row.last_at)


def mastery_value(rule: str, state: RuleState) -> Mastery:
    return Mastery(rule, state.box, state.box / TOP_BOX, state.due, state.right, state.wrong,
                   state.last)


def error_record(row: sa.Row[Any]) -> ErrorRecord:
    return ErrorRecord(row.at, Source(row.source), tuple(row.rules),
                       tuple(Reason.from_json(reason) for reason in row.reasons), row.action,
                       row.position, row.lesson_id, row.step_id)


def class_info(row: sa.Row[Any]) -> ClassInfo:
    return ClassInfo(keys.shown(row.code), row.name, row.language, tuple(row.lessons),
                     row.created_at)
