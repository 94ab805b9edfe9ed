"""Browser tests: one ``streamlit run`` on 127.0.0.1, driven by Debian's Chromium through
Playwright. A missing browser fails the run (it is installed by .ci/run), it does not skip."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/helpers.py
APP = Path(__file__).resolve().parents[2] / "streamlit_app.py"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_app(port: int, db_url: str, log: Path) -> subprocess.Popen[bytes]:
    """``streamlit run`` of the app on ``port`` with the store at ``db_url``."""
    env = {**os.environ, "CANASTA_TUTOR_DB_URL": db_url}
    with log.open("w") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(APP), "--server.headless=true",
             "--server.address=127.0.0.1", f"--server.port={port}",
             "--server.fileWatcherType=none", "--browser.gatherUsageStats=false"],
            stdout=out, stderr=subprocess.STDOUT, cwd=APP.parent, env=env)


def wait_until_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    """Wait for Streamlit's health check; fail with the server's log if it never comes."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
                if response.read() == b"ok":
                    return
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("streamlit did not start:\n" + log.read_text())
        time.sleep(0.2)


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    folder = tmp_path_factory.mktemp("streamlit")
    log_path = folder / "server.log"
    # The server's own empty store, never the user's file (tutor.store).
    proc = start_app(port, f"sqlite:///{folder / 'tutor.db'}", log_path)
    url = f"http://127.0.0.1:{port}"
    wait_until_healthy(url, proc, log_path)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def base_url(app_url: str) -> str:
    return app_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install -y chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--disable-gpu", "--disable-quic", "--disable-sync"]}


def wait_for_app_run(page: Page, timeout: float = 30_000) -> None:
    """The signals Streamlit's own e2e tests wait on."""
    page.locator("[data-testid='stApp'][data-test-connection-state='CONNECTED']").wait_for(
        state="attached", timeout=timeout)
    page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").wait_for(
        state="attached", timeout=timeout)
    expect(page.get_by_test_id("stSkeleton")).to_have_count(0, timeout=timeout)
