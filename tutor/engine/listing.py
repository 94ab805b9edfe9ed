"""The legal-action listing for the UI and the players.

Meld choices are combinatorial, so the listing offers every draw, take, discard, question and
answer, plus a bounded set of candidate melds (and a way to go out when there is one). Every
listed action has passed :func:`judge`, so the listing and the verdicts always agree; a learner's
own combination is checked with :func:`judge` before it is committed (the preview).
"""

from __future__ import annotations

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
from tutor.engine.cards import ALL_FACES, Card, hand_ranks
from tutor.engine.going_out import find_going_out, meld_candidates, plan_groups
from tutor.engine.judge import is_legal, take_candidates
from tutor.engine.state import GameState, Phase


def candidate_actions(state: GameState, *, meld_limit: int = 24) -> list[Action]:
    """Actions worth judging in this state (not yet filtered for legality), each listed once."""
    phase = state.phase
    if phase is not _PLAY and phase is not _DRAW_PHASE:
        if phase is Phase.HAND_OVER:
            return [_NEXT]
        return [_YES, _NO] if phase is Phase.ANSWER else []
    out: list[Action] = []
    if phase is _DRAW_PHASE:
        if state.stock:
            out.append(_DRAW)
        out += take_candidates(state)
        out += _opening_takes(state)
        if not state.stock or state.rules.ask_when == "before-or-after-draw":
            out.append(_PASS)
            out.append(_ASK)
        return out
    hand = state.hands[state.turn]
    out += meld_candidates(state, meld_limit)
    out += map(_DISCARDS.__getitem__, dict.fromkeys(hand))
    out.append(_ASK)
    if state.turn_info.no_discard:
        out.append(_PASS)
    going_out = find_going_out(state) if len(hand) <= 12 else None
    if going_out and going_out[0] not in out:  # the way out may be a listed meld or discard
        out.append(going_out[0])
    return out


# Actions are immutable values: the listing hands out the same ones every time.
_DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in ALL_FACES}
_DRAW, _PASS, _ASK, _NEXT = Draw(), Pass(), AskPartner(), NextHand()
_YES, _NO = Answer(True), Answer(False)
_PLAY, _DRAW_PHASE = Phase.PLAY, Phase.DRAW  # enum members are slower to look up


def legal_actions(state: GameState, *, meld_limit: int = 24) -> list[Action]:
    """Every listed action that the judge finds legal (each once, as listed)."""
    return [a for a in candidate_actions(state, meld_limit=meld_limit) if is_legal(state, a)]


def _opening_takes(state: GameState) -> list[TakePile]:
    """Takes for a side that has not melded: the pair plus melds from hand to reach the minimum."""
    if not state.pile or state.side_of(state.turn).has_melded:
        return []
    rank = state.pile[-1].rank
    hand = state.hands[state.turn]
    # (A wild card or a three on top blocks the pile: such a take is listed, and refused.)
    pair = tuple(c for c in hand if c.rank is rank)[:2]
    if len(pair) < 2:
        return []
    ranks = hand_ranks(hand)
    # Every other rank held three times or more, in the order of the hand.
    naturals = tuple(
        card for other, cards in ranks.naturals.items() if other is not rank and len(cards) >= 3
        for card in cards
    )
    groups = plan_groups(state.rules, naturals, ()) if naturals else None
    return [TakePile(pair, tuple(groups))] if groups else []
