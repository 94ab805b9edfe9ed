"""Cards that cannot be scored or set up, said in words (tutor.words.input_errors): the engine
gives a code and parameters (cards as Card values), the words say what is wrong and how to fix
it in the learner's language, and the engine's message (which names a file's fields) is kept
only for a details fold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_app import app

from tutor.engine.cards import Card, Rank
from tutor.engine.errors import NotationError, PositionError
from tutor.engine.records import position_from_json
from tutor.engine.scoring import meld_from_text, tallies_from_json
from tutor.i18n import LANGUAGES, translator
from tutor.words.input_errors import (
    CODES,
    coded,
    error_words,
    meld_problem,
    typed_cards_problem,
)

EN = translator("en")
SCORING = Path(__file__).resolve().parent.parent / "tutor" / "engine" / "scoring.py"
# What a learner must never read: a file's field path, notation of a meld, a rule id.
KEY = re.compile(r"sides\[|melds\[|position\.|'4C 9D KD'|\bC-MELD")


def test_the_scorer_says_what_is_wrong_as_data() -> None:
    with pytest.raises(NotationError) as raised:
        meld_from_text("4C 9D KD")
    assert raised.value.code == "meld-mixes-ranks"
    assert raised.value.params["ranks"] == (Rank.FOUR, Rank.NINE, Rank.KING)
    assert raised.value.params["cards"] == tuple(map(Card.parse, ("4C", "9D", "KD")))
    with pytest.raises(NotationError) as raised:
        tallies_from_json({"sides": [{"melds": ["KH KH KH"], "players": [
            {"seat": 0, "hand": "KH KH"}]}]}, 4)
    assert raised.value.code == "too-many-copies"
    assert raised.value.params["cards"] == (Card.parse("KH"),)


def test_every_code_the_scorer_raises_has_words() -> None:
    raised = set(re.findall(r'code="([a-z-]+)"', SCORING.read_text(encoding="utf-8")))
    assert raised and raised <= CODES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mixed_meld_in_a_position_is_said_in_words(lang: str) -> None:
    tr = translator(lang)
    with pytest.raises(PositionError) as raised:
        position_from_json({"rules": {"preset": "classic-4p"}, "turn": 0, "phase": "play",
                            "hands": ["KH", "", "", ""], "pile": "",
                            "sides": [["4C 9D KD"], []]})
    assert coded(raised.value) is not None  # through the position reader's own wrapping
    worded = error_words(raised.value, tr)
    assert not KEY.search(worded.text), worded.text
    assert "position.sides[0].melds[0]" in worded.details
    if lang == "en":
        assert worded.text.startswith("A meld holds cards of one rank")
        assert "fours, nines, and kings" in worded.text


def test_typed_fields_are_checked_and_named_in_words() -> None:
    problem = typed_cards_problem([("Your hand", "KH 11H", False)], EN)
    assert problem is not None and problem.text.startswith('Your hand: "11H" is not a card.')
    problem = typed_cards_problem([("Your melds", "4C 9D KD", True)], EN)
    assert problem is not None and problem.text.startswith("Your melds: A meld holds")
    assert typed_cards_problem([("Your melds", "KH KS 2C", True)], EN) is None


def test_picked_cards_are_checked_as_a_meld() -> None:
    assert meld_problem([Card.parse("KH"), Card.parse("KS")], EN) is None
    said = meld_problem([Card.parse("KH"), Card.parse("QS")], EN)
    assert said is not None and "queens and kings" in said


def test_an_error_without_a_code_gets_general_words_and_its_details() -> None:
    worded = error_words(PositionError("position.turn: expected a seat"), EN)
    assert "do not make a position" in worded.text and worded.details.startswith("position.")


def test_the_rules_checker_shows_words_and_folds_the_key() -> None:
    at = app()
    at.switch_page("app_pages/rules.py").run()
    at.text_input(key="check_melds").set_value("4C 9D KD").run()
    assert not at.exception
    [error] = [e.value for e in at.error]
    assert not KEY.search(error) and "A meld holds cards of one rank" in error.replace("\\", "")
