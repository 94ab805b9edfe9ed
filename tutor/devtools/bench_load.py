"""``python -m tutor bench --load N``: click-to-update times with N learners at once.

One ``streamlit run`` of the app on a local port (``bench_browser.serve``) and one Chromium with
a browser context (its own session) per learner, driven by async Playwright: one driver and one
event loop, so the bench itself stays light next to the server on two cores. After every
learner has dealt a hand, all of them play on the practice table for ``seconds``, each with a
think time between clicks, the way a learner plays:

* ``why_not``: a card selected and Discard clicked before drawing, answered by the engine's
  verdict with its rules ("Why?" is then opened, in the browser only);
* ``draw``: drawing from the stock;
* ``discard_with_turns``: a discard, then the computer players' turns, until the learner's turn;
* ``answer``, ``next_hand``: the partner's question, and the next deal when a hand is over;
* ``page_switch``: every few turns the rules page by the sidebar and back to the table.

Each table click is timed inside the page, from the click until the table is rebuilt with the
result (a new ``.ct`` element, with a new ``data-version`` when the position changed: the signal
``bench --browser`` waits on); ``next_hand`` and ``page_switch`` are timed from here (with a
Playwright round trip), from the click until the new table or the other page is shown. After
every timed step the page's ``<html lang>`` and the URL's ``?lang=`` are compared with the
learner's language (five learners in six play in another language than English). Printed:
median, p95 and max per kind and over all table clicks, clicks, errors, language mismatches, and
where the CPU went (the server, the bench's Playwright driver and Chromium, the rest of the
machine: other work on a shared machine shows there). A benchmark,
never a test: nothing here is asserted.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.devtools.bench_browser import APP_SCRIPT, CHROMIUM_ARGS, chromium_path, serve
from tutor.i18n import translator

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

LANGS = ("sv", "de", "el", "en", "es", "nb")  # learner i speaks LANGS[i % 6]
TABLE_KINDS = ("why_not", "draw", "discard_with_turns", "answer", "next_hand")
KINDS = (*TABLE_KINDS, "page_switch")
SWITCH_EVERY = 4  # turns between two visits of the rules page
CLICK_TIMEOUT_MS = 60_000
TARGETS = {"p95_ms": 1500.0, "max_ms": 5000.0}  # for 20 learners on this 2-core machine

# The learner's part of the table: which move the enabled buttons offer now.
PHASE_JS = """() => {
  const host = [...document.querySelectorAll("[data-testid=stBidiComponentIsolated]")]
    .find((h) => (h.shadowRoot || h).querySelector(".ct"));
  const table = host && (host.shadowRoot || host).querySelector(".ct");
  if (!table) return {phase: "none", cards: 0};
  const on = (kind) => Boolean(table.querySelector(
    `.actions button[data-kind=${kind}]:not([aria-disabled])`));
  const cards = table.querySelectorAll(".hand [role=checkbox]").length;
  const phase = on("yes") ? "answer" : on("draw") ? "draw" : on("discard") ? "play" : "over";
  return {phase, cards};
}"""
# One timed click on the table: select exactly ``selected`` (browser only, untimed), click the
# button, wait for the table to be rebuilt; with ``turn``, for the position to change and the
# learner to be on turn again (or the hand over). Watched with a MutationObserver, plus a poll
# in case Streamlit replaces the element itself.
CLICK_JS = """async ([selected, kind, turn, timeoutMs]) => {
  const rootOf = () => {
    const host = [...document.querySelectorAll("[data-testid=stBidiComponentIsolated]")]
    .find((h) => (h.shadowRoot || h).querySelector(".ct"));
    return host && (host.shadowRoot || host);
  };
  const root = rootOf();
  for (const node of root.querySelectorAll(".ct .hand [role=checkbox]")) {
    const want = selected.includes(Number(node.dataset.pos));
    if ((node.getAttribute("aria-checked") === "true") !== want) node.click();
  }
  const before = root.querySelector(".ct");
  const version = before.dataset.version;
  const done = () => {
    const now = rootOf() && rootOf().querySelector(".ct");
    if (!now || now === before) return null;
    if (!turn || now.dataset.version === version) return now;  // refused: the verdict says why
    const ready = now.querySelector(".zone.bottom.active")
      || !now.querySelector(".actions button:not([aria-disabled])");
    return ready ? now : null;
  };
  return await new Promise((resolve, reject) => {
    let poll = null;
    const finish = (table) => {
      observer.disconnect();
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ms: performance.now() - start, lang: document.documentElement.lang,
               moved: table.dataset.version !== version});
    };
    const check = () => { const table = done(); if (table) finish(table); };
    const observer = new MutationObserver(check);
    observer.observe(root, {childList: true, subtree: true, attributes: true});
    const timer = setTimeout(() => {
      observer.disconnect();
      clearInterval(poll);
      reject(new Error(`no update after ${kind} in ${timeoutMs} ms`));
    }, timeoutMs);
    poll = setInterval(check, 50);
    const start = performance.now();
    const button = before.querySelector(`.actions button[data-kind=${kind}]`);
    if (!button) throw new Error(`no ${kind} button`);
    button.click();
  });
}"""
OPEN_WHY_JS = """() => {
  const host = [...document.querySelectorAll("[data-testid=stBidiComponentIsolated]")]
    .find((h) => (h.shadowRoot || h).querySelector(".ct"));
  const summary = host && (host.shadowRoot || host).querySelector(".ct details.why summary");
  if (summary) summary.click();
}"""


@dataclass
class Learner:
    """One learner's language, clicks and checks (filled in while the round runs)."""

    index: int
    lang: str
    seed: int
    times: dict[str, list[float]] = field(default_factory=dict)
    slowest: list[tuple[float, str, str]] = field(default_factory=list)  # ms, kind, step before
    last_kind: str = "start"
    errors: list[str] = field(default_factory=list)
    lang_checks: int = 0
    lang_mismatches: list[str] = field(default_factory=list)

    def add(self, kind: str, ms: float) -> None:
        self.times.setdefault(kind, []).append(ms)
        self.slowest = sorted([*self.slowest, (ms, kind, self.last_kind)], reverse=True)[:3]
        self.last_kind = kind

    def check_lang(self, where: str, document_lang: str, url: str) -> None:
        self.lang_checks += 1
        in_url = re.search(r"[?&]lang=([a-z]+)", url)
        if document_lang != self.lang:
            self.lang_mismatches.append(f"{where}: <html lang={document_lang!r}>")
        if in_url is None or in_url.group(1) != self.lang:
            self.lang_mismatches.append(f"{where}: URL {url}")


@dataclass(frozen=True)
class CpuSample:
    """CPU seconds used so far: by the server, by the bench's browsers, by the machine."""

    at: float
    server: float
    bench: float
    machine: float


def figures(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile (nearest rank, as ``bench --browser``) and max, in ms."""
    if not values:
        return {"clicks": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(values)
    p95 = ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)]
    return {"clicks": len(ordered), "median_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(p95, 1), "max_ms": round(ordered[-1], 1)}


# ----- CPU from /proc (Linux) ------------------------------------------------------------------

def _proc_stats() -> dict[int, tuple[int, float]]:
    """Every process: its parent and its CPU seconds (user + system)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()  # after "pid (name) "
        stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return stats


def _tree_cpu(stats: dict[int, tuple[int, float]], root: int, skip: int) -> float:
    """CPU seconds of ``root``'s living descendants, without the ``skip`` subtree."""
    children: dict[int, list[int]] = {}
    for pid, (parent, _cpu) in stats.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0.0, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        if pid == skip:
            continue
        total += stats[pid][1]
        todo.extend(children.get(pid, []))
    return total


def _machine_cpu() -> float:
    """Busy CPU seconds of the whole machine since boot (all cores)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """The resident memory of a process (MB), 0 if it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return round(int(found.group(1)) / 1024, 1) if found else 0.0


def cpu_sample(server_pid: int) -> CpuSample:
    stats = _proc_stats()
    server = stats.get(server_pid, (0, 0.0))[1]
    return CpuSample(time.monotonic(), server, _tree_cpu(stats, os.getpid(), server_pid),
                     _machine_cpu())


# ----- one learner -----------------------------------------------------------------------------

async def _open_practice(page: Page, learner: Learner) -> None:
    """A new session on the practice page in the learner's language, and a hand dealt."""
    await page.goto(f"/practice?lang={learner.lang}&seed={learner.seed}")
    await page.locator(".st-key-new_hand button").click(timeout=CLICK_TIMEOUT_MS)
    await page.locator(".ct .hand [role=checkbox]").first.wait_for(timeout=CLICK_TIMEOUT_MS)
    learner.seed += 1


async def _timed_click(page: Page, learner: Learner, kind: str, button: str, *,
                       selected: list[int], turn: bool) -> None:
    result = await page.evaluate(CLICK_JS, [selected, button, turn, CLICK_TIMEOUT_MS])
    learner.add(kind, float(result["ms"]))
    learner.check_lang(kind, str(result["lang"]), page.url)


async def _next_hand(page: Page, learner: Learner) -> None:
    """The hand is over: "Deal the next hand" (timed to the new table), or a new game."""
    button = page.locator(".st-key-next button")
    if not await button.count():
        await _open_practice(page, learner)
        return
    version = await page.locator(".ct").get_attribute("data-version")
    started = time.perf_counter()
    await button.click(timeout=CLICK_TIMEOUT_MS)
    await page.locator(f".ct:not([data-version='{version}'])").wait_for(
        timeout=CLICK_TIMEOUT_MS)
    learner.add("next_hand", (time.perf_counter() - started) * 1000)
    document_lang = await page.evaluate("document.documentElement.lang")
    learner.check_lang("next_hand", str(document_lang), page.url)


async def _switch_pages(page: Page, learner: Learner) -> None:
    """The rules page by the sidebar, and back to the table (each timed to the page shown)."""
    nav = page.get_by_test_id("stSidebarNav")
    # Translators: the heading of the rules page (the load benchmark looks for it).
    heading = translator(learner.lang).gettext("Rules")
    for path, shown in (("rules", page.get_by_role("heading", name=heading, exact=True)),
                        ("practice", page.locator(".ct .hand [role=checkbox]").first)):
        started = time.perf_counter()
        await nav.locator(f"a[href$='/{path}']").click(timeout=CLICK_TIMEOUT_MS)
        await shown.wait_for(timeout=CLICK_TIMEOUT_MS)
        learner.add("page_switch", (time.perf_counter() - started) * 1000)
        document_lang = await page.evaluate("document.documentElement.lang")
        learner.check_lang(f"page {path}", str(document_lang), page.url)


async def _pause(think: float, rng: random.Random) -> None:
    """A learner's think time between two clicks (half to one and a half times ``think``)."""
    if think > 0:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))


async def _play(page: Page, learner: Learner, deadline: float, think: float,
                rng: random.Random) -> None:
    """Turn after turn until the deadline: why not, draw, discard (and what comes up)."""
    turns = 0
    while time.monotonic() < deadline:
        state = await page.evaluate(PHASE_JS)
        phase, cards = str(state["phase"]), max(1, int(state["cards"]))
        if phase == "draw":
            await _timed_click(page, learner, "why_not", "discard",
                               selected=[rng.randrange(cards)], turn=False)
            await page.evaluate(OPEN_WHY_JS)
            await _pause(think, rng)
            await _timed_click(page, learner, "draw", "draw", selected=[], turn=True)
        elif phase == "play":
            await _timed_click(page, learner, "discard_with_turns", "discard",
                               selected=[rng.randrange(cards)], turn=True)
            turns += 1
            if turns % SWITCH_EVERY == 0:
                await _pause(think, rng)
                await _switch_pages(page, learner)
        elif phase == "answer":
            await _timed_click(page, learner, "answer", "yes", selected=[], turn=True)
        else:
            await _next_hand(page, learner)
        await _pause(think, rng)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:160] if text else ''}"


async def _learner_run(page: Page, learner: Learner, deadline: float, think: float) -> None:
    """Play until the deadline; a click that fails is counted and the learner starts again."""
    rng = random.Random(learner.index)
    await _pause(think, rng)  # not all at the same moment
    while time.monotonic() < deadline:
        try:
            await _play(page, learner, deadline, think, rng)
        except Exception as exc:  # a benchmark counts every failure and goes on
            learner.errors.append(_short(exc))
            try:
                await _open_practice(page, learner)
            except Exception as again:
                learner.errors.append(_short(again))


# ----- a round ---------------------------------------------------------------------------------

async def _setup(browser: Browser, url: str, learner: Learner, gate: asyncio.Semaphore
                 ) -> Page:
    async with gate:
        context = await browser.new_context(base_url=url, viewport={"width": 1280, "height": 900},
                                            locale="en-US", reduced_motion="reduce")
        page = await context.new_page()
        page.on("pageerror", lambda error: learner.errors.append(f"page error: {error}"))
        await _open_practice(page, learner)
        return page


async def _round(learners: int, seconds: float, think: float, chromium: str | None
                 ) -> dict[str, Any]:
    with serve(APP_SCRIPT) as (url, server):
        return await drive(url, server.pid, learners, seconds, think, chromium)


async def drive(url: str, server_pid: int, learners: int, seconds: float, think: float,
                chromium: str | None = None) -> dict[str, Any]:
    """``learners`` learners on the app served at ``url`` (by process ``server_pid``)."""
    from playwright.async_api import async_playwright

    crew = [Learner(index, LANGS[index % len(LANGS)], 100 + index * 1000)
            for index in range(learners)]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(chromium),
                                                   args=CHROMIUM_ARGS)
        gate = asyncio.Semaphore(4)  # deal the first hands a few at a time
        pages = await asyncio.gather(*(_setup(browser, url, each, gate) for each in crew))
        for each in crew:
            each.errors.clear()  # only what happens while all play is counted
        before = cpu_sample(server_pid)
        load_before = os.getloadavg()[0]
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(_learner_run(page, each, deadline, think)
                               for page, each in zip(pages, crew, strict=True)))
        after = cpu_sample(server_pid)
        memory = rss_mb(server_pid)
        await browser.close()
    return {**_summary(crew, seconds, think, before, after, load_before),
            "server_rss_mb": memory}


def _summary(crew: list[Learner], seconds: float, think: float, before: CpuSample,
             after: CpuSample, load_before: float) -> dict[str, Any]:
    kinds = sorted({kind for each in crew for kind in each.times}, key=KINDS.index)
    pooled = {kind: [ms for each in crew for ms in each.times.get(kind, [])] for kind in kinds}
    table = [ms for kind in TABLE_KINDS for ms in pooled.get(kind, [])]
    runs = sum(len(values) for values in pooled.values())  # each a server run (or two)
    wall = after.at - before.at
    server = after.server - before.server
    bench = after.bench - before.bench
    machine = after.machine - before.machine
    errors = [error for each in crew for error in each.errors]
    mismatches = [f"learner {each.index} ({each.lang}) {m}"
                  for each in crew for m in each.lang_mismatches]
    return {
        "learners": len(crew),
        "languages": {lang: sum(each.lang == lang for each in crew) for lang in LANGS},
        "seconds": seconds,
        "think_s": think,
        "kinds": {kind: figures(values) for kind, values in pooled.items()},
        "table_clicks": figures(table),
        "errors": len(errors),
        "error_samples": sorted(set(errors))[:5],
        "lang_checks": sum(each.lang_checks for each in crew),
        "lang_mismatches": len(mismatches),
        "mismatch_samples": mismatches[:5],
        "slowest": [{"ms": round(ms, 1), "kind": kind, "after": before, "learner": each.index}
                    for ms, kind, before, each in sorted(
                        ((*slow, each) for each in crew for slow in each.slowest),
                        key=lambda row: -row[0])[:5]],
        "cpu": {
            "wall_s": round(wall, 1),
            "server_cores": round(server / wall, 2),
            "server_ms_per_click": round(server * 1000 / runs, 1) if runs else 0.0,
            "bench_browsers_cores": round(bench / wall, 2),
            "rest_of_machine_cores": round(max(0.0, machine - server - bench) / wall, 2),
            "load_average_before": round(load_before, 2),
        },
        "per_learner": [{"lang": each.lang, **figures(
            [ms for kind in TABLE_KINDS for ms in each.times.get(kind, [])]),
            "errors": len(each.errors)} for each in crew],
    }


def parse_counts(text: str) -> list[int]:
    """``--load 20`` or ``--load 5,10,20``: learner counts from 1 to 100."""
    counts = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit() and 1 <= int(part) <= 100):
            raise ValueError(f"{part!r} is not a number of learners from 1 to 100")
        counts.append(int(part))
    return counts


def load_figures(counts: list[int], seconds: float = 60.0, think: float = 1.0,
                 chromium: str | None = None) -> list[dict[str, Any]]:
    """One round per learner count, each with a fresh server."""
    return [asyncio.run(_round(count, seconds, think, chromium)) for count in counts]


def format_round(row: dict[str, Any]) -> str:
    langs = ", ".join(f"{lang} {n}" for lang, n in row["languages"].items() if n)
    lines = [f"{row['learners']} learners ({langs}) for {row['seconds']:g} s, "
             f"think time {row['think_s']:g} s (x0.5-1.5)",
             f"  {'':<20} {'clicks':>6} {'median':>9} {'p95':>9} {'max':>9}"]
    named = [*row["kinds"].items(), ("all table clicks", row["table_clicks"])]
    for kind, fig in named:
        lines.append(f"  {kind:<20} {fig['clicks']:>6} {fig['median_ms']:>6.0f} ms "
                     f"{fig['p95_ms']:>6.0f} ms {fig['max_ms']:>6.0f} ms")
    learners = [each for each in row["per_learner"] if each["clicks"]]
    if learners:
        lines.append("  per learner: clicks {lo}-{hi}, median {mlo:.0f}-{mhi:.0f} ms, "
                     "max {xlo:.0f}-{xhi:.0f} ms".format(
                         lo=min(e["clicks"] for e in learners),
                         hi=max(e["clicks"] for e in learners),
                         mlo=min(e["median_ms"] for e in learners),
                         mhi=max(e["median_ms"] for e in learners),
                         xlo=min(e["max_ms"] for e in learners),
                         xhi=max(e["max_ms"] for e in learners)))
    lines.append("  slowest: " + ", ".join(
        f"{slow['kind']} {slow['ms']:.0f} ms after {slow['after']}" for slow in row["slowest"]))
    lines.append(f"  errors {row['errors']}" + "".join(
        f"\n    {error}" for error in row["error_samples"]))
    lines.append(f"  language checks {row['lang_checks']}, mismatches {row['lang_mismatches']}"
                 + "".join(f"\n    {m}" for m in row["mismatch_samples"]))
    cpu = row["cpu"]
    lines.append(f"  CPU over {cpu['wall_s']} s: server {cpu['server_cores']} cores "
                 f"({cpu['server_ms_per_click']} ms per click), bench browsers "
                 f"{cpu['bench_browsers_cores']}, rest of the machine "
                 f"{cpu['rest_of_machine_cores']}; load average before "
                 f"{cpu['load_average_before']}; server memory {row['server_rss_mb']} MB")
    table = row["table_clicks"]
    lines.append(f"  target for 20 learners: p95 < {TARGETS['p95_ms']:.0f} ms "
                 f"({table['p95_ms']:.0f}), max < {TARGETS['max_ms']:.0f} ms "
                 f"({table['max_ms']:.0f})")
    return "\n".join(lines)
