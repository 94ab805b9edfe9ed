"""A loaded game goes on: the computer players move when it is their turn, seats are checked;
and however long the game, a practice session keeps only the current hand's states."""

from __future__ import annotations

import json

import pytest
from helpers import position

from tutor.engine import Action, new_game, rule_set
from tutor.engine.actions import NextHand
from tutor.engine.errors import TutorError
from tutor.engine.records import GameRecord, Move
from tutor.engine.state import Phase
from tutor.ui.practice import LEARNER, Practice, unpack_moves


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


# ----- a bounded history: the current hand's states, earlier hands as packed moves ------------


def play_by_hints(practice: Practice, hands: int) -> Practice:
    """The learner's seat played by the hint until ``hands`` more deals have begun."""
    start = practice.state.hand_number
    while (practice.state.hand_number < start + hands
           and practice.state.phase is not Phase.GAME_OVER):
        action = NextHand() if practice.state.hand_over else practice.hint().action
        assert practice.attempt(action).legal
    return practice


def test_a_later_hand_keeps_only_its_own_states_and_the_record_keeps_the_game() -> None:
    practice = play_by_hints(Practice.start(rule_set("classic-4p"), 1), hands=2)
    state = practice.state
    assert state.hand_number == 2 and len(practice.earlier) == 2
    assert practice.states[0].hand_number == 2  # nothing of the two hands before is kept
    assert len(practice.states) == len(practice.entries) + 1
    record = practice.record()
    assert record.start == new_game(rule_set("classic-4p"), seed=1)
    assert record.final() == state  # the whole game replays to where it is
    assert sum(isinstance(move.action, NextHand) for move in record.moves) == 2
    loaded = Practice.from_record(record)
    assert loaded.state == state and loaded.record() == record
    assert loaded.states[0].hand_number == 2


def test_undo_stays_within_the_hand_and_says_so_at_its_start() -> None:
    practice = play_by_hints(Practice.start(rule_set("classic-2p"), 2), hands=1)
    assert practice.last_learner_move() < 0  # the learner's "next" belongs to the hand before
    assert practice.undo_stops_at_hand_start and not practice.undo()
    before = practice.state
    assert practice.attempt(practice.hint().action).legal
    assert not practice.undo_stops_at_hand_start
    assert practice.undo() and practice.state == before
    assert practice.redo() and practice.state != before


def test_a_first_hand_has_nothing_before_it_to_mention() -> None:
    practice = Practice.start(rule_set("classic-4p"), 3)
    assert not practice.undo_stops_at_hand_start and practice.first is None


def test_packed_moves_read_back_the_same() -> None:
    practice = play_by_hints(Practice.start(rule_set("modern-american"), 1), hands=1)
    whole = practice.record().moves
    packed = unpack_moves(practice.earlier[0])
    assert packed == whole[: len(packed)] and isinstance(packed[-1].action, NextHand)
    assert len(practice.earlier[0]) < 8 * len(packed)  # a few bytes a move, not a state each


def test_bench_memory_prints_each_presets_session_size(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    from tutor.cli import main

    assert main(["bench", "--memory", "--variant", "classic-2p", "--json"]) == 0
    [game] = json.loads(capsys.readouterr().out)
    assert game["preset"] == "classic-2p" and game["ended"] and game["hands"] >= 1
    assert 0 < game["end_bytes"] <= game["peak_bytes"]
    assert game["states_kept"] < game["moves"]  # the earlier hands are not kept as states


def test_a_loaded_game_draws_its_line_from_the_first_hand_to_its_scores() -> None:
    """The game chart of a game opened from a file: a point per hand from 0, ending at the
    scores the table shows."""
    from tutor.i18n import translator
    from tutor.ui.score_view import state_lines

    practice = play_by_hints(Practice.start(rule_set("classic-2p"), 3), hands=2)
    while not practice.state.hand_over:
        practice.attempt(practice.hint().action)
    loaded = Practice.from_record(practice.record())
    state = loaded.state
    assert len(state.results) == 3
    lines = state_lines(state, LEARNER, translator("en"))
    assert [line.name for line in lines] == ["You", "Opponent"]
    for line in lines:
        seat = line.seats[0]
        assert line.points[0] == 0 and line.total == state.scores[seat]
        assert list(line.points[1:]) == [sum(r.credit(seat) for r in state.results[:n])
                                         for n in range(1, 4)]
