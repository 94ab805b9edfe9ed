"""Every worked example of RULES.md §3 comes out to its exact totals."""

from __future__ import annotations

from helpers import side

from tutor.engine import rule_set, score_hand
from tutor.engine.judge import game_winner

C4 = rule_set("classic-4p")
M4 = rule_set("modern-american")

K7 = "KH KH KS KS KD KD KC"


def totals(rules, *sides):  # type: ignore[no-untyped-def]
    score = score_hand(rules, sides)
    for s in score.sides:  # the total is the sum of its items
        assert s.total == sum(i.points for i in s.items if i.seat is None)
    return [s.total for s in score.sides]


# ----- Classic ---------------------------------------------------------------------------------


def test_ce1_ordinary_hand_side_b_without_canasta_keeps_red_threes_plus() -> None:
    a = side([K7, "8H 8H 8S 8S 8D 2C JK", "AH AS 2D"], ["", "9C 4D"], ["3H", ""],
             seats=[0, 2], went_out=True)
    b = side(["QH QS QD JK", "5H 5S 5D"], ["AH AD 7C JK", "6H 6S JC 3C"], ["3D 3H", ""],
             seats=[1, 3])
    assert totals(C4, a, b) == [1235, 175]


def test_ce1_the_seven_kings_alone_are_the_pagat_570() -> None:
    only = side([K7], ["", ""], seats=[0, 2])
    assert totals(C4, only) == [570]


def test_ce2_concealed_going_out_scores_200() -> None:
    a = side(["7H 7H 7S 7S 7D 7D 2C", "JH JS JD"], ["", "KH KS QD 5C 4C"], ["3H", ""],
             seats=[0, 2], went_out=True, concealed=True)
    b = side(["10H 10S 10D 10C 2H 2S", "6H 6S 6D"], ["JK AH", "8C 9C"], seats=[1, 3])
    assert totals(C4, a, b) == [640, 5]


def test_ce3_side_that_never_melded_loses_all_four_red_threes() -> None:
    a = side(["6H 6H 6S 6S 6D 6D 6C", "9H 9S 9D 9C 9H 2C 2D", "4H 4S 4D"], ["", "7H 7S 3C"],
             seats=[0, 2], went_out=True)
    b = side([], ["KH KS QH QS JH 9C 8C", "AH AS 2H JK 5H 5S 4C"], ["3H 3H", "3D 3D"],
             seats=[1, 3])
    assert totals(C4, a, b) == [1025, -995]


def test_ce4_red_three_as_last_card_default_and_v_c3() -> None:
    b = side(["10H 10H 10S 10S 10D 10D 10C 10C", "7H 7S 2C"], ["JH JS 9C", "2D 6C"], ["3D", ""],
             seats=[1, 3])
    default = side(["QH QS QD QC QH 2S JK", "AH AS AD"], ["AC 8H 8S", "KH 4C"], ["3H 3D", ""],
                   seats=[0, 2])
    laid_off = side(["QH QS QD QC QH 2S JK", "AH AS AD AC"], ["8H 8S", "KH 4C"], ["3H 3D", ""],
                    seats=[0, 2])
    assert totals(C4, default, b) == [625, 655]
    assert totals(rule_set("classic-4p", {"V-C3": "may-meld"}), laid_off, b) == [665, 655]


def test_ce5_two_players_two_canastas() -> None:
    rules = rule_set("classic-2p")
    a = side(["JH JH JS JS JD JD JC", "5H 5S 5D 5C 2C 2D JK", "9H 9S 9D 9C"], [""], ["3H"],
             seats=[0], went_out=True)
    b = side(["AH AS AD AC 2H 2S 2D", "KH KS KD"], ["JK QH QS 7C 6C 4C"], seats=[1])
    assert totals(rules, a, b) == [1220, 385]


def test_ce6_three_players_lone_hand_and_personal_red_threes() -> None:
    rules = rule_set("classic-3p")
    partnership = side(["8H 8H 8S 8S 8D 8D 8C", "KH KS KD KC KH 2C JK", "4H 4S 4D"],
                       ["", "9C 5C"], ["3H", "3D 3D"], seats=[1, 2], went_out=True)
    lone = side(["10H 10S 10D 10C 2H 2S 2D", "AH AS AD"], ["JK 7C 7D JC"], ["3H"], seats=[0])
    score = score_hand(rules, (partnership, lone))
    assert [score.credit(s) for s in (1, 2, 0)] == [1190, 1290, 490]
    assert score.sides[0].total == 1090
    before = {0: 2000, 1: 1500, 2: 3100}
    assert {s: before[s] + score.credit(s) for s in before} == {0: 2490, 1: 2690, 2: 4390}
    pooled = score_hand(rule_set("classic-3p", {"V-C8": "pooled"}), (partnership, lone))
    assert pooled.credit(1) == pooled.credit(2) == 1390


def test_ce7_black_threes_melded_to_go_out_and_the_side_out_can_lose() -> None:
    a = side(["4H 4H 4S 4S 4D 4D 4C", "3C 3S 3C", "QH QS 2C"], ["", "10H 10S 2D"],
             seats=[0, 2], went_out=True)
    b = side(["7H 7S 7D 7C 2H 2S JK", "AH AS AD AC"], ["JK 8C", "KH KS QH JC"],
             ["3H 3D 3D", ""], seats=[1, 3])
    assert totals(C4, a, b) == [650, 690]


def test_ce8_wild_card_on_a_natural_canasta_and_an_eight_card_natural() -> None:
    a = side([K7 + " 2C", "9H 9H 9S 9S 9D 9D 9C 9C"], ["", "6H 6S"], seats=[0, 2],
             went_out=True)
    b = side(["5H 5H 5S 5S 5D 2H 2S", "JH JS JD JK"], ["AH AS 2D", "QC"], ["3H", ""],
             seats=[1, 3])
    assert totals(C4, a, b) == [1060, 475]


def test_ce9_both_sides_cross_5000_and_the_higher_wins() -> None:
    a = side(["JH JH JS JS JD JD JC", "6H 6S 6D 6C 2C"], ["", "5C"], ["3H", ""], seats=[0, 2],
             went_out=True)
    b = side(["AH AH AS AS AD AD 2H 2S", "8H 8S 8D"], ["KH QH", "JK"],
             ["3D 3D", ""], seats=[1, 3])
    assert totals(C4, a, b) == [805, 620]
    assert game_winner(C4, (4400 + 805, 4600 + 620, 4400 + 805, 4600 + 620)) == 1


def test_ce10_three_players_stock_exhausted_each_scores_alone() -> None:
    rules = rule_set("classic-3p")
    x = side(["QH QS QD QC QH 2C 2D", "9H 9S 9D"], ["7C 6C"], ["3H"], seats=[0])
    y = side(["KH KS KD 2H"], ["AH AS 4C 4D"], seats=[1])
    z = side([], ["JH 10H 8C 8D 5C"], ["3D"], seats=[2])
    assert totals(rules, x, y, z) == [510, 0, -145]


def test_ce11_cards_left_in_both_hands_count_against_the_side() -> None:
    assert totals(C4, side([], ["4H 4S", "5C KD"])) == [-25]


def test_initial_meld_example_from_wikipedia() -> None:
    """Side score 1,600 needs 90: 6-6-6 + K-K-K-2 is 65, 6-6-6 + A-A-A-2 is 95."""
    from helpers import assert_forbids, assert_permits, position

    state = position(hands=["6H 6S 6D KH KS KD 2C AH AS AD 2D 9C 9D", "", "", ""], turn=0,
                     phase="play", scores=[1600, 0, 1600, 0])
    assert_forbids(state, "meld 6H 6S 6D | KH KS KD 2C", "C-INIT-1", minimum=90, count=65)
    assert_permits(state, "meld 6H 6S 6D | AH AS AD 2D", "C-INIT-1", minimum=90, count=95)


# ----- Modern ----------------------------------------------------------------------------------


def test_me1_two_canastas_against_one_canasta_with_penalties() -> None:
    a = side(["QH QH QS QS QD QD QC", "9H 9S 9D 9C 9H 2C JK", "6H 6S 6D 6C"], ["", "KH 5C 5D 8C"],
             ["3H 3D 3C", ""], seats=[0, 2], went_out=True)
    b = side(["JH JS JD JC JH 2H 2S", "AH AS AD", "4H 4S 4D"], ["7H 7S 7D JK", "QH 10C"],
             ["3H 3D 3S", ""], seats=[1, 3])
    assert totals(M4, a, b) == [1480, -3620]


def test_me2_sevens_and_aces_canastas_and_a_side_with_no_canasta() -> None:
    a = side(["7H 7H 7S 7S 7D 7D 7C", "10H 10H 10S 10S 10D 10D 2C", "AH AH AS AS AD AD AC"],
             ["", "9H 9S 4C"], ["3H 3D 3D 3C", ""], seats=[0, 2], went_out=True)
    b = side(["KH KS KD KC", "8H 8S 8D", "2H 2S JK"], ["KH KS 5C", "JK QH"],
             ["3H 3C 3S 3S", ""], seats=[1, 3])
    assert totals(M4, a, b) == [6230, -2845]


def test_me3_the_four_joker_wild_canasta() -> None:
    a = side(["JK JK JK JK 2C 2D 2H", "5H 5H 5S 5S 5D 5D 5C"], ["", "8C"], ["3H 3C 3S", ""],
             seats=[0, 2], went_out=True)
    b = side(["6H 6S 6D 6C 6H 2S 2C", "2H 2S 2D"], ["AH AS AD KC", "7H 7S"],
             ["3H 3D 3H 3C 3S", ""], seats=[1, 3])
    assert totals(M4, a, b) == [3785, -3155]


def test_me4_a_three_drawn_as_the_last_stock_card_counts_minus_five() -> None:
    a = side(["8H 8H 8S 8S 8D 8D 8C", "4H 4S 4D 4C 4H 2C 2D", "JH JS JD"], ["3C QH QS", "9C"],
             ["3H 3S", ""], seats=[0, 2])
    b = side(["10H 10H 10S 10S 10D 10D 10C", "5H 5S 5D 5C", "7H 7S 7D"], ["KH JK", "AH AS"],
             ["3H 3D 3D 3C 3S", ""], seats=[1, 3])
    assert totals(M4, a, b) == [1130, -1995]


def test_me5_ace_and_seven_hand_penalties_per_set_and_per_player() -> None:
    a = side(["KH KH KS KS KD KD KC", "JH JH JS JS JD JD JC", "8H 8S 8D"], ["", "5C 4C"],
             ["3H 3H 3D 3C 3C 3S 3S", ""], seats=[0, 2], went_out=True)
    b = side(["QH QS QD QC QH JK 2C", "6H 6H 6S 6S 6D 6D 6C"], ["AH AS AD 7H 7S 7D", "AC AH AS 9C"],
             ["3D", ""], seats=[1, 3])
    assert totals(M4, a, b) == [2760, -3590]


def test_me6_incomplete_four_joker_wild_meld_and_a_mixed_ace_canasta() -> None:
    a = side(["AH AS AD AC AH 2C 2D", "QH QH QS QS QD QD QC"], ["", "KH 7C"],
             ["3H 3D 3C 3C 3S 3S", ""], seats=[0, 2], went_out=True)
    b = side(["9H 9H 9S 9S 9D 9D 9C", "JK JK JK JK 2H"], ["6C", "10H 10S"], ["3H 3D", ""],
             seats=[1, 3])
    assert totals(M4, a, b) == [2395, -1735]
    assert totals(rule_set("modern-american", {"V-M3": "2000"}), a, b) == [2395, -1235]


def test_me7_a_side_that_never_melded() -> None:
    a = side(["QH QH QS QS QD QD QC", "KH KH KS KS KD KD KC", "JH JS JD"], ["", "AH"],
             ["3H 3D 3D 3C 3S 3S", ""], seats=[0, 2], went_out=True)
    b = side([], ["AS QC JC 9C 8C 7C 6C 5C 4C JK 2C", "10H 10S 9H 9S 8H 8S 6H 6S 5H 4H 4S"],
             ["3H 3C", ""], seats=[1, 3])
    assert totals(M4, a, b) == [2250, -435]


def test_me8_sevens_penalties_stack() -> None:
    a = side(["9H 9H 9S 9S 9D 9D 9C", "5H 5S 5D 5C 5H JK 2C"], ["", "JC"],
             ["3H 3D 3D 3C 3C 3S 3S", ""], seats=[0, 2], went_out=True)
    b = side(["10H 10S 10D 10C 10H 2H 2S", "7H 7S 7D 7C"], ["7H 7S 7D", "QC"], ["3H", ""],
             seats=[1, 3])
    assert totals(M4, a, b) == [2555, -3615]


def test_me9_game_end_at_8500() -> None:
    assert game_winner(M4, (8100 + 480, 7950 + 700, 8100 + 480, 7950 + 700)) == 1
    assert game_winner(M4, (8100 + 480, 7950 + 300, 8100 + 480, 7950 + 300)) == 0
    assert game_winner(M4, (8100, 7950, 8100, 7950)) is None


def test_a_tie_at_the_target_plays_another_hand() -> None:
    assert game_winner(C4, (5100, 5100, 5100, 5100)) is None
