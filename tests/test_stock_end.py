"""Property tests at the end of the stock, under every way a table may end it: C-END-3 (play goes
on while players take the discard, Classic for 2, 3 and 4), V-C9 (Classic for three: the hand
ends with the last card's discard) and M-END-2 (Modern, likewise).

Random hands are played some way, then cut to a short stock and played out. Wherever the stock
is short or empty, the listing (``legal_actions``) and the verdicts agree on every candidate
action, nobody ever draws from an empty stock, and the hand ends as the rule says. Where the
hand ends with the last discard, the position a loader could still give (the next player to draw
from the empty stock) offers only the pass that ends the hand.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import Action, GameState, apply, judge, legal_actions, new_game, rule_set
from tutor.engine.actions import AskPartner, Discard, Draw, Meld, Pass, TakePile
from tutor.engine.judge import is_legal, take_candidates, take_is_forced
from tutor.engine.listing import candidate_actions
from tutor.engine.rules import RuleSet
from tutor.engine.state import EndReason, Phase, TurnInfo

SETTINGS: list[tuple[str, dict[str, str]]] = [
    ("classic-4p", {}),
    ("classic-4p", {"V-C4": "obligation", "V-C3": "may-meld"}),
    ("classic-2p", {}),
    ("classic-3p", {"V-C9": "continue"}),
    ("classic-3p", {"V-C9": "end"}),
    ("classic-3p", {"V-C9": "end", "V-C11": "before-or-after-draw"}),
    ("modern-american", {}),
    ("modern-american", {"V-M1": "on"}),
]
MAX_ACTIONS = 600


def ends_with_stock(rules: RuleSet) -> bool:
    """RULES.md: M-END-2, and C3-10 under V-C9=end; elsewhere play goes on (C-END-3)."""
    return rules.is_modern or (rules.players == 3 and rules.stock_end_3p == "end")


def _pick(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal action, leaning to melds and takes so that sides have melds to match."""
    building = [a for a in legal if isinstance(a, Meld | TakePile)]
    if building and rng.random() < 0.7:
        return rng.choice(building)
    return rng.choice(legal)


def _check_listing(state: GameState) -> list[Action]:
    """Every candidate's verdict agrees with ``is_legal`` and with the listing."""
    listed = legal_actions(state)
    extra: list[Action] = [Draw(), Pass(), AskPartner()]
    if state.phase is Phase.DRAW:
        extra += take_candidates(state)
    for action in dict.fromkeys([*candidate_actions(state), *extra]):
        verdict = judge(state, action)
        assert verdict.legal is is_legal(state, action), verdict
        assert verdict.rules, f"a verdict without rule ids: {verdict}"
        if verdict.legal and action in candidate_actions(state):
            assert action in listed, verdict
    for action in listed:
        assert judge(state, action).legal
    assert listed, f"no legal action in {state.phase}"
    return listed


def _next_to_draw(ended: GameState, seat: int) -> GameState:
    """The position after the last card's discard as if the hand had not ended: the next seat
    to draw from the empty stock (what a loader may still be given)."""
    nxt = (seat + 1) % ended.players
    info = TurnInfo(opened_before=ended.side_of(nxt).has_melded,
                    melded_before=ended.seat_melded[nxt])
    return ended.evolve(end=None, phase=Phase.DRAW, turn=nxt, turn_info=info)


def _check_end_of_stock_move(rules: RuleSet, state: GameState, action: Action,
                             after: GameState) -> None:
    """The hand goes on or ends exactly as the end-of-stock rule in force says."""
    seat = state.turn
    if isinstance(action, Draw):
        assert state.stock, "drew from an empty stock"
    if state.stock or state.phase is Phase.ANSWER:
        return
    if state.phase is Phase.DRAW:
        assert not ends_with_stock(rules), "play reached a draw from an empty stock"
        assert not is_legal(state, Draw())
        assert is_legal(state, Pass()) is not take_is_forced(state)
        if isinstance(action, Pass):
            assert after.end is not None and after.end.reason is EndReason.STOCK_EXHAUSTED
    if isinstance(action, Discard) and after.hands[seat]:  # the last card's discard
        if ends_with_stock(rules):
            assert after.end is not None and after.end.reason is EndReason.STOCK_EXHAUSTED
            stuck = _next_to_draw(after, seat)
            assert legal_actions(stuck) == [Pass()]
            for take in take_candidates(stuck):
                refused = judge(stuck, take)
                assert not refused.legal and refused.rules[0] in ("M-END-2", "C3-10"), refused
            passed = apply(stuck, Pass())
            assert passed.end is not None and passed.end.reason is EndReason.STOCK_EXHAUSTED
        else:
            assert after.end is None and after.phase is Phase.DRAW
            assert after.turn == (seat + 1) % rules.players


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setting=st.sampled_from(SETTINGS), seed=st.integers(0, 10**6),
       before=st.integers(0, 90), left=st.integers(1, 6))
def test_the_end_of_the_stock_is_ruled_as_the_table_plays_it(
    setting: tuple[str, dict[str, str]], seed: int, before: int, left: int
) -> None:
    rules = rule_set(*setting)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(before):  # some way into the hand
        if state.hand_over:
            return
        state = apply(state, _pick(rng, legal_actions(state)))
    state = state.evolve(stock=state.stock[-left:])  # a short stock: its end comes soon
    for _ in range(MAX_ACTIONS):
        if state.hand_over:
            break
        listed = _check_listing(state)
        action = _pick(rng, listed)
        after = apply(state, action)
        _check_end_of_stock_move(rules, state, action, after)
        state = after
    assert state.hand_over, "the hand did not end"
    assert state.end is not None
    if state.end.reason is EndReason.STOCK_EXHAUSTED:
        assert not state.stock
