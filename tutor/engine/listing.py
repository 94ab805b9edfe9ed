"""The legal-action listing for the UI and the players.

Meld choices are combinatorial, so the listing offers every draw, take, discard, question and
answer, plus a bounded set of candidate melds (and a way to go out when there is one). Every
listed action has passed :func:`judge`, so the listing and the verdicts always agree; a learner's
own combination is checked with :func:`judge` before it is committed (the preview).
"""

from __future__ import annotations

from typing import cast

from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import ALL_FACES, Card, Rank, hand_ranks
from tutor.engine.going_out import find_going_out, meld_candidates, plan_groups
from tutor.engine.judge import is_legal
from tutor.engine.pile_rules import takes_with
from tutor.engine.state import GameState, Phase


def candidate_actions(state: GameState, *, meld_limit: int = 24) -> list[Action]:
    """Actions worth judging in this state (not yet filtered for legality), each listed once."""
    phase = state.phase
    if phase is _PLAY:
        hand = state.hands[state.turn]
        # (meld_candidates' list is a new one: the rest is added to it)
        out: list[Action] = cast("list[Action]", meld_candidates(state, meld_limit))
        out += map(_DISCARDS.__getitem__, dict.fromkeys(hand))
        out.append(_ASK)
        if state.turn_info.no_discard:
            out.append(_PASS)
        going_out = find_going_out(state) if len(hand) <= 12 else None
        if going_out and going_out[0] not in out:  # the way out may be a listed meld or discard
            out.append(going_out[0])
        return out
    if phase is not _DRAW_PHASE:
        if phase is Phase.HAND_OVER:
            return [_NEXT]
        return [_YES, _NO] if phase is Phase.ANSWER else []
    out = [_DRAW] if state.stock else []
    pile = state.pile
    if pile:
        # The takes with cards of the top card's rank (take_candidates), then a side's first
        # take with more melds from hand (the two looked at in one pass over the hand).
        top = pile[-1]
        rank = top.rank
        naturals: list[Card] = []
        wilds: list[Card] = []
        hand = state.hands[state.turn]
        for card in hand:
            if card.rank is rank:
                naturals.append(card)
            elif card.is_wild:
                wilds.append(card)
        if not (top.is_wild or top.is_three):  # (else the pile is blocked: no take listed)
            out += takes_with(naturals, wilds)
        if len(naturals) >= 2 and not state.side_of(state.turn).melds:
            out += _opening_takes(state, hand, rank, (naturals[0], naturals[1]))
    if not state.stock or state.rules.ask_when == "before-or-after-draw":
        out.append(_PASS)
        out.append(_ASK)
    return out


# Actions are immutable values: the listing hands out the same ones every time.
_DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in ALL_FACES}
_DRAW, _PASS, _ASK, _NEXT = Draw(), Pass(), AskPartner(), NextHand()
_YES, _NO = Answer(True), Answer(False)
_PLAY, _DRAW_PHASE = Phase.PLAY, Phase.DRAW  # enum members are slower to look up


def legal_actions(state: GameState, *, meld_limit: int = 24) -> list[Action]:
    """Every listed action that the judge finds legal (each once, as listed)."""
    candidates = candidate_actions(state, meld_limit=meld_limit)
    if state.phase is not _PLAY or state.rules.is_modern:
        return [a for a in candidates if is_legal(state, a)]
    # A Classic discard of a card held is legal or not whatever the card (C-TURN-4: any card;
    # going out, the canastas, a binding "yes" and V-C3 depend on the hand, not on the card),
    # so the first discard listed is judged for all of them.
    out: list[Action] = []
    discards: bool | None = None
    for action in candidates:
        if type(action) is Discard:
            if discards is None:
                discards = is_legal(state, action)
            if discards:
                out.append(action)
        elif is_legal(state, action):
            out.append(action)
    return out


def _opening_takes(
    state: GameState, hand: tuple[Card, ...], rank: Rank, pair: tuple[Card, Card]
) -> list[TakePile]:
    """Takes for a side that has not melded: the pair of the top card's rank plus melds from
    hand to reach the minimum."""
    ranks = hand_ranks(hand)
    # Every other rank held three times or more, in the order of the hand.
    naturals = tuple(
        card for other, cards in ranks.naturals.items() if other is not rank and len(cards) >= 3
        for card in cards
    )
    groups = plan_groups(state.rules, naturals, ()) if naturals else None
    return [TakePile(pair, tuple(groups))] if groups else []
