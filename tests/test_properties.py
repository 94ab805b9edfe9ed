"""Property tests over random full games in every preset with random house-rule options.

Invariants: the 108 cards are always accounted for; every listed action is judged legal (and
only listed actions are applied, through the judge); hand totals equal the sum of their items;
every hand terminates within a proven bound; a game played to the end has a winner; a verdict
does not depend on what the judge was asked before.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import apply, is_legal, judge, legal_actions, new_game, rule_set
from tutor.engine.listing import candidate_actions
from tutor.engine.rules import PRESET_NAMES, PRESETS
from tutor.engine.state import Phase

# Each turn either draws (the stock shrinks) or takes the pile (a card leaves play into a
# meld), so a hand lasts at most 2 * 108 turns of at most a handful of actions each.
MAX_ACTIONS_PER_HAND = 108 * 2 * 6


@st.composite
def rule_sets(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    preset = draw(st.sampled_from(PRESET_NAMES))
    base = PRESETS[preset]
    options = {}
    for spec in base.applicable_options():
        if draw(st.booleans()):
            options[spec.id] = draw(st.sampled_from(spec.values))
    return rule_set(preset, options)


def play_hand(rules, seed: int, check_listing: bool):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    actions = 0
    while not state.hand_over:
        assert len(state.all_cards()) == 108
        legal = legal_actions(state)
        assert legal, f"no legal action in phase {state.phase}"
        if check_listing:
            listed = [str(action) for action in legal]
            assert len(set(listed)) == len(listed), "an action listed twice"
            judged = {str(c) for c in candidate_actions(state) if judge(state, c).legal}
            assert set(listed) == judged  # the listing is exactly the judge's
        action = rng.choice(legal)
        verdict = judge(state, action)
        assert verdict.legal and verdict.permitting, verdict
        state = apply(state, action)
        actions += 1
        assert actions < MAX_ACTIONS_PER_HAND
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 10**6))
def test_random_hands_keep_every_invariant(rules, seed: int) -> None:  # type: ignore[no-untyped-def]
    state = play_hand(rules, seed, check_listing=True)
    assert len(state.all_cards()) == 108
    score = state.results[-1]
    for side in score.sides:
        assert side.total == sum(i.points for i in side.items if i.seat is None)
        for seat in side.seats:
            assert side.credit(seat) == side.total + sum(
                i.points for i in side.items if i.seat == seat)
    assert state.scores == tuple(score.credit(s) for s in range(rules.players))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets().filter(lambda r: not r.is_modern), seed=st.integers(0, 10**6))
def test_whole_classic_games_reach_a_winner(rules, seed: int) -> None:  # type: ignore[no-untyped-def]
    """Scores only grow with players who meld, so a Classic game between beginners ends.

    (A Modern game has no such bound: penalties can keep both sides below the target.)
    """
    from tutor.engine.view import observe
    from tutor.play.bots import Beginner

    state = new_game(rules, seed=seed)
    players = [Beginner(seed + s) for s in range(rules.players)]
    for _ in range(60):  # hands
        while not state.hand_over:
            state = apply(state, players[state.actor].choose(observe(state, state.actor)))
            assert len(state.all_cards()) == 108
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.GAME_OVER, state.scores
    assert sum(state.results[i].credits(rules.players)[0] for i in range(len(state.results))) \
        == state.scores[0]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 10**6))
def test_a_verdict_does_not_depend_on_what_was_asked_before(rules, seed: int) -> None:  # type: ignore[no-untyped-def]
    """The judge keeps its last ruling, and puts permitting reasons together only for a verdict
    (``is_legal``, ``apply`` and the listing skip them): a verdict asked after ``is_legal`` of
    the same action (twice: the kept ruling must not change), and the state ``apply`` builds
    from that ruling, are the same as when judged afresh."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    steps = 0
    while not state.hand_over and steps < 300:
        candidates = candidate_actions(state)
        for action in candidates:
            afresh = judge(state, action)
            judge(state, candidates[0] if action is not candidates[0] else candidates[-1])
            assert is_legal(state, action) == afresh.legal
            assert judge(state, action) == afresh, action  # the kept ruling, its reasons now
            assert judge(state, action) == afresh, action  # and once more
        action = rng.choice([a for a in candidates if judge(state, a).legal])
        is_legal(state, action)
        kept = apply(state, action)
        judge(state, candidates[0] if action is not candidates[0] else candidates[-1])
        assert apply(state, action) == kept  # judged afresh
        state = kept
        steps += 1
