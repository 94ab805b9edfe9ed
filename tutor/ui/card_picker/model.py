"""What the card picker is given and what its picks mean: plain Python, tested without a
browser.

The picker shows every face of the two decks (53: the 52 cards and the joker) with the copies
the decks hold, and the places picked cards go: each side's melds, and each player's threes laid
out and cards left in hand. Its state is the picks, ``{"melds": {side: [[code, ...], ...]},
"fields": {field: [code, ...]}}`` with cards in notation (data between Python and the browser,
never shown). :func:`picked_sides` turns them into the score calculator's sides; a code that is
no card (a forged message) is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import DECK_COUNTS, Card, Rank, Suit
from tutor.engine.errors import NotationError
from tutor.i18n import N_, Translator
from tutor.ui.cards import FOUR_COLOURS, SUIT_SYMBOLS, TWO_COLOURS
from tutor.words.names import card_name

EMPTY: dict[str, Any] = {"melds": {}, "fields": {}}
# The palette's order: jokers and twos (wild), then aces down to fours, then threes.
RANK_ORDER = (Rank.JOKER, Rank.TWO, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
              Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE)
SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

# Translators: a place of the card picker: one meld of a side; {number} its number (1, 2, ...).
MELD = N_("Meld {number}")
# Translators: the card picker says where the next card goes; {side} a side ("Your side"),
# {number} the meld's number.
MELD_OF = N_("{side}, meld {number}")
# Translators: a button of the card picker: start another meld.
NEW_MELD = N_("New meld")
# Translators: the spoken name of the card picker's "New meld" button; {side} the side.
NEW_MELD_OF = N_("New meld for {side}")
# Translators: the card picker's line above the cards; {place} where a clicked card goes, e.g.
# "Your side, meld 1" or "Cards left in your partner's hand".
GOES_TO = N_("A card you click goes to: {place}")
# Translators: the spoken name of a card of the card picker; {card} the card ("king of hearts"),
# {left} how many copies are still free.
ADD = N_("{card}: add ({left} left)")
# Translators: the spoken name of a picked card; {card} the card ("king of hearts"), {place}
# where it lies ("Meld 1", "Cards left in your hand").
REMOVE = N_("{card}: take back from {place}")
# Translators: a place of the card picker with no cards yet.
EMPTY_PLACE = N_("no cards yet: click this place, then cards below")
# Translators: a button of the card picker: take every picked card back.
CLEAR = N_("Clear all")
# Translators: the spoken name of the card picker's cards.
PALETTE = N_("The cards of the two decks")


@dataclass(frozen=True, slots=True)
class PickerSide:
    """A side as the picker shows it: its name and its players' places (id, label)."""

    index: int
    name: str
    fields: tuple[tuple[str, str], ...]


def faces() -> tuple[Card, ...]:
    """Every face once, in the palette's order."""
    return tuple(Card.of(rank, None if rank is Rank.JOKER else suit)
                 for rank in RANK_ORDER
                 for suit in ((None,) if rank is Rank.JOKER else SUIT_ORDER))


def picker_data(key: str, sides: Sequence[PickerSide], picked: Mapping[str, Any],
                tr: Translator, *, four_colour: bool = False) -> dict[str, Any]:
    """The picker's description: texts in the learner's language, the faces with their names
    and copies, the places, and the picks Python last saw."""
    _ = tr.gettext
    colours = FOUR_COLOURS if four_colour else TWO_COLOURS
    cards = [{
        "code": str(card), "name": str(card_name(card, tr)),
        "rank": "JK" if card.rank is Rank.JOKER else card.rank.symbol,
        "suit": "★" if card.suit is None else SUIT_SYMBOLS[card.suit],
        "colour": "#6a1b9a" if card.suit is None else colours[card.suit],
        "copies": DECK_COUNTS[card],
    } for card in faces()]
    return {
        "id": key,
        "first": f"meld:{sides[0].index}:0" if sides else "",
        "cards": cards,
        "sides": [{"index": side.index, "name": side.name,
                   "fields": [{"id": fid, "label": label} for fid, label in side.fields]}
                  for side in sides],
        "picked": dict(picked),
        "texts": {"meld": _(MELD), "meld_of": _(MELD_OF), "new_meld": _(NEW_MELD),
                  "new_meld_of": _(NEW_MELD_OF), "goes_to": _(GOES_TO), "add": _(ADD),
                  "remove": _(REMOVE), "empty": _(EMPTY_PLACE), "clear": _(CLEAR),
                  "palette": _(PALETTE)},
    }


def _codes(value: object) -> list[str]:
    """The cards of a list of codes, in notation; anything that is no card is dropped."""
    if not isinstance(value, list):
        return []
    found = []
    for code in value[:108]:
        try:
            found.append(str(Card.parse(str(code))))
        except NotationError:
            continue
    return found


def picked_melds(picked: Mapping[str, Any], side: int) -> list[list[str]]:
    """A side's picked melds that hold cards, each a list of codes."""
    melds = picked.get("melds", {})
    raw = melds.get(str(side), []) if isinstance(melds, Mapping) else []
    return [cards for cards in (_codes(meld) for meld in raw[:20]) if cards] if isinstance(
        raw, list) else []


def picked_field(picked: Mapping[str, Any], field: str) -> list[str]:
    fields = picked.get("fields", {})
    return _codes(fields.get(field)) if isinstance(fields, Mapping) else []


def picked_sides(picked: Mapping[str, Any], side_seats: Sequence[Sequence[int]]
                 ) -> list[dict[str, Any]]:
    """The picks as the calculator's sides (the tally format of docs/formats.md, without the
    went-out flags, which the page adds)."""
    return [{"melds": [" ".join(meld) for meld in picked_melds(picked, index)],
             "players": [{"seat": seat, "hand": " ".join(picked_field(picked, f"h{seat}")),
                          "threes": " ".join(picked_field(picked, f"t{seat}"))}
                         for seat in seats]}
            for index, seats in enumerate(side_seats)]
