"""The command line: every command runs, prints what it should, and exits 0 or 2."""

from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import MAX_FILE, main

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
    (["lessons", "list", "--dir", "no-such-folder"], "no lesson folder"),
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


# ----- files named on the command line: read within a bound, written only over a regular file --


def tutor(*args: str, stdin: int | None = None, text: bytes | None = None,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m tutor`` in a child with 1 GB of address space and 30 s: a read without bound
    or a wait for ever (opening a FIFO) fails the test (a MemoryError, a timeout), not the
    machine."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([sys.executable, "-m", "tutor", *args], stdin=stdin,
                          input=text.decode() if text is not None else None,
                          capture_output=True, text=True, timeout=30, preexec_fn=limit,
                          cwd=cwd, check=False)


def one_error_line(done: subprocess.CompletedProcess[str], message: str) -> None:
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")
    assert message in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [["score", "/dev/zero"], ["check", "/dev/zero", "draw"]])
def test_an_endless_device_is_refused_at_once(args: list[str]) -> None:
    one_error_line(tutor(*args), "'/dev/zero': is a device, not a regular file")


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_standard_input_is_read_only_up_to_the_bound(name: str) -> None:
    with open("/dev/zero", "rb") as endless:
        done = tutor("score", name, stdin=endless.fileno())
    one_error_line(done, f"standard input: more than {MAX_FILE:,} bytes is too large")


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_a_tally_piped_to_standard_input_is_scored(name: str) -> None:
    done = tutor("score", name, text=(DATA / "ce1.json").read_bytes())
    assert done.returncode == 0 and "total 1235" in done.stdout


@pytest.mark.parametrize("args", [["score", "{}"], ["check", "{}", "draw"]])
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path, args: list[str]) -> None:
    fifo = tmp_path / "position.json"
    os.mkfifo(fifo)
    done = tutor(*[str(fifo) if arg == "{}" else arg for arg in args])
    one_error_line(done, "is a FIFO (named pipe), not a regular file (give - to read standard")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_folder_is_refused_as_input(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    code, out, err = run(capsys, "score", str(tmp_path))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "is a folder, not a file" in err


OUTPUTS = {  # the command's arguments before the path it writes
    "play --record": ["play", "--variant", "classic-2p", "--seed", "3", "--hands", "1",
                      "--record"],
    "catalogs render --out": ["catalogs", "render", "--lang", "de", "--out"],
}
BAD_OUTPUTS = {  # a path in the test's folder (see bad_paths), the one error line
    "a folder": ("folder", "'folder': is a folder, not a file"),
    "a folder's name": ("new/", "'new/': names a folder, not a file"),
    "in a missing folder": ("missing/out", "'missing/out': the folder 'missing' does not exist"),
    "in a file": ("target.json/out", "'target.json/out': 'target.json' is not a folder"),
    "a FIFO": ("fifo", "'fifo': is a FIFO (named pipe), not a regular file (only a regular file "
                       "is replaced)"),
    "a symbolic link to a file": ("link", "'link': is a symbolic link (not followed, not "
                                          "replaced: give the file itself)"),
    "a symbolic link to nothing": ("dangling", "'dangling': is a symbolic link"),
    "a symbolic link to a folder": ("link-to-folder", "'link-to-folder': is a symbolic link"),
}


def bad_paths(folder: Path) -> dict[str, object]:
    """A FIFO, an empty folder, symbolic links to a file, to nothing and to the folder; what
    each is (to see afterwards that none was replaced, followed or written into)."""
    os.mkfifo(folder / "fifo")
    (folder / "folder").mkdir()
    (folder / "target.json").write_text("the file the link points to")
    (folder / "link").symlink_to("target.json")
    (folder / "dangling").symlink_to("nowhere.json")
    (folder / "link-to-folder").symlink_to("folder")
    return what_is_there(folder)


def what_is_there(folder: Path) -> dict[str, object]:
    return {
        path.name: os.readlink(path) if path.is_symlink()
        else "FIFO" if stat.S_ISFIFO(path.lstat().st_mode)
        else sorted(path.iterdir()) if path.is_dir()
        else path.read_text()
        for path in folder.iterdir()
    }


@pytest.mark.parametrize("command", OUTPUTS.values(), ids=OUTPUTS.keys())
@pytest.mark.parametrize("path,message", BAD_OUTPUTS.values(), ids=BAD_OUTPUTS.keys())
def test_an_output_path_is_checked_first_and_only_a_regular_file_replaced(
    tmp_path: Path, command: list[str], path: str, message: str,
) -> None:
    before = bad_paths(tmp_path)
    done = tutor(*command, path, cwd=tmp_path)  # short paths: the messages quote them whole
    one_error_line(done, message)  # refused before the work: no transcript, no page
    assert done.stderr.startswith(f"error: {message}")
    assert what_is_there(tmp_path) == before


@pytest.mark.parametrize("command", OUTPUTS.values(), ids=OUTPUTS.keys())
def test_an_existing_file_is_replaced_whole_keeping_its_permissions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str],
) -> None:
    file = tmp_path / "old"
    file.write_text("the last run's")
    file.chmod(0o640)
    code, _, _ = run(capsys, *command, str(file))
    assert code == 0
    text = file.read_text()
    assert text.startswith(("<!doctype html>", "{")) and "the last run's" not in text
    assert stat.S_IMODE(file.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["old"]  # no temporary file left
