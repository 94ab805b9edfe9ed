"""Nothing lost, text is text (through AppTest): a game file that cannot be used is refused with a
short message and the game being played stays exactly as it was; values from the URL, a file or
the typed-move field reach the page escaped, never as Markdown. (What the browser makes of it:
tests/e2e/test_text_is_text.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import position
from streamlit.testing.v1 import AppTest

from tutor.engine import new_game, rule_set
from tutor.engine.records import GameRecord, dumps_record, position_to_json
from tutor.i18n import translator
from tutor.ui.card_table import mounted_data
from tutor.ui.pages.practice import load_game_file
from tutor.ui.session import KEY
from tutor.ui.text import escape_markdown

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
EN = translator("en")
PAYLOADS = ["[Log in again](http://evil.example/)", "![x](http://127.0.0.1:9/t.png)",
            "<img src=x onerror=alert(1)>", "<b>bold</b>", "**bold**"]


def app(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def dealt() -> AppTest:
    at = app()
    at.switch_page("app_pages/practice.py").run()
    at.button(key="new_hand").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def table_version(at: AppTest) -> str:
    table = next(e for e in at.get("bidi_component") if e.key == "table")
    return str(mounted_data(table.proto.json)["version"])


def shown(markdown: str) -> str:
    """What escaped Markdown reads as: the backslashes dropped."""
    return re.sub(r"\\(.)", r"\1", markdown)


def record_json(**start: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(
        dumps_record(GameRecord(new_game(rule_set("classic-4p"), seed=3))))
    record["start"].update(start)
    return record


def as_bytes(data: object) -> bytes:
    return json.dumps(data).encode()


RESULT_WITH_A_LINK = {"sides": [
    {"seats": [0, 2], "items": [{"kind": "melds", "rule": "C-SCORE-1", "points": 5,
                                 "params": {"cards": PAYLOADS[0]}}]},
    {"seats": [1, 3], "items": []}]}
BAD_FILES = {
    "deep nesting": (b"[" * 50_000 + b"]" * 50_000, "nested more than"),
    "a huge integer": (b'{"format": "canasta-record/1", "start": {"seed": ' + b"9" * 5000
                       + b"}, \"moves\": []}", "5,000 digits"),
    "a deck that is not one": (as_bytes(record_json(decks=["KH KH KH KH"])), "decks[0]"),
    "a deck that is a number": (as_bytes(record_json(decks=[5])), "decks[0]"),
    "moves: 1.5": (as_bytes({**record_json(), "moves": 1.5}), "record.moves: expected a list"),
    "a seat of 1.5": (as_bytes({**record_json(), "moves": [{"seat": 1.5, "action": "draw"}]}),
                      "record.moves[0].seat"),
    "not UTF-8": (b"\xff\xfe{", "not UTF-8"),
    "not JSON": (b"{'format': 1}", "not JSON"),
    "a move out of turn": (as_bytes({**record_json(), "moves": [{"seat": 3, "action": "draw"}]}),
                           "seat"),
    "a key with a link": (as_bytes({**record_json(), PAYLOADS[0]: 1}), "unknown key"),
    "an action with HTML": (as_bytes({**record_json(), "moves": [
        {"seat": 1, "action": PAYLOADS[2]}]}), "not an action"),
    "an unknown preset": (as_bytes(record_json(rules={"preset": PAYLOADS[4]})), "preset"),
    "a card that is not one in a score": (as_bytes(record_json(phase="hand-over", results=[
        {"sides": [{"seats": [0, 2], "items": [{"kind": "x", "rule": "C-SCORE-1", "points": 5,
                                                 "params": {"card": PAYLOADS[0]}}]},
                   {"seats": [1, 3], "items": []}]}])), "not a card"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_file_that_cannot_be_used_changes_nothing(name: str) -> None:
    data, said = BAD_FILES[name]
    at = dealt()
    session = at.session_state[KEY]
    practice = session.practice
    state, entries, version = practice.state, list(practice.entries), table_version(at)
    load_game_file(session, data, EN)  # what the uploader's callback does with the file's bytes
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [shown(e.value) for e in at.error]
    assert any("This game file cannot be used" in error for error in errors), errors
    # said in words: no field of the file, no seat by its number (those are for the fold)
    assert not any(re.search(r"seat|\[\d+\]|record\.|start\.", error) for error in errors)
    details = [block.value for block in at.code]  # the fold for teachers: the engine's message
    assert any(said in text for text in details), details
    assert all(len(text) < 400 for text in errors + details)  # short, however large the file
    assert session.practice is practice and practice.state == state
    assert practice.entries == entries and table_version(at) == version
    assert session.preset == "classic-4p"


def test_a_move_out_of_turn_in_a_file_is_said_in_words() -> None:
    at = dealt()
    session = at.session_state[KEY]
    load_game_file(session, BAD_FILES["a move out of turn"][0], EN)
    at.run()
    assert [shown(e.value) for e in at.error] == [
        "This game file cannot be used: Move 1 of the game file is made by a player whose turn "
        "it was not."]
    assert [block.value for block in at.code] == ["move 1 is by seat 4, but it was seat 2's turn"]
    at.run()  # said once: gone on the next run
    assert not at.error and not at.code


def test_a_file_where_a_computer_player_moves_first_goes_on_to_the_learner() -> None:
    start = position("classic-2p", turn=1, phase="draw", hands=["KH KS 5C 7D", "4C 5C 6C"],
                     pile="4S 9D", sides=[["QH QS QD"], []])
    at = dealt()
    session = at.session_state[KEY]
    load_game_file(session, dumps_record(GameRecord(start)).encode(), EN)
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    practice = session.practice
    assert practice.state.actor == 0 and {e.seat for e in practice.entries} == {1}
    assert session.preset == "classic-2p"


def test_a_score_brought_by_a_file_is_shown_as_text() -> None:
    start = position_to_json(new_game(rule_set("classic-4p"), seed=3))
    start.update(phase="hand-over", results=[RESULT_WITH_A_LINK])
    at = dealt()
    session = at.session_state[KEY]
    load_game_file(session, as_bytes({"format": "canasta-record/1", "start": start,
                                      "moves": []}), EN)
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    tables = [m.value for m in at.markdown if "|---|" in m.value]
    assert tables and escape_markdown(PAYLOADS[0]) in tables[0]
    assert PAYLOADS[0] not in "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_url_values_are_shown_as_text(payload: str) -> None:
    at = app(lesson=payload, step=payload, seed=payload, lang=payload, preset=payload)
    assert at.session_state[KEY].lang == "en"
    errors = [e.value for e in at.error]
    assert any(escape_markdown(payload[:60]) in error for error in errors), errors
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception, [e.value for e in at.exception]
    every = [str(getattr(e, "value", "")) for kind in ("markdown", "error", "caption",
                                                          "warning", "info")
             for e in at.get(kind)]
    assert not any(payload in text for text in every), every


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_typed_move_is_quoted_as_text(payload: str) -> None:
    at = dealt()
    at.session_state["advanced"] = True  # open the fold (its body is built only while open)
    at.run()
    at.text_input(key="typed_move").set_value(payload).run()
    at.button(key="play_typed").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert any("is not a move" in shown(error) and escape_markdown(payload) in error
               for error in errors), errors
    assert all(payload not in error for error in errors), errors


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_step_that_is_not_a_number_opens_the_lessons_first_step(payload: str) -> None:
    at = app(lesson="cards-and-values", step=payload)
    session = at.session_state[KEY]
    assert (session.lesson_id, session.step_index) == ("cards-and-values", 0)
    assert not any(payload in str(getattr(e, "value", "")) for kind in ("markdown", "error",
                                                                         "warning")
                   for e in at.get(kind))
