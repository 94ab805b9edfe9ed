"""The draw step: drawing from the stock (threes laid out and replaced), and what is left to do
once the stock is empty: passing, or nothing where the last discard ended the hand.

Both families side by side: their ids come from :func:`~tutor.engine.variants.variant`.
"""

from __future__ import annotations

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Discard, Meld, Pass, TakePile
from tutor.engine.cards import sorted_cards
from tutor.engine.melding import remove_cards
from tutor.engine.pile_rules import is_frozen, pile_blocked, take_is_forced
from tutor.engine.rules import RuleSet
from tutor.engine.ruling import Ruling
from tutor.engine.state import DrawSource, EndReason, GameState, HandEnd, Phase
from tutor.engine.transitions import drew_from_stock, end_hand, set_at
from tutor.engine.variants import variant
from tutor.engine.verdict import ParamValue, Reason

_PLAY = Phase.PLAY  # enum members are slower to look up


# ----- drawing ---------------------------------------------------------------------------------


def draw(state: GameState, _action: Action) -> Ruling:
    """Drawing from the stock (C-TURN-2, C2-2, C3-2, M-TURN-2); none once it is empty."""
    ruling = Ruling()
    if not state.stock:
        ruling.forbid.append(Reason.of(variant(state.rules).draw_empty, stock=0))
        return ruling
    ruling.permit_later = lambda: draw_permits(state)
    ruling.build = lambda: apply_draw(state)
    return ruling


def draw_permits(state: GameState) -> list[Reason]:
    """The rules that allow drawing from the stock (for the verdict; ``is_legal`` needs none)."""
    rules = state.rules
    cards = min(rules.draw_count, len(state.stock))
    hooks = variant(rules)
    permit = [Reason.of(hooks.turn, step="draw", cards=cards)]
    if hooks.draw_two is not None:
        permit.append(Reason.of(hooks.draw_two))
    return permit


def apply_draw(state: GameState) -> GameState:
    rules = state.rules
    seat = state.turn
    card = state.stock[-1]
    # (variant(rules).is_bonus_three, written out: Modern lays out every three, Classic the red)
    bonus = card.is_three if rules.is_modern else card.is_red_three
    if rules.draw_count == 1 and len(state.stock) > 1 and not bonus:
        # The common draw, in one copy of the state: one card, no three, not the last card.
        return state.with_fields({
            "stock": state.stock[:-1],
            "hands": set_at(state.hands, seat, sorted_cards((*state.hands[seat], card))),
            "phase": _PLAY,
            "turn_info": drew_from_stock(state.turn_info),
        })
    stock = list(state.stock)
    hand = list(state.hands[seat])
    laid = list(state.threes[seat])
    got = 0
    while got < rules.draw_count and stock:
        card = stock.pop()
        if variant(rules).is_bonus_three(card):
            if rules.is_modern and not stock:
                # M-END-2: a three as the last stock card stays in hand and ends the hand.
                hand.append(card)
                ended = state.evolve(
                    stock=(),
                    hands=set_at(state.hands, seat, sorted_cards(hand)),
                    threes=set_at(state.threes, seat, tuple(laid)),
                )
                return end_hand(ended, HandEnd(EndReason.THREE_LAST, seat))
            laid.append(card)  # C-TURN-3 / M-TURN-3: laid out and replaced
            continue
        hand.append(card)
        got += 1
    drawn = state.evolve(
        stock=tuple(stock),
        hands=set_at(state.hands, seat, sorted_cards(hand)),
        threes=set_at(state.threes, seat, tuple(laid)),
        phase=Phase.PLAY,
        turn_info=state.turn_info.evolve(drew=DrawSource.STOCK),
    )
    if got == 0:
        # C-END-2 / C2-5: only red threes came from the end of the stock.
        if rules.red_three_last == "may-meld":
            return drawn.evolve(turn_info=drawn.turn_info.evolve(no_discard=True))
        return end_hand(drawn, HandEnd(EndReason.THREE_LAST, seat))
    return drawn


# ----- the end of the stock ---------------------------------------------------------------------


def stock_over(rules: RuleSet, **params: ParamValue) -> Reason:
    """The rule that stops all play once the stock is empty (see
    :func:`~tutor.engine.variants.ends_with_stock`)."""
    if rules.is_modern:
        return Reason.of(R.M_END_2, **{"stock": 0, **params})
    return Reason.of(R.C3_10, ends=True, **params).under(rules.house_rule(R.V_C9))


def after_last_discard(state: GameState, action: Action) -> Ruling:
    """A player to draw from an empty stock where play ends with the last card's discard (a
    position the loader accepts, not one play reaches): nobody may draw or take the pile any
    more, and passing ends the hand (M-END-2; C3-10 under V-C9)."""
    rules = state.rules
    ruling = Ruling()
    if isinstance(action, Pass):
        ruling.permit.append(stock_over(rules, stock=0))
        ruling.build = lambda: end_hand(state, HandEnd(EndReason.STOCK_EXHAUSTED, state.turn))
        return ruling
    if isinstance(action, TakePile):
        cards = action.cards + tuple(c for g in action.melds for c in g.cards)
        remove_cards(state.hands[state.turn], cards, what="take")
        ruling.forbid.append(stock_over(rules, pile=True))
        return ruling
    if isinstance(action, Meld | Discard):
        ruling.forbid.append(Reason.of(variant(rules).turn, step="draw"))
    ruling.forbid.append(stock_over(rules, stock=0))
    return ruling


# ----- passing ---------------------------------------------------------------------------------


def pass_turn(state: GameState, _action: Action) -> Ruling:
    """Passing: the end of a turn without a discard (C-END-2 under V-C3), or of the hand when
    the stock is empty and the pile need not be taken (C-END-3, C-END-4)."""
    rules = state.rules
    ruling = Ruling()
    seat = state.turn
    if state.phase is Phase.PLAY:
        if state.turn_info.no_discard:
            ruling.permit.append(
                Reason.of(R.C_END_2, discard=False).under(rules.house_rule(R.V_C3))
            )
            ruling.build = lambda: end_hand(state, HandEnd(EndReason.THREE_LAST, seat))
        else:
            ruling.forbid.append(Reason.of(variant(rules).turn, step="play", discard=True))
        return ruling
    if state.stock or rules.is_modern:
        ruling.forbid.append(Reason.of(variant(rules).turn, step="draw", stock=len(state.stock)))
        return ruling
    if take_is_forced(state):
        top = state.pile[-1]
        ruling.forbid.append(Reason.of(R.C_END_3, forced=True, top=str(top)))
        if one_card_conflict(state):  # the take is forced only because V-C4 says so
            ruling.forbid.append(Reason.of(R.C_END_4, take=True).under(rules.house_rule(R.V_C4)))
        return ruling
    ruling.permit.append(Reason.of(R.C_END_3, forced=False))
    if one_card_conflict(state):
        ruling.permit.append(Reason.of(R.C_END_4, hand=1, pile=1))
    ruling.build = lambda: end_hand(state, HandEnd(EndReason.STOCK_EXHAUSTED, seat))
    return ruling


def one_card_conflict(state: GameState) -> bool:
    """C-END-4: one card in hand against a one-card pile that the side's meld would force."""
    seat = state.turn
    if state.stock or len(state.pile) != 1 or len(state.hands[seat]) != 1:
        return False
    if pile_blocked(state) is not None or is_frozen(state, seat):
        return False
    return any(m.rank is state.pile[-1].rank for m in state.side_of(seat).melds)
