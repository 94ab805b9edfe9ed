"""The card picker: cards chosen by clicking, for the score calculator (a Components v2 element
of its own; the card table is for playing, this is for telling a hand's end).

Python describes the faces and the places (``model.py``); the JavaScript draws them, keeps the
picks in the browser and sends them whole as the state ``picked`` after each click, which
reruns the page with the new score. The CSS and JavaScript ship inside the package and are read
once at import: no network, no build step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

import streamlit as st

NAME = "canasta_tutor.card_picker"
STATE = "picked"
_FILES = resources.files(__package__)
_picker = st.components.v2.component(
    NAME,
    html='<div class="cp-root"></div>\n',
    css=(_FILES / "picker.css").read_text(encoding="utf-8"),
    js=(_FILES / "picker.js").read_text(encoding="utf-8"),
)


def _ignore() -> None:
    """The picks are read from the session state on the run they cause."""


def mount(data: dict[str, Any], *, key: str, on_change: Callable[[], None] = _ignore) -> None:
    """Draw the picker (its description as one JSON string, as the card table sends its own)."""
    _picker(key=key, data={"json": json.dumps(data, ensure_ascii=False, separators=(",", ":"))},
            default={STATE: {"melds": {}, "fields": {}}}, on_picked_change=on_change)


def picked(key: str) -> Mapping[str, Any]:
    """The picks the picker with this key holds (empty before its first click)."""
    value = st.session_state.get(key)
    getter = getattr(value, "get", None)
    found = getter(STATE) if callable(getter) else getattr(value, STATE, None)
    return found if isinstance(found, Mapping) else {"melds": {}, "fields": {}}


def mounted_data(element_json: str) -> Any:
    """The description a mounted picker was given, from its element's JSON (for tests)."""
    return json.loads(json.loads(element_json)["json"])
