"""End-of-hand scoring with an itemized breakdown (C-SCORE-1, C3-7, M-SCORE-1).

Scoring works on tallies (what each side melded, laid out and held), not on game states, so the
same code scores a finished hand, a worked example from RULES.md §3 and the score calculator.
Every item names the rule that produced it; a side's total is the sum of its items.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import DECK_COUNTS, Card, Rank, card_points, parse_cards, sorted_cards
from tutor.engine.errors import NotationError
from tutor.engine.inputs import fields, flag, items, short_text, shown, whole_number
from tutor.engine.melds import Meld, canasta_bonus
from tutor.engine.rules import RuleSet
from tutor.engine.verdict import Reason


@dataclass(frozen=True, slots=True)
class PlayerTally:
    seat: int
    hand: tuple[Card, ...] = ()
    threes: tuple[Card, ...] = ()  # threes laid out (red threes in Classic, all threes in Modern)


@dataclass(frozen=True, slots=True)
class SideTally:
    players: tuple[PlayerTally, ...]
    melds: tuple[Meld, ...] = ()
    went_out: bool = False
    concealed: bool = False

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a breakdown: what (``kind``), why (``reason``) and how many points."""

    kind: str
    reason: Reason
    points: int
    seat: int | None = None  # set for items credited to one player only (C3-7 red threes)


@dataclass(frozen=True, slots=True)
class SideScore:
    seats: tuple[int, ...]
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        """The side's total without personal items (every item when nothing is personal)."""
        return sum(item.points for item in self.items if item.seat is None)

    def credit(self, seat: int) -> int:
        """What one seat of the side is credited: the shared total plus its personal items."""
        return self.total + sum(item.points for item in self.items if item.seat == seat)

    def kind_total(self, kind: str) -> int:
        return sum(item.points for item in self.items if item.kind == kind)


@dataclass(frozen=True, slots=True)
class HandScore:
    sides: tuple[SideScore, ...]

    def credit(self, seat: int) -> int:
        for side in self.sides:
            if seat in side.seats:
                return side.credit(seat)
        raise KeyError(seat)

    def credits(self, players: int) -> tuple[int, ...]:
        return tuple(self.credit(seat) for seat in range(players))

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": [
                {
                    "seats": list(side.seats),
                    "total": side.total,
                    "credits": {str(seat): side.credit(seat) for seat in side.seats},
                    "items": [
                        {
                            "kind": item.kind,
                            "points": item.points,
                            **item.reason.to_json(),
                            **({"seat": item.seat} if item.seat is not None else {}),
                        }
                        for item in side.items
                    ],
                }
                for side in self.sides
            ]
        }


def score_hand(rules: RuleSet, sides: Sequence[SideTally]) -> HandScore:
    """Score the end of a hand for every side."""
    scorer = _score_modern_side if rules.is_modern else _score_classic_side
    return HandScore(tuple(scorer(rules, side) for side in sides))


def _red_three_points(rules: RuleSet, count: int) -> int:
    if count == 4:
        return rules.four_red_threes_value
    return count * rules.red_three_value


def _score_classic_side(rules: RuleSet, side: SideTally) -> SideScore:
    items: list[ScoreItem] = []
    for meld in side.melds:
        bonus = canasta_bonus(meld, rules)
        if bonus is not None:
            items.append(ScoreItem("canasta", bonus[1], bonus[0]))
    melded = bool(side.melds)
    personal = len(side.players) > 1 and rules.players == 3 and rules.red_threes_3p == "personal"
    owners: list[tuple[int | None, int]]
    if personal:
        owners = [(p.seat, len(p.threes)) for p in side.players]
    else:
        owners = [(None, sum(len(p.threes) for p in side.players))]
    for seat, count in owners:
        if not count:
            continue
        value = _red_three_points(rules, count)
        rule = "C-THREE-1" if melded else "C-THREE-2"
        reason = Reason.of(rule, count=count)
        if len(side.players) > 1 and rules.players == 3:  # the partnership's threes: V-C8
            reason = reason.under(rules.house_rule("V-C8"))
        items.append(ScoreItem("red-threes", reason, value if melded else -value, seat))
    if side.went_out:
        if side.concealed:
            items.append(
                ScoreItem("going-out", Reason.of("C-OUT-5", concealed=True), rules.concealed_bonus)
            )
        else:
            items.append(ScoreItem("going-out", Reason.of("C-OUT-5"), rules.going_out_bonus))
    meld_points = sum(meld.points for meld in side.melds)
    if side.melds:
        items.append(
            ScoreItem(
                "melded-cards",
                Reason.of("C-SCORE-1", cards=sum(m.size for m in side.melds)),
                meld_points,
            )
        )
    for player in side.players:
        if player.hand:
            value = sum(card_points(c) for c in player.hand)
            items.append(
                ScoreItem(
                    "hand", Reason.of("C-SCORE-1", seat=player.seat, cards=len(player.hand)), -value
                )
            )
    return SideScore(side.seats, tuple(items))


_MODERN_THREES = {0: 0, 1: 100, 2: 300, 3: 500, 4: 1000}


def _score_modern_side(rules: RuleSet, side: SideTally) -> SideScore:
    items: list[ScoreItem] = []
    canastas = sum(1 for meld in side.melds if meld.is_canasta(rules))
    for meld in side.melds:
        bonus = canasta_bonus(meld, rules)
        if bonus is not None:
            items.append(ScoreItem("canasta", bonus[1], bonus[0]))
    if side.went_out:
        items.append(ScoreItem("going-out", Reason.of("M-OUT-3"), rules.going_out_bonus))
    threes = [c for p in side.players for c in p.threes]
    reds = sum(1 for c in threes if c.is_red_three)
    blacks = len(threes) - reds
    sign = -1 if canastas == 0 else (0 if canastas == 1 else 1)
    for colour, count in (("red", reds), ("black", blacks)):
        if count:
            value = _MODERN_THREES[min(count, 4)]
            items.append(
                ScoreItem(
                    "threes",
                    Reason.of("M-THREE-2", colour=colour, count=count, canastas=canastas),
                    sign * value,
                )
            )
    if side.melds:
        meld_points = sum(meld.points for meld in side.melds)
        items.append(
            ScoreItem(
                "melded-cards",
                Reason.of("M-SCORE-1", cards=sum(m.size for m in side.melds), canastas=canastas),
                meld_points if canastas else -meld_points,
            )
        )
    for meld in side.melds:
        penalty = incomplete_special_penalty(meld, rules)
        if penalty:
            items.append(ScoreItem("penalty", penalty[1], -penalty[0]))
    for player in side.players:
        if player.hand:
            value = sum(modern_hand_points(c) for c in player.hand)
            items.append(
                ScoreItem(
                    "hand", Reason.of("M-SCORE-2", seat=player.seat, cards=len(player.hand)), -value
                )
            )
            for rank in (Rank.ACE, Rank.SEVEN):
                held = sum(1 for c in player.hand if c.rank is rank)
                if held >= 3:
                    items.append(
                        ScoreItem(
                            "penalty",
                            Reason.of("M-SCORE-4", seat=player.seat, rank=rank.symbol, held=held),
                            -1500,
                        )
                    )
    return SideScore(side.seats, tuple(items))


def modern_hand_points(card: Card) -> int:
    """M-CARD-1 for cards left in hand; a three kept under M-END-2 counts 5."""
    return 5 if card.is_three else card_points(card)


def incomplete_special_penalty(meld: Meld, rules: RuleSet) -> tuple[int, Reason] | None:
    """M-SCORE-3: pure aces, sevens and wild-card melds short of a canasta."""
    if meld.is_canasta(rules):
        return None
    if meld.rank is None:
        jokers = sum(1 for c in meld.cards if c.rank is Rank.JOKER)
        amount = 2500 if jokers == 4 and rules.four_joker_penalty == "2500" else 2000
        reason = Reason.of("M-SCORE-3", meld="wild", cards=meld.size, jokers=jokers)
        return amount, reason.under(rules.house_rule("V-M3") if jokers == 4 else None)
    if meld.rank is Rank.SEVEN:
        return 2500, Reason.of("M-SCORE-3", meld="sevens", cards=meld.size)
    if meld.rank is Rank.ACE and meld.wilds == 0:
        return 2500, Reason.of("M-SCORE-3", meld="aces", cards=meld.size)
    return None


def canasta_count(melds: Sequence[Meld], rules: RuleSet) -> int:
    size = rules.canasta_size
    return sum(1 for meld in melds if meld.size >= size)


# ----- tallies from JSON (the score calculator and `python -m tutor score FILE`) ----------------


def meld_from_text(text: str) -> Meld:
    """Read a meld written in card notation; its rank is that of its naturals (or threes)."""
    cards = parse_cards(text)
    if not cards:
        raise NotationError("empty meld", code="meld-empty")
    ranks = {c.rank for c in cards if not c.is_wild}
    if len(ranks) > 1:
        order = tuple(sorted(ranks, key=lambda rank: rank.symbol))
        raise NotationError(
            f"meld {shown(text)} mixes ranks {', '.join(r.symbol for r in order)}",
            code="meld-mixes-ranks", cards=cards, ranks=order,
        )
    return Meld(ranks.pop() if ranks else None, cards)


def tallies_from_json(data: object, players: int) -> tuple[SideTally, ...]:
    """Read ``{"sides": [{"melds": [...], "players": [{"seat":0,"hand":"...","threes":"..."}],
    "went_out": true, "concealed": false}, ...]}``; errors name the side and field. The cards
    of all sides together must fit in the 108-card deck."""
    score_file = fields(data, "score file", ("sides", "rules", "name"))
    sides_data = items(score_file.get("sides"), "score file: sides", limit=players)
    if not sides_data:
        raise NotationError("score file: 'sides' must be a non-empty list", code="no-sides")
    sides: list[SideTally] = []
    seen: set[int] = set()
    for i, raw in enumerate(sides_data):
        where = f"sides[{i}]"
        side = fields(raw, where, ("melds", "players", "went_out", "concealed", "name"))
        melds = tuple(
            _tally_meld(m, f"{where}.melds[{j}]")
            for j, m in enumerate(items(side.get("melds", []), f"{where}.melds", limit=20))
        )
        tallies = []
        for j, p in enumerate(items(side.get("players", []), f"{where}.players", limit=4)):
            at = f"{where}.players[{j}]"
            player = fields(p, at, ("seat", "hand", "threes"))
            seat = whole_number(player.get("seat", j), f"{at}.seat", low=0, high=players - 1)
            if seat in seen:
                raise NotationError(f"{at}.seat: seat {seat} is repeated", code="seat-repeated",
                                    seat=seat)
            seen.add(seat)
            tallies.append(
                PlayerTally(
                    seat,
                    _tally_cards(player.get("hand", ""), f"{at}.hand"),
                    _tally_cards(player.get("threes", ""), f"{at}.threes"),
                )
            )
        sides.append(
            SideTally(
                tuple(tallies),
                melds,
                flag(side.get("went_out", False), f"{where}.went_out"),
                flag(side.get("concealed", False), f"{where}.concealed"),
            )
        )
    _check_deck(sides)
    return tuple(sides)


def _tally_cards(raw: object, where: str) -> tuple[Card, ...]:
    cards = short_text(raw, where, limit=108 * 4)
    try:
        return parse_cards(cards)
    except NotationError as exc:
        piece = next((part for part in cards.replace(",", " ").split() if not _is_card(part)), "")
        raise NotationError(f"{where}: {exc}", code="not-a-card", piece=piece,
                            where=where) from None


def _tally_meld(raw: object, where: str) -> Meld:
    text = short_text(raw, where, limit=200)
    try:
        return meld_from_text(text)
    except NotationError as exc:
        if not exc.code:  # a piece that is no card
            piece = next((part for part in text.replace(",", " ").split() if not _is_card(part)),
                         "")
            raise NotationError(f"{where}: {exc}", code="not-a-card", piece=piece,
                                where=where) from None
        raise NotationError(f"{where}: {exc}", code=exc.code, where=where,
                            **exc.params) from None


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except NotationError:
        return False
    return True


def _check_deck(sides: list[SideTally]) -> None:
    used = Counter(
        card
        for side in sides
        for cards in (
            *(m.cards for m in side.melds),
            *(p.hand for p in side.players),
            *(p.threes for p in side.players),
        )
        for card in cards
    )
    over = sorted_cards(card for card, n in used.items() if n > DECK_COUNTS[card])
    if over:
        names = " ".join(str(card) for card in over[:8])
        raise NotationError(
            f"score file: more copies than the 108-card deck holds of {names}",
            code="too-many-copies", cards=tuple(over),
        )
