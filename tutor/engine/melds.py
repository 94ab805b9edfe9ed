"""Melds as values, and the pure counting rules on them (no game state).

A meld has a rank (a natural rank, ``Rank.THREE`` for a going-out meld of black threes, or ``None``
for a Modern wild-card meld) and its cards. Shape checks return :class:`Reason` values naming the
rule broken; the state machine in :mod:`tutor.engine.judge` adds the context rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine import rule_ids as R
from tutor.engine.cards import Card, Rank, card_points, format_cards, sorted_cards
from tutor.engine.rules import RuleSet
from tutor.engine.verdict import Reason


@dataclass(frozen=True, slots=True, init=False)
class LaidMeld:
    """Cards a side has laid on the table as one meld (the action that lays them is
    :class:`tutor.engine.actions.Meld`)."""

    rank: Rank | None
    cards: tuple[Card, ...]
    wilds: int = field(repr=False, compare=False)
    size: int = field(repr=False, compare=False)

    def __init__(self, rank: Rank | None, cards: tuple[Card, ...]) -> None:
        # The slots are written once, here, through their own descriptors: the judge builds a
        # meld value for every meld it looks at, and the frozen checked writes cost twice as much.
        _set_rank(self, rank)
        _set_cards(self, cards)
        wilds = 0
        for card in cards:
            if card.is_wild:
                wilds += 1
        _set_wilds(self, wilds)
        _set_size(self, len(cards))

    @property
    def naturals(self) -> int:
        return self.size - self.wilds

    @property
    def is_wild_meld(self) -> bool:
        return self.rank is None

    @property
    def points(self) -> int:
        return sum(card_points(c) for c in self.cards)

    def is_canasta(self, rules: RuleSet) -> bool:
        return self.size >= rules.canasta_size

    def is_natural(self) -> bool:
        return all(not c.is_wild for c in self.cards)

    def joined(self, cards: tuple[Card, ...]) -> LaidMeld:
        return LaidMeld(self.rank, sorted_cards(self.cards + cards))

    @property
    def label(self) -> str:
        """The rank symbol used in notation (``K``, ``3``, ``W`` for a wild-card meld)."""
        return "W" if self.rank is None else self.rank.symbol

    def __str__(self) -> str:
        return f"[{format_cards(self.cards)}]"


_slot = vars(LaidMeld)  # the slots' own descriptors
_set_rank, _set_cards, _set_wilds, _set_size = (
    _slot[name].__set__ for name in ("rank", "cards", "wilds", "size")
)


def canasta_kind(meld: LaidMeld, rules: RuleSet) -> str | None:
    """None for an incomplete meld, else natural/mixed/wild/sevens/aces/twos/jokers."""
    if not meld.is_canasta(rules):
        return None
    if meld.rank is None:
        jokers = sum(1 for c in meld.cards if c.rank is Rank.JOKER)
        if jokers == 0:
            return "twos"
        if jokers == 4:
            return "jokers"
        return "wild"
    if meld.wilds:
        return "mixed"
    if rules.is_modern and meld.rank is Rank.SEVEN:
        return "sevens"
    if rules.is_modern and meld.rank is Rank.ACE:
        return "aces"
    return "natural"


def canasta_bonus(meld: LaidMeld, rules: RuleSet) -> tuple[int, Reason] | None:
    """The canasta bonus and the rule that grants it (C-MELD-6, M-MELD-9)."""
    kind = canasta_kind(meld, rules)
    if kind is None:
        return None
    if not rules.is_modern:
        if kind == "natural":
            return rules.natural_canasta_bonus, Reason.of(R.C_MELD_6, kind="natural")
        return rules.mixed_canasta_bonus, Reason.of(R.C_MELD_6, kind="mixed")
    bonus = {
        "natural": 500,
        "mixed": 300,
        "sevens": 2500,
        "aces": 2500,
        "twos": 3000,
        "jokers": 2500,
        "wild": 2000,
    }[kind]
    return bonus, Reason.of(R.M_MELD_9, kind=kind)


def shape_reasons(rules: RuleSet, meld: LaidMeld) -> list[Reason]:
    """The counting rules a meld breaks on its own (size, naturals, wild cards)."""
    reasons: list[Reason] = []
    wilds, naturals, size = meld.wilds, meld.naturals, meld.size
    if rules.is_modern:
        if meld.rank is None:
            if naturals:
                reasons.append(Reason.of(R.M_MELD_6, naturals=naturals))
        else:
            if wilds > rules.max_wilds:
                reasons.append(Reason.of(R.M_MELD_2, wilds=wilds, maximum=rules.max_wilds))
            if wilds and naturals < rules.min_naturals:
                reasons.append(Reason.of(R.M_MELD_2, naturals=naturals, minimum=rules.min_naturals))
            if wilds and meld.rank is Rank.SEVEN:
                reasons.append(Reason.of(R.M_MELD_4, wilds=wilds))
        if size < 3:
            reasons.append(Reason.of(R.M_MELD_1, cards=size, minimum=3))
        if rules.max_meld_size is not None and size > rules.max_meld_size:
            reasons.append(Reason.of(R.M_MELD_1, cards=size, maximum=rules.max_meld_size))
        return reasons
    if meld.rank is Rank.THREE:
        if wilds:
            reasons.append(Reason.of(R.C_MELD_9, wilds=wilds))
        if not 3 <= size <= 4:
            reasons.append(Reason.of(R.C_MELD_9, cards=size))
        return reasons
    if size < 3:
        reasons.append(Reason.of(R.C_MELD_1, cards=size, minimum=3))
    if naturals < rules.min_naturals:
        reasons.append(Reason.of(R.C_MELD_2, naturals=naturals, minimum=rules.min_naturals))
    if wilds > rules.max_wilds:
        reasons.append(Reason.of(R.C_MELD_2, wilds=wilds, maximum=rules.max_wilds))
    elif rules.wild_limit == "no-more-wild-than-natural" and wilds > naturals:
        reasons.append(
            Reason.of(R.C_MELD_2, wilds=wilds, naturals=naturals).under(
                rules.house_rule(R.V_C1)
            )
        )
    return reasons


# The old name, for code outside the engine that imports it (the card table, narration, tests).
Meld = LaidMeld
