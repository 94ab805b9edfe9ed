"""Dealing: a new game from a seed or from stacked decks written in card notation.

A deck is written in dealing order: its first card goes to the player on the dealer's left, one
card at a time clockwise (C-DEAL-1, M-DEAL-1); the cards after the deal form the stock, the first
of them on top. Chance comes only from ``random.Random(f"{seed}:{hand_number}")``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tutor.engine.cards import DECK_COUNTS, Card, format_cards, full_deck, sorted_cards
from tutor.engine.errors import PositionError
from tutor.engine.rules import RuleSet
from tutor.engine.state import GameState, Phase, Side, TurnInfo


def shuffled_deck(seed: int, hand_number: int) -> tuple[Card, ...]:
    deck = list(full_deck())
    random.Random(f"{seed}:{hand_number}").shuffle(deck)
    return tuple(deck)


def validate_deck(deck: Sequence[Card], *, where: str = "deck") -> tuple[Card, ...]:
    """A stacked deck must be exactly the 108 cards; the error names what is wrong."""
    counts = Counter(deck)
    if counts != DECK_COUNTS:
        missing = DECK_COUNTS - counts
        extra = counts - DECK_COUNTS
        parts = []
        if missing:
            parts.append("missing " + _some(sorted_cards(missing.elements())))
        if extra:
            parts.append("too many " + _some(sorted_cards(extra.elements())))
        raise PositionError(f"{where}: not a 108-card deck ({'; '.join(parts)})")
    return tuple(deck)


def _some(cards: tuple[Card, ...], limit: int = 12) -> str:
    """A few cards in notation, and how many more: an error line stays short."""
    more = f" and {len(cards) - limit} more" if len(cards) > limit else ""
    return format_cards(cards[:limit]) + more


def complete_deck(top: Sequence[Card], *, seed: int = 0, where: str = "deck") -> tuple[Card, ...]:
    """Put the given cards on top and the rest of the 108 below them in seeded order.

    Lessons stack only the cards that matter.
    """
    rest = Counter(DECK_COUNTS)
    rest.subtract(Counter(top))
    over = [card for card, n in rest.items() if n < 0]
    if over:
        raise PositionError(f"{where}: more copies than the deck holds of {format_cards(over)}")
    remaining = list(sorted_cards(rest.elements()))
    random.Random(seed).shuffle(remaining)
    return (*top, *remaining)


def new_game(
    rules: RuleSet,
    *,
    seed: int = 0,
    decks: Sequence[Sequence[Card]] = (),
    dealer: int = 0,
    scores: Sequence[int] | None = None,
) -> GameState:
    """Start a game and deal its first hand."""
    if not 0 <= dealer < rules.players:
        raise PositionError(f"dealer {dealer} is not a seat of a {rules.players}-player game")
    checked = tuple(validate_deck(d, where=f"decks[{i}]") for i, d in enumerate(decks))
    start_scores = tuple(scores) if scores is not None else (0,) * rules.players
    if len(start_scores) != rules.players:
        raise PositionError(f"scores: expected {rules.players} values, got {len(start_scores)}")
    return deal_hand(
        rules,
        seed=seed,
        decks=checked,
        hand_number=0,
        dealer=dealer,
        scores=start_scores,
        results=(),
    )


def initial_sides(rules: RuleSet) -> tuple[Side, ...]:
    if rules.players == 4:
        return (Side((0, 2)), Side((1, 3)))
    return tuple(Side((seat,)) for seat in range(rules.players))


def deal_hand(
    rules: RuleSet,
    *,
    seed: int,
    decks: tuple[tuple[Card, ...], ...],
    hand_number: int,
    dealer: int,
    scores: tuple[int, ...],
    results: tuple[object, ...],
) -> GameState:
    deck = decks[hand_number] if hand_number < len(decks) else shuffled_deck(seed, hand_number)
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    dealt = n * rules.deal_size
    for i in range(dealt):
        hands[(dealer + 1 + i) % n].append(deck[i])
    stock = list(reversed(deck[dealt:]))  # top card last
    pile: list[Card] = []
    if rules.upcard:
        # C-DEAL-2: turn the upcard; a wild card or red three gets another card on top.
        while True:
            card = stock.pop()
            pile.append(card)
            if not (card.is_wild or card.is_red_three):
                break
    threes: list[list[Card]] = [[] for _ in range(n)]
    for offset in range(1, n + 1):
        seat = (dealer + offset) % n
        _lay_out_threes(rules, hands[seat], threes[seat], stock)
    return GameState(
        rules=rules,
        seed=seed,
        decks=decks,
        hand_number=hand_number,
        dealer=dealer,
        scores=scores,
        phase=Phase.DRAW,
        turn=(dealer + 1) % n,
        stock=tuple(stock),
        pile=tuple(pile),
        hands=tuple(sorted_cards(h) for h in hands),
        threes=tuple(tuple(t) for t in threes),
        sides=initial_sides(rules),
        seat_melded=(False,) * n,
        asked=(False,) * n,
        turn_info=TurnInfo(),
        results=results,  # type: ignore[arg-type]
    )


def _lay_out_threes(rules: RuleSet, hand: list[Card], laid: list[Card], stock: list[Card]) -> None:
    """C-DEAL-4 / M-DEAL-2: bonus threes dealt are laid out and replaced, repeatedly."""
    while True:
        found = [c for c in hand if (c.is_three if rules.is_modern else c.is_red_three)]
        if not found or not stock:
            return
        for card in found:
            hand.remove(card)
            laid.append(card)
            if stock:
                hand.append(stock.pop())
