"""Text shown through Streamlit's Markdown: escaped, so a card name, a narration or a quoted
file key is shown as written and never becomes a link, an image or formatting."""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def escape_markdown(text: str) -> str:
    """``text`` with every Markdown-active character backslash-escaped."""
    return _SPECIAL.sub(r"\\\1", text)
