"""A loaded game goes on: the computer players move when it is their turn, seats are checked."""

from __future__ import annotations

import pytest
from helpers import position

from tutor.engine import Action, rule_set
from tutor.engine.errors import TutorError
from tutor.engine.records import GameRecord, Move
from tutor.ui.practice import LEARNER, Practice


def test_a_record_where_a_computer_player_moves_first_goes_on_to_the_learner() -> None:
    state = position("classic-4p", turn=2, phase="draw",
                     hands=["KH KS 5C 7D", "4C 5C 6C", "4D 5D 6D", "4H 5H 6H"], pile="4S 9D",
                     sides=[["QH QS QD"], []])
    practice = Practice.from_record(GameRecord(state, ()))
    assert practice.state.actor == LEARNER and practice.entries  # seats 3 and 4 played
    assert {entry.seat for entry in practice.entries} == {2, 3}


@pytest.mark.parametrize("preset", ["classic-2p", "classic-3p", "modern-american"])
def test_a_valid_record_of_any_preset_loads_and_waits_for_the_learner(preset: str) -> None:
    played = Practice.start(rule_set(preset), 4)
    played.attempt(Action.parse("draw"))
    practice = Practice.from_record(played.record())
    assert practice.state == played.state and practice.state.actor == LEARNER


def test_a_record_with_wrong_seats_is_refused() -> None:
    played = Practice.start(rule_set("classic-4p"), 4)
    played.attempt(Action.parse("draw"))
    record = played.record()
    wrong = GameRecord(record.start, tuple(Move((m.seat + 1) % 4, m.action)
                                           for m in record.moves))
    with pytest.raises(TutorError, match="seat"):
        Practice.from_record(wrong)
