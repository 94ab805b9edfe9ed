"""The learner's progress survives every outage of the store, in a real browser, on both
backends: a locked SQLite file, a read-only (immutable) SQLite file and folder, a PostgreSQL
that stops (behind a proxy the test cuts: refused connections, open ones reset). Each test has
a server of its own; through the outage the learner opens lesson steps, answers a quiz and draws
in a practice hand; right after the store is back, a reload (no click before it) shows every
step done and resumes the hand, the store holds all of it under the cookie's key, and the
server never died. A first visit during an outage keeps its key and is written later.

The PostgreSQL case needs ``CANASTA_TUTOR_TEST_PG_URL``; with ``CI`` set a missing URL fails.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest
import sqlalchemy as sa
from cable import Cable
from conftest import _free_port, start_app, wait_for_app_run, wait_until_healthy
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tutor.lessons.load import load_all
from tutor.store import Store
from tutor.ui.identity import COOKIE, parse

TIMEOUT = 30_000
LESSON = "cards-and-values"
STEPS = len({lesson.id: lesson for lesson in load_all()}[LESSON].steps)


@dataclass
class Outage:
    url: str  # the app
    db_url: str  # the store, as the test reads it
    begin: Callable[[], None]
    end: Callable[[], None]
    server: subprocess.Popen[bytes]
    log: Path


def _chattr(flag: str, *paths: Path) -> None:
    found = [str(path) for path in paths if path.exists()]
    result = subprocess.run(["chattr", flag, *found], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"chattr {flag} failed (the read-only fault needs root and a filesystem "
                    f"with the immutable flag): {result.stderr.strip()}")


def _empty_postgres(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


@contextlib.contextmanager
def _server(db_url: str, folder: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    port, log = _free_port(), folder / "server.log"
    proc = start_app(port, db_url, log)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(url, proc, log)
        yield url, proc, log
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(params=["sqlite-locked", "sqlite-read-only", "postgresql-stopped"])
def outage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Outage]:
    kind = request.param
    if kind.startswith("sqlite"):
        folder = tmp_path / "data"
        folder.mkdir()
        db = folder / "tutor.db"
        db_url = f"sqlite:///{db}"
        app_db = db_url
        holder: list[sqlite3.Connection] = []

        def lock() -> None:
            connection = sqlite3.connect(db, isolation_level=None, timeout=10)
            connection.execute("BEGIN EXCLUSIVE")  # no other connection reads or writes
            holder.append(connection)

        def unlock() -> None:
            holder.pop().execute("ROLLBACK")

        files = [folder, db, *(folder / f"tutor.db{end}" for end in ("-journal", "-wal",
                                                                    "-shm"))]

        def freeze() -> None:
            _chattr("+i", *files)

        def thaw() -> None:
            _chattr("-i", *files)

        begin, end = (lock, unlock) if kind == "sqlite-locked" else (freeze, thaw)
    else:
        db_url = os.environ.get("CANASTA_TUTOR_TEST_PG_URL", "").strip()
        if not db_url:
            if os.environ.get("CI"):
                pytest.fail("CANASTA_TUTOR_TEST_PG_URL is not set (.ci/postgres sets it)")
            pytest.skip("no PostgreSQL: set CANASTA_TUTOR_TEST_PG_URL (see .ci/postgres)")
        _empty_postgres(db_url)
        parsed = sa.make_url(db_url)
        cable = Cable(parsed.host or "127.0.0.1", parsed.port or 5432)
        app_db = parsed.set(port=cable.port).render_as_string(hide_password=False)
        begin, end = cable.cut, cable.mend
    try:
        with _server(app_db, tmp_path) as (url, proc, log):
            yield Outage(url, db_url, begin, end, proc, log)
    finally:
        if kind == "sqlite-read-only":
            with contextlib.suppress(BaseException):
                thaw()


def open_path(page: Page, path: str) -> None:
    page.goto(path)
    wait_for_app_run(page)


def key_of(context: BrowserContext) -> str:
    """The learner key in the browser's cookie (waited for: the page writes it)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while not (found := [c for c in context.cookies() if c["name"] == COOKIE]):
        assert time.monotonic() < deadline, "the page never wrote the learner's cookie"
        time.sleep(0.1)
    sent = parse(unquote(found[0]["value"]))
    assert sent is not None, found
    return sent.key


def steps_done(page: Page, n: int) -> None:
    open_path(page, "/")
    expect(page.get_by_text(f"{n} of {STEPS} steps")).to_be_visible(timeout=TIMEOUT)


def draw_in_practice(page: Page) -> list[str]:
    open_path(page, "/practice?preset=classic-4p&seed=5")
    page.locator(".st-key-new_hand button").click()
    cards = page.get_by_role("checkbox")
    expect(cards.first).to_be_visible(timeout=TIMEOUT)
    dealt = cards.count()
    page.locator(".ct .actions").get_by_role("button", name="Draw", exact=True).click()
    expect(cards).not_to_have_count(dealt, timeout=TIMEOUT)
    wait_for_app_run(page)
    return sorted(b.get_attribute("aria-label") or "" for b in cards.all())


def test_an_outage_loses_nothing_and_the_server_lives(browser: Browser, outage: Outage) -> None:
    context = browser.new_context(base_url=outage.url, viewport={"width": 1400, "height": 900})
    newcomer = browser.new_context(base_url=outage.url, viewport={"width": 360, "height": 800})
    try:
        page = context.new_page()
        open_path(page, f"/?lesson={LESSON}&step=1")  # progress kept while the store is up
        steps_done(page, 1)
        key = key_of(context)
        outage.begin()
        try:
            for step in (2, 3):
                open_path(page, f"/?lesson={LESSON}&step={step}")
            open_path(page, f"/?lesson={LESSON}&step=4")
            page.locator(".st-key-choice-85 button").click()
            expect(page.get_by_text("Right!")).to_be_visible(timeout=TIMEOUT)
            hand = draw_in_practice(page)
            first = newcomer.new_page()  # a first visit in the outage
            open_path(first, f"/?lesson={LESSON}&step=1")
            newcomer_key = key_of(newcomer)
            assert key_of(context) == key  # an outage never replaces or clears the key
        finally:
            outage.end()
        page.reload()  # at once: no click in between
        wait_for_app_run(page)
        expect(page.get_by_text("Your practice hand was resumed")).to_be_visible(
            timeout=TIMEOUT)
        assert sorted(b.get_attribute("aria-label") or ""
                      for b in page.get_by_role("checkbox").all()) == hand
        steps_done(page, 4)
        first.reload()
        wait_for_app_run(first)
        steps_done(first, 1)
        assert key_of(newcomer) == newcomer_key
        store = Store.open(outage.db_url)
        try:
            assert {s.step_id for s in store.steps(key)} == {
                "the-deck", "wild-cards", "values", "value-of-a-hand"}
            assert store.mastery(key) and store.practice(key) is not None
            assert [s.step_id for s in store.steps(newcomer_key)] == ["the-deck"]
        finally:
            store.close()
        assert outage.server.poll() is None, outage.log.read_text()[-3000:]
        assert "Traceback" not in outage.log.read_text()
    finally:
        context.close()
        newcomer.close()
