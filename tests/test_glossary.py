"""The glossary at hand in lessons: terms found in each language, their meanings, the marks."""

from __future__ import annotations

import io
import re

import pytest

from tutor.i18n import LANGUAGES, translator
from tutor.lessons.load import load_all
from tutor.lessons.runner import say
from tutor.ui.glossary_view import marked
from tutor.words.glossary import extract, local_name, meaning, terms, used_in


def test_a_lesson_text_names_its_terms() -> None:
    found = {term.key for term in used_in("Take the pile with a natural pair; a red three "
                                          "is laid out and the pile is a frozen pile.", "en")}
    assert {"natural pair", "red three", "frozen pile"} <= found


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_language_finds_terms_in_its_own_lessons(lang: str) -> None:
    tr = translator(lang)
    found = {term.key for lesson in load_all() for step in lesson.steps if step.text
             for term in used_in(say(lesson, step.text, tr), lang)}
    assert len(found) >= 8, found  # the lessons use the vocabulary they teach
    for key in found:
        term = next(t for t in terms() if t.key == key)
        assert meaning(term, tr) and local_name(term, lang)


def test_each_term_is_marked_once_and_meanings_are_never_marked() -> None:
    text = "A natural card and another natural card; a natural pair."
    html = marked(text, translator("en"))
    assert html.count("<abbr") == 2  # natural card once, natural pair once
    assert not re.search(r"<abbr[^>]*<abbr", html)
    assert marked("<img src=x onerror=alert(1)>", translator("en")).startswith("&lt;img")


def test_the_meanings_are_extracted_for_translators() -> None:
    source = b"term,meaning\nmeld,cards of one rank laid face up\n"
    assert [m[2] for m in extract(io.BytesIO(source), {}, None, {})] == [
        ("glossary", "cards of one rank laid face up")]


def test_a_meaning_that_only_names_its_term_again_is_found() -> None:
    from tutor.words.glossary import Term, restates

    assert restates(Term("joker", "the joker card"))
    assert restates(Term("dealer", "the player who deals"))
    assert restates(Term("black three", "a stop card"))
    assert not restates(Term("wild card", "a joker or a two"))
    assert not restates(Term("black three", "a three of clubs or spades: discarded, it stops "
                                            "the next player from taking the pile"))


def test_every_meaning_explains_its_term() -> None:
    """A learner pointing at "joker" must learn more than "the joker card"."""
    from tutor.words.glossary import restates

    assert not [term.key for term in terms() if restates(term)]


def test_the_pictures_are_of_glossary_terms_in_cards() -> None:
    from tutor.engine.cards import parse_cards
    from tutor.ui.glossary_view import PICTURES

    keys = {term.key for term in terms()}
    assert set(PICTURES) <= keys
    assert all(parse_cards(cards) for cards in PICTURES.values())
