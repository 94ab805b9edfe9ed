"""Small display pieces shared by the pages: cards, verdicts, score breakdowns, the game chart."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor.engine.cards import Card
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import HandScore
from tutor.i18n import N_, Translator
from tutor.ui.cards import cards_html
from tutor.ui.score_view import (
    POINTS,
    TOTAL,
    GameLine,
    SideView,
    hand_sides,
    progression_chart,
    score_waterfall,
    total_words,
)
from tutor.ui.text import escape_markdown
from tutor.words.explain import rule_statement, rule_title

# Translators: a button or expander that shows the reasons of a verdict.
WHY = N_("Why?")


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


def show_score(score: HandScore, learner: int, players: int, tr: Translator, *,
               key: str, waterfalls: bool = False) -> None:
    """A hand's breakdown, the sides side by side (stacked on a narrow screen), each named as
    on the card table and each line in words (tutor.ui.score_view)."""
    sides = hand_sides(score, learner, players, tr)
    for index, (column, side) in enumerate(zip(st.columns(len(sides)), sides, strict=True)):
        with column:
            st.markdown(score_table(side, tr))
            if waterfalls and side.lines:
                st.plotly_chart(score_waterfall(side, tr), key=f"{key}_waterfall_{index}",
                                config={"displayModeBar": False})


def score_table(side: SideView, tr: Translator) -> str:
    """The side's lines as a Markdown table headed by the side's name, its total (and each
    player's own) in bold."""
    # A label can quote a loaded file's score (its reasons' parameters): text, not Markdown.
    head = f"| {escape_markdown(side.name)} | {escape_markdown(tr.gettext(POINTS))} |"
    rows = [f"| {escape_markdown(line.label)} | {line.points_text} |" for line in side.lines]
    rows.append(f"| **{escape_markdown(tr.gettext(TOTAL))}** | **{side.total_text}** |")
    rows += [f"| **{escape_markdown(own.label)}** | **{own.points_text}** |"
             for own in side.own_totals]
    return "\n".join([head, "|---|---:|", *rows])


def show_game(lines: Sequence[GameLine], rules: RuleSet, tr: Translator, *, key: str,
              over: bool = False) -> None:
    """Each side's game score in words (with its next initial-meld minimum while the game goes
    on) and the progression chart with the target."""
    for line in lines:
        minimum = None if over else rules.minimum_for(line.total)
        st.markdown(escape_markdown(total_words(line, minimum, tr)))
    st.plotly_chart(progression_chart(lines, rules.target, tr), key=key,
                    config={"displayModeBar": False})
