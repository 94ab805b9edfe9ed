"""Lesson texts with their Canasta terms explained: a term is underlined and says its meaning
when pointed at, and "Words in this step" lists each one (a tap opens it on a phone), with a
small picture where a picture says it better."""

from __future__ import annotations

import re
from html import escape

import streamlit as st

from tutor.engine.cards import parse_cards
from tutor.glossary import Term, local_name, meaning, used_in
from tutor.i18n import N_, Translator
from tutor.ui.cards import cards_html

WORDS = N_("Words in this step")
# Pictures for the terms a picture explains best (cards in notation: data, never shown as text).
PICTURES = {
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
    ``<abbr>`` that says its meaning. One pass over the text, so a meaning is never marked."""
    safe = escape(text, quote=False)
    found = used_in(text, tr.lang)  # longest first: "natural canasta" before "canasta"
    if not found:
        return safe
    names = [re.escape(escape(local_name(term, tr.lang), quote=False)) for term in found]
    pattern = re.compile("|".join(rf"(?<!\w)(?P<t{i}>{name}\w*)" for i, name in
                                  enumerate(names)), re.IGNORECASE)
    marked_terms: set[int] = set()

    def wrap(match: re.Match[str]) -> str:
        index = int(next(name for name, value in match.groupdict().items() if value)[1:])
        if index in marked_terms:
            return match[0]
        marked_terms.add(index)
        return f'<abbr title="{escape(meaning(found[index], tr))}">{match[0]}</abbr>'

    return pattern.sub(wrap, safe)


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
