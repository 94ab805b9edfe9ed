"""The learner's key in the browser: a cookie written by a tiny Components v2 element.

Python makes the key (:func:`tutor.store.keys.new_learner_key`) on the first visit, without
asking the store, so a store that is down at the first visit still gives a key that lasts; the
learner's row is made with their first progress. Until then the cookie says the key is new
(``new.KEY``): a key the store does not know is then adopted, while a key that was known and is
gone (forgotten on another tab, another database) starts afresh. The cookie is written on every
session's first run and whenever the key changes, and never cleared because a store failed: only
"forget me" replaces it.

This element has no UI and only writes ``document.cookie`` (``Path=/; SameSite=Lax``, a year,
``Secure`` behind HTTPS), so a reload or a new tab sends it back and the next session reads it
with ``st.context.cookies`` on its first run (see ``notes/card-table-component.md``, "A
learner's identity across reloads"). The JavaScript runs when the element mounts and whenever its
data changes, never on reruns with the same data. The cookie is under 60 bytes: the host's
cookies together must stay under about 8 kB or Streamlit refuses the websocket
(docs/deploy.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutor.store import keys
from tutor.store.errors import MalformedKey

COOKIE = "canasta_tutor_learner"
MAX_AGE = 365 * 24 * 3600  # a year, in seconds
NAME = "canasta_tutor.identity"
NEW = "new."  # the prefix of a key the store may not know yet ('.' is not in a key)

# Multi-line on purpose: a one-line string with "/" is taken for a file path by Streamlit.
_JS = """
export default function ({ data }) {
  const name = String(data.name);
  const value = encodeURIComponent(String(data.value));
  // Behind HTTPS (the deploy/ proxy) the key is never sent over plain HTTP.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const age = Number(data.max_age);
  document.cookie = `${name}=${value}; Path=/; SameSite=Lax; Max-Age=${age}${secure}`;
}
"""

_element = st.components.v2.component(NAME, html="<span hidden></span>\n", js=_JS)


@dataclass(frozen=True)
class SentKey:
    """The key a browser sent, and whether it was still new (maybe unknown to the store)."""

    key: str
    new: bool


def value_of(key: str, new: bool) -> str:
    return NEW + key if new else key


def parse(value: str | None) -> SentKey | None:
    """The cookie's key (None: no cookie, or not a key this app makes)."""
    if not value:
        return None
    new = value.startswith(NEW)
    try:
        return SentKey(keys.learner_key(value[len(NEW):] if new else value), new)
    except MalformedKey:
        return None


def keep(key: str, new: bool, *, again: bool = False) -> None:
    """Write ``key`` into the learner's cookie. Mounted on every run with the same data, it
    costs a few bytes and writes nothing again. ``again``: a second element in the same run
    (in the place of the first), when the key changed after the first was drawn."""
    _element(key="identity-again" if again else "identity",
             data={"name": COOKIE, "value": value_of(key, new), "max_age": MAX_AGE})


def read() -> str | None:
    """The cookie's value this browser sent when the session started (under AppTest a mock:
    None)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # no browser request behind this session (bare mode, AppTest)
        return None
    return value if isinstance(value, str) and value else None
