"""Handouts (tutor.handout): in every language and for both families a valid four-page A4 PDF
whose text, read back with poppler's ``pdftotext``, holds that family's values as the language
writes them; the values come from the rule set (a changed rule set prints otherwise), the quiz
answers are the engine's scores, every word lies inside the page, the font is embedded and
shipped in the wheel, and the command line and the Rules page offer it.

``pdftotext``, ``pdfinfo`` and ``pdffonts`` are Debian's poppler-utils (installed by .ci/run);
missing, they fail the run under CI and skip these tests elsewhere.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from test_app import app

from tutor.cli import main
from tutor.engine.cards import card_points, parse_cards
from tutor.engine.melds import canasta_bonus
from tutor.engine.rules import RuleSet, rule_set
from tutor.engine.scoring import PlayerTally, SideTally, meld_from_text, score_hand
from tutor.handout import FAMILIES, document
from tutor.handout.quiz import QUESTIONS, Kind, prompt
from tutor.handout.summary import BELOW, CLASSIC, FROM, MODERN
from tutor.i18n import LANGUAGES, Translator, translator
from tutor.words.families import TOPICS

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "tutor" / "handout" / "fonts"
A4 = (595.28, 841.89)  # points
MARGIN = 12 / 25.4 * 72  # 12 mm in points
CASES = [(family, lang) for lang in LANGUAGES for family in FAMILIES]


def poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"no {tool}: apt-get install -y poppler-utils (.ci/run does)")
        pytest.skip(f"no {tool}: apt-get install -y poppler-utils")
    return found


def norm(text: str) -> str:
    """Words separated by single spaces (a no-break space in 5 000 too), as read and as meant."""
    return " ".join(text.split())


@cache
def made(rules: RuleSet, lang: str) -> tuple[bytes, tuple[float, ...]]:
    pdf, scales = document(rules, translator(lang))
    return bytes(pdf.output()), scales


@cache
def pages(rules: RuleSet, lang: str) -> tuple[str, ...]:
    """Each page's text as pdftotext reads it, words separated by single spaces."""
    done = subprocess.run([poppler("pdftotext"), "-", "-"], input=made(rules, lang)[0],
                          capture_output=True, check=True)
    return tuple(norm(page) for page in done.stdout.decode("utf-8").split("\f")[:-1])


def preset(family: str) -> RuleSet:
    return rule_set(FAMILIES[family])


def tally(melds: tuple[str, ...] = (), hand: str = "", threes: str = "",
          went_out: bool = False) -> SideTally:
    return SideTally((PlayerTally(0, parse_cards(hand), parse_cards(threes)),),
                     tuple(meld_from_text(m) for m in melds), went_out)


def signed(points: int, tr: Translator) -> str:
    return norm(("+" if points > 0 else "−" if points < 0 else "±") + tr.number(abs(points)))


# ----- a valid PDF in every language -------------------------------------------------------------


@pytest.mark.parametrize(("family", "lang"), CASES)
def test_a_valid_a4_pdf_of_four_pages_in_the_language(family: str, lang: str,
                                                      tmp_path: Path) -> None:
    data, scales = made(preset(family), lang)
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    path = tmp_path / "handout.pdf"
    path.write_bytes(data)
    info = subprocess.run([poppler("pdfinfo"), "-l", "4", str(path)], capture_output=True,
                          text=True, check=True).stdout
    assert re.search(r"^Pages:\s+4$", info, re.M), info
    sizes = re.findall(r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
    assert [(float(w), float(h)) for w, h in sizes] == [A4] * 4
    assert min(scales) >= 0.8, scales  # readable type: no page is squeezed to fit
    tr = translator(lang)
    summary, compared, questions, answers = pages(preset(family), lang)
    name = tr.gettext(MODERN if family == "modern" else CLASSIC)
    assert name in summary and name in questions and name in answers
    assert tr.gettext(CLASSIC) in compared and tr.gettext(MODERN) in compared
    assert norm(tr.gettext("Card point values")) in summary  # a translated title: the language
    for topic in TOPICS:
        assert norm(tr.gettext(topic.title)) in compared, topic.key


@pytest.mark.parametrize(("family", "lang"), CASES)
def test_the_summary_holds_the_family_values_as_the_language_writes_them(family: str,
                                                                          lang: str) -> None:
    rules, tr = preset(family), translator(lang)
    summary = pages(rules, lang)[0]
    bands = rules.minimum_table
    for floor, need in bands[1:]:  # a row of the table, its band as the language says it
        band = tr.format(tr.gettext(FROM), FROM, score=floor)
        assert norm(f"{band} {tr.number(need)}") in summary
    lowest = tr.format(tr.gettext(BELOW), BELOW, score=bands[1][0])
    assert norm(f"{lowest} {tr.number(bands[0][1])}") in summary
    natural = canasta_bonus(meld_from_text("KH KS KD KC KH KS KD"), rules)
    mixed = canasta_bonus(meld_from_text("8H 8S 8D 8C 8H 2C JK"), rules)
    assert natural and mixed
    assert f"+{norm(tr.number(natural[0]))}" in summary
    assert f"+{norm(tr.number(mixed[0]))}" in summary
    assert norm(tr.number(rules.target)) in summary
    if family == "modern":
        assert "+" + norm(tr.number(2500)) in summary  # the sevens' canasta
        assert norm(tr.number(5000)) in summary and norm(tr.number(155)) in summary
    else:
        assert norm(tr.number(1500)) in summary and norm(tr.number(90)) in summary
    for value in {card_points(card) for card in parse_cards("JK 2C KS 7H")}:
        points = tr.format(tr.ngettext("{points} point each", "{points} points each", value),
                           "{points} points each", points=tr.number(value))
        assert norm(points) in summary


def test_a_changed_rule_set_prints_its_own_values() -> None:
    base = rule_set("classic-4p")
    changed = replace(base, natural_canasta_bonus=650, target=6500,
                      minimum_table=((-(10**9), 20), (0, 55), (2000, 95)))
    before, after = pages(base, "de")[0], pages(changed, "de")[0]
    de = translator("de")
    for old, new in (("+500", "+650"), (de.number(5000), de.number(6500)),
                     (f"{de.number(1500)} 90", f"{de.number(2000)} 95")):
        assert old in before and new not in before
        assert new in after and old not in after


# ----- the quiz ----------------------------------------------------------------------------------


def test_the_quiz_answers_worked_by_hand() -> None:
    """A few answers worked out from RULES.md's values, not by the code under test."""
    en = translator("en")
    classic = pages(preset("classic"), "en")[3]
    assert "1. −115 points" in classic  # JK 50, 2 and A 20 each, K 10, 7 4 3♠ 5 each
    assert "2. 80: not enough, the minimum is 90." in classic  # at 1,600
    assert "3. +570 points" in classic  # a natural canasta of queens: 500 and 7 x 10
    assert "5. +930 points" in classic  # 500 + 200 + 100 + 130
    assert "6. −800 points" in classic  # four red threes, nothing melded
    modern = pages(preset("modern"), "en")[3]
    assert "1. −1,620 points" in modern  # 120 in cards, 1,500 for three aces kept
    assert "2. 160: enough, the minimum is 155." in modern  # at 3,200
    assert "5. −1,850 points" in modern  # 500 + 70 + 80 - 2,500 for the aces short of seven
    assert en.number(1620) == "1,620"


@pytest.mark.parametrize(("family", "lang"), [(f, lang) for f in FAMILIES
                                              for lang in ("en", "el", "fr")])
def test_the_quiz_answers_are_the_engines_scores_on_the_back(family: str, lang: str) -> None:
    rules, tr = preset(family), translator(lang)
    _, _, questions, answers = pages(rules, lang)
    for number, question in enumerate(QUESTIONS[rules.family], start=1):
        assert f"{number}. {norm(prompt(question, tr))}" in questions
        if question.kind is Kind.INITIAL:
            points = sum(card_points(c) for meld in question.melds for c in meld.cards)
            shown = norm(tr.number(points))
            assert re.search(rf"{number}\. {re.escape(shown)}\b", answers)
            assert norm(tr.number(rules.minimum_for(question.score))) in answers
            continue
        side = tally(tuple(" ".join(map(str, m.cards)) for m in question.melds),
                     " ".join(map(str, question.hand)), " ".join(map(str, question.threes)),
                     question.went_out)
        total = score_hand(rules, (side,)).sides[0].total
        assert re.search(rf"{number}\. {re.escape(signed(total, tr))}\b", answers), number
        assert f"{number}. {signed(total, tr)}" not in questions  # the answer is on the back
        for item in score_hand(rules, (side,)).sides[0].items:
            assert signed(item.points, tr) in answers


# ----- inside the page, the font embedded and shipped --------------------------------------------


@pytest.mark.parametrize("lang", ["en", "el", "fr"])
def test_every_word_lies_inside_the_margins(lang: str) -> None:
    for family in FAMILIES:
        done = subprocess.run([poppler("pdftotext"), "-bbox", "-", "-"],
                              input=made(preset(family), lang)[0], capture_output=True,
                              check=True)
        boxes = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"',
                           done.stdout.decode("utf-8"))
        assert len(boxes) > 400
        for x0, y0, x1, y1 in ((float(v) for v in box) for box in boxes):
            assert x0 >= MARGIN - 2 and x1 <= A4[0] - MARGIN + 2, (family, x0, x1)
            assert y0 >= MARGIN - 2 and y1 <= A4[1] - MARGIN + 2, (family, y0, y1)


def test_the_bundled_font_is_embedded_with_greek(tmp_path: Path) -> None:
    path = tmp_path / "el.pdf"
    path.write_bytes(made(preset("modern"), "el")[0])
    fonts = subprocess.run([poppler("pdffonts"), str(path)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert fonts and all("DejaVuSans" in line for line in fonts)
    assert all(line.split()[-5] == "yes" for line in fonts)  # the "emb" column
    assert "Κανάστα" in pages(preset("modern"), "el")[0]
    assert (FONTS / "LICENSE").read_text(encoding="utf-8").count("Bitstream") > 2


@pytest.mark.packaging
def test_the_wheel_carries_the_font_and_its_licence(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                           "-w", str(tmp_path)], capture_output=True, text=True, check=False,
                          cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("canasta_tutor-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for path in FONTS.iterdir():
            assert archive.read(f"tutor/handout/fonts/{path.name}") == path.read_bytes()


# ----- the command line and the Rules page -------------------------------------------------------


def test_the_command_writes_the_handout(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    out = tmp_path / "regler.pdf"
    assert main(["handout", "--family", "classic", "--lang", "sv", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF-")
    assert "Svenska" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["regler.pdf"]  # no temporary file left


@pytest.mark.parametrize("argv", [
    ["--family", "canasta", "-o", "x.pdf"],
    ["--family", "modern", "--lang", "xx", "-o", "x.pdf"],
    ["--family", "modern", "-o", "missing/x.pdf"],
    ["--family", "modern", "-o", "."],
])
def test_the_command_refuses_bad_input_in_one_line(argv: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    try:
        code = main(["handout", *argv])
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_the_rules_page_offers_both_handouts_in_the_learners_language() -> None:
    at = app("el")
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception, [e.value for e in at.exception]
    el = translator("el")
    buttons = {b.proto.id.rsplit("-", 1)[-1]: b.proto for b in at.get("download_button")
               if "-handout-" in b.proto.id}  # the first-game checklists: test_handout_checklist
    assert set(buttons) == {"classic", "modern"}
    for family, name in (("classic", CLASSIC), ("modern", MODERN)):
        assert el.gettext(name) in buttons[family].label
        assert buttons[family].deferred_file_id  # made when clicked, not on every run
        assert buttons[family].ignore_rerun
