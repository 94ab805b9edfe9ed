"""``bench``'s option check: one mode at a time, and an option of another mode is refused in one
line instead of being ignored (a run of the wrong figure would look like a result)."""

from __future__ import annotations

import pytest

from tutor import cli


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(["bench", *argv])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("argv", "named"), [
    (("--clicks", "5"), "--clicks"),
    (("--players", "--clicks", "5"), "--clicks"),
    (("--browser", "--games", "3"), "--games"),
    (("--app", "--hands", "3"), "--hands"),
    (("--store", "--seconds", "5"), "--seconds"),
])
def test_an_option_of_another_mode_is_refused(capsys: pytest.CaptureFixture[str],
                                              argv: tuple[str, ...], named: str) -> None:
    code, err = _run(capsys, *argv)
    assert code == 2 and named in err and err.count("\n") == 1


def test_two_modes_at_once_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "--players", "--app")
    assert code == 2 and "--players" in err and "--app" in err


def test_the_engine_mode_runs_with_its_own_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--hands", "1", "--variant", "classic-2p", "--json"]) == 0
    assert '"preset": "classic-2p"' in capsys.readouterr().out
