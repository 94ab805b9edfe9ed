"""The meld step: laying cards from hand (C-MELD-*, M-MELD-*), a side's first meld and its
minimum (Classic C-INIT-*, C-THREE-3, C3-6; Modern M-INIT-*), and how many cards a meld may
leave in hand (C-OUT-1/3, C-MELD-8, M-DISC-3, M-OUT-1/5).

The shape of the groups is :func:`~tutor.engine.melding.evaluate_groups`' to judge; the rules
that need the whole turn (the first meld, going out) are here, both families side by side. The
rule that needs the going-out search (after a binding "yes") is in ``going_out.py``.
"""

from __future__ import annotations

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action, Group, Meld
from tutor.engine.cards import Rank
from tutor.engine.melding import GroupResult, closed_ranks, evaluate_groups, merge_by_rank
from tutor.engine.melds import LaidMeld, shape_reasons
from tutor.engine.rules import RuleSet
from tutor.engine.ruling import Ruling
from tutor.engine.scoring import canasta_count, incomplete_special_penalty
from tutor.engine.state import DrawSource, EndReason, GameState, HandEnd
from tutor.engine.transitions import concealed, concealed_note, end_hand, set_at, sides_with
from tutor.engine.variants import canastas_option, going_out_reason, variant
from tutor.engine.verdict import Reason


def meld(state: GameState, action: Action, *, explain: bool = False) -> Ruling:
    """The meld rules. The listing judges every candidate meld, so by default the permitting
    reasons are not put together: a legal meld's verdict gets them from the same judgment run
    again with ``explain`` (the forbidding reasons are the same either way)."""
    assert isinstance(action, Meld)
    rules = state.rules
    seat = state.turn
    ruling = Ruling()
    side = state.side_of(seat)
    opening = not side.has_melded
    closed = (
        closed_ranks(tuple(m for s in state.sides for m in s.melds), rules)
        if rules.is_modern
        else _NO_RANKS  # M-MELD-8 is Modern's
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
        if not rules.is_modern:  # (put after the others for a verdict: is_legal needs none)
            ruling.forbid_later = lambda: onto_opponents(state, seat, action.groups)
        return ruling
    if opening:
        if rules.is_modern:
            modern_initial_meld(state, seat, result.count, result, ruling, hand_only=False)
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
                    ruling.permit.append(Reason.of(R.C_INIT_5))
            elif result.count < minimum:
                ruling.forbid.append(
                    Reason.of(
                        R.C_INIT_1, minimum=minimum, count=result.count, score=state.scores[seat]
                    )
                )
            elif explain:
                ruling.permit.append(Reason.of(R.C_INIT_1, minimum=minimum, count=result.count))
                ruling.permit.append(Reason.of(R.C_INIT_2, count=result.count))
            classic_opening_notes(state, seat, result.count, concealed_exempt, ruling)
    elif explain and rules.is_modern:
        ruling.permit.append(Reason.of(R.M_INIT_6))  # the side has opened: no minimum
    elif explain and result.count < state.minimum_for_seat(seat):
        ruling.permit.append(Reason.of(R.C_INIT_4, count=result.count))  # no minimum now
    ruling.permit.extend(result.permit)
    if len(result.hand) > 1:
        for laid in result.melds:
            if laid.rank is _THREE:
                ruling.forbid.append(Reason.of(R.C_MELD_9, going_out=False))
                break
    going_out = going_out_check(state, seat, result.melds, len(result.hand), ruling)
    if ruling.forbid:
        return ruling
    # (After a binding yes, the search-based rule in going_out.py checks the way out is kept.)
    if not explain:
        ruling.permit = []  # the few put together on the way; a verdict asks for them all
        ruling.permit_later = lambda: meld(state, action, explain=True).permit

    def build() -> GameState:
        info = state.turn_info
        after = state.evolve(
            sides=sides_with(state, seat, result.melds),
            hands=set_at(state.hands, seat, result.hand),
            seat_melded=set_at(state.seat_melded, seat, True),
            turn_info=info.evolve(
                melded=True,
                new_ranks=info.new_ranks + tuple(result.new_labels),
                touched_old_melds=info.touched_old_melds
                or bool(set(result.touched) - set(info.new_ranks)),
            ),
        )
        if going_out:
            return end_hand(after, HandEnd(EndReason.WENT_OUT, seat, concealed(after, seat)))
        return after

    ruling.build = build
    if going_out:
        concealed_note(state, seat, ruling)
    return ruling


_NO_RANKS: frozenset[Rank] = frozenset()
_THREE = Rank.THREE  # enum members are slower to look up


def going_out_check(
    state: GameState,
    seat: int,
    melds_after: tuple[LaidMeld, ...],
    cards_left: int,
    ruling: Ruling,
) -> bool:
    """Rules on how many cards a meld may leave (C-OUT-1/3, C-MELD-8, M-DISC-3, M-OUT-1/4/5).

    Returns True when the action empties the hand (the player goes out by melding).
    """
    if cards_left > 1:
        return False  # (most melds: no rule on the cards left, and no canastas to count)
    rules = state.rules
    canastas = canasta_count(melds_after, rules)
    needed = rules.canastas_to_go_out
    answer = state.turn_info.answer
    if cards_left == 0 and rules.is_modern:  # going out always takes a discard (M-OUT-1)
        ruling.forbid.append(Reason.of(R.M_DISC_3, cards_left=0))
        if canastas < needed:
            ruling.forbid.append(going_out_reason(rules, canastas))
        return False
    if cards_left == 0:
        if canastas < needed:
            ruling.forbid.append(going_out_reason(rules, canastas))
            ruling.forbid.append(Reason.of(R.C_OUT_3, cards_left=0))
        elif answer is False:
            ruling.forbid.append(Reason.of(R.C_OUT_4, answer="no"))
        else:
            ruling.permit.append(going_out_reason(rules, canastas))
            ruling.permit.append(Reason.of(R.C_OUT_2))
        return True
    if cards_left == 1:
        # The last card must then be discarded to go out (C-MELD-8, M-DISC-3).
        keep = Reason.of(
            variant(rules).keep_one,
            cards_left=1,
            canastas=canastas,
            needed=needed,
        )
        if canastas < needed:
            ruling.forbid.append(keep.under(canastas_option(rules)))
        elif answer is False:
            ruling.forbid.append(Reason.of(variant(rules).ask, answer="no"))
        else:
            ruling.permit.append(keep)
            if rules.is_modern:
                modern_incomplete_check(rules, melds_after, ruling)
    return False


def modern_incomplete_check(rules: RuleSet, melds: tuple[LaidMeld, ...], ruling: Ruling) -> None:
    """V-M4: going out may be forbidden while a special meld is incomplete (M-OUT-5)."""
    incomplete = [m for m in melds if incomplete_special_penalty(m, rules)]
    if incomplete and rules.out_with_incomplete_special == "forbidden":
        ruling.forbid.append(
            Reason.of(R.M_OUT_5, meld=incomplete[0].label, out=False).under(
                rules.house_rule(R.V_M4)
            )
        )
    elif incomplete:
        ruling.permit.append(Reason.of(R.M_OUT_5, meld=incomplete[0].label))


# ----- a side's first meld ------------------------------------------------------------------------


def modern_initial_meld(
    state: GameState,
    seat: int,
    count: int,
    result: GroupResult | None,
    ruling: Ruling,
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
        reason = Reason.of(R.M_INIT_4, kind=str(exempt_kind))
        mixed = exempt_kind == "mixed"  # exempt only under V-M6
        ruling.permit.append(reason.under(rules.house_rule(R.V_M6)) if mixed else reason)
    elif count < minimum:
        ruling.forbid.append(
            Reason.of(R.M_INIT_1, minimum=minimum, count=count, score=state.scores[seat])
        )
        if exempt_kind is not None:  # a canasta from hand that does not exempt (V-M6, pile)
            reason = Reason.of(R.M_INIT_4, kind=exempt_kind, pile=hand_only)
            ruling.forbid.append(reason if hand_only else reason.under(rules.house_rule(R.V_M6)))
    else:
        ruling.permit.append(Reason.of(R.M_INIT_1, minimum=minimum, count=count))
        ruling.permit.append(Reason.of(R.M_INIT_2, count=count))
    needs = rules.initial_meld_needs
    has_naturals3 = bool(result and result.natural3_melds)
    satisfied = clean > 0 or (needs == "clean-or-wild" and wild_cards >= 3)
    if needs == "three-naturals":
        satisfied = clean > 0 or has_naturals3 or wild_cards >= 3
    if exempt:
        return
    reason = Reason.of(R.M_INIT_3, clean=clean, wild=wild_cards)
    if not satisfied:
        ruling.forbid.append(reason.under(rules.house_rule(R.V_M5)))
    elif clean == 0 and wild_cards < 3:
        # satisfied only by what the house rule allows (V-M5: three naturals with wild cards)
        ruling.permit.append(reason.under(rules.house_rule(R.V_M5)))
    else:
        ruling.permit.append(reason)
    if hand_only:
        ruling.permit.append(Reason.of(R.M_INIT_5))


def onto_opponents(state: GameState, seat: int, groups: tuple[Group, ...]) -> list[Reason]:
    """C-MELD-4: cards that only fit a meld of the opponents (no laying off on their melds)."""
    own = {m.rank for m in state.side_of(seat).melds}
    theirs = {m.rank for s in state.sides if seat not in s.seats for m in s.melds}
    reasons = []
    for group in merge_by_rank(groups):
        rank = group.rank
        if rank is None or rank in own or rank not in theirs:
            continue
        if shape_reasons(state.rules, LaidMeld(rank, group.cards)):
            reasons.append(Reason.of(R.C_MELD_4, rank=rank.symbol, opponents=True))
    return reasons


def classic_opening_notes(
    state: GameState, seat: int, count: int, exempt: bool, ruling: Ruling
) -> None:
    """C-THREE-3 (red threes neither count nor stop a concealed go-out) and C3-6 (each
    temporary partner's own minimum) for a Classic side's first meld."""
    minimum = state.minimum_for_seat(seat)
    threes = sum(len(state.threes[s]) for s in state.side_of(seat).seats)
    enough = exempt or count >= minimum
    if threes and exempt:
        ruling.permit.append(Reason.of(R.C_THREE_3, threes=threes))
    elif threes and not enough:
        ruling.forbid.append(Reason.of(R.C_THREE_3, threes=threes, count=count))
    if state.rules.players == 3 and state.has_partner(seat):
        reason = Reason.of(R.C3_6, minimum=minimum, count=count, score=state.scores[seat])
        (ruling.permit if enough else ruling.forbid).append(reason)
