"""The command line: every command runs, prints what it should, and exits 0 or 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main

DATA = Path(__file__).parent / "data"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_the_verdict_and_its_rule_ids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(DATA / "frozen-pile.json"), "take KH 2C")
    assert code == 0
    assert out.startswith("illegal: take KH 2C")
    assert "C-PILE-3(case=b, card=2D)" in out


def test_check_json_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(DATA / "frozen-pile.json"), "take KH KS", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True
    assert {"rule": "C-PILE-4", "params": {"top": "KD"}} in data["permitting"]


def test_check_compare_judges_under_both_families(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(DATA / "frozen-pile.json"), "take KH KS",
                       "--compare", "modern-american", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"classic-4p", "modern-american"}


@pytest.mark.parametrize("args,message", [
    (["check", "{}", "fly"], "not an action"),
    (["check", "missing.json", "draw"], "missing.json"),
    (["check", '{"turn": 9}', "draw"], "position.turn"),
    (["check", '{"phase": "play", "turn": 0, "hands": ["KH 5S", "", "", ""]}', "discard QC"],
     "not in hand"),
    (["check", '{"phase": "play", "turn": 0, "hands": ["KH", "", "", ""]}', "discard KH"],
     "no legal action"),
    (["rules", "--option", "V-C1"], "ID=VALUE"),
    (["rules", "--option", "V-C1=nine"], "V-C1"),
])
def test_malformed_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                               args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_score_itemizes_ce1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(DATA / "ce1.json"))
    assert code == 0
    assert "total 1235" in out and "total 175" in out
    assert "C-MELD-6(kind=natural)" in out


def test_score_json_and_compare(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(DATA / "ce1.json"), "--json", "--compare",
                       "modern-american")
    data = json.loads(out)
    assert code == 0
    assert [s["total"] for s in data["classic-4p"]["sides"]] == [1235, 175]
    assert "modern-american" in data


def test_play_prints_a_readable_transcript(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "--variant", "classic-2p", "--seed", "3", "--hands", "1",
                       "--record", str(record))
    assert code == 0
    assert "Hand 1: dealer seat" in out and "Hand 1 ends:" in out
    assert json.loads(record.read_text())["format"] == "canasta-record/1"


def test_play_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--variant", "classic-4p", "--seed", "1")
    assert code == 0 and "Game over after" in out


def test_rules_lists_ids_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--variant", "classic-2p", "--json")
    data = json.loads(out)
    assert code == 0
    assert "C2-4" in data["rule_ids"] and "C3-8" not in data["rule_ids"]
    assert data["options"]["V-C10"] == "5000"


def test_bench_prints_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--hands", "2", "--variant", "classic-4p", "--json")
    (figures,) = json.loads(out)
    assert code == 0 and figures["preset"] == "classic-4p" and figures["hands_per_second"] > 0


def test_python_dash_m_tutor_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "tutor", "rules"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0 and "C-PILE-5" in done.stdout
