"""The score read at a glance, through AppTest: the end-of-hand score and the game chart of the
practice page and the score calculator, with sides named as on the card table and every line
in words (never "Side 1" or a seat number); the practice settings with the house rules folded
away under their titles; a typed move answered with the engine's rule, in the learner's
language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from test_app import app, deal, texts

from tutor.engine import rule_set
from tutor.engine.cards import Card
from tutor.i18n import translator
from tutor.ui.session import KEY
from tutor.words.explain import rule_statement, rule_title

# A seat shown as a number: what the score said before ("Side 1, 3", "the hand of seat 1").
SEAT_NUMBER = re.compile(r"(?i)\bside \d|\bseat\b|\bseats?\s*\d")


def finish_hand(at: AppTest, preset: str, seed: int = 5) -> AppTest:
    """Deal ``preset`` and play the learner's moves by the hint (on the session, not by clicks:
    the clicks have their own tests) until the hand is scored; the page is drawn again."""
    at.switch_page("app_pages/practice.py").run()
    at.selectbox(key="preset").set_value(preset).run()
    at = deal(at, seed)
    practice = at.session_state[KEY].practice
    for _ in range(400):
        if practice.state.hand_over:
            break
        practice.attempt(practice.hint().action)
    assert practice.state.hand_over
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def score_text(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def chart(at: AppTest, key: str) -> dict[str, Any]:
    """The figure of the chart with ``key`` (its element id ends with the key)."""
    [found] = [c for c in at.get("plotly_chart") if str(c.proto.id).endswith(f"-{key}")]
    spec: dict[str, Any] = json.loads(found.proto.spec)
    return spec


def score_headings(at: AppTest, points: str = "Points") -> list[str]:
    """The side each score table is headed by, in order ("| Your side | Points |")."""
    found = (re.match(rf"\| (.+?) \| {re.escape(points)} \|\n", str(m.value)) for m in at.markdown)
    return [m.group(1) for m in found if m]


def lines_of(spec: dict[str, Any]) -> dict[str, tuple[list[Any], list[int]]]:
    return {trace["name"]: (trace["x"], trace["y"]) for trace in spec["data"]}


SIDES = {
    "classic-4p": ({"Your side", "Opponents"}, {"Your side", "Opponents"}),
    "modern-american": ({"Your side", "Opponents"}, {"Your side", "Opponents"}),
    "classic-2p": ({"You", "Opponent"}, {"You", "Opponent"}),
    # Three players: the hand's sides are the lone hand and the partnership of the other two;
    # the game is each player's own score.
    "classic-3p": (None, {"You", "Left opponent", "Right opponent"}),
}


@pytest.mark.parametrize("preset", list(SIDES))
def test_the_end_of_hand_score_names_the_sides_as_the_table_does(preset: str) -> None:
    at = finish_hand(app(), preset)
    state = at.session_state[KEY].practice.state
    shown = score_text(at)
    hand_sides, game_sides = SIDES[preset]
    headings = set(score_headings(at))
    if hand_sides is not None:
        assert hand_sides <= headings, headings
    else:  # 3 players: "You" alone or "Your side" with a partner, and the other side; or,
        # when nobody took the pile and so no partnership formed, each player alone
        named = headings & {"You", "Your side", "Opponents", "Left opponent", "Right opponent"}
        assert headings & {"You", "Your side"}, headings
        assert len(named) == 2 or named == {"You", "Left opponent", "Right opponent"}, headings
    assert not SEAT_NUMBER.search(shown), shown
    # Each item in words: cards kept are said from the learner's chair.
    kept = [line for line in shown.splitlines() if "left in" in line]
    assert kept and all(re.search(r"left in (your|your partner's|the opponent's|the left "
                                  r"opponent's|the right opponent's) hand", line)
                        for line in kept), kept
    # The game so far: each side's total in words with its next minimum, and the chart.
    spec = chart(at, "progress_chart")
    lines = lines_of(spec)
    assert set(lines) == game_sides
    for name, (x, y) in lines.items():
        assert len(x) == len(y) == 2 and y[0] == 0, (name, x, y)  # a line from the start
        assert y[1] in state.scores  # to the side's game score after the hand
    assert all(trace["mode"] == "lines+markers+text" for trace in spec["data"])
    for trace in spec["data"]:  # each point labelled with the side's total
        assert [t.replace("−", "-").replace(",", "") for t in trace["text"]] == [
            str(y) for y in trace["y"]]
    target = state.rules.target
    assert [s["y0"] for s in spec["layout"]["shapes"]] == [target]
    assert f"{target:,}" in spec["layout"]["annotations"][0]["text"]
    for name in game_sides:
        assert re.search(rf"{re.escape(name)}\\: [\d,−-]+ points", shown), (name, shown)


def test_the_learners_side_comes_first_and_the_totals_add_up() -> None:
    at = finish_hand(app(), "classic-4p")
    result = at.session_state[KEY].practice.state.results[-1]
    assert score_headings(at) == ["Your side", "Opponents"]
    totals = re.findall(r"\| \*\*Total\*\* \| \*\*([\d,−-]+)\*\* \|", score_text(at))
    assert [t.replace("−", "-") for t in totals] == [f"{side.total:,}" for side in result.sides]
    assert not any("-" in t for t in totals)  # the minus of the lines (−), not a hyphen


def test_a_second_hand_extends_the_line() -> None:
    at = finish_hand(app(), "classic-2p")
    at.button(key="next").click().run()
    practice = at.session_state[KEY].practice
    for _ in range(400):
        if practice.state.hand_over:
            break
        practice.attempt(practice.hint().action)
    at.run()
    state = practice.state
    lines = lines_of(chart(at, "progress_chart"))
    assert lines["You"][0] == ["Start", "Hand 1", "Hand 2"]
    assert lines["You"][1][-1] == state.scores[0] and lines["Opponent"][1][-1] == state.scores[1]
    first = state.results[0].credit(0)
    assert lines["You"][1][:2] == [0, first]


def test_the_score_is_in_the_learners_language() -> None:
    at = finish_hand(app("sv"), "classic-4p")
    sv = translator("sv")
    assert score_headings(at, sv.gettext("Points")) == [sv.gettext("Your side"),
                                                        sv.gettext("Opponents")]
    assert not SEAT_NUMBER.search(score_text(at))


# ----- the score calculator ------------------------------------------------------------------


CALCULATOR = {
    "classic-4p": (["Your side", "Opponents"],
                   ["Cards left in your hand", "Cards left in your partner's hand",
                    "Cards left in the left opponent's hand",
                    "Cards left in the right opponent's hand"]),
    "classic-3p": (["You", "Left opponent", "Right opponent"],
                   ["Cards left in your hand", "Cards left in the left opponent's hand",
                    "Cards left in the right opponent's hand"]),
    "classic-2p": (["You", "Opponent"],
                   ["Cards left in your hand", "Cards left in the opponent's hand"]),
}


def calculator(lang: str = "en", how: str = "type") -> AppTest:
    """The score calculator with its cards typed in codes (``how="type"``) or picked."""
    at = app(lang)
    at.switch_page("app_pages/score.py").run()
    at.session_state["calc_how"] = how
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("preset", list(CALCULATOR))
def test_the_calculator_names_sides_and_fields_in_words(preset: str) -> None:
    at = calculator()
    at.selectbox(key="calc_preset").set_value(preset).run()
    sides, fields = CALCULATOR[preset]
    assert [h.value for h in at.subheader][: len(sides)] == sides
    labels = [w.label for w in at.text_input]
    assert [label for label in labels if label.startswith("Cards left")] == fields
    players = rule_set(preset).players
    at.text_input(key=f"calc_hand_{players - 1}").set_value("9C 4D").run()
    at.text_area(key="calc_melds_0").set_value("KH KH KS KS KD KD KC").run()
    shown = score_text(at)
    assert not SEAT_NUMBER.search(shown + "\n".join(labels)), shown
    last = {4: "the right opponent's", 3: "the right opponent's", 2: "the opponent's"}[players]
    assert f"2 cards left in {last} hand | −15" in shown
    at.button(key="add_hand").click().run()
    at.button(key="add_hand").click().run()
    lines = lines_of(chart(at, "game_chart"))
    assert list(lines) == sides
    ours = lines[sides[0]]
    assert ours[0] == ["Start", "Hand 1", "Hand 2"] and ours[1] == [0, 570, 1140]  # 500 + 70
    assert f"{sides[0]}: 1,140 points; next initial meld at least 50 points." in texts(at).replace(
        "\\", "")


def test_the_calculator_puts_both_sides_side_by_side_with_the_other_family() -> None:
    at = calculator()
    at.text_area(key="calc_melds_0").set_value("KH KH KS KS KD KD KC\nAH AS 2D").run()
    at.text_input(key="calc_threes_0").set_value("3H").run()
    at.text_input(key="calc_hand_2").set_value("9C 4D").run()
    at.checkbox(key="calc_out_0").check().run()
    shown = score_text(at)
    # 500 + 100 + 100 + 130 - 15, the partner's cards said as the partner's.
    assert "| **Total** | **815** |" in shown
    assert "2 cards left in your partner's hand | −15" in shown
    assert score_headings(at) == ["Your side", "Opponents"] * 2  # and the same under Modern
    assert not SEAT_NUMBER.search(shown)
    assert len(at.columns) >= 4  # the inputs' and each score's sides, side by side


# ----- the practice settings and the typed move ----------------------------------------------


def test_the_house_rules_are_folded_away_under_their_titles() -> None:
    at = app()
    at.switch_page("app_pages/practice.py").run()
    expanders = {e.label: e for e in at.expander}
    assert expanders["Game settings"].proto.expanded  # no game yet: open
    assert not expanders["House rules"].proto.expanded
    assert not [w for w in at.selectbox if w.key and w.key.startswith("opt-")]  # folded
    at.session_state["house_rules"] = True
    at.run()
    options = [w for w in at.selectbox if w.key and w.key.startswith("opt-")]
    base = rule_set("classic-4p")
    assert sorted(w.label for w in options) == sorted(  # in three columns: read column-wise
        rule_title(spec.id, translator("en")) for spec in base.applicable_options())
    assert not any("V-C" in w.label for w in options)
    assert all(f"Rule id (for teachers): {w.key.removeprefix('opt-classic-4p-')}"
               in (w.help or "").replace("\\", "") for w in options)
    # A house rule chosen there is played, and said in words under the table.
    wild = next(w for w in options if w.key == "opt-classic-4p-V-C1")
    wild.set_value("no-more-wild-than-natural").run()
    at.button(key="new_hand").click().run()
    assert at.session_state[KEY].practice.rules.option_value("V-C1") == (
        "no-more-wild-than-natural")
    caption = next(c.value for c in at.caption if "Rules" in c.value)
    assert "Limit on wild cards" in caption.replace("\\", "") and "V-C1" not in caption
    # Folded again, the choice stays.
    at.session_state["house_rules"] = False
    at.run()
    assert at.session_state[KEY].options == {"V-C1": "no-more-wild-than-natural"}


def play_typed(at: AppTest, move: str) -> AppTest:
    at.session_state["advanced"] = True
    at.run()
    at.text_input(key="typed_move").set_value(move)
    at.button(key="play_typed").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_typed_red_three_is_answered_with_the_red_threes_rule(lang: str) -> None:
    at = deal(app(lang), 1)
    practice = at.session_state[KEY].practice
    practice.attempt(practice.hint().action)  # the draw: discarding is what is left
    at.run()
    assert Card.parse("3H") not in practice.state.hands[0]
    play_typed(at, "discard 3H")
    errors = [e.value for e in at.error]
    tr = translator(lang)
    assert any(rule_statement("C-TURN-4", tr) in error.replace("\\", "") for error in errors)
    assert not any("not in hand" in error for error in errors)
    caption = next(c for c in at.caption if rule_title("C-TURN-4", tr) in c.value)
    assert "C-TURN-4" in (caption.proto.help or "")  # the id only for teachers


def test_a_red_three_typed_before_drawing_gets_the_verdict_and_the_rule() -> None:
    at = deal(app(), 1)
    play_typed(at, "discard 3H")
    [error] = [e.value.replace("\\", "") for e in at.error]
    assert error.startswith("You may not discard the three of hearts.")
    assert rule_statement("C-TURN-4", translator("en")) in error


def test_a_typed_move_that_is_read_gets_the_engines_verdict() -> None:
    at = deal(app(), 1)
    state = at.session_state[KEY].practice.state
    card = state.hands[0][0]
    play_typed(at, f"discard {card}")  # before drawing: the turn's steps say no
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any("You may not discard" in error for error in errors), errors
    play_typed(at, "draw")
    assert any("You may draw" in s.value for s in at.success)


def test_a_typed_move_that_cannot_be_read_is_answered_in_words() -> None:
    at = deal(app(), 1)
    play_typed(at, "discard 11H")
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any('"11H" is not a card' in error for error in errors), errors
    assert not any("expected" in error or "write rank then suit" in error for error in errors)


# ----- the calculator by picking cards ---------------------------------------------------------

# RULES.md §3.1 CE1, as the picker sends it: side A (seats 0 and 2) went out, side B did not.
CE1 = {
    "melds": {"0": [["KH", "KH", "KS", "KS", "KD", "KD", "KC"],
                    ["8C", "8C", "8D", "8D", "8H", "2C", "JK"], ["AH", "AS", "2D"]],
              "1": [["QH", "QS", "QD", "JK"], ["5C", "5D", "5H"]]},
    "fields": {"t0": ["3H"], "h2": ["9C", "4D"], "t1": ["3D", "3D"],
               "h1": ["AC", "AD", "7C", "JK"], "h3": ["6C", "6D", "JC", "3C"]},
}


def test_the_picker_offers_every_card_and_names_every_place_in_words() -> None:
    at = calculator("de", how="pick")
    de = translator("de")
    [element] = [c for c in at.get("bidi_component") if "card_picker" in str(c.proto)]
    from tutor.ui.card_picker import mounted_data

    data = mounted_data(element.proto.json)
    assert len(data["cards"]) == 53 and sum(card["copies"] for card in data["cards"]) == 108
    assert {card["code"] for card in data["cards"]} >= {"JK", "2C", "10S", "3H"}
    king = next(card for card in data["cards"] if card["code"] == "KH")
    assert king["name"] != "KH" and king["copies"] == 2
    assert [side["name"] for side in data["sides"]] == [de.gettext("Your side"),
                                                      de.gettext("Opponents")]
    labels = [field["label"] for side in data["sides"] for field in side["fields"]]
    assert de.gettext("Cards left in your hand") in labels
    assert not any(re.search(r"\d", label) for label in labels)
    assert data["texts"]["new_meld"] == de.gettext("New meld")


def test_picked_cards_are_scored_as_rules_md_scores_them() -> None:
    at = calculator(how="pick")
    at.session_state["calc_picker_classic-4p"] = {"picked": CE1}
    at.run()
    at.checkbox(key="calc_out_0").check().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    totals = re.findall(r"\| \*\*Total\*\* \| \*\*([\d,−-]+)\*\* \|", score_text(at))
    assert totals[:2] == ["1,235", "175"]  # CE1
    # One chart with every side's breakdown, each bar labelled.
    spec = chart(at, "calc_breakdown")
    assert [trace["name"] for trace in spec["data"]] == ["Your side", "Opponents"]
    ours, theirs = spec["data"]
    assert ours["y"][-1] == "Total" and ours["x"][-1] == 1235 and theirs["x"][-1] == 175
    assert ours["text"][-1] == "1,235" and "+800" in ours["text"]  # the canasta bonuses
    assert "Cards left in hand" in ours["y"] and theirs["x"][ours["y"].index(
        "Cards left in hand")] == -120


def test_a_picked_meld_of_two_ranks_is_said_in_words() -> None:
    at = calculator(how="pick")
    at.session_state["calc_picker_classic-4p"] = {"picked": {
        "melds": {"0": [["4C", "9D", "KD"]]}, "fields": {}}}
    at.run()
    [error] = [e.value.replace("\\", "") for e in at.error]
    assert "Your side, meld 1: A meld holds cards of one rank" in error
    assert "4C" not in error and "sides[" not in error


def test_a_forged_pick_is_dropped_and_too_many_copies_are_said() -> None:
    from tutor.ui.card_picker.model import picked_sides

    sides = picked_sides({"melds": {"0": [["KH", "XX", 7], []]},
                          "fields": {"h0": ["JK", None], "t0": "3H"}}, [[0, 2], [1, 3]])
    assert sides[0]["melds"] == ["KH"] and sides[0]["players"][0] == {
        "seat": 0, "hand": "JK", "threes": ""}
    at = calculator(how="pick")
    at.session_state["calc_picker_classic-4p"] = {"picked": {
        "melds": {"0": [["KH", "KH", "KH"]]}, "fields": {}}}
    at.run()
    [error] = [e.value.replace("\\", "") for e in at.error]
    assert "more of the king of hearts than the two decks hold" in error


def test_the_typed_codes_have_a_legend_in_the_learners_language() -> None:
    at = calculator("sv")
    sv = translator("sv")
    [legend] = [e for e in at.expander if e.label == sv.gettext("Card codes")]
    shown = "\n".join(str(m.value) for m in legend.markdown)
    assert "| `JK` |" in shown and "| `H` |" in shown and "| `10` |" in shown
