"""``python -m tutor bench``: one small runner per figure, each with its own options.

Every mode is a flag (``--players``, ``--browser``, …, or none for the engine's hands per
second) with the options that belong to it. The parser refuses an option of another mode
(``--clicks`` without ``--browser``) instead of ignoring it, so a mistyped run says so at once
rather than printing figures for something else. Each runner imports its benchmark lazily: the
browser and load benchmarks need Playwright, the store benchmark a database.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass

from tutor.engine.rules import PRESET_NAMES

Runner = Callable[[argparse.Namespace], int]
CountType = Callable[[int, int], Callable[[str], int]]


@dataclass(frozen=True, slots=True)
class Mode:
    """One figure of the benchmark: the flag that picks it and the options it reads."""

    flag: str  # "" for the default mode (the engine's speed)
    help: str
    options: tuple[str, ...]  # dests of the options that belong to this mode only
    run: Runner


def _presets(args: argparse.Namespace) -> tuple[str, ...]:
    return tuple(args.variant) if args.variant else PRESET_NAMES


def _print(table: object, args: argparse.Namespace, text: Callable[[], str]) -> None:
    print(json.dumps(table, indent=1) if args.json else text())


def run_store(args: argparse.Namespace) -> int:
    from tutor.devtools import bench_store

    table = bench_store.run(args.pg_url or os.environ.get("CANASTA_TUTOR_TEST_PG_URL"))
    _print(table, args, lambda: bench_store.format_table(table))
    return 0


def run_memory(args: argparse.Namespace) -> int:
    from tutor.devtools import bench

    games = [bench.practice_memory(preset) for preset in _presets(args)]
    _print([asdict(game) for game in games], args, lambda: bench.format_memory(games))
    return 0


def run_players(args: argparse.Namespace) -> int:
    """The strength table (``--match A:B`` for only those pairs), the game lengths of the kinds
    in it and the standard player's decision time; ``--timing`` adds the expert's decision
    time (alone, without matches, unless ``--match`` names some)."""
    from tutor.devtools import bench, bench_players
    from tutor.play.bots import BOTS

    pairs: list[tuple[str, str]] = []
    for text in args.match or ():
        first, sep, second = text.partition(":")
        if not sep or first not in BOTS or second not in BOTS:
            print(f"error: --match {text}: write two players as A:B, from {', '.join(BOTS)}",
                  file=sys.stderr)
            return 2
        pairs.append((first, second))
    presets = _presets(args)
    run_matches = bool(pairs) or not args.timing
    table: dict[str, object] = {}
    if run_matches:
        matches = tuple(pairs) or bench_players.DEFAULT_MATCHES
        table.update(bench.player_strength(games=args.games, presets=presets, matches=matches))
    table.update(bench.decision_times())
    if args.timing:
        table.update(bench.expert_times())
    if args.json:
        print(json.dumps(table, indent=1))
        return 0
    if run_matches:
        print(bench_players.format_table(table))  # type: ignore[arg-type]
    print(f"standard player's decision: median {table['decision_median_ms']} ms, "
          f"max {table['decision_max_ms']} ms")
    if args.timing:
        print(f"expert's decision ({table['expert_samples']} positions): median "
              f"{table['expert_median_ms']} ms, p99 {table['expert_p99_ms']} ms, max "
              f"{table['expert_max_ms']} ms (targets: under 200 ms and under 1 s)")
    return 0


def run_load(args: argparse.Namespace) -> int:
    from tutor.devtools import bench_load

    try:
        counts = bench_load.parse_counts(args.load)
    except ValueError as exc:
        print(f"error: --load: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.think <= 60:
        print("error: --think must be from 0 to 60 seconds", file=sys.stderr)
        return 2
    rounds = bench_load.load_figures(counts, seconds=args.seconds, think=args.think)
    _print(rounds, args, lambda: "\n\n".join(bench_load.format_round(row) for row in rounds))
    return 0


def run_browser(args: argparse.Namespace) -> int:
    from tutor.devtools import bench_browser

    table = bench_browser.browser_figures(clicks=args.clicks)
    _print(table, args, lambda: bench_browser.format_figures(table))
    return 0


def run_app(args: argparse.Namespace) -> int:
    from tutor.devtools import bench

    app = bench.app_figures()
    _print(app, args, lambda: "\n".join(f"{key:<26} {value}" for key, value in app.items()))
    return 0


def run_trace(args: argparse.Namespace) -> int:
    from tutor.devtools import bench_trace  # type: ignore[attr-defined,unused-ignore]

    table = bench_trace.trace_figures()
    _print(table, args, lambda: bench_trace.format_trace(table))
    return 0


def run_against(args: argparse.Namespace) -> int:
    from tutor.devtools import bench_against

    presets = _presets(args)
    try:
        if args.verdicts:
            rulings = bench_against.compare_verdicts(args.against, presets)
            _print([asdict(row) for row in rulings], args,
                   lambda: bench_against.format_verdicts(args.against, rulings))
            return 0 if all(row.same for row in rulings) else 1
        if args.instructions:
            counted = bench_against.compare_instructions(args.against, presets)
            _print([asdict(row) for row in counted], args,
                   lambda: bench_against.format_instructions(args.against, counted))
            return 0
        compared = bench_against.compare(args.against, presets, hands=args.hands,
                                         rounds=args.rounds or 3)
    except bench_against.AgainstError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    _print(bench_against.as_json(args.against, compared), args,
           lambda: bench_against.format_table(args.against, compared))
    return 0


def run_engine(args: argparse.Namespace) -> int:
    from tutor.devtools import bench

    figures = bench.run(hands=args.hands, presets=_presets(args))
    _print(bench.as_json(figures), args, lambda: bench.format_table(figures))
    return 0


MODES: tuple[Mode, ...] = (
    Mode("store", "the learners' store: an attempt, a review, a teacher's page",
         ("pg_url",), run_store),
    Mode("memory", "a practice session's memory at the end of a whole game", (), run_memory),
    Mode("players", "computer players' win rates, game lengths and decision times",
         ("games", "match", "timing"), run_players),
    Mode("load", "click times with N learners in Chromium at once (e.g. --load 5,10,20)",
         ("seconds", "think"), run_load),
    Mode("browser", "click times on the card table in Chromium", ("clicks",), run_browser),
    Mode("app", "script time of a practice click", (), run_app),
    Mode("trace", "the path of a practice click and of a lesson click: modules entered, "
         "judge and explain calls", (), run_trace),
    Mode("against", "hands/s and listing time next to commit REV's, interleaved",
         ("rounds", "instructions", "verdicts"), run_against),
    Mode("", "random-play hands per second and listing time per preset", ("hands",),
         run_engine),
)


def add_parser(sub: argparse._SubParsersAction,  # type: ignore[type-arg]
               count: CountType) -> None:
    """The ``bench`` sub-command: the mode flags, then each mode's own options in its group."""
    bench = sub.add_parser("bench", help="speed and strength figures per preset")
    bench.add_argument("--variant", action="append", choices=PRESET_NAMES)
    bench.add_argument("--json", action="store_true")
    picked = bench.add_argument_group("what to measure (one; none: the engine's speed)")
    for mode in MODES:
        if mode.flag == "load":
            picked.add_argument("--load", metavar="N[,N...]", help=mode.help)
        elif mode.flag == "against":
            picked.add_argument("--against", metavar="REV", help=mode.help)
        elif mode.flag:
            picked.add_argument(f"--{mode.flag}", action="store_true", help=mode.help)
    engine = bench.add_argument_group("the engine's speed, and --against")
    engine.add_argument("--hands", type=count(1, 1_000_000), default=200)
    against = bench.add_argument_group("--against REV")
    against.add_argument("--rounds", type=count(1, 100),
                         help="interleaved rounds per side (default 3)")
    against.add_argument("--instructions", action="store_true",
                         help="machine instructions per hand instead of times, counted by "
                              "valgrind (free of other work on the machine)")
    against.add_argument("--verdicts", action="store_true",
                         help="whether every candidate action of random hands gets the same "
                              "verdict as at REV (exit 1 when not)")
    players = bench.add_argument_group("--players")
    players.add_argument("--games", type=count(1, 100_000), default=200,
                         help="games per match and per game-length row")
    players.add_argument("--match", action="append", metavar="A:B",
                         help="only this pair, e.g. standard:beginner (repeatable)")
    players.add_argument("--timing", action="store_true",
                         help="the expert's decision time too (median, p99; alone unless "
                              "--match names pairs)")
    browser = bench.add_argument_group("--browser")
    browser.add_argument("--clicks", type=count(1, 10_000), default=30,
                         help="clicks per figure")
    load = bench.add_argument_group("--load")
    load.add_argument("--seconds", type=count(1, 3600), default=60,
                      help="how long the learners play")
    load.add_argument("--think", type=float, default=1.0,
                      help="a learner's think time between clicks in seconds")
    store = bench.add_argument_group("--store")
    store.add_argument("--pg-url", metavar="URL",
                       help="also on this PostgreSQL, in a schema made for the run "
                            "(default $CANASTA_TUTOR_TEST_PG_URL)")
    bench.set_defaults(func=lambda args: run(args, bench))


def _chosen(args: argparse.Namespace) -> list[Mode]:
    return [mode for mode in MODES if mode.flag and getattr(args, mode.flag) not in (None, False)]


def _given(args: argparse.Namespace, parser: argparse.ArgumentParser) -> set[str]:
    """Options the command line set (those whose value differs from the parser's default)."""
    return {dest for dest in vars(args)
            if dest not in ("func", "command") and getattr(args, dest) != parser.get_default(dest)}


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Check that the options fit one mode, then run that mode."""
    chosen = _chosen(args)
    if len(chosen) > 1:
        names = ", ".join(f"--{mode.flag}" for mode in chosen)
        print(f"error: bench measures one thing at a time, not {names}", file=sys.stderr)
        return 2
    mode = chosen[0] if chosen else MODES[-1]
    own = {mode.flag, "variant", "json", *mode.options}
    if mode.flag == "against":
        own.add("hands")  # hands per round next to REV's
    stray = sorted(_given(args, parser) - own)
    if stray:
        where = f"--{mode.flag}" if mode.flag else "the engine's speed (no mode flag)"
        names = ", ".join("--" + dest.replace("_", "-") for dest in stray)
        hint = " (they go with --against REV)" if {"rounds", "instructions", "verdicts"} & set(
            stray) else ""
        print(f"error: {names} does not go with {where}{hint}", file=sys.stderr)
        return 2
    if mode.flag == "browser" and args.clicks < 1:  # pragma: no cover - the type refuses it
        print("error: --clicks must be at least 1", file=sys.stderr)
        return 2
    return mode.run(args)
