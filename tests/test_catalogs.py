"""The catalog checks: the real catalogs pass, and each planted problem is caught."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from babel.messages.catalog import Catalog

from tutor.devtools import catalogs
from tutor.i18n import LANGUAGES, catalog_path, translator


def template() -> Catalog:
    cat = Catalog(domain="tutor")
    cat.add("Your first meld counts {count}.", flags=["python-brace-format"])
    cat.add(("{cards} card left", "{cards} cards left"), flags=["python-brace-format"])
    cat.add("Going out", context="score")
    return cat


def translated(lang: str = "de") -> Catalog:
    cat = Catalog(locale=lang, domain="tutor")
    cat.add("Your first meld counts {count}.", "Deine Erstmeldung zählt {count}.",
            flags=["python-brace-format"])
    cat.add(("{cards} card left", "{cards} cards left"),
            ("eine Karte übrig", "{cards} Karten übrig"), flags=["python-brace-format"])
    cat.add("Going out", "Ausmachen", context="score")
    return cat


def keys(cat: Catalog) -> set[catalogs.Key]:
    return {catalogs._key(m) for m in cat if m.id}


def problems(cat: Catalog) -> list[str]:
    return [p.what for p in catalogs.check_catalog(cat, keys(template()), "test.po")]


def test_a_good_catalog_passes() -> None:
    assert problems(translated()) == []


def test_a_renamed_placeholder_is_caught() -> None:
    cat = translated()
    cat["Your first meld counts {count}."].string = "Deine Erstmeldung zählt {punkte}."
    assert any("placeholders ['{punkte}']" in p for p in problems(cat))


def test_an_untranslated_entry_is_caught() -> None:
    cat = translated()
    cat.get("Going out", context="score").string = ""
    assert problems(cat) == ["untranslated"]


def test_a_fuzzy_entry_is_caught() -> None:
    cat = translated()
    cat["Your first meld counts {count}."].flags.add("fuzzy")
    assert "fuzzy entry" in problems(cat)


def test_a_wrong_number_of_plural_forms_is_caught() -> None:
    cat = translated("es")  # Babel's CLDR data gives Spanish three plural forms
    assert any("2 plural forms" in p for p in problems(cat))


def test_a_missing_entry_is_caught() -> None:
    cat = translated()
    del cat["Your first meld counts {count}."]
    assert any("1 entries of the template missing" in p for p in problems(cat))


def test_a_stale_template_is_caught(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    fresh = catalogs.extract()
    fresh.add("A brand new text from the code.")
    found = catalogs.check_all(fresh=fresh)
    assert any("out of date" in p.what for p in found)


def test_the_project_catalogs_pass_every_check() -> None:
    found = catalogs.check_all(fresh=catalogs.extract())
    assert not found, "\n".join(map(str, found[:20]))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_a_catalog_that_loads(lang: str) -> None:
    from babel.support import Translations

    assert catalog_path(lang).is_file()
    assert isinstance(translator(lang)._t, Translations)


def test_a_missing_language_falls_back_to_english() -> None:
    tr = translator("ja")
    assert tr.lang == "en" and tr.gettext("Going out") == "Going out"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_keeps_a_glossary_of_every_term(lang: str) -> None:
    import csv

    root = catalogs.LOCALES_DIR
    with (root / "glossary.csv").open(encoding="utf-8") as handle:
        terms = [row["term"] for row in csv.DictReader(handle)]
    with (root / lang / "glossary.csv").open(encoding="utf-8") as handle:
        rows = {row["term"]: row[lang] for row in csv.DictReader(handle)}
    assert [t for t in terms if not rows.get(t, "").strip()] == []


# ----- forms, comments, headers, glossary, msgfmt --------------------------------------------


def test_a_translation_may_ask_for_another_form_of_a_name() -> None:
    cat = translated()
    cat.add("You may discard the {card}.", "Sie dürfen {card:acc|def} abwerfen.")
    tmpl = template()
    tmpl.add("You may discard the {card}.")
    assert [p.what for p in catalogs.check_catalog(cat, keys(tmpl), "test.po")] == []


def test_an_unknown_form_is_caught() -> None:
    cat = translated()
    cat.add("You may discard the {card}.", "Sie dürfen {card:akk} abwerfen.")
    tmpl = template()
    tmpl.add("You may discard the {card}.")
    found = [p.what for p in catalogs.check_catalog(cat, keys(tmpl), "test.po")]
    assert any("unknown form 'akk'" in p for p in found), found


def test_a_form_on_a_placeholder_no_name_fills_is_caught() -> None:
    cat = translated()
    cat["Your first meld counts {count}."].string = "Deine Erstmeldung zählt {count:acc}."
    assert any("only names" in p for p in problems(cat))


def test_a_missing_translator_comment_is_caught() -> None:
    cat = Catalog(domain="tutor")
    cat.add("Seat {seat} is to play.", auto_comments=["{seat} is a seat number, e.g. 2"])
    cat.add("Your first meld counts {count}.")  # planted: a placeholder, no comment
    cat.add("on", context="switch")  # planted: a short label, no comment
    cat.add("A whole sentence that needs no comment.")
    found = [p.where for p in catalogs.check_comments(cat, "t.pot")]
    assert found == ["t.pot 'Your first meld counts {count}.'", "t.pot 'on' (context 'switch')"]


def _header(lang: str, plural: str) -> Catalog:
    cat = translated(lang)
    cat.project, cat.version = "canasta-tutor", "0.1"
    cat.header_comment = "# canasta-tutor translations."
    cat.language_team = "Deutsch <https://example.org>"
    cat.last_translator = "Translators <t@example.org>"
    cat.msgid_bugs_address = "https://example.org/issues"
    cat.copyright_holder = "the authors"
    cat.fuzzy = False
    cat.revision_date = datetime(2026, 1, 1, tzinfo=UTC)
    cat.mime_headers = [("Plural-Forms", plural)]
    return cat


def test_a_clean_header_passes() -> None:
    assert list(catalogs.check_header(_header("de", "nplurals=2; plural=(n != 1);"), "de", "x")) \
        == []
    assert list(catalogs.check_header(_header("fr", "nplurals=2; plural=(n > 1);"), "fr", "x")) \
        == []


def test_a_fuzzy_header_is_caught() -> None:
    cat = _header("de", "nplurals=2; plural=(n != 1);")
    cat.fuzzy = True  # planted
    found = [p.what for p in catalogs.check_header(cat, "de", "x")]
    assert found == ["the header is marked fuzzy (#, fuzzy): remove the flag"]


def test_placeholder_header_values_and_cldr_plural_forms_are_caught() -> None:
    cat = _header("es", "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);")
    cat.last_translator = "FULL NAME <EMAIL@ADDRESS>"
    found = " | ".join(p.what for p in catalogs.check_header(cat, "es", "x"))
    assert "'FULL NAME'" in found and "gettext's convention for es" in found


def test_a_wrong_glossary_variant_is_caught() -> None:
    cat = translated("es")
    cat.add("Take the discard pile.", "Toma la pila de descarte.")  # planted: not "pozo"
    found = [p.what for p in catalogs.check_glossary(
        cat, "es", "es.po", wrong={"discard pile": ("pila de descarte",)})]
    assert found == ["'pila de descarte' is a wrong variant of 'discard pile': use 'pozo'"]


def test_every_language_lists_the_wrong_variants_the_review_found() -> None:
    assert "pila de descarte" in catalogs.wrong_variants("es")["discard pile"]
    assert catalogs.wrong_variants("sv")["clockwise"] == ("medurs",)
    assert "frosset kastebunke" in catalogs.wrong_variants("nb")["frozen pile"]
    assert "μοναχικός παίκτης" in catalogs.wrong_variants("el")["lone hand"]


def test_msgfmt_missing_is_a_problem_not_a_skip(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogs.shutil, "which", lambda _name: None)
    found = list(catalogs.check_msgfmt(catalog_path("de")))
    assert found and "msgfmt is missing" in found[0].what


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_msgfmt_checks_every_catalog(lang: str) -> None:
    assert list(catalogs.check_msgfmt(catalogs.catalog_path(lang))) == []


def test_msgfmt_catches_a_broken_catalog(tmp_path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.po"
    broken.write_text('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                      'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\n', encoding="utf-8")
    assert list(catalogs.check_msgfmt(broken))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_review_page_renders_every_sentence_filled(lang: str) -> None:
    from tutor.devtools.catalog_render import grouped, render_html, sections, unfilled

    tr = translator(lang)
    rows = [row for _title, part in sections(tr) for row in part]
    assert len(rows) > 800
    assert [text for _source, text in rows if unfilled(text)] == []
    page = render_html(tr, LANGUAGES[lang])
    shown = sum(len(texts) for _title, part in sections(tr) for _, texts in grouped(part))
    assert page.count("<li>") == shown and "<script" not in page


# ----- no ids inside sentences ------------------------------------------------------------------


@pytest.mark.parametrize("planted", ["C-PILE-4", "V-C1", "M-OUT-5", "C3-7", "C2-5", "S-TAKE-PILE"])
def test_a_rule_id_inside_a_translation_is_caught(planted: str) -> None:
    cat = translated()
    cat.add("Take the discard pile.", f"Nimm den Stapel ({planted}).")
    found = [p.what for p in catalogs.check_ids(cat, "de.po")]
    assert len(found) == 1 and repr(planted) in found[0], found


def test_a_clean_translation_and_an_entry_for_teachers_pass_the_id_check() -> None:
    cat = translated()
    cat.add("Take the discard pile.", "Nimm den Stapel, S-Bahn-Fahrerin.")  # no id, a word
    cat.add("Rule id (for teachers): {rule}", "Regel-Id: V-C1 {rule}",
            auto_comments=["the tooltip of a rule's title, for teachers"])
    assert list(catalogs.check_ids(cat, "de.po")) == []


def test_a_rule_id_inside_an_english_sentence_is_caught() -> None:
    tmpl = template()
    tmpl.add("At this table a black three freezes the pile (V-C2).")
    found = [p.what for p in catalogs.check_ids(tmpl, "tutor.pot", source=True)]
    assert len(found) == 1 and "'V-C2'" in found[0]
    assert list(catalogs.check_ids(template(), "tutor.pot", source=True)) == []
