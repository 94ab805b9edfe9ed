"""What an action brought about, as data: threes laid out, cards drawn, the last stock card, a
canasta completed, the talon, the hand's end and why, the going-out bonus, the game's end.

A verdict says why an action may be made; an :class:`Event` says what followed from making it,
with the rule ids (and parameters, and the house rule when one decided it) that made it follow.
Events are read off the states before and after a legal action (:func:`events_of`), so the
judge's hot path (``apply``, ``successor``) does no work for them: only a caller that asks
(:func:`transition`, a record written with events, the narration) pays for them.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Discard, Draw, Meld, NextHand, Pass, TakePile
from tutor.engine.cards import Card, Rank, format_cards
from tutor.engine.discard_rules import talon_size
from tutor.engine.draw_rules import one_card_conflict
from tutor.engine.judge import apply
from tutor.engine.melds import LaidMeld as MeldValue
from tutor.engine.melds import canasta_bonus, canasta_kind
from tutor.engine.pile_rules import twin_melds
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import canasta_count
from tutor.engine.state import EndReason, GameState, Phase
from tutor.engine.transitions import concealed_but_for_pile, game_winner
from tutor.engine.variants import ends_with_stock, going_out_reason, variant
from tutor.engine.verdict import ParamValue, Reason


class EventKind(enum.Enum):
    DREW = "drew"  # cards from the stock into the hand (C-TURN-2, C2-2, C3-2, C2-5, M-TURN-2)
    THREES_LAID_OUT = "threes-laid-out"  # C-TURN-3, C-DEAL-4, C-PILE-7, M-TURN-3, M-THREE-1 …
    LAST_STOCK_CARD = "last-stock-card"  # what follows the stock's last card (C-END-2/3, M-END-2)
    CANASTA = "canasta"  # a meld reached canasta size (C-MELD-5/6, M-MELD-8/9)
    CANASTA_MIXED = "canasta-mixed"  # a wild card turned a natural canasta mixed (C-MELD-5)
    MELDED = "melded"  # a new meld on the table (C-MELD-1, C-MELD-9, M-MELD-1, M-MELD-6)
    LAID_OFF = "laid-off"  # cards added to one of the side's melds (C-MELD-4, M-MELD-1)
    TALON = "talon"  # bonus cards after a first meld from hand (V-M1)
    PARTNERSHIP = "partnership"  # classic-3p: the other two become partners (C3-3, C3-4)
    HAND_ENDED = "hand-ended"  # went out, stock used up, a three last (C-END-*, C-OUT-*, M-END-*)
    GOING_OUT_BONUS = "going-out-bonus"  # C-OUT-5, M-OUT-3
    GAME_OVER = "game-over"  # a score reached the target (C-GAME-1, C2-8, C3-9, M-GAME-1)


@dataclass(frozen=True, slots=True)
class MeldChange:
    """One of the acting side's melds that a move started (``old`` None) or added to: the meld
    before and after, the cards it gained, and the kind of canasta the move completed with it
    (``"natural"``, ``"mixed"``, ``"wild"``, ``"sevens"``, ``"aces"`` …, as
    :func:`~tutor.engine.melds.canasta_kind` names them; None when it completed none)."""

    old: MeldValue | None
    new: MeldValue
    added: tuple[Card, ...]
    completed: str | None


@dataclass(frozen=True, slots=True)
class Event:
    """One consequence of an action: its kind, the seat it concerns, and the rules behind it
    (the first reason carries what a sentence needs: the threes, the kind of canasta …).

    A ``MELDED`` or ``LAID_OFF`` event also carries its :class:`MeldChange` (``change``), worked
    out once here for every reader (narration, players, the table); it follows from the move, so
    it is neither compared nor written to JSON."""

    kind: EventKind
    seat: int
    reasons: tuple[Reason, ...]
    change: MeldChange | None = field(default=None, compare=False, repr=False)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids, then the house rules that decided any of them (``V-C3``)."""
        ids = [r.rule for r in self.reasons]
        ids += [r.option.id for r in self.reasons if r.option is not None]
        return tuple(dict.fromkeys(ids))

    @property
    def params(self) -> dict[str, ParamValue]:
        """Every reason's parameters, the first reason's winning a name both use."""
        merged: dict[str, ParamValue] = {}
        for reason in reversed(self.reasons):
            merged.update(reason.params)
        return merged

    def __str__(self) -> str:
        return f"{self.kind.value}@{self.seat}: {', '.join(str(r) for r in self.reasons)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "reasons": [r.to_json() for r in self.reasons],
        }


@dataclass(frozen=True, slots=True)
class Transition:
    """The state after a legal action, and what the action brought about."""

    state: GameState
    events: tuple[Event, ...]


def transition(state: GameState, action: Action, *, seat: int | None = None) -> Transition:
    """:func:`~tutor.engine.judge.apply`, and the events of the move (an illegal action raises
    :class:`~tutor.engine.verdict.IllegalActionError` as ``apply`` does)."""
    after = apply(state, action, seat=seat)
    return Transition(after, events_of(state, action, after))


def events_of(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """The events of ``action`` by ``before.actor``, where ``after`` is ``apply(before,
    action)``: the caller that already holds both states pays for no second judgment."""
    seat = before.actor
    if isinstance(action, NextHand):
        return tuple(_dealt_threes(after))
    events: list[Event] = []
    if isinstance(action, Draw):
        events += _draw(before, after, seat)
    elif isinstance(action, TakePile):
        events += _pile_threes(before, after, seat)
    elif isinstance(action, Discard):
        events += _talon(before, after, seat)
    merged = after.lone_hand is not None and before.lone_hand is None  # C3-12 merges melds
    if isinstance(action, TakePile | Meld):
        events += _laid(before, after, seat)
    if isinstance(action, TakePile | Meld) or merged:
        events += _canastas(before, after, seat)
    if isinstance(action, TakePile | Discard | Meld | Pass):
        events += _partnership(before, action, after)
    if after.end is not None and before.end is None:
        events += _hand_end(before, action, after, seat)
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        events += _game_over(after)
    return tuple(events)


# ----- drawing ---------------------------------------------------------------------------------


def gained(before: Sequence[Card], after: Sequence[Card]) -> list[Card]:
    """Cards in ``after`` but not in ``before``, as multisets (two decks: equal cards repeat)."""
    return list((Counter(after) - Counter(before)).elements())


def _threes(rule: str, seat: int, cards: Sequence[Card], **params: ParamValue) -> Event:
    reason = Reason.of(rule, threes=format_cards(cards), count=len(cards), **params)
    return Event(EventKind.THREES_LAID_OUT, seat, (reason,))


def _draw(before: GameState, after: GameState, seat: int) -> list[Event]:
    rules = before.rules
    got = gained(before.hands[seat], after.hands[seat])
    laid = gained(before.threes[seat], after.threes[seat])
    emptied = not after.stock
    events = []
    if laid:
        # A three is replaced when a card came after it; the stock may run out first (C-END-2,
        # C2-5, M-END-2).
        replaced = not emptied or len(got) == rules.draw_count
        events.append(_threes(variant(rules).drawn_threes, seat, laid,
                              replaced=replaced))
    if got:
        events.append(Event(EventKind.DREW, seat, _drew_reasons(rules, len(got), emptied)))
    if before.stock and emptied and after.end is None:
        events.append(Event(EventKind.LAST_STOCK_CARD, seat, (_last_card(after),)))
    return events


def _drew_reasons(rules: RuleSet, cards: int, emptied: bool) -> tuple[Reason, ...]:
    if rules.draw_count == 1:
        return (Reason.of(variant(rules).turn, cards=cards),)
    reasons = [Reason.of(variant(rules).draw_two or R.C3_2, cards=cards)]
    if cards < rules.draw_count and emptied:
        reasons.append(Reason.of(R.C2_5, cards=cards))  # the last card is a complete draw
    return tuple(reasons)


def _last_card(after: GameState) -> Reason:
    """What the last stock card leaves the player to do, when the hand goes on for now."""
    rules = after.rules
    if after.turn_info.no_discard:  # V-C3: a red three last; meld, but no discard
        return Reason.of(R.C_END_2, discard=False).under(rules.house_rule(R.V_C3))
    if rules.is_modern:
        return Reason.of(R.M_END_2, stock=0)
    if ends_with_stock(rules):
        return Reason.of(R.C3_10, ends=True).under(rules.house_rule(R.V_C9))
    return Reason.of(R.C_END_3, stock=0)


def _dealt_threes(after: GameState) -> list[Event]:
    """C-DEAL-4 / M-DEAL-2: threes dealt are laid out and replaced, from the dealer's left."""
    rule = variant(after.rules).dealt_threes
    events = []
    for offset in range(1, after.players + 1):
        seat = (after.dealer + offset) % after.players
        if after.threes[seat]:
            events.append(_threes(rule, seat, after.threes[seat], replaced=True))
    return events


def _pile_threes(before: GameState, after: GameState, seat: int) -> list[Event]:
    laid = gained(before.threes[seat], after.threes[seat])
    return [_threes(R.C_PILE_7, seat, laid, replaced=False)] if laid else []


def _talon(before: GameState, after: GameState, seat: int) -> list[Event]:
    """V-M1: bonus cards into the melder's hand after the discard; threes among them are laid
    out and replaced (M-THREE-1)."""
    count = talon_size(before, seat)
    if not count or after.end is not None:
        return []
    rules = before.rules
    talon = Reason.of(R.M_INIT_1, talon=count).under(rules.house_rule(R.V_M1))
    events = [Event(EventKind.TALON, seat, (talon,))]
    laid = gained(before.threes[seat], after.threes[seat])
    if laid:
        events.append(_threes(R.M_THREE_1, seat, laid, replaced=True))
    return events


# ----- melds -----------------------------------------------------------------------------------


def meld_changes(old: Sequence[MeldValue], new: Sequence[MeldValue],
                 rules: RuleSet) -> list[MeldChange]:
    """A side's melds after a move matched to those before: unchanged melds drop out, a meld
    that grew from one before is a lay-off, the rest are new (by cards, so several wild-card
    melds and the melds merged in classic-3p match too)."""
    free = list(old)
    grown = []
    for meld in new:
        if meld in free:
            free.remove(meld)
        else:
            grown.append(meld)
    out = []
    for meld in grown:
        have = Counter(meld.cards)
        base = next((m for m in free if m.rank is meld.rank and not Counter(m.cards) - have),
                    None)
        if base is not None:
            free.remove(base)
        added = tuple(gained(base.cards if base else (), meld.cards))
        out.append(MeldChange(base, meld, added, _completed(base, meld, rules)))
    return out


def _completed(old: MeldValue | None, meld: MeldValue, rules: RuleSet) -> str | None:
    """The kind of canasta ``meld`` became when it grew from ``old`` (None if it was one)."""
    if meld.rank is Rank.THREE:  # black threes to go out: no canasta (C-MELD-9)
        return None
    kind = canasta_kind(meld, rules)
    if kind is None or (old is not None and canasta_kind(old, rules) is not None):
        return None
    return kind


def _laid(before: GameState, after: GameState, seat: int) -> list[Event]:
    """What the move laid on the acting side's melds: new melds, then lay-offs."""
    rules = before.rules
    changes = meld_changes(before.side_of(seat).melds, after.side_of(seat).melds, rules)
    new = [c for c in changes if c.old is None]
    grown = [c for c in changes if c.old is not None]
    return [*(_melded(c, rules, seat) for c in new), *(_laid_off(c, rules, seat) for c in grown)]


def _melded(change: MeldChange, rules: RuleSet, seat: int) -> Event:
    meld = change.new
    counts: dict[str, ParamValue] = {"cards": meld.size, "wilds": meld.wilds}
    if meld.rank is None:
        reason = Reason.of(R.M_MELD_6, **counts)
    elif meld.rank is Rank.THREE:
        reason = Reason.of(R.C_MELD_9, going_out=True, **counts)
    else:
        rule = R.M_MELD_1 if rules.is_modern else R.C_MELD_1
        reason = Reason.of(rule, rank=meld.rank.symbol, **counts)
    return Event(EventKind.MELDED, seat, (reason,), change)


def _laid_off(change: MeldChange, rules: RuleSet, seat: int) -> Event:
    meld = change.new
    rank: dict[str, ParamValue] = {} if meld.rank is None else {"rank": meld.rank.symbol}
    rule = R.M_MELD_1 if rules.is_modern else R.C_MELD_4
    reason = Reason.of(rule, added=len(change.added), cards=meld.size, **rank)
    return Event(EventKind.LAID_OFF, seat, (reason,), change)


def _canastas(before: GameState, after: GameState, seat: int) -> list[Event]:
    """The canastas the move completed (or turned mixed), on every side: in classic-3p a new
    partnership's melds may merge (C3-12). Each carries its :class:`MeldChange`."""
    events = []
    rules = before.rules
    for side in after.sides:
        old: list[MeldValue] = []
        for index in dict.fromkeys(before.side_index(s) for s in side.seats):
            old.extend(before.sides[index].melds)
        owner = seat if seat in side.seats else side.seats[0]
        for change in meld_changes(old, side.melds, rules):
            event = _canasta(change, rules, owner)
            if event is not None:
                events.append(event)
    return events


def _canasta(change: MeldChange, rules: RuleSet, seat: int) -> Event | None:
    old, meld = change.old, change.new
    kind = canasta_kind(meld, rules)
    if kind is None or meld.rank is Rank.THREE:  # black threes to go out: no canasta (C-MELD-9)
        return None
    rank: dict[str, ParamValue] = {} if meld.rank is None else {"rank": meld.rank.symbol}
    bonus = canasta_bonus(meld, rules)
    assert bonus is not None  # a canasta always has its bonus
    points, granted = bonus
    worth = Reason.of(granted.rule, **{**granted.param_map, "bonus": points})
    if old is not None and canasta_kind(old, rules) is not None:
        if old.is_natural() and not meld.is_natural() and meld.rank is not None:
            turned = Reason.of(R.C_MELD_5, kind="mixed", was="natural", **rank)
            return Event(EventKind.CANASTA_MIXED, seat, (turned, worth), change)
        return None
    if rules.is_modern:
        reasons = [Reason.of(R.M_MELD_9, kind=kind, **rank, bonus=points)]
        if meld.rank is not None and not meld.wilds:
            reasons.append(Reason.of(R.M_MELD_8, rank=meld.rank.symbol))  # the rank closes
    else:
        reasons = [Reason.of(R.C_MELD_5, kind=kind, **rank, cards=meld.size), worth]
    return Event(EventKind.CANASTA, seat, tuple(reasons), change)


def _partnership(before: GameState, action: Action, after: GameState) -> list[Event]:
    """classic-3p: the first to take the pile (C3-3), or to go out before anybody took it
    (C3-4), plays alone; the other two become partners, their melds merged where they can
    (C3-12)."""
    lone = after.lone_hand
    if lone is None or before.lone_hand is not None:
        return []
    rule = R.C3_3 if isinstance(action, TakePile) else R.C3_4
    reasons = (Reason.of(rule, seat=lone), *twin_melds(before, lone))
    return [Event(EventKind.PARTNERSHIP, lone, reasons)]


# ----- the end of the hand and of the game -----------------------------------------------------


def _hand_end(before: GameState, action: Action, after: GameState, seat: int) -> list[Event]:
    end = after.end
    assert end is not None
    rules = before.rules
    if end.reason is EndReason.WENT_OUT:
        canastas = canasta_count(after.side_of(end.seat).melds, rules)
        reasons = [going_out_reason(rules, canastas)]
        if isinstance(action, Meld | TakePile):
            reasons.append(Reason.of(R.C_OUT_2))  # out by melding, without a discard
        if end.concealed:
            reasons.append(Reason.of(R.C_OUT_5, concealed=True))
        return [Event(EventKind.HAND_ENDED, end.seat, tuple(reasons)), *_bonus(after, end.seat)]
    if end.reason is EndReason.THREE_LAST:
        if rules.is_modern:
            three = Reason.of(R.M_END_2, three=True)
            return [Event(EventKind.HAND_ENDED, seat, (three,))]
        reasons = [Reason.of(R.C_END_2, three=True)]
        if isinstance(action, Pass):  # V-C3: melding allowed, the discard not
            reasons = [Reason.of(R.C_END_2, discard=False).under(rules.house_rule(R.V_C3))]
        elif rules.draw_count == 2:
            reasons.append(Reason.of(R.C2_5, three=True))
        return [Event(EventKind.HAND_ENDED, seat, tuple(reasons))]
    if rules.is_modern:
        reasons = [Reason.of(R.M_END_2, stock=0)]
    elif ends_with_stock(rules):
        reasons = [Reason.of(R.C3_10, ends=True).under(rules.house_rule(R.V_C9))]
    else:
        reasons = [Reason.of(R.C_END_3, stock=0)]
        if one_card_conflict(before):
            reasons.append(Reason.of(R.C_END_4, hand=1, pile=1))
    return [Event(EventKind.HAND_ENDED, seat, tuple(reasons))]


def _bonus(after: GameState, seat: int) -> list[Event]:
    """The going-out bonus as the score gives it (C-OUT-5, M-OUT-3), and the V-C6 note when
    taking the pile cost the concealed bonus."""
    score = after.results[-1]
    reasons = [
        Reason.of(item.reason.rule, **{**item.reason.param_map, "points": item.points})
        for side in score.sides if seat in side.seats
        for item in side.items if item.kind == "going-out"
    ]
    if not reasons:
        return []
    reasons += concealed_but_for_pile(after, seat)
    return [Event(EventKind.GOING_OUT_BONUS, seat, tuple(reasons))]


def _game_over(after: GameState) -> list[Event]:
    rules = after.rules
    winner = game_winner(rules, after.scores)
    if winner is None:
        return []
    rule = variant(rules).winner
    reason = Reason.of(rule, target=rules.target, score=after.scores[winner])
    return [Event(EventKind.GAME_OVER, winner, (reason.under(rules.house_rule(R.V_C10)),))]
