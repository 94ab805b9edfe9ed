"""The card table: one Streamlit Components v2 element shared by practice and the lessons.

Python builds the table's data (``model.py``) from the learner's view of a position; the
JavaScript draws it, keeps the learner's selection and sends back intents, which ``intents.py``
checks and turns into engine actions. The HTML, CSS and JavaScript ship inside the package
(``assets/``) and are read once at import: no network, no build step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import streamlit as st

ASSETS = resources.files(__package__) / "assets"
NAME = "canasta_tutor.card_table"
INTENT = "intent"  # the trigger the table sets, one per click

_HTML = '<div class="ct-root"></div>\n'
_table = st.components.v2.component(
    NAME,
    html=_HTML,
    css=(ASSETS / "table.css").read_text(encoding="utf-8"),
    js=(ASSETS / "table.js").read_text(encoding="utf-8"),
)


def mount(data: dict[str, Any], *, key: str, on_intent: Callable[[], None]) -> None:
    """Draw the table; ``on_intent`` runs (before the page) when the learner acts on it and
    reads the intent with :func:`sent_intent`.

    The description goes as one JSON string: Streamlit walks nested data value by value, which
    cost about 30 ms a click for the table's few kilobytes (measured in Chromium here), while a
    string passes through untouched."""
    _table(key=key, data={"json": json.dumps(data, ensure_ascii=False, separators=(",", ":"))},
           on_intent_change=on_intent)


def mounted_data(element_json: str) -> Any:
    """The description a mounted table was given, from its element's JSON (for tests)."""
    return json.loads(json.loads(element_json)["json"])


def sent_intent(key: str) -> object:
    """The intent the table with this key sent in this run, or None."""
    value = st.session_state.get(key)
    if value is None:
        return None
    getter = getattr(value, "get", None)
    if callable(getter):
        return getter(INTENT)
    return getattr(value, INTENT, None)
