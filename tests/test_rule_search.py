"""The rules look-up (tutor.words.rule_search and the Rules page): a word finds its rules in
both families, in the learner's language, with accents or without; each rule found shows its
title and text (its id only in a tooltip), its counterparts and the lessons that teach it."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from test_app import app, texts

from tutor.i18n import LANGUAGES, translator
from tutor.words.explain import rule_title
from tutor.words.rule_search import folded, search
from tutor.words.rule_sources import legend

EN = translator("en")


def test_frozen_finds_the_classic_rules_and_the_modern_pile() -> None:
    found = search("frozen", EN)
    assert [term.key for term in found.terms] == ["frozen pile"]
    assert {"C-PILE-3", "C-PILE-4"} <= set(found.direct[:3])
    assert {"M-PILE-1", "M-PILE-2"} <= set(found.related)
    assert "M-DEAL-1" not in found.related  # a passing mention brings no other topic


def test_going_out_finds_both_families_directly() -> None:
    found = search("going out", EN)
    assert {"C-OUT-1", "M-OUT-1", "M-OUT-5"} <= set(found.direct)
    assert found.direct.index("C-OUT-1") < found.direct.index("C-SCORE-1")  # titles first


def test_nothing_for_nothing_and_no_match() -> None:
    assert search("", EN).direct == () and search("x", EN).direct == ()
    assert search("zebra crossing", EN).direct == ()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_term_in_the_learners_language_finds_rules_of_both_families(lang: str) -> None:
    tr = translator(lang)
    word = rule_title("C-PILE-3", tr).split()[-1]  # "The frozen pile" in the language
    found = search(word, tr)
    assert "C-PILE-3" in found.direct, (lang, word)
    assert any(rule.startswith("M-") for rule in found.direct + found.related), (lang, word)


def test_accents_and_case_do_not_matter() -> None:
    assert folded("Παγωμένη") == folded("παγωμενη")
    el = translator("el")
    title = rule_title("C-PILE-3", el)
    assert "C-PILE-3" in search(folded(title), el).direct


def rules_page(lang: str = "en") -> AppTest:
    at = app(lang)
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_rules_page_finds_frozen_in_both_families_with_links() -> None:
    at = rules_page()
    at.text_input(key="rules_search").set_value("frozen").run()
    assert not at.exception, [e.value for e in at.exception]
    subheaders = [h.value for h in at.subheader]
    assert "Classic Canasta" in subheaders and "The same topics in the other family" in subheaders
    shown = texts(at)
    assert f"**{rule_title('C-PILE-3', EN)}**" in shown.replace("\\", "")
    assert f"**{rule_title('M-PILE-1', EN)}**" in shown.replace("\\", "")
    # The id only in the tooltip of the title.
    titles = [m for m in at.markdown if rule_title("C-PILE-4", EN) in str(m.value)]
    assert any("C-PILE-4" in (m.proto.help or "") for m in titles)
    links = {(link.proto.label, link.proto.page) for link in at.get("page_link")}
    assert any(label == rule_title("M-PILE-1", EN) for label, _page in links)
    # The lessons that teach the frozen pile, opened on the Lessons page.
    lesson = next(link for link in at.get("page_link")
                  if link.proto.label == "The frozen pile and stop cards")
    assert lesson.proto.page != "rules" and "frozen-pile-and-stop-cards" in str(lesson.proto)


def test_a_rule_named_in_the_address_comes_first() -> None:
    at = app()
    at.query_params["rule"] = "M-OUT-5"
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception
    assert any(str(c.value).startswith("Sources") or "CLA" in str(c.value) for c in at.caption)
    first = next(m for m in at.markdown if "**" in str(m.value))
    assert rule_title("M-OUT-5", EN) in str(first.value)


def test_the_page_has_the_legend_and_the_families_compared() -> None:
    at = rules_page("sv")
    sv = translator("sv")
    shown = texts(at)
    for ref in legend():
        assert f"**{ref.key}**: [{ref.title}]({ref.address})" in shown
    assert "seed" not in shown.lower()
    assert sv.gettext("Players and deal") in shown
    assert sv.gettext("Game target") in shown


def test_my_house_rules_change_the_families_compared() -> None:
    at = rules_page()
    from tutor.ui.session import KEY
    learner = at.session_state[KEY]
    learner.preset, learner.options = "modern-american", {"V-M4": "forbidden"}
    at.toggle(key="compare_mine").set_value(True).run()
    shown = texts(at).replace("\\", "")
    assert "You may not go out while a meld of aces" in shown
    assert f"Played here with your house rule: {rule_title('V-M4', EN)}" in shown
