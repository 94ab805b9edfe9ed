"""Laying groups of cards from the hand: new melds and lay-offs, for both families.

:func:`evaluate_groups` checks a batch of groups against a side's melds and returns every rule
that forbids it and every rule that permits it, plus the side's melds and the hand afterwards.
It is shared by the ``meld`` action and by the extra melds shown when taking the pile.
"""

from __future__ import annotations

from collections import Counter

from tutor.engine import rule_ids as R
from tutor.engine.actions import Group
from tutor.engine.cards import POINTS, Card, Rank, sorted_cards
from tutor.engine.errors import PositionError
from tutor.engine.melds import LaidMeld, canasta_kind, shape_reasons
from tutor.engine.rules import RuleSet
from tutor.engine.verdict import Reason


class GroupResult:
    """What laying a batch of groups comes to (see :func:`evaluate_groups`). A plain class: the
    listing makes one for every candidate meld, and a dataclass's list factories cost more."""

    __slots__ = ("clean_melds", "count", "exempt_canasta", "forbid", "hand", "melds",
                 "natural3_melds", "new_labels", "permit", "touched", "wild_into_natural",
                 "wild_meld_cards")

    def __init__(self) -> None:
        self.forbid: list[Reason] = []
        self.permit: list[Reason] = []
        self.melds: tuple[LaidMeld, ...] = ()
        self.hand: tuple[Card, ...] = ()
        self.count = 0  # card points melded from the hand
        self.new_labels: list[str] = []
        self.touched: list[str] = []  # labels of melds that existed before
        self.wild_into_natural = False
        self.clean_melds = 0  # new melds of 3+ naturals and no wild card (M-INIT-3)
        self.natural3_melds = 0  # new melds with 3+ naturals, wild cards or not (V-M5)
        self.wild_meld_cards = 0  # wild cards in a new wild-card meld (M-INIT-3)
        self.exempt_canasta: str | None = None  # kind of canasta melded from hand (M-INIT-4)


def remove_cards(hand: tuple[Card, ...], cards: tuple[Card, ...], *, what: str) -> tuple[Card, ...]:
    """The hand without ``cards``; a card the hand does not hold is a malformed action."""
    out = list(hand)
    try:
        for card in cards:
            out.remove(card)
    except ValueError:
        missing = Counter(cards) - Counter(hand)
        held = " ".join(str(c) for c in hand) or "no cards"
        raise PositionError(
            f"{what}: {' '.join(str(c) for c in sorted_cards(missing.elements()))} "
            f"not in hand ({held})"
        ) from None
    return tuple(out)


def merge_by_rank(groups: tuple[Group, ...]) -> list[Group]:
    """Cards of one rank in one action go together (C-MELD-4, M-MELD-7: one meld per rank).
    The list of one group may be shared: read it, never change it."""
    if len(groups) == 1:  # most melds: nothing to merge, the same result as below
        group = groups[0]
        kept = _MERGED.get(id(group))
        if kept is not None and kept[0] is group:
            return kept[1]  # (a listed candidate's group, judged turn after turn)
        return _merged_one(group)[1]
    # Groups of distinct ranks, none mixing threes with other cards (an opening meld of several
    # ranks, as listed): each is merged alone, as the loop below would.
    keys: list[object] = []
    alone: list[Group] = []
    for group in groups:
        kept = _MERGED.get(id(group))
        if kept is None or kept[0] is not group:
            kept = _merged_one(group)
        if kept[2]:
            break  # (a group mixing threes with other cards)
        rank = group.rank
        key: object = rank if rank is not None else "wild"
        if key in keys:
            break
        keys.append(key)
        alone.append(kept[1][0])
    else:
        return alone
    merged: dict[object, list[Card]] = {}
    order: list[object] = []
    for group in groups:
        key = group.rank if group.rank is not None else "wild"
        if any(c.is_three for c in group.cards) and any(not c.is_three for c in group.cards):
            key = ("mixed", len(order))
        if key not in merged:
            merged[key] = []
            order.append(key)
        merged[key].extend(group.cards)
    result = []
    for key in order:
        onto = key if isinstance(key, Rank) else None
        result.append(Group(sorted_cards(merged[key]), onto))
    return result


def _merged_one(group: Group) -> tuple[Group, list[Group], bool]:
    """:func:`merge_by_rank` of one group, kept: (the group, its merge, whether it mixes threes
    with other cards: then it is never merged with another)."""
    cards = sorted_cards(group.cards)
    threes = 0
    for card in cards:
        if card.is_three:
            threes += 1
    mixed = 0 < threes < len(cards)
    # Already sorted (a listed candidate is): the merged group would differ only in ``onto``
    # where the group holds a natural card, and nobody reads it there.
    one = [group] if cards == group.cards and not mixed else [
        Group(cards, None if mixed else group.rank)
    ]
    if len(_MERGED) >= 4096:
        _MERGED.clear()
    kept = _MERGED[id(group)] = (group, one, mixed)  # (the group held: its id is not reused)
    return kept


# merge_by_rank's answer for one group, by the group's identity (the candidates' groups are
# kept: see going_out._single); emptied when it grows large.
_MERGED: dict[int, tuple[Group, list[Group], bool]] = {}


def meld_rules(rules: RuleSet) -> tuple[str, str, str]:
    """(meld rule, wild-limit rule, ownership rule) ids for the family."""
    if rules.is_modern:
        return R.M_MELD_1, R.M_MELD_2, R.M_MELD_7
    return R.C_MELD_1, R.C_MELD_2, R.C_MELD_4


def evaluate_groups(
    rules: RuleSet,
    groups: tuple[Group, ...],
    *,
    melds: tuple[LaidMeld, ...],
    hand: tuple[Card, ...],
    opening: bool,
    closed_ranks: frozenset[Rank] = frozenset(),
    explain: bool = True,
) -> GroupResult:
    """Judge laying ``groups`` from ``hand`` onto a side holding ``melds``.

    ``opening`` is true while the side makes its initial meld (Modern: wild cards follow M-MELD-2
    alone). Without ``explain`` the permitting reasons are left out (every forbidding one is
    still there): a legality check needs none. Raises :class:`PositionError` for cards not in
    hand.
    """
    result = GroupResult()
    all_cards = groups[0].cards if len(groups) == 1 else tuple(c for g in groups for c in g.cards)
    result.hand = remove_cards(hand, all_cards, what="meld")
    count = 0
    for card in all_cards:
        count += POINTS[card]  # (card_points, without a call)
    result.count = count
    current = list(melds)
    modern = rules.is_modern
    meld_id, _wild_id, own_id = meld_rules(rules)
    for group in merge_by_rank(groups):
        cards = group.cards
        naturals: list[Card] = []
        threes: list[Card] = []
        wilds: list[Card] = []
        ranks: set[Rank] = set()
        for card in cards:
            if card.is_wild:
                wilds.append(card)
                continue
            (naturals if card.is_natural else threes).append(card)
            ranks.add(card.rank)
        if len(ranks) > 1:
            result.forbid.append(
                Reason.of(
                    meld_id, ranks="-".join(sorted(r.symbol for r in ranks)), mixed_ranks=True
                )
            )
            continue
        if threes:
            if modern:
                result.forbid.append(Reason.of(R.M_DEAL_2, card=str(threes[0])))
                continue
            if naturals or wilds or any(c.is_red_three for c in threes):
                result.forbid.append(Reason.of(R.C_MELD_3, card=str(threes[0])))
                continue
        rank: Rank | None = ranks.pop() if ranks else group.onto
        if rank is None and not modern:
            result.forbid.append(Reason.of(R.C_MELD_3, wilds=len(wilds)))
            if len(wilds) >= rules.canasta_size:
                result.forbid.append(Reason.of(R.C_MELD_7, wilds=len(wilds)))  # no wild canasta
            continue
        target_index = None
        for index, meld in enumerate(current):
            if meld.rank is rank:
                target_index = index
                break
        if rank is None and target_index is not None and current[target_index].is_canasta(rules):
            if rules.second_wild_meld == "yes":
                # V-M7: a second wild-card meld after a wild canasta (join it once started)
                open_wild = (
                    i for i, m in enumerate(current) if m.rank is None and not m.is_canasta(rules)
                )
                target_index = next(open_wild, None)
                result.permit.append(
                    Reason.of(R.M_MELD_7, meld="wild", completed=True, second=True).under(
                        rules.house_rule(R.V_M7)
                    )
                )
            else:
                result.forbid.append(
                    Reason.of(R.M_MELD_7, meld="wild", completed=True).under(
                        rules.house_rule(R.V_M7)
                    )
                )
                continue
        if target_index is None:
            if rank is not None and not naturals and not threes:
                result.forbid.append(
                    Reason.of(
                        R.C_MELD_3 if not modern else R.M_MELD_2, wilds=len(wilds), onto=rank.symbol
                    )
                )
                continue
            if rank is not None and rank in closed_ranks:
                result.forbid.append(Reason.of(R.M_MELD_8, rank=rank.symbol))
                continue
            new = LaidMeld(rank, cards)
            reasons = shape_reasons(rules, new)
            if modern and wilds and rank is not None:
                reasons += _modern_wild_placement(rules, None, new, opening)
            if reasons:
                result.forbid.extend(reasons)
                continue
            current.append(new)
            result.new_labels.append(new.label)
            if rank is None:
                result.wild_meld_cards = len(cards)
            if explain:
                result.permit.append(_new_meld_permit(meld_id, rank, len(cards), len(wilds)))
            if wilds and rank is not None:
                result.wild_into_natural = True
            if rank is not None and len(naturals) >= 3:
                result.natural3_melds += 1
                if not wilds:
                    result.clean_melds += 1
            kind = canasta_kind(new, rules)
            if kind is not None and result.exempt_canasta in (None, "mixed"):
                result.exempt_canasta = kind  # a natural or wild canasta wins over a mixed one
            if explain and modern and rank is not None:
                result.permit.extend(_modern_meld_permits(new, len(wilds), opening))
            if explain and not modern and rank is not None:
                result.permit.extend(_classic_meld_permits(rules, None, new, len(wilds)))
        else:
            existing = current[target_index]
            joined = _JOINED.get((id(existing), id(cards)))
            if joined is not None and joined[0] is existing and joined[1] is cards:
                combined = joined[2]
            else:
                combined = existing.joined(cards)
                if len(_JOINED) >= 4096:
                    _JOINED.clear()
                # (both held: their ids are not reused; the melds on the table and the
                # candidates' cards come back turn after turn)
                _JOINED[(id(existing), id(cards))] = (existing, cards, combined)
            reasons = []
            if modern and existing.is_canasta(rules):
                reasons.append(Reason.of(R.M_MELD_1, rank=existing.label, closed=True))
            else:
                reasons = shape_reasons(rules, combined)
                if modern and wilds and rank is not None:
                    reasons += _modern_wild_placement(rules, existing, combined, opening)
            if reasons and not modern and existing.is_canasta(rules):
                reasons.append(Reason.of(R.C_MELD_5, rank=existing.label, wilds=combined.wilds))
            if reasons:
                result.forbid.extend(reasons)
                continue
            current[target_index] = combined
            for before in melds:
                if before is existing:  # a meld that was on the table before
                    result.touched.append(existing.label)
                    break
            if explain:
                result.permit.append(Reason.of(own_id, rank=existing.label, cards=len(cards)))
            if explain and modern and rank is not None:
                result.permit.extend(_modern_meld_permits(combined, len(wilds), opening))
            if explain and not modern and rank is not None:
                result.permit.extend(_classic_meld_permits(rules, existing, combined, len(wilds)))
            if wilds and rank is not None:
                result.wild_into_natural = True
            if rank is None:
                result.wild_meld_cards += len(cards)
    if modern and result.wild_into_natural:
        wild_meld = next((m for m in current if m.rank is None and not m.is_canasta(rules)), None)
        if wild_meld is not None:
            result.forbid.append(Reason.of(R.M_MELD_6, incomplete=True, cards=wild_meld.size))
    result.melds = tuple(current)
    return result


_JOINED: dict[tuple[int, int], tuple[LaidMeld, tuple[Card, ...], LaidMeld]] = {}


def _new_meld_permit(meld_id: str, rank: Rank | None, cards: int, wilds: int) -> Reason:
    """The rule that allows a new meld of ``rank`` (None: a Modern wild-card meld)."""
    if rank is Rank.THREE:
        return Reason.of(R.C_MELD_9, cards=cards)
    if rank is None:
        return Reason.of(R.M_MELD_6, cards=cards)
    return Reason.of(meld_id, rank=rank.symbol, cards=cards, wilds=wilds)


def _classic_meld_permits(
    rules: RuleSet, before: LaidMeld | None, after: LaidMeld, wilds_laid: int
) -> list[Reason]:
    """C-MELD-5 (a canasta completed, or turned mixed) and C-MELD-7 (sevens and aces take wild
    cards like any rank) for a Classic meld as laid."""
    reasons: list[Reason] = []
    kind = canasta_kind(after, rules)
    if kind is not None and kind != (canasta_kind(before, rules) if before else None):
        reasons.append(Reason.of(R.C_MELD_5, rank=after.label, kind=kind))
    if wilds_laid and after.rank in (Rank.SEVEN, Rank.ACE):
        reasons.append(Reason.of(R.C_MELD_7, rank=after.label))
    return reasons


def _modern_meld_permits(meld: LaidMeld, wilds_laid: int, opening: bool) -> list[Reason]:
    """The Modern rules that allowed a natural meld as laid: M-MELD-2..5."""
    reasons: list[Reason] = []
    if meld.rank is Rank.SEVEN:
        reasons.append(Reason.of(R.M_MELD_4, pure=True))
    elif meld.rank is Rank.ACE and meld.wilds == 0:
        reasons.append(Reason.of(R.M_MELD_5, pure=True))
    if not wilds_laid:
        return reasons
    reasons.append(Reason.of(R.M_MELD_2, wilds=meld.wilds, naturals=meld.naturals))
    if meld.rank is Rank.ACE:
        reasons.append(Reason.of(R.M_MELD_5, initial=True))
    elif not opening:
        reasons.append(Reason.of(R.M_MELD_3, naturals=meld.naturals, minimum=5))
    return reasons


def _modern_wild_placement(
    rules: RuleSet, existing: LaidMeld | None, combined: LaidMeld, opening: bool
) -> list[Reason]:
    """M-MELD-3 rule of five, M-MELD-4 sevens, M-MELD-5 aces, for wild cards in a natural meld."""
    reasons: list[Reason] = []
    if combined.rank is Rank.SEVEN:
        return reasons  # shape_reasons already names M-MELD-4
    if combined.rank is Rank.ACE:
        if existing is not None and existing.wilds == 0:
            reasons.append(Reason.of(R.M_MELD_5, pure=True))
        elif not opening:
            reasons.append(Reason.of(R.M_MELD_5, initial=False))
        return reasons
    if not opening and combined.naturals < 5:
        reasons.append(Reason.of(R.M_MELD_3, naturals=combined.naturals, minimum=5))
    return reasons


def closed_ranks(all_melds: tuple[LaidMeld, ...], rules: RuleSet) -> frozenset[Rank]:
    """M-MELD-8: ranks of which either side completed a natural canasta."""
    if not rules.is_modern:
        return frozenset()
    return frozenset(
        m.rank for m in all_melds if m.rank is not None and m.is_canasta(rules) and m.wilds == 0
    )
