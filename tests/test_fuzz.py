"""Every way in, fuzzed (tutor/devtools/fuzz.py), and each malformed input the reliability
probe found.

A bounded budget per target keeps CI short; ``python -m tutor fuzz --minutes N`` runs the same
targets for longer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tutor.cli import main
from tutor.devtools import fuzz
from tutor.engine import TutorError, legal_actions
from tutor.engine.records import (
    GameRecord,
    loads_position,
    loads_record,
    position_from_json,
    position_to_json,
)

BUDGET = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("target", fuzz.targets(main), ids=lambda t: t.name)
def test_malformed_input_is_accepted_or_refused_with_one_short_line(target: fuzz.Target) -> None:
    @BUDGET
    @given(target.strategy)
    def one(value: Any) -> None:
        fuzz.check(target, value)

    one()


@pytest.mark.parametrize("state_and_record", fuzz.SEEDS, ids=lambda s: s[0].rules.preset)
def test_positions_reached_in_play_load_back_identically(
    state_and_record: tuple[Any, GameRecord],
) -> None:
    state, record = state_and_record
    assert position_from_json(position_to_json(state)) == state
    assert loads_record(json.dumps(record.to_json())).final() == state
    assert state.hand_over or legal_actions(state)


# ----- the probe's examples, one by one --------------------------------------------------------

MALFORMED_POSITIONS = {
    "a 5,000-digit number": b'{"seed": ' + b"9" * 5000 + b"}",
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "not UTF-8": b'{"pile": "KH\xff"}',
    "turn_info a number": b'{"phase": "play", "turn_info": 5}',
    "turn_info.new_ranks a number": b'{"phase": "play", "turn_info": {"new_ranks": 7}}',
    "end a list": b'{"phase": "hand_over", "end": [1]}',
    "end.seat a word": b'{"end": {"reason": "went-out", "seat": "x"}}',
    "sides of numbers": b'{"sides": [1, 2]}',
    "melds a number": b'{"sides": [{"seats": [0, 2], "melds": 5}, {"seats": [1, 3]}]}',
    "stacked decks that are not decks": b'{"decks": ["KH KH"]}',
    "lone_hand 7": b'{"rules": {"preset": "classic-3p"}, "lone_hand": 7}',
    "lone_hand outside classic-3p": b'{"lone_hand": 0}',
    "a two-card meld": b'{"sides": [["KH KS"], []]}',
    "an all-wild meld in Classic": b'{"sides": [["2C 2D JK"], []]}',
    "a meld with four KC": b'{"sides": [["KC KC KC KC"], []]}',
    "two melds of kings": b'{"sides": [["KC KC KD", "KH KH KS"], []]}',
    "a black three laid out": b'{"threes": ["3S", "", "", ""]}',
    "a float for a score": b'{"scores": [1.5, 0, 0, 0]}',
    "a huge score": b'{"scores": [100000000000, 0, 0, 0]}',
    "an unknown 10 MB key": b'{"' + b"k" * 10_000_000 + b'": 1}',
    "a player with nothing to do": b'{"phase": "play", "turn": 0, "hands": ["KH", "", "", ""]}',
}


@pytest.mark.parametrize("raw", MALFORMED_POSITIONS.values(), ids=MALFORMED_POSITIONS.keys())
def test_each_malformed_position_is_one_short_error(raw: bytes) -> None:
    with pytest.raises(TutorError) as info:
        loads_position(raw)
    message = str(info.value)
    assert message.startswith("position") and "\n" not in message
    assert len(message) < 300


MALFORMED_RECORDS = {
    "moves a float": {"format": "canasta-record/1", "moves": 1.5},
    "a move without a seat": {"format": "canasta-record/1", "moves": [{"action": "draw"}]},
    "a seat that does not exist": {"format": "canasta-record/1",
                                   "moves": [{"seat": 9, "action": "draw"}]},
    "a move by the wrong seat": {"format": "canasta-record/1",
                                 "moves": [{"seat": 3, "action": "draw"}]},
    "an action that is a list": {"format": "canasta-record/1",
                                 "moves": [{"seat": 1, "action": ["draw"]}]},
}


@pytest.mark.parametrize("data", MALFORMED_RECORDS.values(), ids=MALFORMED_RECORDS.keys())
def test_each_malformed_record_is_one_short_error(data: dict[str, Any]) -> None:
    with pytest.raises(TutorError, match=r"^record"):
        loads_record(json.dumps(data)).final()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args,message", [
    (["bench", "--hands", "0"], "--hands"),
    (["bench", "--hands", "-5"], "--hands"),
    (["bench", "--games", "x"], "--games"),
    (["play", "--seed", "²"], "--seed"),
    (["play", "--hands", "9" * 5000], "--hands"),
    (["play", "--record", "/nonexistent/dir/r.json"], "does not exist"),
    (["check", "{}", "draw", "--seat", "7"], "--seat"),
    (["check", '{"rules": {"preset": "classic-2p"}}', "draw", "--seat", "3"], "seats 0 to 1"),
    (["check", "{}", "x" * 100_000], "not an action"),
    (["check", "{" + '"' + "k" * 10_000_000 + '": 1}', "draw"], "too large"),
    (["check", "{" + '"' + "k" * 100_000 + '": 1}', "draw"], "unknown key"),
])
def test_the_command_line_refuses_in_one_short_line(capsys: pytest.CaptureFixture[str],
                                                    args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err and len(err) < 400


def test_a_position_file_that_is_not_utf8_is_named(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    file = tmp_path / "latin.json"
    file.write_bytes('{"pile": "KH"} é'.encode("latin-1"))
    code, _, err = run(capsys, "check", str(file), "draw")
    assert code == 2 and "not UTF-8" in err


def test_a_score_file_with_fifty_jokers_is_refused(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    file = tmp_path / "score.json"
    file.write_text(json.dumps({"sides": [{"players": [{"seat": 0, "hand": "JK " * 50}]}]}))
    code, _, err = run(capsys, "score", str(file))
    assert code == 2 and "more copies than the 108-card deck holds of JK" in err


def test_a_record_is_written_whole_and_only_after_the_path_was_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    file = tmp_path / "game.json"
    code, _, _ = run(capsys, "play", "--variant", "classic-2p", "--hands", "1", "--seed", "3",
                     "--record", str(file))
    assert code == 0
    assert loads_record(file.read_bytes()).moves
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
