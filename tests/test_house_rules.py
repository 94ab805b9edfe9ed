"""The option behind a ruling: when a house rule decides a verdict, the verdict names the option
and its value (``Reason.option``) and the explanation says so in words with the option's id.

One case per option of RULES.md §1.5 whose non-book value (or, where the book is silent, whose
value) decides a verdict; the options that change only a score are listed apart, so a new option
needs a case or a place in that list.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import play, position, verdict, with_stock

from tutor.engine import GameState, Reason, Verdict
from tutor.engine.rules import OPTIONS, rule_set
from tutor.engine.verdict import HouseRule
from tutor.i18n import LANGUAGES, translator
from tutor.words.explain import explain_house_rule, explain_verdict
from tutor.words.reason_texts import house_rule_text

EN = translator("en")
CANASTA = "KH KH KD KD KS KS KC"
TWO_CANASTAS = ["KS KS KD KD KH KH KC", "QS QS QD QD QH QH QC"]
M = "modern-american"

# Options that only change a score, never a verdict (V-C8: pooled red threes, V-M3: the penalty
# for an incomplete four-joker meld).
SCORE_ONLY = {"V-C8", "V-M3"}


def _modern(hand: str, melds: list[str] | None = None, options: dict[str, str] | None = None,
            **fields: object) -> GameState:
    fields.setdefault("phase", "play")
    return position(M, options=options, hands=[hand, "", "", ""], turn=0,
                    sides=[["QS QD QC"] if melds is None else melds, []], **fields)


def _classic(hand: str, melds: list[str] | None = None, options: dict[str, str] | None = None,
             **fields: object) -> GameState:
    """Classic for four: seat 0 to play (or to draw), its side holding ``melds``."""
    fields.setdefault("phase", "play")
    return position(options=options, hands=[hand, "", "", ""], turn=0,
                    sides=[["QH QD QS"] if melds is None else melds, []], **fields)


def _three(hands: list[str], lone_melds: list[str], pair_melds: list[str],
           options: dict[str, str] | None = None, **fields: object) -> GameState:
    """Classic for three, seat 0 the lone hand, seats 1 and 2 the partnership."""
    sides = [{"seats": [0], "melds": lone_melds}, {"seats": [1, 2], "melds": pair_melds}]
    return position("classic-3p", options=options, hands=hands, sides=sides, lone_hand=0,
                    **fields)


# ----- one ruling per option: (state, action, legal?, rule) ------------------------------------

Ruling = tuple[GameState, str, bool, str]


def v_c1(value: str) -> Ruling:
    state = _classic("4C 4D 2C 2D 2H 9S", options={"V-C1": value})
    return state, "meld 4C 4D 2C 2D 2H", False, "C-MELD-2"


def v_c2(value: str) -> Ruling:
    state = _classic("9C 2D 5H", phase="draw", pile="3S 9H", options={"V-C2": value})
    return state, "take 9C 2D", False, "C-PILE-3"


def v_c3(value: str) -> Ruling:
    state = _classic("5C 6D", options={"V-C3": value}, phase="draw")
    drawn = play(with_stock(state, "3H"), "draw")
    return drawn, "discard 5C", False, "C-END-2"


def v_c4(value: str) -> Ruling:
    state = _classic("4C", ["9H 9H 9D 9D 9C 9C 9S"], options={"V-C4": value},
                     phase="draw", pile="9S")
    return with_stock(state, ""), "take", True, "C-END-4"


def v_c5(value: str) -> Ruling:
    state = _classic("5C 6D", options={"V-C5": value}, phase="draw",
                     pile="4C QC")
    return state, "take", False, "C-PILE-5"


def v_c6(value: str) -> Ruling:
    state = _classic("4C 4C 4D 4D 4H 4H AH AD AC", [], options={"V-C6": value},
                     phase="draw", pile="4S")
    return state, "take 4H 4H | 4C 4C 4D 4D | AH AD AC", True, "C-OUT-5"


def v_c7(value: str) -> Ruling:
    state = _three(["", "5C", ""], [], [CANASTA], options={"V-C7": value}, turn=1, phase="play",
                   stuck=True)
    return state, "discard 5C", False, "C3-8"


def v_c9(value: str) -> Ruling:
    state = _three(["5C 9D", "4C 6D", ""], [], [], options={"V-C9": value}, turn=0,
                   phase="play")
    return with_stock(state, ""), "discard 5C", True, "C3-10"


def v_c10(value: str) -> Ruling:
    state = _classic("5C", [CANASTA], options={"V-C10": value}, scores=[2400, 0, 2400, 0])
    return play(state, "discard 5C"), "next", False, "C-GAME-1"


def v_c11(value: str) -> Ruling:
    state = _classic("9C 9D 9H 5S", [CANASTA], options={"V-C11": value},
                     phase="draw")
    return state, "ask", True, "C-OUT-4"


def v_m1(value: str) -> Ruling:
    state = _modern("AH AS AD KH KS KD QH QS QD JH JS JD 9C 9D", [], options={"V-M1": value})
    opened = play(state, "meld AH AS AD | KH KS KD | QH QS QD | JH JS JD")
    return opened, "discard 9C", True, "M-INIT-1"


def v_m2(value: str) -> Ruling:
    state = _modern("9C 9D 9H", TWO_CANASTAS, options={"V-M2": value}, phase="draw")
    return play(state, "draw", "ask", "answer yes"), "discard 9C", True, "M-OUT-4"


def v_m4(value: str) -> Ruling:
    state = _modern("9C", [*TWO_CANASTAS, "7S 7D 7H"], options={"V-M4": value},
                    stuck=True)
    return state, "discard 9C", False, "M-OUT-5"


def v_m5(value: str) -> Ruling:
    state = _modern("AS AD AH 2C KS KD KH JK 9C 9D", [], options={"V-M5": value})
    return state, "meld AS AD AH 2C | KS KD KH JK", True, "M-INIT-3"


def v_m6(value: str) -> Ruling:
    state = _modern("5S 5S 5D 5D 5H 2C 2D 9C 9D", [], options={"V-M6": value})
    return state, "meld 5S 5S 5D 5D 5H 2C 2D", True, "M-INIT-4"


def v_m7(value: str) -> Ruling:
    melds = ["QS QD QC", "JK JK 2H 2H 2S 2S 2D"]
    state = _modern("2C 2D JK 9C 9D", melds, options={"V-M7": value})
    return state, "meld 2C 2D JK", True, "M-MELD-7"


def v_m8(value: str) -> Ruling:
    state = _modern("9C 9D 9H", TWO_CANASTAS, options={"V-M8": value}, phase="draw",
                    asked=[False, False, True, False])
    return play(state, "draw"), "ask", False, "M-OUT-4"


RULINGS: dict[str, Callable[[str], Ruling]] = {
    "V-C1": v_c1, "V-C2": v_c2, "V-C3": v_c3, "V-C4": v_c4, "V-C5": v_c5, "V-C6": v_c6,
    "V-C7": v_c7, "V-C9": v_c9, "V-C10": v_c10, "V-C11": v_c11, "V-M1": v_m1, "V-M2": v_m2,
    "V-M4": v_m4, "V-M5": v_m5, "V-M6": v_m6, "V-M7": v_m7, "V-M8": v_m8,
}
# The value each case is played at: not the book's (for V-M2, V-M7 the book is silent).
HOUSE = {
    "V-C1": "no-more-wild-than-natural", "V-C2": "freezes", "V-C3": "may-meld",
    "V-C4": "obligation", "V-C5": "two-cards-from-hand", "V-C6": "no-bonus", "V-C7": "2",
    "V-C9": "end", "V-C10": "2500", "V-C11": "before-or-after-draw", "V-M1": "on",
    "V-M2": "advisory", "V-M4": "forbidden", "V-M5": "three-naturals", "V-M6": "any",
    "V-M7": "yes", "V-M8": "side",
}
SPECS = {spec.id: spec for spec in OPTIONS}


def test_every_option_has_a_ruling_case_or_changes_only_a_score() -> None:
    assert set(RULINGS) | SCORE_ONLY == set(SPECS) == set(HOUSE) | SCORE_ONLY
    assert not set(RULINGS) & SCORE_ONLY


def _decided(result: Verdict, rule: str, option: str) -> Reason:
    reasons = result.permitting if result.legal else result.forbidding
    found = [r for r in reasons if r.rule == rule and r.option is not None
             and r.option.id == option]
    assert found, f"expected {rule} decided by {option}: {result}"
    return found[0]


def _ruled(option: str, value: str) -> tuple[Verdict, bool, str]:
    state, action, legal, rule = RULINGS[option](value)
    return verdict(state, action), legal, rule


@pytest.mark.parametrize("option", sorted(RULINGS))
def test_the_verdict_names_the_house_rule_that_decided_it(option: str) -> None:
    result, legal, rule = _ruled(option, HOUSE[option])
    assert result.legal is legal, result
    reason = _decided(result, rule, option)
    assert reason.option == HouseRule(option, HOUSE[option])
    explanation = explain_verdict(result, EN)
    # the sentence says a house rule decided it; the id is the verdict's data, not its words
    assert "At this table" in explanation.text and option not in explanation.text
    assert option in explanation.options


def _shape(result: Verdict) -> tuple[bool, frozenset[tuple[str, object]]]:
    reasons = result.permitting if result.legal else result.forbidding
    return result.legal, frozenset((r.rule, r.params) for r in reasons)


@pytest.mark.parametrize("option", sorted(RULINGS))
def test_at_the_other_value_the_same_move_is_ruled_otherwise(option: str) -> None:
    """Each case turns on its option: at the book's value (for V-M2 and V-M7 the other value)
    the same move gets another verdict or other reasons, and names no house rule unless the
    book is silent."""
    spec = SPECS[option]
    other = next(v for v in spec.values if v != HOUSE[option])
    if not spec.table_decides:
        other = str(getattr(rule_set(spec.presets[0] if spec.presets else _preset(option)),
                            spec.field))
    house, _legal, _rule = _ruled(option, HOUSE[option])
    result, _legal, _rule = _ruled(option, other)
    assert _shape(result) != _shape(house), result
    named = {r.option.id for r in (*result.forbidding, *result.permitting) if r.option}
    assert (option in named) is spec.table_decides, result


def _preset(option: str) -> str:
    return "modern-american" if option.startswith("V-M") else "classic-4p"


def test_book_rules_name_no_house_rule() -> None:
    state = _classic("4C 4D 2C 2D 2H 9S")
    result = verdict(state, "meld 4C 4D 2C 2D 2H")
    assert all(r.option is None for r in (*result.permitting, *result.forbidding))
    assert explain_verdict(result, EN).options == ()


def test_where_the_book_is_silent_the_default_is_named_too() -> None:
    """V-M2: the book gives only the effect of "no"; the binding yes is the table's choice."""
    state = _modern("9C 9D 9H", TWO_CANASTAS, phase="draw")
    result = verdict(play(state, "draw", "ask", "answer yes"), "discard 9C")
    assert _decided(result, "M-OUT-4", "V-M2").option == HouseRule("V-M2", "binding")


def test_the_black_three_example_of_the_issue() -> None:
    state, action, _legal, _rule = v_c2("freezes")
    text = explain_verdict(verdict(state, action), EN).text
    assert ("The pile is frozen for everybody: it holds a black three (three of spades). "
            "At this table a black three freezes the pile.") in text


def test_every_house_rule_the_engine_can_name_has_a_sentence() -> None:
    for spec in OPTIONS:
        for preset in ("classic-4p", "classic-3p", "classic-2p", M):
            base = rule_set(preset)
            if spec not in base.applicable_options():
                continue
            for value in spec.values:
                house = rule_set(preset, {spec.id: value}).house_rule(spec.id)
                if house is not None:
                    assert house_rule_text(house.id, house.value), house


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_house_rule_sentences_fill_their_placeholders(lang: str) -> None:
    tr = translator(lang)
    for house in (HouseRule("V-C10", "10000"), HouseRule("V-C2", "freezes")):
        text = explain_house_rule(house, tr)
        assert text and house.id not in text and "{" not in text


def test_a_reason_keeps_its_house_rule_through_json() -> None:
    reason = Reason.of("C-PILE-3", case="b", card="3S").under(HouseRule("V-C2", "freezes"))
    data = reason.to_json()
    assert data == {"rule": "C-PILE-3", "params": {"case": "b", "card": "3S"},
                    "option": {"id": "V-C2", "value": "freezes"}}
    assert Reason.from_json(data) == reason
    assert str(reason) == "C-PILE-3(case=b, card=3S)[V-C2=freezes]"


def test_a_reason_without_a_house_rule_keeps_its_old_json() -> None:
    reason = Reason.of("C-INIT-1", minimum=50, count=45)
    assert reason.to_json() == {"rule": "C-INIT-1", "params": {"minimum": 50, "count": 45}}
    assert Reason.from_json({"rule": "C-INIT-1", "params": {"minimum": 50, "count": 45}}) == reason


# ----- the options that change a score ----------------------------------------------------------


def _score_item(preset: str, options: dict[str, str], sides: list[dict[str, object]],
                kind: str) -> Reason:
    from tutor.engine.scoring import score_hand, tallies_from_json

    rules = rule_set(preset, options)
    score = score_hand(rules, tallies_from_json({"sides": sides}, rules.players))
    return next(item.reason for side in score.sides for item in side.items if item.kind == kind)


THREE_PLAYER_THREES = [
    {"melds": ["KH KD KS"], "players": [{"seat": 0}]},
    {"melds": ["9H 9D 9S"], "players": [{"seat": 1, "threes": "3H"}, {"seat": 2, "threes": "3D"}]},
]
FOUR_JOKERS = [{"melds": ["JK JK JK JK"], "players": [{"seat": 0}, {"seat": 2}]},
               {"players": [{"seat": 1}, {"seat": 3}]}]


@pytest.mark.parametrize("preset,option,value,sides,kind", [
    ("classic-3p", "V-C8", "pooled", THREE_PLAYER_THREES, "red-threes"),
    (M, "V-M3", "2000", FOUR_JOKERS, "penalty"),
])
def test_a_score_decided_by_a_house_rule_names_it(preset: str, option: str, value: str,
                                                  sides: list[dict[str, object]],
                                                  kind: str) -> None:
    house = _score_item(preset, {option: value}, sides, kind)
    book = _score_item(preset, {}, sides, kind)
    assert house.option == HouseRule(option, value)
    assert book.option is None
    assert Reason.from_json(house.to_json()) == house
