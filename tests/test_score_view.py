"""The score told from the learner's chair (tutor.ui.score_view) and typed moves answered in
words (tutor.ui.typed_move), without the page."""

from __future__ import annotations

import re

import pytest
from helpers import position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import Action, judge, rule_set
from tutor.engine.cards import Card, full_deck
from tutor.engine.errors import NotationError
from tutor.engine.scoring import HandScore, PlayerTally, SideTally, score_hand
from tutor.i18n import LANGUAGES, translator
from tutor.ui.practice import Practice
from tutor.ui.score_view import (
    game_lines,
    game_sides,
    hand_sides,
    progression_chart,
    side_name,
    totals_from_hands,
)
from tutor.ui.typed_move import notation_problem, read_typed, verdict_answer, with_note
from tutor.words.explain import explain_item, rule_statement

EN = translator("en")
SEAT_NUMBER = re.compile(r"(?i)\bseat\b|\bside \d")
PRESETS = ["classic-4p", "classic-3p", "classic-2p", "modern-american"]


# ----- sides and lines ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "learner", "seats", "name"), [
    (4, 0, (0, 2), "Your side"), (4, 0, (1, 3), "Opponents"),
    (4, 1, (1, 3), "Your side"), (4, 1, (0, 2), "Opponents"),
    (2, 0, (0,), "You"), (2, 0, (1,), "Opponent"), (2, 1, (0,), "Opponent"),
    (3, 0, (0,), "You"), (3, 0, (1,), "Left opponent"), (3, 0, (2,), "Right opponent"),
    (3, 0, (0, 2), "Your side"), (3, 0, (1, 2), "Opponents"),
])
def test_sides_are_named_as_the_card_table_names_them(
        players: int, learner: int, seats: tuple[int, ...], name: str) -> None:
    assert side_name(seats, learner, players, EN) == name


def random_hand_score(preset: str, data: st.DataObject) -> HandScore:
    """A hand's end drawn at random: what each seat kept, threes, who went out."""
    rules = rule_set(preset)
    deck = list(full_deck())
    sides = []
    for seats in game_sides(rules.players) if rules.players != 3 else ((0,), (1, 2)):
        players = []
        for seat in seats:
            hand = data.draw(st.lists(st.sampled_from(deck), max_size=8))
            players.append(PlayerTally(seat, tuple(hand)))
        sides.append(SideTally(tuple(players), went_out=data.draw(st.booleans())))
    return score_hand(rules, sides)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), preset=st.sampled_from(PRESETS), lang=st.sampled_from(sorted(LANGUAGES)))
def test_no_line_of_a_score_names_a_seat_by_number(data: st.DataObject, preset: str,
                                                   lang: str) -> None:
    """Whatever was kept and by whom, in every language: each line in words, no seat number
    (English: the cards kept are said as "your hand", "your partner's hand" ...)."""
    score = random_hand_score(preset, data)
    players = rule_set(preset).players
    learner = data.draw(st.integers(0, players - 1))
    tr = translator(lang)
    views = hand_sides(score, learner, players, tr)
    assert learner in views[0].seats  # the learner's side first
    for view in views:
        side = next(s for s in score.sides if s.seats == view.seats)
        assert view.total == side.total and len(view.lines) == len(side.items)
        for item, line in zip(side.items, view.lines, strict=True):
            if "seat" in item.reason.param_map:  # the words' own line, from the same chair
                assert line.label == explain_item(item, tr, learner, players).label, line.label
            if lang == "en":
                assert not SEAT_NUMBER.search(line.label), line.label
    if lang == "en":
        kept = [line.label for view in views for line in view.lines if "left in" in line.label]
        assert all(re.search(r"left in (your|your partner's|the opponent's|the left "
                             r"opponent's|the right opponent's) hand$", k) for k in kept), kept


def test_the_cards_kept_are_said_from_each_chair() -> None:
    rules = rule_set("classic-4p")
    score = score_hand(rules, [
        SideTally((PlayerTally(0, (Card.parse("KH"),)), PlayerTally(2, ()))),
        SideTally((PlayerTally(1, (Card.parse("5C"), Card.parse("6C"))),
                   PlayerTally(3, (Card.parse("JK"),)))),
    ])
    ours, theirs = hand_sides(score, 0, 4, EN)
    assert [line.label for line in ours.lines] == ["1 card left in your hand"]
    assert [line.label for line in theirs.lines] == ["2 cards left in the left opponent's hand",
                                                     "1 card left in the right opponent's hand"]
    # The same hand from the partner's chair.
    ours, theirs = hand_sides(score, 2, 4, EN)
    assert [line.label for line in ours.lines] == ["1 card left in your partner's hand"]
    assert [line.label for line in theirs.lines] == ["2 cards left in the right opponent's hand",
                                                     "1 card left in the left opponent's hand"]


def test_a_modern_penalty_for_aces_kept_names_who_kept_them() -> None:
    rules = rule_set("modern-american")
    aces = tuple(Card.parse(c) for c in ("AH", "AS", "AD"))
    score = score_hand(rules, [SideTally((PlayerTally(0, ()), PlayerTally(2, aces))),
                               SideTally((PlayerTally(1, ()), PlayerTally(3, ())))])
    [ours, _] = hand_sides(score, 0, 4, EN)
    labels = [line.label for line in ours.lines]
    assert "Your partner is left holding 3 aces" in labels, labels


def test_three_players_with_personal_red_threes_say_whose_and_each_total() -> None:
    rules = rule_set("classic-3p")
    assert rules.red_threes_3p == "personal"
    # The first seeded hand whose partnership's red threes count apart (the computer players
    # decide whether a partnership forms at all, so the seed is searched, not fixed).
    for seed in range(1, 60):
        practice = Practice.start(rules, seed)
        while not practice.state.hand_over:
            practice.attempt(practice.hint().action)
        score = practice.state.results[-1]
        pairs = [side for side in score.sides if len(side.seats) == 2]
        if pairs and any(item.seat is not None for item in pairs[0].items):
            partnership = pairs[0]
            break
    else:
        raise AssertionError("no seeded hand with a partnership's own red threes")
    view = next(v for v in hand_sides(score, 0, 3, EN) if v.seats == partnership.seats)
    owned = [line.label for line in view.lines if line.label.endswith(("yours", "opponent's"))
             and "left in" not in line.label]
    assert owned, [line.label for line in view.lines]
    totals = {line.label: line.points for line in view.own_totals}
    assert len(totals) == 2
    assert sorted(totals.values()) == sorted(partnership.credit(s) for s in partnership.seats)


# ----- the game ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_of_one_hand_is_a_line_from_zero(preset: str) -> None:
    practice = Practice.start(rule_set(preset), 5)
    while not practice.state.hand_over:
        practice.attempt(practice.hint().action)
    state = practice.state
    lines = game_lines(state.results, state.players, 0, EN)
    assert len(lines) == len(game_sides(state.players)) == (2 if state.players != 3 else 3)
    for line in lines:
        assert line.points == (0, state.scores[line.seats[0]])
    figure = progression_chart(lines, state.rules.target, EN)
    traces = figure.to_plotly_json()["data"]
    assert [t["name"] for t in traces] == [line.name for line in lines]
    assert all(list(t["x"]) == ["Start", "Hand 1"] and len(t["y"]) == 2 for t in traces)
    shapes = figure.to_plotly_json()["layout"]["shapes"]
    assert [shape["y0"] for shape in shapes] == [state.rules.target]
    low, high = figure.to_plotly_json()["layout"]["yaxis"]["range"]
    assert low < min(0, *(p for line in lines for p in line.points)) and high > state.rules.target


@settings(max_examples=40, deadline=None)
@given(hands=st.lists(st.tuples(st.integers(-3000, 4000), st.integers(-3000, 4000)),
                      min_size=1, max_size=12))
def test_a_running_game_adds_up_hand_by_hand(hands: list[tuple[int, int]]) -> None:
    lines = totals_from_hands(hands, ["Your side", "Opponents"], [(0, 2), (1, 3)])
    for index, line in enumerate(lines):
        assert line.points[0] == 0 and len(line.points) == len(hands) + 1
        assert line.total == sum(hand[index] for hand in hands)
    figure = progression_chart(lines, 5000, EN).to_plotly_json()
    assert [len(t["x"]) for t in figure["data"]] == [len(hands) + 1] * 2


# ----- typed moves -------------------------------------------------------------------------


def play_phase(preset: str = "classic-4p") -> Practice:
    practice = Practice.start(rule_set(preset), 1)
    practice.attempt(Action.parse("draw"))
    return practice


@pytest.mark.parametrize("lang", ["en", "sv", "el"])
def test_discarding_a_red_three_is_answered_with_the_red_threes_rule(lang: str) -> None:
    state = play_phase().state
    assert Card.parse("3H") not in state.hands[0]
    tr = translator(lang)
    typed = read_typed(state, "discard 3H", 0, tr)
    assert typed.action is None and typed.answer is not None
    assert typed.answer.rules == ("C-TURN-4",)
    assert rule_statement("C-TURN-4", tr) in typed.answer.text
    assert "not in hand" not in typed.answer.text and "3H" not in typed.answer.text


def test_melding_a_red_three_and_a_modern_three_name_the_rule_that_lays_them_out() -> None:
    state = play_phase().state
    typed = read_typed(state, "meld 3D 3H 3D", 0, EN)
    assert typed.answer is not None and typed.answer.rules == ("C-TURN-3",)
    modern = play_phase("modern-american").state
    three = next(c for c in ("3S", "3C", "3H", "3D")
                 if Card.parse(c) not in modern.hands[0])
    typed = read_typed(modern, f"discard {three}", 0, EN)
    assert typed.answer is not None and typed.answer.rules == ("M-THREE-1",)


def test_a_card_not_held_is_named_in_words() -> None:
    state = position("classic-4p", turn=0, phase="play",
                     hands=["KH KS 5C 7D", "4C 5C 6C", "4D 5D 6D", "4H 5H 6H"], pile="4S 9D")
    typed = read_typed(state, "discard QD", 0, EN)
    assert typed.answer is not None
    assert typed.answer.text == "You do not hold the queen of diamonds." and not typed.answer.rules
    assert read_typed(state, "discard 7D", 0, EN).action == Action.parse("discard 7D")


@pytest.mark.parametrize(("text", "words"), [
    ("", "Type a move"),
    ("dicsard 3H", '"dicsard 3H" is not a move'),
    ("discard 11H", '"11H" is not a card'),
    ("meld KH | | QS", "has an empty group"),
    ("meld 2C@X", '"X" after @ is not a rank'),
    ("meld", "Name the cards to meld"),
    ("discard 7D 8D", "Discard exactly one card"),
    ("draw 7D", "nothing follows draw"),
    ("answer maybe", 'Answer with "answer yes"'),
])
def test_text_that_is_no_move_is_answered_in_words(text: str, words: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)
    assert words in notation_problem(text, EN)
    state = play_phase().state
    typed = read_typed(state, text, 0, EN)
    assert typed.action is None and typed.answer is not None and words in typed.answer.text


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40))
def test_any_unreadable_text_gets_words_not_the_parsers_message(text: str) -> None:
    try:
        Action.parse(text)
    except NotationError as exc:
        answer = notation_problem(text, EN)
        assert answer and str(exc) not in answer


def test_a_negative_total_has_the_lines_minus_sign() -> None:
    from tutor.ui.score_view import signed, total_number

    assert total_number(-25, EN) == "−25" and signed(-25, EN) == "−25"
    assert total_number(1005, EN) == "1,005" and signed(1005, EN) == "+1,005"
    assert signed(0, EN) == "±0" and total_number(0, EN) == "0"


def test_a_red_three_typed_before_drawing_gets_the_verdict_and_the_red_threes_rule() -> None:
    """Before the draw the turn's steps refuse the discard (the engine's verdict, played on the
    table); the answer adds that a red three is never in a hand at all."""
    state = Practice.start(rule_set("classic-4p"), 1).state
    typed = read_typed(state, "discard 3H", 0, EN)
    assert typed.action == Action.parse("discard 3H")
    assert typed.answer is not None and typed.answer.rules == ("C-TURN-4",)
    verdict = judge(state, typed.action, seat=0)
    assert not verdict.legal
    answer = with_note(verdict_answer(verdict, EN), typed.answer)
    assert answer.text.startswith("You may not discard the three of hearts.")
    assert rule_statement("C-TURN-4", EN) in answer.text
    assert answer.rules[-1] == "C-TURN-4" and len(answer.rules) >= 2
    assert read_typed(state, "draw", 0, EN).answer is None  # nothing to add to a plain move


def test_a_sides_game_score_in_words_agrees_with_its_numbers() -> None:
    from tutor.ui.score_view import GameLine, total_words

    one = GameLine("You", (0,), (0, 1))
    assert total_words(one, 15, EN) == "You: 1 point; next initial meld at least 15 points."
    assert total_words(GameLine("Opponents", (1, 3), (0, -50)), None, EN) == (
        "Opponents: −50 points")
