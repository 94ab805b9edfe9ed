"""Alembic's environment: run on the connection the store passes in (no alembic.ini needed).

``tutor.store.migrate.upgrade`` puts an open connection, already in a transaction, into
``config.attributes["connection"]``; the migrations run inside that transaction.
"""

from __future__ import annotations

from alembic import context

from tutor.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the store's migrations through tutor.store.migrate.upgrade")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
