"""The second page: Classic and Modern American compared topic by topic, the rules page's
comparison on paper (every cell from tutor.words.families, so from the rule sets)."""

from __future__ import annotations

from fpdf import FPDF

from tutor.engine.rules import RuleSet
from tutor.handout.drawing import Table, Text, full_width, page
from tutor.handout.summary import CLASSIC, MODERN
from tutor.i18n import N_, Translator
from tutor.words.families import compared

# Translators: the heading of a handout's comparison page (the same as the rules page's tab).
TITLE = N_("Classic and Modern compared")
# Translators: the heading of the first column of the families compared (as on the rules page).
TOPIC = N_("Topic")


def rows(classic: RuleSet, modern: RuleSet, tr: Translator) -> tuple[tuple[str, ...], ...]:
    """The heading row, then one row per topic: its name and each family's cell."""
    head = (tr.gettext(TOPIC), tr.gettext(CLASSIC), tr.gettext(MODERN))
    body = tuple((tr.gettext(topic.title), *(c.text for c in cells))
                 for topic, cells in compared((classic, modern), tr))
    return (head, *body)


def draw(pdf: FPDF, classic: RuleSet, modern: RuleSet, tr: Translator) -> float:
    header = [Text(tr.gettext(TITLE), size=1.8, bold=True, gap=3.0)]
    table = Table(rows(classic, modern, tr), (1.0, 2.2, 2.2), gap=0.0, pad=1.6)
    return page(pdf, header, full_width([table]))
