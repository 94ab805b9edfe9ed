"""The README's and the engine's examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import tutor.engine
import tutor.engine.rules

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("module", [tutor.engine, tutor.engine.rules])
def test_module_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
