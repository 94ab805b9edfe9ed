"""Schema migrations (Alembic) run at start-up, from the ``migrations`` folder in the package.

No ``alembic.ini``: the configuration is built here, its ``script_location`` found with
:mod:`importlib.resources`, so an installed wheel migrates its database like a checkout does.
On PostgreSQL a transaction-scoped advisory lock makes replicas that start together migrate one
after the other (the second finds the schema at head and does nothing).
"""

from __future__ import annotations

from importlib.resources import files

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

MIGRATION_LOCK = 0x43414E41  # "CANA": the advisory lock id the store's migrations hold


def config() -> Config:
    """Alembic's configuration for the store's migrations."""
    cfg = Config()
    cfg.set_main_option("script_location", str(files("tutor.store") / "migrations"))
    return cfg


def head() -> str | None:
    """The newest revision the package carries."""
    return ScriptDirectory.from_config(config()).get_current_head()


def current(connection: sa.Connection) -> str | None:
    """The revision this database is at (None: empty)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: sa.Engine) -> None:
    """Bring the database to the newest revision, in one transaction."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:id)"),
                               {"id": MIGRATION_LOCK})
        if current(connection) == head():
            return
        cfg = config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
