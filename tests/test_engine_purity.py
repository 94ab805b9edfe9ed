"""The engine is a pure library: no Streamlit, no gettext, no babel, no randomness at import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "tutor" / "engine"
FORBIDDEN = {"streamlit", "gettext", "babel", "plotly"}


@pytest.mark.parametrize("module", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_module_imports_no_ui_or_translation(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN, f"{module.name} imports {name}"


def test_public_api_is_complete_without_repeats() -> None:
    import tutor.engine as engine

    assert len(set(engine.__all__)) == len(engine.__all__)
    for name in engine.__all__:
        assert hasattr(engine, name)
