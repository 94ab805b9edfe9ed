"""The learner's key in the browser: a cookie written by a tiny Components v2 element.

Python makes the key (tutor.store); this element has no UI and only writes ``document.cookie``
(``Path=/; SameSite=Lax``, a year), so a reload or a new tab sends it back and the next session
reads it with ``st.context.cookies`` on its first run (see
``notes/card-table-component.md``, "A learner's identity across reloads"). The JavaScript runs
when the element mounts and whenever its data changes, never on reruns with the same data.
"""

from __future__ import annotations

import streamlit as st

COOKIE = "canasta_tutor_learner"
MAX_AGE = 365 * 24 * 3600  # a year, in seconds
NAME = "canasta_tutor.identity"

# Multi-line on purpose: a one-line string with "/" is taken for a file path by Streamlit.
_JS = """
export default function ({ data }) {
  const name = String(data.name);
  const value = data.value ? encodeURIComponent(String(data.value)) : "";
  const age = data.value ? Number(data.max_age) : 0;
  // Behind HTTPS (the deploy/ proxy) the key is never sent over plain HTTP.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${value}; Path=/; SameSite=Lax; Max-Age=${age}${secure}`;
}
"""

_element = st.components.v2.component(NAME, html="<span hidden></span>\n", js=_JS)


def keep(key: str | None) -> None:
    """Write ``key`` into the learner's cookie (None: clear it). Mounted on every run with the
    same data, it costs a few bytes and writes nothing again."""
    _element(key="identity", data={"name": COOKIE, "value": key or "", "max_age": MAX_AGE})


def read() -> str | None:
    """The key this browser sent when the session started (under AppTest a mock: None)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # no browser request behind this session (bare mode, AppTest)
        return None
    return value if isinstance(value, str) and value else None
