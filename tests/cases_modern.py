"""Per-rule cases for Modern American Canasta (M-), in card notation.

Each function is registered with ``@case(rule_id, "permits" | "forbids")``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import assert_forbids, assert_permits, case, play, position, side, verdict, with_stock

from tutor.engine import (
    GameState,
    HandScore,
    PositionError,
    SideTally,
    complete_deck,
    full_deck,
    game_winner,
    new_game,
    parse_cards,
    rule_set,
    score_hand,
)
from tutor.engine.state import EndReason, Phase

M = "modern-american"
RULES = rule_set(M)
OPENED = ["QS QD QC"]  # a side that has made its initial meld
TWO_CANASTAS = ["KS KS KD KD KH KH KC", "QS QS QD QD QH QH QC"]  # natural K and Q canastas
NATURALS = full_deck()[:88]  # every 4 to A: no three, no wild card (to stack a deal)


def playing(hand: str, melds: list[str] | None = None, opponents: list[str] | None = None,
            options: dict[str, str] | None = None, **fields: Any) -> GameState:
    """Seat 0 has drawn and plays ``hand``; its side holds ``melds`` (default: opened)."""
    fields.setdefault("phase", "play")
    return position(M, options=options, hands=[hand, "", "", ""], turn=0,
                    sides=[OPENED if melds is None else melds, opponents or []], **fields)




def deal(top: str, *rest_of_52: str) -> GameState:
    """A new Modern game (dealer 0) from a deck whose first cards are given."""
    cards = parse_cards(top)
    deck = complete_deck((*cards, *NATURALS[: 52 - len(cards)], *parse_cards(" ".join(rest_of_52))))
    return new_game(RULES, decks=[deck])


def score(a: SideTally, b: SideTally, options: dict[str, str] | None = None) -> HandScore:
    return score_hand(rule_set(M, options), [a, b])


def points(result: HandScore, index: int, kind: str, rule: str | None = None) -> list[int]:
    return [i.points for i in result.sides[index].items
            if i.kind == kind and (rule is None or i.reason.rule == rule)]


def a_side(melds: list[str], hand: str = "", threes: str = "", went_out: bool = False,
           partner: str = "") -> SideTally:
    return side(melds, hands=[hand, partner], threes=[threes, ""], seats=[0, 2],
                went_out=went_out)


def b_side(melds: list[str], hand: str = "", threes: str = "", partner: str = "") -> SideTally:
    return side(melds, hands=[hand, partner], threes=[threes, ""], seats=[1, 3])


# ----- players, cards, deal, turn --------------------------------------------------------------


@case("M-SETUP-1", "permits")
def four_players_two_partnerships_and_108_cards() -> None:
    game = deal("AS")
    assert game.rules.players == 4
    assert [s.seats for s in game.sides] == [(0, 2), (1, 3)]
    assert len(game.all_cards()) == 108
    assert sum(1 for c in game.all_cards() if c.is_wild) == 12


@case("M-SETUP-1", "forbids")
def three_players_are_not_a_modern_game() -> None:
    with pytest.raises(PositionError):
        position(M, hands=["KS", "", ""])


@case("M-CARD-1", "permits")
def card_values_count_against_a_hand() -> None:
    result = score(a_side(TWO_CANASTAS, hand="JK 2C AS KC 8S 7S 4S"), b_side([]))
    assert points(result, 0, "hand") == [-(50 + 20 + 20 + 10 + 10 + 5 + 5)]


@case("M-CARD-1", "forbids")
def low_cards_count_five_so_the_meld_is_short() -> None:
    state = playing("AS AD AC KS KD KC 7S 7D 7C 7H 9C 9D", melds=[])
    assert_forbids(state, "meld AS AD AC | KS KD KC | 7S 7D 7C 7H", "M-INIT-1",
                   minimum=125, count=60 + 30 + 20)


@case("M-DEAL-1", "permits")
def thirteen_cards_each_from_the_dealers_left_and_no_upcard() -> None:
    game = deal("AS KS QS JS")
    assert [len(h) for h in game.hands] == [13, 13, 13, 13]
    assert game.pile == ()
    assert len(game.stock) == 108 - 52
    first = parse_cards("AS KS QS JS")
    assert [first[i] in game.hands[(i + 1) % 4] for i in range(4)] == [True] * 4


@case("M-DEAL-1", "forbids")
def no_upcard_so_the_first_player_cannot_take_the_pile() -> None:
    assert_forbids(deal("AS"), "take", "M-PILE-2", empty=True)


@case("M-DEAL-2", "permits")
def a_dealt_three_is_laid_out_and_replaced_repeatedly() -> None:
    game = deal("3H", "3S JK")  # seat 1 is dealt 3H; the stock starts 3S, JK
    assert [str(c) for c in game.threes[1]] == ["3H", "3S"]
    assert len(game.hands[1]) == 13
    assert parse_cards("JK")[0] in game.hands[1]
    assert not any(c.is_three for h in game.hands for c in h)


@case("M-DEAL-2", "forbids")
def threes_are_never_melded() -> None:
    state = playing("3C 3S 3D 9C 9D")
    assert_forbids(state, "meld 3C 3S 3D", "M-DEAL-2", card="3C")


@case("M-TURN-1", "permits")
def left_of_dealer_starts_and_play_goes_clockwise() -> None:
    game = new_game(RULES, seed=3, dealer=2)
    assert game.turn == 3
    card = next(c for c in game.hands[3] if c.is_natural and c.rank.value not in (7, 14))
    after = play(game, "draw", f"discard {card}")
    assert after.turn == 0


@case("M-TURN-1", "forbids")
def a_player_cannot_act_out_of_turn() -> None:
    game = new_game(RULES, seed=3, dealer=0)
    result = verdict(game, "draw", seat=2)
    assert not result.legal
    assert str(result.forbidding[0]) == "M-TURN-1(seat=2, to_move=1)"


@case("M-TURN-2", "permits")
def draw_exactly_one_card_then_discard() -> None:
    state = playing("9C 9D 5H", phase="draw")
    assert_permits(state, "draw", "M-TURN-2", step="draw", cards=1)
    drawn = play(state, "draw")
    assert len(drawn.hands[0]) == 4
    assert_permits(drawn, "discard 5H", "M-TURN-2", step="discard", card="5H")


@case("M-TURN-2", "forbids")
def no_discard_before_drawing_and_no_second_draw() -> None:
    state = playing("9C 9D 5H", phase="draw")
    assert_forbids(state, "discard 5H", "M-TURN-2", step="draw")
    assert_forbids(play(state, "draw"), "draw", "M-TURN-2", step="play", drew=True)


@case("M-TURN-3", "permits")
def a_drawn_three_is_laid_out_and_replaced() -> None:
    state = with_stock(playing("9C 9D 5H", phase="draw"), "3S 8C 4D")
    drawn = play(state, "draw")
    assert [str(c) for c in drawn.threes[0]] == ["3S"]
    assert [str(c) for c in drawn.hands[0]] == ["5H", "8C", "9C", "9D"]
    assert drawn.phase is Phase.PLAY


@case("M-TURN-3", "forbids")
def a_three_as_the_last_stock_card_is_not_replaced() -> None:
    drawn = play(with_stock(playing("9C 9D 5H", phase="draw"), "3S"), "draw")
    assert drawn.threes[0] == ()
    assert "3S" in [str(c) for c in drawn.hands[0]]
    assert drawn.end is not None and drawn.end.reason is EndReason.THREE_LAST


# ----- melds -----------------------------------------------------------------------------------


@case("M-MELD-1", "permits")
def three_to_seven_cards_of_one_rank() -> None:
    state = playing("9C 9D 9H 9S 9C 9D 9H 5C 5D", melds=TWO_CANASTAS)
    assert_permits(state, "meld 9C 9D 9H", "M-MELD-1", rank="9", cards=3, wilds=0)
    assert_permits(state, "meld 9C 9D 9H 9S 9C 9D 9H", "M-MELD-1", rank="9", cards=7)


@case("M-MELD-1", "forbids")
def a_completed_canasta_takes_no_more_cards() -> None:
    state = playing("KC 9C 9D", melds=TWO_CANASTAS)
    assert_forbids(state, "meld KC", "M-MELD-1", rank="K", closed=True)


@case("M-MELD-1", "forbids")
def never_more_than_seven_cards_nor_fewer_than_three() -> None:
    state = playing("8C 8D 8H 5C 5D 9C 9D", melds=["8S 8S 8D 8H 8C"])
    assert_forbids(state, "meld 8C 8D 8H", "M-MELD-1", cards=8, maximum=7)
    assert_forbids(state, "meld 5C 5D", "M-MELD-1", cards=2, minimum=3)


@case("M-MELD-2", "permits")
def two_naturals_and_one_wild_card_in_the_initial_meld() -> None:
    state = playing("AS AD AC KS KD QS QD 2C 2D 9C 9D", melds=[])
    assert_permits(state, "meld AS AD AC | KS KD 2C | QS QD 2D", "M-MELD-2", wilds=1, naturals=2)


@case("M-MELD-2", "forbids")
def three_wild_cards_or_a_single_natural_card() -> None:
    state = playing("AS AD AC KS KD KC 2C 2D JK 9C 9D", melds=[])
    assert_forbids(state, "meld AS AD AC | KS KD KC 2C 2D JK", "M-MELD-2", wilds=3, maximum=2)
    assert_forbids(state, "meld AS AD AC | KS 2C 2D", "M-MELD-2", naturals=1, minimum=2)


@case("M-MELD-3", "permits")
def after_opening_a_wild_card_joins_five_naturals() -> None:
    state = playing("KS KD KC KH KS 2C 9C 9D")
    assert_permits(state, "meld KS KD KC KH KS 2C", "M-MELD-3", naturals=5, minimum=5)


@case("M-MELD-3", "forbids")
def after_opening_no_wild_card_with_fewer_than_five_naturals() -> None:
    state = playing("KS KD KC 2C 9C 9D")
    assert_forbids(state, "meld KS KD KC 2C", "M-MELD-3", naturals=3, minimum=5)
    assert_forbids(state, "meld 2C@Q", "M-MELD-3", naturals=3, minimum=5)


@case("M-MELD-4", "permits")
def a_pure_sevens_meld() -> None:
    state = playing("7S 7D 7C 9C 9D")
    assert_permits(state, "meld 7S 7D 7C", "M-MELD-4", pure=True)


@case("M-MELD-4", "forbids")
def sevens_never_take_wild_cards_even_in_the_initial_meld() -> None:
    state = playing("7S 7D 7C 7H 7S 2C AS AD AC KS KD KC 9C", melds=[])
    assert_forbids(state, "meld 7S 7D 7C 7H 7S 2C | AS AD AC | KS KD KC", "M-MELD-4", wilds=1)


@case("M-MELD-5", "permits")
def aces_with_a_wild_card_in_the_initial_meld() -> None:
    state = playing("AS AD 2C KS KD KC KH QS QD QC 9C 9D", melds=[])
    assert_permits(state, "meld AS AD 2C | KS KD KC KH | QS QD QC", "M-MELD-5", initial=True)


@case("M-MELD-5", "forbids")
def aces_take_no_wild_card_after_the_initial_meld() -> None:
    state = playing("AS AD AC 2C 9C 9D")
    assert_forbids(state, "meld AS AD AC 2C", "M-MELD-5", initial=False)
    pure = playing("AS 2C 9C 9D", melds=["QS QD QC", "AH AH AD"])
    assert_forbids(pure, "meld 2C@A", "M-MELD-5", pure=True)


@case("M-MELD-6", "permits")
def twos_and_jokers_form_a_meld_of_their_own() -> None:
    state = playing("2C 2D JK 9C 9D")
    assert_permits(state, "meld 2C 2D JK", "M-MELD-6", cards=3)


@case("M-MELD-6", "forbids")
def no_wild_card_elsewhere_while_the_wild_meld_is_incomplete() -> None:
    state = playing("2C 9C 9D", melds=["QS QD QC", "8S 8S 8D 8D 8H", "JK JK 2H"])
    assert_forbids(state, "meld 2C@8", "M-MELD-6", incomplete=True, cards=3)


@case("M-MELD-7", "permits")
def cards_of_a_melded_rank_join_the_sides_meld() -> None:
    state = playing("QH QS 9C 9D")
    assert_permits(state, "meld QH QS", "M-MELD-7", rank="Q", cards=2)
    after = play(state, "meld QH QS")
    assert [m.size for m in after.sides[0].melds] == [5]


@case("M-MELD-7", "forbids")
def no_second_wild_meld_after_a_wild_canasta() -> None:
    melds = ["QS QD QC", "JK JK 2H 2H 2S 2S 2D"]
    assert_forbids(playing("2C 2D JK 9C 9D", melds=melds), "meld 2C 2D JK", "M-MELD-7",
                   meld="wild", completed=True)
    yes = playing("2C 2D JK 9C 9D", melds=melds, options={"V-M7": "yes"})
    assert_permits(yes, "meld 2C 2D JK", "M-MELD-6", cards=3)


@case("M-MELD-7", "permits")
def with_v_m7_a_second_wild_meld_is_started_and_grows() -> None:
    melds = ["QS QD QC", "JK JK 2H 2H 2S 2S 2D", "2C 2D JK"]
    state = playing("JK 2C 9C 9D", melds=melds, options={"V-M7": "yes"})
    assert_permits(state, "meld JK 2C", "M-MELD-7", rank="W", cards=2)


@case("M-MELD-6", "forbids")
def with_v_m7_an_incomplete_second_wild_meld_still_blocks_wild_cards() -> None:
    melds = ["QS QD QC", "8S 8S 8D 8D 8H", "JK JK 2H 2H 2S 2S 2D", "2C 2D JK"]
    state = playing("2C 9C 9D", melds=melds, options={"V-M7": "yes"})
    assert_forbids(state, "meld 2C@8", "M-MELD-6", incomplete=True, cards=3)


@case("M-MELD-8", "permits")
def a_mixed_canasta_does_not_close_its_rank() -> None:
    state = playing("KH KC KC 9C 9D", opponents=["KS KS KD KD KH 2C 2D"])
    assert_permits(state, "meld KH KC KC", "M-MELD-1", rank="K", cards=3)


@case("M-MELD-8", "forbids")
def nobody_melds_a_rank_closed_by_a_natural_canasta() -> None:
    state = playing("KS 2C 2D 9C 9D", opponents=["KS KH KH KD KD KC KC"])
    assert_forbids(state, "meld KS 2C 2D", "M-MELD-8", rank="K")


@case("M-MELD-9", "permits")
def canasta_bonuses_by_kind() -> None:
    melds = {
        "9S 9S 9D 9D 9H 9H 9C": ("natural", 500),
        "8S 8S 8D 8D 8H JK 2C": ("mixed", 300),
        "7S 7S 7D 7D 7H 7H 7C": ("sevens", 2500),
        "AS AS AD AD AH AH AC": ("aces", 2500),
        "2S 2S 2D 2D 2H 2H 2C": ("twos", 3000),
        "JK JK JK JK 2C 2D 2H": ("jokers", 2500),
        "JK 2C 2D 2H 2S 2S 2D": ("wild", 2000),
    }
    for meld, (kind, bonus) in melds.items():
        result = score(a_side([meld]), b_side([]))
        items = [i for i in result.sides[0].items if i.kind == "canasta"]
        assert [(i.reason.param_map["kind"], i.points) for i in items] == [(kind, bonus)], meld


@case("M-MELD-9", "forbids")
def a_mixed_ace_canasta_has_no_2500_bonus() -> None:
    result = score(a_side(["AS AS AD AD AH 2C 2D", "KS KS KD KD KH KH"]), b_side([]))
    assert points(result, 0, "canasta", "M-MELD-9") == [300]


# ----- initial meld ----------------------------------------------------------------------------


@case("M-INIT-1", "permits")
def minimum_155_from_3000_and_125_when_negative() -> None:
    hand = "AS AD AC KS KD KC KH QS QD QC JS JD JC 9C 9D"
    melds = "meld AS AD AC | KS KD KC KH | QS QD QC | JS JD JC"
    assert_permits(playing(hand, melds=[], scores=[3000, 0, 3000, 0]), melds, "M-INIT-1",
                   minimum=155, count=160)
    assert_permits(playing("AS AD AC KS KD KC KH QS QD QC 9C 9D", melds=[],
                           scores=[-500, 0, -500, 0]),
                   "meld AS AD AC | KS KD KC KH | QS QD QC", "M-INIT-1", minimum=125, count=130)


@case("M-INIT-1", "forbids")
def minimum_180_from_5000() -> None:
    state = playing("AS AD AC KS KD KC KH QS QD QC JS JD JC 9C 9D", melds=[],
                    scores=[5000, 0, 5000, 0])
    assert_forbids(state, "meld AS AD AC | KS KD KC KH | QS QD QC | JS JD JC", "M-INIT-1",
                   minimum=180, count=160, score=5000)


@case("M-INIT-2", "permits")
def several_melds_from_the_hand_add_up() -> None:
    state = playing("AS AD AC KS KD KC KH QS QD QC 9C 9D", melds=[])
    assert_permits(state, "meld AS AD AC | KS KD KC KH | QS QD QC", "M-INIT-2", count=130)


@case("M-INIT-2", "forbids")
def the_top_card_of_the_pile_never_counts() -> None:
    state = playing("AH AD KS KD KC KH QS QD QC 9C", melds=[], phase="draw", pile="7C AS")
    # 110 from the hand; the ace on the pile would make 130 but does not count
    assert_forbids(state, "take AH AD | KS KD KC KH | QS QD QC", "M-INIT-2", count=110, top="AS")


@case("M-INIT-3", "permits")
def a_wild_card_meld_alone_is_an_initial_meld() -> None:
    state = playing("2C 2D JK JK 9C 9D", melds=[])
    assert_permits(state, "meld 2C 2D JK JK", "M-INIT-3", clean=0, wild=4)


@case("M-INIT-3", "forbids")
def the_initial_meld_needs_a_clean_meld_or_a_wild_meld() -> None:
    state = playing("KS KD QS QD AS AD 2C 2D JK 9C 9D", melds=[])
    assert_forbids(state, "meld KS KD 2C | QS QD 2D | AS AD JK", "M-INIT-3", clean=0, wild=0)
    clean_only = playing("2C 2D JK JK 9C 9D", melds=[], options={"V-M5": "clean-only"})
    assert_forbids(clean_only, "meld 2C 2D JK JK", "M-INIT-3", wild=4,
                   option="V-M5=clean-only")


@case("M-INIT-4", "permits")
def a_natural_canasta_from_the_hand_needs_no_minimum() -> None:
    state = playing("6S 6S 6D 6D 6H 6H 6C 9C 9D", melds=[])
    assert_permits(state, "meld 6S 6S 6D 6D 6H 6H 6C", "M-INIT-4", kind="natural")


@case("M-INIT-4", "permits")
def a_natural_canasta_exempts_even_when_laid_after_a_mixed_one() -> None:
    state = playing("5S 5S 5D 5D 5H 2C 2D 6S 6S 6D 6D 6H 6H 6C 9C 9D", melds=[])
    assert_permits(state, "meld 5S 5S 5D 5D 5H 2C 2D | 6S 6S 6D 6D 6H 6H 6C", "M-INIT-4",
                   kind="natural")


@case("M-INIT-4", "forbids")
def a_mixed_canasta_from_the_hand_does_not_exempt() -> None:
    state = playing("5S 5S 5D 5D 5H 2C 2D 9C 9D", melds=[])
    refused = assert_forbids(state, "meld 5S 5S 5D 5D 5H 2C 2D", "M-INIT-4", kind="mixed",
                             pile=False)
    assert all(r.option is None for r in refused.forbidding)  # the book's rule, no house rule


@case("M-INIT-5", "permits")
def take_the_pile_with_a_pair_and_a_complete_initial_meld_from_hand() -> None:
    state = playing("KS KD AS AD AC QS QD QC JS JD JC 9C", melds=[], phase="draw", pile="7C KH")
    result = assert_permits(state, "take KS KD | AS AD AC | QS QD QC | JS JD JC", "M-INIT-5")
    assert "M-INIT-1(minimum=125, count=140)" in [str(r) for r in result.permitting]


@case("M-INIT-5", "forbids")
def the_pair_and_top_card_are_not_the_clean_meld() -> None:
    state = playing("KS KD AS AD QS QD JS JD 2C 2D 2H 9C", melds=[], phase="draw", pile="7C KH")
    result = assert_forbids(state, "take KS KD | AS AD 2C | QS QD 2D | JS JD 2H", "M-INIT-5",
                            count=160, top="KH")
    assert "M-INIT-3" in [r.rule for r in result.forbidding]


@case("M-INIT-6", "permits")
def the_partner_melds_freely_once_the_side_has_opened() -> None:
    state = position(M, hands=["", "", "9C 9D 9H 5C 5D", ""], turn=2, phase="play",
                     sides=[OPENED, []])
    assert_permits(state, "meld 9C 9D 9H", "M-INIT-6")


@case("M-INIT-6", "forbids")
def the_opponents_initial_meld_does_not_free_your_side() -> None:
    state = playing("9C 9D 9H 5C 5D", melds=[], opponents=OPENED)
    assert_forbids(state, "meld 9C 9D 9H", "M-INIT-1", minimum=125, count=30)


# ----- the discard pile ------------------------------------------------------------------------


@case("M-PILE-1", "permits")
def a_natural_pair_takes_the_pile_even_with_a_wild_card_in_it() -> None:
    state = playing("KS KD 9C 5H", phase="draw", pile="2H 7C KH")
    assert_permits(state, "take KS KD", "M-PILE-1", top="KH", meld_cards=0)


@case("M-PILE-1", "forbids")
def one_natural_and_a_wild_card_never_take_the_pile() -> None:
    state = playing("KS 2C 9C 5H", phase="draw", pile="7C KH", melds=["KC KC KD"])
    assert_forbids(state, "take KS 2C", "M-PILE-1", top="KH", pair=False)
    assert_forbids(state, "take", "M-PILE-1", top="KH", pair=False)


@case("M-PILE-2", "permits")
def a_meld_of_four_may_take_the_pile_up_to_seven() -> None:
    state = playing("KS KD 9C 5H", phase="draw", pile="7C KH", melds=["KC KC KH KD"])
    assert_permits(state, "take KS KD", "M-PILE-1", top="KH", meld_cards=4)
    assert [m.size for m in play(state, "take KS KD").sides[0].melds] == [7]


@case("M-PILE-2", "forbids")
def a_wild_card_on_top_stops_everybody() -> None:
    state = playing("KS KD 9C 5H", phase="draw", pile="KH 2S")
    assert_forbids(state, "take KS KD", "M-PILE-2", top="2S")


@case("M-PILE-2", "forbids")
def no_taking_onto_a_meld_of_five() -> None:
    state = playing("KS KD 9C 5H", phase="draw", pile="7C KH", melds=["KC KC KH KD KS"])
    assert_forbids(state, "take KS KD", "M-PILE-2", meld_cards=5)


@case("M-PILE-3", "permits")
def cards_from_the_pile_may_be_melded_at_once() -> None:
    state = playing("JS JD 9H 5C", phase="draw", pile="9S 9D JH", melds=TWO_CANASTAS)
    assert_permits(state, "take JS JD", "M-PILE-3")
    assert_permits(play(state, "take JS JD"), "meld 9S 9D 9H", "M-MELD-1", rank="9", cards=3)


@case("M-PILE-3", "forbids")
def pile_cards_follow_the_rule_of_five() -> None:
    state = playing("KS KD 9H 5C", phase="draw", pile="2C 7C KH")
    assert_forbids(play(state, "take KS KD"), "meld 2C@K", "M-MELD-3", naturals=3, minimum=5)


# ----- discards --------------------------------------------------------------------------------


@case("M-DISC-1", "permits")
def holding_a_three_does_not_stop_a_natural_discard() -> None:
    state = playing("3C 9C 5D", pile="6H")
    assert_permits(state, "discard 9C", "M-TURN-2", step="discard", card="9C")


@case("M-DISC-1", "forbids")
def threes_are_never_discarded() -> None:
    assert_forbids(playing("3C 9C 5D", pile="6H"), "discard 3C", "M-DISC-1", card="3C")


@case("M-DISC-2", "permits")
def a_wild_card_when_only_wild_cards_are_left() -> None:
    state = playing("2C JK", pile="6H")
    assert_permits(state, "discard 2C", "M-DISC-2", card="2C", going_out=False)


@case("M-DISC-2", "forbids")
def no_wild_card_discard_while_natural_cards_are_held() -> None:
    assert_forbids(playing("2C 9C", pile="6H"), "discard 2C", "M-DISC-2", card="2C")


@case("M-DISC-3", "permits")
def with_two_canastas_a_meld_may_leave_one_card() -> None:
    state = playing("9C 9D 9H 5C", melds=TWO_CANASTAS)
    assert_permits(state, "meld 9C 9D 9H", "M-DISC-3", cards_left=1, canastas=2, needed=2)


@case("M-DISC-3", "forbids")
def always_keep_a_card_to_discard_and_one_to_hold() -> None:
    assert_forbids(playing("9C 9D 9H", melds=TWO_CANASTAS), "meld 9C 9D 9H", "M-DISC-3",
                   cards_left=0)
    one = playing("9C 9D 9H 5C", melds=TWO_CANASTAS[:1])
    assert_forbids(one, "meld 9C 9D 9H", "M-DISC-3", cards_left=1, canastas=1, needed=2)


@case("M-DISC-4", "permits")
def ace_or_seven_onto_an_empty_pile_with_no_other_natural_card() -> None:
    state = playing("AS 7C 2C")
    assert_permits(state, "discard AS", "M-DISC-4", card="AS")
    assert_permits(state, "discard 7C", "M-DISC-4", card="7C")


@case("M-DISC-4", "permits")
def a_dead_card_onto_an_empty_pile_when_nothing_else_is_legal() -> None:
    dead_kings = ["KS KH KH KD KD KC KC"]
    assert_permits(playing("KS 2C", opponents=dead_kings), "discard KS", "M-DISC-4", dead=True)
    # the ace may not go (another natural card is held), so the dead king must
    assert_permits(playing("KS AC", opponents=dead_kings), "discard KS", "M-DISC-4", dead=True)


@case("M-DISC-4", "forbids")
def no_ace_seven_or_dead_card_onto_an_empty_pile_while_other_naturals_are_held() -> None:
    assert_forbids(playing("AS 7C 9C"), "discard AS", "M-DISC-4", card="AS", others=1)
    assert_forbids(playing("AS 7C 9C"), "discard 7C", "M-DISC-4", card="7C", others=1)
    state = playing("KS 9C", opponents=["KS KH KH KD KD KC KC"])
    assert_forbids(state, "discard KS", "M-DISC-4", card="KS", dead=True)


# ----- threes ----------------------------------------------------------------------------------


@case("M-THREE-1", "permits")
def threes_of_both_partners_belong_to_the_side() -> None:
    tally = side(TWO_CANASTAS, hands=["", ""], threes=["3H", "3D"], seats=[0, 2])
    result = score(tally, b_side([]))
    assert points(result, 0, "threes", "M-THREE-2") == [300]


@case("M-THREE-1", "forbids")
def a_laid_out_three_is_no_longer_in_hand() -> None:
    drawn = play(with_stock(playing("9C 9D 5H", phase="draw"), "3S 8C 4D"), "draw")
    with pytest.raises(PositionError):
        verdict(drawn, "discard 3S")


@case("M-THREE-2", "permits")
def threes_score_plus_per_colour_with_two_canastas() -> None:
    result = score(a_side(TWO_CANASTAS, threes="3H 3D 3C 3S 3S 3C"), b_side([]))
    assert points(result, 0, "threes") == [300, 1000]


@case("M-THREE-2", "forbids")
def threes_score_nothing_with_one_canasta_and_minus_with_none() -> None:
    one = score(a_side(TWO_CANASTAS[:1], threes="3H 3C"), b_side([]))
    assert points(one, 0, "threes") == [0, 0]
    none = score(a_side(["9S 9D 9H"], threes="3H 3H 3D"), b_side([]))
    assert points(none, 0, "threes") == [-500]


# ----- going out -------------------------------------------------------------------------------


@case("M-OUT-1", "permits")
def two_canastas_one_completed_this_turn_then_discard_the_last_card() -> None:
    state = playing("QC 9C", melds=["KS KS KD KD KH KH KC", "QS QS QD QD QH QH"])
    melded = play(state, "meld QC")
    assert_permits(melded, "discard 9C", "M-OUT-1", canastas=2, needed=2)


@case("M-OUT-1", "forbids")
def one_canasta_is_not_enough_to_go_out() -> None:
    state = playing("9C", melds=TWO_CANASTAS[:1], stuck=True)
    assert_forbids(state, "discard 9C", "M-OUT-1", canastas=1, needed=2)


@case("M-OUT-1", "forbids")
def asking_with_one_canasta_says_the_side_needs_two() -> None:
    state = playing("9C 9D 9H 5S", melds=TWO_CANASTAS[:1])
    refused = assert_forbids(state, "ask", "M-OUT-1", canastas=1, needed=2)
    assert refused.forbidding[0].rule == "M-OUT-1"
    assert_forbids(state, "meld 9C 9D 9H", "M-DISC-3", cards_left=1, canastas=1, needed=2)


@case("M-OUT-1", "forbids")
def melding_out_without_a_discard_also_names_the_canastas() -> None:
    state = playing("9C 9D 9H", melds=TWO_CANASTAS[:1], stuck=True)
    assert_forbids(state, "meld 9C 9D 9H", "M-DISC-3", cards_left=0)
    assert_forbids(state, "meld 9C 9D 9H", "M-OUT-1", canastas=1, needed=2)


@case("M-OUT-2", "permits")
def the_going_out_discard_may_be_a_wild_card() -> None:
    assert_permits(playing("2C", melds=TWO_CANASTAS), "discard 2C", "M-OUT-2", card="2C")


@case("M-OUT-2", "forbids")
def the_going_out_discard_is_never_a_three() -> None:
    assert_forbids(playing("3C", melds=TWO_CANASTAS, stuck=True), "discard 3C", "M-OUT-2",
                   card="3C")


@case("M-OUT-3", "permits")
def going_out_scores_100() -> None:
    ended = play(playing("9C", melds=TWO_CANASTAS), "discard 9C")
    assert points(ended.results[-1], 0, "going-out", "M-OUT-3") == [100]


@case("M-OUT-3", "forbids")
def no_bonus_for_going_out_concealed() -> None:
    hand = "KS KS KD KD KH KH KC QS QS QD QD QH QH QC 9C"
    ended = play(playing(hand, melds=[]), "meld KS KS KD KD KH KH KC | QS QS QD QD QH QH QC",
                 "discard 9C")
    assert ended.end is not None and ended.end.reason is EndReason.WENT_OUT
    assert points(ended.results[-1], 0, "going-out") == [100]


@case("M-OUT-4", "permits")
def ask_directly_after_drawing() -> None:
    state = playing("9C 9D 9H", melds=TWO_CANASTAS, phase="draw")
    assert_permits(play(state, "draw"), "ask", "M-OUT-4", partner=2)


@case("M-OUT-4", "forbids")
def a_no_forbids_going_out_that_turn() -> None:
    state = playing("9C 9D 9H", melds=TWO_CANASTAS, phase="draw")
    refused = play(state, "draw", "ask", "answer no")
    assert_forbids(refused, "meld 9C 9D 9H", "M-OUT-4", answer="no")
    assert_forbids(refused, "ask", "M-OUT-4", asked=True)


@case("M-OUT-4", "forbids")
def a_yes_binds_and_asking_is_once_per_deal_after_drawing() -> None:
    state = playing("9C 9D 9H", melds=TWO_CANASTAS, phase="draw")
    assert_forbids(state, "ask", "M-OUT-4", drawn=False)
    assert_forbids(play(state, "draw", "ask", "answer yes"), "discard 9C", "M-OUT-4",
                   answer="yes")
    again = playing("9C 9D 9H", melds=TWO_CANASTAS, phase="draw", asked=[True, False, False, False])
    assert_forbids(play(again, "draw"), "ask", "M-OUT-4", once=True, per="player")


@case("M-OUT-4", "permits")
def with_v_m2_advisory_a_yes_does_not_bind() -> None:
    state = playing("9C 9D 9H", melds=TWO_CANASTAS, phase="draw", options={"V-M2": "advisory"})
    result = verdict(play(state, "draw", "ask", "answer yes"), "discard 9C")
    assert result.legal, result


@case("M-OUT-4", "forbids")
def with_v_m8_the_partners_question_counts_for_the_side() -> None:
    state = playing("9C 9D 9H", melds=TWO_CANASTAS, phase="draw", options={"V-M8": "side"},
                    asked=[False, False, True, False])
    assert_forbids(play(state, "draw"), "ask", "M-OUT-4", once=True, per="side")


@case("M-OUT-5", "permits")
def going_out_with_an_incomplete_sevens_meld_is_penalised() -> None:
    state = playing("9C", melds=[*TWO_CANASTAS, "7S 7D 7H"])
    assert_permits(state, "discard 9C", "M-OUT-5", meld="7")
    ended = play(state, "discard 9C")
    assert points(ended.results[-1], 0, "penalty", "M-SCORE-3") == [-2500]


@case("M-OUT-5", "forbids")
def v_m4_forbids_going_out_with_an_incomplete_special_meld() -> None:
    state = playing("9C", melds=[*TWO_CANASTAS, "7S 7D 7H"], options={"V-M4": "forbidden"},
                    stuck=True)
    assert_forbids(state, "discard 9C", "M-OUT-5", meld="7", option="V-M4")


@case("M-OUT-5", "forbids")
def v_m4_asking_to_go_out_names_the_incomplete_meld() -> None:
    state = playing("9C 9D 9H 4S", melds=[*TWO_CANASTAS, "7S 7D 7H"],
                    options={"V-M4": "forbidden"})
    assert_forbids(state, "ask", "M-OUT-5", meld="7", option="V-M4=forbidden")
    assert_permits(playing("9C 9D 9H 4S", melds=[*TWO_CANASTAS, "7S 7D 7H"]), "ask", "M-OUT-4")


# ----- end of hand -----------------------------------------------------------------------------


@case("M-END-1", "permits")
def going_out_ends_and_scores_the_hand() -> None:
    ended = play(playing("9C", melds=TWO_CANASTAS), "discard 9C")
    assert ended.end is not None and ended.end.reason is EndReason.WENT_OUT
    assert ended.phase is Phase.HAND_OVER and len(ended.results) == 1
    assert_permits(ended, "next", "M-GAME-1", hand=2)


@case("M-END-1", "forbids")
def no_play_after_the_hand_ended_and_no_next_hand_before() -> None:
    state = playing("9C", melds=TWO_CANASTAS)
    assert_forbids(play(state, "discard 9C"), "draw", "M-END-1", over=True)
    assert_forbids(state, "next", "M-END-1", over=False)


@case("M-END-2", "permits")
def the_last_stock_card_ends_the_hand_after_the_discard() -> None:
    state = with_stock(playing("9C 9D 5H", phase="draw", pile="9S"), "8C")
    ended = play(state, "draw", "discard 5H")
    assert ended.end is not None and ended.end.reason is EndReason.STOCK_EXHAUSTED


@case("M-END-2", "permits")
def a_three_as_the_last_card_ends_the_hand_at_once_for_minus_5() -> None:
    ended = play(with_stock(playing("9C 9D 5H", phase="draw"), "3S"), "draw")
    assert ended.phase is Phase.HAND_OVER
    assert points(ended.results[-1], 0, "hand") == [-(10 + 10 + 5 + 5)]


@case("M-END-2", "forbids")
def no_draw_from_an_empty_stock() -> None:
    state = with_stock(playing("9C 9D 5H", phase="draw", pile="9S"), "")
    assert_forbids(state, "draw", "M-END-2", stock=0)


@case("M-END-2", "forbids")
def nobody_takes_the_pile_once_the_stock_is_empty() -> None:
    """A player to draw from an empty stock (play does not reach it, the loader accepts it):
    the natural pair may not take the pile; passing, which ends the hand, is all there is."""
    from tutor.engine import Pass, legal_actions

    state = with_stock(playing("9C 9D 5H", phase="draw", pile="9S"), "")
    assert_forbids(state, "take 9C 9D", "M-END-2", stock=0, pile=True)
    assert legal_actions(state) == [Pass()]


@case("M-END-2", "permits")
def with_the_stock_empty_passing_ends_the_hand() -> None:
    state = with_stock(playing("9C 9D 5H", phase="draw", pile="9S"), "")
    assert_permits(state, "pass", "M-END-2", stock=0)
    ended = play(state, "pass")
    assert ended.end is not None and ended.end.reason is EndReason.STOCK_EXHAUSTED


# ----- scoring and game ------------------------------------------------------------------------


ME1 = (a_side(["QS QS QD QD QH QH QC", "9S 9S 9D 9D 9H 2C JK", "6S 6D 6H 6C"], "KS 5S 5D 8C",
              threes="3H 3D 3C", went_out=True),
       b_side(["JS JS JD JD JH 2D 2H", "AS AD AH", "4S 4D 4H"], "7S 7D 7H JK",
              threes="3H 3D 3S", partner="QS 10S"))
ME2 = (a_side(["7S 7S 7D 7D 7H 7H 7C", "10S 10S 10D 10D 10H 10H 2C", "AS AS AD AD AH AH AC"],
              "9S 9D 4C", threes="3H 3D 3H 3S", went_out=True),
       b_side(["KS KD KH KC", "8S 8D 8H", "2S 2D JK"], "KS KD 5S", threes="3D 3C 3S 3C",
              partner="JK QS"))
ME6 = (a_side(["AS AS AD AD AH 2C 2D", "QS QS QD QD QH QH QC"], "KS 7S",
              threes="3H 3D 3S 3S 3C 3C", went_out=True),
       b_side(["9S 9S 9D 9D 9H 9H 9C", "JK JK JK JK 2H"], "6S", threes="3H 3D",
              partner="10S 10D"))


@case("M-SCORE-1", "permits")
def worked_examples_me1_me2_me6() -> None:
    for (a, b), totals in ((ME1, [1480, -3620]), (ME2, [6230, -2845]), (ME6, [2395, -1735])):
        assert [s.total for s in score(a, b).sides] == totals


@case("M-SCORE-1", "forbids")
def a_side_without_a_canasta_loses_its_melded_cards() -> None:
    result = score(a_side(TWO_CANASTAS), b_side(["KS KD KH KC", "8S 8D 8H"]))
    assert points(result, 1, "melded-cards", "M-SCORE-1") == [-70]
    assert points(result, 1, "going-out") == []


@case("M-SCORE-2", "permits")
def cards_left_in_both_hands_count_against_the_side() -> None:
    result = score(a_side(TWO_CANASTAS, hand="KS 5S", partner="JK"), b_side([]))
    assert points(result, 0, "hand", "M-SCORE-2") == [-15, -50]


@case("M-SCORE-2", "forbids")
def a_three_kept_in_hand_counts_minus_5_and_scores_no_bonus() -> None:
    result = score(a_side(TWO_CANASTAS, hand="3S QC"), b_side([]))
    assert points(result, 0, "hand") == [-15]
    assert points(result, 0, "threes") == []


@case("M-SCORE-3", "permits")
def incomplete_pure_aces_sevens_and_wild_melds_are_penalised() -> None:
    result = score(a_side([*TWO_CANASTAS, "AS AD AC", "7S 7D 7C", "2C 2D JK"]), b_side([]))
    assert points(result, 0, "penalty", "M-SCORE-3") == [-2500, -2500, -2000]
    jokers = (a_side([*TWO_CANASTAS, "JK JK JK JK 2H"]), b_side([]))
    assert points(score(*jokers), 0, "penalty") == [-2500]
    assert points(score(*jokers, options={"V-M3": "2000"}), 0, "penalty") == [-2000]


@case("M-SCORE-3", "forbids")
def no_penalty_for_a_mixed_ace_meld_or_a_completed_special_canasta() -> None:
    result = score(a_side(["AS AD 2C", "7S 7S 7D 7D 7H 7H 7C", "2S 2S 2D 2D 2H 2H 2C"]),
                   b_side([]))
    assert points(result, 0, "penalty") == []


@case("M-SCORE-4", "permits")
def three_aces_or_sevens_in_a_hand_cost_1500_per_set_and_player() -> None:
    result = score(a_side(TWO_CANASTAS), b_side([], hand="AS AD AH 7S 7D 7H", partner="AS AD AC"))
    assert points(result, 1, "penalty", "M-SCORE-4") == [-1500, -1500, -1500]


@case("M-SCORE-4", "forbids")
def two_aces_cost_nothing_extra_and_four_aces_are_one_set() -> None:
    result = score(a_side(TWO_CANASTAS), b_side([], hand="AS AD 7S 7D", partner="AS AD AH AC"))
    assert points(result, 1, "penalty", "M-SCORE-4") == [-1500]


@case("M-GAME-1", "permits")
def the_higher_side_wins_once_8500_is_reached() -> None:
    assert game_winner(RULES, (8580, 8650, 8580, 8650)) == 1
    assert game_winner(RULES, (8580, 8250, 8580, 8250)) == 0


@case("M-GAME-1", "forbids")
def no_winner_below_8500_or_on_a_tie_and_no_play_after_the_game() -> None:
    assert game_winner(RULES, (8495, 8000, 8495, 8000)) is None
    assert game_winner(RULES, (8600, 8600, 8600, 8600)) is None
    state = playing("9C", melds=TWO_CANASTAS, scores=[8000, 0, 8000, 0])
    over = play(state, "discard 9C")
    assert over.phase is Phase.GAME_OVER
    assert_forbids(over, "next", "M-GAME-1", over=True)


@case("M-INIT-5", "forbids")
def the_top_card_cannot_complete_the_clean_meld() -> None:
    """Three aces shown with the pile's ace merge with it: that meld is not clean from hand."""
    state = position("modern-american", hands=["AS AD AC AC AH QH QS JK 5C 6D 8S 9C", "", "", ""],
                     turn=0, pile="4C AH")
    assert_forbids(state, "take AS AD | AC AC AH | QH QS JK", "M-INIT-3", clean=0)
