"""``python -m tutor bench --against REV``: this code's engine speed next to another commit's.

The other commit is exported with ``git archive`` into a temporary folder (the checkout's branch,
index and files stay as they are) and both engines are run in subprocesses with the same Python,
``PYTHONPATH`` pointing at one tree or the other. The runs alternate, round after round and
preset after preset, so a busy moment on a shared machine weighs on both alike; the figure of
each side is its median over the rounds.

Each run prints ``bench --json`` (the same fields at the old commits) and a listing figure: the
time to list every legal action (``legal_actions``) at every step of random hands.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in the other tree too, so it may use only what every commit of the engine has. It counts
# CPU time (time.process_time), not wall time: on a shared machine the other processes' load
# then weighs far less on either side.
LISTING_SCRIPT = """
import json, random, sys, time
from tutor.engine import apply, legal_actions, new_game, rule_set
try:
    from tutor.play.players import RandomPlayer
except ImportError:  # a tree from before the rooms of tutor/ (issue 24)
    from tutor.players import RandomPlayer
preset, hands = sys.argv[1], int(sys.argv[2])
steps, spent = 0, 0.0
for seed in range(hands):
    state, rng = new_game(rule_set(preset), seed=seed), random.Random(seed)
    while not state.hand_over:
        started = time.process_time()
        actions = legal_actions(state)
        spent += time.process_time() - started
        steps += 1
        state = apply(state, rng.choice(actions))
started = time.process_time()
for seed in range(hands * 5):
    state, player = new_game(rule_set(preset), seed=seed), RandomPlayer(seed)
    while not state.hand_over:
        state = apply(state, player.choose(state))
played = time.process_time() - started
print(json.dumps({"steps": steps, "list_step_us": spent / steps * 1e6,
                  "cpu_hands_per_second": hands * 5 / played}))
"""


@dataclass(frozen=True, slots=True)
class Run:
    """One subprocess's figures for one preset."""

    hands_per_second: float
    median_list_us: float
    list_step_us: float  # mean CPU time of a full listing per step of listed play
    cpu_hands_per_second: float  # bench's random play, per CPU second


@dataclass(frozen=True, slots=True)
class Comparison:
    """The median figures of both sides for one preset, over the rounds, and each side's best
    round (on a shared machine other work only ever slows a run down, so the best round is the
    one least disturbed)."""

    preset: str
    ours: Run
    theirs: Run
    ours_best: Run | None = None
    theirs_best: Run | None = None
    rounds: int = 1

    @property
    def best_cpu_speedup(self) -> float | None:
        if self.ours_best is None or self.theirs_best is None:
            return None
        return self.ours_best.cpu_hands_per_second / self.theirs_best.cpu_hands_per_second

    @property
    def best_listing_speedup(self) -> float | None:
        if self.ours_best is None or self.theirs_best is None:
            return None
        return self.theirs_best.list_step_us / self.ours_best.list_step_us

    @property
    def speedup(self) -> float:
        return self.ours.hands_per_second / self.theirs.hands_per_second

    @property
    def cpu_speedup(self) -> float:
        return self.ours.cpu_hands_per_second / self.theirs.cpu_hands_per_second

    @property
    def listing_speedup(self) -> float:
        return self.theirs.list_step_us / self.ours.list_step_us


class AgainstError(Exception):
    """The other commit cannot be exported or its benchmark did not run."""


@contextmanager
def exported(rev: str) -> Iterator[Path]:
    """The tree of commit ``rev`` in a temporary folder outside the checkout."""
    try:
        commit = _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").strip()
    except AgainstError:
        raise AgainstError(f"--against: {rev!r} is not a commit of this repository") from None
    with tempfile.TemporaryDirectory(prefix="tutor-against-") as folder:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "tutor"],
            capture_output=True, check=False,
        )
        if archive.returncode:
            raise AgainstError(f"--against: git archive {commit[:12]} failed: "
                               f"{archive.stderr.decode(errors='replace').strip()}")
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        yield Path(folder)


def _git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise AgainstError(done.stderr.strip() or f"git {args[0]} failed")
    return done.stdout


def parse_bench_json(text: str, preset: str) -> tuple[float, float]:
    """(hands/s, median listing µs) of ``preset`` from ``bench --json`` output."""
    try:
        rows = json.loads(text)
        row = next(r for r in rows if r["preset"] == preset)
        return float(row["hands_per_second"]), float(row["median_list_us"])
    except (ValueError, TypeError, KeyError, StopIteration) as exc:
        raise AgainstError(f"unreadable bench output for {preset}: {text[:200]!r}") from exc


def parse_listing_json(text: str) -> tuple[float, float]:
    """(mean full-listing CPU µs per step, hands per CPU second) from :data:`LISTING_SCRIPT`."""
    try:
        data = json.loads(text)
        return float(data["list_step_us"]), float(data["cpu_hands_per_second"])
    except (ValueError, TypeError, KeyError) as exc:
        raise AgainstError(f"unreadable listing output: {text[:200]!r}") from exc


def _python(tree: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=tree, check=False)
    if done.returncode:
        raise AgainstError(f"benchmark in {tree} failed: {done.stderr.strip()[-500:]}")
    return done.stdout


def run_once(tree: Path, preset: str, hands: int, listing_hands: int) -> Run:
    """One bench run and one listing run of ``preset`` with the engine of ``tree``."""
    out = _python(tree, "-m", "tutor", "bench", "--json", "--hands", str(hands),
                  "--variant", preset)
    speed, list_median = parse_bench_json(out, preset)
    step, cpu_speed = parse_listing_json(
        _python(tree, "-c", LISTING_SCRIPT, preset, str(listing_hands))
    )
    return Run(speed, list_median, step, cpu_speed)


def compare(rev: str, presets: tuple[str, ...], *, hands: int = 100, rounds: int = 3,
            listing_hands: int = 20) -> list[Comparison]:
    """Both engines on every preset, alternating which goes first from one round to the next."""
    runs: dict[tuple[str, str], list[Run]] = {}
    with exported(rev) as theirs:
        trees = {"ours": ROOT, "theirs": theirs}
        for round_number in range(rounds):
            order = ("ours", "theirs") if round_number % 2 == 0 else ("theirs", "ours")
            for preset in presets:
                for name in order:
                    run = run_once(trees[name], preset, hands, listing_hands)
                    runs.setdefault((preset, name), []).append(run)
    return [Comparison(p, _median(runs[(p, "ours")]), _median(runs[(p, "theirs")]),
                       _best(runs[(p, "ours")]), _best(runs[(p, "theirs")]), rounds)
            for p in presets]


def _best(runs: list[Run]) -> Run:
    """Each figure at its best round: most hands per second, least time per listing."""
    return Run(max(r.hands_per_second for r in runs), min(r.median_list_us for r in runs),
               min(r.list_step_us for r in runs), max(r.cpu_hands_per_second for r in runs))


def _median(runs: list[Run]) -> Run:
    return Run(statistics.median(r.hands_per_second for r in runs),
               statistics.median(r.median_list_us for r in runs),
               statistics.median(r.list_step_us for r in runs),
               statistics.median(r.cpu_hands_per_second for r in runs))


def as_json(rev: str, rows: list[Comparison]) -> list[dict[str, object]]:
    return [{"preset": row.preset, "against": rev,
             "hands_per_second": round(row.ours.hands_per_second, 1),
             "against_hands_per_second": round(row.theirs.hands_per_second, 1),
             "speedup": round(row.speedup, 2),
             "median_list_us": round(row.ours.median_list_us, 1),
             "against_median_list_us": round(row.theirs.median_list_us, 1),
             "list_step_us": round(row.ours.list_step_us, 1),
             "against_list_step_us": round(row.theirs.list_step_us, 1),
             "listing_speedup": round(row.listing_speedup, 2),
             "cpu_hands_per_second": round(row.ours.cpu_hands_per_second, 1),
             "against_cpu_hands_per_second": round(row.theirs.cpu_hands_per_second, 1),
             "cpu_speedup": round(row.cpu_speedup, 2),
             "rounds": row.rounds,
             "best_cpu_speedup": _rounded(row.best_cpu_speedup),
             "best_listing_speedup": _rounded(row.best_listing_speedup)} for row in rows]


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def format_table(rev: str, rows: list[Comparison]) -> str:
    lines = [f"{'mode':<16} {'hands/s':>9} {rev[:10]:>10} {'ratio':>6}   "
             f"{'hands/cpu-s':>11} {rev[:10]:>10} {'ratio':>6}   "
             f"{'list/step':>10} {rev[:10]:>10} {'ratio':>6}"]
    for row in rows:
        ours, theirs = row.ours, row.theirs
        lines.append(
            f"{row.preset:<16} {ours.hands_per_second:>9.1f} {theirs.hands_per_second:>10.1f} "
            f"{row.speedup:>5.2f}x   {ours.cpu_hands_per_second:>11.1f} "
            f"{theirs.cpu_hands_per_second:>10.1f} {row.cpu_speedup:>5.2f}x   "
            f"{ours.list_step_us:>7.0f} µs {theirs.list_step_us:>7.0f} µs "
            f"{row.listing_speedup:>5.2f}x"
        )
    lines.append("")
    lines.append(f"best of {rows[0].rounds if rows else 0} rounds on each side "
                 f"{'hands/cpu-s':>11} {'list/step':>10}")
    for row in rows:
        if row.best_cpu_speedup is not None and row.best_listing_speedup is not None:
            lines.append(f"{row.preset:<16} {'':>21}{row.best_cpu_speedup:>6.2f}x "
                         f"{row.best_listing_speedup:>9.2f}x")
    lines.append("ratio: this code's speed over the other's (above 1: this code is faster); "
                 "hands/s: bench's wall clock; hands/cpu-s: the same random play per CPU second; "
                 "list/step: CPU time of a full legal_actions listing, mean over every step; "
                 "the upper table is the median round of each side")
    return "\n".join(lines)


# ----- instruction counts: the same comparison, free of a shared machine's noise ---------------

# The random play of ``bench`` (mode "play") or play that lists every legal action at every step
# (mode "list"), for HANDS hands; run with 0 hands it measures the start-up alone.
INSTRUCTIONS_SCRIPT = """
import random, sys
from tutor.engine import apply, legal_actions, new_game, rule_set
try:
    from tutor.play.players import RandomPlayer
except ImportError:  # a tree from before the rooms of tutor/ (issue 24)
    from tutor.players import RandomPlayer
preset, hands, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rules = rule_set(preset)
for seed in range(hands):
    state = new_game(rules, seed=seed)
    if mode == "play":
        player = RandomPlayer(seed)
        while not state.hand_over:
            state = apply(state, player.choose(state))
    else:
        rng = random.Random(seed)
        while not state.hand_over:
            state = apply(state, rng.choice(legal_actions(state)))
"""


@dataclass(frozen=True, slots=True)
class Instructions:
    """Machine instructions per hand (valgrind's count) of both sides for one preset."""

    preset: str
    ours_play: float
    theirs_play: float
    ours_list: float
    theirs_list: float

    @property
    def play_speedup(self) -> float:
        return self.theirs_play / self.ours_play

    @property
    def list_speedup(self) -> float:
        return self.theirs_list / self.ours_list


def parse_collected(stderr: str) -> int:
    """The instruction count callgrind reports on exit (``Collected : N``)."""
    for line in stderr.splitlines():
        _, sep, count = line.partition("Collected :")
        if sep and count.strip().isdigit():
            return int(count.strip())
    raise AgainstError(f"no instruction count in valgrind's output: {stderr[-300:]!r}")


def _instructions(tree: Path, preset: str, hands: int, mode: str) -> int:
    # A fixed hash seed: the same dictionaries, so the same count from one run to the next.
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", INSTRUCTIONS_SCRIPT, preset, str(hands), mode],
        capture_output=True, text=True, env=env, cwd=tree, check=False,
    )
    if done.returncode:
        raise AgainstError(f"valgrind run in {tree} failed: {done.stderr.strip()[-500:]}")
    return parse_collected(done.stderr)


def per_hand(tree: Path, preset: str, hands: int, mode: str) -> float:
    """Instructions per hand, the start-up (the same script with no hand) taken off."""
    return (_instructions(tree, preset, hands, mode) - _instructions(tree, preset, 0, mode)) / hands


def compare_instructions(rev: str, presets: tuple[str, ...], *, hands: int = 10,
                         listing_hands: int = 4) -> list[Instructions]:
    """Both engines' instruction counts on every preset (deterministic: one run each)."""
    if shutil.which("valgrind") is None:
        raise AgainstError("--instructions needs valgrind (Debian: apt-get install valgrind)")
    rows = []
    with exported(rev) as theirs:
        for preset in presets:
            rows.append(Instructions(
                preset,
                per_hand(ROOT, preset, hands, "play"), per_hand(theirs, preset, hands, "play"),
                per_hand(ROOT, preset, listing_hands, "list"),
                per_hand(theirs, preset, listing_hands, "list"),
            ))
    return rows


def format_instructions(rev: str, rows: list[Instructions]) -> str:
    lines = [f"{'mode':<16} {'play kI/hand':>12} {rev[:10]:>10} {'ratio':>6}   "
             f"{'list kI/hand':>12} {rev[:10]:>10} {'ratio':>6}"]
    for row in rows:
        lines.append(
            f"{row.preset:<16} {row.ours_play / 1e3:>12,.0f} {row.theirs_play / 1e3:>10,.0f} "
            f"{row.play_speedup:>5.2f}x   {row.ours_list / 1e3:>12,.0f} "
            f"{row.theirs_list / 1e3:>10,.0f} {row.list_speedup:>5.2f}x"
        )
    lines.append("kI/hand: thousands of machine instructions per hand (valgrind), start-up taken "
                 "off; play: bench's random play; list: play listing every legal action at every "
                 "step; ratio: the other's count over this code's (above 1: this code does less)")
    return "\n".join(lines)


# ----- the same rulings: a safety net for changes made for speed ----------------------------

# Plays SEEDS random hands of PRESET and prints how many candidate actions it judged and a digest
# of every verdict (each reason with its parameters, option and order) and every move played.
VERDICTS_SCRIPT = """
import hashlib, json, sys
from tutor.engine import apply, judge, new_game, rule_set
from tutor.engine.listing import candidate_actions
try:
    from tutor.play.players import RandomPlayer
except ImportError:  # a tree from before the rooms of tutor/ (issue 24)
    from tutor.players import RandomPlayer
preset, seeds = sys.argv[1], int(sys.argv[2])
digest, judged = hashlib.sha256(), 0
for seed in range(seeds):
    state, player = new_game(rule_set(preset), seed=seed), RandomPlayer(seed)
    while not state.hand_over:
        for action in candidate_actions(state):
            digest.update(json.dumps(judge(state, action).to_json()).encode())
            judged += 1
        action = player.choose(state)
        digest.update(str(action).encode())
        state = apply(state, action)
print(json.dumps({"judged": judged, "digest": digest.hexdigest()}))
"""


@dataclass(frozen=True, slots=True)
class Rulings:
    """Whether both engines judge every candidate action of the same random hands alike."""

    preset: str
    judged: int
    ours: str  # digests
    theirs: str

    @property
    def same(self) -> bool:
        return self.ours == self.theirs


def _rulings(tree: Path, preset: str, seeds: int) -> tuple[int, str]:
    out = _python(tree, "-c", VERDICTS_SCRIPT, preset, str(seeds))
    try:
        data = json.loads(out)
        return int(data["judged"]), str(data["digest"])
    except (ValueError, TypeError, KeyError) as exc:
        raise AgainstError(f"unreadable verdicts output: {out[:200]!r}") from exc


def compare_verdicts(rev: str, presets: tuple[str, ...], *, seeds: int = 12) -> list[Rulings]:
    """Every candidate's verdict in ``seeds`` random hands per preset, in both engines."""
    rows = []
    with exported(rev) as theirs:
        for preset in presets:
            judged, ours = _rulings(ROOT, preset, seeds)
            _, other = _rulings(theirs, preset, seeds)
            rows.append(Rulings(preset, judged, ours, other))
    return rows


def format_verdicts(rev: str, rows: list[Rulings]) -> str:
    lines = [f"{'mode':<16} {'verdicts':>9}  same as {rev[:10]}"]
    lines += [f"{row.preset:<16} {row.judged:>9,}  {'yes' if row.same else 'NO'}" for row in rows]
    lines.append("verdicts: candidate actions judged in random hands (every reason, its "
                 "parameters, option and order, and the moves played, compared by digest)")
    return "\n".join(lines)
