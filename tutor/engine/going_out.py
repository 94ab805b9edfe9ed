"""The going-out search, and the rules that need it: candidate melds for the listing, a way to go
out now, "may I go out?" and its answer, and what a binding "yes" forbids.

The planner only proposes; every plan is checked by the meld and discard rules the judge
dispatches to (``meld_rules``, ``discard_rules``) before it is returned, so a proposal can never
contradict a verdict. It is a greedy planner, not an exhaustive search: when it finds no way to
go out, "may I go out?" is not offered.

The dependency runs one way: the judge (``judge.py``) dispatches to the rules here, and they
use the step modules, never the judge.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine import discard_rules, meld_rules
from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Answer, Discard, Group, Meld
from tutor.engine.cards import (
    ALL_FACES,
    NATURAL_RANKS,
    Card,
    HandRanks,
    Rank,
    hand_ranks,
    sorted_cards,
)
from tutor.engine.errors import PositionError
from tutor.engine.melds import LaidMeld
from tutor.engine.rules import RuleSet
from tutor.engine.ruling import Ruling, refused
from tutor.engine.scoring import canasta_count, incomplete_special_penalty
from tutor.engine.state import GameState, Phase
from tutor.engine.transitions import set_at
from tutor.engine.variants import going_out_reason, variant, yes_binds, yes_reason
from tutor.engine.verdict import Reason


def plan_groups(
    rules: RuleSet, cards: tuple[Card, ...], melds: tuple[LaidMeld, ...]
) -> list[Group] | None:
    """Groups that lay every one of ``cards`` onto a side holding ``melds``, or None."""
    by_rank: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    threes: list[Card] = []
    for card in cards:
        if card.is_wild:
            wilds.append(card)
        elif card.is_three:
            threes.append(card)
        else:
            by_rank.setdefault(card.rank, []).append(card)
    groups: list[Group] = []
    if threes:
        if rules.is_modern or not 3 <= len(threes) <= 4 or any(c.is_red_three for c in threes):
            return None
        groups.append(Group(sorted_cards(threes)))
    existing = {m.rank: m for m in melds}
    limit = rules.max_meld_size or 10**6
    # (rank, naturals after, wilds after, size after) for each natural meld we will touch
    plan: dict[Rank, list[Card]] = {}
    for rank, naturals in by_rank.items():
        meld = existing.get(rank)
        if meld is None and len(naturals) < rules.min_naturals:
            return None
        if meld is not None and meld.size + len(naturals) > limit:
            return None
        plan[rank] = list(naturals)
    pool = list(wilds)

    def room(rank: Rank) -> int:
        meld = existing.get(rank)
        naturals = len(plan.get(rank, [])) + (meld.naturals if meld else 0)
        have = (meld.wilds if meld else 0) + sum(1 for c in plan.get(rank, []) if c.is_wild)
        size = naturals + have
        if rules.is_modern:
            if rank in (Rank.SEVEN, Rank.ACE) or naturals < 5:
                return 0
            return max(0, min(rules.max_wilds - have, limit - size))
        cap = rules.max_wilds - have
        if rules.wild_limit == "no-more-wild-than-natural":
            cap = min(cap, naturals - have)
        return max(0, cap)

    # New melds of two naturals need a wild card (Classic).
    for rank, laid in plan.items():
        meld = existing.get(rank)
        if meld is None and len([c for c in laid if not c.is_wild]) == 2:
            if not pool or room(rank) == 0:
                return None
            laid.append(pool.pop())
    # Fill the melds closest to a canasta first, those on the table included.
    targets = set(plan) | {r for r in existing if r is not None and r is not Rank.THREE}
    order = sorted(
        targets,
        key=lambda r: (rules.canasta_size - _size(existing.get(r), plan.get(r, [])), int(r)),
    )
    for rank in order:
        while pool and room(rank) > 0:
            plan.setdefault(rank, []).append(pool.pop())
    if pool:
        wild_meld = existing.get(None)
        if not rules.is_modern:
            return None
        if wild_meld is None and len(pool) < 3:
            return None
        if wild_meld is not None and wild_meld.size + len(pool) > limit:
            return None
        groups.append(Group(sorted_cards(pool)))
    for rank, laid in plan.items():
        if laid:
            onto = rank if all(c.is_wild for c in laid) else None
            groups.append(Group(sorted_cards(laid), onto))
    return groups


def _size(meld: LaidMeld | None, laid: list[Card]) -> int:
    return (meld.size if meld else 0) + len(laid)


def find_going_out(state: GameState) -> tuple[Action, ...] | None:
    """Actions that take the player to move out of cards this turn, or None.

    Used to offer "may I go out?" only when going out is possible (C-OUT-4, M-OUT-4).
    The partner's answer is ignored here: this asks what the cards allow.
    """
    global _memo
    memo = _memo
    if memo is not None and memo[0] is state:
        return memo[1]
    found = _find_going_out(state)
    _memo = (state, found)
    return found


_PLAY = Phase.PLAY  # enum members are slower to look up

# One-entry memo: the listing and the judge of "ask" look at the same state in a row.
_memo: tuple[GameState, tuple[Action, ...] | None] | None = None


def _find_going_out(state: GameState) -> tuple[Action, ...] | None:
    if state.phase is not _PLAY:
        return None
    rules = state.rules
    seat = state.turn
    hand = state.hands[seat]
    melds = state.side_of(seat).melds
    stranded = _stranded(rules, hand, melds)
    if stranded is None:
        return None
    info = state.turn_info
    probe = state if info.answer is None else state.evolve(turn_info=info.evolve(answer=None))
    discards: list[Card | None] = [] if rules.is_modern else [None]
    discards += list(dict.fromkeys(hand))
    if stranded:
        discards = [stranded[0]]  # the one card that cannot be laid must be the discard
    for discard in discards:
        rest = list(hand)
        if discard is not None:
            rest.remove(discard)
        groups = plan_groups(rules, tuple(rest), melds)
        if groups is None or _canastas_after(rules, melds, groups) < rules.canastas_to_go_out:
            continue  # (too few canastas: the judge would refuse the last action, C-OUT-1)
        actions: list[Action] = []
        if groups:
            actions.append(Meld(tuple(groups)))
        if discard is not None:
            actions.append(Discard(discard))
        # The plan lays every card but the discard, so its last action, when legal, empties
        # the hand: the player goes out. That one is only judged (not played out and scored).
        current: GameState | None = probe
        for action in actions[:-1]:
            ruling = _trial(current, action) if current is not None else None
            build = ruling.build if ruling is not None and not ruling.forbid else None
            current = build() if build is not None else None
        last = _trial(current, actions[-1]) if current is not None else None
        if last is not None and not last.forbid:
            return tuple(actions)
    return None


def _trial(state: GameState, action: Action) -> Ruling | None:
    """The ruling on one step of a plan, as the judge dispatches a meld or a discard by the
    player to move (a plan's probe has no answer, so no rule after a "yes" applies); None for
    cards not held, or a discard after a red three last (V-C3)."""
    try:
        if isinstance(action, Meld):
            return meld_rules.meld(state, action)
        if state.turn_info.no_discard:
            return None
        return discard_rules.discard(state, action)
    except PositionError:
        return None


def _canastas_after(rules: RuleSet, melds: tuple[LaidMeld, ...], groups: list[Group]) -> int:
    """How many canastas the side would hold once ``groups`` joined its ``melds`` (a meld is a
    canasta by its size, :meth:`~tutor.engine.melds.Meld.is_canasta`)."""
    sizes: dict[Rank | None, int] = {m.rank: m.size for m in melds}
    for group in groups:
        rank = group.rank
        sizes[rank] = sizes.get(rank, 0) + len(group.cards)
    return sum(1 for size in sizes.values() if size >= rules.canasta_size)


def _stranded(
    rules: RuleSet, hand: tuple[Card, ...], melds: tuple[LaidMeld, ...]
) -> list[Card] | None:
    """A cheap necessary test for going out: None when it is clearly impossible (more than one
    card that cannot be laid, or too few canastas), else the cards that cannot be laid (what
    :func:`_estimate` finds with ``give_up``, written out: the listing asks it at every step)."""
    ranks = hand_ranks(hand)
    threes = ranks.threes
    unlayable = list(threes) if rules.is_modern or len(threes) < 3 else []
    if len(unlayable) > 1:
        return None
    for rank, cards in ranks.naturals.items():
        if len(cards) < 2:
            for meld in melds:
                if meld.rank is rank:
                    break
            else:
                if unlayable:
                    return None  # a second card that fits no meld
                unlayable.append(cards[0])
    if _reachable(rules, ranks, melds) < rules.canastas_to_go_out:
        return None
    return unlayable


def _estimate(
    rules: RuleSet, hand: tuple[Card, ...], melds: tuple[LaidMeld, ...], *, give_up: bool
) -> tuple[list[Card], int]:
    """The cards that can never be laid this turn, and at most how many canastas the side can
    have after laying the rest (an upper bound: the limits on wild cards are read generously).
    With ``give_up``, it stops at the second card that cannot be laid (those two are returned,
    and 0 canastas): going out is then out of the question."""
    ranks = hand_ranks(hand)
    melded = [m.rank for m in melds]
    # Threes unless three or four black ones can be melded (Classic, going out), and a lone
    # natural of a rank the side has not melded. Giving up stops at the second such card.
    unlayable = list(ranks.threes) if rules.is_modern or len(ranks.threes) < 3 else []
    for rank, cards in ranks.naturals.items():
        if len(cards) < 2 and rank not in melded:
            unlayable.append(cards[0])
            if give_up and len(unlayable) > 1:
                return unlayable, 0
    if give_up and len(unlayable) > 1:
        return unlayable, 0
    return unlayable, _reachable(rules, ranks, melds)


def _reachable(rules: RuleSet, ranks: HandRanks, melds: tuple[LaidMeld, ...]) -> int:
    """At most how many canastas the side can have after laying the hand sorted out in
    ``ranks`` (see :func:`_estimate`)."""
    wilds = len(ranks.wilds)
    sizes: dict[Rank | None, int] = {m.rank: m.size for m in melds}
    for rank, cards in ranks.naturals.items():
        sizes[rank] = sizes.get(rank, 0) + len(cards)
    sizes.pop(Rank.THREE, None)
    if rules.is_modern and wilds:
        sizes[None] = sizes.get(None, 0) + wilds
    canastas = 0
    spare = wilds
    size_limit = rules.canasta_size
    for size in sorted(sizes.values(), reverse=True):
        if size >= size_limit:
            canastas += 1
        elif size_limit - size <= min(spare, rules.max_wilds):
            spare -= size_limit - size
            canastas += 1
    return canastas


def meld_candidates(state: GameState, limit: int = 24) -> list[Meld]:
    """A bounded list of candidate meld actions for the player to move (not yet judged), each
    listed once."""
    rules = state.rules
    turn = state.turn
    side_melds = state.side_of(turn).melds
    ranks = hand_ranks(state.hands[turn])
    wilds = ranks.wilds
    first_wild = wilds[0] if wilds else None
    pair_wild = None if rules.is_modern else first_wild  # a pair takes a wild card (Classic)
    existing = {m.rank for m in side_melds} if side_melds else _NO_RANKS
    candidates: list[Meld] = []
    add = candidates.append
    kept = _SINGLES.get  # (the store looked up in place: a call per rank saved)
    for rank, naturals in ranks.naturals.items():
        count = len(naturals)
        if rank in existing:
            add(kept((naturals, None)) or _single(naturals))
        elif count >= 3:
            add(kept((naturals, None)) or _single(naturals))
            if first_wild is not None:
                add(kept((naturals, first_wild)) or _single(naturals, first_wild))
        elif count == 2 and pair_wild is not None:
            add(kept((naturals, pair_wild)) or _single(naturals, pair_wild))
    if wilds:
        distinct_wilds = tuple(dict.fromkeys(wilds)) if len(wilds) > 1 else wilds
        for target in existing:
            if target is not None and target is not Rank.THREE:
                for wild in distinct_wilds:
                    add(_LAY_OFFS[(wild, target)])
        if rules.is_modern and len(wilds) >= 3:
            add(Meld((Group(wilds),)))
    if not side_melds:
        opening = _opening_melds(rules, ranks.naturals, wilds)
        if opening:
            candidates += opening
            for meld in opening:
                if len(meld.groups) == 1:
                    # A pair made up with a wild card can be both a single and an opening
                    # candidate (only a one-group opening meld can repeat a single).
                    return list(dict.fromkeys(candidates[:limit]))
    return candidates if len(candidates) <= limit else candidates[:limit]


_NO_RANKS: frozenset[Rank | None] = frozenset()


def _single(naturals: tuple[Card, ...], wild: Card | None = None) -> Meld:
    """The one-group meld of ``naturals`` (plus ``wild``), kept once built: hands hold the same
    runs of a rank turn after turn. The store is emptied when it grows large."""
    key = (naturals, wild)
    meld = _SINGLES.get(key)
    if meld is None:
        if len(_SINGLES) >= 4096:
            _SINGLES.clear()
        cards = naturals if wild is None else (*sorted_cards(naturals), wild)
        meld = _SINGLES[key] = Meld((Group(cards),))  # a wild card sorts after every natural
    return meld


_SINGLES: dict[tuple[tuple[Card, ...], Card | None], Meld] = {}


def _group(naturals: tuple[Card, ...]) -> Group:
    """The group of ``naturals`` as laid: the one of their single meld (see :func:`_single`)."""
    return _single(naturals).groups[0]


# Every "lay this wild card onto that meld" action, built once (actions are immutable values).
_LAY_OFFS: dict[tuple[Card, Rank], Meld] = {
    (wild, rank): Meld((Group((wild,), rank),))
    for wild in ALL_FACES
    if wild.is_wild
    for rank in NATURAL_RANKS
}


def _opening_melds(
    rules: RuleSet, by_rank: Mapping[Rank, tuple[Card, ...]], wilds: tuple[Card, ...]
) -> list[Meld]:
    """Bigger first melds for a side that has not melded: every clean group of three or more,
    then also the pairs made up with a wild card (the judge checks the minimum)."""
    clean = [_group(cards) for cards in by_rank.values() if len(cards) >= 3]
    out: list[Meld] = []
    if len(clean) > 1:
        out.append(Meld(tuple(clean)))
    spare = list(wilds)
    mixed = list(clean)
    for rank, cards in by_rank.items():
        if len(cards) == 2 and spare and rank is not Rank.SEVEN:
            mixed.append(_single(cards, spare.pop()).groups[0])
    if len(mixed) > len(clean) and mixed:
        out.append(Meld(tuple(mixed)))
    if rules.is_modern and len(spare) >= 3 and clean:
        out.append(Meld((*clean, Group(tuple(spare)))))
    return out


# ----- why not ------------------------------------------------------------------------------------


def going_out_obstacles(state: GameState) -> list[Reason]:
    """What surely keeps the player to move from going out this turn ("why can't I go out?").

    Each reason is a certainty, not a guess of the planner: the side cannot reach the canastas
    it needs whatever it lays (C-OUT-1, C2-4, C3-8 under V-C7, M-OUT-1); more than one card
    fits no meld, and only one may go as the discard (C-OUT-1, M-OUT-1); an incomplete special
    meld cannot be completed from the hand while the house rule forbids going out (M-OUT-5 under
    V-M4). Empty when none of these holds (the planner may just not have found a way).
    """
    rules = state.rules
    seat = state.turn
    hand = state.hands[seat]
    melds = state.side_of(seat).melds
    reasons: list[Reason] = []
    loose, reachable = _estimate(rules, hand, melds, give_up=False)
    if reachable < rules.canastas_to_go_out:
        reasons.append(going_out_reason(rules, canasta_count(melds, rules)))
    if len(loose) > 1:
        rule = variant(rules).loose
        reasons.append(Reason.of(rule, loose=len(loose)))
    if rules.is_modern and rules.out_with_incomplete_special == "forbidden":
        for meld in melds:
            if incomplete_special_penalty(meld, rules) and not _completable(rules, meld, hand):
                reasons.append(
                    Reason.of(R.M_OUT_5, meld=meld.label, out=False).under(
                        rules.house_rule(R.V_M4)
                    )
                )
                break
    return reasons


def _completable(rules: RuleSet, meld: LaidMeld, hand: tuple[Card, ...]) -> bool:
    """Whether the hand holds enough cards to make ``meld`` (pure aces, sevens, wild cards) a
    canasta this turn."""
    if meld.rank is None:
        fitting = sum(1 for c in hand if c.is_wild)
    else:
        fitting = sum(1 for c in hand if c.rank is meld.rank)
    return meld.size + fitting >= rules.canasta_size


# ----- asking the partner (the search-based rules) -----------------------------------------------


def ask(state: GameState, _action: Action) -> Ruling:
    """"May I go out?" (C-OUT-4, M-OUT-4): offered only when the search finds a way out."""
    rules = state.rules
    seat = state.turn
    ruling = Ruling()
    rule = variant(rules).ask
    if rules.players == 2:
        ruling.forbid.append(Reason.of(R.C2_7, partner=False))
        return ruling
    if not state.has_partner(seat):
        ruling.forbid.append(Reason.of(R.C3_11, partnership=False))
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
                Reason.of(R.M_OUT_4, once=True, per=rules.ask_once_per).under(
                    rules.house_rule(R.V_M8)
                )
            )
            return ruling
    if state.phase is Phase.DRAW and rules.ask_when != "before-or-after-draw":
        ruling.forbid.append(Reason.of(rule, drawn=False))
        return ruling
    if info.melded:
        ruling.forbid.append(Reason.of(rule, melded=True))
        return ruling
    if state.phase is Phase.PLAY and find_going_out(state) is None:
        ruling.forbid.append(Reason.of(rule, possible=False))
        ruling.more_forbid = lambda: going_out_obstacles(state)  # why not (for verdicts only)
        return ruling
    if state.phase is Phase.PLAY and not can_stay_in(state):
        # Both answers must be possible to obey: a player left with one card after taking the
        # pile can only end the turn by going out, so a "no" would leave no move at all.
        ruling.forbid.append(Reason.of(rule, obey_no=False))
        return ruling
    ruling.permit.append(Reason.of(rule, partner=state.partner_of(seat)))
    if state.phase is Phase.DRAW:
        ruling.permit.append(
            Reason.of(rule, when="before-draw").under(rules.house_rule(R.V_C11))
        )

    def build() -> GameState:
        return state.evolve(
            phase=Phase.ANSWER,
            asked=set_at(state.asked, seat, True),
            turn_info=info.evolve(asked=True),
        )

    ruling.build = build
    return ruling


def answer(state: GameState, action: Action) -> Ruling:
    """The partner's answer to "may I go out?", binding or advice (V-M2)."""
    assert isinstance(action, Answer)
    rules = state.rules
    ruling = Ruling()
    rule = variant(rules).ask
    reason = Reason.of(
        rule, answer="yes" if action.yes else "no", binding=action.yes is False or yes_binds(rules)
    )
    ruling.permit.append(reason.under(rules.house_rule(R.V_M2)) if action.yes and rules.is_modern
                         else reason)
    resume = Phase.PLAY if state.turn_info.drew is not None else Phase.DRAW

    def build() -> GameState:
        return state.evolve(phase=resume, turn_info=state.turn_info.evolve(answer=action.yes))

    ruling.build = build
    return ruling


def can_stay_in(state: GameState) -> bool:
    """Whether the player could finish this turn without going out, as after a "no": some
    discard or listed meld is legal then (a way out is not: a "no" forbids it), or passing is
    (V-C3)."""
    info = state.turn_info
    if not state.rules.is_modern and not info.no_discard and len(state.hands[state.turn]) >= 2:
        return True  # a Classic discard may be any card, and one card stays in hand
    if info.no_discard:
        return True  # C-END-2 under V-C3: passing ends the turn
    told_no = state.evolve(turn_info=info.evolve(asked=True, answer=False))
    if any(not discard_rules.discard(told_no, _DISCARDS[c]).forbid
           for c in dict.fromkeys(told_no.hands[told_no.turn])):
        return True
    return any(not meld_rules.meld(told_no, m).forbid for m in meld_candidates(told_no))


_DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in ALL_FACES}


# ----- after a binding "yes" -----------------------------------------------------------------


def meld_after_yes(state: GameState, action: Action) -> Ruling:
    """The meld rules, and after a binding yes (C-OUT-4, V-M2) no meld that leaves more than the
    going-out discard may spoil the way out the hand had."""
    ruling = meld_rules.meld(state, action)
    if ruling.forbid or ruling.build is None or state.turn_info.answer is not True:
        return ruling
    rules = state.rules
    if not yes_binds(rules):
        return ruling
    assert isinstance(action, Meld)
    laid = sum(len(group.cards) for group in action.groups)
    if (len(state.hands[state.turn]) - laid > 1 and find_going_out(ruling.build()) is None
            and find_going_out(state) is not None):
        ruling.forbid.append(yes_reason(rules))
    return ruling


def discard_after_yes(state: GameState, action: Action) -> Ruling:
    """The discard rules, and after a binding yes no discard that keeps the player in while a
    way out exists (C-OUT-4, V-M2)."""
    if state.turn_info.no_discard:
        return refused(Reason.of(R.C_END_2, discard=False).under(state.rules.house_rule(R.V_C3)))
    ruling = discard_rules.discard(state, action)
    if state.turn_info.answer is True and len(state.hands[state.turn]) > 1:
        rules = state.rules
        if yes_binds(rules) and find_going_out(state) is not None:
            ruling.forbid.append(yes_reason(rules))
    return ruling
