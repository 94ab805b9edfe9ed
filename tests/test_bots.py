"""Computer players: legal, blind to hidden cards, deterministic; hints legal and explained."""

from __future__ import annotations

import pytest

from tutor.bots import BOTS, Standard
from tutor.engine import apply, judge, new_game, rule_set
from tutor.engine.actions import NextHand
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import GameState, Phase
from tutor.engine.view import observe
from tutor.explain import explain_reason
from tutor.i18n import translator


def play(preset: str, seed: int, kinds: tuple[str, ...], hands: int = 2) -> list[GameState]:
    rules = rule_set(preset)
    players = [BOTS[kinds[s % len(kinds)]](seed + s) for s in range(rules.players)]
    state = new_game(rules, seed=seed)
    states = [state]
    played = 0
    while state.phase is not Phase.GAME_OVER and played < hands:
        if state.phase is Phase.HAND_OVER:
            played += 1
            state = apply(state, NextHand())
            continue
        decision = players[state.actor].decide(observe(state, state.actor))
        assert judge(state, decision.action).legal  # never an illegal attempt
        state = apply(state, decision.action)
        states.append(state)
    return states


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_players_only_take_legal_actions(preset: str, seed: int) -> None:
    play(preset, seed, ("standard", "beginner", "random"))


def hidden_changed(state: GameState) -> GameState:
    """The same position for the seat to act, with the other hands and the stock shuffled."""
    seat = state.actor
    others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    pool = list(reversed(others + list(state.stock)))
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(pool[:len(hand)], key=str)))
            del pool[:len(hand)]
    return state.evolve(hands=tuple(hands), stock=tuple(pool))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_players_read_no_hidden_information(preset: str) -> None:
    for state in play(preset, 7, ("standard",), hands=1)[::5]:
        if state.hand_over or state.phase is Phase.ANSWER:
            continue
        other = hidden_changed(state)
        assert len(other.all_cards()) == 108
        for kind in ("standard", "beginner"):
            a = BOTS[kind](1).decide(observe(state, state.actor))
            b = BOTS[kind](1).decide(observe(other, other.actor))
            assert a == b


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_same_seed_same_game(preset: str) -> None:
    first = play(preset, 11, ("standard", "beginner"))
    again = play(preset, 11, ("standard", "beginner"))
    assert first == again


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_hints_are_legal_and_explained_in_every_position(preset: str) -> None:
    tr = translator("sv")
    for state in play(preset, 3, ("beginner",), hands=1):
        if state.hand_over or state.phase is Phase.ANSWER:
            continue
        hint = Standard(0).decide(observe(state, state.actor))
        assert judge(state, hint.action).legal
        assert hint.reasons and all("{" not in explain_reason(r, tr, "permit")
                                    for r in hint.reasons)
