"""``python -m tutor bench --browser``: click times on the card table in a real browser.

Starts ``streamlit run`` of the app and of a bare one-button page on local ports, drives Debian's
Chromium through Playwright, and reports the median and 95th percentile (ms) of:

* ``bare_click``: a click on the bare Streamlit button page until its rerun is shown (the floor);
* ``select_card``: a click on a card until it is drawn selected (browser only, no server);
* ``commit_move``: laying a selected meld until the table shows the new position;
* ``discard_with_turns``: a discard, then the computer players' turns with pacing off, until
  the table shows the learner's next turn.

Every server round trip is timed the same way (click, then wait until the page shows the
result), so the ratios compare like with like. A benchmark, never a test.
"""

from __future__ import annotations

import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tutor.engine.records import GameRecord, dumps_record, position_from_json

APP_SCRIPT = Path(__file__).resolve().parents[2] / "streamlit_app.py"
BARE_PAGE = """import streamlit as st
st.session_state.setdefault("n", 0)
def bump():
    st.session_state.n += 1
st.button("Click", key="x", on_click=bump)
st.markdown(f"clicks {st.session_state.n}")
"""
# Learner to play, side already melded: three eights can be laid and any card discarded.
POSITION: dict[str, Any] = {
    "rules": {"preset": "classic-4p", "options": {}},
    "turn": 0,
    "phase": "play",
    "hands": ["8C 8H 8S 5D 6D 7C 9C JS QH", "4C 5C 6C 7D", "4D 5D 6H 7H", "4H 5H 6S 7S"],
    "pile": "4S",
    "sides": [["KH KS KD"], ["QC QD QS"]],
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _served(script: Path) -> Iterator[str]:
    with serve(script) as (url, _process):
        yield url


@contextmanager
def serve(script: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``streamlit run`` of ``script`` on a free local port, until the block ends: its URL and
    its process (whose CPU time ``bench --load`` reads)."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless=true",
         "--server.address=127.0.0.1", f"--server.port={port}", "--server.fileWatcherType=none",
         "--browser.gatherUsageStats=false"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=APP_SCRIPT.parent)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
                    if response.read() == b"ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not start for {script}")
            time.sleep(0.2)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _figures(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)]
    return {"median_ms": round(statistics.median(ordered), 1), "p95_ms": round(p95, 1)}


# Each figure is timed inside the page, from the click to the frame that shows its result
# (polled once per frame), so no Playwright round trip is counted in any of them.
BARE_CLICK_JS = """async (n) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const text = () => [...document.querySelectorAll("[data-testid=stMarkdownContainer]")]
    .map((node) => node.textContent).join(" ");
  const start = performance.now();
  document.querySelector(".st-key-x button").click();
  while (!text().includes(`clicks ${n}`)) await frame();
  return performance.now() - start;
}"""
TABLE_CLICK_JS = """async ([kind, waitForTurn]) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const host = [...document.querySelectorAll("[data-testid=stBidiComponentIsolated]")]
    .find((h) => (h.shadowRoot || h).querySelector(".ct"));
  const root = host.shadowRoot || host;
  const old = root.querySelector(".ct").dataset.version;
  const start = performance.now();
  root.querySelector(`.ct .actions button[data-kind=${kind}]`).click();
  while (root.querySelector(".ct").dataset.version === old
         || (waitForTurn && !root.querySelector(".ct .zone.bottom.active"))) await frame();
  return performance.now() - start;
}"""
SELECT_JS = """async (position) => {
  const host = [...document.querySelectorAll("[data-testid=stBidiComponentIsolated]")]
    .find((h) => (h.shadowRoot || h).querySelector(".ct"));
  const root = host.shadowRoot || host;
  const node = root.querySelector(`.ct .hand [data-pos="${position}"]`);
  const start = performance.now();
  node.click();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  if (!node.hasAttribute("aria-checked")) throw new Error("not a card");
  return performance.now() - start;
}"""


CHROMIUM_ARGS = ["--disable-gpu", "--disable-quic", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]


def chromium_path(chromium: str | None = None) -> str:
    """The Chromium to drive: the one named, ``$CHROMIUM_PATH``, or Debian's on the PATH."""
    executable = chromium or os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    if not executable:
        raise RuntimeError("no Chromium found: apt-get install chromium")
    return executable


def browser_figures(clicks: int = 30, chromium: str | None = None) -> dict[str, dict[str, float]]:
    from playwright.sync_api import sync_playwright

    executable = chromium_path(chromium)
    times: dict[str, list[float]] = {"bare_click": [], "select_card": [], "commit_move": [],
                                     "discard_with_turns": []}
    with tempfile.TemporaryDirectory() as folder:
        bare_script = Path(folder) / "bare.py"
        bare_script.write_text(BARE_PAGE, encoding="utf-8")
        record = Path(folder) / "position.json"
        record.write_text(dumps_record(GameRecord(position_from_json(POSITION), ())),
                          encoding="utf-8")
        with _served(bare_script) as bare_url, _served(APP_SCRIPT) as app_url, \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                          reduced_motion="reduce")  # computer moves at once
            bare = context.new_page()
            bare.goto(bare_url)
            bare.get_by_text("clicks 0").wait_for()
            table = context.new_page()
            table.goto(f"{app_url}/practice")
            table.locator(".st-key-record_upload input[type=file]").wait_for(state="attached")
            table.locator(".st-key-record_upload input[type=file]").set_input_files(str(record))
            table.get_by_role("checkbox").first.wait_for()
            start_version = str(table.locator(".ct").get_attribute("data-version"))

            def bare_click(n: int) -> float:
                bare.bring_to_front()  # a tab in the background is throttled
                return float(bare.evaluate(BARE_CLICK_JS, n))

            def commit_meld() -> float:
                table.bring_to_front()
                for name in ("eight of clubs", "eight of hearts", "eight of spades"):
                    table.get_by_role("checkbox", name=name, exact=True).click()
                took = float(table.evaluate(TABLE_CLICK_JS, ["meld", False]))
                _undo(table, start_version)
                return took

            def discard() -> float:
                table.bring_to_front()
                table.get_by_role("checkbox", name="five of diamonds", exact=True).click()
                took = float(table.evaluate(TABLE_CLICK_JS, ["discard", True]))
                _undo(table, start_version)
                return took

            for n in range(1, 4):  # warm up both servers and the page
                bare_click(n)
            commit_meld()
            discard()
            for index in range(clicks):
                times["bare_click"].append(bare_click(index + 4))
                table.bring_to_front()
                times["select_card"].append(float(table.evaluate(SELECT_JS, index % 5)))
                table.evaluate(SELECT_JS, index % 5)  # and deselect it again
                times["commit_move"].append(commit_meld())
                times["discard_with_turns"].append(discard())
            browser.close()
    return {name: _figures(values) for name, values in times.items()}


def _button(page: Any, label: str) -> Any:
    return page.locator(".ct .actions").get_by_role("button", name=label, exact=True)


def _undo(page: Any, version: str) -> None:
    """Back to the starting position (untimed), by the page's own Undo button."""
    page.locator(".ct .tools button[data-kind=undo]").click()
    page.locator(f".ct[data-version='{version}']").wait_for()


def format_figures(figures: dict[str, dict[str, float]]) -> str:
    lines = [f"{name:<20} median {row['median_ms']:>7} ms   p95 {row['p95_ms']:>7} ms"
             for name, row in figures.items()]
    floor = figures["bare_click"]["median_ms"]
    commit = figures["commit_move"]["median_ms"]
    lines.append(f"{'commit / bare click':<20} {commit / floor:.2f} (target at most 1.5)")
    return "\n".join(lines)
