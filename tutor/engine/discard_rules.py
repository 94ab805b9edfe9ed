"""The discard step: which card may end the turn (Classic: any, with C-TURN-4 and C-PILE-8 for
wild cards and black threes; Modern M-DISC-1/2/4), going out with the discard (C-OUT-1/3,
M-OUT-1/2/5), the talon after a first meld (V-M1) and the stock's end (C3-10, M-END-2).
"""

from __future__ import annotations

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Discard
from tutor.engine.cards import Card, Rank, sorted_cards
from tutor.engine.meld_rules import modern_incomplete_check
from tutor.engine.melding import closed_ranks, remove_cards
from tutor.engine.ruling import Ruling
from tutor.engine.scoring import canasta_count
from tutor.engine.state import DrawSource, EndReason, GameState, HandEnd
from tutor.engine.transitions import concealed, concealed_note, end_hand, next_turn, set_at
from tutor.engine.variants import ends_with_stock, going_out_reason, variant, yes_binds
from tutor.engine.verdict import Reason


def discard(state: GameState, action: Action) -> Ruling:
    """A discard by the player to move, ending the turn (or going out)."""
    assert isinstance(action, Discard)
    rules = state.rules
    seat = state.turn
    ruling = Ruling()
    hand = state.hands[seat]
    card = action.card
    if card not in hand:
        remove_cards(hand, (card,), what="discard")  # raises: the card is not held
    answer = state.turn_info.answer
    going_out = len(hand) == 1
    if rules.is_modern:
        modern_discard_checks(state, seat, card, _without(hand, card), ruling)
    if going_out:
        side = state.side_of(seat)
        canastas = canasta_count(side.melds, rules)
        if canastas < rules.canastas_to_go_out:
            ruling.forbid.append(going_out_reason(rules, canastas))
            if not rules.is_modern:
                ruling.forbid.append(Reason.of(R.C_OUT_3, cards_left=0))
        elif answer is False:
            ruling.forbid.append(Reason.of(variant(rules).ask, answer="no"))
        else:
            if rules.is_modern:
                modern_incomplete_check(rules, side.melds, ruling)
            ruling.permit.append(going_out_reason(rules, canastas))
    elif answer is True and not yes_binds(rules):  # V-M2: the partner's yes is only advice
        ruling.permit.append(
            Reason.of(R.M_OUT_4, answer="yes", advisory=True).under(rules.house_rule(R.V_M2))
        )
    # (After a binding yes, the search-based rule in going_out.py refuses a discard that keeps
    # the player in while a way out exists.)
    if ruling.forbid:
        return ruling
    talon = 0 if going_out or rules.talon != "on" else talon_size(state, seat)
    ruling.permit_later = lambda: discard_permits(state, card, going_out, talon)

    def build() -> GameState:
        hands = set_at(state.hands, seat, _without(hand, card))
        pile = (*state.pile, card)
        if not going_out and not talon and (state.stock or not ends_with_stock(rules)):
            return next_turn(state, hands=hands, pile=pile)  # the common discard: one copy
        after = state.evolve(hands=hands, pile=pile)
        if going_out:
            return end_hand(after, HandEnd(EndReason.WENT_OUT, seat, concealed(after, seat)))
        if talon:
            after = take_talon(after, seat, talon)
        if not after.stock and ends_with_stock(rules):
            return end_hand(after, HandEnd(EndReason.STOCK_EXHAUSTED, seat))
        return next_turn(after)

    ruling.build = build
    if going_out:
        concealed_note(state, seat, ruling)
    return ruling


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one ``card`` it holds (put together only when needed: the listing judges
    a discard of every card, and a Classic discard's legality does not depend on the rest)."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def discard_permits(state: GameState, card: Card, going_out: bool, talon: int) -> list[Reason]:
    """The rules that allow a legal discard as made (for the verdict; ``is_legal`` needs none)."""
    rules = state.rules
    permit = [Reason.of(variant(rules).turn, step="discard", card=str(card))]
    if not rules.is_modern:
        if card.is_wild:
            permit.append(Reason.of(R.C_TURN_4, card=str(card), freezes=True))
        elif card.is_black_three:
            permit.append(Reason.of(R.C_TURN_4, card=str(card)))
            permit.append(Reason.of(R.C_PILE_8, card=str(card)).under(rules.house_rule(R.V_C2)))
        if rules.players == 3 and not state.stock and not going_out:
            permit.append(
                Reason.of(R.C3_10, ends=rules.stock_end_3p == "end").under(
                    rules.house_rule(R.V_C9)
                )
            )
    if talon:
        permit.append(Reason.of(R.M_INIT_1, talon=talon).under(rules.house_rule(R.V_M1)))
    return permit


def talon_size(state: GameState, seat: int) -> int:
    """V-M1: bonus cards after a side's initial meld from hand: 4 for the first side to meld,
    3 for the second; none after taking the pile, none once 8 or fewer cards are in the stock."""
    rules = state.rules
    info = state.turn_info
    if rules.talon != "on" or info.opened_before or info.drew is not DrawSource.STOCK:
        return 0
    if not state.side_of(seat).has_melded or len(state.stock) <= 8:
        return 0
    others_melded = any(side.has_melded for side in state.sides if seat not in side.seats)
    return 3 if others_melded else 4


def take_talon(state: GameState, seat: int, count: int) -> GameState:
    """The melder takes the talon cards from the stock into hand; threes are laid out and
    replaced (M-THREE-1)."""
    stock = list(state.stock)
    hand = list(state.hands[seat])
    laid = list(state.threes[seat])
    taken = 0
    while taken < count and len(stock) > 1:
        card = stock.pop()
        if card.is_three:
            laid.append(card)
            continue
        hand.append(card)
        taken += 1
    return state.evolve(
        stock=tuple(stock),
        hands=set_at(state.hands, seat, sorted_cards(hand)),
        threes=set_at(state.threes, seat, tuple(laid)),
    )


def modern_discard_checks(
    state: GameState, seat: int, card: Card, remaining: tuple[Card, ...], ruling: Ruling
) -> None:
    """M-DISC-1, M-DISC-2 and M-DISC-4 (SWAD on an empty pile)."""
    rules = state.rules
    if card.is_three:
        ruling.forbid.append(Reason.of(R.M_DISC_1, card=str(card)))
        if not remaining:
            ruling.forbid.append(Reason.of(R.M_OUT_2, card=str(card)))
        return
    if card.is_wild:
        only_wild = all(c.is_wild for c in remaining)
        if remaining and not only_wild:
            ruling.forbid.append(Reason.of(R.M_DISC_2, card=str(card)))
        else:
            ruling.permit.append(Reason.of(R.M_DISC_2, card=str(card), going_out=not remaining))
            if not remaining:
                ruling.permit.append(Reason.of(R.M_OUT_2, card=str(card)))
        return
    if state.pile:
        return
    if card.rank in (Rank.ACE, Rank.SEVEN):
        others = [c for c in remaining if c.is_natural and c.rank not in (Rank.ACE, Rank.SEVEN)]
        if others:
            ruling.forbid.append(Reason.of(R.M_DISC_4, card=str(card), others=len(others)))
            return
        ruling.permit.append(Reason.of(R.M_DISC_4, card=str(card)))
    all_melds = tuple(m for s in state.sides for m in s.melds)
    dead = closed_ranks(all_melds, rules)
    if card.rank in dead:
        alternatives = [
            c
            for c in remaining
            if not c.is_wild
            and not c.is_three
            and c.rank not in dead
            and not (
                c.rank in (Rank.ACE, Rank.SEVEN)
                and any(
                    # the dead card itself is another natural card the ace/seven must respect
                    o.is_natural and o.rank not in (Rank.ACE, Rank.SEVEN)
                    for o in (*remaining, card)
                )
            )
        ]
        if alternatives:
            ruling.forbid.append(Reason.of(R.M_DISC_4, card=str(card), dead=True))
        else:
            ruling.permit.append(Reason.of(R.M_DISC_4, card=str(card), dead=True))
