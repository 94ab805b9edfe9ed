"""The catalog checks: the real catalogs pass, and each planted problem is caught."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from tutor import catalogs
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
    cat = translated("es")  # Spanish has three plural forms
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
    tr = translator("fr")
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
