"""The Python side of the card table: the data it is given from a view, and the intents it
accepts (tutor/ui/card_table/, tutor/ui/practice_table.py)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from helpers import position
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import rule_set
from tutor.engine.actions import Discard, Meld, TakePile
from tutor.engine.cards import Rank, parse_cards
from tutor.engine.state import Phase
from tutor.i18n import translator
from tutor.ui.card_table.intents import (
    Intent,
    IntentError,
    IntentKind,
    StagedGroup,
    parse_intent,
    resolve,
)
from tutor.ui.card_table.model import TableInput, table_data, version_of
from tutor.ui.practice import Practice
from tutor.ui.practice_table import handle_intent, live_data
from tutor.ui.session import TutorSession
from tutor.ui.table_intents import TableState
from tutor.words.explain import card_name

EN = translator("en")
NOTATION = re.compile(r"\b(?:10|[2-9AKQJ])[CDHS]\b|\bJK\b")


def staged(learner: TutorSession) -> list[StagedGroup]:
    """The groups the practice table holds put aside."""
    return list(learner.table("table").staged)


def said(learner: TutorSession) -> str | None:
    """The notice the practice table is to show."""
    return learner.table("table").message


def learner_with(state: Any) -> TutorSession:
    learner = TutorSession()
    learner.practice = Practice(state.rules, 1, "standard", [state])
    return learner


def send(learner: TutorSession, kind: str, *cards: str, **extra: Any) -> None:
    """What the browser sends for ``kind`` with ``cards`` selected (the first free copies)."""
    assert learner.practice is not None
    hand = [str(c) for c in learner.practice.state.hands[0]]
    picked: list[int] = []
    for card in cards:
        picked.append(next(i for i, c in enumerate(hand) if c == card and i not in picked))
    data = live_data(learner, learner.practice, EN)
    handle_intent(learner, {"kind": kind, "selected": picked, "version": data["version"],
                            "group": None, **extra}, EN)


# ----- the data -------------------------------------------------------------------------------

def test_the_data_names_seats_in_words_and_hides_the_other_hands() -> None:
    practice = Practice.start(rule_set("classic-4p"), 3)
    data = live_data(TutorSession(), practice, EN)
    seats = {seat["role"]: seat for seat in data["board"]["seats"]}
    assert {role: seat["name"] for role, seat in seats.items()} == {
        "you": "You", "left": "Left opponent", "partner": "Partner", "right": "Right opponent"}
    assert {seats["left"]["place"], seats["partner"]["place"], seats["right"]["place"]} == {
        "left", "top", "right"}
    assert all("cards" not in seat for seat in seats.values())  # counts only
    hand = practice.state.hands[0]
    assert [card["name"] for card in data["hand"]] == [card_name(card, EN) for card in hand]
    assert [card["pos"] for card in data["hand"]] == list(range(len(hand)))
    text = json.dumps(data)
    for seat in (1, 2, 3):  # no other hand's card is in the data
        others = {str(c) for c in practice.state.hands[seat]} - {str(c) for c in hand}
        assert not any(f'"{c}"' in text for c in others)
    assert not NOTATION.search(" ".join(line["text"] for line in data["log"]))


def test_two_and_three_players_sit_as_at_a_real_table() -> None:
    two = live_data(TutorSession(), Practice.start(rule_set("classic-2p"), 1), EN)
    assert [(s["role"], s["place"]) for s in two["board"]["seats"]] == [
        ("you", "bottom"), ("opponent", "top")]
    three = live_data(TutorSession(), Practice.start(rule_set("classic-3p"), 1), EN)
    assert [(s["role"], s["place"]) for s in three["board"]["seats"]] == [
        ("you", "bottom"), ("left", "left"), ("right", "right")]
    assert not any(b["kind"] == "ask" for b in three["buttons"])  # no partner to ask


def test_a_canasta_is_closed_with_a_red_or_black_top_card() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["5C 6D", "", "", ""], pile="4C",
                     sides=[["KH KS KD KC KH KS KD", "9H 9S 9D 9C 2C 9H 9S"], []])
    data = table_data(state, EN, TableInput())
    melds = data["board"]["sides"][0]["melds"]
    natural = next(m for m in melds if m["canasta"] == "natural")
    mixed = next(m for m in melds if m["canasta"] == "mixed")
    assert natural["top"]["colour"] == "red" and mixed["top"]["colour"] == "black"
    assert [w["name"] for w in mixed["wilds"]] == ["two of clubs"]
    assert "natural" in natural["label"] and "mixed" in mixed["label"]


def test_the_pile_shows_why_it_is_frozen_and_a_stop_card() -> None:
    frozen = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C", "", "", ""],
                      pile="4C 2D KD", sides=[["QH QS QD"], []])
    pile = table_data(frozen, EN, TableInput())["board"]["pile"]
    assert pile["crosswise"]["name"] == "two of diamonds"
    assert pile["top"]["name"] == "king of diamonds"
    assert pile["reasons"] and not pile["stop"]
    stopped = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C", "", "", ""],
                       pile="4C 3S", sides=[["QH QS QD"], []])
    pile = table_data(stopped, EN, TableInput())["board"]["pile"]
    assert pile["stop"] and pile["crosswise"] is None
    empty = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C", "", "", ""],
                     pile="", sides=[["QH QS QD"], []])
    pile = table_data(empty, EN, TableInput())["board"]["pile"]
    assert pile["top"] is None and pile["empty_text"] and not pile["stop"]


def test_the_prompt_and_buttons_follow_the_turn() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C 7D", "", "", ""],
                     pile="4C KD", sides=[["QH QS QD"], []])
    data = table_data(state, EN, TableInput())
    assert data["prompt"] == "Draw a card or take the pile."
    enabled = {b["kind"]: b["enabled"] for b in data["buttons"]}
    assert enabled["draw"] and enabled["take"] and not enabled["discard"]
    played = table_data(state.evolve(phase=Phase.PLAY), EN, TableInput())
    enabled = {b["kind"]: b["enabled"] for b in played["buttons"]}
    assert played["prompt"] == "Meld if you want, then discard one card."
    assert not enabled["draw"] and enabled["discard"] and enabled["meld"]


def test_the_draw_prompt_says_two_cards_where_the_rules_draw_two() -> None:
    state = position("classic-2p", turn=0, phase="draw", hands=["KH KS 5C 7D", ""],
                     pile="4C KD", sides=[[], []])
    assert table_data(state, EN, TableInput())["prompt"] == "Draw two cards or take the pile."


def test_the_partners_answer_stays_on_the_table() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS KD 5C 5D", "", "", ""],
                     pile="4C", sides=[["QH QS QD QC QH QS QD"], []])
    learner = learner_with(state)
    send(learner, "draw")
    send(learner, "ask")
    assert learner.practice is not None
    data = live_data(learner, learner.practice, EN)
    assert data["answer"].startswith("Partner answered")


# ----- intents --------------------------------------------------------------------------------

def test_two_identical_cards_are_two_cards() -> None:
    state = position("classic-4p", turn=0, phase="play",
                     hands=["8C 8H 8H 8S 5D 6D", "", "", ""], pile="4C", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    send(learner, "meld", "8C", "8H", "8H", "8S")
    assert learner.verdict is not None and learner.verdict.legal, learner.verdict
    assert learner.practice is not None
    eights = next(m for m in learner.practice.state.sides[0].melds if m.rank is Rank.EIGHT)
    assert [str(c) for c in eights.cards] == ["8C", "8H", "8H", "8S"]


def test_the_pile_is_taken_with_a_natural_pair_of_identical_cards() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["9H 9H 5C 6D", "", "", ""],
                     pile="4C 9D", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    send(learner, "take", "9H", "9H")
    assert learner.verdict is not None and learner.verdict.legal, learner.verdict
    assert str(learner.practice.entries[0].action) == "take 9H 9H"  # type: ignore[union-attr]


def test_staged_melds_go_with_the_pile_and_are_taken_back_one_by_one() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS 9H 9S 9D 5C", "", "", ""],
                     pile="4C KD", sides=[[], []])
    learner = learner_with(state)
    assert learner.practice is not None
    hand = [str(c) for c in state.hands[0]]
    nines = tuple(sorted(hand.index(c) for c in ("9H", "9S", "9D")))
    send(learner, "stage", "5C")
    send(learner, "stage", "9H", "9S", "9D")
    assert [g.positions for g in staged(learner)] == [(hand.index("5C"),), nines]
    send(learner, "unstage", group=0)
    assert [g.positions for g in staged(learner)] == [nines]
    data = live_data(learner, learner.practice, EN)
    assert data["preview"] is not None and data["staged"][0]["positions"] == list(nines)
    send(learner, "take", "KH", "KS")
    assert learner.verdict is not None and learner.verdict.legal, learner.verdict
    assert str(learner.practice.entries[0].action) == "take KH KS | 9D 9H 9S"
    assert staged(learner) == []


def test_wild_cards_alone_are_laid_onto_the_chosen_meld() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                     pile="4C", sides=[["KH KS KD", "7H 7S 7D"], []])
    learner = learner_with(state)
    send(learner, "stage", "2C")  # two melds it may be meant for: the table asks which
    data = live_data(learner, learner.practice, EN)  # type: ignore[arg-type]
    assert [o["rank"] for o in data["choice"]["options"]] == ["K", "7"]
    assert data["choice"]["kind"] == "stage" and staged(learner) == []
    send(learner, "stage", "2C", onto="K")
    send(learner, "meld")
    assert learner.verdict is not None and learner.verdict.legal, learner.verdict
    assert str(learner.practice.entries[0].action) == "meld 2C@K"  # type: ignore[union-attr]


def test_an_illegal_click_is_explained_and_changes_nothing() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C", "", "", ""],
                     pile="4C 2D KD", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    send(learner, "discard", "5C")
    assert learner.verdict is not None and not learner.verdict.legal
    assert learner.practice is not None and len(learner.practice.states) == 1
    send(learner, "discard")  # no card selected: a notice, not a verdict
    assert said(learner) == "Select exactly one card to discard."


BAD_INTENTS: list[tuple[object, str]] = [
    ([1, 2], "not an object"),
    ({"kind": "fly", "selected": []}, "unknown move"),
    ({"kind": "discard", "selected": [99]}, "not in your hand"),
    ({"kind": "discard", "selected": [-1]}, "not in your hand"),
    ({"kind": "meld", "selected": [0, 0]}, "selected twice"),
    ({"kind": "meld", "selected": "0 1"}, "not a list"),
    ({"kind": "meld", "selected": [True]}, "not a position"),
    ({"kind": "meld", "selected": [0.5]}, "not a position"),
    ({"kind": "stage", "selected": [0], "onto": "Z"}, "not a rank"),
    ({"kind": "stage", "selected": [0], "onto": ["K"]}, "onto"),
    ({"kind": "unstage", "selected": [], "group": 3}, "no staged group"),
    ({"kind": "unstage", "selected": [], "group": "x"}, "not a number"),
    ({"kind": "meld", "selected": list(range(500))}, "more than a hand"),
]


@pytest.mark.parametrize(("raw", "message"), BAD_INTENTS)
def test_a_malformed_intent_gets_a_clear_message_and_changes_nothing(raw: object,
                                                                      message: str) -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["KH KS 5C", "", "", ""],
                     pile="4C", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    learner.tables["table"] = TableState(staged=(StagedGroup((0, 1)),))
    assert learner.practice is not None
    if isinstance(raw, dict):
        raw = {**raw, "version": live_data(learner, learner.practice, EN)["version"]}
    handle_intent(learner, raw, EN)
    assert said(learner) is not None and message in said(learner)
    assert "Nothing was changed" in said(learner)
    assert len(learner.practice.states) == 1 and staged(learner) == [StagedGroup((0, 1))]


def test_a_stale_selection_is_refused() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C", "", "", ""],
                     pile="4C", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    assert learner.practice is not None
    old = live_data(learner, learner.practice, EN)["version"]
    send(learner, "draw")
    moves = len(learner.practice.states)
    handle_intent(learner, {"kind": "discard", "selected": [0], "version": old}, EN)
    assert said(learner) == "The table changed since you selected those cards. " \
        "Select them again."
    assert len(learner.practice.states) == moves


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(
                        ["kind", "selected", "onto", "group", "version", "x"]), inner,
                        max_size=5), max_leaves=12))
def test_any_message_from_the_browser_is_refused_or_judged_never_a_traceback(raw: object
                                                                          ) -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["KH KS 5C 2D", "", "", ""],
                     pile="4C", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    handle_intent(learner, raw, EN)
    assert learner.practice is not None and len(learner.practice.states) <= 2


def test_resolve_builds_the_engine_actions() -> None:
    hand = tuple(parse_cards("KH KS 9H 9S 9D 5C"))
    assert resolve(Intent(IntentKind.DISCARD, (5,)), hand, (), Phase.PLAY).action == \
        Discard(hand[5])
    staged = (StagedGroup((2, 3, 4)),)
    take = resolve(Intent(IntentKind.TAKE, (0, 1)), hand, staged, Phase.DRAW).action
    assert isinstance(take, TakePile) and str(take) == "take KH KS | 9D 9H 9S"
    meld = resolve(Intent(IntentKind.COMMIT, (0, 1)), hand, staged, Phase.PLAY).action
    assert isinstance(meld, Meld) and len(meld.groups) == 2
    with pytest.raises(IntentError):
        parse_intent({"kind": "draw", "version": "old"}, version="new", hand_size=3)


def test_the_data_is_json_and_in_the_learners_language() -> None:
    practice = Practice.start(rule_set("modern-american"), 2)
    german = translator("de")
    data = live_data(TutorSession(lang="de"), practice, german)
    json.dumps(data)
    assert data["lang"] == "de"
    assert data["labels"]["hand"] == german.gettext("Your hand")
    assert version_of(practice.state, len(practice.entries)) == data["version"]


def test_the_computer_moves_after_a_legal_move_are_played_out_once() -> None:
    learner = TutorSession()
    learner.practice = Practice.start(rule_set("classic-4p"), 3)
    send(learner, "draw")
    hand = learner.practice.state.hands[0]
    send(learner, "discard", str(hand[0]))
    assert learner.verdict is None  # the discard ended the turn
    assert learner.replay_verdict is not None and learner.replay_verdict[1].legal
    data = live_data(learner, learner.practice, EN)
    assert data["replay"]["verdict"]["legal"] and data["verdict"] is None
    frames = data["replay"]["frames"]
    assert [f["prompt"] for f in frames][:1] == ["Left opponent is playing."]
    lines = [f["lines"] for f in frames]
    assert lines == sorted(lines) and lines[-1] == len(data["log"])  # the log grows in order
    learner.replay_pending = False  # what the page does once the table has it
    replayed = live_data(learner, learner.practice, EN)["replay"]
    assert replayed["frames"] == [] and replayed["verdict"] is None


def test_the_computer_players_reasons_survive_undo_and_redo() -> None:
    practice = Practice.start(rule_set("classic-4p"), 3)
    practice.attempt(practice.hint().action)
    practice.attempt(practice.hint().action)  # the discard: the computer players answer
    before = [(str(e.action), e.reasons) for e in practice.entries]
    assert any(reasons for _, reasons in before[1:])
    assert practice.undo() and practice.redo()
    assert [(str(e.action), e.reasons) for e in practice.entries] == before


def test_meld_before_drawing_is_judged_as_a_meld() -> None:
    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS KD 5C", "", "", ""],
                     pile="4C", sides=[["QH QS QD"], []])
    learner = learner_with(state)
    send(learner, "meld", "KH", "KS", "KD")
    assert learner.verdict is not None and not learner.verdict.legal
    assert str(learner.verdict.action).startswith("meld")  # not a take the learner never asked


def test_three_players_can_ask_once_the_temporary_partnership_exists() -> None:
    state = position("classic-3p", turn=0, phase="play", lone_hand=1,
                     hands=["KH KS KD 5C", "4C 5D 6C", "4D 5H"], pile="4S",
                     sides=[{"seats": [0, 2], "melds": ["QH QS QD QC QH QS QD"]},
                            {"seats": [1], "melds": []}])
    kinds = [button["kind"] for button in table_data(state, EN, TableInput())["buttons"]]
    assert "ask" in kinds  # the partner of the moment (C3-11)
