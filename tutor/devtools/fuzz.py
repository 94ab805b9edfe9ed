"""Fuzzing every way in: malformed documents, garbage notation, bad arguments, odd positions.

Shared by the test suite (a bounded number of examples per target, tests/test_fuzz.py) and by
``python -m tutor fuzz --minutes N`` for long runs. A target *passes* an input when it accepts
it or refuses it with the project's own error (:class:`~tutor.engine.TutorError`, one short
line); anything else (a ``TypeError``, ``RecursionError``, a traceback, a flood of output, a
position left with no legal action) is a finding. Hypothesis is a test dependency: the command
says so when it is missing.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import Action, TutorError, apply, judge, legal_actions, rule_set
from tutor.engine.inputs import read_json
from tutor.engine.records import (
    GameRecord,
    loads_position,
    loads_record,
    position_to_json,
)
from tutor.engine.rules import PRESET_NAMES, RuleSet
from tutor.engine.scoring import score_hand, tallies_from_json
from tutor.engine.state import GameState, Phase

MAX_ERROR_LINE = 400  # characters: an error quoting a huge input must still be one short line

# ----- valid starting points -----------------------------------------------------------------


def _played(preset: str, seed: int, steps: int) -> tuple[GameState, GameRecord]:
    """A position reached by ``steps`` random legal actions, and the record that reached it."""
    rng = random.Random(seed)
    record = GameRecord.new(rule_set(preset), seed=seed)
    state = record.start
    for _ in range(steps):
        if state.hand_over:
            break
        action = rng.choice(legal_actions(state))
        record = record.then(state, action)
        state = apply(state, action)
    return state, record


def _seeds() -> list[tuple[GameState, GameRecord]]:
    return [_played(preset, seed, steps) for preset in PRESET_NAMES
            for seed, steps in ((1, 0), (2, 25), (3, 70))]


SEEDS = _seeds()
POSITIONS = [position_to_json(state) for state, _ in SEEDS]
RECORDS = [record.to_json() for _, record in SEEDS]
SCORE_FILES: list[dict[str, Any]] = [
    {"rules": {"preset": "classic-4p"}, "sides": [
        {"melds": ["KH KH KD KS 2C KC KD"], "went_out": True,
         "players": [{"seat": 0, "hand": "", "threes": "3H"}, {"seat": 2, "hand": "5C"}]},
        {"melds": ["9S 9C 9D"], "players": [{"seat": 1, "hand": "JK 4D"}, {"seat": 3}]},
    ]},
    {"rules": {"preset": "modern-american"}, "sides": [
        {"melds": ["7S 7S 7D 7D 7H 7H 7C", "AS AH AD"], "went_out": True,
         "players": [{"seat": 0, "threes": "3H 3C"}, {"seat": 2}]},
        {"players": [{"seat": 1, "hand": "JK"}, {"seat": 3}]},
    ]},
]

# ----- strategies ------------------------------------------------------------------------------

_WORDS = ["draw", "play", "pile", "stock", "hand_over", "game_over", "KH", "JK", "2C", "3S",
          "10D", "classic-4p", "modern-american", "V-C1", "went-out", "", " ", "\u00b2",
          "auto", "K", "null", "∞", "\x00", "KH KS 2C"]


def _keys(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, child in value.items():
            yield key
            yield from _keys(child)
    elif isinstance(value, list):
        for child in value:
            yield from _keys(child)


KEYS = sorted({key for doc in POSITIONS + RECORDS + SCORE_FILES for key in _keys(doc)}
              | {"x", "", "k" * 300})

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.sampled_from([0, 1, -1, 3, 7, 2**31, 2**63, 10**16]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(_WORDS),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


def _paths(value: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


def _replace(value: Any, path: tuple[str | int, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        copy[head] = _replace(value[head], rest, new)
        return copy
    copy_list = list(value)
    copy_list[head] = _replace(value[head], rest, new)  # type: ignore[index]
    return copy_list


def _without(value: Any, path: tuple[str | int, ...]) -> Any:
    parent, key = path[:-1], path[-1]

    def drop(container: Any) -> Any:
        if isinstance(container, dict):
            return {k: v for k, v in container.items() if k != key}
        return [v for i, v in enumerate(container) if i != key]

    if not parent:
        return drop(value)
    inner = value
    for step in parent:
        inner = inner[step]
    return _replace(value, parent, drop(inner))


@st.composite
def mutated(draw: st.DrawFn, bases: list[dict[str, Any]]) -> Any:
    """A valid document with one to three fields replaced, deleted or added."""
    doc: Any = draw(st.sampled_from(bases))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(doc))
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if how == "delete" and path:
            doc = _without(doc, path)
        elif how == "add":
            target: Any = doc
            for step in path:
                target = target[step]
            if isinstance(target, dict):
                doc = _replace(doc, path, {**target, draw(st.sampled_from(KEYS)):
                                           draw(json_values)})
            elif isinstance(target, list):
                doc = _replace(doc, path, [*target, draw(json_values)])
        else:
            doc = _replace(doc, path, draw(json_values))
    return doc


@st.composite
def raw_documents(draw: st.DrawFn, bases: list[dict[str, Any]]) -> bytes:
    """Bytes of a mutated document, sometimes corrupted: cut short, a stray byte, deep
    nesting, a huge number, another encoding."""
    text = json.dumps(draw(mutated(bases)), ensure_ascii=False)
    corruption = draw(st.sampled_from(["none", "none", "none", "cut", "byte", "deep", "digits",
                                       "latin-1", "empty"]))
    data = text.encode("utf-8")
    if corruption == "cut":
        return data[: draw(st.integers(0, max(0, len(data) - 1)))]
    if corruption == "byte":
        at = draw(st.integers(0, len(data)))
        return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at:]
    if corruption == "deep":
        depth = draw(st.sampled_from([17, 100, 5_000, 200_000]))
        return b"[" * depth + data + b"]" * depth
    if corruption == "digits":
        return data.replace(b"0", b"9" * draw(st.sampled_from([16, 4_400, 50_000])), 1)
    if corruption == "latin-1":
        return text.replace("a", "\u00e9").encode("latin-1", errors="replace")
    if corruption == "empty":
        return b""
    return data


_CARDS = ["KH", "KS", "2C", "JK", "3H", "3S", "10D", "4C", "QQ", "1H", "KH@", "@K", "|", "||"]
notations = st.one_of(
    st.text(max_size=40),
    st.builds(
        " ".join,
        st.lists(st.sampled_from(["draw", "take", "meld", "discard", "ask", "answer", "pass",
                                  "next", "yes", "no", *_CARDS]), max_size=8),
    ),
    st.sampled_from(["x" * 5_000, "meld " + "KH " * 400, "discard ²", "take | | KH"]),
)

# ----- targets ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    name: str
    strategy: st.SearchStrategy[Any]
    run: Callable[[Any], object]


def load_position(raw: bytes) -> None:
    state = loads_position(raw)
    if not state.hand_over and state.phase is not Phase.GAME_OVER and not legal_actions(state):
        raise AssertionError("a loaded position left its player without a legal action")


def replay_record(raw: bytes) -> None:
    loads_record(raw).final()


def score_file(raw: bytes) -> None:
    data = read_json(raw, "score file")
    if not isinstance(data, dict):
        return
    rules = RuleSet.from_json(data.get("rules", {"preset": "classic-4p"}))
    score_hand(rules, tallies_from_json(data, rules.players))


_JUDGED = [state for state, _ in SEEDS]


def judge_notation(args: tuple[str, int]) -> None:
    text, which = args
    judge(_JUDGED[which % len(_JUDGED)], Action.parse(text))


# Paths the command line must refuse, made afresh in a temporary folder for each input by
# :func:`run_cli` (``@name`` is that folder's ``name``): as the file to read (check, score) and as
# the file to write (play --record, catalogs render --out). None of them is ever replaced.
BAD_INPUTS = ["/dev/zero", "@fifo", "@folder", "@missing/input.json", "@dangling", "@link"]
BAD_OUTPUTS = ["/nonexistent/dir/r.json", "@fifo", "@folder", "@folder/", "@missing/out.json",
               "@link", "@dangling", "@target.json/out.json"]
TARGET_TEXT = b"a file a symbolic link points to\n"


def _bad_option(options: list[str], values: list[str]) -> st.SearchStrategy[tuple[str, str]]:
    """An option with a value it does not take (a valid ``bench`` or ``play`` runs for minutes;
    so only invalid pairs are drawn: ``--record`` only onto a path that is refused)."""
    return st.tuples(st.sampled_from(options), st.sampled_from(values)).filter(
        lambda pair: pair[0] != "--record" or pair[1] in BAD_OUTPUTS
    )


cli_arguments = st.one_of(
    st.tuples(st.just("check"), raw_documents(POSITIONS), notations,
              st.sampled_from([[], ["--seat", "1"], ["--seat", "9"], ["--seat", "²"],
                               ["--json"], ["--lang", "sv"], ["--compare", "modern-american"]])),
    st.tuples(st.just("score"), raw_documents(SCORE_FILES), st.just(""),
              st.sampled_from([[], ["--json"], ["--lang", "de"], ["--compare", "classic-4p"]])),
    st.tuples(st.sampled_from(["check", "score"]), st.sampled_from(BAD_INPUTS), st.just(""),
              st.just([])),
    st.tuples(st.just("bench"), st.just(b""), st.just(""), st.lists(_bad_option(
        ["--hands", "--games", "--clicks", "--variant"], ["0", "-5", "x", "²", "9" * 40, "nope"]
    ), min_size=1, max_size=2).map(lambda pairs: [word for pair in pairs for word in pair])),
    st.tuples(st.just("play"), st.just(b""), st.just(""), st.lists(_bad_option(
        ["--seed", "--hands", "--variant", "--players", "--record"],
        ["-1", "x", "9" * 40, "nobody", *BAD_OUTPUTS],
    ), min_size=1, max_size=2).map(lambda pairs: [word for pair in pairs for word in pair])),
    st.tuples(st.just("catalogs"), st.just(b""), st.just(""), st.tuples(
        st.sampled_from(["de", "sv", "xx"]), st.sampled_from(BAD_OUTPUTS)
    ).map(lambda pair: ["render", "--lang", pair[0], "--out", pair[1]])),
)


def _bad_paths(folder: Path) -> None:
    """What :data:`BAD_INPUTS` and :data:`BAD_OUTPUTS` name: a FIFO, an empty folder, a
    symbolic link to a file and one to nothing."""
    os.mkfifo(folder / "fifo")
    (folder / "folder").mkdir()
    (folder / "target.json").write_bytes(TARGET_TEXT)
    (folder / "link").symlink_to("target.json")
    (folder / "dangling").symlink_to("nowhere.json")


def _unchanged(folder: Path) -> str | None:
    """What the command changed among the bad paths, if anything: it must refuse them all."""
    if sorted(p.name for p in folder.iterdir()) != ["dangling", "fifo", "folder", "input.json",
                                                    "link", "target.json"]:
        return f"files added or removed: {sorted(p.name for p in folder.iterdir())}"
    if not stat.S_ISFIFO((folder / "fifo").lstat().st_mode):
        return "the FIFO was replaced"
    if any((folder / "folder").iterdir()):
        return "a file was written into the folder"
    if (os.readlink(folder / "link"), os.readlink(folder / "dangling")) != (
        "target.json", "nowhere.json"
    ):
        return "a symbolic link was replaced"
    if (folder / "target.json").read_bytes() != TARGET_TEXT:
        return "the file a symbolic link points to was written"
    return None


CliMain = Callable[[Sequence[str]], int]


def run_cli(main: CliMain, case: tuple[str, bytes | str, str, list[str]]) -> None:
    """The CLI (its ``main``, given by the caller: the CLI runs this module, so this module
    does not import it) on a fuzzed file (or on a path given instead of its bytes): exit 0,
    or exit 2 with exactly one short line on stderr; none of the refused paths is touched."""
    command, document, action, extra = case
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        file = folder / "input.json"
        file.write_bytes(document if isinstance(document, bytes) else b"")
        _bad_paths(folder)

        def at(word: str) -> str:  # "@name" is the temporary folder's name ("@name/" too)
            return f"{folder}/{word[1:]}" if word.startswith("@") else word

        source = str(file) if isinstance(document, bytes) else at(document)
        args = {"check": [command, source, action or "draw"], "score": [command, source]}
        argv = [*args.get(command, [command]), *map(at, extra)]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 2
        changed = _unchanged(folder)
    message = err.getvalue()
    if code not in (0, 2):
        raise AssertionError(f"exit status {code} for {argv!r}")
    if code == 2 and (message.count("\n") != 1 or len(message) > MAX_ERROR_LINE):
        raise AssertionError(f"not one short line for {argv!r}: {message[:200]!r}")
    if changed is not None:
        raise AssertionError(f"{changed} by {argv!r}")


def targets(main: CliMain) -> tuple[Target, ...]:
    """Every way in, the command line through ``main`` (``tutor.cli.main``)."""
    return (
        Target("position", raw_documents(POSITIONS), load_position),
        Target("record", raw_documents(RECORDS), replay_record),
        Target("score file", raw_documents(SCORE_FILES), score_file),
        Target("action notation", st.tuples(notations, st.integers(0, 100)), judge_notation),
        Target("command line", cli_arguments, partial(run_cli, main)),
    )


def check(target: Target, value: Any) -> None:
    """Run one input: the project's own error is a pass, with a message of one short line."""
    try:
        target.run(value)
    except TutorError as exc:
        message = str(exc)
        if "\n" in message or len(message) > MAX_ERROR_LINE:
            raise AssertionError(f"{target.name}: error message too long or several lines: "
                                 f"{message[:200]!r}") from None


# ----- the long run ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FuzzFigures:
    target: str
    inputs: int
    seconds: float
    slowest_ms: float  # the slowest single input (the bound: 2 s)
    finding: str | None


def fuzz(main: CliMain, minutes: float, batch: int = 200) -> list[FuzzFigures]:
    """Run every target in turn, in batches of ``batch`` examples, until the time is up; a
    finding (Hypothesis's shrunk, smallest failing input) stops that target."""
    every = targets(main)
    deadline = time.monotonic() + minutes * 60
    counts = {t.name: 0 for t in every}
    spent = {t.name: 0.0 for t in every}
    slowest = {t.name: 0.0 for t in every}
    findings: dict[str, str] = {}
    while time.monotonic() < deadline and len(findings) < len(every):
        for target in every:
            if target.name in findings or time.monotonic() >= deadline:
                continue
            started = time.monotonic()

            one = _batch(target, batch, counts, slowest)
            try:
                one()
            except Exception as exc:  # a finding of any kind is reported
                findings[target.name] = f"{type(exc).__name__}: {str(exc)[:300]}"
            spent[target.name] += time.monotonic() - started
    return [FuzzFigures(t.name, counts[t.name], round(spent[t.name], 1),
                        round(slowest[t.name], 1), findings.get(t.name))
            for t in every]


def _batch(
    target: Target, examples: int, counts: dict[str, int], slowest: dict[str, float]
) -> Callable[[], None]:
    """One Hypothesis run of ``examples`` inputs against a target, counting and timing each."""

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(target.strategy)
    def run(value: Any) -> None:
        counts[target.name] += 1
        began = time.perf_counter()
        try:
            check(target, value)
        finally:
            took = (time.perf_counter() - began) * 1000
            slowest[target.name] = max(slowest[target.name], took)

    return run


def format_figures(rows: list[FuzzFigures]) -> str:
    lines = [f"{'target':<16} {'inputs':>8} {'seconds':>8} {'slowest ms':>11}  result"]
    for row in rows:
        lines.append(f"{row.target:<16} {row.inputs:>8} {row.seconds:>8} {row.slowest_ms:>11}  "
                     f"{'FINDING ' + row.finding if row.finding else 'no finding'}")
    return "\n".join(lines)


