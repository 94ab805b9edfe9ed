"""The judge: every action in every state gets a :class:`Verdict`, and legal actions are applied.

:func:`judge` returns the verdict; :func:`apply` returns the next state or raises
:class:`IllegalActionError` carrying the same verdict. Both run the same code (:func:`_rule`):
each rule block collects the reasons that forbid and permit the action, and a legal action comes
with a builder for its next state, so judging and applying can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Group,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import Card, Rank, card_points, sorted_cards
from tutor.engine.deal import deal_hand
from tutor.engine.errors import PositionError
from tutor.engine.melding import (
    GroupResult,
    closed_ranks,
    evaluate_groups,
    merge_by_rank,
    remove_cards,
)
from tutor.engine.melds import Meld as MeldValue
from tutor.engine.melds import shape_reasons
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import PlayerTally, SideTally, canasta_count, score_hand
from tutor.engine.state import (
    DrawSource,
    EndReason,
    GameState,
    HandEnd,
    Phase,
    Side,
    TurnInfo,
)
from tutor.engine.verdict import HouseRule, IllegalActionError, ParamValue, Reason, Verdict

Builder = Callable[[], GameState]


class _Ruling:
    """The reasons against and for one action, and how to build the next state when legal.

    A plain class rather than a dataclass: the judge makes one for every action it looks at,
    and the generated ``__init__`` with its list factories costs twice as much."""

    __slots__ = (
        "build",
        "forbid",
        "forbid_later",
        "more_forbid",
        "more_permit",
        "permit",
        "permit_later",
    )

    def __init__(self, forbid: list[Reason] | None = None) -> None:
        self.forbid: list[Reason] = [] if forbid is None else forbid
        self.permit: list[Reason] = []
        self.build: Builder | None = None
        # More reasons against the action, worked out only for a verdict (never for
        # ``is_legal``) and put first, as the substance: "why can't I go out?" costs a look at
        # the whole hand.
        self.more_forbid: Callable[[], list[Reason]] | None = None
        # The rest of the reasons against it, put after ``forbid`` for a verdict: ``forbid``
        # holds at least one already, which is all ``is_legal`` needs.
        self.forbid_later: Callable[[], list[Reason]] | None = None
        self.more_permit: Callable[[], list[Reason]] | None = None
        # The permitting reasons that need no more looking (card names, ...), put together only
        # for a verdict: ``is_legal`` asks for none, and the listing asks it of every candidate.
        self.permit_later: Callable[[], list[Reason]] | None = None


def judge(state: GameState, action: Action, *, seat: int | None = None) -> Verdict:
    """The verdict on ``action`` by ``seat`` (default: the seat to act) in ``state``.

    Raises :class:`PositionError` for an action naming cards the player does not hold.
    """
    return _verdict(state, action, _rule(state, action, seat))


def apply(state: GameState, action: Action, *, seat: int | None = None) -> GameState:
    """The state after a legal ``action``; an illegal one raises :class:`IllegalActionError`."""
    ruling = _rule(state, action, seat)
    # The ruling is complete (every forbidding rule was checked); the verdict's permitting
    # reasons are put together only when somebody reads them, so a legal move skips them.
    if ruling.forbid or ruling.build is None:
        raise IllegalActionError(_verdict(state, action, ruling))
    return ruling.build()


def is_legal(state: GameState, action: Action) -> bool:
    try:
        return not _rule(state, action, None).forbid
    except PositionError:
        return False


def successor(state: GameState, action: Action) -> GameState | None:
    """The state after ``action`` when it is legal, else None: :func:`apply` for the planner's
    trials, which need no verdict (no reasons put together, no exception raised)."""
    try:
        ruling = _rule(state, action, None)
    except PositionError:
        return None
    if ruling.forbid or ruling.build is None:
        return None
    return ruling.build()


def _verdict(state: GameState, action: Action, ruling: _Ruling) -> Verdict:
    if ruling.forbid:
        more = ruling.more_forbid() if ruling.more_forbid is not None else []
        later = ruling.forbid_later() if ruling.forbid_later is not None else []
        return Verdict(action, tuple(dict.fromkeys((*more, *ruling.forbid, *later))), ())
    later = ruling.permit_later() if ruling.permit_later is not None else []
    more = ruling.more_permit() if ruling.more_permit is not None else []
    permit = tuple(dict.fromkeys((*ruling.permit, *later, *more)))
    return Verdict(action, (), permit)


# ----- rule ids that differ only by family ---------------------------------------------------


def _ids(rules: RuleSet) -> dict[str, str]:
    if rules.is_modern:
        return _MODERN_IDS
    return _CLASSIC_IDS


_CLASSIC_IDS = {
    "turn-order": "C-TURN-1",
    "turn": "C-TURN-2",
    "end": "C-END-1",
    "game": "C-GAME-1",
    "ask": "C-OUT-4",
}
_MODERN_IDS = {
    "turn-order": "M-TURN-1",
    "turn": "M-TURN-2",
    "end": "M-END-1",
    "game": "M-GAME-1",
    "ask": "M-OUT-4",
}


def going_out_rule(rules: RuleSet) -> str:
    """The rule that sets how many canastas a side needs to go out."""
    if rules.is_modern:
        return "M-OUT-1"
    return {2: "C2-4", 3: "C3-8"}.get(rules.players, "C-OUT-1")


def going_out_reason(rules: RuleSet, canastas: int) -> Reason:
    """The canastas a side has against those it needs to go out; for three players the number
    may be a house rule (V-C7)."""
    reason = Reason.of(going_out_rule(rules), canastas=canastas, needed=rules.canastas_to_go_out)
    return reason.under(_canastas_option(rules))


def _canastas_option(rules: RuleSet) -> HouseRule | None:
    return rules.house_rule("V-C7") if rules.players == 3 else None


# ----- dispatch --------------------------------------------------------------------------------


def _rule(state: GameState, action: Action, seat: int | None) -> _Ruling:
    """Judge once: players ask ``is_legal`` and then ``apply`` the same action in a row."""
    global _memo
    memo = _memo
    if (memo is not None and memo[0] is state and memo[2] == seat
            and (memo[1] is action or memo[1] == action)):
        return memo[3]
    ruling = _judge_action(state, action, seat)
    _memo = (state, action, seat, ruling)
    return ruling


# A one-entry memo of the last ruling (the ruling of a pure function of its key).
_memo: tuple[GameState, Action, int | None, _Ruling] | None = None


def _judge_action(state: GameState, action: Action, seat: int | None) -> _Ruling:
    phase = state.phase
    # The bulk of the listing and of play (draws, takes, melds and discards by the player to
    # move) goes straight to its rule: the checks below would let it through unchanged.
    if seat is None or seat == state.turn:
        if phase is _PLAY:
            if isinstance(action, Discard) and not state.turn_info.no_discard:
                return _discard(state, action)
            if isinstance(action, Meld):
                return _meld(state, action)
        elif phase is _DRAW and state.stock:
            if isinstance(action, Draw):
                return _draw(state)
            if isinstance(action, TakePile):
                take = _take_modern if state.rules.is_modern else _take_classic
                return take(state, action)
    rules = state.rules
    ids = _ids(rules)
    if phase is Phase.GAME_OVER:
        return _refused(Reason.of(ids["game"], over=True).under(rules.house_rule("V-C10")))
    if phase is Phase.HAND_OVER:
        if isinstance(action, NextHand):
            ruling = _Ruling()
            ruling.permit.append(
                Reason.of(ids["game"], hand=state.hand_number + 2).under(
                    rules.house_rule("V-C10")
                )
            )
            ruling.build = lambda: _next_hand(state)
            return ruling
        return _refused(Reason.of(ids["end"], over=True))
    if isinstance(action, NextHand):
        return _refused(Reason.of(ids["end"], over=False))
    if seat is not None and seat != state.actor:
        ruling = _refused(Reason.of(ids["turn-order"], seat=seat, to_move=state.actor))
        if isinstance(action, Meld) and not rules.is_modern:
            ruling.forbid.append(Reason.of("C-TURN-5", to_move=state.actor))
        return ruling
    if phase is Phase.ANSWER:
        if isinstance(action, Answer):
            return _answer(state, action)
        return _refused(Reason.of(ids["ask"], waiting=True))
    if isinstance(action, Answer):
        return _refused(Reason.of(ids["ask"], asked=False))
    if phase is Phase.DRAW and not state.stock and ends_with_stock(rules):
        return _after_last_discard(state, action)
    if isinstance(action, AskPartner):
        return _ask(state)
    if isinstance(action, Pass):
        return _pass(state)
    if phase is Phase.DRAW:
        if isinstance(action, Draw):
            return _draw(state)
        if isinstance(action, TakePile):
            return _take_modern(state, action) if rules.is_modern else _take_classic(state, action)
        return _refused(Reason.of(ids["turn"], step="draw"))
    # Phase.PLAY
    if isinstance(action, Discard):
        if state.turn_info.no_discard:
            return _refused(Reason.of("C-END-2", discard=False).under(rules.house_rule("V-C3")))
        return _discard(state, action)
    if isinstance(action, Meld):
        return _meld(state, action)
    if isinstance(action, Draw | TakePile):
        ruling = _refused(Reason.of(ids["turn"], step="play", drew=True))
        if rules.draw_count == 2 and state.turn_info.drew is DrawSource.PILE:
            ruling.forbid.append(Reason.of("C2-3" if rules.players == 2 else "C3-2", pile=True))
        return ruling
    raise PositionError(f"unknown action {action!r}")


# Module constants: enum members are slower to look up.
_PLAY = Phase.PLAY
_DRAW = Phase.DRAW


def _refused(reason: Reason) -> _Ruling:
    """A ruling against the action, for ``reason`` (more may be added)."""
    return _Ruling([reason])


# ----- the end of the stock ---------------------------------------------------------------------


def ends_with_stock(rules: RuleSet) -> bool:
    """Whether the hand ends with the discard of the player who drew the last stock card:
    always in Modern (M-END-2), in Classic for three under V-C9. Elsewhere play goes on while
    players take the discard (C-END-3)."""
    return rules.is_modern or (rules.players == 3 and rules.stock_end_3p == "end")


def _stock_over(rules: RuleSet, **params: ParamValue) -> Reason:
    """The rule that stops all play once the stock is empty (see :func:`ends_with_stock`)."""
    if rules.is_modern:
        return Reason.of("M-END-2", **{"stock": 0, **params})
    return Reason.of("C3-10", ends=True, **params).under(rules.house_rule("V-C9"))


def _after_last_discard(state: GameState, action: Action) -> _Ruling:
    """A player to draw from an empty stock where play ends with the last card's discard (a
    position the loader accepts, not one play reaches): nobody may draw or take the pile any
    more, and passing ends the hand (M-END-2; C3-10 under V-C9)."""
    rules = state.rules
    ruling = _Ruling()
    if isinstance(action, Pass):
        ruling.permit.append(_stock_over(rules, stock=0))
        ruling.build = lambda: _end_hand(state, HandEnd(EndReason.STOCK_EXHAUSTED, state.turn))
        return ruling
    if isinstance(action, TakePile):
        cards = action.cards + tuple(c for g in action.melds for c in g.cards)
        remove_cards(state.hands[state.turn], cards, what="take")
        ruling.forbid.append(_stock_over(rules, pile=True))
        return ruling
    if isinstance(action, Meld | Discard):
        ruling.forbid.append(Reason.of(_ids(rules)["turn"], step="draw"))
    ruling.forbid.append(_stock_over(rules, stock=0))
    return ruling


# ----- drawing ---------------------------------------------------------------------------------


def _draw(state: GameState) -> _Ruling:
    rules = state.rules
    ruling = _Ruling()
    if not state.stock:
        ruling.forbid.append(Reason.of("M-END-2" if rules.is_modern else "C-END-3", stock=0))
        return ruling
    ruling.permit_later = lambda: _draw_permits(state)
    ruling.build = lambda: _apply_draw(state)
    return ruling


def _drew_from_stock(info: TurnInfo) -> TurnInfo:
    """``info`` once the player has drawn from the stock. Most turns begin with one of the four
    fresh values (:data:`_FRESH_TURNS`), so theirs are made once."""
    after = _AFTER_STOCK_DRAW.get(id(info))
    if after is not None and after[0] is info:
        return after[1]
    return info.evolve(drew=DrawSource.STOCK)


def _draw_permits(state: GameState) -> list[Reason]:
    """The rules that allow drawing from the stock (for the verdict; ``is_legal`` needs none)."""
    rules = state.rules
    cards = min(rules.draw_count, len(state.stock))
    permit = [Reason.of(_ids(rules)["turn"], step="draw", cards=cards)]
    if rules.draw_count == 2:
        permit.append(Reason.of("C2-2" if rules.players == 2 else "C3-2"))
    return permit


def _is_bonus_three(rules: RuleSet, card: Card) -> bool:
    return card.is_three if rules.is_modern else card.is_red_three


def _apply_draw(state: GameState) -> GameState:
    rules = state.rules
    seat = state.turn
    card = state.stock[-1]
    if rules.draw_count == 1 and len(state.stock) > 1 and not _is_bonus_three(rules, card):
        # The common draw, in one copy of the state: one card, no three, not the last card.
        return state.evolve(
            stock=state.stock[:-1],
            hands=_set(state.hands, seat, sorted_cards((*state.hands[seat], card))),
            phase=_PLAY,
            turn_info=_drew_from_stock(state.turn_info),
        )
    stock = list(state.stock)
    hand = list(state.hands[seat])
    laid = list(state.threes[seat])
    got = 0
    while got < rules.draw_count and stock:
        card = stock.pop()
        if _is_bonus_three(rules, card):
            if rules.is_modern and not stock:
                # M-END-2: a three as the last stock card stays in hand and ends the hand.
                hand.append(card)
                ended = state.evolve(
                    stock=(),
                    hands=_set(state.hands, seat, sorted_cards(hand)),
                    threes=_set(state.threes, seat, tuple(laid)),
                )
                return _end_hand(ended, HandEnd(EndReason.THREE_LAST, seat))
            laid.append(card)  # C-TURN-3 / M-TURN-3: laid out and replaced
            continue
        hand.append(card)
        got += 1
    drawn = state.evolve(
        stock=tuple(stock),
        hands=_set(state.hands, seat, sorted_cards(hand)),
        threes=_set(state.threes, seat, tuple(laid)),
        phase=Phase.PLAY,
        turn_info=state.turn_info.evolve(drew=DrawSource.STOCK),
    )
    if got == 0:
        # C-END-2 / C2-5: only red threes came from the end of the stock.
        if rules.red_three_last == "may-meld":
            return drawn.evolve(turn_info=drawn.turn_info.evolve(no_discard=True))
        return _end_hand(drawn, HandEnd(EndReason.THREE_LAST, seat))
    return drawn


# ----- taking the discard pile -----------------------------------------------------------------


def pile_blocked(state: GameState) -> Reason | None:
    """Why nobody can take the pile now, whatever they hold (C-PILE-1/2, M-PILE-2)."""
    modern = state.rules.is_modern
    if not state.pile:
        return Reason.of("M-PILE-2", empty=True) if modern else Reason.of("C-PILE-1", pile=0)
    top = state.pile[-1]
    if top.is_wild or top.is_three:
        return Reason.of("M-PILE-2" if modern else "C-PILE-2", top=str(top))
    return None


def pile_freezers(state: GameState) -> tuple[Card, ...]:
    """Cards in the pile that freeze it for everybody (C-PILE-3b, V-C2)."""
    black = state.rules.black_three == "freezes"
    return tuple(c for c in state.pile if _freezes(c, black))


def _freezes(card: Card, black_three_freezes: bool) -> bool:
    return card.is_wild or card.is_red_three or (black_three_freezes and card.is_black_three)


def pile_reasons(state: GameState, seat: int) -> list[Reason]:
    """What stands between ``seat`` and the pile whatever it holds, for the table to show: a
    card on top that stops everybody, then why the pile is frozen for the seat's side. In
    Modern the pile is always frozen (M-PILE-1)."""
    reasons = [blocked] if (blocked := pile_blocked(state)) else []
    if state.rules.is_modern:
        if state.pile and not blocked:
            reasons.append(Reason.of("M-PILE-1", top=str(state.pile[-1]), pair=False))
        return reasons
    return (reasons + frozen_reasons(state, seat)) if state.pile else reasons


def frozen_reasons(state: GameState, seat: int) -> list[Reason]:
    """Why the pile is frozen against ``seat``'s side (empty when it is not), Classic."""
    reasons = []
    if not state.side_of(seat).has_melded:
        reasons.append(Reason.of("C-PILE-3", case="a"))
    first = _first_freezer(state)
    if first is not None:
        if first.is_black_three:  # only under V-C2
            reasons.append(
                Reason.of("C-PILE-3", case="b", card=str(first)).under(
                    state.rules.house_rule("V-C2")
                )
            )
        else:
            reasons.append(Reason.of("C-PILE-3", case="b", card=str(first)))
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


def _take_classic(state: GameState, action: TakePile, *, explain: bool = False) -> _Ruling:
    """The Classic rules for taking the pile; permitting reasons as for :func:`_meld`."""
    rules = state.rules
    seat = state.turn
    ruling = _Ruling()
    hand = state.hands[seat]
    used = action.cards
    if used or action.melds:
        remove_cards(hand, used + tuple(c for g in action.melds for c in g.cards), what="take")
    blocked = pile_blocked(state)
    if blocked:
        ruling.forbid.append(blocked)
        return ruling
    top = state.pile[-1]
    side = state.side_of(seat)
    own_meld = next((m for m in side.melds if m.rank is top.rank), None)
    frozen = is_frozen(state, seat)
    forced_end = not state.stock and own_meld is not None and not frozen
    if len(hand) == 1 and len(state.pile) == 1:
        if forced_end and rules.one_card_vs_forced == "obligation":
            ruling.permit.append(Reason.of("C-END-4", take=True).under(rules.house_rule("V-C4")))
        else:
            ruling.forbid.append(Reason.of("C-PILE-6", hand=1, pile=1))
            if forced_end:
                ruling.forbid.append(Reason.of("C-END-4", hand=1, pile=1))
    naturals = [c for c in used if c.is_natural]
    wilds = [c for c in used if c.is_wild]
    if any(c.rank is not top.rank for c in naturals) or len(naturals) + len(wilds) != len(used):
        ruling.forbid.append(Reason.of("C-PILE-4", top=top.text, matching=False))
    elif len(used) == 2 and len(naturals) == 2:
        ruling.permit.append(
            Reason.of("C-PILE-4", top=top.text)
            if frozen
            else Reason.of("C-PILE-5", way="a", top=top.text)
        )
        if frozen:
            ruling.permit.extend(frozen_reasons(state, seat))
    elif len(used) == 2 and len(naturals) == 1:
        if frozen:
            ruling.forbid.append(Reason.of("C-PILE-4", top=top.text, wilds=1))
            ruling.forbid_later = lambda: frozen_reasons(state, seat)
        else:
            ruling.permit.append(Reason.of("C-PILE-5", way="b", top=top.text))
    elif not used:
        if frozen:
            ruling.forbid.append(Reason.of("C-PILE-4", top=top.text, cards=0))
            ruling.forbid_later = lambda: frozen_reasons(state, seat)
        elif rules.pile_onto_meld == "two-cards-from-hand":
            ruling.forbid.append(
                Reason.of("C-PILE-5", way="c", cards=0).under(rules.house_rule("V-C5"))
            )
        elif own_meld is None:
            ruling.forbid.append(Reason.of("C-PILE-5", way="c", meld=False, top=top.text))
        else:
            ruling.permit.append(Reason.of("C-PILE-5", way="c", top=top.text))
    elif len(used) == 2 and not naturals:
        ruling.forbid.append(Reason.of("C-PILE-5", wilds=2))
    else:
        ruling.forbid.append(Reason.of("C-PILE-4", top=top.text, cards=len(used)))
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
                Reason.of("C-INIT-1", minimum=minimum, count=count, score=state.scores[seat])
            )
            ruling.forbid.append(Reason.of("C-INIT-3", minimum=minimum, count=count))
        else:
            ruling.permit.append(Reason.of("C-INIT-3", minimum=minimum, count=count))
        _classic_opening_notes(state, seat, count, False, ruling)
    ruling.permit.extend(result.permit)
    if state.stock == () and forced_end:
        ruling.permit.append(Reason.of("C-END-3", forced=True))
    if rules.players == 3 and state.lone_hand is None:
        ruling.permit.append(Reason.of("C3-3", seat=seat))
        ruling.permit.extend(twin_melds(state, seat))
    if rules.draw_count == 2:
        ruling.permit.append(Reason.of("C2-3" if rules.players == 2 else "C3-2", pile=True))
    new_hand = result.hand + state.pile[:-1]
    going_out = _going_out_check(state, seat, result.melds, len(new_hand), ruling)
    if ruling.forbid:
        return ruling
    red = tuple(c for c in state.pile if c.is_red_three)
    if red:
        ruling.permit.append(Reason.of("C-PILE-7", count=len(red)))
    if not explain:
        ruling.permit = []  # the few put together on the way; a verdict asks for them all
        ruling.permit_later = lambda: _take_classic(state, action, explain=True).permit
    taken = tuple(c for c in new_hand if not c.is_red_three)

    def build() -> GameState:
        after = state.evolve(
            sides=_sides_with(state, seat, result.melds),
            pile=(),
            hands=_set(state.hands, seat, sorted_cards(taken)),
            threes=_set(state.threes, seat, state.threes[seat] + red),
            phase=Phase.PLAY,
            seat_melded=_set(state.seat_melded, seat, True),
            turn_info=state.turn_info.evolve(
                drew=DrawSource.PILE,
                melded=False,  # the take's own meld: "may I go out?" may still be asked (C-OUT-4)
                new_ranks=tuple(result.new_labels),
                touched_old_melds=bool(result.touched),
            ),
        )
        if rules.players == 3 and after.lone_hand is None:
            after = _form_partnership(after, seat)
        if going_out:
            return _end_hand(after, HandEnd(EndReason.WENT_OUT, seat, _concealed(after, seat)))
        return after

    ruling.build = build
    if going_out:
        _concealed_note(state, seat, ruling)
    return ruling


def _take_modern(state: GameState, action: TakePile, *, explain: bool = False) -> _Ruling:
    """The Modern rules for taking the pile; permitting reasons as for :func:`_meld`."""
    rules = state.rules
    seat = state.turn
    ruling = _Ruling()
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
        ruling.forbid.append(Reason.of("M-PILE-1", top=str(top), pair=False))
        return ruling
    all_melds = tuple(m for s in state.sides for m in s.melds)
    if top.rank in closed_ranks(all_melds, rules):
        ruling.forbid.append(Reason.of("M-PILE-2", closed=top.rank.symbol))
        return ruling
    own_meld = next((m for m in side.melds if m.rank is top.rank), None)
    if own_meld is not None and own_meld.size >= 5:
        ruling.forbid.append(Reason.of("M-PILE-2", meld_cards=own_meld.size))
        return ruling
    ruling.permit.append(
        Reason.of("M-PILE-1", top=str(top), meld_cards=own_meld.size if own_meld else 0)
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
        _modern_initial_meld(state, seat, count, extra, ruling, hand_only=True)
        if len(ruling.forbid) > refused:
            if count < state.minimum_for_seat(seat):
                ruling.forbid.append(Reason.of("M-INIT-2", count=count, top=str(top)))
            ruling.forbid.append(Reason.of("M-INIT-5", count=count, top=str(top)))
    ruling.permit.extend(result.permit)
    new_hand = result.hand + state.pile[:-1]
    if ruling.forbid:
        return ruling
    _going_out_check(state, seat, result.melds, len(new_hand), ruling)
    if ruling.forbid:
        return ruling
    ruling.permit.append(Reason.of("M-PILE-3"))
    if not explain:
        ruling.permit = []  # the few put together on the way; a verdict asks for them all
        ruling.permit_later = lambda: _take_modern(state, action, explain=True).permit

    def build() -> GameState:
        return state.evolve(
            sides=_sides_with(state, seat, result.melds),
            pile=(),
            hands=_set(state.hands, seat, sorted_cards(new_hand)),
            phase=Phase.PLAY,
            seat_melded=_set(state.seat_melded, seat, True),
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


def _modern_initial_meld(
    state: GameState,
    seat: int,
    count: int,
    result: GroupResult | None,
    ruling: _Ruling,
    *,
    hand_only: bool,
) -> None:
    """M-INIT-1..5 for a Modern side's first meld; ``result`` is the groups from hand."""
    rules = state.rules
    minimum = state.minimum_for_seat(seat)
    clean = result.clean_melds if result else 0
    wild_cards = result.wild_meld_cards if result else 0
    exempt_kind = result.exempt_canasta if result else None
    exemption = rules.canasta_exemption
    exempt = (
        exempt_kind is not None
        and not hand_only
        and (exemption == "any" or (exemption == "natural-or-wild" and exempt_kind != "mixed"))
    )
    if exempt:
        reason = Reason.of("M-INIT-4", kind=str(exempt_kind))
        mixed = exempt_kind == "mixed"  # exempt only under V-M6
        ruling.permit.append(reason.under(rules.house_rule("V-M6")) if mixed else reason)
    elif count < minimum:
        ruling.forbid.append(
            Reason.of("M-INIT-1", minimum=minimum, count=count, score=state.scores[seat])
        )
        if exempt_kind is not None:  # a canasta from hand that does not exempt (V-M6, pile)
            reason = Reason.of("M-INIT-4", kind=exempt_kind, pile=hand_only)
            ruling.forbid.append(reason if hand_only else reason.under(rules.house_rule("V-M6")))
    else:
        ruling.permit.append(Reason.of("M-INIT-1", minimum=minimum, count=count))
        ruling.permit.append(Reason.of("M-INIT-2", count=count))
    needs = rules.initial_meld_needs
    has_naturals3 = bool(result and result.natural3_melds)
    satisfied = clean > 0 or (needs == "clean-or-wild" and wild_cards >= 3)
    if needs == "three-naturals":
        satisfied = clean > 0 or has_naturals3 or wild_cards >= 3
    if exempt:
        return
    reason = Reason.of("M-INIT-3", clean=clean, wild=wild_cards)
    if not satisfied:
        ruling.forbid.append(reason.under(rules.house_rule("V-M5")))
    elif clean == 0 and wild_cards < 3:
        # satisfied only by what the house rule allows (V-M5: three naturals with wild cards)
        ruling.permit.append(reason.under(rules.house_rule("V-M5")))
    else:
        ruling.permit.append(reason)
    if hand_only:
        ruling.permit.append(Reason.of("M-INIT-5"))


# ----- melding ---------------------------------------------------------------------------------


def _meld(state: GameState, action: Meld, *, explain: bool = False) -> _Ruling:
    """The meld rules. The listing judges every candidate meld, so by default the permitting
    reasons are not put together: a legal meld's verdict gets them from the same judgment run
    again with ``explain`` (the forbidding reasons are the same either way)."""
    rules = state.rules
    seat = state.turn
    ruling = _Ruling()
    side = state.side_of(seat)
    opening = not side.has_melded
    closed = (
        closed_ranks(tuple(m for s in state.sides for m in s.melds), rules)
        if rules.is_modern
        else frozenset()  # M-MELD-8 is Modern's
    )
    result = evaluate_groups(
        rules,
        action.groups,
        melds=side.melds,
        hand=state.hands[seat],
        opening=opening,
        closed_ranks=closed,
        explain=explain,
    )
    ruling.forbid.extend(result.forbid)
    if result.forbid:
        if not rules.is_modern:
            ruling.forbid.extend(_onto_opponents(state, seat, action.groups))
        return ruling
    if opening:
        if rules.is_modern:
            _modern_initial_meld(state, seat, result.count, result, ruling, hand_only=False)
        else:
            minimum = state.minimum_for_seat(seat)
            # C-INIT-5 / C-OUT-5: melding the whole hand in one turn (the last card may be
            # the going-out discard) needs no minimum.
            concealed_exempt = (
                len(result.hand) <= 1
                and state.turn_info.drew is DrawSource.STOCK
                and canasta_count(result.melds, rules) > 0
            )
            if concealed_exempt:
                if explain:
                    ruling.permit.append(Reason.of("C-INIT-5"))
            elif result.count < minimum:
                ruling.forbid.append(
                    Reason.of(
                        "C-INIT-1", minimum=minimum, count=result.count, score=state.scores[seat]
                    )
                )
            elif explain:
                ruling.permit.append(Reason.of("C-INIT-1", minimum=minimum, count=result.count))
                ruling.permit.append(Reason.of("C-INIT-2", count=result.count))
            _classic_opening_notes(state, seat, result.count, concealed_exempt, ruling)
    elif explain and rules.is_modern:
        ruling.permit.append(Reason.of("M-INIT-6"))  # the side has opened: no minimum
    elif explain and result.count < state.minimum_for_seat(seat):
        ruling.permit.append(Reason.of("C-INIT-4", count=result.count))  # no minimum now
    ruling.permit.extend(result.permit)
    if len(result.hand) > 1 and Rank.THREE in [m.rank for m in result.melds]:
        ruling.forbid.append(Reason.of("C-MELD-9", going_out=False))
    going_out = _going_out_check(state, seat, result.melds, len(result.hand), ruling)
    if ruling.forbid:
        return ruling
    if state.turn_info.answer is True and _yes_binds(rules) and len(result.hand) > 1:
        from tutor.engine.going_out import find_going_out

        probe = _with_melds(state, seat, result.melds)
        probe = probe.evolve(
            hands=_set(probe.hands, seat, result.hand),
            turn_info=probe.turn_info.evolve(melded=True),
        )
        if find_going_out(probe) is None and find_going_out(state) is not None:
            ruling.forbid.append(_yes_reason(rules))
            return ruling
    if not explain:
        ruling.permit = []  # the few put together on the way; a verdict asks for them all
        ruling.permit_later = lambda: _meld(state, action, explain=True).permit

    def build() -> GameState:
        info = state.turn_info
        after = state.evolve(
            sides=_sides_with(state, seat, result.melds),
            hands=_set(state.hands, seat, result.hand),
            seat_melded=_set(state.seat_melded, seat, True),
            turn_info=info.evolve(
                melded=True,
                new_ranks=info.new_ranks + tuple(result.new_labels),
                touched_old_melds=info.touched_old_melds
                or bool(set(result.touched) - set(info.new_ranks)),
            ),
        )
        if going_out:
            return _end_hand(after, HandEnd(EndReason.WENT_OUT, seat, _concealed(after, seat)))
        return after

    ruling.build = build
    if going_out:
        _concealed_note(state, seat, ruling)
    return ruling


def _yes_binds(rules: RuleSet) -> bool:
    return not rules.is_modern or rules.partner_yes == "binding"


def _yes_reason(rules: RuleSet) -> Reason:
    """After a binding yes the player must go out; in Modern the table decides (V-M2)."""
    if rules.is_modern:
        return Reason.of("M-OUT-4", answer="yes").under(rules.house_rule("V-M2"))
    return Reason.of("C-OUT-4", answer="yes")


def _going_out_check(
    state: GameState,
    seat: int,
    melds_after: tuple[MeldValue, ...],
    cards_left: int,
    ruling: _Ruling,
) -> bool:
    """Rules on how many cards a meld may leave (C-OUT-1/3, C-MELD-8, M-DISC-3, M-OUT-1/4/5).

    Returns True when the action empties the hand (the player goes out by melding).
    """
    rules = state.rules
    canastas = canasta_count(melds_after, rules)
    needed = rules.canastas_to_go_out
    answer = state.turn_info.answer
    if cards_left == 0 and rules.is_modern:  # going out always takes a discard (M-OUT-1)
        ruling.forbid.append(Reason.of("M-DISC-3", cards_left=0))
        if canastas < needed:
            ruling.forbid.append(going_out_reason(rules, canastas))
        return False
    if cards_left == 0:
        if canastas < needed:
            ruling.forbid.append(going_out_reason(rules, canastas))
            ruling.forbid.append(Reason.of("C-OUT-3", cards_left=0))
        elif answer is False:
            ruling.forbid.append(Reason.of("C-OUT-4", answer="no"))
        else:
            ruling.permit.append(going_out_reason(rules, canastas))
            ruling.permit.append(Reason.of("C-OUT-2"))
        return True
    if cards_left == 1:
        # The last card must then be discarded to go out (C-MELD-8, M-DISC-3).
        keep = Reason.of(
            "M-DISC-3" if rules.is_modern else "C-MELD-8",
            cards_left=1,
            canastas=canastas,
            needed=needed,
        )
        if canastas < needed:
            ruling.forbid.append(keep.under(_canastas_option(rules)))
        elif answer is False:
            ruling.forbid.append(Reason.of(_ids(rules)["ask"], answer="no"))
        else:
            ruling.permit.append(keep)
            if rules.is_modern:
                _modern_incomplete_check(rules, melds_after, ruling)
    return False


def _modern_incomplete_check(rules: RuleSet, melds: tuple[MeldValue, ...], ruling: _Ruling) -> None:
    """V-M4: going out may be forbidden while a special meld is incomplete (M-OUT-5)."""
    from tutor.engine.scoring import incomplete_special_penalty

    incomplete = [m for m in melds if incomplete_special_penalty(m, rules)]
    if incomplete and rules.out_with_incomplete_special == "forbidden":
        ruling.forbid.append(
            Reason.of("M-OUT-5", meld=incomplete[0].label, out=False).under(
                rules.house_rule("V-M4")
            )
        )
    elif incomplete:
        ruling.permit.append(Reason.of("M-OUT-5", meld=incomplete[0].label))


# ----- discarding ------------------------------------------------------------------------------


def _discard(state: GameState, action: Discard) -> _Ruling:
    rules = state.rules
    seat = state.turn
    ruling = _Ruling()
    hand = state.hands[seat]
    card = action.card
    if card in hand:  # the common case, without remove_cards' copy of the hand
        index = hand.index(card)
        remaining = hand[:index] + hand[index + 1 :]
    else:
        remaining = remove_cards(hand, (card,), what="discard")
    answer = state.turn_info.answer
    going_out = not remaining
    if rules.is_modern:
        _modern_discard_checks(state, seat, card, remaining, ruling)
    if going_out:
        side = state.side_of(seat)
        canastas = canasta_count(side.melds, rules)
        if canastas < rules.canastas_to_go_out:
            ruling.forbid.append(going_out_reason(rules, canastas))
            if not rules.is_modern:
                ruling.forbid.append(Reason.of("C-OUT-3", cards_left=0))
        elif answer is False:
            ruling.forbid.append(Reason.of(_ids(rules)["ask"], answer="no"))
        else:
            if rules.is_modern:
                _modern_incomplete_check(rules, side.melds, ruling)
            ruling.permit.append(going_out_reason(rules, canastas))
    elif answer is True and _yes_binds(rules):
        from tutor.engine.going_out import find_going_out

        if find_going_out(state) is not None:
            ruling.forbid.append(_yes_reason(rules))
    elif answer is True:  # V-M2: the partner's yes is only advice
        ruling.permit.append(
            Reason.of("M-OUT-4", answer="yes", advisory=True).under(rules.house_rule("V-M2"))
        )
    if ruling.forbid:
        return ruling
    talon = 0 if going_out else talon_size(state, seat)
    ruling.permit_later = lambda: _discard_permits(state, card, going_out, talon)

    def build() -> GameState:
        hands = _set(state.hands, seat, remaining)
        pile = (*state.pile, card)
        if not going_out and not talon and (state.stock or not ends_with_stock(rules)):
            return _next_turn(state, hands=hands, pile=pile)  # the common discard: one copy
        after = state.evolve(hands=hands, pile=pile)
        if going_out:
            return _end_hand(after, HandEnd(EndReason.WENT_OUT, seat, _concealed(after, seat)))
        if talon:
            after = _take_talon(after, seat, talon)
        if not after.stock and ends_with_stock(rules):
            return _end_hand(after, HandEnd(EndReason.STOCK_EXHAUSTED, seat))
        return _next_turn(after)

    ruling.build = build
    if going_out:
        _concealed_note(state, seat, ruling)
    return ruling


def _discard_permits(state: GameState, card: Card, going_out: bool, talon: int) -> list[Reason]:
    """The rules that allow a legal discard as made (for the verdict; ``is_legal`` needs none)."""
    rules = state.rules
    permit = [Reason.of(_ids(rules)["turn"], step="discard", card=str(card))]
    if not rules.is_modern:
        if card.is_wild:
            permit.append(Reason.of("C-TURN-4", card=str(card), freezes=True))
        elif card.is_black_three:
            permit.append(Reason.of("C-TURN-4", card=str(card)))
            permit.append(Reason.of("C-PILE-8", card=str(card)).under(rules.house_rule("V-C2")))
        if rules.players == 3 and not state.stock and not going_out:
            permit.append(
                Reason.of("C3-10", ends=rules.stock_end_3p == "end").under(
                    rules.house_rule("V-C9")
                )
            )
    if talon:
        permit.append(Reason.of("M-INIT-1", talon=talon).under(rules.house_rule("V-M1")))
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


def _take_talon(state: GameState, seat: int, count: int) -> GameState:
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
        hands=_set(state.hands, seat, sorted_cards(hand)),
        threes=_set(state.threes, seat, tuple(laid)),
    )


def _modern_discard_checks(
    state: GameState, seat: int, card: Card, remaining: tuple[Card, ...], ruling: _Ruling
) -> None:
    """M-DISC-1, M-DISC-2 and M-DISC-4 (SWAD on an empty pile)."""
    rules = state.rules
    if card.is_three:
        ruling.forbid.append(Reason.of("M-DISC-1", card=str(card)))
        if not remaining:
            ruling.forbid.append(Reason.of("M-OUT-2", card=str(card)))
        return
    if card.is_wild:
        only_wild = all(c.is_wild for c in remaining)
        if remaining and not only_wild:
            ruling.forbid.append(Reason.of("M-DISC-2", card=str(card)))
        else:
            ruling.permit.append(Reason.of("M-DISC-2", card=str(card), going_out=not remaining))
            if not remaining:
                ruling.permit.append(Reason.of("M-OUT-2", card=str(card)))
        return
    if state.pile:
        return
    if card.rank in (Rank.ACE, Rank.SEVEN):
        others = [c for c in remaining if c.is_natural and c.rank not in (Rank.ACE, Rank.SEVEN)]
        if others:
            ruling.forbid.append(Reason.of("M-DISC-4", card=str(card), others=len(others)))
            return
        ruling.permit.append(Reason.of("M-DISC-4", card=str(card)))
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
            ruling.forbid.append(Reason.of("M-DISC-4", card=str(card), dead=True))
        else:
            ruling.permit.append(Reason.of("M-DISC-4", card=str(card), dead=True))


# ----- asking the partner ----------------------------------------------------------------------


def _ask(state: GameState) -> _Ruling:
    rules = state.rules
    seat = state.turn
    ruling = _Ruling()
    rule = _ids(rules)["ask"]
    if rules.players == 2:
        ruling.forbid.append(Reason.of("C2-7", partner=False))
        return ruling
    if not state.has_partner(seat):
        ruling.forbid.append(Reason.of("C3-11", partnership=False))
        return ruling
    info = state.turn_info
    if info.asked:
        ruling.forbid.append(Reason.of(rule, asked=True))
        return ruling
    if rules.is_modern:
        once = (
            state.asked[seat]
            if rules.ask_once_per == "player"
            else any(state.asked[s] for s in state.side_of(seat).seats)
        )
        if once:
            ruling.forbid.append(
                Reason.of("M-OUT-4", once=True, per=rules.ask_once_per).under(
                    rules.house_rule("V-M8")
                )
            )
            return ruling
    if state.phase is Phase.DRAW and rules.ask_when != "before-or-after-draw":
        ruling.forbid.append(Reason.of(rule, drawn=False))
        return ruling
    if info.melded:
        ruling.forbid.append(Reason.of(rule, melded=True))
        return ruling
    from tutor.engine.going_out import find_going_out, going_out_obstacles

    if state.phase is Phase.PLAY and find_going_out(state) is None:
        ruling.forbid.append(Reason.of(rule, possible=False))
        ruling.more_forbid = lambda: going_out_obstacles(state)  # why not (for verdicts only)
        return ruling
    if state.phase is Phase.PLAY and not _can_stay_in(state):
        # Both answers must be possible to obey: a player left with one card after taking the
        # pile can only end the turn by going out, so a "no" would leave no move at all.
        ruling.forbid.append(Reason.of(rule, obey_no=False))
        return ruling
    ruling.permit.append(Reason.of(rule, partner=state.partner_of(seat)))
    if state.phase is Phase.DRAW:
        ruling.permit.append(
            Reason.of(rule, when="before-draw").under(rules.house_rule("V-C11"))
        )

    def build() -> GameState:
        return state.evolve(
            phase=Phase.ANSWER,
            asked=_set(state.asked, seat, True),
            turn_info=info.evolve(asked=True),
        )

    ruling.build = build
    return ruling


def _answer(state: GameState, action: Answer) -> _Ruling:
    rules = state.rules
    ruling = _Ruling()
    rule = _ids(rules)["ask"]
    reason = Reason.of(
        rule, answer="yes" if action.yes else "no", binding=action.yes is False or _yes_binds(rules)
    )
    ruling.permit.append(reason.under(rules.house_rule("V-M2")) if action.yes and rules.is_modern
                         else reason)
    resume = Phase.PLAY if state.turn_info.drew is not None else Phase.DRAW

    def build() -> GameState:
        return state.evolve(phase=resume, turn_info=state.turn_info.evolve(answer=action.yes))

    ruling.build = build
    return ruling


def _can_stay_in(state: GameState) -> bool:
    """Whether the player could finish this turn without going out, as after a "no"."""
    info = state.turn_info
    if not state.rules.is_modern and not info.no_discard and len(state.hands[state.turn]) >= 2:
        return True  # a Classic discard may be any card, and one card stays in hand
    from tutor.engine.listing import legal_actions

    told_no = state.evolve(turn_info=state.turn_info.evolve(asked=True, answer=False))
    return bool(legal_actions(told_no))


# ----- passing ---------------------------------------------------------------------------------


def _pass(state: GameState) -> _Ruling:
    rules = state.rules
    ruling = _Ruling()
    seat = state.turn
    if state.phase is Phase.PLAY:
        if state.turn_info.no_discard:
            ruling.permit.append(
                Reason.of("C-END-2", discard=False).under(rules.house_rule("V-C3"))
            )
            ruling.build = lambda: _end_hand(state, HandEnd(EndReason.THREE_LAST, seat))
        else:
            ruling.forbid.append(Reason.of(_ids(rules)["turn"], step="play", discard=True))
        return ruling
    if state.stock or rules.is_modern:
        ruling.forbid.append(Reason.of(_ids(rules)["turn"], step="draw", stock=len(state.stock)))
        return ruling
    if take_is_forced(state):
        top = state.pile[-1]
        ruling.forbid.append(Reason.of("C-END-3", forced=True, top=str(top)))
        if one_card_conflict(state):  # the take is forced only because V-C4 says so
            ruling.forbid.append(Reason.of("C-END-4", take=True).under(rules.house_rule("V-C4")))
        return ruling
    ruling.permit.append(Reason.of("C-END-3", forced=False))
    if one_card_conflict(state):
        ruling.permit.append(Reason.of("C-END-4", hand=1, pile=1))
    ruling.build = lambda: _end_hand(state, HandEnd(EndReason.STOCK_EXHAUSTED, seat))
    return ruling


def one_card_conflict(state: GameState) -> bool:
    """C-END-4: one card in hand against a one-card pile that the side's meld would force."""
    seat = state.turn
    if state.stock or len(state.pile) != 1 or len(state.hands[seat]) != 1:
        return False
    if pile_blocked(state) is not None or is_frozen(state, seat):
        return False
    return any(m.rank is state.pile[-1].rank for m in state.side_of(seat).melds)


def _onto_opponents(state: GameState, seat: int, groups: tuple[Group, ...]) -> list[Reason]:
    """C-MELD-4: cards that only fit a meld of the opponents (no laying off on their melds)."""
    own = {m.rank for m in state.side_of(seat).melds}
    theirs = {m.rank for s in state.sides if seat not in s.seats for m in s.melds}
    reasons = []
    for group in merge_by_rank(groups):
        rank = group.rank
        if rank is None or rank in own or rank not in theirs:
            continue
        if shape_reasons(state.rules, MeldValue(rank, group.cards)):
            reasons.append(Reason.of("C-MELD-4", rank=rank.symbol, opponents=True))
    return reasons


def _classic_opening_notes(
    state: GameState, seat: int, count: int, exempt: bool, ruling: _Ruling
) -> None:
    """C-THREE-3 (red threes neither count nor stop a concealed go-out) and C3-6 (each
    temporary partner's own minimum) for a Classic side's first meld."""
    minimum = state.minimum_for_seat(seat)
    threes = sum(len(state.threes[s]) for s in state.side_of(seat).seats)
    enough = exempt or count >= minimum
    if threes and exempt:
        ruling.permit.append(Reason.of("C-THREE-3", threes=threes))
    elif threes and not enough:
        ruling.forbid.append(Reason.of("C-THREE-3", threes=threes, count=count))
    if state.rules.players == 3 and state.has_partner(seat):
        reason = Reason.of("C3-6", minimum=minimum, count=count, score=state.scores[seat])
        (ruling.permit if enough else ruling.forbid).append(reason)


def twin_melds(state: GameState, lone: int) -> list[Reason]:
    """C3-12: melds of one rank held by both future partners merge if the wild cards allow."""
    first, second = (state.side_of(s).melds for s in range(3) if s != lone)
    reasons = []
    for meld in second:
        twin = next((m for m in first if m.rank is meld.rank), None)
        if twin is not None:
            merged = twin.wilds + meld.wilds <= state.rules.max_wilds
            reasons.append(Reason.of("C3-12", rank=meld.label, merged=merged))
    return reasons


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
    out = [_TAKE_TOP]
    if not naturals:
        return out
    if len(naturals) > 1:
        pairs = {_take_with(a, b) for i, a in enumerate(naturals) for b in naturals[i + 1 :]}
        # In the order of the pairs' text (the cards are of one rank, so of one length).
        out.extend(sorted(pairs, key=lambda take: (take.cards[0].text, take.cards[1].text)))
    if wilds:
        same = tuple(dict.fromkeys(naturals))
        for wild in dict.fromkeys(wilds):
            out.extend(_take_with(natural, wild) for natural in same)
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
    if is_frozen(state, seat):
        return False
    return any(is_legal(state, take) for take in take_candidates(state))


# ----- turn, hand and game transitions ---------------------------------------------------------


def _set(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (*values[:index], value, *values[index + 1 :])


def _with_melds(state: GameState, seat: int, melds: tuple[MeldValue, ...]) -> GameState:
    return state.evolve(sides=_sides_with(state, seat, melds))


def _sides_with(state: GameState, seat: int, melds: tuple[MeldValue, ...]) -> tuple[Side, ...]:
    """The sides, the seat's holding ``melds``."""
    index = state.side_index(seat)
    side = state.sides[index]
    return _set(state.sides, index, Side(side.seats, melds))


def _next_turn(state: GameState, **changes: Any) -> GameState:
    """The next player's turn to draw (with ``changes`` of the state that do not touch the
    sides or the seats that melded, made in the same copy)."""
    nxt = (state.turn + 1) % state.players
    fresh = _FRESH_TURNS[(state.side_of(nxt).has_melded, state.seat_melded[nxt])]
    return state.evolve(turn=nxt, phase=_DRAW, turn_info=fresh, **changes)


# The four ways a turn can begin (TurnInfo is immutable, so one value of each serves every turn).
_FRESH_TURNS: dict[tuple[bool, bool], TurnInfo] = {
    (opened, melded): TurnInfo(opened_before=opened, melded_before=melded)
    for opened in (False, True)
    for melded in (False, True)
}
_AFTER_STOCK_DRAW: dict[int, tuple[TurnInfo, TurnInfo]] = {
    id(fresh): (fresh, fresh.evolve(drew=DrawSource.STOCK)) for fresh in _FRESH_TURNS.values()
}


def _concealed(state: GameState, seat: int, *, pile_allowed: bool = False) -> bool:
    """C-OUT-5: the whole hand melded in one turn, with a canasta of the player's own
    (``pile_allowed``: as if V-C6 allowed it after taking the pile)."""
    rules = state.rules
    info = state.turn_info
    if rules.is_modern or info.melded_before or info.touched_old_melds:
        return False
    if (
        info.drew is DrawSource.PILE
        and rules.concealed_after_pile == "no-bonus"
        and not pile_allowed
    ):
        return False
    own = [m for m in state.side_of(seat).melds if m.label in info.new_ranks]
    return any(m.is_canasta(rules) for m in own)


def _concealed_note(state: GameState, seat: int, ruling: _Ruling) -> None:
    """V-C6: say so when going out would have been concealed but for taking the pile. Worked
    out only for a verdict: it plays the move through."""
    rules = state.rules
    build = ruling.build
    if rules.is_modern or rules.concealed_after_pile != "no-bonus" or build is None:
        return

    def note() -> list[Reason]:
        return concealed_but_for_pile(build(), seat)

    ruling.more_permit = note


def concealed_but_for_pile(after: GameState, seat: int) -> list[Reason]:
    """V-C6: the note that ``seat``'s going out (``after`` is the ended hand) would have been
    concealed but for taking the pile; empty when it would not, or went out concealed."""
    rules = after.rules
    end = after.end
    if rules.is_modern or rules.concealed_after_pile != "no-bonus":
        return []
    if end is None or end.concealed or not _concealed(after, seat, pile_allowed=True):
        return []
    return [Reason.of("C-OUT-5", concealed=False).under(rules.house_rule("V-C6"))]


def _form_partnership(state: GameState, lone: int) -> GameState:
    """C3-3 / C3-12: the other two players become a temporary partnership with merged melds."""
    partners = tuple(s for s in range(3) if s != lone)
    melds: list[MeldValue] = []
    for seat in partners:
        for meld in state.side_of(seat).melds:
            twin = next((i for i, m in enumerate(melds) if m.rank is meld.rank), None)
            if twin is not None and melds[twin].wilds + meld.wilds <= state.rules.max_wilds:
                melds[twin] = melds[twin].joined(meld.cards)
            else:
                melds.append(meld)
    sides = (state.side_of(lone), Side(partners, tuple(melds)))
    return state.evolve(sides=sides, lone_hand=lone)


def tallies(state: GameState) -> tuple[SideTally, ...]:
    end = state.end
    out = []
    for side in state.sides:
        went_out = end is not None and end.reason is EndReason.WENT_OUT and end.seat in side.seats
        players = tuple(PlayerTally(s, state.hands[s], state.threes[s]) for s in side.seats)
        out.append(
            SideTally(players, side.melds, went_out, went_out and end is not None and end.concealed)
        )
    return tuple(out)


def _end_hand(state: GameState, end: HandEnd) -> GameState:
    rules = state.rules
    if rules.players == 3 and state.lone_hand is None and end.reason is EndReason.WENT_OUT:
        state = _form_partnership(state, end.seat)  # C3-4
    ended = state.evolve(end=end, turn_info=state.turn_info)
    score = score_hand(rules, tallies(ended))
    scores = tuple(ended.scores[s] + score.credit(s) for s in range(rules.players))
    results = (*ended.results, score)
    phase = Phase.GAME_OVER if game_winner(rules, scores) is not None else Phase.HAND_OVER
    return ended.evolve(scores=scores, results=results, phase=phase)


def game_winner(rules: RuleSet, scores: tuple[int, ...]) -> int | None:
    """C-GAME-1 / C2-8 / C3-9 / M-GAME-1: once a score reaches the target, the highest wins.

    Returns the winning seat (for partnerships, the lower seat of the side), or None while the
    game goes on, including a tie for the highest score (RULES.md §4.5: play another hand).
    """
    units = (0, 1) if rules.players == 4 else tuple(range(rules.players))
    values = [scores[u] for u in units]
    if max(values) < rules.target:
        return None
    best = max(values)
    leaders = [u for u in units if scores[u] == best]
    return leaders[0] if len(leaders) == 1 else None


def _next_hand(state: GameState) -> GameState:
    dealer = (state.dealer + 1) % state.players
    return deal_hand(
        state.rules,
        seed=state.seed,
        decks=state.decks,
        hand_number=state.hand_number + 1,
        dealer=dealer,
        scores=state.scores,
        results=state.results,
    )
