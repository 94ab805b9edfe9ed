"""``python -m tutor``: check a move, score a hand, play a game, list the rules, benchmark.

Exit status: 0 for any verdict (legal or not), 2 for malformed input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tutor.bots import BOTS
from tutor.engine import Action, TutorError, apply, judge, rule_set
from tutor.engine.actions import NextHand
from tutor.engine.compare import judge_both, score_both
from tutor.engine.records import GameRecord, dumps_record, loads_position
from tutor.engine.rule_ids import rule_ids_for
from tutor.engine.rules import PRESET_NAMES, RuleSet, parse_option
from tutor.engine.scoring import HandScore, score_hand, tallies_from_json
from tutor.engine.state import EndReason, GameState, Phase
from tutor.engine.verdict import Verdict
from tutor.engine.view import observe
from tutor.i18n import LANGUAGES


class InputError(Exception):
    """Malformed command-line input (exit status 2)."""


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror}") from None


def _rules(variant: str, options: Sequence[str]) -> RuleSet:
    return rule_set(variant, dict(parse_option(o) for o in options))


def _position(arg: str) -> GameState:
    text = arg if arg.lstrip().startswith("{") else _read(arg)
    return loads_position(text)


# ----- check -----------------------------------------------------------------------------------


def format_verdict(verdict: Verdict) -> str:
    lines = [f"{'legal' if verdict.legal else 'illegal'}: {verdict.action}"]
    if verdict.legal:
        lines += [f"  permitted by {reason}" for reason in verdict.permitting]
    else:
        lines += [f"  forbidden by {reason}" for reason in verdict.forbidding]
    return "\n".join(lines)


def cmd_check(args: argparse.Namespace) -> int:
    state = _position(args.position)
    action = Action.parse(args.action)
    verdict = judge(state, action, seat=args.seat)
    other: Verdict | None = None
    if args.compare:
        other = judge_both(state, action, rule_set(args.compare), seat=args.seat).verdicts[1]
    if args.json:
        out: dict[str, Any] = {state.rules.name: _verdict_json(verdict, args.lang)}
        if other is not None:
            out[args.compare] = _verdict_json(other, args.lang)
        print(
            json.dumps(
                out if other is not None else out[state.rules.name], indent=1, ensure_ascii=False
            )
        )
        return 0
    for name, shown in ((state.rules.name, verdict), (args.compare, other)):
        if shown is None:
            continue
        if other is not None:
            print(f"[{name}]")
        print(format_verdict(shown))
        if args.lang:
            print(_explained(shown, args.lang))
    return 0


def _verdict_json(verdict: Verdict, lang: str | None) -> dict[str, Any]:
    data = verdict.to_json()
    if lang:
        from tutor.explain import explain_verdict
        from tutor.i18n import translator

        explanation = explain_verdict(verdict, translator(lang))
        data["explanation"] = {
            "headline": explanation.headline,
            "reasons": list(explanation.reasons),
        }
    return data


def _explained(verdict: Verdict, lang: str) -> str:
    from tutor.explain import explain_verdict
    from tutor.i18n import translator

    explanation = explain_verdict(verdict, translator(lang))
    return "\n".join([explanation.headline, *(f"  - {r}" for r in explanation.reasons)])


# ----- score -----------------------------------------------------------------------------------


def format_score(score: HandScore, rules: RuleSet, lang: str | None = None) -> str:
    labels: list[list[str]] = []
    if lang:
        from tutor.explain import explain_score
        from tutor.i18n import translator

        labels = [[line.label for line in side] for side in explain_score(score, translator(lang))]
    lines = []
    for index, side in enumerate(score.sides):
        names = "+".join(f"seat {s}" for s in side.seats)
        lines.append(f"{names}:")
        for row, item in enumerate(side.items):
            who = f" (seat {item.seat} only)" if item.seat is not None else ""
            label = f"  {labels[index][row]}" if labels else ""
            lines.append(f"  {item.points:>+7}  {item.kind:<13} {item.reason}{who}{label}")
        if len(side.seats) > 1 and any(i.seat is not None for i in side.items):
            credits = ", ".join(f"seat {s}: {side.credit(s)}" for s in side.seats)
            lines.append(f"  total {side.total} (credited {credits})")
        else:
            lines.append(f"  total {side.total}")
    return "\n".join(lines)


def cmd_score(args: argparse.Namespace) -> int:
    try:
        data = json.loads(_read(args.file))
    except json.JSONDecodeError as exc:
        raise InputError(f"{args.file}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise InputError(f"{args.file}: expected a JSON object")
    rules = RuleSet.from_json(data.get("rules", {"preset": "classic-4p"}))
    tallies = tallies_from_json(data, rules.players)
    score = score_hand(rules, tallies)
    other = score_both(rules, rule_set(args.compare), tallies)[1] if args.compare else None
    if args.json:
        out = {rules.name: score.to_json()}
        if other is not None:
            out[args.compare] = other.to_json()
        print(json.dumps(out, indent=1))
        return 0
    print(f"[{rules.name}]")
    print(format_score(score, rules, args.lang))
    if other is not None:
        print(f"[{args.compare}]")
        print(format_score(other, rule_set(args.compare), args.lang))
    return 0


# ----- play ------------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args.variant, args.option)
    kinds = args.players.split(",")
    if any(kind not in BOTS for kind in kinds):
        raise InputError(f"--players: choose from {', '.join(BOTS)}")
    players = [
        BOTS[kinds[seat % len(kinds)]](args.seed * 10 + seat) for seat in range(rules.players)
    ]
    record = GameRecord.new(rules, seed=args.seed)
    state = record.start
    print(
        f"{rules.name}, seed {args.seed}: "
        + ", ".join(f"seat {s} {p.name}" for s, p in enumerate(players))
    )
    hands_played = 0
    print(_hand_header(state))
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.HAND_OVER:
            hands_played += 1
            if args.hands and hands_played >= args.hands:
                break
            action: Action = NextHand()
        else:
            action = players[state.actor].decide(observe(state, state.actor)).action
        before = state
        verdict = judge(state, action)
        state = apply(state, action)
        record = record.then(before, action)
        if isinstance(action, NextHand):
            print(_hand_header(state))
            continue
        print(_transcript_line(before, state, verdict))
        if state.hand_over:
            print(_hand_footer(state))
    if state.phase is Phase.GAME_OVER:
        winner = max(range(rules.players), key=lambda s: state.scores[s])
        print(
            f"Game over after {state.hand_number + 1} hands: seat {winner} wins "
            f"with {state.scores[winner]}."
        )
    if args.record:
        Path(args.record).write_text(dumps_record(record), encoding="utf-8")
    return 0


def _hand_header(state: GameState) -> str:
    top = f", upcard {state.pile_top}" if state.pile_top else ""
    return (
        f"\nHand {state.hand_number + 1}: dealer seat {state.dealer}{top}, "
        f"scores {list(state.scores)}"
    )


def _transcript_line(before: GameState, after: GameState, verdict: Verdict) -> str:
    seat = before.actor
    detail = ""
    if str(verdict.action) == "draw":
        gained = list(after.hands[seat])
        for card in before.hands[seat]:
            if card in gained:
                gained.remove(card)
        laid = after.threes[seat][len(before.threes[seat]) :]
        detail = " -> " + " ".join(str(c) for c in gained)
        if laid:
            detail += " (laid out " + " ".join(str(c) for c in laid) + ")"
    reasons = ", ".join(r.rule for r in verdict.permitting)
    return f"  seat {seat}: {verdict.action}{detail}  [{reasons}]"


def _hand_footer(state: GameState) -> str:
    end = state.end
    assert end is not None
    how = {
        EndReason.WENT_OUT: f"seat {end.seat} went out" + (" concealed" if end.concealed else ""),
        EndReason.STOCK_EXHAUSTED: "the stock ran out",
        EndReason.THREE_LAST: f"seat {end.seat} drew a three as the last stock card",
    }[end.reason]
    score = state.results[-1]
    return (
        f"Hand {state.hand_number + 1} ends: {how}.\n"
        + format_score(score, state.rules)
        + f"\nCumulative: {list(state.scores)}"
    )


# ----- rules -----------------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace) -> int:
    rules = _rules(args.variant, args.option)
    ids = rule_ids_for(rules)
    if args.json:
        print(
            json.dumps(
                {
                    "rules": rules.to_json(),
                    "rule_ids": list(ids),
                    "options": {
                        spec.id: rules.option_value(spec.id) for spec in rules.applicable_options()
                    },
                },
                indent=1,
            )
        )
        return 0
    print(f"{rules.name}: {len(ids)} rules in force")
    print("  " + " ".join(ids))
    print("options:")
    base = rule_set(rules.preset)
    for spec in rules.applicable_options():
        value = rules.option_value(spec.id)
        mark = "" if value == base.option_value(spec.id) else "  (house rule)"
        print(f"  {spec.id:<6} {spec.rule:<10} {value}{mark}   [{' | '.join(spec.values)}]")
    return 0


# ----- bench -----------------------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace) -> int:
    from tutor import bench

    if args.players:
        rows = bench.player_strength(games=args.games, presets=tuple(args.variant or PRESET_NAMES))
        timing = bench.decision_times()
        if args.json:
            print(json.dumps({"matches": rows, **timing}, indent=1))
            return 0
        for row in rows:
            interval = row["ci95"]
            assert isinstance(interval, list)
            print(f"{row['preset']:<16} {row['player']:>8} vs {row['against']:<8} "
                  f"{row['wins']:>4}/{row['games']}  win rate {row['win_rate']:.3f} "
                  f"(95% CI {interval[0]:.3f}-{interval[1]:.3f})  {row['seconds']} s")
        print(f"standard player's decision: median {timing['decision_median_ms']} ms, "
              f"max {timing['decision_max_ms']} ms")
        return 0
    if args.browser:
        from tutor import bench_browser

        if args.clicks < 1:
            print("error: --clicks must be at least 1", file=sys.stderr)
            return 2
        table = bench_browser.browser_figures(clicks=args.clicks)
        print(json.dumps(table, indent=1) if args.json else bench_browser.format_figures(table))
        return 0
    if args.app:
        app = bench.app_figures()
        print(
            json.dumps(app, indent=1)
            if args.json
            else "\n".join(f"{key:<26} {value}" for key, value in app.items())
        )
        return 0
    presets = tuple(args.variant) if args.variant else PRESET_NAMES
    figures = bench.run(hands=args.hands, presets=presets)
    if args.json:
        print(json.dumps(bench.as_json(figures), indent=1))
    else:
        print(bench.format_table(figures))
    return 0


# ----- catalogs --------------------------------------------------------------------------------


def cmd_catalogs(args: argparse.Namespace) -> int:
    from tutor import catalogs

    if args.action == "extract":
        template = catalogs.extract()
        catalogs.write(template, catalogs.TEMPLATE)
        print(f"{catalogs.TEMPLATE}: {len(template)} messages")
        return 0
    if args.action == "update":
        for path in catalogs.update(catalogs.read(catalogs.TEMPLATE)):
            print(f"updated {path}")
        return 0
    problems = catalogs.check_all(fresh=catalogs.extract())
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)" if problems else "catalogs OK")
    return 1 if problems else 0


# ----- lessons ---------------------------------------------------------------------------------


def cmd_lessons(args: argparse.Namespace) -> int:
    from tutor.lessons.load import load_all
    from tutor.lessons.validate import coverage

    if args.action == "check":
        return _check_lessons(args)
    lessons = load_all()
    if args.action == "list":
        for lesson in lessons:
            print(
                f"{lesson.family.value:<8} {lesson.order:>3}  {lesson.id:<32} "
                f"{len(lesson.steps):>2} steps  {lesson.title}"
            )
        return 0
    if args.action == "coverage":
        table = coverage(lessons)
        for rule, where in table.items():
            print(f"{rule:<10} {', '.join(where) if where else '-- not covered'}")
        missing = [rule for rule, where in table.items() if not where]
        print(
            f"{len(table) - len(missing)} of {len(table)} rule ids covered; "
            f"not covered: {' '.join(missing) or 'none'}"
        )
        return 0
    from tutor.i18n import translator
    from tutor.lessons.runner import run_in_terminal

    matches = [lesson for lesson in lessons if lesson.id == args.id]
    if not matches:
        raise InputError(f"no lesson {args.id!r}: see python -m tutor lessons list")
    run_in_terminal(matches[0], translator(args.lang), _ask_line, print, auto=args.auto)
    return 0


def _check_lessons(args: argparse.Namespace) -> int:
    """Every broken lesson file and step in one run: loading, the engine's replay, the template
    and the texts in English and in every catalog's translation. Exit 1 on any problem."""
    from tutor import catalogs
    from tutor.lessons.load import LESSONS_DIR
    from tutor.lessons.validate import check_all

    template = (
        None
        if args.skip_catalog
        else {(str(m.id), m.context) for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    )
    directory = args.dir if args.dir is not None else LESSONS_DIR
    if not directory.is_dir():
        raise InputError(f"no lesson folder {str(directory)!r}")
    report = check_all(directory, template, tuple(LANGUAGES))
    for problem in report.problems:
        print(problem)
    steps = sum(len(lesson.steps) for lesson in report.lessons)
    print(
        f"{len(report.lessons)} lessons, {steps} steps: "
        + (
            f"{len(report.problems)} problem(s)"
            if report.problems
            else "all replay through the engine, texts in words"
        )
    )
    return 1 if report.problems else 0


def _ask_line(prompt: str) -> str:
    try:
        return input(prompt + " ")
    except EOFError:
        return ""


# ----- entry point -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="judge an action in a position")
    check.add_argument("position", help="position JSON file, '-' for stdin, or inline JSON")
    check.add_argument("action", help="action notation, e.g. 'take KS KD' or 'discard 7H'")
    check.add_argument("--seat", type=int, help="the seat attempting the action")
    check.add_argument("--json", action="store_true")
    check.add_argument("--compare", choices=PRESET_NAMES, help="also judge under this preset")
    check.add_argument("--lang", choices=LANGUAGES, help="explain in this language")
    check.set_defaults(func=cmd_check)

    score = sub.add_parser("score", help="itemized end-of-hand score of a tally file")
    score.add_argument("file")
    score.add_argument("--json", action="store_true")
    score.add_argument("--compare", choices=PRESET_NAMES, help="also score under this preset")
    score.add_argument("--lang", choices=LANGUAGES, help="label the items in this language")
    score.set_defaults(func=cmd_score)

    play = sub.add_parser("play", help="a game between computer players, as a transcript")
    play.add_argument("--variant", default="classic-4p", choices=PRESET_NAMES)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--players", default="standard",
                      help="standard, beginner, random, or one per seat: standard,beginner")
    play.add_argument("--hands", type=int, default=0, help="stop after N hands (0: whole game)")
    play.add_argument("--option", action="append", default=[], metavar="ID=VALUE")
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(func=cmd_play)

    rules = sub.add_parser("rules", help="the rule ids and options in force")
    rules.add_argument("--variant", default="classic-4p", choices=PRESET_NAMES)
    rules.add_argument("--option", action="append", default=[], metavar="ID=VALUE")
    rules.add_argument("--json", action="store_true")
    rules.set_defaults(func=cmd_rules)

    bench = sub.add_parser("bench", help="speed figures per preset")
    bench.add_argument("--hands", type=int, default=200)
    bench.add_argument("--variant", action="append", choices=PRESET_NAMES)
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--app", action="store_true", help="script time of a practice click")
    bench.add_argument("--players", action="store_true", help="computer players' win rates")
    bench.add_argument("--browser", action="store_true",
                       help="click times on the card table in Chromium")
    bench.add_argument("--clicks", type=int, default=30, help="clicks per figure (--browser)")
    bench.add_argument("--games", type=int, default=200, help="games per match (--players)")
    bench.set_defaults(func=cmd_bench)
    lessons = sub.add_parser("lessons", help="list, check, run lessons; rule coverage")
    lessons.add_argument("action", choices=["list", "check", "run", "coverage"])
    lessons.add_argument("id", nargs="?", help="the lesson to run")
    lessons.add_argument("--lang", default="en", choices=LANGUAGES)
    lessons.add_argument("--auto", action="store_true", help="answer with the expected moves")
    lessons.add_argument(
        "--skip-catalog",
        action="store_true",
        help="check: do not require the texts in the template yet",
    )
    lessons.add_argument(
        "--dir", type=Path, help="check: the folder of lesson files (default: lessons/)"
    )
    lessons.set_defaults(func=cmd_lessons)

    cats = sub.add_parser("catalogs", help="extract, update or check the gettext catalogs")
    cats.add_argument("action", choices=["extract", "update", "check"])
    cats.set_defaults(func=cmd_catalogs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (TutorError, InputError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
