"""The expert: legal, blind to hidden cards, deterministic, within its budget; its sampler deals
only what the seat has not seen; the strength table's harness on a tiny fixed match.

Budgets are small (a few play-outs, time to spare so the count decides): these check what the
expert does, not how well; its strength and speed are printed by ``bench --players``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.devtools import bench_players
from tutor.engine import apply, judge, new_game, rule_set
from tutor.engine.actions import Discard, Draw, NextHand
from tutor.engine.cards import DECK_COUNTS
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import GameState, Phase
from tutor.engine.view import observe
from tutor.play.bots import BOTS, Expert
from tutor.play.expert import Budget
from tutor.play.sampling import sample_world, unseen_cards

SMALL = Budget(milliseconds=60_000.0, rollouts=12)


def positions(preset: str, seed: int, count: int) -> list[GameState]:
    """Positions of a hand between standard players where a seat must act (every third)."""
    rules = rule_set(preset)
    players = [BOTS["standard"](seed + s) for s in range(rules.players)]
    state = new_game(rules, seed=seed)
    out = []
    step = 0
    while not state.hand_over and len(out) < count:
        if step % 3 == 0 and observe(state, state.actor).legal:
            out.append(state)
        state = apply(state, players[state.actor].decide(observe(state, state.actor)).action)
        step += 1
    return out


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_expert_only_attempts_legal_actions(preset: str) -> None:
    rules = rule_set(preset)
    seats = [Expert(1, SMALL) if s == 0 else BOTS["standard"](s) for s in range(rules.players)]
    state = new_game(rules, seed=3)
    decided = 0
    while state.phase is not Phase.GAME_OVER and decided < 25:
        if state.phase is Phase.HAND_OVER:
            state = apply(state, NextHand())
            continue
        decision = seats[state.actor].decide(observe(state, state.actor))
        if state.actor == 0:
            decided += 1
            assert judge(state, decision.action).legal, (preset, str(decision.action))
            assert decision.reasons  # strategy, then the rules that permit it
        state = apply(state, decision.action)


def hidden_reshuffled(state: GameState, rng: random.Random) -> GameState:
    """The same position for the seat to act, the cards it cannot see dealt again at random:
    the other hands, the stock and the pile's covered cards (naturals stay in the pile, red
    threes in the stock, so the view is the same)."""
    seat = state.actor
    covered = list(state.pile[:-1]) if state.pile else []
    movable = [i for i, c in enumerate(covered) if c.is_natural]
    pool = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    pool += list(state.stock) + [covered[i] for i in movable]
    laid_out = [c for c in pool if c.is_red_three or (state.rules.is_modern and c.is_three)]
    free = [c for c in pool if c not in laid_out]
    rng.shuffle(free)
    naturals = [c for c in free if c.is_natural]
    for i in movable:
        covered[i] = naturals.pop()
    free = naturals + [c for c in free if not c.is_natural]
    rng.shuffle(free)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(free[:len(hand)]))
            del free[:len(hand)]
    stock = free + laid_out
    rng.shuffle(stock)
    pile = (*covered, state.pile[-1]) if state.pile else ()
    return state.evolve(hands=tuple(hands), stock=tuple(stock), pile=pile)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_expert_reads_no_hidden_information(preset: str) -> None:
    rng = random.Random(5)
    for state in positions(preset, 7, 4):
        other = hidden_reshuffled(state, rng)
        assert Counter(other.all_cards()) == Counter(state.all_cards())
        assert observe(other, other.actor) == observe(state, state.actor)
        first = Expert(2, SMALL).decide(observe(state, state.actor))
        again = Expert(2, SMALL).decide(observe(other, other.actor))
        assert first == again


@pytest.mark.parametrize("preset", ["classic-2p", "modern-american"])
def test_same_seed_same_game(preset: str) -> None:
    def game() -> list[str]:
        rules = rule_set(preset)
        seats = [Expert(4 + s, SMALL) for s in range(rules.players)]
        state = new_game(rules, seed=9)
        moves = []
        while not state.hand_over and len(moves) < 40:
            action = seats[state.actor].decide(observe(state, state.actor)).action
            moves.append(str(action))
            state = apply(state, action)
        return moves

    assert game() == game()


def test_the_appraisal_keeps_to_its_budget_and_weighs_the_included_move() -> None:
    state = next(s for s in positions("classic-4p", 2, 30) if s.phase is Phase.PLAY)
    view = observe(state, state.actor)
    learner = next(a for a in view.legal if isinstance(a, Discard))
    budget = Budget(milliseconds=60_000.0, rollouts=20)
    appraisal = Expert(0).appraise(view, include=learner, budget=budget)
    assert 0 < appraisal.rollouts <= budget.rollouts
    assert appraisal.worlds == appraisal.rollouts // len(appraisal.alternatives)
    actions = [w.action for w in appraisal.alternatives]
    assert learner in actions and len(set(actions)) == len(actions)
    assert all(judge(state, a).legal for a in actions)
    assert all(w.reasons and w.reasons[0].rule.startswith("S-") for w in appraisal.alternatives)
    tiny = Expert(0).appraise(view, budget=Budget(milliseconds=60_000.0, rollouts=1))
    assert tiny.rollouts == 0 and tiny.alternatives  # no room to weigh: the standard choice


def test_the_expert_decision_says_what_it_weighed() -> None:
    state = next(s for s in positions("classic-2p", 4, 30) if s.phase is Phase.DRAW
                 and len(observe(s, s.actor).legal) > 1)
    decision = Expert(0, SMALL).decide(observe(state, state.actor))
    search = decision.reasons[0]
    assert search.rule == "S-SEARCH"
    assert set(search.param_map) == {"moves", "worlds", "margin"}
    assert decision.action in (Draw(), *observe(state, state.actor).legal)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_sampled_world_deals_only_unseen_cards_where_they_can_be(preset: str) -> None:
    rng = random.Random(1)
    for state in positions(preset, 11, 3):
        view = observe(state, state.actor)
        world = sample_world(view, rng)
        assert Counter(world.all_cards()) == DECK_COUNTS
        assert observe(world, view.seat).hand == view.hand
        assert [len(h) for h in world.hands] == list(view.hand_sizes)
        assert (len(world.stock), len(world.pile)) == (view.stock_size, view.pile_size)
        assert world.pile_top == view.pile_top
        hidden = [c for s, h in enumerate(world.hands) if s != view.seat for c in h]
        assert not any(c.is_red_three for c in hidden)
        assert Counter(hidden) <= Counter(unseen_cards(view))


def test_the_strength_harness_on_a_tiny_fixed_match() -> None:
    rules = rule_set("classic-3p")
    assert [sorted(bench_players.seats_of(rules, i)) for i in range(4)] == [
        [0], [1, 2], [1], [0, 2]]
    row = bench_players.match_row("classic-2p", "standard", "random", games=2)
    assert row["games"] == 2 and row["wins"] == 2  # the random player loses these two
    assert row["ci95"] == [round(v, 3) for v in bench_players.wilson(2, 2)]
    assert row["player"] == "standard" and row["against"] == "random"
    lengths = bench_players.length_row("classic-2p", "standard", games=1)
    assert lengths["games"] == 1 and lengths["quick"] == 1 and lengths["unfinished"] == 0
    assert bench_players.wilson(0, 0) == (0.0, 1.0)
    low, high = bench_players.wilson(7, 10)
    assert low < 0.7 < high
