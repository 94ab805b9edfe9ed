"""The pile step: whether the discard pile may be taken, and with which cards: blocked for
everybody (C-PILE-1/2, M-PILE-2), frozen for a side (C-PILE-3), and the takes of each family
(Classic C-PILE-4..7 and C-INIT-3; Modern M-PILE-1..3 and M-INIT-5).

:func:`take` chooses the family's rule once; both are written here side by side.
"""

from __future__ import annotations

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Group, TakePile
from tutor.engine.cards import Card, card_points, sorted_cards
from tutor.engine.meld_rules import classic_opening_notes, going_out_check, modern_initial_meld
from tutor.engine.melding import closed_ranks, evaluate_groups, remove_cards
from tutor.engine.ruling import Ruling
from tutor.engine.state import DrawSource, EndReason, GameState, HandEnd, Phase
from tutor.engine.transitions import (
    concealed,
    concealed_note,
    end_hand,
    form_partnership,
    set_at,
    sides_with,
)
from tutor.engine.variants import ends_with_stock, variant
from tutor.engine.verdict import Reason


def take(state: GameState, action: Action) -> Ruling:
    """Taking the pile by the rules of the state's family."""
    assert isinstance(action, TakePile)
    if state.rules.is_modern:
        return take_modern(state, action)
    return take_classic(state, action)


# ----- who may take the pile at all ------------------------------------------------------------


def pile_blocked(state: GameState) -> Reason | None:
    """Why nobody can take the pile now, whatever they hold (C-PILE-1/2, M-PILE-2)."""
    modern = state.rules.is_modern
    if not state.pile:
        return Reason.of(R.M_PILE_2, empty=True) if modern else Reason.of(R.C_PILE_1, pile=0)
    top = state.pile[-1]
    if top.is_wild or top.is_three:
        return Reason.of(R.M_PILE_2 if modern else R.C_PILE_2, top=str(top))
    return None


def pile_freezers(state: GameState) -> tuple[Card, ...]:
    """Cards in the pile that freeze it for everybody (C-PILE-3b, V-C2)."""
    black = state.rules.black_three == "freezes"
    return tuple(c for c in state.pile if _freezes(c, black))


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds one or two ``cards`` (a take's), each as often as named; False
    for more cards (:func:`remove_cards` then tells)."""
    if len(cards) == 1:
        return cards[0] in hand
    if len(cards) != 2:
        return False
    first, second = cards
    if first is second:
        return hand.count(first) >= 2
    return first in hand and second in hand


def _freezes(card: Card, black_three_freezes: bool) -> bool:
    return card.is_wild or card.is_red_three or (black_three_freezes and card.is_black_three)


def pile_reasons(state: GameState, seat: int) -> list[Reason]:
    """What stands between ``seat`` and the pile whatever it holds, for the table to show: a
    card on top that stops everybody, then why the pile is frozen for the seat's side. In
    Modern the pile is always frozen (M-PILE-1)."""
    reasons = [blocked] if (blocked := pile_blocked(state)) else []
    if state.rules.is_modern:
        if state.pile and not blocked:
            reasons.append(Reason.of(R.M_PILE_1, top=str(state.pile[-1]), pair=False))
        return reasons
    return (reasons + frozen_reasons(state, seat)) if state.pile else reasons


def frozen_reasons(state: GameState, seat: int) -> list[Reason]:
    """Why the pile is frozen against ``seat``'s side (empty when it is not), Classic."""
    reasons = []
    if not state.side_of(seat).has_melded:
        reasons.append(Reason.of(R.C_PILE_3, case="a"))
    first = _first_freezer(state)
    if first is not None:
        if first.is_black_three:  # only under V-C2
            reasons.append(
                Reason.of(R.C_PILE_3, case="b", card=str(first)).under(
                    state.rules.house_rule(R.V_C2)
                )
            )
        else:
            reasons.append(Reason.of(R.C_PILE_3, case="b", card=str(first)))
    return reasons


def _first_freezer(state: GameState) -> Card | None:
    """The first of :func:`pile_freezers`, with ``_freezes`` written out: the pile may be long,
    and the takes of one turn ask about the same pile in a row (the last answer is kept)."""
    global _last_freezer
    black = state.rules.black_three == "freezes"
    pile = state.pile
    last = _last_freezer
    if last is not None and last[0] is pile and last[1] == black:
        return last[2]
    first = None
    for card in pile:
        if card.is_wild or card.is_red_three or (black and card.is_black_three):
            first = card
            break
    _last_freezer = (pile, black, first)  # holding the pile keeps its id from being reused
    return first


_last_freezer: tuple[tuple[Card, ...], bool, Card | None] | None = None


def is_frozen(state: GameState, seat: int) -> bool:
    """Whether :func:`frozen_reasons` has any reason, without putting them together."""
    return not state.side_of(seat).has_melded or _first_freezer(state) is not None


# ----- Classic -----------------------------------------------------------------------------------


def take_classic(state: GameState, action: TakePile, *, explain: bool = False) -> Ruling:
    """The Classic rules for taking the pile; permitting reasons as for :func:`meld`."""
    rules = state.rules
    seat = state.turn
    ruling = Ruling()
    hand = state.hands[seat]
    used = action.cards
    if action.melds:
        remove_cards(hand, used + tuple(c for g in action.melds for c in g.cards), what="take")
    elif used and not _holds(hand, used):
        remove_cards(hand, used, what="take")  # raises: a card is not held
    blocked = pile_blocked(state)
    if blocked:
        ruling.forbid.append(blocked)
        return ruling
    top = state.pile[-1]
    top_rank = top.rank
    side = state.side_of(seat)
    own_meld = None
    for meld in side.melds:
        if meld.rank is top_rank:
            own_meld = meld
            break
    frozen = not side.melds or _first_freezer(state) is not None  # (is_frozen, inline)
    forced_end = not state.stock and own_meld is not None and not frozen
    if len(hand) == 1 and len(state.pile) == 1:
        if forced_end and rules.one_card_vs_forced == "obligation":
            ruling.permit.append(Reason.of(R.C_END_4, take=True).under(rules.house_rule(R.V_C4)))
        else:
            ruling.forbid.append(Reason.of(R.C_PILE_6, hand=1, pile=1))
            if forced_end:
                ruling.forbid.append(Reason.of(R.C_END_4, hand=1, pile=1))
    naturals = wilds = 0
    matching = True
    for card in used:
        if card.is_natural:
            naturals += 1
            if card.rank is not top_rank:
                matching = False
        elif card.is_wild:
            wilds += 1
    if not matching or naturals + wilds != len(used):
        ruling.forbid.append(Reason.of(R.C_PILE_4, top=top.text, matching=False))
    elif len(used) == 2 and naturals == 2:
        ruling.permit.append(
            Reason.of(R.C_PILE_4, top=top.text)
            if frozen
            else Reason.of(R.C_PILE_5, way="a", top=top.text)
        )
        if frozen:
            ruling.permit.extend(frozen_reasons(state, seat))
    elif len(used) == 2 and naturals == 1:
        if frozen:
            ruling.forbid.append(Reason.of(R.C_PILE_4, top=top.text, wilds=1))
            ruling.forbid_later = lambda: frozen_reasons(state, seat)
        else:
            ruling.permit.append(Reason.of(R.C_PILE_5, way="b", top=top.text))
    elif not used:
        if frozen:
            ruling.forbid.append(Reason.of(R.C_PILE_4, top=top.text, cards=0))
            ruling.forbid_later = lambda: frozen_reasons(state, seat)
        elif rules.pile_onto_meld == "two-cards-from-hand":
            ruling.forbid.append(
                Reason.of(R.C_PILE_5, way="c", cards=0).under(rules.house_rule(R.V_C5))
            )
        elif own_meld is None:
            ruling.forbid.append(Reason.of(R.C_PILE_5, way="c", meld=False, top=top.text))
        else:
            ruling.permit.append(Reason.of(R.C_PILE_5, way="c", top=top.text))
    elif len(used) == 2 and not naturals:
        ruling.forbid.append(Reason.of(R.C_PILE_5, wilds=2))
    else:
        ruling.forbid.append(Reason.of(R.C_PILE_4, top=top.text, cards=len(used)))
    if ruling.forbid:
        return ruling
    # The top card and the cards shown form (or join) the meld of its rank, then extra melds.
    core = Group(sorted_cards((top, *used)))
    opening = not side.has_melded
    hand_before_take = (*hand, top)
    groups = (core, *action.melds)
    result = evaluate_groups(
        rules, groups, melds=side.melds, hand=hand_before_take, opening=opening, explain=explain
    )
    ruling.forbid.extend(result.forbid)
    if opening:
        minimum = state.minimum_for_seat(seat)
        count = result.count  # the top card counts; later pile cards do not (C-INIT-3)
        if count < minimum:
            ruling.forbid.append(
                Reason.of(R.C_INIT_1, minimum=minimum, count=count, score=state.scores[seat])
            )
            ruling.forbid.append(Reason.of(R.C_INIT_3, minimum=minimum, count=count))
        else:
            ruling.permit.append(Reason.of(R.C_INIT_3, minimum=minimum, count=count))
        classic_opening_notes(state, seat, count, False, ruling)
    ruling.permit.extend(result.permit)
    if state.stock == () and forced_end:
        ruling.permit.append(Reason.of(R.C_END_3, forced=True))
    if rules.players == 3 and state.lone_hand is None:
        ruling.permit.append(Reason.of(R.C3_3, seat=seat))
        ruling.permit.extend(twin_melds(state, seat))
    if rules.draw_count == 2:
        ruling.permit.append(Reason.of(variant(rules).pile_two or R.C3_2, pile=True))
    new_hand = result.hand + state.pile[:-1]
    going_out = going_out_check(state, seat, result.melds, len(new_hand), ruling)
    if ruling.forbid:
        return ruling
    red = tuple(c for c in state.pile if c.is_red_three)
    if red:
        ruling.permit.append(Reason.of(R.C_PILE_7, count=len(red)))
    if not explain:
        ruling.permit = []  # the few put together on the way; a verdict asks for them all
        ruling.permit_later = lambda: take_classic(state, action, explain=True).permit
    taken = tuple(c for c in new_hand if not c.is_red_three)

    def build() -> GameState:
        after = state.evolve(
            sides=sides_with(state, seat, result.melds),
            pile=(),
            hands=set_at(state.hands, seat, sorted_cards(taken)),
            threes=set_at(state.threes, seat, state.threes[seat] + red),
            phase=Phase.PLAY,
            seat_melded=set_at(state.seat_melded, seat, True),
            turn_info=state.turn_info.evolve(
                drew=DrawSource.PILE,
                melded=False,  # the take's own meld: "may I go out?" may still be asked (C-OUT-4)
                new_ranks=tuple(result.new_labels),
                touched_old_melds=bool(result.touched),
            ),
        )
        if rules.players == 3 and after.lone_hand is None:
            after = form_partnership(after, seat)
        if going_out:
            return end_hand(after, HandEnd(EndReason.WENT_OUT, seat, concealed(after, seat)))
        return after

    ruling.build = build
    if going_out:
        concealed_note(state, seat, ruling)
    return ruling


# ----- Modern ------------------------------------------------------------------------------------


def take_modern(state: GameState, action: TakePile, *, explain: bool = False) -> Ruling:
    """The Modern rules for taking the pile; permitting reasons as for :func:`meld`."""
    rules = state.rules
    seat = state.turn
    ruling = Ruling()
    hand = state.hands[seat]
    remove_cards(hand, action.cards + tuple(c for g in action.melds for c in g.cards), what="take")
    blocked = pile_blocked(state)
    if blocked:
        ruling.forbid.append(blocked)
        return ruling
    top = state.pile[-1]
    side = state.side_of(seat)
    used = action.cards
    if len(used) != 2 or any(c.rank is not top.rank for c in used):
        ruling.forbid.append(Reason.of(R.M_PILE_1, top=str(top), pair=False))
        return ruling
    all_melds = tuple(m for s in state.sides for m in s.melds)
    if top.rank in closed_ranks(all_melds, rules):
        ruling.forbid.append(Reason.of(R.M_PILE_2, closed=top.rank.symbol))
        return ruling
    own_meld = next((m for m in side.melds if m.rank is top.rank), None)
    if own_meld is not None and own_meld.size >= 5:
        ruling.forbid.append(Reason.of(R.M_PILE_2, meld_cards=own_meld.size))
        return ruling
    ruling.permit.append(
        Reason.of(R.M_PILE_1, top=str(top), meld_cards=own_meld.size if own_meld else 0)
    )
    opening = not side.has_melded
    core = Group(sorted_cards((top, *used)))
    result = evaluate_groups(
        rules, (core, *action.melds), melds=side.melds, hand=(*hand, top), opening=opening,
        explain=explain,
    )
    ruling.forbid.extend(result.forbid)
    if opening:
        # M-INIT-5: a complete initial meld from the hand; the top card never counts (M-INIT-2)
        # and cannot be part of the clean meld, so cards of its rank are left out of that test.
        apart = tuple(g for g in action.melds if g.rank is not top.rank)
        extra = evaluate_groups(rules, apart, melds=(), hand=hand, opening=True) if apart else None
        joined = sum(card_points(c) for g in action.melds if g.rank is top.rank for c in g.cards)
        count = sum(card_points(c) for c in used) + joined + (extra.count if extra else 0)
        refused = len(ruling.forbid)
        modern_initial_meld(state, seat, count, extra, ruling, hand_only=True)
        if len(ruling.forbid) > refused:
            if count < state.minimum_for_seat(seat):
                ruling.forbid.append(Reason.of(R.M_INIT_2, count=count, top=str(top)))
            ruling.forbid.append(Reason.of(R.M_INIT_5, count=count, top=str(top)))
    ruling.permit.extend(result.permit)
    new_hand = result.hand + state.pile[:-1]
    if ruling.forbid:
        return ruling
    going_out_check(state, seat, result.melds, len(new_hand), ruling)
    if ruling.forbid:
        return ruling
    ruling.permit.append(Reason.of(R.M_PILE_3))
    if not explain:
        ruling.permit = []  # the few put together on the way; a verdict asks for them all
        ruling.permit_later = lambda: take_modern(state, action, explain=True).permit

    def build() -> GameState:
        return state.evolve(
            sides=sides_with(state, seat, result.melds),
            pile=(),
            hands=set_at(state.hands, seat, sorted_cards(new_hand)),
            phase=Phase.PLAY,
            seat_melded=set_at(state.seat_melded, seat, True),
            turn_info=state.turn_info.evolve(
                drew=DrawSource.PILE,
                # Taking the pile is the draw step: "may I go out?" may still be asked.
                melded=False,
                new_ranks=tuple(result.new_labels),
                touched_old_melds=bool(result.touched),
            ),
        )

    ruling.build = build
    return ruling


# ----- the takes worth judging, and the take forced at the stock's end ---------------------------


def take_candidates(state: GameState) -> list[TakePile]:
    """The ways to take the pile that use only the top card's rank (no extra melds): adding the
    top card to a meld, every natural pair, then every natural with a wild card."""
    if pile_blocked(state) is not None:
        return []
    rank = state.pile[-1].rank
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in state.hands[state.turn]:
        if card.rank is rank:
            naturals.append(card)
        elif card.is_wild:
            wilds.append(card)
    return takes_with(naturals, wilds)


def takes_with(naturals: list[Card], wilds: list[Card]) -> list[TakePile]:
    """:func:`take_candidates` of a hand holding ``naturals`` of the top card's rank and
    ``wilds`` (each in hand order), the pile not blocked."""
    out = [_TAKE_TOP]
    if not naturals:
        return out
    count = len(naturals)
    if count == 2:
        out.append(_take_with(naturals[0], naturals[1]))  # one pair (most hands)
    elif count > 2:
        # Each pair once (keyed by its cards, which are interned: cheaper than hashing takes),
        # in the order of the pairs' text (the cards are of one rank, so of one length).
        pairs = {
            take.cards: take
            for i, a in enumerate(naturals)
            for b in naturals[i + 1 :]
            for take in (_take_with(a, b),)
        }
        out.extend(sorted(pairs.values(),
                          key=lambda take: (take.cards[0].text, take.cards[1].text)))
    if wilds:
        same = tuple(dict.fromkeys(naturals)) if count > 1 else naturals
        for wild in dict.fromkeys(wilds) if len(wilds) > 1 else wilds:
            for natural in same:
                out.append(_take_with(natural, wild))
    return out


_TAKE_TOP = TakePile()


def _take_with(first: Card, second: Card) -> TakePile:
    """The take with these two cards from hand, kept once built (actions are immutable)."""
    take = _TAKES.get((first, second))
    if take is None:
        take = _TAKES[(first, second)] = TakePile(sorted_cards((first, second)))
    return take


_TAKES: dict[tuple[Card, Card], TakePile] = {}  # at most 55 * 55 entries: every pair of faces


def take_is_forced(state: GameState) -> bool:
    """C-END-3: with the stock empty, a discard matching the side's meld must be taken."""
    if state.stock or not state.pile or ends_with_stock(state.rules):
        return False
    top = state.pile[-1]
    seat = state.turn
    if not any(m.rank is top.rank for m in state.side_of(seat).melds):
        return False
    if is_frozen(state, seat) or state.phase is not Phase.DRAW:
        return False  # (in another phase no take is legal)
    return any(not take_classic(state, take).forbid for take in take_candidates(state))


def twin_melds(state: GameState, lone: int) -> list[Reason]:
    """C3-12: melds of one rank held by both future partners merge if the wild cards allow."""
    first, second = (state.side_of(s).melds for s in range(3) if s != lone)
    reasons = []
    for meld in second:
        twin = next((m for m in first if m.rank is meld.rank), None)
        if twin is not None:
            merged = twin.wilds + meld.wilds <= state.rules.max_wilds
            reasons.append(Reason.of(R.C3_12, rank=meld.label, merged=merged))
    return reasons
