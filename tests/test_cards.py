"""Card notation, the deck and rule-set presets and options."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.engine import Card, NotationError, RuleSetError, full_deck, parse_cards, rule_set
from tutor.engine.cards import ALL_FACES, card_points, format_cards
from tutor.engine.rules import OPTIONS, PRESET_NAMES


@pytest.mark.parametrize("card", ALL_FACES, ids=str)
def test_every_face_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card  # the repr is runnable code


@pytest.mark.parametrize("text,canonical", [("kh", "KH"), ("T♠".replace("♠", "S"), "10S"),
                                            (" 2c ", "2C"), ("jo", "JK"), ("10d", "10D")])
def test_lenient_input_prints_canonically(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("bad", ["", "K", "1H", "11S", "KX", "JKH", "3", "QQ", "10"])
def test_bad_card_text_is_a_clear_error(bad: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(bad)


def test_the_deck_has_108_cards_with_12_wild_cards_and_8_threes() -> None:
    deck = full_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[Card.parse("JK")] == 4
    assert sum(1 for c in deck if c.is_wild) == 12
    assert sum(1 for c in deck if c.is_red_three) == 4
    assert sum(1 for c in deck if c.is_black_three) == 4
    assert all(n == 2 for c, n in counts.items() if c.suit is not None)


def test_parse_and_format_cards_round_trip() -> None:
    text = "KH 10S 2C JK 3D"
    assert format_cards(parse_cards(text)) == text
    assert parse_cards("KH,10S") == parse_cards(["KH", "10S"])


def test_card_values_of_c_card_1() -> None:
    values = {t: card_points(Card.parse(t)) for t in
              ["JK", "2C", "AH", "KH", "8S", "7D", "4C", "3C", "3H"]}
    assert values == {"JK": 50, "2C": 20, "AH": 20, "KH": 10, "8S": 10, "7D": 5, "4C": 5,
                      "3C": 5, "3H": 0}


def test_presets_differ_where_the_rules_say() -> None:
    c4, c3, c2, m = (rule_set(p) for p in PRESET_NAMES)
    assert (c4.deal_size, c3.deal_size, c2.deal_size, m.deal_size) == (11, 13, 15, 13)
    assert (c4.draw_count, c3.draw_count, c2.draw_count, m.draw_count) == (1, 2, 2, 1)
    assert (c4.target, c3.target, c2.target, m.target) == (5000, 7500, 5000, 8500)
    assert (c4.canastas_to_go_out, c2.canastas_to_go_out, m.canastas_to_go_out) == (1, 2, 2)
    assert [c4.minimum_for(s) for s in (-5, 0, 1495, 1500, 2995, 3000)] == [15, 50, 50, 90, 90,
                                                                           120]
    assert [m.minimum_for(s) for s in (-5, 2995, 3000, 4995, 5000)] == [125, 125, 155, 155, 180]


@pytest.mark.parametrize("spec", OPTIONS, ids=lambda s: s.id)
def test_every_option_value_is_accepted_and_reported(spec) -> None:  # type: ignore[no-untyped-def]
    preset = spec.presets[0] if spec.presets else (
        "modern-american" if spec.id.startswith("V-M") else "classic-4p")
    for value in spec.values:
        rules = rule_set(preset, {spec.id: value})
        assert rules.option_value(spec.id) == value


@pytest.mark.parametrize("preset,options,message", [
    ("classic-5p", {}, "unknown preset 'classic-5p'"),
    ("classic-4p", {"V-C99": "x"}, "unknown option 'V-C99'"),
    ("classic-4p", {"V-C1": "four-wilds"}, "V-C1: 'four-wilds' is not a value"),
    ("classic-4p", {"V-C7": "2"}, "V-C7 does not apply to preset classic-4p"),
    ("classic-4p", {"V-M2": "advisory"}, "V-M2 does not apply"),
])
def test_bad_rule_options_name_what_is_wrong(preset: str, options: dict[str, str],
                                             message: str) -> None:
    with pytest.raises(RuleSetError, match=message):
        rule_set(preset, options)


def test_overrides_are_named_in_the_rule_set_name() -> None:
    rules = rule_set("classic-4p", {"V-C3": "may-meld", "V-C1": "three-wilds"})
    assert rules.name == "classic-4p[V-C3=may-meld]"
    assert rules.to_json() == {"preset": "classic-4p", "options": {"V-C3": "may-meld"}}
