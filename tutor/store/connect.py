"""Which database, and an engine for it that behaves the same on SQLite and PostgreSQL.

The URL is the ``db_url`` setting (:mod:`tutor.config`: ``CANASTA_TUTOR_DB_URL`` or
``.streamlit/secrets.toml``), else a SQLite file in the user's data folder. SQLite gets a busy
timeout, WAL (readers never wait for a writer), foreign keys, and ``BEGIN IMMEDIATE`` for write
transactions, so two tabs writing at once queue instead of failing half-way. PostgreSQL gets a
connect and lock timeout, so a database that is down or locked answers within seconds with
:class:`StoreUnavailable` instead of hanging a click.
"""

from __future__ import annotations

import os
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
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")  # WAL: durable at checkpoints, never corrupt
    cursor.close()


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
