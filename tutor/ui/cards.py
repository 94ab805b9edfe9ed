"""Cards drawn by the app itself as SVG: readable at a glance, with a text label for screen readers.

A pure function of the card, the learner's language (for the label) and the four-colour option;
no downloaded images.
"""

from __future__ import annotations

import base64
from functools import lru_cache
from html import escape

from tutor.engine.cards import Card, Suit
from tutor.i18n import Translator
from tutor.words.explain import card_name

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
TWO_COLOURS = {
    Suit.CLUBS: "#1a1a1a",
    Suit.DIAMONDS: "#c62828",
    Suit.HEARTS: "#c62828",
    Suit.SPADES: "#1a1a1a",
}
FOUR_COLOURS = {
    Suit.CLUBS: "#1b7a1b",
    Suit.DIAMONDS: "#1565c0",
    Suit.HEARTS: "#c62828",
    Suit.SPADES: "#1a1a1a",
}


def card_svg(
    card: Card,
    tr: Translator,
    *,
    four_colour: bool = False,
    width: int = 54,
    highlight: bool = False,
) -> str:
    """One card face as an inline SVG element with role=img and a spoken name."""
    height = round(width * 1.4)
    name = escape(card_name(card, tr))
    if card.suit is None:
        colour, rank, suit = "#6a1b9a", "JK", "★"
    else:
        colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
        rank, suit = card.rank.symbol, SUIT_SYMBOLS[card.suit]
    border = "#f9a825" if highlight else "#555"
    stroke = 3 if highlight else 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{name}" '
        f'width="{width}" height="{height}" viewBox="0 0 50 70" style="margin:2px">'
        f"<title>{name}</title>"
        f'<rect x="1.5" y="1.5" width="47" height="67" rx="5" fill="#fff" stroke="{border}" '
        f'stroke-width="{stroke}"/>'
        f'<text x="5" y="17" font-size="14" font-weight="bold" fill="{colour}" '
        f'font-family="sans-serif">{rank}</text>'
        f'<text x="25" y="50" font-size="24" text-anchor="middle" fill="{colour}" '
        f'font-family="sans-serif">{suit}</text>'
        "</svg>"
    )


def as_img(svg: str, alt: str) -> str:
    """An ``<img>`` with the SVG as a data URI: it survives HTML sanitising, and ``alt`` is what
    a screen reader says."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}" '
        f'title="{escape(alt)}" style="margin:2px">'
    )


@lru_cache(maxsize=4096)
def card_img(
    card: Card, tr: Translator, four_colour: bool, width: int, highlight: bool = False
) -> str:
    """One card as an ``<img>``; cached, since a page shows the same few cards every run."""
    svg = card_svg(card, tr, four_colour=four_colour, width=width, highlight=highlight)
    return as_img(svg, card_name(card, tr))


def cards_html(
    cards: tuple[Card, ...] | list[Card],
    tr: Translator,
    *,
    four_colour: bool = False,
    width: int = 54,
    label: str = "",
    highlight: bool = False,
) -> str:
    faces = "".join(card_img(c, tr, four_colour, width, highlight) for c in cards)
    aria = f' aria-label="{escape(label)}"' if label else ""
    return f'<div role="group"{aria} style="display:flex;flex-wrap:wrap">{faces}</div>'
