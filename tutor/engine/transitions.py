"""How a position moves on: the next turn, a hand's end and its score, the next hand, the
classic-3p partnership, and the small helpers every step uses to copy a state.

A step module decides *whether* an action may be made (``draw_rules``, ``pile_rules``,
``meld_rules``, ``discard_rules``); what a turn or hand then becomes is worked out here, once.
"""

from __future__ import annotations

from typing import Any

from tutor.engine import rule_ids as R
from tutor.engine.deal import deal_hand
from tutor.engine.melds import LaidMeld
from tutor.engine.rules import RuleSet
from tutor.engine.ruling import Ruling
from tutor.engine.scoring import PlayerTally, SideTally, score_hand
from tutor.engine.state import DrawSource, EndReason, GameState, HandEnd, Phase, Side, TurnInfo
from tutor.engine.verdict import Reason

_DRAW = Phase.DRAW  # enum members are slower to look up


def set_at(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (*values[:index], value, *values[index + 1 :])


def with_melds(state: GameState, seat: int, melds: tuple[LaidMeld, ...]) -> GameState:
    return state.evolve(sides=sides_with(state, seat, melds))


def sides_with(state: GameState, seat: int, melds: tuple[LaidMeld, ...]) -> tuple[Side, ...]:
    """The sides, the seat's holding ``melds``."""
    index = state.side_index(seat)
    side = state.sides[index]
    return set_at(state.sides, index, Side(side.seats, melds))


def next_turn(state: GameState, **changes: Any) -> GameState:
    """The next player's turn to draw (with ``changes`` of the state that do not touch the
    sides or the seats that melded, made in the same copy)."""
    nxt = (state.turn + 1) % state.players
    changes["turn"] = nxt
    changes["phase"] = _DRAW
    changes["turn_info"] = FRESH_TURNS[(bool(state.side_of(nxt).melds), state.seat_melded[nxt])]
    return state.with_fields(changes)


# The four ways a turn can begin (TurnInfo is immutable, so one value of each serves every turn).
FRESH_TURNS: dict[tuple[bool, bool], TurnInfo] = {
    (opened, melded): TurnInfo(opened_before=opened, melded_before=melded)
    for opened in (False, True)
    for melded in (False, True)
}
AFTER_STOCK_DRAW: dict[int, tuple[TurnInfo, TurnInfo]] = {
    id(fresh): (fresh, fresh.evolve(drew=DrawSource.STOCK)) for fresh in FRESH_TURNS.values()
}


def concealed(state: GameState, seat: int, *, pile_allowed: bool = False) -> bool:
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


def concealed_note(state: GameState, seat: int, ruling: Ruling) -> None:
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
    if end is None or end.concealed or not concealed(after, seat, pile_allowed=True):
        return []
    return [Reason.of(R.C_OUT_5, concealed=False).under(rules.house_rule(R.V_C6))]


def form_partnership(state: GameState, lone: int) -> GameState:
    """C3-3 / C3-12: the other two players become a temporary partnership with merged melds."""
    partners = tuple(s for s in range(3) if s != lone)
    melds: list[LaidMeld] = []
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


def end_hand(state: GameState, end: HandEnd) -> GameState:
    rules = state.rules
    if rules.players == 3 and state.lone_hand is None and end.reason is EndReason.WENT_OUT:
        state = form_partnership(state, end.seat)  # C3-4
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


def next_hand(state: GameState) -> GameState:
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


def drew_from_stock(info: TurnInfo) -> TurnInfo:
    """``info`` once the player has drawn from the stock. Most turns begin with one of the four
    fresh values (:data:`FRESH_TURNS`), so theirs are made once."""
    after = AFTER_STOCK_DRAW.get(id(info))
    if after is not None and after[0] is info:
        return after[1]
    return info.evolve(drew=DrawSource.STOCK)
