"""Which database, and an engine for it that behaves the same on SQLite and PostgreSQL.

The URL is the ``db_url`` setting (:mod:`tutor.config`: ``CANASTA_TUTOR_DB_URL`` or
``.streamlit/secrets.toml``), else a SQLite file in the user's data folder. SQLite gets a busy
timeout, a rollback journal with ``synchronous = FULL`` and no memory mapping (below), foreign
keys, and ``BEGIN IMMEDIATE`` for write transactions, so two tabs writing at once queue instead
of failing half-way. PostgreSQL gets a connect and lock timeout, so a database that is down or
locked answers within seconds with :class:`StoreUnavailable` instead of hanging a click.

A storage fault is an outage, never a crash. SQLite's WAL keeps its index in the ``-shm`` file,
memory-mapped: when that file cannot be written (a disk gone read-only or full, the files made
immutable) or is truncated by another process, touching a page of the mapping raises SIGBUS and
the whole server dies (exit 135, nothing logged, every learner disconnected; issue 23). So the
SQLite store uses no mapping at all: ``journal_mode = DELETE`` (a rollback journal: plain
``read``/``write`` calls, whose failure is an error code, hence :class:`StoreUnavailable`) and
``mmap_size = 0`` (the database file itself is not mapped either). ``synchronous = FULL``, since
in rollback mode NORMAL is not corruption-safe on power loss; FULL is, and a commit that the
power cut just after may be rolled back (not half-kept), as with WAL and NORMAL before.

The cost, per recorded attempt (``record_attempt`` on a temporary file, 40 learners, 300 timed
after 20, three runs; ext4 on the development machine), median / p95 in ms:

=================================  =========================  ==========================
configuration                      median (3 runs)            p95 (3 runs)
=================================  =========================  ==========================
WAL, NORMAL (before; SIGBUS)       1.41, 1.39, 1.47           1.86, 1.85, 1.78
WAL, ``locking_mode = EXCLUSIVE``  1.08, 1.30, 1.47           1.62, 1.92, 1.75
DELETE, FULL (chosen)              3.72, 4.05, 3.43           5.65, 6.94, 4.70
TRUNCATE, FULL                     3.70, 3.63, 3.55           5.31, 5.17, 4.73
PERSIST, FULL                      4.48, 3.87, 3.33           8.86, 8.43, 4.30
DELETE, NORMAL (not safe)          3.66, 3.94, 3.53           5.74, 6.28, 6.71
=================================  =========================  ==========================

The rollback journal costs about 2.3 ms more per attempt on an idle disk: the commit now waits
for the fsyncs of the journal and the file (NORMAL would save none of it). That is inside the
5 ms an attempt may take, but fsyncs wait for whatever else the disk is writing: on the same
machine loaded by other work (load 5 on 2 cores) DELETE/FULL took 5.4, 8.0 and 16.0 ms median
(p95 28 to 57 ms) where WAL took 1.3, 1.8 and 3.8 ms (p95 2.4 to 32 ms), and ``python -m tutor
bench --store`` gave ``attempt_ms`` 3.0 to 19.7 against 1.3 to 4.0. A SQLite store for a busy
class wants a disk of its own, or PostgreSQL. WAL with an exclusive lock keeps its index in
heap memory and is as fast as before, but then only one connection of one process may open the
file: every thread would queue on one connection, and nothing else (a second :class:`Store`,
the command line beside the app, a backup, another replica) could read it while the app runs.
TRUNCATE is no faster and leaves an empty ``-journal`` beside the file; DELETE leaves nothing.

A file that an older version left in WAL mode (its ``-wal`` and ``-shm`` beside it, even after
a crash) is converted on the first connection: SQLite replays the WAL into the file and removes
both. That needs the file to itself; while another process keeps it open in WAL mode (an older
version still running) connecting waits up to :data:`WAIT_SECONDS`, then fails with
:class:`StoreUnavailable` saying so, rather than keep the WAL and its crash.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import make_url

from tutor.store.errors import InvalidValue, StoreUnavailable

WAIT_SECONDS: float = 3  # the longest a click waits for a connection or a lock
WRITE = "canasta_write"  # the execution option that makes SQLite begin with IMMEDIATE


def default_url() -> str:
    """A SQLite file in ``$XDG_DATA_HOME/canasta-tutor`` (``~/.local/share/canasta-tutor``)."""
    data = os.environ.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(data) / 'canasta-tutor' / 'tutor.db'}"


def configured_url() -> str:
    from tutor.config import settings

    return settings().db_url or default_url()


def normal_url(url: str) -> sa.URL:
    """``url`` parsed; a bare ``postgresql://`` or ``postgres://`` means the psycopg driver."""
    try:
        parsed = make_url(url.strip())
    except sa.exc.ArgumentError:
        raise InvalidValue("database URL: not a SQLAlchemy URL "
                           "(sqlite:///path or postgresql+psycopg://user@host/db)") from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise InvalidValue(f"database URL: {parsed.get_backend_name()} is not supported "
                           "(SQLite or PostgreSQL)")
    return parsed


def shown(url: sa.URL) -> str:
    return url.render_as_string(hide_password=True)


def make_engine(url: sa.URL) -> sa.Engine:
    """An engine for ``url`` (a SQLite file's folder is made here)."""
    if url.get_backend_name() == "postgresql":
        return sa.create_engine(
            url, pool_pre_ping=True, pool_timeout=WAIT_SECONDS,
            connect_args={"connect_timeout": max(2, round(WAIT_SECONDS)),  # libpq: 2 s at least
                          "options": f"-c lock_timeout={round(WAIT_SECONDS * 1000)}ms"})
    if url.database and url.database != ":memory:":
        try:
            Path(url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreUnavailable(f"{shown(url)}: cannot make its folder ({exc.strerror})"
                                   ) from exc
    engine = sa.create_engine(url, connect_args={"timeout": WAIT_SECONDS})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN (below), not sqlite3
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA mmap_size = 0")  # before the first read: the file is never mapped
        cursor.execute("PRAGMA foreign_keys = ON")
        _rollback_journal(cursor)
        cursor.execute("PRAGMA synchronous = FULL")  # rollback journal: FULL is the safe one
    finally:
        cursor.close()


def _rollback_journal(cursor: Any) -> None:
    """``journal_mode = DELETE``, converting a file left in WAL mode (see the module). Leaving
    WAL while another connection has the file open answers "locked" at once, without the busy
    timeout, so "locked" is retried for :data:`WAIT_SECONDS`. A mode that stays WAL is an
    error: never a WAL kept."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        try:
            mode = str(cursor.execute("PRAGMA journal_mode = DELETE").fetchone()[0]).lower()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc):
                raise
            if time.monotonic() >= deadline:
                raise sqlite3.OperationalError(
                    f"{exc}: cannot set the rollback journal (another process holds the file "
                    "locked, or has it open in WAL mode: an older canasta-tutor?)") from exc
            time.sleep(0.05)
            continue
        if mode in ("delete", "memory"):  # memory: an in-memory database, no file at all
            return
        raise sqlite3.OperationalError(
            f"journal_mode stays {mode}: the file cannot leave WAL mode, whose memory-mapped "
            "index a disk fault turns into a crash")


def _sqlite_begin(connection: sa.Connection) -> None:
    immediate = connection.get_execution_options().get(WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


@contextmanager
def faults(url: sa.URL) -> Iterator[None]:
    """Turn the database failing (down, locked, broken) into :class:`StoreUnavailable`."""
    try:
        yield
    except sa.exc.SQLAlchemyError as exc:
        origin = getattr(exc, "orig", None) or exc
        detail = " ".join(str(origin).split())[:200]
        raise StoreUnavailable(f"{shown(url)}: {type(origin).__name__}: {detail}") from exc
    except OSError as exc:
        raise StoreUnavailable(f"{shown(url)}: {exc.strerror or exc}") from exc
