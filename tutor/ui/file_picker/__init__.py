"""A file picker whose every word is the app's: a small Components v2 element in place of
``st.file_uploader``, whose button ("Browse files" / "Upload") and size line ("Limit 2MB per file
• JSON") Streamlit writes in English whatever the learner's language.

A plain ``<input type="file">`` (keyboard, screen readers and drag and drop as the browser gives
them) under a label in the learner's language; the JavaScript reads the chosen file and sends it
back once, base64-encoded, as a trigger (``file``): a file larger than the limit is not read,
only named, so Python can say so. Python decodes it with :func:`sent_file`; nothing is kept
between runs.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

NAME = "canasta_tutor.file_picker"
TRIGGER = "file"

_HTML = '<div class="fp-root"></div>\n'
_CSS = """
.fp-root label {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem;
  padding: 0.75rem; border: 1px dashed var(--st-border-color, #ccc);
  border-radius: var(--st-base-radius, 0.5rem); font-family: var(--st-font, sans-serif);
  color: var(--st-text-color, #222);
}
.fp-root label.over { border-color: var(--st-primary-color, #1b5e20); }
/* The browser's own button would speak the browser's language: the input is kept (keyboard,
   screen readers, drag and drop) but drawn as the app's button with the app's words. */
.fp-root input {
  position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden;
}
.fp-root .fp-button {
  display: inline-block; padding: 0.25rem 0.75rem; cursor: pointer;
  border: 1px solid var(--st-border-color, #ccc); border-radius: var(--st-base-radius, 0.5rem);
  background: var(--st-background-color, #fff);
}
.fp-root .fp-button:hover { border-color: var(--st-primary-color, #1b5e20); }
.fp-root label:focus-within .fp-button { outline: 2px solid var(--st-primary-color, #1b5e20); }
.fp-root .fp-title { flex-basis: 100%; font-size: 0.9rem; }
.fp-root .fp-note { font-size: 0.8rem; opacity: 0.75; }
"""
# Multi-line on purpose: a one-line string with "/" is taken for a file path by Streamlit.
_JS = """
export default function ({ data, parentElement, setTriggerValue }) {
  const root = parentElement.querySelector(".fp-root");
  root.textContent = "";
  const label = document.createElement("label");
  const title = document.createElement("span");
  title.className = "fp-title";
  title.textContent = String(data.label);
  const input = document.createElement("input");
  input.type = "file";
  input.accept = String(data.accept);
  input.setAttribute("aria-describedby", "fp-note-" + String(data.id));
  const button = document.createElement("span");
  button.className = "fp-button";
  button.setAttribute("aria-hidden", "true");  // the input itself is what is announced
  button.textContent = String(data.button);
  const note = document.createElement("span");
  note.className = "fp-note";
  note.id = "fp-note-" + String(data.id);
  note.textContent = String(data.note);
  label.append(title, input, button, note);
  root.append(label);

  // Send one file: its bytes base64-encoded, or only its name and size when too large.
  function send(file) {
    if (!file) return;
    if (file.size > Number(data.max_bytes)) {
      setTriggerValue("file", { name: file.name, size: file.size, data: null });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result);
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) {
        text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      }
      setTriggerValue("file", { name: file.name, size: file.size, data: btoa(text) });
      input.value = "";  // the same file chosen again is sent again
    };
    reader.readAsArrayBuffer(file);
  }
  input.addEventListener("change", () => send(input.files && input.files[0]));
  label.addEventListener("dragover", (event) => {
    event.preventDefault();
    label.classList.add("over");
  });
  label.addEventListener("dragleave", () => label.classList.remove("over"));
  label.addEventListener("drop", (event) => {
    event.preventDefault();
    label.classList.remove("over");
    send(event.dataTransfer && event.dataTransfer.files[0]);
  });
}
"""

_picker = st.components.v2.component(NAME, html=_HTML, css=_CSS, js=_JS)


@dataclass(frozen=True)
class SentFile:
    """A file the learner chose: its name and bytes (None: larger than the limit, not read)."""

    name: str
    size: int
    data: bytes | None


class BadFile(ValueError):
    """What the browser sent is not a file as the picker sends them (never from the app's own
    JavaScript; a forged message)."""


def pick(label: str, button: str, note: str, *, key: str, accept: str, max_bytes: int,
         on_file: Callable[[], None]) -> None:
    """Draw the picker (``label`` above, ``button`` on the button, ``note`` beside it);
    ``on_file`` runs (before the page) when a file was chosen and reads it with
    :func:`sent_file`."""
    _picker(key=key, data={"label": label, "button": button, "note": note, "accept": accept,
                           "id": key, "max_bytes": max_bytes}, on_file_change=on_file)


def sent_file(key: str, max_bytes: int) -> SentFile | None:
    """The file the picker with this key sent in this run (None: none), checked."""
    value = st.session_state.get(key)
    if value is None:
        return None
    getter = getattr(value, "get", None)
    sent = getter(TRIGGER) if callable(getter) else getattr(value, TRIGGER, None)
    return None if sent is None else read_sent(sent, max_bytes)


def read_sent(sent: Any, max_bytes: int) -> SentFile:
    """The picker's message as a :class:`SentFile` (pure, for tests): :class:`BadFile` for
    anything else, and never more than ``max_bytes`` decoded."""
    if not isinstance(sent, dict):
        raise BadFile("not a file message")
    name, size, data = sent.get("name"), sent.get("size"), sent.get("data")
    if not isinstance(name, str) or not isinstance(size, int) or isinstance(size, bool) \
            or size < 0:
        raise BadFile("a file message needs a name and a size")
    if data is None:
        return SentFile(name[:200], size, None)
    if not isinstance(data, str) or len(data) > (max_bytes + 2) // 3 * 4 + 4:
        return SentFile(name[:200], size, None)  # larger than the limit: not decoded
    try:
        decoded = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise BadFile("the file's content is not base64") from None
    if len(decoded) > max_bytes:
        return SentFile(name[:200], len(decoded), None)
    return SentFile(name[:200], len(decoded), decoded)
