"""``python -m tutor``: check a move, score a hand, play a game, list the rules, benchmark.

Exit status: 0 for any verdict (legal or not), 2 for malformed input (one line on stderr).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from tutor.devtools import bench_cli
from tutor.engine import Action, TutorError, apply, judge, rule_set
from tutor.engine.actions import NextHand
from tutor.engine.compare import judge_both, score_both
from tutor.engine.inputs import read_json, shown, whole_number_text
from tutor.engine.records import GameRecord, dumps_record, loads_position
from tutor.engine.rule_ids import rule_ids_for
from tutor.engine.rules import PRESET_NAMES, RuleSet, parse_option
from tutor.engine.scoring import HandScore, score_hand, tallies_from_json
from tutor.engine.state import EndReason, GameState, Phase
from tutor.engine.verdict import Verdict
from tutor.engine.view import observe
from tutor.i18n import LANGUAGES
from tutor.play.bots import BOTS


class InputError(Exception):
    """Malformed command-line input (exit status 2)."""


MAX_FILE = 8_000_000  # bytes of a position, record or score file
MAX_MESSAGE = 300  # characters of an error line: a message quoting input never floods stderr


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (exit 2), like every other input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {_one_line(message)} (see {self.prog} --help)\n")


def _one_line(message: object) -> str:
    text = " ".join(str(message).split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def _count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            return whole_number_text(text, "value", low=low, high=high)
        except TutorError as exc:
            raise argparse.ArgumentTypeError(str(exc).removeprefix("value: ")) from None

    parse.__name__ = f"whole number from {low} to {high}"
    return parse


STDIN = ("-", "/dev/stdin")  # names of standard input, read as it is (a pipe, a terminal)
# Opening a FIFO that no program writes to would wait forever: opened without waiting, it is
# refused like any file that is not a regular one.
_OPEN_INPUT = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def _not_regular(mode: int) -> str | None:
    """What a file that is not a regular file is, for a message (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISLNK(mode):
        return "is a symbolic link"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe), not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    return "is not a regular file"


def _bounded(file: BinaryIO, where: str) -> bytes:
    """At most :data:`MAX_FILE` bytes, bounded by reading: a size the system reports (0 for
    ``/dev/zero``, a pipe or a ``/proc`` file) is never trusted."""
    data = file.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise InputError(f"{where}: more than {MAX_FILE:,} bytes is too large a file")
    return data


def _read(path: str) -> bytes:
    """A file's bytes (decoded, bounded and parsed by :func:`read_json`); a missing, unreadable
    or far too large file, or one that is not a regular file (a folder, a FIFO, a device), is an
    input error naming the file. ``-`` (or ``/dev/stdin``) is standard input."""
    if path in STDIN:
        if sys.stdin is None:
            raise InputError("standard input: closed")
        try:
            return _bounded(sys.stdin.buffer, "standard input")
        except OSError as exc:
            raise InputError(f"standard input: {exc.strerror or exc}") from None
    where = shown(path, 80)
    try:
        # Before opening (a FIFO or a socket is not even opened), and again on the file opened
        # (in case another took its place meanwhile).
        problem = _not_regular(os.stat(path).st_mode)
        if problem is None:
            descriptor = os.open(path, _OPEN_INPUT)
            try:
                problem = _not_regular(os.fstat(descriptor).st_mode)
                if problem is None:
                    with os.fdopen(descriptor, "rb", closefd=False) as file:
                        return _bounded(file, where)
            finally:
                os.close(descriptor)
    except OSError as exc:
        raise InputError(f"{where}: {exc.strerror or exc}") from None
    except ValueError as exc:  # e.g. a NUL byte in the path
        raise InputError(f"{where}: not a file name ({exc})") from None
    hint = " (give - to read standard input)" if "FIFO" in str(problem) else ""
    raise InputError(f"{where}: {problem}{hint}")


def _rules(variant: str, options: Sequence[str]) -> RuleSet:
    return rule_set(variant, dict(parse_option(o) for o in options))


def _position(arg: str) -> GameState:
    return loads_position(arg if arg.lstrip().startswith("{") else _read(arg))


# ----- check -----------------------------------------------------------------------------------


def format_verdict(verdict: Verdict) -> str:
    lines = [f"{'legal' if verdict.legal else 'illegal'}: {verdict.action}"]
    if verdict.legal:
        lines += [f"  permitted by {reason}" for reason in verdict.permitting]
    else:
        lines += [f"  forbidden by {reason}" for reason in verdict.forbidding]
    return "\n".join(lines)


def cmd_check(args: argparse.Namespace) -> int:
    if args.lang:
        from tutor.i18n import translator

        translator(args.lang)  # a missing catalog is an error before any verdict is printed
    state = _position(args.position)
    if args.seat is not None and args.seat >= state.rules.players:
        raise InputError(f"--seat {args.seat}: {state.rules.preset} has seats 0 to "
                         f"{state.rules.players - 1}")
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
    for name, ruling in ((state.rules.name, verdict), (args.compare, other)):
        if ruling is None:
            continue
        if other is not None:
            print(f"[{name}]")
        print(format_verdict(ruling))
        if args.lang:
            print(_explained(ruling, args.lang))
    return 0


def _verdict_json(verdict: Verdict, lang: str | None) -> dict[str, Any]:
    data = verdict.to_json()
    if lang:
        from tutor.i18n import translator
        from tutor.words.explain import explain_verdict

        explanation = explain_verdict(verdict, translator(lang))
        data["explanation"] = {
            "headline": explanation.headline,
            "reasons": list(explanation.reasons),
        }
    return data


def _explained(verdict: Verdict, lang: str) -> str:
    from tutor.i18n import translator
    from tutor.words.explain import explain_verdict

    explanation = explain_verdict(verdict, translator(lang))
    return "\n".join([explanation.headline, *(f"  - {r}" for r in explanation.reasons)])


# ----- score -----------------------------------------------------------------------------------


def format_score(score: HandScore, rules: RuleSet, lang: str | None = None) -> str:
    labels: list[list[str]] = []
    if lang:
        from tutor.i18n import translator
        from tutor.words.explain import explain_score

        # told from seat 0's chair, as the score calculator tells it
        labels = [[line.label for line in side]
                  for side in explain_score(score, translator(lang), 0, rules.players)]
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
    data = read_json(_read(args.file), shown(args.file, 80))
    if not isinstance(data, dict):
        raise InputError(f"{shown(args.file, 80)}: expected a JSON object")
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
    record_file = _writable(args.record) if args.record is not None else None
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
    if record_file is not None:
        _write_atomically(record_file, dumps_record(record, events=True))
    return 0


def _writable(path: str) -> Path:
    """Check an output path before the work that fills it starts, so nothing is lost: its
    folder exists and is writable, and at the path there is nothing yet or a regular file
    (replaced whole by :func:`_write_atomically`). A folder, a FIFO, a device, a socket or a
    symbolic link (wherever it points) is refused: it is neither followed nor replaced."""
    where = shown(path, 80)
    try:
        file = Path(path)
        if path.endswith(("/", os.sep)) or file.name in ("", ".", ".."):
            raise InputError(f"{where}: names a folder, not a file")
        try:
            mode: int | None = os.lstat(file).st_mode
        except (FileNotFoundError, NotADirectoryError):
            mode = None
        problem = None if mode is None else _not_regular(mode)
        if problem is not None:
            if "symbolic link" in problem:
                problem += " (not followed, not replaced: give the file itself)"
            elif "folder" not in problem:
                problem += " (only a regular file is replaced)"
            raise InputError(f"{where}: {problem}")
        folder = file.parent
        if not folder.is_dir():
            folder_name = shown(str(folder), 80)
            raise InputError(f"{where}: {folder_name} is not a folder" if folder.exists()
                             else f"{where}: the folder {folder_name} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK) or (
            mode is not None and not os.access(file, os.W_OK)
        ):
            raise InputError(f"{where}: not writable")
    except OSError as exc:
        raise InputError(f"{where}: {exc.strerror or exc}") from None
    except ValueError as exc:  # e.g. a NUL byte in the path
        raise InputError(f"{where}: not a file name ({exc})") from None
    return file


def _write_atomically(file: Path, text: str | bytes) -> None:
    """Write beside the target and rename: a reader never sees half a file. The path is checked
    again just before the rename (the work may have taken minutes), so nothing but a regular
    file is ever replaced; a replaced file keeps its permissions, a new one gets the umask's."""
    temporary: str | None = None
    try:
        data = text.encode() if isinstance(text, str) else text
        with tempfile.NamedTemporaryFile(
            "wb", dir=file.parent, prefix=".tutor-", suffix=".tmp", delete=False,
        ) as out:
            temporary = out.name
            out.write(data)
        _writable(str(file))
        os.chmod(temporary, _mode_for(file))
        os.replace(temporary, file)
        temporary = None
    except OSError as exc:
        raise InputError(f"{shown(str(file), 80)}: {exc.strerror or exc}") from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _mode_for(file: Path) -> int:
    """The permissions of the regular file at ``file``, or a new file's under the umask."""
    try:
        return stat.S_IMODE(os.lstat(file).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


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


# ----- fuzz ------------------------------------------------------------------------------------


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Exit 1 when any target produced a finding (its smallest failing input is printed)."""
    if not 0 < args.minutes <= 24 * 60:
        raise InputError("--minutes: more than 0 and at most 1440")
    try:
        from tutor.devtools import fuzz
    except ImportError as exc:
        raise InputError(f"fuzz needs the test extras (pip install -e '.[test]'): {exc}") from None
    rows = fuzz.fuzz(main, args.minutes, batch=args.batch)
    print(fuzz.format_figures(rows))
    return 1 if any(row.finding for row in rows) else 0


# ----- catalogs --------------------------------------------------------------------------------


def cmd_catalogs(args: argparse.Namespace) -> int:
    from tutor.devtools import catalogs

    if args.action == "extract":
        template = catalogs.extract()
        catalogs.write(template, catalogs.TEMPLATE)
        print(f"{catalogs.TEMPLATE}: {len(template)} messages")
        return 0
    if args.action == "update":
        for path in catalogs.update(catalogs.read(catalogs.TEMPLATE)):
            print(f"updated {path}")
        return 0
    if args.action == "render":
        return _render_catalog(args)
    problems = catalogs.check_all(fresh=catalogs.extract())
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)" if problems else "catalogs OK")
    return 1 if problems else 0


def _render_catalog(args: argparse.Namespace) -> int:
    from tutor.devtools.catalog_render import render_html
    from tutor.i18n import LANGUAGES, translator

    if args.lang is None or args.lang not in LANGUAGES:
        raise InputError(f"catalogs render needs --lang, one of {', '.join(LANGUAGES)}")
    out = _writable(args.out) if args.out is not None else None
    page = render_html(translator(args.lang), LANGUAGES[args.lang])
    if out is None:
        sys.stdout.write(page)
    else:
        _write_atomically(out, page)
        print(f"{args.out}: every sentence in {LANGUAGES[args.lang]}")
    return 0


# ----- lessons ---------------------------------------------------------------------------------


def cmd_lessons(args: argparse.Namespace) -> int:
    """A broken lesson file is one lesson unavailable: the others list, run and count."""
    from tutor.lessons.load import lessons_dir, load_each
    from tutor.lessons.validate import coverage

    if args.dir is not None and not args.dir.is_dir():
        raise InputError(f"--dir: no lesson folder {shown(str(args.dir), 80)}")
    if args.action == "check":
        return _check_lessons(args)
    loaded = load_each(args.dir if args.dir is not None else lessons_dir())
    lessons = loaded.lessons
    if args.action == "list":
        for lesson in lessons:
            print(
                f"{lesson.family.value:<8} {lesson.order:>3}  {lesson.id:<32} "
                f"{len(lesson.steps):>2} steps  {lesson.title}"
            )
        for broken in loaded.broken:
            print(f"unavailable: {broken.file}: {broken.reason}", file=sys.stderr)
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
    unavailable = [item for item in loaded.broken if item.lesson_id == args.id]
    if not matches and unavailable:
        raise InputError(f"lesson {args.id!r} is unavailable: {unavailable[0].reason}")
    if not matches:
        raise InputError(f"no lesson {str(args.id)[:60]!r}: see python -m tutor lessons list")
    run_in_terminal(matches[0], translator(args.lang), _ask_line, print, auto=args.auto)
    return 0


def _check_lessons(args: argparse.Namespace) -> int:
    """Every broken lesson file and step in one run, one line each (``file: where: what``):
    loading, the engine's replay, the template and the texts in English and in every catalog's
    translation. Exit 2 on any problem, like any other malformed input."""
    from tutor.devtools import catalogs
    from tutor.lessons.load import lessons_dir
    from tutor.lessons.validate import check_all

    template = (
        None
        if args.skip_catalog
        else {(str(m.id), m.context) for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    )
    directory = args.dir if args.dir is not None else lessons_dir()
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
    return 2 if report.problems else 0


def _ask_line(prompt: str) -> str:
    try:
        return input(prompt + " ")
    except EOFError:
        return ""


# ----- handout ---------------------------------------------------------------------------------


def cmd_handout(args: argparse.Namespace) -> int:
    """A family's printable rules, comparison and quiz (or, ``--kind checklist``, its one-page
    first-game checklist) as an A4 PDF in a language. The path is
    checked before the work, and the file is written beside it and renamed, like ``--record``."""
    from tutor.handout import first_game, handout

    out = _writable(args.out)
    data = (first_game if args.kind == "checklist" else handout)(args.family, args.lang)
    _write_atomically(out, data)
    what = "first-game checklist" if args.kind == "checklist" else "handout"
    print(f"{args.out}: the {args.family} {what} in {LANGUAGES[args.lang]}, {len(data):,} bytes")
    return 0


# ----- app -------------------------------------------------------------------------------------


def cmd_app(args: argparse.Namespace) -> int:
    """``streamlit run`` on the app inside the installed package, with the app's own Streamlit
    configuration as flags (a ``.streamlit/config.toml`` in the working folder is not the
    app's), then ``--port``/``--address``, then the options after ``--``. Settings, catalogs
    and lessons are checked first, so a broken install says so here and does not start."""
    from tutor.app_server import streamlit_command

    command = streamlit_command(args.port, args.address, args.streamlit_args)
    sys.stdout.flush()
    os.execv(command[0], command)  # the server takes this process's place (signals, PID 1)


# ----- entry point -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m tutor", description=__doc__)
    from tutor import __version__

    parser.add_argument("--version", action="version", version=f"canasta-tutor {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = sub.add_parser("check", help="judge an action in a position")
    check.add_argument("position", help="position JSON file, '-' for stdin, or inline JSON")
    check.add_argument("action", help="action notation, e.g. 'take KS KD' or 'discard 7H'")
    check.add_argument("--seat", type=_count(0, 3), help="the seat attempting the action")
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
    play.add_argument("--seed", type=_count(0, 2**32 - 1), default=0)
    play.add_argument("--players", default="standard",
                      help="standard, beginner, random, or one per seat: standard,beginner")
    play.add_argument("--hands", type=_count(0, 10_000), default=0,
                      help="stop after N hands (0: whole game)")
    play.add_argument("--option", action="append", default=[], metavar="ID=VALUE")
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(func=cmd_play)

    rules = sub.add_parser("rules", help="the rule ids and options in force")
    rules.add_argument("--variant", default="classic-4p", choices=PRESET_NAMES)
    rules.add_argument("--option", action="append", default=[], metavar="ID=VALUE")
    rules.add_argument("--json", action="store_true")
    rules.set_defaults(func=cmd_rules)

    bench_cli.add_parser(sub, _count)
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
        "--dir",
        type=Path,
        help="the folder of lesson files (default: $CANASTA_TUTOR_LESSONS_DIR or lessons/)",
    )
    lessons.set_defaults(func=cmd_lessons)

    fuzz = sub.add_parser("fuzz", help="fuzz every way in for a while (needs the test extras)")
    fuzz.add_argument("--minutes", type=float, default=5.0, help="how long (default 5)")
    fuzz.add_argument("--batch", type=_count(10, 100_000), default=200,
                      help="inputs per target before moving on to the next")
    fuzz.set_defaults(func=cmd_fuzz)

    cats = sub.add_parser("catalogs", help="extract, update, check or render the gettext catalogs")
    cats.add_argument("action", choices=["extract", "update", "check", "render"])
    cats.add_argument("--lang", help="render: the language (e.g. de, pt_BR)")
    cats.add_argument("--out", help="render: the HTML file (default: standard output)")
    cats.set_defaults(func=cmd_catalogs)

    handout = sub.add_parser("handout", help="a printable A4 PDF: the rules on one page, the "
                             "families compared and a points quiz, or a first-game checklist")
    handout.add_argument("--family", required=True, choices=["classic", "modern"])
    handout.add_argument("--lang", default="en", choices=LANGUAGES)
    handout.add_argument("--kind", default="rules", choices=["rules", "checklist"],
                         help="rules: the four-page handout (default); checklist: the one-page "
                         "first-game checklist with a score sheet")
    handout.add_argument("-o", "--out", required=True, metavar="FILE.pdf")
    handout.set_defaults(func=cmd_handout)

    app = sub.add_parser("app", help="serve the app (Streamlit) from the installed package",
                         epilog="Other Streamlit options follow --, e.g. "
                                "canasta-tutor app --port 8080 -- --server.maxUploadSize=1")
    app.add_argument("--port", type=_count(1, 65535), default=8501)
    app.add_argument("--address", help="the address to listen on (default: every interface)")
    app.add_argument("streamlit_args", nargs="*", metavar="STREAMLIT_OPTION",
                     help="after --: passed to streamlit run, e.g. --server.baseUrlPath=tutor")
    app.set_defaults(func=cmd_app)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (TutorError, InputError) as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 2
