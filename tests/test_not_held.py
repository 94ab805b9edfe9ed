"""Which rule keeps a named card out of every hand (tutor/engine/not_held.py): the engine says
it, so a typed ``discard 3H`` is answered with the red-threes rule and no page decides that."""

from __future__ import annotations

import pytest

from tutor.engine import Action, new_game, rule_set
from tutor.engine.cards import parse_cards
from tutor.engine.not_held import missing_cards, three_rule


@pytest.mark.parametrize(("preset", "move", "rule"), [
    ("classic-4p", "discard 3H", "C-TURN-4"),
    ("classic-4p", "meld 3D 3H 3H", "C-TURN-3"),
    ("classic-2p", "discard 3D", "C-TURN-4"),
    ("classic-4p", "discard 3C", None),  # a black three can be held and discarded
    ("modern-american", "discard 3C", "M-THREE-1"),
    ("modern-american", "meld 3H 3D 3D", "M-THREE-1"),
])
def test_the_rule_that_keeps_a_three_out_of_every_hand(preset: str, move: str,
                                                       rule: str | None) -> None:
    state = new_game(rule_set(preset), seed=1)
    action = Action.parse(move)
    cards = tuple(parse_cards(move.split(" ", 1)[1]))
    assert three_rule(state, action, cards) == rule


def test_only_the_cards_not_held_are_missing() -> None:
    state = new_game(rule_set("classic-4p"), seed=1)
    held = state.hands[0][0]
    action = Action.parse(f"discard {held}")
    assert missing_cards(state, action, 0) == ()
    not_there = next(card for card in parse_cards("3H 3D") if card not in state.hands[0])
    assert missing_cards(state, Action.parse(f"discard {not_there}"), 0) == (not_there,)
