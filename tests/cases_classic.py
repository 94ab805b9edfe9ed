"""Per-rule cases for Classic Canasta (C-, C2-, C3-), in card notation.

Each function is registered with ``@case(rule_id, "permits" | "forbids")``: a "permits" case
shows the rule allowing (or scoring) something, a "forbids" case shows it refusing something.
Descriptive rules that no verdict cites (deal, deck, targets) are checked on the engine's
behaviour: the deal of a stacked deck, scoring tallies, ``game_winner`` and position errors.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import assert_forbids, assert_permits, case, play, position, side, verdict, with_stock

from tutor.engine import (
    GameState,
    PositionError,
    complete_deck,
    full_deck,
    game_winner,
    new_game,
    parse_cards,
    rule_set,
    score_hand,
)
from tutor.engine.cards import NATURAL_RANKS, Card, card_points, sorted_cards
from tutor.engine.scoring import HandScore, SideScore
from tutor.engine.state import EndReason, Phase

CANASTA = "KH KH KD KD KS KS KC"  # a natural canasta of kings, for sides that may go out
CANASTA_Q = "QH QH QD QD QS QS QC"


# ----- local helpers -------------------------------------------------------------------------


def dealt(preset: str, seats: dict[int, str], after: str = "", dealer: int = 0) -> GameState:
    """``new_game`` on a stacked deck: each seat is dealt the cards given (then natural filler),
    and ``after`` comes right after the deal (the upcard in Classic, then the stock)."""
    rules = rule_set(preset)
    wanted = {s: parse_cards(t) for s, t in seats.items()}
    named = Counter(c for cards in wanted.values() for c in cards) + Counter(parse_cards(after))
    pool = Counter(c for c in full_deck() if c.is_natural) - named
    filler = iter(sorted_cards(pool.elements()))
    order: list[Card] = []
    for i in range(rules.players * rules.deal_size):
        seat, k = (dealer + 1 + i) % rules.players, i // rules.players
        cards = wanted.get(seat, ())
        order.append(cards[k] if k < len(cards) else next(filler))
    deck = complete_deck((*order, *parse_cards(after)))
    return new_game(rules, decks=[deck], dealer=dealer)




def stacked(state: GameState, top: str) -> GameState:
    """The position with ``top`` on top of its stock (the rest of the stock below)."""
    first = list(parse_cards(top))
    rest = list(reversed(state.stock))
    for card in first:
        rest.remove(card)
    return state.evolve(stock=tuple(reversed([*first, *rest])))


def items(score: SideScore, kind: str) -> list[tuple[str, dict[str, object], int]]:
    return [(i.reason.rule, i.reason.param_map, i.points) for i in score.items if i.kind == kind]


def last_score(state: GameState) -> HandScore:
    assert state.results, "the hand is not over"
    return state.results[-1]


def classic(*sides: object, preset: str = "classic-4p") -> HandScore:
    return score_hand(rule_set(preset), sides)  # type: ignore[arg-type]


# ----- C-SETUP, C-CARD: players, cards, values -----------------------------------------------


@case("C-SETUP-1", "permits")
def four_players_in_two_partnerships_sitting_opposite() -> None:
    state = new_game(rule_set("classic-4p"))
    assert [s.seats for s in state.sides] == [(0, 2), (1, 3)]
    assert (state.partner_of(0), state.partner_of(1)) == (2, 3)


@case("C-SETUP-1", "forbids")
def an_opponent_cannot_answer_may_i_go_out() -> None:
    """Seat 0 asks; only the partner opposite (seat 2) answers, not the neighbour."""
    state = position(hands=["9C 9D 9H 5S", "", "", ""], turn=0, phase="play",
                     sides=[[CANASTA], []])
    asked = play(state, "ask")
    assert asked.actor == 2
    assert_forbids(asked, "answer yes", "C-TURN-1", seat=1, to_move=2)


@case("C-SETUP-1", "forbids")
def partners_may_not_sit_side_by_side() -> None:
    with pytest.raises(PositionError, match="C-SETUP-1"):
        position(sides=[{"seats": [0, 1], "melds": []}, {"seats": [2, 3], "melds": []}])


@case("C-SETUP-2", "permits")
def the_deck_is_two_packs_and_four_jokers() -> None:
    deck = full_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[Card.parse("JK")] == 4
    assert set(counts.values()) == {2, 4} and sum(1 for n in counts.values() if n == 2) == 52
    assert len(new_game(rule_set("classic-4p")).all_cards()) == 108


@case("C-SETUP-2", "forbids")
def a_deck_with_a_card_missing_or_a_third_copy_is_refused() -> None:
    short = full_deck()[1:]
    with pytest.raises(PositionError, match="not a 108-card deck"):
        new_game(rule_set("classic-4p"), decks=[short])
    with pytest.raises(PositionError, match="more copies"):
        complete_deck(parse_cards("KH KH KH"))


@case("C-SETUP-3", "permits")
def twelve_wild_cards_and_eleven_natural_ranks() -> None:
    deck = full_deck()
    assert sum(1 for c in deck if c.is_wild) == 12
    assert [r.symbol for r in NATURAL_RANKS] == [
        "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"
    ]
    assert sum(1 for c in deck if c.is_red_three) == sum(1 for c in deck if c.is_black_three) == 4


@case("C-SETUP-3", "forbids")
def a_black_three_is_a_stop_card_not_a_natural() -> None:
    three = Card.parse("3S")
    assert not three.is_natural and not three.is_wild
    state = position(hands=["3C 3C 5D", "", "", ""], turn=0, pile="9S 3S",
                     sides=[["QH QD QS"], []])
    assert_forbids(state, "take 3C 3C", "C-PILE-2", top="3S")


@case("C-CARD-1", "permits")
def card_values() -> None:
    values = {t: card_points(Card.parse(t)) for t in
              ("JK", "2C", "AS", "KH", "8D", "7C", "4S", "3S")}
    assert values == {"JK": 50, "2C": 20, "AS": 20, "KH": 10, "8D": 10, "7C": 5, "4S": 5,
                      "3S": 5}


@case("C-CARD-1", "forbids")
def a_red_three_has_no_card_value_and_low_cards_count_five() -> None:
    assert card_points(Card.parse("3H")) == 0
    state = position(hands=["7H 7S 7D 4C 4D 4H 5S 5C 5D KC", "", "", ""], turn=0, phase="play")
    assert_forbids(state, "meld 7H 7S 7D | 4C 4D 4H | 5S 5C 5D", "C-INIT-1", count=45)


@case("C-SETUP-4", "permits")
def the_deal_passes_to_the_left_after_a_hand() -> None:
    state = position(hands=["5C", "", "", ""], turn=0, dealer=3, phase="play",
                     sides=[[CANASTA], []])
    over = play(state, "discard 5C")
    assert over.phase is Phase.HAND_OVER
    nxt = play(over, "next")
    assert (nxt.dealer, nxt.turn) == (0, 1)


@case("C-SETUP-4", "forbids")
def the_dealer_must_be_a_seat_of_the_game() -> None:
    with pytest.raises(PositionError, match="dealer 4"):
        new_game(rule_set("classic-4p"), dealer=4)


# ----- C-DEAL ----------------------------------------------------------------------------------


@case("C-DEAL-1", "permits")
def eleven_cards_each_one_at_a_time_from_the_dealers_left() -> None:
    deck = complete_deck(parse_cards("AH KH QH JH AS"))
    state = new_game(rule_set("classic-4p"), decks=[deck], dealer=0)
    for seat, card in ((1, "AH"), (2, "KH"), (3, "QH"), (0, "JH"), (1, "AS")):
        assert Card.parse(card) in state.hands[seat]
    clean = dealt("classic-4p", {}, after="8C")
    assert [len(h) for h in clean.hands] == [11, 11, 11, 11]
    assert len(clean.stock) + len(clean.pile) == 64


@case("C-DEAL-1", "forbids")
def the_dealer_is_not_dealt_the_first_card() -> None:
    deck = complete_deck(parse_cards("AH"))
    state = new_game(rule_set("classic-4p"), decks=[deck], dealer=0)
    assert Card.parse("AH") in state.hands[1] and Card.parse("AH") not in state.hands[0]
    assert max(len(h) for h in state.hands) == 11


@case("C-DEAL-2", "permits")
def a_black_three_may_be_the_upcard_and_is_not_covered() -> None:
    state = dealt("classic-4p", {}, after="3S 8C")
    assert [str(c) for c in state.pile] == ["3S"]
    assert_forbids(state, "take", "C-PILE-2", top="3S")
    assert_permits(state, "draw", "C-TURN-2", step="draw")


@case("C-DEAL-2", "forbids")
def a_wild_upcard_is_covered_and_freezes_the_pile() -> None:
    state = dealt("classic-4p", {1: "8H 2D AH AD AC"}, after="2C 3H 8C")
    assert [str(c) for c in state.pile] == ["2C", "3H", "8C"]
    assert_forbids(state, "take 8H 2D | AH AD AC", "C-PILE-3", case="b", card="2C")


@case("C-DEAL-3", "permits")
def a_red_upcard_stays_in_the_pile_and_goes_to_the_taker() -> None:
    state = dealt("classic-4p", {1: "8H 8D AH AD AC"}, after="3H 8C")
    assert [str(c) for c in state.pile] == ["3H", "8C"] and not any(state.threes)
    stock = len(state.stock)
    after = play(state, "take 8H 8D | AH AD AC")
    assert [str(c) for c in after.threes[1]] == ["3H"]
    assert len(after.stock) == stock  # not replaced


@case("C-DEAL-3", "forbids")
def a_red_upcard_freezes_the_pile() -> None:
    state = dealt("classic-4p", {1: "8H 2D AH AD AC"}, after="3H 8C")
    assert_forbids(state, "take 8H 2D | AH AD AC", "C-PILE-3", case="b", card="3H")


@case("C-DEAL-4", "permits")
def dealt_red_threes_are_laid_out_and_replaced_repeatedly() -> None:
    state = dealt("classic-4p", {1: "3H"}, after="8C 3D 9C")
    assert [str(c) for c in state.threes[1]] == ["3H", "3D"]
    assert len(state.hands[1]) == 11 and Card.parse("9C") in state.hands[1]


@case("C-DEAL-4", "forbids")
def a_dealt_red_three_is_never_in_the_hand() -> None:
    state = play(dealt("classic-4p", {1: "3H"}, after="8C 9C"), "draw")
    assert not any(c.is_red_three for hand in state.hands for c in hand)
    with pytest.raises(PositionError, match="3H not in hand"):
        verdict(state, "discard 3H")


# ----- C-TURN ----------------------------------------------------------------------------------


@case("C-TURN-1", "permits")
def the_player_left_of_the_dealer_starts_and_play_goes_clockwise() -> None:
    assert new_game(rule_set("classic-4p"), dealer=2).turn == 3
    state = position(hands=["", "", "", "5C 9D"], turn=3, phase="play")
    assert play(state, "discard 5C").turn == 0


@case("C-TURN-1", "forbids")
def nobody_plays_out_of_turn() -> None:
    state = new_game(rule_set("classic-4p"), dealer=0)
    assert_forbids(state, "draw", "C-TURN-1", seat=2, to_move=1)


@case("C-TURN-2", "permits")
def draw_then_discard() -> None:
    state = position(hands=["5C 9D", "", "", ""], turn=0)
    assert_permits(state, "draw", "C-TURN-2", step="draw", cards=1)
    drawn = position(hands=["5C 9D", "", "", ""], turn=0, phase="play")
    assert_permits(drawn, "discard 5C", "C-TURN-2", step="discard", card="5C")


@case("C-TURN-2", "forbids")
def no_meld_before_drawing_no_second_draw_no_turn_without_discard() -> None:
    state = position(hands=["9C 9D 9H 5C", "", "", ""], turn=0, sides=[["QH QD QS"], []])
    assert_forbids(state, "meld 9C 9D 9H", "C-TURN-2", step="draw")
    drawn = play(state, "draw")
    assert_forbids(drawn, "draw", "C-TURN-2", step="play", drew=True)
    assert_forbids(drawn, "pass", "C-TURN-2", step="play", discard=True)


@case("C-TURN-3", "permits")
def a_red_three_drawn_is_laid_out_and_replaced() -> None:
    state = stacked(position(hands=["5C 9D", "", "", ""], turn=0), "3H 8C")
    after = play(state, "draw")
    assert [str(c) for c in after.threes[0]] == ["3H"]
    assert sorted(str(c) for c in after.hands[0]) == ["5C", "8C", "9D"]


@case("C-TURN-3", "forbids")
def a_red_three_drawn_does_not_stay_in_hand() -> None:
    after = play(stacked(position(hands=["5C 9D", "", "", ""], turn=0), "3H 8C"), "draw")
    with pytest.raises(PositionError, match="3H not in hand"):
        verdict(after, "discard 3H")


@case("C-TURN-4", "permits")
def wild_cards_and_black_threes_may_be_discarded() -> None:
    state = position(hands=["2C 3S 5D", "", "", ""], turn=0, phase="play")
    assert_permits(state, "discard 2C", "C-TURN-4", card="2C", freezes=True)
    assert_permits(state, "discard 3S", "C-TURN-4", card="3S")


@case("C-TURN-4", "forbids")
def a_discarded_wild_card_freezes_the_pile_later() -> None:
    state = position(hands=["JK 5C", "9S 6C", "9H 2D 7C 7D", ""], turn=0, phase="play",
                     sides=[["QH QD QS"], ["KH KD KS"]])
    later = play(state, "discard JK", "draw", "discard 9S")
    assert_forbids(later, "take 9H 2D", "C-PILE-3", case="b", card="JK")


@case("C-TURN-5", "permits")
def melds_made_in_ones_turn_stay_on_the_table() -> None:
    state = position(hands=["9C 9D 9H 5C 6C", "4C", "", ""], turn=0, phase="play",
                     sides=[["QH QD QS"], []])
    assert_permits(state, "meld 9C 9D 9H", "C-MELD-1", rank="9")
    later = play(state, "meld 9C 9D 9H", "discard 5C", "draw")
    assert [m.label for m in later.sides[0].melds] == ["Q", "9"]
    assert [str(c) for c in later.hands[0]] == ["6C"]


@case("C-TURN-5", "forbids")
def nobody_melds_in_another_players_turn() -> None:
    state = position(hands=["5C", "9C 9D 9H 4C", "", ""], turn=0, phase="play",
                     sides=[[], ["QH QD QS"]], stuck=True)
    assert_forbids(state, "meld 9C 9D 9H", "C-TURN-5", seat=1, to_move=0)


# ----- C-MELD ----------------------------------------------------------------------------------


def _melding(hand: str, melds: list[str] | None = None, **fields: object) -> GameState:
    """Seat 0 to meld, after drawing; its side has already melded (no minimum)."""
    return position(hands=[hand, "", "", ""], turn=0, phase="play",
                    sides=[melds if melds is not None else ["QH QD QS"], []], **fields)


@case("C-MELD-1", "permits")
def three_cards_of_a_natural_rank_meld() -> None:
    assert_permits(_melding("9C 9D 9H 5C 6D"), "meld 9C 9D 9H", "C-MELD-1", rank="9", cards=3,
                   wilds=0)


@case("C-MELD-1", "forbids")
def sequences_and_pairs_are_not_melds() -> None:
    state = _melding("7H 8H 9H 9D 5C")
    assert_forbids(state, "meld 7H 8H 9H", "C-MELD-1", mixed_ranks=True)
    assert_forbids(state, "meld 9H 9D", "C-MELD-1", cards=2, minimum=3)


@case("C-MELD-2", "permits")
def two_naturals_may_carry_three_wild_cards() -> None:
    state = _melding("4C 4D 2C 2D 2H 5C 6D")
    assert_permits(state, "meld 4C 4D 2C 2D 2H", "C-MELD-1", rank="4", cards=5, wilds=3)


@case("C-MELD-2", "forbids")
def one_natural_or_four_wild_cards_is_too_wild() -> None:
    state = _melding("4C 4D 2C 2D 2H 2S 5C")
    assert_forbids(state, "meld 4C 2C 2D", "C-MELD-2", naturals=1, minimum=2)
    assert_forbids(state, "meld 4C 4D 2C 2D 2H 2S", "C-MELD-2", wilds=4, maximum=3)


@case("C-MELD-2", "forbids")
def house_rule_v_c1_wild_cards_may_not_outnumber_naturals() -> None:
    state = _melding("4C 4D 2C 2D 2H 5C", options={"V-C1": "no-more-wild-than-natural"})
    assert_forbids(state, "meld 4C 4D 2C 2D 2H", "C-MELD-2", option="V-C1")
    assert_permits(state, "meld 4C 4D 2C 2D", "C-MELD-1", wilds=2)


@case("C-MELD-3", "permits")
def wild_cards_join_a_natural_meld() -> None:
    assert_permits(_melding("2C 5C 6D"), "meld 2C@Q", "C-MELD-4", rank="Q", cards=1)


@case("C-MELD-3", "forbids")
def wild_cards_alone_and_threes_with_wild_cards_do_not_meld() -> None:
    state = _melding("2C 2D JK 3S 3C 5C")
    assert_forbids(state, "meld 2C 2D JK", "C-MELD-3", wilds=3)
    assert_forbids(state, "meld 3S 3C 2C", "C-MELD-3", card="3C")


@case("C-MELD-4", "permits")
def partners_share_melds_and_both_sides_may_meld_a_rank() -> None:
    state = position(hands=["KC 9C 9D 9H 5C 6D", "", "", ""], turn=0, phase="play",
                     sides=[["KH KD KS"], ["9S 9S 2C"]])
    assert_permits(state, "meld KC", "C-MELD-4", rank="K", cards=1)
    assert_permits(state, "meld 9C 9D 9H", "C-MELD-1", rank="9")
    after = play(state, "meld KC | 9C 9D 9H")
    assert [(m.label, m.size) for m in after.sides[0].melds] == [("K", 4), ("9", 3)]


@case("C-MELD-4", "forbids")
def no_laying_off_on_the_opponents_melds() -> None:
    state = position(hands=["QC 2C 5C 6C", "", "", ""], turn=0, phase="play",
                     sides=[["KH KD KS"], ["QH QD QS"]])
    assert_forbids(state, "meld QC", "C-MELD-4", rank="Q", opponents=True)
    assert_forbids(state, "meld 2C@Q", "C-MELD-4", rank="Q", opponents=True)


@case("C-MELD-5", "permits")
def the_seventh_card_makes_a_canasta_and_a_wild_card_makes_it_mixed() -> None:
    state = _melding("KC 2C 5C 6C", ["KH KH KD KD KS KS"])
    assert_permits(state, "meld KC", "C-MELD-5", rank="K", kind="natural")
    completed = play(state, "meld KC")
    assert_permits(completed, "meld 2C@K", "C-MELD-5", rank="K", kind="mixed")


@case("C-MELD-5", "forbids")
def a_canasta_takes_no_fourth_wild_card() -> None:
    state = _melding("2S 5C 6C", ["KH KH KD KD 2C 2D 2H"])
    assert_forbids(state, "meld 2S@K", "C-MELD-5", rank="K", wilds=4)


@case("C-MELD-6", "permits")
def canasta_bonuses_natural_500_mixed_300() -> None:
    score = classic(side([CANASTA, "8H 8H 8D 8D 8S 2C JK"], hands=["", ""]),
                    side([], hands=["", ""], seats=[1, 3]))
    assert items(score.sides[0], "canasta") == [
        ("C-MELD-6", {"kind": "natural"}, 500), ("C-MELD-6", {"kind": "mixed"}, 300)]
    kings = classic(side([CANASTA], hands=["", ""]), side([], hands=["", ""], seats=[1, 3]))
    assert kings.sides[0].total == 570  # PAGAT: seven kings are worth 570 in all


@case("C-MELD-6", "forbids")
def a_six_card_meld_earns_no_canasta_bonus() -> None:
    score = classic(side(["KH KH KD KD KS 2C"], hands=["", ""]),
                    side([], hands=["", ""], seats=[1, 3]))
    assert items(score.sides[0], "canasta") == []
    assert score.sides[0].total == 70


@case("C-MELD-7", "permits")
def sevens_and_aces_take_wild_cards_like_any_rank() -> None:
    state = _melding("7C 7D 2C AC AD JK 5C")
    assert_permits(state, "meld 7C 7D 2C", "C-MELD-7", rank="7")
    assert_permits(state, "meld AC AD JK", "C-MELD-7", rank="A")
    sevens = classic(side(["7H 7H 7D 7D 7S 7S 7C"], hands=["", ""]),
                     side([], hands=["", ""], seats=[1, 3]))
    assert sevens.sides[0].total == 535  # an ordinary natural canasta: 500 + 35


@case("C-MELD-7", "forbids")
def there_is_no_canasta_of_wild_cards() -> None:
    state = _melding("2C 2D 2H 2S JK JK JK 5C")
    assert_forbids(state, "meld 2C 2D 2H 2S JK JK JK", "C-MELD-7", wilds=7)


@case("C-MELD-8", "permits")
def with_a_canasta_a_meld_may_leave_one_card() -> None:
    state = _melding("9C 9D 9H 5C", [CANASTA])
    assert_permits(state, "meld 9C 9D 9H", "C-MELD-8", cards_left=1, canastas=1)


@case("C-MELD-8", "forbids")
def without_a_canasta_a_meld_may_not_leave_one_card() -> None:
    state = _melding("9C 9D 9H 5C")
    assert_forbids(state, "meld 9C 9D 9H", "C-MELD-8", cards_left=1, canastas=0, needed=1)


@case("C-MELD-9", "permits")
def black_threes_meld_when_going_out() -> None:
    state = _melding("3C 3S 3S 9H 9D 9C", [CANASTA])
    assert_permits(state, "meld 3C 3S 3S | 9H 9D 9C", "C-MELD-9", cards=3)


@case("C-MELD-9", "forbids")
def black_threes_do_not_meld_otherwise() -> None:
    state = _melding("3C 3S 3S 9H 9D 9C", [CANASTA])
    assert_forbids(state, "meld 3C 3S 3S", "C-MELD-9", going_out=False)
    assert_forbids(_melding("3C 3S", [CANASTA]), "meld 3C 3S", "C-MELD-9", cards=2)


# ----- C-INIT ----------------------------------------------------------------------------------


def _opening(hand: str, score: int = 0, **fields: object) -> GameState:
    """Seat 0 to meld after drawing; its side has not melded and has ``score``."""
    return position(hands=[hand, "", "", ""], turn=0, phase="play",
                    scores=[score, 0, score, 0], **fields)


@case("C-INIT-1", "permits")
def ninety_points_open_at_1600() -> None:
    """WIKI's example: 6-6-6 + A-A-A-2 = 95 meets the minimum of 90."""
    state = _opening("6C 6D 6H AC AD AH 2C 5C 7D", 1600)
    assert_permits(state, "meld 6C 6D 6H | AC AD AH 2C", "C-INIT-1", minimum=90, count=95)


@case("C-INIT-1", "forbids")
def sixty_five_points_do_not_open_at_1600() -> None:
    state = _opening("6C 6D 6H KC KD KH 2C 5C 7D", 1600)
    assert_forbids(state, "meld 6C 6D 6H | KC KD KH 2C", "C-INIT-1", minimum=90, count=65,
                   score=1600)


@case("C-INIT-1", "permits")
def minimum_count_bands() -> None:
    rules = rule_set("classic-4p")
    bands = [(s, rules.minimum_for(s)) for s in (-5, 0, 1495, 1500, 2995, 3000, 9000)]
    assert bands == [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
                     (9000, 120)]
    assert_permits(_opening("AC AD AH 2C KC KD KS 2D 5C 6D", 3000),
                   "meld AC AD AH 2C | KC KD KS 2D", "C-INIT-1", minimum=120, count=130)


@case("C-INIT-2", "permits")
def several_melds_add_up_to_the_count() -> None:
    state = _opening("KC KD KH 9C 9D 9H 5C 6D")
    assert_permits(state, "meld KC KD KH | 9C 9D 9H", "C-INIT-2", count=60)


@case("C-INIT-2", "forbids")
def the_canasta_bonus_does_not_count() -> None:
    """Seven fours are a canasta but count 35: not enough to open (the player keeps cards)."""
    state = _opening("4C 4C 4D 4D 4H 4H 4S 9C 8D")
    assert_forbids(state, "meld 4C 4C 4D 4D 4H 4H 4S", "C-INIT-1", minimum=50, count=35)


@case("C-INIT-3", "permits")
def the_top_card_of_the_pile_counts() -> None:
    """A-A from hand (40) + the ace on top (20) = 60."""
    state = position(hands=["AH AD 5C 6C", "", "", ""], turn=0, pile="9C AS")
    assert_permits(state, "take AH AD", "C-INIT-3", minimum=50, count=60)


@case("C-INIT-3", "forbids")
def cards_under_the_top_card_do_not_count() -> None:
    """K-K + top K (30) + 5-5-5 (15) = 45: the aces lower in the pile do not help."""
    state = position(hands=["KH KD 5C 5D 5S 6C", "", "", ""], turn=0, pile="AH AS KS")
    assert_forbids(state, "take KH KD | 5C 5D 5S", "C-INIT-3", minimum=50, count=45)


@case("C-INIT-4", "permits")
def after_the_partners_meld_any_meld_is_free() -> None:
    state = position(hands=["4C 4D 4H 5C 6D", "", "", ""], turn=0, phase="play",
                     sides=[["KH KD KS"], []], seat_melded=[False, False, True, False])
    assert_permits(state, "meld 4C 4D 4H", "C-INIT-4", count=15)


@case("C-INIT-4", "forbids")
def the_opponents_meld_does_not_open_your_side() -> None:
    state = position(hands=["4C 4D 4H 5C", "", "", ""], turn=0, phase="play",
                     sides=[[], ["KH KD KS"]])
    assert_forbids(state, "meld 4C 4D 4H", "C-INIT-1", minimum=50, count=15)


@case("C-INIT-5", "permits")
def going_out_concealed_from_the_stock_needs_no_minimum() -> None:
    state = _opening("4C 4C 4D 4D 4H 4H 4S")
    assert_permits(state, "meld 4C 4C 4D 4D 4H 4H 4S", "C-INIT-5")


@case("C-INIT-5", "forbids")
def going_out_with_the_pile_still_needs_the_minimum() -> None:
    state = position(hands=["4C 4C 4D 4D 4H 4H", "", "", ""], turn=0, pile="4S")
    assert_forbids(state, "take 4H 4H | 4C 4C 4D 4D", "C-INIT-1", minimum=50, count=35)


# ----- C-PILE ----------------------------------------------------------------------------------


def _taking(hand: str, pile: str, melds: list[str] | None = None, **fields: object) -> GameState:
    """Seat 0 to draw or take; its side has melded (queens) unless ``melds`` says otherwise."""
    return position(hands=[hand, "", "", ""], turn=0, pile=pile,
                    sides=[melds if melds is not None else ["QH QD QS"], []], **fields)


@case("C-PILE-1", "permits")
def taking_melds_the_top_card_and_takes_the_rest() -> None:
    state = _taking("9H 9D 5C", "4C 7D 9S")
    assert_permits(state, "take 9H 9D", "C-PILE-5", way="a")
    after = play(state, "take 9H 9D")
    assert after.pile == ()
    assert [(m.label, m.size) for m in after.sides[0].melds] == [("Q", 3), ("9", 3)]
    assert sorted(str(c) for c in after.hands[0]) == ["4C", "5C", "7D"]


@case("C-PILE-1", "forbids")
def there_is_no_pile_to_take() -> None:
    assert_forbids(_taking("9H 9D 5C", ""), "take 9H 9D", "C-PILE-1", pile=0)


@case("C-PILE-2", "permits")
def a_wild_card_under_the_top_does_not_block_taking() -> None:
    assert_permits(_taking("9H 9D 5C", "2C 9S"), "take 9H 9D", "C-PILE-4", top="9S")


@case("C-PILE-2", "forbids")
def a_wild_card_or_black_three_on_top_blocks_the_pile() -> None:
    assert_forbids(_taking("2D 2H 5C", "9S 2C"), "take 2D 2H", "C-PILE-2", top="2C")
    assert_forbids(_taking("3S 3C 5C", "9S 3S"), "take 3S 3C", "C-PILE-2", top="3S")


@case("C-PILE-3", "permits")
def a_frozen_pile_goes_with_a_natural_pair_and_then_thaws() -> None:
    state = position(hands=["9H 9D 5C 6C", "5D 2H 8C 7C", "", ""], turn=0, pile="2C 9S",
                     sides=[["QH QD QS"], ["KH KD KS"]])
    assert_permits(state, "take 9H 9D", "C-PILE-3", case="b", card="2C")
    later = play(state, "take 9H 9D", "discard 5C")
    assert_permits(later, "take 5D 2H", "C-PILE-5", way="b")


@case("C-PILE-3", "forbids")
def the_pile_is_frozen_before_the_first_meld_and_by_a_wild_card() -> None:
    unopened = _taking("9H 2D 5C", "9S", melds=[])
    assert_forbids(unopened, "take 9H 2D", "C-PILE-3", case="a")
    assert_forbids(_taking("9H 2D 5C", "2C 9S"), "take 9H 2D", "C-PILE-3", case="b", card="2C")


@case("C-PILE-4", "permits")
def a_natural_pair_takes_a_frozen_pile_and_joins_the_meld() -> None:
    state = _taking("9H 9D 5C", "2C 9S", melds=["9C 9C 9S"])
    assert_permits(state, "take 9H 9D", "C-PILE-4", top="9S")
    after = play(state, "take 9H 9D")
    assert [(m.label, m.size) for m in after.sides[0].melds] == [("9", 6)]


@case("C-PILE-4", "forbids")
def the_meld_on_the_table_cannot_replace_the_pair() -> None:
    state = _taking("9H 5C", "2C 9S", melds=["9C 9C 9D"])
    assert_forbids(state, "take", "C-PILE-4", top="9S", cards=0)


@case("C-PILE-5", "permits")
def an_unfrozen_pile_goes_with_a_pair() -> None:
    assert_permits(_taking("9H 9D 5C", "4C 9S"), "take 9H 9D", "C-PILE-5", way="a", top="9S")


@case("C-PILE-5", "permits")
def an_unfrozen_pile_goes_with_a_natural_and_a_wild_card() -> None:
    assert_permits(_taking("9H 2D 5C", "4C 9S"), "take 9H 2D", "C-PILE-5", way="b", top="9S")


@case("C-PILE-5", "permits")
def an_unfrozen_pile_goes_onto_the_sides_meld() -> None:
    state = _taking("5C 6C", "4C 9S", melds=["9C 9D 9H"])
    assert_permits(state, "take", "C-PILE-5", way="c", top="9S")


@case("C-PILE-5", "forbids")
def two_wild_cards_or_no_meld_do_not_take_the_pile() -> None:
    state = _taking("2D JK 5C", "4C 9S")
    assert_forbids(state, "take 2D JK", "C-PILE-5", wilds=2)
    assert_forbids(state, "take", "C-PILE-5", way="c", meld=False)


@case("C-PILE-5", "forbids")
def house_rule_v_c5_needs_two_cards_from_hand() -> None:
    state = _taking("5C 6C", "4C 9S", melds=["9C 9D 9H"], options={"V-C5": "two-cards-from-hand"})
    assert_forbids(state, "take", "C-PILE-5", way="c", option="V-C5")


@case("C-PILE-7", "permits")
def red_threes_in_the_pile_go_to_the_taker() -> None:
    state = _taking("8H 8D 5C", "3H 5D 8S")
    assert_permits(state, "take 8H 8D", "C-PILE-7", count=1)
    after = play(state, "take 8H 8D")
    assert [str(c) for c in after.threes[0]] == ["3H"]


@case("C-PILE-7", "forbids")
def red_threes_from_the_pile_are_not_replaced_nor_held() -> None:
    state = _taking("8H 8D 5C", "3H 5D 8S")
    after = play(state, "take 8H 8D")
    assert len(after.stock) == len(state.stock)
    assert sorted(str(c) for c in after.hands[0]) == ["5C", "5D"]


@case("C-PILE-8", "permits")
def a_covered_black_three_does_not_freeze_the_pile() -> None:
    assert_permits(_taking("9H 2D 5C", "3S 9S"), "take 9H 2D", "C-PILE-5", way="b")
    state = position(hands=["3S 5C", "", "", ""], turn=0, phase="play")
    assert_permits(state, "discard 3S", "C-PILE-8", card="3S")


@case("C-PILE-8", "forbids")
def a_black_three_stops_the_next_player() -> None:
    state = position(hands=["3S 5C", "9C 9D 6C", "", ""], turn=0, phase="play",
                     sides=[[], ["9S 9S 9H"]])
    stopped = play(state, "discard 3S")
    assert_forbids(stopped, "take", "C-PILE-2", top="3S")
    assert_forbids(stopped, "take 9C 9D", "C-PILE-2", top="3S")


@case("C-PILE-8", "forbids")
def house_rule_v_c2_a_black_three_freezes_the_pile() -> None:
    state = _taking("9H 2D 5C", "3S 9S", options={"V-C2": "freezes"})
    assert_forbids(state, "take 9H 2D", "C-PILE-3", case="b", card="3S")


# ----- C-THREE ---------------------------------------------------------------------------------


@case("C-THREE-1", "permits")
def red_threes_score_100_each_and_800_for_all_four() -> None:
    one = classic(side(["5H 5D 5S"], hands=["", ""], threes=["3H", ""]),
                  side([], hands=["", ""], seats=[1, 3]))
    assert items(one.sides[0], "red-threes") == [("C-THREE-1", {"count": 1}, 100)]
    four = classic(side(["5H 5D 5S"], hands=["", ""], threes=["3H 3D", "3H 3D"]),
                   side([], hands=["", ""], seats=[1, 3]))
    assert items(four.sides[0], "red-threes") == [("C-THREE-1", {"count": 4}, 800)]


@case("C-THREE-1", "forbids")
def red_threes_of_a_side_that_never_melded_score_no_plus() -> None:
    score = classic(side([], hands=["", ""], threes=["3H", ""]),
                    side(["5H 5D 5S"], hands=["", ""], seats=[1, 3]))
    assert [rule for rule, _, _ in items(score.sides[0], "red-threes")] == ["C-THREE-2"]


@case("C-THREE-2", "permits")
def four_red_threes_without_a_meld_cost_800() -> None:
    """RULES.md CE3: side B never melded and holds all four red threes."""
    a = side(["6H 6H 6D 6D 6S 6S 6C", "9H 9H 9D 9D 9S 2C 2D", "4H 4D 4S"],
             hands=["7C 7D 3S", ""], went_out=True)
    b = side([], hands=["KC KD QC QD JC 9C 8C", "AC AD 2H JK 5C 5D 4C"],
             threes=["3H 3D", "3H 3D"], seats=[1, 3])
    score = classic(a, b)
    assert items(score.sides[1], "red-threes") == [("C-THREE-2", {"count": 4}, -800)]
    assert (score.sides[0].total, score.sides[1].total) == (1025, -995)


@case("C-THREE-2", "forbids")
def a_meld_without_a_canasta_keeps_red_threes_positive() -> None:
    score = classic(side(["5H 5D 5S"], hands=["", ""], threes=["3H", "3D"]),
                    side([CANASTA], hands=["", ""], seats=[1, 3]))
    assert items(score.sides[0], "red-threes") == [("C-THREE-1", {"count": 2}, 200)]


@case("C-THREE-3", "permits")
def red_threes_do_not_prevent_going_out_concealed() -> None:
    state = _opening("4C 4C 4D 4D 4H 4H 4S", threes=["3H 3D", "", "", ""])
    assert_permits(state, "meld 4C 4C 4D 4D 4H 4H 4S", "C-THREE-3", threes=2)
    out = play(state, "meld 4C 4C 4D 4D 4H 4H 4S")
    assert out.end is not None and out.end.concealed


@case("C-THREE-3", "forbids")
def red_threes_do_not_count_toward_the_minimum() -> None:
    state = _opening("7H 7S 7D 4C 4D 4H 5S 5C 5D KC", threes=["3H 3D 3H", "", "", ""])
    assert_forbids(state, "meld 7H 7S 7D | 4C 4D 4H | 5S 5C 5D", "C-THREE-3", threes=3)


@case("C-THREE-4", "permits")
def a_black_three_in_hand_counts_five_against() -> None:
    score = classic(side(["5H 5D 5S"], hands=["3S", ""]), side([], hands=["", ""], seats=[1, 3]))
    assert items(score.sides[0], "hand") == [("C-SCORE-1", {"seat": 0, "cards": 1}, -5)]


@case("C-THREE-4", "forbids")
def black_threes_do_not_take_wild_cards() -> None:
    state = _melding("3C 3S 2C 9H", [CANASTA])
    assert_forbids(state, "meld 3C 3S 2C | 9H", "C-MELD-3", card="3C")


# ----- C-OUT -----------------------------------------------------------------------------------


@case("C-OUT-1", "permits")
def with_a_canasta_the_last_card_may_be_discarded() -> None:
    state = _melding("5C", [CANASTA])
    assert_permits(state, "discard 5C", "C-OUT-1", canastas=1, needed=1)


@case("C-OUT-1", "permits")
def the_canasta_may_be_completed_while_going_out() -> None:
    state = _melding("KC 9H 9D 9C", ["KH KH KD KD KS KS"])
    assert_permits(state, "meld KC | 9H 9D 9C", "C-OUT-1", canastas=1, needed=1)


@case("C-OUT-1", "forbids")
def without_a_canasta_nobody_goes_out() -> None:
    state = _melding("5C", ["KH KH KD KD KS KS"], stuck=True)
    assert_forbids(state, "discard 5C", "C-OUT-1", canastas=0, needed=1)


@case("C-OUT-1", "forbids")
def asking_to_go_out_without_a_canasta_says_the_side_needs_one() -> None:
    """"Why can't I go out?": the question is refused, and the first reason is the canasta."""
    state = _melding("9C 9D 9H 5S", ["KH KS KD"])
    refused = assert_forbids(state, "ask", "C-OUT-1", canastas=0, needed=1)
    assert refused.forbidding[0].rule == "C-OUT-1"
    assert_forbids(state, "ask", "C-OUT-4", possible=False)


@case("C-OUT-1", "forbids")
def two_cards_that_fit_no_meld_keep_a_player_in() -> None:
    state = _melding("9C 9D 4H 5S", [CANASTA])
    assert_forbids(state, "ask", "C-OUT-1", loose=2)
    refused = verdict(state, "ask")
    assert not any(r.param_map.get("needed") for r in refused.forbidding)  # it has its canasta


@case("C-OUT-2", "permits")
def going_out_by_melding_every_card() -> None:
    state = _melding("9H 9D 9C", [CANASTA])
    assert_permits(state, "meld 9H 9D 9C", "C-OUT-2")
    out = play(state, "meld 9H 9D 9C")
    assert out.end is not None and out.end.reason is EndReason.WENT_OUT


@case("C-OUT-2", "forbids")
def melding_every_card_without_a_canasta_is_not_going_out() -> None:
    state = _melding("9H 9D 9C")
    assert_forbids(state, "meld 9H 9D 9C", "C-OUT-1", canastas=0)


@case("C-OUT-3", "permits")
def without_a_canasta_the_turn_ends_with_a_card_in_hand() -> None:
    state = _melding("5C 6D")
    assert_permits(state, "discard 5C", "C-TURN-2", step="discard")
    assert len(play(state, "discard 5C").hands[0]) == 1


@case("C-OUT-3", "forbids")
def without_a_canasta_the_last_card_stays_in_hand() -> None:
    assert_forbids(_melding("5C", stuck=True), "discard 5C", "C-OUT-3", cards_left=0)
    assert_forbids(_melding("9H 9D 9C"), "meld 9H 9D 9C", "C-OUT-3", cards_left=0)


@case("C-OUT-3", "forbids")
def two_black_threes_alone_cannot_go_out() -> None:
    """BRIT: they cannot be melded, and discarding one leaves the other."""
    state = _melding("3C 3S", [CANASTA])
    assert_forbids(state, "ask", "C-OUT-4", possible=False)
    assert_forbids(state, "meld 3C 3S", "C-MELD-9", cards=2)


def _may_go_out(**fields: object) -> GameState:
    return position(hands=["9C 9D 9H 5S", "", "", ""], turn=0, phase="play",
                    sides=[[CANASTA], []], **fields)


@case("C-OUT-4", "permits")
def may_i_go_out_is_asked_after_drawing_and_answered_by_the_partner() -> None:
    state = _may_go_out()
    assert_permits(state, "ask", "C-OUT-4", partner=2)
    asked = play(state, "ask")
    assert_permits(asked, "answer yes", "C-OUT-4", answer="yes", binding=True)
    yes = play(asked, "answer yes")
    assert_permits(yes, "meld 9C 9D 9H", "C-MELD-1", rank="9")


@case("C-OUT-4", "permits")
def may_i_go_out_may_be_asked_after_taking_the_pile() -> None:
    state = position(hands=["9H 9D 5C 5D 5S", "", "", ""], turn=0, pile="4C 9S",
                     sides=[[CANASTA], []])
    assert_permits(play(state, "take 9H 9D"), "ask", "C-OUT-4", partner=2)


@case("C-OUT-4", "forbids")
def the_answer_binds_both_ways() -> None:
    no = play(_may_go_out(), "ask", "answer no")
    assert_forbids(no, "meld 9C 9D 9H", "C-OUT-4", answer="no")
    yes = play(_may_go_out(), "ask", "answer yes")
    assert_forbids(yes, "discard 5S", "C-OUT-4", answer="yes")


@case("C-OUT-4", "forbids")
def may_i_go_out_is_not_asked_before_drawing_or_when_impossible() -> None:
    state = position(hands=["9C 9D 9H 5S", "", "", ""], turn=0, sides=[[CANASTA], []])
    assert_forbids(state, "ask", "C-OUT-4", drawn=False)
    assert_forbids(_melding("9C 9D 5S 6H", [CANASTA]), "ask", "C-OUT-4", possible=False)


@case("C-OUT-4", "forbids")
def may_i_go_out_is_not_asked_when_a_no_could_not_be_obeyed() -> None:
    """Found by the property test: with one card left after taking the pile, every way to end
    the turn goes out, so after a "no" there would be no move at all."""
    state = position(hands=["6H JK 4C", "", "", ""], turn=0, pile="6C",
                     sides=[[CANASTA, "6D 6S 2H"], []])
    took = play(state, "take 6H JK")
    assert took.hands[0] == parse_cards("4C")
    assert_permits(took, "discard 4C", "C-OUT-1")
    assert_forbids(took, "ask", "C-OUT-4", obey_no=False)


@case("C-OUT-5", "permits")
def going_out_concealed_scores_200() -> None:
    out = play(_opening("4C 4C 4D 4D 4H 4H 4S"), "meld 4C 4C 4D 4D 4H 4H 4S")
    assert items(last_score(out).sides[0], "going-out") == [
        ("C-OUT-5", {"concealed": True}, 200)]
    plain = classic(side([CANASTA], hands=["", ""], went_out=True),
                    side([], hands=["", ""], seats=[1, 3]))
    assert items(plain.sides[0], "going-out") == [("C-OUT-5", {}, 100)]


@case("C-OUT-5", "permits")
def going_out_concealed_with_the_pile_scores_200() -> None:
    """The default of V-C6: taking the pile is allowed, with the minimum (4s 35 + aces 60)."""
    state = position(hands=["4C 4C 4D 4D 4H 4H AH AD AC", "", "", ""], turn=0, pile="4S")
    out = play(state, "take 4H 4H | 4C 4C 4D 4D | AH AD AC")
    assert items(last_score(out).sides[0], "going-out") == [
        ("C-OUT-5", {"concealed": True}, 200)]


@case("C-OUT-5", "forbids")
def laying_off_on_the_partners_meld_is_not_concealed() -> None:
    state = position(hands=["4C 4C 4D 4D 4H 4H 4S QC", "", "", ""], turn=0, phase="play",
                     sides=[["QH QD QS"], []], seat_melded=[False, False, True, False])
    out = play(state, "meld 4C 4C 4D 4D 4H 4H 4S | QC")
    assert items(last_score(out).sides[0], "going-out") == [("C-OUT-5", {}, 100)]


@case("C-OUT-5", "forbids")
def house_rule_v_c6_no_concealed_bonus_after_taking_the_pile() -> None:
    state = position(hands=["4C 4C 4D 4D 4H 4H AH AD AC", "", "", ""], turn=0, pile="4S",
                     options={"V-C6": "no-bonus"})
    out = play(state, "take 4H 4H | 4C 4C 4D 4D | AH AD AC")
    assert items(last_score(out).sides[0], "going-out") == [("C-OUT-5", {}, 100)]
    # The verdict says why the bonus is not the concealed one: the house rule.
    verdict = assert_permits(state, "take 4H 4H | 4C 4C 4D 4D | AH AD AC", "C-OUT-5",
                             concealed=False)
    assert any(r.option is not None and r.option.id == "V-C6" for r in verdict.permitting)


# ----- C-END -----------------------------------------------------------------------------------


@case("C-END-1", "permits")
def going_out_ends_the_hand() -> None:
    out = play(_melding("5C", [CANASTA]), "discard 5C")
    assert out.phase is Phase.HAND_OVER and len(out.results) == 1
    assert_permits(out, "next", "C-GAME-1", hand=2)


@case("C-END-1", "forbids")
def no_play_after_the_hand_and_no_next_hand_before_its_end() -> None:
    out = play(_melding("5C", [CANASTA]), "discard 5C")
    assert_forbids(out, "draw", "C-END-1", over=True)
    assert_forbids(_melding("5C 6C"), "next", "C-END-1", over=False)


def _last_card_red_three(**fields: object) -> GameState:
    state = position(hands=["5C 6D", "", "", ""], turn=0, sides=[["QH QD QS"], []], **fields)
    return with_stock(state, "3H")


@case("C-END-2", "permits")
def a_red_three_as_last_stock_card_scores_and_ends_the_hand() -> None:
    out = play(_last_card_red_three(), "draw")
    assert out.end is not None and out.end.reason is EndReason.THREE_LAST
    score = last_score(out).sides[0]
    assert items(score, "red-threes") == [("C-THREE-1", {"count": 1}, 100)]
    assert items(score, "going-out") == []


@case("C-END-2", "permits")
def house_rule_v_c3_may_meld_then_end_without_discarding() -> None:
    drawn = play(_last_card_red_three(options={"V-C3": "may-meld"}), "draw")
    assert_permits(drawn, "pass", "C-END-2", option="V-C3")


@case("C-END-2", "forbids")
def after_a_red_three_as_last_card_there_is_no_meld_or_discard() -> None:
    out = play(_last_card_red_three(), "draw")
    assert_forbids(out, "discard 5C", "C-END-1", over=True)
    drawn = play(_last_card_red_three(options={"V-C3": "may-meld"}), "draw")
    assert_forbids(drawn, "discard 5C", "C-END-2", option="V-C3")


def _stock_empty(hand: str, pile: str, melds: list[str], **fields: object) -> GameState:
    return with_stock(_taking(hand, pile, melds=melds, **fields), "")


@case("C-END-3", "permits")
def with_the_stock_empty_a_matching_discard_is_taken() -> None:
    state = _stock_empty("4C 4D", "5C 9S", ["9H 9D 9C"])
    assert_permits(state, "take", "C-END-3", forced=True)


@case("C-END-3", "permits")
def with_the_stock_empty_a_player_may_decline_an_unmatched_discard() -> None:
    state = _stock_empty("4C 9D 9H", "5C 9S", ["QH QD QS"])
    assert_permits(state, "take 9D 9H", "C-PILE-5", way="a")
    assert_permits(state, "pass", "C-END-3", forced=False)
    ended = play(state, "pass")
    assert ended.end is not None and ended.end.reason is EndReason.STOCK_EXHAUSTED


@case("C-END-3", "forbids")
def with_the_stock_empty_there_is_no_draw_and_no_declining_a_match() -> None:
    state = _stock_empty("4C 4D", "5C 9S", ["9H 9D 9C"])
    assert_forbids(state, "draw", "C-END-3", stock=0)
    assert_forbids(state, "pass", "C-END-3", forced=True, top="9S")


@case("C-END-4", "permits")
def one_card_against_a_one_card_pile_the_hand_ends() -> None:
    state = _stock_empty("4C", "9S", ["9H 9H 9D 9D 9C 9C 9S"])
    assert_permits(state, "pass", "C-END-4", hand=1, pile=1)


@case("C-END-4", "permits")
def house_rule_v_c4_the_obligation_wins() -> None:
    state = _stock_empty("4C", "9S", ["9H 9H 9D 9D 9C 9C 9S"], options={"V-C4": "obligation"})
    assert_permits(state, "take", "C-END-4", option="V-C4")
    assert_forbids(state, "pass", "C-END-3", forced=True)


@case("C-END-4", "forbids")
def one_card_against_a_one_card_pile_the_prohibition_wins() -> None:
    state = _stock_empty("4C", "9S", ["9H 9H 9D 9D 9C 9C 9S"])
    assert_forbids(state, "take", "C-END-4", hand=1, pile=1)
    assert_forbids(state, "take", "C-PILE-6", hand=1, pile=1)


# ----- C-SCORE, C-GAME, C-PEN ------------------------------------------------------------------


@case("C-SCORE-1", "permits")
def worked_example_ce1() -> None:
    a = side([CANASTA, "8H 8H 8D 8D 8S 2C JK", "AH AD 2D"], hands=["", "9C 4D"],
             threes=["3H", ""], went_out=True)
    b = side(["QH QD QS JK", "5H 5D 5S"], hands=["AC AS 7C JK", "6C 6D JC 3S"],
             threes=["3D", "3D"], seats=[1, 3])
    score = classic(a, b)
    assert (score.sides[0].total, score.sides[1].total) == (1235, 175)
    assert items(score.sides[0], "melded-cards") == [("C-SCORE-1", {"cards": 17}, 250)]


@case("C-SCORE-1", "forbids")
def cards_left_in_hand_count_against_even_if_they_would_meld() -> None:
    score = classic(side([CANASTA], hands=["KC KC KS", ""]),
                    side([], hands=["", ""], seats=[1, 3]))
    assert items(score.sides[0], "hand") == [("C-SCORE-1", {"seat": 0, "cards": 3}, -30)]
    assert score.sides[0].total == 570 - 30


@case("C-SCORE-2", "permits")
def a_negative_score_needs_only_15_to_open() -> None:
    state = _opening("4C 4D 4H 5C 6D", -100)
    assert_permits(state, "meld 4C 4D 4H", "C-INIT-1", minimum=15, count=15)
    score = classic(side([], hands=["KC KD", ""], threes=["3H", ""]),
                    side([CANASTA], hands=["", ""], seats=[1, 3]))
    assert score.sides[0].total == -120


@case("C-SCORE-2", "forbids")
def a_score_of_zero_is_not_negative() -> None:
    state = _opening("4C 4D 4H 5C", 0)
    assert_forbids(state, "meld 4C 4D 4H", "C-INIT-1", minimum=50, count=15, score=0)


@case("C-GAME-1", "permits")
def at_5000_the_higher_total_wins() -> None:
    """RULES.md CE9: both sides pass 5,000 and B wins although A went out."""
    rules = rule_set("classic-4p")
    assert game_winner(rules, (5205, 5220, 5205, 5220)) == 1
    state = position(hands=["5C", "", "", ""], turn=0, phase="play", sides=[[CANASTA], []],
                     scores=[4800, 100, 4800, 100])
    over = play(state, "discard 5C")
    assert over.phase is Phase.GAME_OVER and over.scores[0] == 4800 + 670


@case("C-GAME-1", "forbids")
def below_5000_or_tied_the_game_goes_on() -> None:
    rules = rule_set("classic-4p")
    assert game_winner(rules, (4995, 4000, 4995, 4000)) is None
    assert game_winner(rules, (5100, 5100, 5100, 5100)) is None
    state = position(hands=["5C", "", "", ""], turn=0, phase="play", sides=[[CANASTA], []],
                     scores=[4800, 100, 4800, 100])
    over = play(state, "discard 5C")
    assert_forbids(over, "next", "C-GAME-1", over=True)


@case("C-PEN-1", "permits")
def red_threes_are_placed_automatically_so_no_penalty_arises() -> None:
    state = dealt("classic-4p", {1: "3H 3D", 2: "3H", 0: "3D"}, after="8C")
    assert sum(len(t) for t in state.threes) == 4
    assert not any(c.is_red_three for hand in state.hands for c in hand)


@case("C-PEN-1", "forbids")
def a_position_with_a_red_three_in_hand_is_refused() -> None:
    with pytest.raises(PositionError, match="C-PEN-1"):
        position(hands=["3H 5C", "", "", ""], turn=0)


# ----- C2: two players -------------------------------------------------------------------------


def _two(hands: list[str], melds: list[list[str]] | None = None, **fields: object) -> GameState:
    return position("classic-2p", hands=hands, sides=melds or [[], []], **fields)


@case("C2-1", "permits")
def two_players_get_fifteen_cards_each() -> None:
    state = new_game(rule_set("classic-2p"))
    assert [len(h) for h in state.hands] == [15, 15]
    assert [s.seats for s in state.sides] == [(0,), (1,)]


@case("C2-1", "forbids")
def a_two_player_position_has_two_hands() -> None:
    with pytest.raises(PositionError, match="expected 2 entries"):
        position("classic-2p", hands=["5C", "", "", ""])


@case("C2-2", "permits")
def drawing_takes_two_cards_and_red_threes_are_replaced() -> None:
    state = stacked(_two(["5C 6C", ""], turn=0), "8C 3H 9D")
    assert_permits(state, "draw", "C2-2")
    assert_permits(state, "draw", "C-TURN-2", step="draw", cards=2)
    after = play(state, "draw")
    assert sorted(str(c) for c in after.hands[0]) == ["5C", "6C", "8C", "9D"]
    assert [str(c) for c in after.threes[0]] == ["3H"]


@case("C2-2", "forbids")
def only_one_card_is_discarded() -> None:
    after = play(_two(["5C 6C", "4D"], turn=0), "draw", "discard 5C")
    assert len(after.hands[0]) == 3 and after.turn == 1
    assert_forbids(after, "discard 6C", "C-TURN-1", seat=0, to_move=1)


@case("C2-3", "permits")
def taking_the_pile_is_the_whole_draw() -> None:
    state = _two(["9H 9D 5C", ""], [["QH QD QS"], []], turn=0, pile="4C 9S")
    assert_permits(state, "take 9H 9D", "C2-3")


@case("C2-3", "forbids")
def no_draw_from_the_stock_after_taking_the_pile() -> None:
    state = _two(["9H 9D 5C", ""], [["QH QD QS"], []], turn=0, pile="4C 9S")
    taken = play(state, "take 9H 9D")
    assert_forbids(taken, "draw", "C2-3")


@case("C2-4", "permits")
def two_canastas_let_a_player_go_out() -> None:
    state = _two(["5C", ""], [[CANASTA, CANASTA_Q], []], turn=0, phase="play")
    assert_permits(state, "discard 5C", "C2-4", canastas=2, needed=2)


@case("C2-4", "forbids")
def one_canasta_is_not_enough_with_two_players() -> None:
    state = _two(["5C", ""], [[CANASTA], []], turn=0, phase="play", stuck=True)
    assert_forbids(state, "discard 5C", "C2-4", canastas=1, needed=2)
    melding = _two(["9C 9D 9H 5C", ""], [[CANASTA], []], turn=0, phase="play")
    assert_forbids(melding, "meld 9C 9D 9H", "C-MELD-8", canastas=1, needed=2)


@case("C2-5", "permits")
def one_card_left_in_the_stock_is_a_complete_draw() -> None:
    state = with_stock(_two(["5C 6C", ""], turn=0), "8C")
    after = play(state, "draw")
    assert after.phase is Phase.PLAY and len(after.hands[0]) == 3 and after.stock == ()
    red = play(with_stock(_two(["5C 6C", ""], turn=0), "8C 3H"), "draw")
    assert red.phase is Phase.PLAY and len(red.hands[0]) == 3
    assert [str(c) for c in red.threes[0]] == ["3H"]  # laid out, not replaced


@case("C2-5", "forbids")
def only_red_threes_drawn_from_the_end_of_the_stock_end_the_hand() -> None:
    out = play(with_stock(_two(["5C 6C", ""], turn=0), "3H 3D"), "draw")
    assert out.end is not None and out.end.reason is EndReason.THREE_LAST
    assert_forbids(out, "discard 5C", "C-END-1", over=True)


@case("C2-6", "permits")
def the_non_dealer_starts_and_the_deal_alternates() -> None:
    state = new_game(rule_set("classic-2p"), dealer=0)
    assert state.turn == 1
    done = position("classic-2p", hands=["5C", ""], turn=0, dealer=1, phase="play",
                    sides=[[CANASTA, CANASTA_Q], []])
    nxt = play(done, "discard 5C", "next")
    assert (nxt.dealer, nxt.turn) == (0, 1)


@case("C2-6", "forbids")
def the_dealer_does_not_start() -> None:
    state = new_game(rule_set("classic-2p"), dealer=0)
    assert_forbids(state, "draw", "C-TURN-1", seat=0, to_move=1)


@case("C2-7", "permits")
def the_four_player_minimum_and_red_three_values_apply() -> None:
    state = _two(["KC KD KH 9C 9D 9H 5C 6D", ""], turn=0, phase="play")
    assert_forbids(state, "meld KC KD KH", "C-INIT-1", minimum=50, count=30)
    assert_permits(state, "meld KC KD KH | 9C 9D 9H", "C-INIT-1", minimum=50, count=60)
    score = classic(side(["5H 5D 5S"], hands=[""], threes=["3H 3D 3H 3D"], seats=[0]),
                    side([], hands=[""], seats=[1]), preset="classic-2p")
    assert items(score.sides[0], "red-threes") == [("C-THREE-1", {"count": 4}, 800)]


@case("C2-7", "forbids")
def there_is_no_partner_to_ask() -> None:
    state = _two(["9C 9D 9H 5S", ""], [[CANASTA, CANASTA_Q], []], turn=0, phase="play")
    assert_forbids(state, "ask", "C2-7", partner=False)


@case("C2-8", "permits")
def two_player_target_is_5000() -> None:
    rules = rule_set("classic-2p")
    assert game_winner(rules, (5000, 4900)) == 0
    assert game_winner(rules, (5100, 5200)) == 1


@case("C2-8", "forbids")
def below_the_target_or_tied_no_winner() -> None:
    rules = rule_set("classic-2p")
    assert game_winner(rules, (4995, 100)) is None
    assert game_winner(rules, (5000, 5000)) is None


# ----- C3: three players -----------------------------------------------------------------------


def _three(hands: list[str], melds: list[list[str]] | None = None, *, lone: int | None = None,
           **fields: object) -> GameState:
    """A classic-3p position; with ``lone`` the other two already form the partnership and
    ``melds`` is [lone hand's melds, partnership's melds]."""
    if lone is None:
        return position("classic-3p", hands=hands, sides=melds or [[], [], []], **fields)
    partners = [s for s in range(3) if s != lone]
    lone_melds, pair_melds = melds or [[], []]
    sides = [{"seats": [lone], "melds": lone_melds}, {"seats": partners, "melds": pair_melds}]
    return position("classic-3p", hands=hands, sides=sides, lone_hand=lone, **fields)


@case("C3-1", "permits")
def three_players_get_thirteen_cards_left_of_the_dealer_starts() -> None:
    state = new_game(rule_set("classic-3p"), dealer=0)
    assert [len(h) for h in state.hands] == [13, 13, 13]
    assert state.turn == 1


@case("C3-1", "forbids")
def the_three_player_dealer_does_not_start() -> None:
    state = new_game(rule_set("classic-3p"), dealer=0)
    assert_forbids(state, "draw", "C-TURN-1", seat=0, to_move=1)
    with pytest.raises(PositionError, match="expected 3 entries"):
        position("classic-3p", hands=["", "", "", ""])


@case("C3-2", "permits")
def three_players_draw_two_cards() -> None:
    state = stacked(_three(["5C 6C", "", ""], turn=0), "8C 9D")
    assert_permits(state, "draw", "C3-2")
    assert sorted(str(c) for c in play(state, "draw").hands[0]) == ["5C", "6C", "8C", "9D"]


@case("C3-2", "forbids")
def three_players_do_not_draw_after_taking_the_pile() -> None:
    state = _three(["9H 9D 5C", "", ""], [["QH QD QS"], [], []], turn=0, pile="4C 9S")
    assert_forbids(play(state, "take 9H 9D"), "draw", "C3-2")


@case("C3-3", "permits")
def the_first_to_take_the_pile_plays_alone() -> None:
    state = _three(["9H 9D 5C", "", ""], [["QH QD QS"], ["KH KD KS"], ["AH AD AS"]], turn=0,
                   pile="4C 9S")
    assert_permits(state, "take 9H 9D", "C3-3", seat=0)
    after = play(state, "take 9H 9D")
    assert after.lone_hand == 0
    assert [s.seats for s in after.sides] == [(0,), (1, 2)]
    assert sorted(m.label for m in after.sides[1].melds) == ["A", "K"]


@case("C3-3", "forbids")
def before_the_partnership_nobody_lays_off_on_another_players_meld() -> None:
    state = _three(["", "KC 5C 6C", ""], [[], [], ["KH KD KS"]], turn=1, phase="play")
    assert_forbids(state, "meld KC", "C-MELD-4", rank="K", opponents=True)


@case("C3-4", "permits")
def going_out_before_the_pile_is_taken_makes_a_lone_hand() -> None:
    state = _three(["5C", "", ""], [[CANASTA], [], []], turn=0, phase="play")
    out = play(state, "discard 5C")
    assert out.lone_hand == 0
    assert [s.seats for s in last_score(out).sides] == [(0,), (1, 2)]


@case("C3-4", "forbids")
def the_other_two_do_not_score_alone() -> None:
    state = _three(["5C", "9C", "QC QD"], [[CANASTA], ["4H 4D 4S"], []], turn=0, phase="play")
    out = play(state, "discard 5C")
    score = last_score(out)
    assert score.credit(1) == score.credit(2) == 15 - 10 - 20  # one shared total


@case("C3-5", "permits")
def stock_exhausted_without_a_take_everyone_scores_alone() -> None:
    """RULES.md CE10."""
    x = side(["QH QH QD QD QS 2C 2D", "9H 9D 9S"], hands=["7C 6C"], threes=["3H"], seats=[0])
    y = side(["KH KD KS 2H"], hands=["AH AD 4C 4D"], seats=[1])
    z = side([], hands=["JC 10C 8C 8D 5C"], threes=["3D"], seats=[2])
    score = classic(x, y, z, preset="classic-3p")
    assert [s.total for s in score.sides] == [510, 0, -145]
    state = with_stock(_three(["", "4C 5D", ""], turn=1, pile="9S"), "")
    ended = play(state, "pass")
    assert [s.seats for s in last_score(ended).sides] == [(0,), (1,), (2,)]


@case("C3-5", "forbids")
def stock_exhausted_without_a_take_no_partnership_forms() -> None:
    state = with_stock(_three(["", "4C 5D", ""], turn=1, pile="9S"), "")
    ended = play(state, "pass")
    assert ended.lone_hand is None and all(len(s.seats) == 1 for s in ended.sides)


@case("C3-6", "permits")
def each_partner_opens_with_their_own_minimum() -> None:
    state = _three(["", "KC KD KH 9C 9D 9H 5C 6D", ""], [["QH QD QS"], []], lone=0, turn=1,
                   phase="play", scores=[0, 0, 3000])
    assert_permits(state, "meld KC KD KH | 9C 9D 9H", "C3-6", minimum=50)


@case("C3-6", "forbids")
def a_partner_with_3000_needs_120() -> None:
    state = _three(["", "", "KC KD KH 9C 9D 9H 5C 6D"], [["QH QD QS"], []], lone=0, turn=2,
                   phase="play", scores=[0, 0, 3000])
    assert_forbids(state, "meld KC KD KH | 9C 9D 9H", "C3-6", minimum=120, count=60)


def _ce6() -> HandScore:
    pair = side(["8H 8H 8D 8D 8S 8S 8C", "KH KH KD KD KS 2C JK", "4H 4D 4S"],
                hands=["", "9C 5C"], threes=["3H", "3H 3D"], seats=[1, 2], went_out=True)
    lone = side(["10H 10H 10D 10D 2D 2H 2S", "AH AD AS"], hands=["JK 7C 7D JC"],
                threes=["3D"], seats=[0])
    return classic(lone, pair, preset="classic-3p")


@case("C3-7", "permits")
def the_partnership_total_is_credited_to_each_partner() -> None:
    """RULES.md CE6."""
    score = _ce6()
    assert (score.credit(0), score.credit(1), score.credit(2)) == (490, 1190, 1290)
    assert score.sides[1].total == 1090


@case("C3-7", "forbids")
def red_threes_are_not_pooled_between_partners() -> None:
    score = _ce6()
    assert score.credit(2) - score.credit(1) == 100  # Q's two threes vs P's one
    pooled = score_hand(rule_set("classic-3p", {"V-C8": "pooled"}),
                        [side(["8H 8H 8D 8D 8S 8S 8C"], hands=["", ""], threes=["3H", "3H 3D"],
                              seats=[1, 2])])
    assert pooled.credit(1) == pooled.credit(2) == 500 + 70 + 300


@case("C3-8", "permits")
def one_canasta_lets_the_three_player_side_go_out() -> None:
    state = _three(["", "5C", ""], [[], [CANASTA]], lone=0, turn=1, phase="play")
    assert_permits(state, "discard 5C", "C3-8", canastas=1, needed=1)


@case("C3-8", "forbids")
def house_rule_v_c7_needs_two_canastas() -> None:
    state = _three(["", "5C", ""], [[], [CANASTA]], lone=0, turn=1, phase="play",
                   options={"V-C7": "2"}, stuck=True)
    assert_forbids(state, "discard 5C", "C3-8", canastas=1, needed=2)
    bare = _three(["", "5C", ""], [[], ["KH KD KS"]], lone=0, turn=1, phase="play", stuck=True)
    assert_forbids(bare, "discard 5C", "C3-8", canastas=0, needed=1)


@case("C3-8", "forbids")
def house_rule_v_c7_asking_with_one_canasta_names_the_house_rule() -> None:
    state = _three(["", "9C 9D 9H 5S", ""], [[], [CANASTA]], lone=0, turn=1, phase="play",
                   options={"V-C7": "2"})
    assert_forbids(state, "ask", "C3-8", canastas=1, needed=2, option="V-C7=2")


@case("C3-9", "permits")
def three_player_target_is_7500() -> None:
    assert game_winner(rule_set("classic-3p"), (7600, 7000, 100)) == 0


@case("C3-9", "forbids")
def five_thousand_does_not_end_a_three_player_game() -> None:
    rules = rule_set("classic-3p")
    assert game_winner(rules, (7400, 7000, 6000)) is None
    assert game_winner(rules, (7600, 7600, 0)) is None


def _last_discard(**fields: object) -> GameState:
    """Seat 0 drew the last stock card and discards."""
    return with_stock(_three(["5C 9D", "4C 6D", ""], turn=0, phase="play", **fields), "")


@case("C3-10", "permits")
def stock_exhausted_play_continues_on_the_discards() -> None:
    state = _last_discard()
    assert_permits(state, "discard 5C", "C3-10", ends=False)
    after = play(state, "discard 5C")
    assert after.phase is Phase.DRAW and after.turn == 1
    assert_permits(after, "pass", "C-END-3", forced=False)


@case("C3-10", "forbids")
def house_rule_v_c9_the_last_discard_ends_the_hand() -> None:
    state = _last_discard(options={"V-C9": "end"})
    assert_permits(state, "discard 5C", "C3-10", ends=True)
    after = play(state, "discard 5C")
    assert after.end is not None and after.end.reason is EndReason.STOCK_EXHAUSTED
    assert_forbids(after, "pass", "C-END-1", over=True)


def _after_last_discard(**fields: object) -> GameState:
    """Seat 1 to draw from an empty stock; the pile's top card fits its meld (C-END-3 would
    force the take). Play does not reach it under V-C9, but the loader accepts it."""
    state = _three(["5C 9D", "9C 9H 4C 6D", ""], [[], ["9S 9S 9H"], []], turn=1,
                   phase="draw", pile="9D", **fields)
    return with_stock(state, "")


@case("C3-10", "forbids")
def house_rule_v_c9_nobody_takes_the_pile_after_the_last_discard() -> None:
    from tutor.engine import Pass, legal_actions

    state = _after_last_discard(options={"V-C9": "end"})
    assert_forbids(state, "take", "C3-10", ends=True, pile=True, option="V-C9=end")
    assert_forbids(state, "take 9C 9H", "C3-10", pile=True)
    assert_forbids(state, "draw", "C3-10", ends=True, stock=0)
    assert_permits(state, "pass", "C3-10", ends=True, stock=0, option="V-C9=end")
    assert legal_actions(state) == [Pass()]
    ended = play(state, "pass")
    assert ended.end is not None and ended.end.reason is EndReason.STOCK_EXHAUSTED
    # the book's C-END-3: the matching discard must be taken
    assert_forbids(_after_last_discard(), "pass", "C-END-3", forced=True)


@case("C3-11", "permits")
def temporary_partners_may_ask_each_other() -> None:
    state = _three(["", "9C 9D 9H 5S", ""], [[], [CANASTA]], lone=0, turn=1, phase="play")
    assert_permits(state, "ask", "C-OUT-4", partner=2)


@case("C3-11", "forbids")
def nobody_to_ask_before_the_partnership_forms() -> None:
    state = _three(["", "9C 9D 9H 5S", ""], [[], [CANASTA], []], turn=1, phase="play")
    assert_forbids(state, "ask", "C3-11", partnership=False)


@case("C3-12", "permits")
def twin_melds_merge_when_the_partnership_forms() -> None:
    state = _three(["9H 9D 5C", "", ""], [["QH QD QS"], ["KH KD 2C"], ["KS KC KH"]], turn=0,
                   pile="4C 9S")
    assert_permits(state, "take 9H 9D", "C3-12", rank="K", merged=True)
    after = play(state, "take 9H 9D")
    assert [(m.label, m.size) for m in after.sides[1].melds] == [("K", 6)]


@case("C3-12", "forbids")
def twin_melds_with_too_many_wild_cards_stay_apart() -> None:
    state = _three(["9H 9D 5C", "", ""], [["QH QD QS"], ["KH KD 2C 2D"], ["KS KC JK 2H"]],
                   turn=0, pile="4C 9S")
    assert_permits(state, "take 9H 9D", "C3-12", rank="K", merged=False)
    after = play(state, "take 9H 9D")
    assert [(m.label, m.size) for m in after.sides[1].melds] == [("K", 4), ("K", 4)]


# ----- the two cases the file started with ---------------------------------------------------


@case("C-PILE-6", "forbids")
def one_card_rule_forbids_taking_a_one_card_pile() -> None:
    state = position(hands=["KH", "", "", ""], turn=0, pile="KS",
                     sides=[["QH QS QD QC QH QS QD"], []])
    assert_forbids(state, "take", "C-PILE-6", hand=1, pile=1)


@case("C-PILE-6", "permits")
def one_card_rule_does_not_apply_to_a_bigger_pile() -> None:
    state = position(hands=["KH", "", "", ""], turn=0, pile="5C KS",
                     sides=[["KD KC KS"], []])
    assert_permits(state, "take", "C-PILE-5", way="c")


@case("C-INIT-5", "permits")
def concealed_exemption_when_the_last_card_is_the_going_out_discard() -> None:
    """Seven 4s from hand with no earlier meld: no minimum, and the king goes as the discard."""
    state = position(hands=["4H 4H 4S 4S 4D 4D 4C KC", "", "", ""], turn=0, phase="play")
    assert_permits(state, "meld 4H 4H 4S 4S 4D 4D 4C", "C-INIT-5")
    after = play(state, "meld 4H 4H 4S 4S 4D 4D 4C", "discard KC")
    assert after.end is not None and after.end.concealed


@case("C-OUT-4", "permits")
def may_ask_when_a_wild_card_must_complete_a_canasta_to_go_out() -> None:
    """The planner finds the way out: the two completes the kings, the 8 is the discard."""
    state = position(turn=0, phase="play", hands=["5C 5D 5H 6D 6H 6S 8S 2C", "", "", ""],
                     sides=[["KH KS KD KC KD 2H", "9H 9S 9D 9C", "10H 10C 10D"], []],
                     turn_info={"drew": "pile"})
    assert_permits(state, "ask", "C-OUT-4", partner=2)
