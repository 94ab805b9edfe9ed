"""Text shown through Streamlit's Markdown: escaped, so a card name, a narration or a quoted
file key is shown as written and never becomes a link, an image or formatting."""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")
# GitHub-flavoured Markdown links bare addresses in text *after* escapes are read
# ("http://…", "www.…", "name@host…"), so backslashes cannot stop it: an invisible zero-width
# space inside each of those openings does.
_BARE_LINK = re.compile(r"(?i)(?<=[a-z])(?=\\:/)|(?<=\bwww)(?=\\\.)|(?<=[a-z0-9])(?=@)"
                        r"|(?<=\bmailto)(?=\\:)|(?<=\bxmpp)(?=\\:)")
_BREAK = "\u200b"


def escape_markdown(text: str) -> str:
    """``text`` with every Markdown-active character backslash-escaped and bare addresses
    broken, so nothing in it is read as Markdown or linked."""
    return _BARE_LINK.sub(_BREAK, _SPECIAL.sub(r"\\\1", text))
