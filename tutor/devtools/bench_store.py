"""``python -m tutor bench --store``: the store's speed with a full class, per backend.

A class of 40 learners with 2,000 attempts each (1–3 rules of 40 per attempt, three in ten
wrong with a position kept) is seeded in bulk, then timed through the real :class:`Store`:
recording one attempt (the cost a click pays), a learner's review session and the teacher's
page. Medians in milliseconds. Targets: an attempt under 5 ms, the teacher's page under 1 s.

SQLite runs in a temporary file; PostgreSQL (when a URL is given) in a schema of its own made
for the run and dropped after it, so pointing it at a real database touches none of its tables.
"""

from __future__ import annotations

import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

from tutor.engine import new_game, rule_set
from tutor.engine.records import dumps_position
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.verdict import Reason
from tutor.store import keys, migrate
from tutor.store.connect import faults, make_engine, normal_url
from tutor.store.schedule import RuleState, answer
from tutor.store.schema import attempts, learner_keys, mastery, steps
from tutor.store.store import Store, utc_now
from tutor.store.values import Attempt, ClassSpec, Source, StepMark

LEARNERS = 40
ATTEMPTS = 2_000
RULES = 40
LESSONS = tuple(f"classic-{n:02d}" for n in range(1, 11))
TARGETS_MS = {"attempt_ms": 5.0, "teacher_page_ms": 1000.0}


def run(pg_url: str | None = None, *, learners: int = LEARNERS, attempts_each: int = ATTEMPTS,
        repeats: int = 100) -> dict[str, dict[str, float]]:
    """Figures per backend: ``{"sqlite": {...}, "postgresql": {...}}``."""
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        figures["sqlite"] = _backend(make_engine(normal_url(url)), learners, attempts_each,
                                     repeats)
    if pg_url:
        parsed = normal_url(pg_url)
        schema = f"canasta_bench_{secrets.token_hex(4)}"
        engine = make_engine(parsed)
        with faults(parsed), engine.begin() as connection:
            connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
        event.listen(engine, "connect", _search_path(schema))
        try:
            figures["postgresql"] = _backend(engine, learners, attempts_each, repeats)
        finally:
            engine.dispose()
            cleanup = make_engine(parsed)
            with faults(parsed), cleanup.begin() as connection:
                connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
            cleanup.dispose()
    return figures


def _search_path(schema: str) -> Callable[[Any, Any], None]:
    def connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.autocommit = True  # SET outside a transaction: it outlives a rollback
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET search_path TO {schema}")
        dbapi_connection.autocommit = False

    return connect


def _backend(engine: sa.Engine, learners: int, attempts_each: int,
             repeats: int) -> dict[str, float]:
    with faults(engine.url):
        migrate.upgrade(engine)
    store = Store(engine)
    rng = random.Random(15)
    started = time.perf_counter()
    room, learner_keys_ = _seed(store, engine, rng, learners, attempts_each)
    seeded = time.perf_counter() - started
    position = _position()

    def one_attempt() -> None:
        correct = rng.random() < 0.7
        store.record_attempt(rng.choice(learner_keys_), Attempt(
            Source.PRACTICE, tuple(rng.sample(RULE_IDS[:RULES], rng.randint(1, 3))), correct,
            () if correct else (Reason.of("C-PILE-4", top="KD"),), "take KH 2C",
            None if correct else position))

    figures = {
        "attempt_ms": _median_ms(one_attempt, repeats),
        "review_ms": _median_ms(lambda: store.review(rng.choice(learner_keys_)), repeats),
        "teacher_page_ms": _median_ms(lambda: store.class_report(*room), max(5, repeats // 5)),
        "seed_s": round(seeded, 1),
        "learners": learners,
        "attempts": learners * attempts_each,
    }
    store.close()
    return figures


def _median_ms(work: Callable[[], object], repeats: int) -> float:
    work()  # warm the pool and the caches
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return round(statistics.median(times) * 1000, 2)


def _position() -> str:
    """A real position's JSON (a whole deal: larger than a lesson's small one)."""
    return dumps_position(new_game(rule_set("classic-4p"), seed=1))


def _seed(store: Store, engine: sa.Engine, rng: random.Random, learners: int,
          attempts_each: int) -> tuple[tuple[str, str], list[str]]:
    """The class, its learners through the store; their history in bulk (same rows)."""
    made = store.create_class(ClassSpec("Bench class", "en", LESSONS))
    position = _position()
    now = utc_now()
    learner_keys_ = []
    for number in range(learners):
        key = store.create_learner().key
        store.join_class(key, made.info.code, f"learner {number + 1}")
        for lesson in LESSONS[: rng.randint(0, len(LESSONS))]:
            store.mark_step(key, StepMark(lesson, "step-1", 0))
        learner_keys_.append(key)
    with engine.begin() as connection:
        for key in learner_keys_:
            learner_id = connection.execute(sa.select(learner_keys.c.learner_id).where(
                learner_keys.c.key_hash == keys.digest(key))).scalar_one()
            _history(connection, rng, learner_id, attempts_each, position, now)
            connection.execute(steps.insert(), [
                {"learner_id": learner_id, "lesson_id": LESSONS[0], "step_id": f"s{n}",
                 "step_index": n, "status": "done", "at": now} for n in range(1, 8)])
    return (made.info.code, made.teacher_key), learner_keys_


def _history(connection: sa.Connection, rng: random.Random, learner_id: int, count: int,
             position: str, now: Any) -> None:
    start = now - timedelta(days=60)
    states: dict[str, RuleState] = {}
    rows = []
    for index in range(count):
        at = start + timedelta(days=60) * index / count
        rules = rng.sample(RULE_IDS[:RULES], rng.randint(1, 3))
        correct = rng.random() < 0.7
        for rule in rules:
            states[rule] = answer(states.get(rule), correct, at)
        rows.append({
            "learner_id": learner_id, "at": at, "source": "practice", "lesson_id": "",
            "step_id": "", "rules": rules, "correct": correct,
            "reasons": [] if correct else [Reason.of(rules[0], top="KD").to_json()],
            "action": "take KH 2C", "position": None if correct else position,
        })
    ids = connection.execute(attempts.insert().returning(attempts.c.id,
                                                         sort_by_parameter_order=True),
                             rows).scalars().all()
    last_error = {rule: attempt_id for attempt_id, row in zip(ids, rows, strict=True)
                  if not row["correct"] for rule in row["rules"]}
    connection.execute(mastery.insert(), [
        {"learner_id": learner_id, "rule_id": rule, "box": state.box, "due_at": state.due,
         "right_count": state.right, "wrong_count": state.wrong, "last_at": state.last,
         "last_error_id": last_error.get(rule)} for rule, state in states.items()])


def format_table(figures: dict[str, dict[str, float]]) -> str:
    lines = []
    for backend, row in figures.items():
        lines.append(f"{backend}: {row['learners']:.0f} learners, {row['attempts']:,.0f} "
                     f"attempts (seeded in {row['seed_s']} s)")
        for name, label in (("attempt_ms", "record an attempt"),
                            ("review_ms", "build a review session"),
                            ("teacher_page_ms", "build the teacher's page")):
            target = TARGETS_MS.get(name)
            goal = f"  (target < {target:g} ms)" if target else ""
            lines.append(f"  {label:<26} median {row[name]:>8.2f} ms{goal}")
    return "\n".join(lines)
