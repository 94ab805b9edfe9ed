"""Classic and Modern compared topic by topic (tutor.words.families): every row the issue asks
for, each cell generated from the rule set it is about (a changed value changes the cell), each
naming rules that exist and the house rules that change it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS_BY_ID, PRESET_NAMES, rule_set
from tutor.i18n import LANGUAGES, translator
from tutor.words.families import TOPICS, cell, compared, counterparts

EN = translator("en")
ROWS = ["players", "drawing", "threes", "initial", "melds", "wild-melds", "sevens", "pile",
        "discarding", "going-out", "bonuses", "penalties", "target"]


def text(key: str, rules: object) -> str:
    [topic] = [t for t in TOPICS if t.key == key]
    return cell(topic, rules, EN).text  # type: ignore[arg-type]


def test_every_topic_of_the_issue_is_a_row_with_real_rules_and_options() -> None:
    assert [topic.key for topic in TOPICS] == ROWS
    for topic in TOPICS:
        rules = (*topic.classic, *topic.modern, *(r for _n, x in topic.by_players for r in x))
        assert set(rules) <= set(RULE_IDS), topic.key
        assert all(r.startswith(("C-", "C2-", "C3-")) for r in topic.classic)
        assert all(r.startswith("M-") for r in topic.modern)
        assert set(topic.options) <= set(OPTIONS_BY_ID), topic.key


@pytest.mark.parametrize(("key", "field", "value", "shown"), [
    ("players", "deal_size", 12, "each is dealt 12"),
    ("drawing", "draw_count", 3, "Draw 3 cards"),
    ("threes", "red_three_value", 150, "score 150 each"),
    ("threes", "four_red_threes_value", 1000, "1,000 for all four"),
    ("melds", "max_wilds", 4, "wild cards: at most 4"),
    ("bonuses", "natural_canasta_bonus", 600, "Natural canasta 600"),
    ("going-out", "going_out_bonus", 150, "Bonus 150"),
    ("going-out", "canastas_to_go_out", 2, "With 2 canastas"),
    ("target", "target", 6000, "reaches 6,000"),
    ("initial", "minimum_table", ((-(10**9), 10), (0, 40)), "At least 10 below 0, 40 from 0"),
])
def test_a_changed_rule_set_value_changes_its_cell(key: str, field: str, value: object,
                                                   shown: str) -> None:
    base = rule_set("classic-4p")
    assert shown not in text(key, base)
    assert shown in text(key, replace(base, **{field: value}))


def test_modern_values_come_from_the_engine() -> None:
    modern = rule_set("modern-american")
    assert "2,500 with all four jokers" in text("penalties", modern)
    assert "2,000 with all four jokers" in text("penalties", rule_set(
        "modern-american", {"V-M3": "2000"}))
    assert "100, 300, 500, 1,000" in text("threes", modern)
    assert "of sevens or aces 2,500; of wild cards 2,000 to 3,000" in text("bonuses", modern)
    assert "The pile starts empty." in text("players", modern)
    assert "The pile starts with a card turned up." in text("players", rule_set("classic-4p"))


def test_house_rules_are_marked_and_applied() -> None:
    [out] = [t for t in TOPICS if t.key == "going-out"]
    plain = cell(out, rule_set("modern-american"), EN)
    assert "V-M4" in plain.options and not plain.changed
    strict = cell(out, rule_set("modern-american", {"V-M4": "forbidden"}), EN)
    assert strict.changed == ("V-M4",) and strict.text != plain.text
    assert "may not go out" in strict.text
    # An option of another preset is not offered for this one.
    assert "V-C7" not in cell(out, rule_set("classic-4p"), EN).options
    assert "V-C7" in cell(out, rule_set("classic-3p"), EN).options
    three = cell(out, rule_set("classic-3p", {"V-C7": "2"}), EN)
    assert three.changed == ("V-C7",) and "With 2 canastas" in three.text


def test_counterparts_link_the_families_both_ways() -> None:
    assert {"M-PILE-1", "M-PILE-2"} <= set(counterparts("C-PILE-4"))
    assert "C-PILE-4" in counterparts("M-PILE-1")
    assert "M-OUT-1" in counterparts("C2-4")
    assert all(not r.startswith("C") for r in counterparts("C-OUT-1"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_cell_is_words_in_every_language(lang: str) -> None:
    tr = translator(lang)
    for preset in PRESET_NAMES:
        for _topic, cells in compared((rule_set(preset),), tr):
            for found in cells:
                assert found.text and "{" not in found.text
                assert not any(rule in found.text for rule in RULE_IDS)
