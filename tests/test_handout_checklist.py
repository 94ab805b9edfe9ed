"""The first-game checklist (tutor.handout.checklist): in every language and for both families a
valid one-page A4 PDF whose text, read back with poppler's ``pdftotext``, holds the engine's
values (the initial-meld table, the deal, the threes), whose words lie inside the margins, which
still fits its page in a language longer than any we have, and which the command line, the Rules
page and the Learn page offer.

Like tests/test_handout.py, the poppler tools missing fail the run under CI and skip elsewhere.
"""

from __future__ import annotations

import math
import re
import subprocess
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import pytest
from test_app import app
from test_handout import A4, MARGIN, norm, poppler, preset

from tutor.cli import main
from tutor.engine.rules import PRESET_NAMES, RuleSet, rule_set
from tutor.handout import FAMILIES, checklist, first_game
from tutor.handout.checklist import (
    HANDS,
    SUBTITLE,
    first_player_is_left_of_dealer,
    modern_threes_scale,
)
from tutor.handout.summary import BELOW, CLASSIC, FROM, MODERN
from tutor.i18n import LANGUAGES, Translator, translator

CASES = [(family, lang) for lang in LANGUAGES for family in FAMILIES]


@cache
def made(rules: RuleSet, tr: Translator) -> tuple[bytes, float]:
    pdf, scale = checklist.document(rules, tr)
    return bytes(pdf.output()), scale


def text_of(data: bytes, *flags: str) -> str:
    done = subprocess.run([poppler("pdftotext"), *flags, "-", "-"], input=data,
                          capture_output=True, check=True)
    return done.stdout.decode("utf-8")


@cache
def page_text(rules: RuleSet, tr: Translator) -> str:
    return norm(text_of(made(rules, tr)[0]))


def boxes(data: bytes) -> list[tuple[float, float, float, float]]:
    found = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"',
                       text_of(data, "-bbox"))
    return [(float(a), float(b), float(c), float(d)) for a, b, c, d in found]


def assert_one_a4_page(data: bytes, tmp_path: Path) -> None:
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    path = tmp_path / "checklist.pdf"
    path.write_bytes(data)
    info = subprocess.run([poppler("pdfinfo"), str(path)], capture_output=True, text=True,
                          check=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M), info
    (size,) = re.findall(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
    assert (float(size[0]), float(size[1])) == A4


def assert_inside_the_margins(data: bytes) -> int:
    found = boxes(data)
    for x0, y0, x1, y1 in found:
        assert x0 >= MARGIN - 2 and x1 <= A4[0] - MARGIN + 2, (x0, x1)
        assert y0 >= MARGIN - 2 and y1 <= A4[1] - MARGIN + 2, (y0, y1)
    return len(found)


# ----- a valid page in every language ------------------------------------------------------------


@pytest.mark.parametrize(("family", "lang"), CASES)
def test_a_valid_one_page_a4_pdf_in_the_language(family: str, lang: str,
                                                 tmp_path: Path) -> None:
    rules, tr = preset(family), translator(lang)
    data, scale = made(rules, tr)
    assert_one_a4_page(data, tmp_path)
    assert scale >= 0.8, scale  # readable type
    text = page_text(rules, tr)
    assert norm(tr.gettext(MODERN if family == "modern" else CLASSIC)) in text
    subtitle = tr.format(tr.ngettext(*SUBTITLE, rules.players), SUBTITLE[1],
                         players=rules.players)
    assert norm(subtitle) in text
    assert norm(tr.gettext("Opponents")) in text  # a translated entry: the language is used


@pytest.mark.parametrize(("family", "lang"), CASES)
def test_the_initial_meld_table_is_the_engines_minimum_table(family: str, lang: str) -> None:
    rules, tr = preset(family), translator(lang)
    text = page_text(rules, tr)
    bands = rules.minimum_table
    lowest = tr.format(tr.gettext(BELOW), BELOW, score=bands[1][0])
    assert norm(f"{lowest} {tr.number(bands[0][1])}") in text
    for floor, need in bands[1:]:
        band = tr.format(tr.gettext(FROM), FROM, score=floor)
        assert norm(f"{band} {tr.number(need)}") in text


def test_the_table_worked_by_hand_from_the_rules() -> None:
    """RULES.md's minimums (C-INIT-1, M-INIT-1), not read from the code under test."""
    en = translator("en")
    classic = page_text(preset("classic"), en)
    for row in ("below 0 15", "from 0 50", "from 1,500 90", "from 3,000 120"):
        assert row in classic
    modern = page_text(preset("modern"), en)
    for row in ("below 3,000 125", "from 3,000 155", "from 5,000 180"):
        assert row in modern
    assert "from 0 50" not in modern and "below 0 15" not in modern


def test_a_changed_rule_set_prints_its_own_values() -> None:
    base = rule_set("classic-4p")
    changed = replace(base, deal_size=12, target=6500, red_three_value=150,
                      minimum_table=((-(10**9), 20), (0, 55), (2000, 95)))
    en = translator("en")
    before, after = page_text(base, en), page_text(changed, en)
    for old, new in (("deals 11 cards", "deals 12 cards"), ("other 64 cards", "other 60 cards"),
                     ("from 1,500 90", "from 2,000 95"), ("ends at 5,000", "ends at 6,500"),
                     ("100 each", "150 each")):
        assert old in before and new not in before
        assert new in after and old not in after


def test_the_deal_and_the_turn_follow_the_player_count() -> None:
    en = translator("en")
    three = page_text(rule_set("classic-3p"), en)
    assert "deals 13 cards" in three and "other 69 cards" in three  # 108 - 3 x 13
    assert "draw 2 cards" in three and "partnerships" not in three
    assert three.count("On your left") == 6  # a column per player in each of six hands
    four = page_text(preset("classic"), en)
    assert "2 packs of 52 cards and 4 jokers" in four and "108 cards" in four
    assert "draw 1 card" in four and "turned face up" in four
    assert four.count("Opponents") == HANDS  # a column per side in every hand
    modern = page_text(preset("modern"), en)
    assert "deals 13 cards" in modern and "other 56 cards" in modern
    assert "starts empty" in modern and "turned face up" not in modern
    assert "needs 2 canastas" in modern and "needs 1 canasta" in four


def test_the_score_sheet_has_the_lines_of_a_hand_in_order() -> None:
    en = translator("en")
    classic = page_text(preset("classic"), en)
    lines = ["Melded cards", "Canasta bonuses", "Red threes", "Going out", "Cards left in hand",
             "Hand total", "Game score"]
    assert re.search(".*".join(map(re.escape, lines)), classic)
    assert "Natural canasta 500, mixed canasta 300" in classic
    assert "100 each, 800 for all four" in classic and "100, 200 if concealed" in classic
    modern = page_text(preset("modern"), en)
    assert re.search("Threes.*Going out.*Cards left in hand.*Penalties.*Hand total", modern)
    assert "100, 300, 500, 1,000 for one to four" in modern  # M-THREE-2, from RULES.md


def test_the_threes_and_the_first_player_come_from_the_engine() -> None:
    assert modern_threes_scale(preset("modern")) == (100, 300, 500, 1000)
    assert all(first_player_is_left_of_dealer(rule_set(name)) for name in PRESET_NAMES)


# ----- inside the page, in any length of language -------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "el", "fr"])
def test_every_word_lies_inside_the_margins(lang: str) -> None:
    for family in FAMILIES:
        assert assert_inside_the_margins(made(preset(family), translator(lang))[0]) > 250


@dataclass(frozen=True)
class Longer(Translator):
    """A language longer than any we have: every text of ``lang`` with 40 % more words."""

    def gettext(self, message: str) -> str:
        return stretch(super().gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return stretch(super().ngettext(singular, plural, n))


def stretch(text: str) -> str:
    return " ".join([text, *["wwwww"] * math.ceil(0.4 * len(text.split()))])


def longest_language(family: str) -> str:
    return max(LANGUAGES, key=lambda lang: len(page_text(preset(family), translator(lang))))


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_longest_language_and_longer_still_fit_one_page(family: str,
                                                            tmp_path: Path) -> None:
    longest = longest_language(family)
    data, scale = made(preset(family), translator(longest))
    assert scale >= 0.8, (longest, scale)
    longer = Longer(longest)
    data, scale = made(preset(family), longer)
    assert_one_a4_page(data, tmp_path)
    assert scale >= 0.7, scale  # smaller type, still one page, nothing cut off
    assert assert_inside_the_margins(data) > 400
    text = page_text(preset(family), longer)
    for _floor, need in preset(family).minimum_table:
        assert norm(translator(longest).number(need)) in text


# ----- the command line, the Rules page and the Learn page --------------------------------------


def test_the_command_writes_the_checklist(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    out = tmp_path / "erste-partie.pdf"
    assert main(["handout", "--family", "modern", "--kind", "checklist", "--lang", "de",
                 "-o", str(out)]) == 0
    assert text_of(out.read_bytes()) == text_of(first_game("modern", "de"))  # not the date
    assert_one_a4_page(out.read_bytes(), tmp_path)
    said = capsys.readouterr().out
    assert "first-game checklist" in said and "Deutsch" in said


def test_the_command_refuses_an_unknown_kind(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["handout", "--family", "modern", "--kind", "poster", "-o", str(tmp_path / "x.pdf")])
    assert exit_.value.code == 2
    assert "poster" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def checklist_buttons(page: str, lang: str) -> dict[str, object]:
    at = app(lang)
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return {b.proto.id.rsplit("-", 1)[-1]: b.proto for b in at.get("download_button")
            if "-checklist-" in b.proto.id}


def test_the_rules_page_offers_a_checklist_per_family() -> None:
    el = translator("el")
    buttons = checklist_buttons("app_pages/rules.py", "el")
    assert set(buttons) == {"classic", "modern"}
    for family, name in (("classic", CLASSIC), ("modern", MODERN)):
        proto = buttons[family]
        assert el.gettext(name) in proto.label  # type: ignore[attr-defined]
        assert proto.deferred_file_id  # type: ignore[attr-defined]  # made when clicked


def test_the_learn_page_offers_a_checklist_under_each_familys_lessons() -> None:
    buttons = checklist_buttons("app_pages/learn.py", "en")
    assert set(buttons) == {"classic", "modern"}
    assert all(b.label == "First-game checklist (PDF)"  # type: ignore[attr-defined]
               for b in buttons.values())
