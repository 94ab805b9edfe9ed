"""Cards, the 108-card deck and the card notation.

Notation: rank then suit, ``KH`` (king of hearts), ``10S``, ``2C``, ``3D``; the joker is ``JK``.
Parsing is case-insensitive and accepts ``T`` for ten; printing is canonical (``10S``, ``JK``),
so ``str(Card.parse(text))`` round-trips every canonical text.

Card values are interned: ``Card.parse("KH") is Card.parse("kh")``. Two decks mean two equal
king-of-hearts cards; hands and piles are therefore multisets (tuples), not sets.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tutor.engine.errors import NotationError
from tutor.engine.inputs import shown


class Suit(enum.Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """Ranks ordered for display: naturals low to high, then threes and wild cards."""

    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    THREE = 3
    TWO = 2
    JOKER = 15

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def is_natural(self) -> bool:
        """4 to A are natural ranks (C-SETUP-3, §0.4)."""
        return Rank.FOUR <= self <= Rank.ACE

    @property
    def is_wild(self) -> bool:
        return self in (Rank.TWO, Rank.JOKER)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank symbol (``K``, ``10``, ``T``, ``2``, ``JK``)."""
        key = text.strip().upper()
        if key == "T":
            key = "10"
        for rank, symbol in _RANK_SYMBOLS.items():
            if symbol == key:
                return rank
        raise NotationError(
            f"unknown rank {shown(text)}: expected one of {', '.join(RANK_SYMBOLS)}"
        )


_RANK_SYMBOLS: dict[Rank, str] = {
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.THREE: "3",
    Rank.TWO: "2",
    Rank.JOKER: "JK",
}
RANK_SYMBOLS: tuple[str, ...] = tuple(_RANK_SYMBOLS.values())
NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_natural)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. ``suit`` is ``None`` only for the joker.

    Cards are interned: get them with :meth:`Card.parse` or :meth:`Card.of`, and compare them
    with ``==`` (identity, which is fast). The ``is_*`` flags are computed once per face.
    """

    rank: Rank
    suit: Suit | None
    is_wild: bool = field(init=False, repr=False)
    is_natural: bool = field(init=False, repr=False)
    is_three: bool = field(init=False, repr=False)
    is_red_three: bool = field(init=False, repr=False)
    is_black_three: bool = field(init=False, repr=False)
    text: str = field(init=False, repr=False)  # the canonical notation, as ``str()`` gives it

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise NotationError("a joker has no suit and every other card has one")
        red = self.suit is not None and self.suit.is_red
        three = self.rank is Rank.THREE
        object.__setattr__(self, "is_wild", self.rank in (Rank.TWO, Rank.JOKER))
        object.__setattr__(self, "is_natural", Rank.FOUR <= self.rank <= Rank.ACE)
        object.__setattr__(self, "is_three", three)
        object.__setattr__(self, "is_red_three", three and red)
        object.__setattr__(self, "is_black_three", three and not red)
        text = "JK" if self.suit is None else _RANK_SYMBOLS[self.rank] + self.suit.value
        object.__setattr__(self, "text", text)

    @staticmethod
    def parse(text: str) -> Card:
        """Parse one card in notation, e.g. ``KH``, ``10S``, ``JK``."""
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise NotationError(
                f"not a card: {shown(text)} (write rank then suit, e.g. KH, 10S, 2C, 3D, or JK)"
            )
        return card

    @staticmethod
    def of(rank: Rank, suit: Suit | None) -> Card:
        return _BY_FACE[(rank, suit)]

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _all_faces() -> tuple[Card, ...]:
    faces = [Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit]
    faces.append(Card(Rank.JOKER, None))
    return tuple(faces)


ALL_FACES: tuple[Card, ...] = _all_faces()
_BY_TEXT: dict[str, Card] = {str(card): card for card in ALL_FACES}
_BY_TEXT.update({str(c).replace("10", "T"): c for c in ALL_FACES if c.rank is Rank.TEN})
_BY_TEXT["JO"] = _BY_TEXT["JK"]
JOKER: Card = _BY_TEXT["JK"]
_BY_FACE: dict[tuple[Rank, Suit | None], Card] = {(c.rank, c.suit): c for c in ALL_FACES}

# Sort key: by rank order for display, then suit.
_SORT_KEY: dict[Card, int] = {
    card: i
    for i, card in enumerate(
        sorted(
            ALL_FACES,
            key=lambda c: (
                (0, int(c.rank)) if c.is_natural else (1, [3, 2, 15].index(int(c.rank))),
                c.suit.value if c.suit else "",
            ),
        )
    )
}



@dataclass(frozen=True, slots=True)
class HandRanks:
    """A hand sorted out by kind: the natural cards per rank (in hand order, ranks in order of
    first appearance), the wild cards and the threes. Read-only: :func:`hand_ranks` shares it."""

    naturals: Mapping[Rank, tuple[Card, ...]]
    wilds: tuple[Card, ...]
    threes: tuple[Card, ...]


def hand_ranks(hand: tuple[Card, ...]) -> HandRanks:
    """The hand by rank. The listing, the going-out test and the meld candidates all look at
    the same hand in a row, so the last answer is kept (hands are immutable tuples)."""
    global _last_ranks
    last = _last_ranks
    if last is not None and last[0] is hand:
        return last[1]
    naturals: dict[Rank, tuple[Card, ...]] = {}
    wilds: list[Card] = []
    threes: list[Card] = []
    for card in hand:
        if card.is_natural:
            rank = card.rank
            naturals[rank] = (*naturals.get(rank, ()), card)  # short runs: faster than lists
        elif card.is_wild:
            wilds.append(card)
        else:
            threes.append(card)
    ranks = _new(HandRanks)  # written through the slots (the frozen __init__'s are slower)
    _set_naturals(ranks, naturals)
    _set_wilds(ranks, tuple(wilds))
    _set_threes(ranks, tuple(threes))
    _last_ranks = (hand, ranks)  # holding the hand keeps its id from being reused
    return ranks


_last_ranks: tuple[tuple[Card, ...], HandRanks] | None = None
_new = object.__new__
_set_naturals, _set_wilds, _set_threes = (
    vars(HandRanks)[name].__set__ for name in ("naturals", "wilds", "threes")
)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def full_deck() -> tuple[Card, ...]:
    """The 108-card deck of C-SETUP-2 / M-SETUP-1: two 52-card packs and four jokers."""
    deck = [card for card in ALL_FACES if card is not JOKER for _ in range(2)]
    deck.extend([JOKER] * 4)
    return tuple(deck)


DECK_COUNTS: Counter[Card] = Counter(full_deck())


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: ``"KH KS 2C"``."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(part) for part in parts)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def card_points(card: Card) -> int:
    """C-CARD-1 / M-CARD-1 point values; a red three has no card value (0)."""
    return _POINTS[card]


def _points(card: Card) -> int:
    if card.rank is Rank.JOKER:
        return 50
    if card.rank in (Rank.TWO, Rank.ACE):
        return 20
    if card.rank >= Rank.EIGHT:
        return 10
    if card.rank >= Rank.FOUR:
        return 5
    return 0 if card.is_red_three else 5


_POINTS: dict[Card, int] = {card: _points(card) for card in ALL_FACES}
POINTS: Mapping[Card, int] = _POINTS  # card_points as a table (read-only)
