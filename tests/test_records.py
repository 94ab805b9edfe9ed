"""Positions and records: JSON round trips, exact replays, per-seat views, and bad input."""

from __future__ import annotations

import json

import pytest
from helpers import position, verdict

from tutor.engine import (
    Action,
    IllegalActionError,
    NotationError,
    PositionError,
    TutorError,
    apply,
    new_game,
    rule_set,
)
from tutor.engine.records import (
    GameRecord,
    dumps_position,
    dumps_record,
    loads_position,
    loads_record,
)
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.view import observe
from tutor.play.players import RandomPlayer


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_replaying_a_record_reproduces_every_state(preset: str) -> None:
    state = new_game(rule_set(preset), seed=11)
    record = GameRecord(state)
    player = RandomPlayer(5)
    states = [state]
    for _ in range(400):
        action = player.choose(state)
        record = record.then(state, action)
        state = apply(state, action)
        states.append(state)
        if state.phase.value == "game-over":
            break
    replayed = list(loads_record(dumps_record(record)).states())
    assert replayed == states
    for some in states[::25]:
        assert loads_position(dumps_position(some)) == some


def test_a_stacked_deck_deals_in_notation_order() -> None:
    from tutor.engine import complete_deck, parse_cards

    top = parse_cards("KH KS KD KC " * 1)
    deck = complete_deck(top, seed=3)
    state = new_game(rule_set("classic-4p"), decks=[deck], dealer=3)
    # dealer 3: the first card goes to seat 0, then seats 1, 2, 3
    assert [state.hands[s].count(top[s]) >= 1 for s in range(4)] == [True] * 4


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(hands=["KH KH KH", "", "", ""]), "copies than the deck holds of KH"),
    (lambda d: d.update(pile="ZZ"), "position.pile: not a card"),
    (lambda d: d.update(turn=7), "position.turn: seat 7"),
    (lambda d: d.update(phase="dance"), "position.phase: 'dance' is not one of draw, play"),
    (lambda d: d.update(phase=["draw"]), r"position.phase: \['draw'\] is not one of"),
    (lambda d: d.update(phase="x" * 5000), r"position.phase: 'x+… \(5,002 characters\)"),
    (lambda d: d.update(phase="hand-over", end={"reason": "boredom", "seat": 0}),
     "position.end.reason: 'boredom' is not one of went-out"),
    (lambda d: d.update(colour="red"), "unknown key"),
    (lambda d: d.update(scores=[0, 0]), "position.scores"),
    (lambda d: d.update(rules={"preset": "classic-9p"}), "unknown preset"),
    (lambda d: d.update(hands=["3H KH", "", "", ""]), "C-PEN-1"),
])
def test_malformed_positions_are_reported_with_where(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = {"rules": {"preset": "classic-4p"}, "hands": ["KH", "", "", ""]}
    mutate(data)
    with pytest.raises(TutorError, match=message) as info:
        loads_position(json.dumps(data))
    assert "Traceback" not in str(info.value)


@pytest.mark.parametrize("text", ["", "jump", "discard", "discard KH KS", "meld", "take KH |",
                                  "answer maybe", "meld KH KX"])
def test_malformed_actions_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)


@pytest.mark.parametrize("text", ["draw", "take", "take KD KS", "take KD KS | 9C 9D 9H",
                                  "meld KH KS 2C | 9C 9D 9S", "meld 2C@K", "discard 7H",
                                  "ask", "answer yes", "answer no", "pass", "next"])
def test_action_notation_round_trips(text: str) -> None:
    assert str(Action.parse(text)) == text


def test_an_illegal_action_raises_with_its_verdict_and_changes_nothing() -> None:
    state = position(hands=["KH KS 5D", "", "", ""], turn=0, pile="9C")
    before = dumps_position(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Action.parse("discard 5D"))
    assert info.value.verdict.rules == ("C-TURN-2",)
    assert dumps_position(state) == before


def test_cards_not_in_hand_are_a_position_error_and_change_nothing() -> None:
    state = position(hands=["KH KS 5D", "", "", ""], turn=0, phase="play")
    with pytest.raises(PositionError, match="QH not in hand"):
        apply(state, Action.parse("discard QH"))


def test_out_of_turn_is_refused_with_the_turn_rule() -> None:
    state = position(hands=["KH KS 5D", "4C 4D", "", ""], turn=0)
    result = verdict(state, "draw", seat=1)
    assert not result.legal and result.rules == ("C-TURN-1",)


def test_after_the_hand_ended_only_the_next_deal_is_legal() -> None:
    state = new_game(rule_set("classic-2p"), seed=2)
    player = RandomPlayer(2)
    while not state.hand_over:
        state = apply(state, player.choose(state))
    assert verdict(state, "draw").rules == ("C-END-1",)
    assert verdict(state, "next").legal


def test_a_view_shows_only_what_the_seat_may_see() -> None:
    state = new_game(rule_set("classic-4p"), seed=4)
    view = observe(state, 2)
    assert view.hand == state.hands[2]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    text = repr(view)
    for other in (0, 1, 3):
        assert repr(state.hands[other]) not in text
    assert "stock=" not in text and view.stock_size == len(state.stock)
    assert view.legal == ()  # not seat 2's turn
    assert observe(state, state.turn).legal


def test_a_view_says_what_keeps_the_pile_from_the_seat() -> None:
    def shown(preset: str, pile: str, melds: list[str]) -> list[str]:
        state = position(preset, turn=0, phase="draw", hands=["KH KS 5D", "", "", ""],
                         pile=pile, sides=[melds, []])
        return [str(reason) for reason in observe(state, 0).frozen_for_me]

    # Classic: frozen for a side that has not melded, and by a wild card in the pile.
    assert shown("classic-4p", "4C 2D KD", []) == ["C-PILE-3(case=a)", "C-PILE-3(case=b, card=2D)"]
    assert shown("classic-4p", "4C KD", ["QH QS QD"]) == []
    assert shown("classic-4p", "4C 2D", ["QH QS QD"])[0] == "C-PILE-2(top=2D)"
    # Modern: the pile is always frozen; a wild card on top stops everybody.
    assert shown("modern-american", "4C KD", ["QH QS QD"]) == ["M-PILE-1(top=KD, pair=False)"]
    assert shown("modern-american", "4C 2D", ["QH QS QD"]) == ["M-PILE-2(top=2D)"]
    assert shown("modern-american", "", []) == ["M-PILE-2(empty=True)"]
