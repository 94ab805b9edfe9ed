"""Why a card named in a move is not in the seat's hand: the rule that keeps it out of every
hand, if one does (a red three in Classic, every three in Modern). The engine refuses such a
move as a position error before any rule is asked (the card is simply not there); this says
which rule the learner should hear, so no page decides it.
"""

from __future__ import annotations

from collections import Counter

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Discard, Meld, TakePile
from tutor.engine.cards import Card, sorted_cards
from tutor.engine.state import GameState


def named_cards(action: Action) -> tuple[Card, ...]:
    """Every card an action takes from the hand."""
    if isinstance(action, Discard):
        return (action.card,)
    if isinstance(action, TakePile):
        return action.cards + tuple(card for group in action.melds for card in group.cards)
    if isinstance(action, Meld):
        return tuple(card for group in action.groups for card in group.cards)
    return ()


def missing_cards(state: GameState, action: Action, seat: int) -> tuple[Card, ...]:
    """The cards ``action`` names that the seat does not hold."""
    named = Counter(named_cards(action))
    return sorted_cards((named - Counter(state.hands[seat])).elements()) if named else ()


def three_rule(state: GameState, action: Action, cards: tuple[Card, ...]) -> str | None:
    """The rule that keeps a missing three out of every hand, if one of ``cards`` is such a
    three: Classic lays red threes out at once and so never discards one (C-TURN-4, C-TURN-3);
    Modern lays out every three (M-THREE-1)."""
    if state.rules.is_modern:
        return R.M_THREE_1 if any(card.is_three for card in cards) else None
    if any(card.is_red_three for card in cards):
        return R.C_TURN_4 if isinstance(action, Discard) else R.C_TURN_3
    return None
