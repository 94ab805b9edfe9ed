"""Every test gets its own empty SQLite store: the app never touches the user's own file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor import config


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``CANASTA_TUTOR_DB_URL`` at a file in this test's folder (the settings re-read)."""
    url = f"sqlite:///{tmp_path / 'tutor.db'}"
    monkeypatch.setenv("CANASTA_TUTOR_DB_URL", url)
    config.settings.cache_clear()
    yield url
    config.settings.cache_clear()
