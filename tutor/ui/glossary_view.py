"""Lesson texts with their Canasta terms explained: a term is underlined and says its meaning
when pointed at, and "Words in this step" lists each one (a tap opens it on a phone), with a
small picture where a picture says it better."""

from __future__ import annotations

from html import escape

import streamlit as st

from tutor.engine.cards import parse_cards
from tutor.i18n import N_, Translator
from tutor.ui.cards import cards_html
from tutor.words.glossary import Term, local_name, matches, meaning, used_in

WORDS = N_("Words in this step")
# Pictures for the terms a picture explains best (cards in notation: data, never shown as text).
PICTURES = {
    "joker": "JK",
    "meld": "KH KS KD",
    "natural card": "4H 9S KD AC",
    "stop card": "3C",
    "natural canasta": "KH KD KS KC KH KD KS",
    "mixed canasta": "9H 9D 9S 9C 9H 2C JK",
    "frozen pile": "2D KD",
    "red three": "3H 3D",
    "black three": "3C 3S",
    "wild card": "JK 2C 2H",
    "natural pair": "KH KS",
}


def marked(text: str, tr: Translator) -> str:
    """The text as HTML-safe Markdown with the first use of each glossary term wrapped in an
    ``<abbr>`` that says its meaning (the same matches as the list of words in the step)."""
    parts: list[str] = []
    seen: set[str] = set()
    last = 0
    for found, term in matches(text, tr.lang):
        parts.append(escape(text[last:found.start()], quote=False))
        word = escape(found[0], quote=False)
        if term.key in seen:
            parts.append(word)
        else:
            seen.add(term.key)
            parts.append(f'<abbr title="{escape(meaning(term, tr))}">{word}</abbr>')
        last = found.end()
    parts.append(escape(text[last:], quote=False))
    return "".join(parts)


def lesson_text(text: str, tr: Translator, *, key: str) -> None:
    """A lesson text with its terms marked, and the list of the words it uses."""
    st.markdown(marked(text, tr), unsafe_allow_html=True)
    found = used_in(text, tr.lang)
    if found:
        with st.popover(tr.gettext(WORDS), icon=":material/menu_book:", key=key):
            for term in found:
                explain(term, tr)


def explain(term: Term, tr: Translator) -> None:
    st.markdown(f"**{escape(local_name(term, tr.lang))}**: {escape(meaning(term, tr))}")
    if term.key in PICTURES:
        st.markdown(cards_html(list(parse_cards(PICTURES[term.key])), tr, width=30,
                               highlight=term.key == "frozen pile"), unsafe_allow_html=True)
