"""Names in the form a sentence asks for: ``{card:acc|def}`` in a translation gets that form."""

from __future__ import annotations

import io
import string
from dataclasses import dataclass

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from tutor.devtools import catalog_render
from tutor.engine.actions import Draw
from tutor.engine.cards import Card, Rank
from tutor.engine.verdict import Reason, Verdict
from tutor.i18n import LANGUAGES, Translator, translator
from tutor.words import narrate
from tutor.words.explain import HEADLINES, _shown, explain_reason, explain_verdict, fill_reason
from tutor.words.names import (
    NAME_FIELDS,
    SEAT_NAMES,
    Form,
    FormError,
    card_name,
    cards_name,
    extract,
    rank_name,
    seat_name,
)
from tutor.words.reason_texts import REASON_TEXTS
from tutor.words.seats import Perspective


@dataclass(frozen=True)
class Planted(Translator):
    """A translator over an in-memory catalog."""

    entries: tuple[tuple[str | None, str | tuple[str, str], str | tuple[str, str]], ...] = ()

    @property
    def _t(self) -> NullTranslations:
        cat = Catalog(locale="el", domain="tutor")
        for context, msgid, msgstr in self.entries:
            cat.add(msgid, msgstr, context=context)
        buffer = io.BytesIO()
        write_mo(buffer, cat)
        buffer.seek(0)
        return Translations(fp=buffer, domain="tutor")


KH = Card.parse("KH")
GREEK = Planted("el", (
    ("rank", ("king", "kings"), ("ρήγας", "ρηγάδες")),
    ("rank|acc", ("king", "kings"), ("ρήγα", "ρηγάδες")),
    ("suit", "hearts", "κούπα"),
    ("card", "{rank} of {suit}", "{rank} {suit}"),
    ("card|acc|def", "the {rank} of {suit}", "τον {rank:acc} {suit}"),
    (None, "You may discard the {card}.", "Μπορείτε να πετάξετε {card:acc|def}."),
))


def test_a_form_spec_is_parsed_and_an_unknown_one_refused() -> None:
    assert Form.parse("acc|def") == Form("acc", True) == Form.parse("def.acc")
    assert Form.parse("pl") == Form(plural=True)
    for bad in ("akk", "acc|gen", "", "acc|acc"):
        with pytest.raises(FormError):
            Form.parse(bad)


def test_a_translation_gets_the_form_it_asks_for() -> None:
    template = "You may discard the {card}."
    text = GREEK.format(GREEK.gettext(template), template, card=card_name(KH, GREEK))
    assert text == "Μπορείτε να πετάξετε τον ρήγα κούπα."
    assert f"{card_name(KH, GREEK)}" == "ρήγας κούπα"  # no spec: the bare nominative


def test_a_missing_form_falls_back_to_the_nominative_not_to_english() -> None:
    kings = rank_name(Rank.KING, GREEK)
    assert f"{kings:gen|def}" == "ρηγάδες"  # no genitive entries: the nominative plural
    assert f"{kings:acc}" == "ρηγάδες" and f"{rank_name(Rank.KING, GREEK, 1):acc}" == "ρήγα"


def test_english_keeps_its_articles() -> None:
    en = translator("en")
    assert f"{card_name(KH, en):acc|def}" == "the king of hearts"
    assert str(cards_name([KH, Card.parse("2C")], en)) == "the king of hearts and the two of clubs"
    assert f"{cards_name([KH], en):acc}" == "king of hearts"


def test_a_form_spec_on_plain_text_keeps_the_text() -> None:
    en = translator("en")
    assert en.format("{error:acc}!", "{error}!", error="no") == "no!"


def _asked(text: str) -> list[tuple[str, str]]:
    return [(f, spec) for _, f, spec, _ in string.Formatter().parse(text)
            if f in NAME_FIELDS and spec]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_reason_with_a_name_renders_the_form_its_translation_asks_for(lang: str) -> None:
    tr = translator(lang)
    for entry in REASON_TEXTS:
        sources = entry.text if isinstance(entry.text, tuple) else (entry.text,)
        for count, source in zip((1, 3), sources, strict=False):
            params = catalog_render._params(entry, count if len(sources) == 2 else None)
            text = fill_reason(entry, params, tr)
            assert not catalog_render.unfilled(text), (lang, source, text)
            translated = (tr.ngettext(*entry.text, count) if isinstance(entry.text, tuple)
                          else tr.gettext(entry.text))
            for field, spec in _asked(translated):
                form = format(_shown(field, params[field], tr), spec)
                assert form in text, (lang, source, field, spec, form, text)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_event_and_hint_renders_in_every_language(lang: str) -> None:
    tr = translator(lang)
    parts = {"headlines": catalog_render.headline_rows(tr),
             "reasons": catalog_render.reason_rows(tr),
             "events": catalog_render.event_rows(tr), "hints": catalog_render.hint_rows(tr)}
    for title, rows in parts.items():
        for source, text in rows:
            assert not catalog_render.unfilled(text), (lang, title, source, text)


def test_no_greek_sentence_puts_a_card_name_in_brackets() -> None:
    """The Greek catalog worked around the missing forms with "… το φύλλο ({card})"."""
    tr = translator("el")
    bracketed = []
    for entry in REASON_TEXTS:
        if isinstance(entry.text, str) and {"card", "top"} & entry.keys:
            text = fill_reason(entry, catalog_render._params(entry, None), tr)
            names = [str(card_name(Card.parse(c), tr)) for c in ("QH", "7C")]
            if any(f"({name})" in text for name in names):
                bracketed.append(entry.text)
    assert bracketed == []


def test_a_headline_names_the_card_in_the_form_asked_for() -> None:
    from tutor.engine.actions import Discard
    from tutor.engine.verdict import Verdict

    verdict = Verdict(Discard(KH))
    assert explain_verdict(verdict, translator("en")).headline == HEADLINES[("discard", True)] \
        .format(card="king of hearts")
    assert narrate.the_card(KH, translator("en")) == "the king of hearts"


# ----- seats named inside a sentence ------------------------------------------------------------


def test_a_seat_is_named_with_its_article_and_its_genitive_in_english() -> None:
    en = translator("en")
    left, partner = seat_name("left", en), seat_name("partner", en)
    assert (str(left), f"{left:gen|def}", f"{left:nom}") == (
        "the left opponent", "the left opponent's", "left opponent")
    assert (str(partner), f"{partner:gen|def}", f"{partner:acc}") == (
        "your partner", "your partner's", "partner")
    assert str(seat_name("opponent", en)) == "the opponent"


GREEK_SEATS = Planted("el", (
    ("seat name|nom|def", "the left opponent", "ο αριστερός αντίπαλος"),
    ("seat name|gen|def", "the left opponent's", "του αριστερού αντιπάλου"),
    (None, "{who:gen|def} side has melded already, so they meld freely.",
     "Η πλευρά {who:gen|def} έχει ήδη δηλώσει, άρα δηλώνει ελεύθερα."),
    (None, "{who} may draw from the stock.", "{who} μπορεί να τραβήξει από την τράπουλα."),
))


def test_a_sentence_about_another_seat_gets_the_form_its_translation_asks_for() -> None:
    left = Perspective(1, 0, 4)
    text = explain_reason(Reason.of("C-INIT-4", count=60), GREEK_SEATS, "permit", left)
    assert text == "Η πλευρά του αριστερού αντιπάλου έχει ήδη δηλώσει, άρα δηλώνει ελεύθερα."
    headline = explain_verdict(Verdict(Draw()), GREEK_SEATS, left).headline
    assert headline == "Ο αριστερός αντίπαλος μπορεί να τραβήξει από την τράπουλα."


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_reason_about_another_seat_renders_in_every_language(lang: str) -> None:
    tr = translator(lang)
    for entry in REASON_TEXTS:
        if entry.other is None:
            continue
        for count in (1, 3) if isinstance(entry.other, tuple) else (None,):
            params = catalog_render._params(entry, count)
            text = fill_reason(entry, params, tr, seat_name("right", tr))
            assert not catalog_render.unfilled(text) and not text[:1].islower(), (lang, text)


def test_the_seat_names_are_extracted_with_their_forms_for_translators() -> None:
    rows = [row for row in extract(io.BytesIO(), {}, (), {}) if row[2][0].startswith("seat name")]
    assert len(rows) == 8 * len(SEAT_NAMES)  # four cases, with and without the article
    by_context = {row[2]: row[3][0] for row in rows}
    assert "{who:gen|def}" in by_context[("seat name|gen|def", "the left opponent's")]
    assert "{who}" in by_context[("seat name|nom|def", "your partner")]


# ----- the article alone, a choice by article, lists with forms (issue 28) -----------------------


GERMAN = Planted("de", (
    ("rank", ("queen", "queens"), ("Dame", "Damen")),
    ("rank|acc", ("queen", "queens"), ("Dame", "Damen")),
    ("rank|acc|def", ("the queen", "the queens"), ("die Dame", "die Damen")),
    ("rank", ("king", "kings"), ("König", "Könige")),
    ("rank|acc", ("king", "kings"), ("König", "Könige")),
    ("rank|acc|def", ("the king", "the kings"), ("den König", "die Könige")),
    ("rank|nom|def", ("the king", "the kings"), ("der König", "die Könige")),
    ("rank|dat", ("king", "kings"), ("König", "Königen")),
    ("rank|dat|def", ("the king", "the kings"), ("dem König", "den Königen")),
    ("rank|nom|def", ("the queen", "the queens"), ("die Dame", "die Damen")),
    ("suit", "hearts", "Herz"),
    ("card", "{rank} of {suit}", "{suit}-{rank}"),
    ("card|acc|def", "the {rank} of {suit}", "{rank:acc|art} {suit}-{rank:acc}"),
    ("card|dat|def", "the {rank} of {suit}", "{rank:dat|art} {suit}-{rank:dat}"),
    (None, "You may discard the {card}.", "Sie dürfen {card:acc|def} abwerfen."),
))


def test_the_article_alone_builds_a_german_card_name_in_every_case() -> None:
    king, queen = rank_name(Rank.KING, GERMAN, 1), rank_name(Rank.QUEEN, GERMAN, 1)
    assert (f"{king:acc|art}", f"{king:dat|art}", f"{queen:acc|art}") == ("den", "dem", "die")
    assert f"{rank_name(Rank.KING, GERMAN):dat|art}" == "den"  # plural: "den Königen"
    template = "You may discard the {card}."
    queen_of_hearts = card_name(Card.parse("QH"), GERMAN)
    assert GERMAN.format(GERMAN.gettext(template), template, card=queen_of_hearts) == \
        "Sie dürfen die Herz-Dame abwerfen."
    assert f"{card_name(KH, GERMAN):dat|def}" == "dem Herz-König"
    assert f"{card_name(KH, GERMAN):acc|art}" == "den"  # a card's article is its rank's


def test_the_article_alone_is_nothing_where_a_language_has_no_separate_article() -> None:
    assert f"{rank_name(Rank.KING, translator('nb'), 1):acc|art}" == ""
    assert f"{rank_name(Rank.KING, translator('en'), 1):art}" == "the"
    assert translator("en").format("{error:art}x", "{error}x", error="no") == "x"


def test_a_choice_by_article_agrees_with_the_ranks_gender() -> None:
    tr = translator("el")
    spec = "{rank:ο=τρεις|η=τρεις|*=τρία} {rank:acc}"
    shown = [spec.format(rank=rank_name(rank, tr)) for rank in (Rank.ACE, Rank.QUEEN, Rank.SEVEN)]
    assert shown == ["τρεις άσους", "τρεις ντάμες", "τρία εφτάρια"]
    assert f"{rank_name(Rank.SEVEN, tr):το=ένα|ο=έναν}" == "ένα"


def test_a_choice_without_a_text_for_the_article_falls_back_to_english() -> None:
    tr = translator("el")
    with pytest.raises(FormError):
        format(rank_name(Rank.SEVEN, tr), "ο=τρεις|η=τρεις")
    assert tr.format("{rank:ο=τρεις} {rank}", "three {rank}", rank=rank_name(Rank.SEVEN, tr)) \
        == f"three {rank_name(Rank.SEVEN, tr)}"


@pytest.mark.parametrize("bad", ["ο=τρεις|η", "=τρεις", "ο=a|Ο=b", "ο=a=b"])
def test_a_broken_choice_is_refused_by_its_parser(bad: str) -> None:
    with pytest.raises(FormError):
        Form.parse(bad)


def test_a_choice_and_the_article_form_read_back_as_their_spec() -> None:
    assert Form.parse("acc|art") == Form("acc", True, None, True)
    assert Form.parse("acc|art").spec == "acc|art"
    assert Form.parse("ο=τρεις|*=τρία").spec == "ο=τρεις|*=τρία"


def test_the_melds_of_a_hint_take_the_form_a_translation_asks_for() -> None:
    from tutor.engine.actions import Group, Meld
    from tutor.words.describe import LAY, describe

    assert {"melds", "layoffs"} <= NAME_FIELDS
    for lang, wanted in (("el", "Κατεβάστε την ντάμα κούπα και τον τζόκερ."),
                         ("de", "Legen Sie die Herz-Dame und den Joker aus.")):
        tr = translator(lang)
        assert "{melds:acc|def}" in tr.gettext(LAY)
        meld = Meld((Group((Card.parse("QH"), Card.parse("JK"))),))
        assert describe(meld, tr) == wanted


def test_the_german_and_greek_catalogs_use_the_new_forms() -> None:
    de, el = translator("de"), translator("el")
    assert f"{card_name(Card.parse('5D'), de):acc|def}" == "die Karo-Fünf"
    assert f"{card_name(KH, de):dat|def}" == "dem Herz-König"
    entry = next(e for e in REASON_TEXTS if e.text == "No: you still hold three or more {rank}, "
                 "which would cost the side 1,500.")
    sevens = fill_reason(entry, {"rank": "7"}, el)
    aces = fill_reason(entry, {"rank": "A"}, el)
    assert "τρία ή περισσότερα εφτάρια" in sevens and "τρεις ή περισσότερους άσους" in aces
