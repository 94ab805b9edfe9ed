"""Handouts for the table: a printable A4 PDF of one family's rules in the learner's language.

Four pages: the rules on one page, Classic and Modern compared, a points quiz and its answers on
the back. Apart from it, a one-page first-game checklist (``first_game``): the deal, the first
turn, the initial-meld table and a score sheet to fill in at a real table. Everything is
generated from the rule sets, the engine's scoring and the catalogs, with
the cards drawn as the app draws them (tutor/handout/drawing.py).

fpdf2 makes the PDF: pure Python (no system libraries), maintained, small, and it embeds a
TrueType font with a subset of its glyphs, which Greek and the suit symbols need. The font is
DejaVu Sans, bundled in ``fonts/`` with its licence, so every install prints the same handout.
"""

from __future__ import annotations

from fpdf import FPDF

from tutor.engine.rules import RuleSet, rule_set
from tutor.handout import checklist, comparison, quiz, summary
from tutor.handout.drawing import new_pdf
from tutor.i18n import Translator, translator

FAMILIES = {"classic": "classic-4p", "modern": "modern-american"}  # the family's preset


def document(rules: RuleSet, tr: Translator) -> tuple[FPDF, tuple[float, ...]]:
    """The handout of ``rules`` (its family's summary and quiz; compared with the other
    family's preset) in ``tr``'s language, and the scale each page was fitted at."""
    title = f"{tr.gettext(summary.family_name(rules))}: {tr.gettext(summary.ONE_PAGE)}"
    pdf = new_pdf(title, tr.lang)
    classic = rules if not rules.is_modern else rule_set(FAMILIES["classic"])
    modern = rules if rules.is_modern else rule_set(FAMILIES["modern"])
    scales = (summary.draw(pdf, rules, tr), comparison.draw(pdf, classic, modern, tr),
              quiz.draw_questions(pdf, rules, tr), quiz.draw_answers(pdf, rules, tr))
    return pdf, scales


def build(rules: RuleSet, tr: Translator) -> bytes:
    """The handout as PDF bytes."""
    return bytes(document(rules, tr)[0].output())


def handout(family: str, lang: str) -> bytes:
    """The handout of a family (``classic`` or ``modern``) in a language (a code of
    ``tutor.i18n.LANGUAGES``); a KeyError names an unknown family."""
    return build(rule_set(FAMILIES[family]), translator(lang))


def file_name(family: str, lang: str) -> str:
    return f"canasta-{family}-{lang}.pdf"


def first_game(family: str, lang: str) -> bytes:
    """The first-game checklist of a family (``classic`` or ``modern``, with its preset's
    players) in a language, as PDF bytes; a KeyError names an unknown family."""
    rules = rule_set(FAMILIES[family])
    return bytes(checklist.document(rules, translator(lang))[0].output())


def checklist_file_name(family: str, lang: str) -> str:
    return f"canasta-{family}-first-game-{lang}.pdf"
