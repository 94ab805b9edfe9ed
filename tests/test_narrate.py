"""Narration of moves: seat roles, the English sentences for every kind of move, and sweeps over
random hands in every preset that no text shows card notation or another seat's hidden draw."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache

import pytest
from helpers import play, position, with_stock

from tutor.engine import (
    Action,
    Discard,
    Draw,
    GameState,
    Meld,
    TakePile,
    apply,
    legal_actions,
    new_game,
    rule_set,
)
from tutor.engine.cards import ALL_FACES
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import Phase
from tutor.i18n import translator
from tutor.words.describe import describe
from tutor.words.explain import card_name, rank_name
from tutor.words.narrate import (
    SeatRole,
    narrate,
    narrate_sentences,
    narrate_turns,
    seat_label,
    seat_role,
)

EN = translator("en")
NOTATION = re.compile(r"\b(?:10|[2-9AKQJ])[CDHS]\b|\bJK\b|[|@]")
CARD_NAMES = {card: card_name(card, EN) for card in ALL_FACES}
Move = tuple[GameState, Action, GameState]


def said(state: GameState, action: str, learner: int = 0, lang: str = "en") -> str:
    """The narration of one move in notation, applied through the judge."""
    move = Action.parse(action)
    return narrate(state, move, apply(state, move), learner, translator(lang))


@cache
def random_moves(preset: str, hands: int = 30) -> tuple[Move, ...]:
    """Every move of ``hands`` random hands, each followed by the deal of the next hand."""
    moves: list[Move] = []
    for seed in range(hands):
        rng = random.Random(seed)
        state = new_game(rule_set(preset), seed=seed)
        while state.phase is not Phase.GAME_OVER:
            action = rng.choice(legal_actions(state))
            after = apply(state, action)
            moves.append((state, action, after))
            if state.hand_over:
                break  # the "next" move has been recorded: one hand per seed
            state = after
    return tuple(moves)


# ----- seats -----------------------------------------------------------------------------------


def test_seat_roles_follow_the_play_clockwise() -> None:
    four = [seat_role(s, 0, 4) for s in range(4)]
    assert four == [SeatRole.YOU, SeatRole.LEFT, SeatRole.PARTNER, SeatRole.RIGHT]
    assert [seat_role(s, 2, 4) for s in (3, 0, 1)] == [
        SeatRole.LEFT, SeatRole.PARTNER, SeatRole.RIGHT]
    assert [seat_role(s, 1, 3) for s in (1, 2, 0)] == [
        SeatRole.YOU, SeatRole.LEFT, SeatRole.RIGHT]
    assert [seat_role(s, 1, 2) for s in (1, 0)] == [SeatRole.YOU, SeatRole.OPPONENT]


@pytest.mark.parametrize(("seat", "learner", "players"), [(4, 0, 4), (-1, 0, 4), (0, 3, 3),
                                                          (2, 0, 2), (0, 0, 5)])
def test_a_seat_not_at_the_table_is_an_error(seat: int, learner: int, players: int) -> None:
    with pytest.raises(ValueError):
        seat_role(seat, learner, players)


def test_seat_labels() -> None:
    assert [seat_label(role, EN) for role in SeatRole] == [
        "You", "Partner", "Left opponent", "Right opponent", "Opponent"]


# ----- drawing ---------------------------------------------------------------------------------


def test_another_seat_drawing_one_card_is_not_named() -> None:
    state = with_stock(position(turn=1, hands=["", "9C 9D", "", ""]), "KS 7H")
    assert said(state, "draw") == "Left opponent drew a card."


def test_the_learner_is_told_the_card_drawn() -> None:
    state = with_stock(position(turn=0, hands=["9C 9D", "", "", ""]), "KS 7H")
    assert said(state, "draw") == "You drew the king of spades."


def test_two_player_draws_bring_two_cards() -> None:
    state = with_stock(position("classic-2p", turn=1, hands=["", "9C"]), "KS 7H 5D")
    assert said(state, "draw") == "Opponent drew 2 cards."
    assert said(state, "draw", learner=1) == "You drew the seven of hearts and the king of spades."


def test_a_red_three_drawn_is_laid_out_and_named() -> None:
    state = with_stock(position(turn=1, hands=["", "9C", "", ""]), "3H KS 7H")
    assert said(state, "draw") == (
        "Left opponent drew the three of hearts: it is laid out and replaced. "
        "Left opponent drew a card.")
    assert said(state, "draw", learner=1) == (
        "You drew the three of hearts: it is laid out and replaced. "
        "You drew the king of spades.")


def test_a_red_three_drawn_in_a_real_game() -> None:
    found = [(b, a, n) for b, a, n in random_moves("classic-4p")
             if isinstance(a, Draw) and len(n.threes[b.actor]) > len(b.threes[b.actor])]
    assert found
    for before, action, after in found:
        text = narrate(before, action, after, (before.actor + 1) % 4, EN)
        assert text.startswith("Right opponent drew "), text
        assert " is laid out" in text or " are laid out" in text, text


# ----- taking the pile -------------------------------------------------------------------------


def test_taking_the_pile_with_a_natural_pair() -> None:
    state = position(turn=2, hands=["", "", "9H 9S 4C 5D", ""], sides=[["KH KS KD"], []],
                     pile="4H 7C 9D")
    assert said(state, "take 9H 9S") == (
        "Partner took the discard pile (3 cards) with two nines. Partner melded 3 nines.")


def test_taking_the_pile_onto_a_meld_and_with_a_wild_card() -> None:
    state = position(turn=0, hands=["9H 2C 4C 5D", "", "", ""], sides=[["KH KS KD"], []],
                     pile="4H 7C KC")
    assert said(state, "take") == (
        "You took the discard pile (3 cards). You added the king of clubs to your kings.")
    state = position(turn=0, hands=["9H 2C 4C 5D", "", "", ""], sides=[["KH KS KD"], []],
                     pile="4H 7C 9D")
    assert said(state, "take 9H 2C") == (
        "You took the discard pile (3 cards) with the nine of hearts and the two of clubs. "
        "You melded 3 nines (one of them a wild card).")


def test_takes_with_a_natural_pair_in_real_games() -> None:
    found = 0
    for preset in PRESET_NAMES:
        for before, action, after in random_moves(preset):
            cards = action.cards if isinstance(action, TakePile) else ()
            if len(cards) != 2 or cards[0].rank is not cards[1].rank or not cards[0].is_natural:
                continue
            found += 1
            learner = (before.actor + 1) % before.players
            text = narrate(before, action, after, learner, EN)
            size = len(before.pile)
            pile = "one card" if size == 1 else f"{size} cards"
            rank = rank_name(cards[0].rank, EN)
            who = seat_label(seat_role(before.actor, learner, before.players), EN)
            assert text.startswith(f"{who} took the discard pile ({pile}) with two {rank}."), text
            assert " melded " in text or " added " in text, text
    assert found > 20


# ----- melding ---------------------------------------------------------------------------------


def test_new_melds_are_counted() -> None:
    state = position(turn=0, phase="play", hands=["9C 9D 9H 4C 4D 2S 7H 8H", "", "", ""],
                     sides=[["KH KS KD"], []])
    assert said(state, "meld 9C 9D 9H | 4C 4D 2S") == (
        "You melded 3 nines and 3 fours (one of them a wild card).")


def test_a_lay_off_names_the_cards() -> None:
    state = position(turn=3, phase="play", hands=["", "", "", "JC 2H 4C 5D"],
                     sides=[[], ["JH JS JD", "KH KS KD"]])
    assert said(state, "meld JC") == "Right opponent added the jack of clubs to their jacks."
    assert said(state, "meld 2H@K") == "Right opponent added the two of hearts to their kings."
    assert said(state, "meld JC | 2H@K") == (
        "Right opponent added the jack of clubs to their jacks and the two of hearts to their "
        "kings.")


def test_melds_and_lay_offs_together() -> None:
    state = position(turn=0, phase="play", hands=["9C 9D 9H KC 7H 8H", "", "", ""],
                     sides=[["KH KS KD"], []])
    assert said(state, "meld 9C 9D 9H | KC") == (
        "You melded 3 nines and added the king of clubs to your kings.")


def test_a_meld_completing_a_canasta() -> None:
    natural = position(turn=2, phase="play", hands=["", "", "KC 7H 8H", ""],
                       sides=[["KH KS KD KC KH KS"], []])
    assert said(natural, "meld KC") == (
        "Partner added the king of clubs to their kings. "
        "This completes a natural canasta of kings.")
    mixed = position(turn=0, phase="play", hands=["KC 7H 8H", "", "", ""],
                     sides=[["KH KS KD KC 2H 2S"], []])
    assert said(mixed, "meld KC") == (
        "You added the king of clubs to your kings. "
        "This completes a mixed canasta of kings.")
    canasta = position(turn=0, phase="play", hands=["2C 7H 8H", "", "", ""],
                       sides=[["KH KS KD KC KH KS KD"], []])
    assert said(canasta, "meld 2C@K") == (
        "You added the two of clubs to your kings. "
        "The canasta of kings is now mixed.")


def test_canastas_completed_in_real_games() -> None:
    found = 0
    for preset in PRESET_NAMES:
        rules = rule_set(preset)
        for before, action, after in random_moves(preset):
            if not isinstance(action, Meld | TakePile):
                continue
            canastas = sum(m.is_canasta(rules) for s in after.sides for m in s.melds)
            if canastas > sum(m.is_canasta(rules) for s in before.sides for m in s.melds):
                found += 1
                assert "This completes a " in narrate(before, action, after, 0, EN)
    assert found > 5


def test_black_threes_melded_to_go_out_are_no_canasta() -> None:
    state = position(turn=0, phase="play", hands=["3C 3S 3C 3S", "", "", ""],
                     sides=[["KH KS KD KC KH KS KD"], []])
    text = said(state, "meld 3C 3S 3C 3S")
    assert text == ("You melded 4 black threes. You went out. "
                    "Going out is worth 100 points.")
    assert "canasta" not in text


# The move of the issue: black threes first, then the seven that completes the sevens, then two
# wild cards onto the fives. The canasta is of sevens, whatever the first group's rank.
SEVENS_OUT = "meld 3C 3C 3S 3S | 7S | 2C 2H@5"


def _sevens_out() -> GameState:
    return position(turn=0, phase="play", hands=["3C 3C 3S 3S 7S 2C 2H", "", "", ""],
                    sides=[["7H 7H 7D 7D 7C 7C", "5H 5D 5S"], []])


def test_a_move_of_several_groups_names_the_canasta_it_completes() -> None:
    assert said(_sevens_out(), SEVENS_OUT) == (
        "You melded 4 black threes and added the seven of spades to your sevens and 2 cards to "
        "your fives. This completes a natural canasta of sevens. "
        "You went out. Going out is worth 100 points.")
    other = said(_sevens_out(), SEVENS_OUT, learner=1)
    assert other.startswith("Right opponent melded 4 black threes and added the seven of spades")
    assert "canasta of threes" not in other and "canasta of fives" not in other


def test_only_the_group_that_completes_a_canasta_is_named_as_one() -> None:
    state = position(turn=0, phase="play", hands=["9C 9D 9H KC 5S", "", "", ""],
                     sides=[["KH KS KD KC KH KS"], []])
    assert said(state, "meld 9C 9D 9H | KC") == (
        "You melded 3 nines and added the king of clubs to your kings. "
        "This completes a natural canasta of kings.")


def test_two_canastas_completed_by_one_move_are_both_named() -> None:
    state = position(turn=0, phase="play", hands=["KC QC 2D 5S", "", "", ""],
                     sides=[["KH KS KD KC KH KS", "QH QS QD QC QH 2H"], []])
    text = said(state, "meld KC | QC 2D@Q")
    assert "This completes a natural canasta of kings." in text
    assert "This completes a mixed canasta of queens." in text


def test_the_hint_for_a_move_of_several_groups_lays_every_group() -> None:
    text = describe(Action.parse(SEVENS_OUT), EN)
    assert text == ("Lay the three of clubs, the three of clubs, the three of spades, and the "
                    "three of spades; the seven of spades; the two of clubs and the two of hearts "
                    "onto your fives.")


def test_a_computer_players_reason_names_the_canasta_completed() -> None:
    """The standard player's "This completes a canasta of …" takes the rank of the canasta the
    move completes, not of its first group; black threes never count."""
    from tutor.play.bots import _completed_canasta

    state = position(turn=0, phase="play", hands=["9C 9D 9H KC 5S", "", "", ""],
                     sides=[["KH KS KD KC KH KS"], []])
    def meld(text: str) -> Meld:
        action = Action.parse(text)
        assert isinstance(action, Meld)
        return action

    assert _completed_canasta(state, meld("meld 9C 9D 9H | KC")) == "K"
    assert _completed_canasta(_sevens_out(), meld(SEVENS_OUT)) == "7"
    assert _completed_canasta(state, meld("meld 9C 9D 9H")) is None


# ----- discarding, asking, answering, the end of the hand ---------------------------------------


def test_discards() -> None:
    state = position(turn=2, phase="play", hands=["", "", "7C 2D 3S 9H", ""])
    assert said(state, "discard 7C") == "Partner discarded the seven of clubs."
    assert said(state, "discard 2D") == (
        "Partner discarded the two of diamonds, which freezes the pile.")
    assert said(state, "discard 3S") == (
        "Partner discarded the three of spades, a stop card: the next player cannot take the pile.")
    assert said(state, "discard 7C", learner=2) == "You discarded the seven of clubs."
    freezing = position(options={"V-C2": "freezes"}, turn=2, phase="play",
                        hands=["", "", "7C 3S", ""])
    assert said(freezing, "discard 3S") == (
        "Partner discarded the three of spades, which stops the next player and freezes the pile.")


def test_talon_cards_are_counted_after_the_discard() -> None:
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(rule_set("modern-american", {"V-M1": "on"}), seed=seed)
        while not state.hand_over:
            action = rng.choice(legal_actions(state))
            after = apply(state, action)
            seat = state.actor
            if isinstance(action, Discard) and len(after.hands[seat]) >= len(state.hands[seat]):
                found.append(narrate(state, action, after, (seat + 2) % 4, EN))
            state = after
    assert found
    assert all(re.search(r"^Partner discarded the .*\. Partner took [34] bonus cards from the "
                         r"stock\.", text) for text in found), found


def test_going_out_with_a_discard() -> None:
    state = position(turn=1, phase="play", hands=["", "5C", "", ""],
                     sides=[[], ["KH KS KD KC KH KS KD"]])
    assert said(state, "discard 5C") == (
        "Left opponent discarded the five of clubs. Left opponent went out. "
        "Going out is worth 100 points.")


def test_going_out_concealed() -> None:
    state = position(turn=0, phase="play", hands=["KH KS KD KC KH KS KD 5C", "", "", ""])
    after = play(state, "meld KH KS KD KC KH KS KD")
    assert narrate(after, Action.parse("discard 5C"), apply(after, Action.parse("discard 5C")),
                   0, EN) == ("You discarded the five of clubs. You went out concealed. "
                              "Going out is worth 200 points.")


ASKING = {"V-C11": "before-or-after-draw"}


def test_asking_the_partner_and_the_answers() -> None:
    partner_asks = position(options=ASKING, turn=2)
    assert said(partner_asks, "ask") == "Partner asked you: may I go out?"
    asked = play(partner_asks, "ask")
    assert said(asked, "answer yes") == "You answered yes: your partner must go out this turn."
    assert said(asked, "answer no") == "You answered no: your partner may not go out this turn."
    you_ask = position(options=ASKING, turn=0)
    assert said(you_ask, "ask") == "You asked your partner: may I go out?"
    asked = play(you_ask, "ask")
    assert said(asked, "answer yes") == "Partner answered yes: you must go out this turn."
    assert said(asked, "answer no") == "Partner answered no: you may not go out this turn."
    opponents = play(position(options=ASKING, turn=1), "ask")
    assert said(position(options=ASKING, turn=1), "ask") == (
        "Left opponent asked their partner: may I go out?")
    assert said(opponents, "answer no") == (
        "Right opponent answered no: their partner may not go out this turn.")


def _persons(state: GameState, action: str) -> list[tuple[int | None, int | None]]:
    """Each sentence's seat and the seat its "you" means, as the learner at seat 0 reads it."""
    move = Action.parse(action)
    return [(s.about, s.you) for s in narrate_sentences(state, move, apply(state, move), 0, EN)]


def test_each_sentence_says_whom_its_second_person_means() -> None:
    """"Partner asked you" is about the partner and speaks to the learner; "Left opponent asked
    their partner" speaks to nobody; the learner's own move speaks to the learner."""
    assert _persons(position(options=ASKING, turn=2), "ask") == [(2, 0)]
    assert _persons(position(options=ASKING, turn=1), "ask") == [(1, None)]
    assert _persons(position(options=ASKING, turn=0), "ask") == [(0, 0)]
    asked = play(position(options=ASKING, turn=0), "ask")
    assert _persons(asked, "answer yes") == [(2, 0)]  # "Partner answered yes: you must …"
    opponents = play(position(options=ASKING, turn=1), "ask")
    assert _persons(opponents, "answer no") == [(3, None)]
    state = position(phase="hand-over", end={"reason": "stock-exhausted", "seat": 0})
    assert _persons(state, "next") == [(None, None)]


def test_an_advisory_yes_binds_nobody() -> None:
    state = play(position("modern-american", {"V-M2": "advisory"}, turn=0, phase="play",
                          hands=["KH KS KD 5C", "", "", ""],
                          sides=[["QH QS QD QC QH QS QD", "JH JS JD JC JH JS JD"], []]), "ask")
    assert said(state, "answer yes") == "Partner answered yes."


def test_a_new_hand_and_passing() -> None:
    state = position(phase="hand-over", end={"reason": "stock-exhausted", "seat": 0})
    assert said(state, "next") == "A new hand was dealt."
    empty = with_stock(position(turn=1, pile="7C", hands=["", "9D", "", ""]), "")
    assert said(empty, "pass") == (
        "Left opponent passed. The hand is over: the stock is used up.")


@pytest.mark.parametrize(("preset", "seat", "score", "rule", "expected"), [
    ("classic-4p", 2, 5120, "C-GAME-1", "Your side wins the game with 5,120 points."),
    ("classic-4p", 1, 1, "C-GAME-1", "The other side wins the game with 1 point."),
    ("classic-3p", 0, 1, "C3-9", "You win the game with 1 point."),
    ("classic-3p", 2, 5005, "C3-9", "Right opponent wins the game with 5,005 points."),
])
def test_the_winners_points_take_their_plural_form(preset: str, seat: int, score: int,
                                                  rule: str, expected: str) -> None:
    """The game's end says the winner's points, the word agreeing with the number."""
    from tutor.engine import Reason
    from tutor.engine.events import Event, EventKind
    from tutor.words.narrate import explain_event

    state = new_game(rule_set(preset), seed=1)
    event = Event(EventKind.GAME_OVER, seat, (Reason.of(rule, target=5000, score=score),))
    assert explain_event(event, state, 0, EN) == expected


def test_narrate_turns_gives_one_line_per_move() -> None:
    state = with_stock(position(turn=1, hands=["7D", "9C 9D", "5S", "6S"]), "KS 7H 8H")
    actions = [Action.parse(a) for a in ("draw", "discard 9C", "draw")]
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    assert narrate_turns(states, actions, 0, EN) == [
        "Left opponent drew a card.", "Left opponent discarded the nine of clubs.",
        "Partner drew a card."]
    with pytest.raises(ValueError):
        narrate_turns(states[:-1], actions, 0, EN)


# ----- sweeps over random hands ----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_narration_shows_notation_or_a_hidden_draw(preset: str) -> None:
    moves = random_moves(preset)
    assert len(moves) > 1000
    kinds = set()
    for index, (before, action, after) in enumerate(moves):
        learner = index % before.players
        text = narrate(before, action, after, learner, EN)
        kinds.add(type(action).__name__)
        assert text.strip(), action
        assert not NOTATION.search(text), (str(action), text)
        if isinstance(action, Draw) and before.actor != learner:
            seat = before.actor
            laid_out = Counter(after.threes[seat]) - Counter(before.threes[seat])
            shown = text
            for card in laid_out:
                shown = shown.replace(CARD_NAMES[card], "")
            assert not [n for n in CARD_NAMES.values() if n in shown], text
    assert {"Draw", "TakePile", "Meld", "Discard", "NextHand"} <= kinds


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_german_narration_falls_back_without_errors(preset: str) -> None:
    de = translator("de")
    for before, action, after in random_moves(preset)[:400]:
        assert narrate(before, action, after, 0, de).strip()


def test_a_log_line_keeps_its_rules_beside_the_words() -> None:
    """The table's turn log: the sentence in words, the rule ids apart for the tooltip."""
    from tutor.words.narrate import narrate_line

    state = position(turn=0, phase="play", hands=["KH KS KD KC KH KS KD 5C", "", "", ""])
    after = play(state, "meld KH KS KD KC KH KS KD")
    done = apply(after, Action.parse("discard 5C"))
    text, rules = narrate_line(after, Action.parse("discard 5C"), done, 0, EN)
    assert text == narrate(after, Action.parse("discard 5C"), done, 0, EN)
    assert "C-OUT-1" in rules and "C-OUT-5" in rules and "C-OUT" not in text
    assert rules.count("C-OUT-1") == 1
