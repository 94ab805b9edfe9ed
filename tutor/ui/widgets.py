"""Small display pieces shared by the pages: cards, verdicts, score breakdowns, charts."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go
import streamlit as st
from babel.numbers import get_decimal_symbol, get_group_symbol

from tutor.engine.cards import Card
from tutor.engine.scoring import HandScore
from tutor.explain import (
    explain_score,
    rule_statement,
    rule_title,
)
from tutor.i18n import N_, Translator
from tutor.ui.cards import cards_html
from tutor.ui.text import escape_markdown

# Translators: a button or expander that shows the reasons of a verdict.
WHY = N_("Why?")
# Translators: a score table's heading; {seats} the side's seat numbers, e.g. "1, 3".
SIDE = N_("Side {seats}")
# Translators: the last row of a score table: the sum.
TOTAL = N_("Total")
# Translators: a score table's column heading.
POINTS = N_("Points")
# Translators: a column or axis label of the running score; {number} the hand, e.g. 3.
HAND_N = N_("Hand {number}")


def show_cards(
    cards: Sequence[Card],
    tr: Translator,
    *,
    four_colour: bool = False,
    width: int = 54,
    label: str = "",
) -> None:
    if cards:
        st.markdown(
            cards_html(list(cards), tr, four_colour=four_colour, width=width, label=label),
            unsafe_allow_html=True,
        )


def show_rules(rules: Sequence[str], tr: Translator, *, key: str) -> None:
    """"Why?": the rules behind a verdict, opened in the learner's language."""
    box = st.expander(tr.gettext(WHY), key=key, on_change="rerun")
    if not box.open:  # built only while open, like the practice page's other expanders
        return
    with box:
        for rule in rules:
            st.markdown(f"**{rule} · {rule_title(rule, tr)}**  \n{rule_statement(rule, tr)}")


def show_score(score: HandScore, tr: Translator) -> None:
    for side, lines in zip(score.sides, explain_score(score, tr), strict=True):
        seats = ", ".join(tr.number(s + 1) for s in side.seats)
        st.markdown(f"**{tr.format(tr.gettext(SIDE), SIDE, seats=seats)}**")
        # A label can quote a loaded file's score (its reasons' parameters): text, not Markdown.
        rows = [f"| {escape_markdown(line.label)} | {line.points_text} |" for line in lines]
        total = tr.number(side.total)
        st.markdown(
            "\n".join(["| | |", "|---|---:|", *rows, f"| **{tr.gettext(TOTAL)}** | **{total}** |"])
        )


def _separators(tr: Translator) -> str:
    return get_decimal_symbol(tr.lang) + get_group_symbol(tr.lang)


def score_waterfall(score: HandScore, side: int, tr: Translator) -> go.Figure:
    lines = explain_score(score, tr)[side]
    figure = go.Figure(
        go.Waterfall(
            x=[line.label[:40] for line in lines] + [tr.gettext(TOTAL)],
            y=[line.points for line in lines] + [0],
            measure=["relative"] * len(lines) + ["total"],
            text=[line.points_text for line in lines] + [tr.number(score.sides[side].total)],
        )
    )
    figure.update_layout(
        separators=_separators(tr),
        showlegend=False,
        height=320,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        yaxis_title=tr.gettext(POINTS),
    )
    return figure


def progression_chart(
    totals: Sequence[Sequence[int]], names: Sequence[str], tr: Translator
) -> go.Figure:
    """Cumulative score of each side after each hand."""
    figure = go.Figure()
    hands = [tr.format(tr.gettext(HAND_N), HAND_N, number=i + 1) for i in range(len(totals))]
    for index, name in enumerate(names):
        figure.add_trace(
            go.Scatter(x=hands, y=[row[index] for row in totals], name=name, mode="lines+markers")
        )
    figure.update_layout(
        separators=_separators(tr),
        height=300,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        yaxis_title=tr.gettext(POINTS),
    )
    return figure
