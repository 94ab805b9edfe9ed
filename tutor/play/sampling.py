"""Hidden cards dealt at random, consistently with one seat's view (the expert's worlds).

The expert never reads another hand or the stock: it deals the cards its seat has not seen
(the deck less its hand, every meld, the laid-out threes, the pile's top card and the cards
laid crosswise in it) into the other hands, the pile's covered part and the stock, at the sizes
the view gives. Where a card cannot be, it is not dealt: a red three is laid out as soon as it
is drawn (C-THREE-1; in Modern every three, M-THREE-1), so unseen ones are in the stock; a wild
card or a freezing three in the pile is laid crosswise and seen, so the pile's covered cards
are natural cards.

What the view does not carry: the discards that were covered before this seat looked, and the
cards an opponent took with the pile (:class:`~tutor.engine.view.PlayerView` holds the pile's
top, its size and its crosswise cards, no history). The sampler uses what the view has; a
player that remembered the pile would deal the taken cards to the taker's hand.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter

from tutor.engine.cards import DECK_COUNTS, Card, sorted_cards
from tutor.engine.state import GameState, TurnInfo
from tutor.engine.view import PlayerView


def seen_cards(view: PlayerView) -> tuple[Counter[Card], list[Card]]:
    """Every card the seat has seen, and the pile's known cards bottom first (as ``world``)."""
    seen: Counter[Card] = Counter(view.hand)
    for side in view.sides:
        for meld in side.melds:
            seen.update(meld.cards)
    for threes in view.threes:
        seen.update(threes)
    freezers = list(view.pile_freezers)
    top = view.pile_top
    if top is not None and freezers and freezers[-1] == top and (top.is_wild or top.is_three):
        freezers.pop()  # the top card is itself the last freezing card
    known = [*freezers, *([top] if top is not None else [])]
    seen.update(known)
    return seen, known


def unseen_cards(view: PlayerView) -> tuple[Card, ...]:
    """The cards the seat has not seen, in a fixed order (the same for every hidden deal)."""
    seen, _known = seen_cards(view)
    return sorted_cards((DECK_COUNTS - seen).elements())


def view_key(view: PlayerView, seed: int) -> int:
    """A number that depends only on what the seat sees and the player's seed: the random
    source of one decision, so the same view gives the same worlds in every run."""
    parts = (seed, view.rules.preset, view.seat, view.hand_number, view.phase.value, view.turn,
             view.stock_size, view.pile_size, str(view.pile_top), view.hand_sizes,
             " ".join(map(str, view.hand)), view.scores,
             tuple(len(m.cards) for side in view.sides for m in side.melds))
    return zlib.crc32(repr(parts).encode())


def sample_world(view: PlayerView, rng: random.Random) -> GameState:
    """One full state the seat cannot tell from the real one: its own hand, the table, and the
    unseen cards dealt at random into the other hands, the pile's covered part and the stock."""
    _seen, known = seen_cards(view)
    unseen = list(unseen_cards(view))
    rng.shuffle(unseen)
    modern = view.rules.is_modern
    stock_only = [c for c in unseen if c.is_red_three or (modern and c.is_three)]
    free = [c for c in unseen if not (c.is_red_three or (modern and c.is_three))]
    covered = max(0, view.pile_size - len(known)) if view.pile_top is not None else 0
    natural = [c for c in free if c.is_natural]
    other = [c for c in free if not c.is_natural]
    pile_cards = natural[:covered]
    rest = natural[covered:] + other
    if len(pile_cards) < covered:  # not enough naturals (never in a real game): fill anyhow
        need = covered - len(pile_cards)
        pile_cards, rest = pile_cards + rest[:need], rest[need:]
    rng.shuffle(rest)
    # The stock takes the cards that can only be there, and its share of the others.
    stock_size = view.stock_size
    in_stock = stock_only[:stock_size]
    overflow = stock_only[stock_size:]
    pool = overflow + rest
    hidden_hands = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    hands_part, stock_part = pool[:hidden_hands], pool[hidden_hands:]
    stock = in_stock + stock_part
    rng.shuffle(stock)
    hands: list[tuple[Card, ...]] = []
    cursor = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(hands_part[cursor:cursor + size]))
            cursor += size
    freezers = known[:-1] if view.pile_top is not None else []
    rng.shuffle(pile_cards)
    pile: tuple[Card, ...] = ()
    if view.pile_top is not None:
        pile = (*freezers, *pile_cards, view.pile_top)
    return GameState(
        rules=view.rules,
        seed=0,
        decks=(),
        hand_number=view.hand_number,
        dealer=view.dealer,
        scores=view.scores,
        phase=view.phase,
        turn=view.turn,
        stock=tuple(stock),
        pile=pile,
        hands=tuple(hands),
        threes=view.threes,
        sides=view.sides,
        seat_melded=view.seat_melded,
        asked=view.asked,
        lone_hand=view.lone_hand,
        turn_info=view.turn_info or TurnInfo(),
        end=view.end,
        results=view.results,
    )
