"""Events: what a move brought about, with its rule ids, parameters and house rules; records that
carry them; and the narration that tells them."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from helpers import play, position, with_stock

from tutor.engine import Action, GameState, PositionError, apply, legal_actions, new_game, rule_set
from tutor.engine.actions import Meld
from tutor.engine.cards import parse_cards
from tutor.engine.deal import complete_deck
from tutor.engine.events import Event, EventKind, events_of, transition
from tutor.engine.records import GameRecord, dumps_record, loads_record
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import Phase
from tutor.i18n import translator
from tutor.words.narrate import event_sentence, narrate

EN = translator("en")


def events(state: GameState, action: str) -> tuple[Event, ...]:
    return transition(state, Action.parse(action)).events


def one(found: tuple[Event, ...], kind: EventKind) -> Event:
    matching = [e for e in found if e.kind is kind]
    assert len(matching) == 1, f"expected one {kind.value} event in {[str(e) for e in found]}"
    return matching[0]


def reason_of(event: Event, rule: str) -> dict[str, Any]:
    """The parameters of ``rule`` among the event's reasons (and ``option`` when one decided)."""
    for reason in event.reasons:
        if reason.rule == rule:
            found: dict[str, Any] = dict(reason.params)
            if reason.option is not None:
                found["option"] = str(reason.option)
            return found
    raise AssertionError(f"{rule} is not among the reasons of {event}")


def kinds(found: tuple[Event, ...]) -> list[EventKind]:
    return [e.kind for e in found]


# ----- drawing ---------------------------------------------------------------------------------


def test_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    state = with_stock(position(turn=1, hands=["", "9C", "", ""]), "3H KS 7H")
    found = events(state, "draw")
    assert kinds(found) == [EventKind.THREES_LAID_OUT, EventKind.DREW]
    assert reason_of(found[0], "C-TURN-3") == {"threes": "3H", "count": 1, "replaced": True}
    assert found[0].seat == 1
    assert reason_of(found[1], "C-TURN-2") == {"cards": 1}


def test_a_modern_three_drawn_is_laid_out_and_replaced() -> None:
    state = with_stock(position("modern-american", turn=0, hands=["9C 9D", "", "", ""]),
                       "3S KS 7H")
    found = events(state, "draw")
    assert reason_of(one(found, EventKind.THREES_LAID_OUT), "M-TURN-3")["threes"] == "3S"
    assert reason_of(one(found, EventKind.DREW), "M-TURN-2") == {"cards": 1}


@pytest.mark.parametrize(("preset", "rule"), [("classic-2p", "C2-2"), ("classic-3p", "C3-2")])
def test_two_and_three_player_draws_bring_two_cards(preset: str, rule: str) -> None:
    hands = ["9C", ""] if preset == "classic-2p" else ["9C", "", ""]
    state = with_stock(position(preset, turn=0, hands=hands), "KS 7H 5D")
    assert reason_of(one(events(state, "draw"), EventKind.DREW), rule) == {"cards": 2}


def test_one_card_left_is_a_whole_draw_and_the_last_stock_card() -> None:
    state = with_stock(position("classic-2p", turn=0, hands=["9C", ""]), "KS")
    found = events(state, "draw")
    drew = one(found, EventKind.DREW)
    assert reason_of(drew, "C2-5") == {"cards": 1}
    last = one(found, EventKind.LAST_STOCK_CARD)
    assert last.reasons[0].rule == "C-END-3" and last.reasons[0].option is None


def test_a_red_three_as_the_last_stock_card_ends_the_hand() -> None:
    state = with_stock(position(turn=0, hands=["9C 9D", "", "", ""]), "3H")
    found = events(state, "draw")
    assert kinds(found) == [EventKind.THREES_LAID_OUT, EventKind.HAND_ENDED]
    assert reason_of(found[0], "C-TURN-3")["replaced"] is False
    assert reason_of(found[1], "C-END-2") == {"three": True}
    assert EventKind.GOING_OUT_BONUS not in kinds(found)  # nobody scores it


def test_two_player_red_three_last_names_c2_5() -> None:
    state = with_stock(position("classic-2p", turn=0, hands=["9C 9D", ""]), "3H")
    ended = one(events(state, "draw"), EventKind.HAND_ENDED)
    assert ended.rules == ("C-END-2", "C2-5")


def test_house_rule_v_c3_lets_the_player_meld_then_pass() -> None:
    state = with_stock(position(options={"V-C3": "may-meld"}, turn=0,
                                hands=["9C 9D 9H 5S", "", "", ""]), "3H")
    found = events(state, "draw")
    last = one(found, EventKind.LAST_STOCK_CARD)
    assert reason_of(last, "C-END-2") == {"discard": False, "option": "V-C3=may-meld"}
    assert last.rules == ("C-END-2", "V-C3")
    drawn = apply(state, Action.parse("draw"))
    ended = one(events(drawn, "pass"), EventKind.HAND_ENDED)
    assert reason_of(ended, "C-END-2") == {"discard": False, "option": "V-C3=may-meld"}


def test_modern_three_last_stays_in_hand_and_ends_the_hand() -> None:
    state = with_stock(position("modern-american", turn=0, hands=["9C 9D", "", "", ""]), "3C")
    found = events(state, "draw")
    assert reason_of(one(found, EventKind.HAND_ENDED), "M-END-2") == {"three": True}
    assert EventKind.THREES_LAID_OUT not in kinds(found)


def test_modern_last_stock_card_then_the_discard_ends_the_hand() -> None:
    state = with_stock(position("modern-american", turn=0, hands=["9C 9D 5S", "", "", ""]), "KS")
    assert one(events(state, "draw"), EventKind.LAST_STOCK_CARD).rules == ("M-END-2",)
    drawn = apply(state, Action.parse("draw"))
    ended = one(events(drawn, "discard 5S"), EventKind.HAND_ENDED)
    assert reason_of(ended, "M-END-2") == {"stock": 0}


def test_three_players_under_v_c9_end_with_the_last_discard() -> None:
    state = with_stock(position("classic-3p", {"V-C9": "end"}, turn=0, hands=["9C 9D", "", ""]),
                       "KS 7H")
    last = one(events(state, "draw"), EventKind.LAST_STOCK_CARD)
    assert reason_of(last, "C3-10") == {"ends": True, "option": "V-C9=end"}
    drawn = apply(state, Action.parse("draw"))
    ended = one(events(drawn, "discard 7H"), EventKind.HAND_ENDED)
    assert reason_of(ended, "C3-10") == {"ends": True, "option": "V-C9=end"}


def test_passing_with_the_stock_used_up_ends_the_hand() -> None:
    state = with_stock(position(turn=1, pile="7C", hands=["", "9D", "", ""]), "")
    ended = one(events(state, "pass"), EventKind.HAND_ENDED)
    assert ended.rules == ("C-END-3",) and ended.seat == 1


def test_threes_dealt_are_laid_out_and_replaced() -> None:
    first = complete_deck((), seed=1)
    second = complete_deck(parse_cards("3H"), seed=2)  # the first card goes left of the dealer
    state = position(phase="hand-over", dealer=0, turn=1, decks=[_cards(first), _cards(second)],
                     end={"reason": "stock-exhausted", "seat": 0})
    found = events(state, "next")
    dealt = [e for e in found if e.kind is EventKind.THREES_LAID_OUT]
    after = apply(state, Action.parse("next"))
    assert [e.seat for e in dealt] == [s for s in (2, 3, 0, 1) if after.threes[s]]
    assert dealt[0].seat == 2  # seat 2 sits left of the new dealer, seat 1
    assert "3H" in reason_of(dealt[0], "C-DEAL-4")["threes"]


def _cards(deck: tuple[Any, ...]) -> str:
    return " ".join(str(c) for c in deck)


# ----- the pile, melds, the talon, partnerships ------------------------------------------------


def test_red_threes_in_a_taken_pile_are_laid_out_not_replaced() -> None:
    state = position(turn=0, hands=["9H 9S 4C 5D", "", "", ""], sides=[["KH KS KD"], []],
                     pile="3H 7C 9D")
    laid = one(events(state, "take 9H 9S"), EventKind.THREES_LAID_OUT)
    assert reason_of(laid, "C-PILE-7") == {"threes": "3H", "count": 1, "replaced": False}


def test_a_natural_canasta_completed() -> None:
    state = position(turn=2, phase="play", hands=["", "", "KC 7H 8H", ""],
                     sides=[["KH KS KD KC KH KS"], []])
    canasta = one(events(state, "meld KC"), EventKind.CANASTA)
    assert canasta.seat == 2
    assert reason_of(canasta, "C-MELD-5") == {"kind": "natural", "rank": "K", "cards": 7}
    assert reason_of(canasta, "C-MELD-6") == {"kind": "natural", "bonus": 500}


def test_a_mixed_canasta_and_a_canasta_turned_mixed() -> None:
    mixed = position(turn=0, phase="play", hands=["KC 7H 8H", "", "", ""],
                     sides=[["KH KS KD KC 2H 2S"], []])
    canasta = one(events(mixed, "meld KC"), EventKind.CANASTA)
    assert reason_of(canasta, "C-MELD-6") == {"kind": "mixed", "bonus": 300}
    natural = position(turn=0, phase="play", hands=["2C 7H 8H", "", "", ""],
                       sides=[["KH KS KD KC KH KS KD"], []])
    found = events(natural, "meld 2C@K")
    assert EventKind.CANASTA not in kinds(found)
    turned = one(found, EventKind.CANASTA_MIXED)
    assert reason_of(turned, "C-MELD-5") == {"kind": "mixed", "was": "natural", "rank": "K"}


def test_a_lay_off_says_what_it_added_and_the_canasta_it_completed() -> None:
    state = position(turn=2, phase="play", hands=["", "", "KC 9C 9D 9H 7H 8H", ""],
                     sides=[["KH KS KD KC KH KS"], []])
    found = events(state, "meld KC | 9C 9D 9H")
    assert kinds(found)[:2] == [EventKind.MELDED, EventKind.LAID_OFF]
    melded, laid_off = found[0], found[1]
    assert melded.change is not None and melded.change.old is None
    assert melded.change.added == tuple(parse_cards("9C 9D 9H"))
    assert melded.change.completed is None
    assert reason_of(melded, "C-MELD-1") == {"rank": "9", "cards": 3, "wilds": 0}
    assert laid_off.change is not None and laid_off.change.old is not None
    assert laid_off.change.added == tuple(parse_cards("KC"))
    assert laid_off.change.completed == "natural"
    assert reason_of(laid_off, "C-MELD-4") == {"added": 1, "cards": 7, "rank": "K"}
    canasta = one(found, EventKind.CANASTA)
    assert canasta.change == laid_off.change  # the one consequence, worked out once


def test_a_wild_card_onto_a_canasta_completes_no_new_one() -> None:
    natural = position(turn=0, phase="play", hands=["2C 7H 8H", "", "", ""],
                       sides=[["KH KS KD KC KH KS KD"], []])
    laid_off = one(events(natural, "meld 2C@K"), EventKind.LAID_OFF)
    assert laid_off.change is not None and laid_off.change.completed is None


def test_a_modern_natural_canasta_closes_its_rank() -> None:
    state = position("modern-american", turn=0, phase="play", hands=["KD 5C 6C", "", "", ""],
                     sides=[["KH KS KD KC KH KS"], []])
    canasta = one(events(state, "meld KD"), EventKind.CANASTA)
    assert reason_of(canasta, "M-MELD-9") == {"kind": "natural", "rank": "K", "bonus": 500}
    assert reason_of(canasta, "M-MELD-8") == {"rank": "K"}


def test_the_talon_after_a_first_meld_from_hand() -> None:
    state = position("modern-american", {"V-M1": "on"}, turn=0, phase="play",
                     hands=["5C 6C 9D", "", "", ""], sides=[["KH KS KD KC"], []],
                     turn_info={"drew": "stock", "opened_before": False})
    talon = one(events(state, "discard 5C"), EventKind.TALON)
    assert reason_of(talon, "M-INIT-1") == {"talon": 4, "option": "V-M1=on"}
    assert talon.rules == ("M-INIT-1", "V-M1")


def test_no_talon_at_the_books_table() -> None:
    state = position("modern-american", turn=0, phase="play", hands=["5C 6C 9D", "", "", ""],
                     sides=[["KH KS KD KC"], []],
                     turn_info={"drew": "stock", "opened_before": False})
    assert EventKind.TALON not in kinds(events(state, "discard 5C"))


def test_the_first_take_in_three_player_forms_the_partnership() -> None:
    state = position("classic-3p", turn=0, hands=["9H 9S 4C 5D", "7S", "8S"],
                     sides=[["AH AS AD"], ["KH KS KD"], ["KC KH KS"]], pile="7C 9D")
    partnership = one(events(state, "take 9H 9S"), EventKind.PARTNERSHIP)
    assert partnership.seat == 0
    assert reason_of(partnership, "C3-3") == {"seat": 0}
    assert reason_of(partnership, "C3-12") == {"rank": "K", "merged": True}


def test_going_out_first_in_three_player_plays_alone() -> None:
    state = position("classic-3p", turn=0, phase="play", hands=["5C", "7S", "8S"],
                     sides=[["KH KS KD KC KH KS KD"], [], []])
    found = events(state, "discard 5C")
    assert reason_of(one(found, EventKind.PARTNERSHIP), "C3-4") == {"seat": 0}
    ended = one(found, EventKind.HAND_ENDED)
    assert reason_of(ended, "C3-8") == {"canastas": 1, "needed": 1}


# ----- going out, the bonus, the game ----------------------------------------------------------


def test_going_out_with_a_discard_and_its_bonus() -> None:
    state = position(turn=1, phase="play", hands=["", "5C", "", ""],
                     sides=[[], ["KH KS KD KC KH KS KD"]])
    found = events(state, "discard 5C")
    assert kinds(found) == [EventKind.HAND_ENDED, EventKind.GOING_OUT_BONUS]
    assert found[0].rules == ("C-OUT-1",) and found[0].seat == 1
    assert reason_of(found[1], "C-OUT-5") == {"points": 100}


def test_going_out_by_melding_and_concealed() -> None:
    state = position(turn=0, phase="play", hands=["KH KS KD KC KH KS KD", "", "", ""])
    found = events(state, "meld KH KS KD KC KH KS KD")
    ended = one(found, EventKind.HAND_ENDED)
    assert ended.rules == ("C-OUT-1", "C-OUT-2", "C-OUT-5")
    assert reason_of(one(found, EventKind.GOING_OUT_BONUS), "C-OUT-5") == {
        "concealed": True, "points": 200}


def test_modern_going_out_bonus() -> None:
    state = position("modern-american", turn=0, phase="play", hands=["5C", "", "", ""],
                     sides=[["QH QS QD QC QH QS QD", "JH JS JD JC JH JS JD"], []])
    found = events(state, "discard 5C")
    assert reason_of(one(found, EventKind.HAND_ENDED), "M-OUT-1") == {"canastas": 2, "needed": 2}
    assert reason_of(one(found, EventKind.GOING_OUT_BONUS), "M-OUT-3") == {"points": 100}


def test_house_rule_v_c6_names_the_concealed_bonus_lost_to_the_pile() -> None:
    state = position(options={"V-C6": "no-bonus"}, turn=0,
                     hands=["KH KS KC KC KH KS QH QS QD 5C", "", "", ""], pile="KD")
    taken = play(state, "take KH KS | KC KC KH KS", "meld QH QS QD")
    bonus = one(events(taken, "discard 5C"), EventKind.GOING_OUT_BONUS)
    assert reason_of(bonus, "C-OUT-5") == {"points": 100}
    assert bonus.reasons[-1].rule == "C-OUT-5"
    assert str(bonus.reasons[-1].option) == "V-C6=no-bonus"


@pytest.mark.parametrize(("preset", "options", "rule", "option"), [
    ("classic-2p", {}, "C2-8", None),
    ("classic-4p", {"V-C10": "2500"}, "C-GAME-1", "V-C10=2500"),
])
def test_the_game_ends_when_a_score_reaches_the_target(
    preset: str, options: dict[str, str], rule: str, option: str | None
) -> None:
    players = 2 if preset == "classic-2p" else 4
    melds = ["KH KS KD KC KH KS KD", "QH QS QD QC QH QS QD"]
    target = int(options.get("V-C10", "5000"))
    state = position(preset, options, turn=0, phase="play", hands=["5C"] + [""] * (players - 1),
                     sides=[melds, []], scores=[target - 100] + [0] * (players - 1))
    after = apply(state, Action.parse("discard 5C"))
    assert after.phase is Phase.GAME_OVER
    game = one(events(state, "discard 5C"), EventKind.GAME_OVER)
    assert game.seat == 0
    assert reason_of(game, rule) == {
        "target": target, "score": after.scores[0], **({"option": option} if option else {})}


# ----- every event over random games -----------------------------------------------------------


@cache
def played(preset: str, seed: int, options: tuple[tuple[str, str], ...] = ()
           ) -> tuple[GameRecord, tuple[tuple[Event, ...], ...]]:
    """A random game (at most 600 moves) as a record, with each move's events as played."""
    rng = random.Random(seed)
    state = new_game(rule_set(preset, dict(options)), seed=seed)
    record = GameRecord(state)
    found = []
    for _ in range(600):
        if state.phase is Phase.GAME_OVER:
            break
        action = rng.choice(legal_actions(state))
        record = record.then(state, action)
        step = transition(state, action)
        found.append(step.events)
        state = step.state
    return record, tuple(found)


GAMES = [(preset, seed, ()) for preset in PRESET_NAMES for seed in range(3)] + [
    ("modern-american", 1, (("V-M1", "on"),)),
    ("classic-3p", 2, (("V-C9", "end"), ("V-C8", "pooled"))),
]


@pytest.mark.parametrize(("preset", "seed", "options"), GAMES)
def test_a_record_with_events_replays_to_the_same_events(
    preset: str, seed: int, options: tuple[tuple[str, str], ...]
) -> None:
    record, found = played(preset, seed, options)
    text = dumps_record(record, events=True)
    loaded = loads_record(text)
    assert loaded == record
    assert tuple(step.events for step in loaded.transitions()) == found
    for event in (e for move in found for e in move):
        assert set(event.rules) <= {*RULE_IDS, *(r.option.id for r in event.reasons if r.option)}
    # The events a record carries are what a reader sees, move by move.
    moves = json.loads(text)["moves"]
    assert [len(m["events"]) for m in moves] == [len(e) for e in found]


def test_old_records_without_events_still_load() -> None:
    record, _ = played("classic-4p", 0)
    plain = json.loads(dumps_record(record))
    assert all("events" not in move for move in plain["moves"])
    assert loads_record(json.dumps(plain)) == record


def _record_with_events() -> tuple[GameRecord, dict[str, Any], int]:
    record, found = played("classic-4p", 1)
    data = json.loads(dumps_record(record, events=True))
    index = next(i for i, move in enumerate(found) if move)
    return record, data, index


def test_a_record_that_misstates_an_event_is_refused_naming_the_move() -> None:
    _, data, index = _record_with_events()
    data["moves"][index]["events"][0]["seat"] = (data["moves"][index]["events"][0]["seat"] + 1) % 4
    with pytest.raises(PositionError, match=rf"record\.moves\[{index}\]\.events"):
        loads_record(json.dumps(data))
    _, data, index = _record_with_events()
    data["moves"][index]["events"] = []
    with pytest.raises(PositionError, match=rf"record\.moves\[{index}\]\.events"):
        loads_record(json.dumps(data))


@pytest.mark.parametrize(("change", "message"), [
    ({"kind": "fireworks"}, r"\.kind: 'fireworks' is not one of"),
    ({"seat": 9}, r"\.seat: 9 is out of range"),
    ({"reasons": [{"rule": "X-1"}]}, r"\.reasons\[0\]\.rule: 'X-1' is not a rule id"),
    ({"colour": "red"}, r": unknown key"),
])
def test_malformed_events_are_reported_with_where(change: dict[str, Any], message: str) -> None:
    _, data, index = _record_with_events()
    data["moves"][index]["events"][0].update(change)
    with pytest.raises(PositionError, match=rf"record\.moves\[{index}\]\.events\[0\]" + message):
        loads_record(json.dumps(data))


def test_events_are_read_off_the_two_states() -> None:
    """``events_of`` on a move's two states is what ``transition`` tells (no second judgment)."""
    record, found = played("modern-american", 0)
    states = list(record.states())
    for index, move in enumerate(record.moves):
        assert events_of(states[index], move.action, states[index + 1]) == found[index]


# ----- words -----------------------------------------------------------------------------------


def test_narration_tells_the_events_with_their_rules() -> None:
    state = with_stock(position(turn=1, hands=["", "9C", "", ""]), "3H KS 7H")
    after = apply(state, Action.parse("draw"))
    assert narrate(state, Action.parse("draw"), after, 0, EN) == (
        "Left opponent drew the three of hearts: it is laid out and replaced. "
        "Left opponent drew a card.")
    last = with_stock(position(options={"V-C3": "may-meld"}, turn=0,
                               hands=["9C 9D 9H 5S", "", "", ""]), "3H")
    text = narrate(last, Action.parse("draw"), apply(last, Action.parse("draw")), 0, EN)
    assert text.endswith("discarding is not, and then the hand ends.")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_event_kind_has_a_sentence_in_words_with_its_rules_beside(lang: str) -> None:
    """Every event is told in words; the ids of its rules go with the sentence (a teacher's
    tooltip), never inside it (issue 28: ids in sentences tell a learner nothing)."""
    tr = translator(lang)
    seen: set[EventKind] = set()
    for preset, seed, options in GAMES:
        record, found = played(preset, seed, options)
        states = list(record.states())
        for index, move_events in enumerate(found):
            for event in move_events:
                sentence = event_sentence(event, states[index], 0, tr)
                if sentence is None:  # the move's own sentence tells it (narrate)
                    assert event.kind in {EventKind.DREW, EventKind.MELDED, EventKind.LAID_OFF}
                    continue
                seen.add(event.kind)
                assert all(rule in sentence.rules for rule in event.rules), str(event)
                assert not any(rule in sentence.text for rule in event.rules), sentence.text
    assert seen >= {EventKind.THREES_LAID_OUT, EventKind.LAST_STOCK_CARD, EventKind.CANASTA,
                    EventKind.HAND_ENDED, EventKind.TALON, EventKind.PARTNERSHIP}


@pytest.mark.parametrize(("preset", "seed", "options"), GAMES)
def test_the_cards_laid_are_the_cards_the_move_took_from_hand(
    preset: str, seed: int, options: tuple[tuple[str, str], ...]
) -> None:
    """Over random games: the new melds and lay-offs of a meld gain exactly the cards that left
    the hand, and each canasta event is the completion of one of them."""
    record, found = played(preset, seed, options)
    states = list(record.states())
    for index, move in enumerate(record.moves):
        if not isinstance(move.action, Meld):
            continue
        before, after = states[index], states[index + 1]
        changes = [e.change for e in found[index]
                   if e.kind in {EventKind.MELDED, EventKind.LAID_OFF} and e.change]
        laid = sorted(str(c) for change in changes for c in change.added)
        left = Counter(before.hands[move.seat]) - Counter(after.hands[move.seat])
        assert laid == sorted(str(c) for c in left.elements())
        completed = [c for c in changes if c.completed]
        assert len(completed) == kinds(found[index]).count(EventKind.CANASTA)
