"""Rules: every rule by topic in the learner's language, the presets compared (generated from the
rule-set data), and a checker that judges cards under Classic and Modern side by side."""

from __future__ import annotations

import streamlit as st

from tutor.engine import TutorError
from tutor.engine.actions import Action
from tutor.engine.compare import judge_both
from tutor.engine.records import position_from_json
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS, PRESET_NAMES, rule_set
from tutor.i18n import N_, Translator
from tutor.ui import session
from tutor.ui.labels import preset_label
from tutor.ui.text import escape_markdown
from tutor.words.explain import explain_verdict, rule_statement, rule_title
from tutor.words.rule_sources import sources_markdown

FAMILIES = {
    "C-": N_("Classic Canasta"),
    "C2-": N_("Classic Canasta for two"),
    "C3-": N_("Classic Canasta for three"),
    "M-": N_("Modern American Canasta"),
}
COMPARED = [
    # Translators: a row of the table comparing rule sets: the number of players.
    ("players", N_("Players")),
    # Translators: a row of the table comparing rule sets: the cards each player is dealt.
    ("deal_size", N_("Cards dealt")),
    # Translators: a row of the table comparing rule sets: the cards drawn from the stock per turn.
    ("draw_count", N_("Cards drawn")), ("max_wilds", N_("Wild cards in a meld, at most")),
    ("max_meld_size", N_("Cards in a meld, at most")),
    ("canastas_to_go_out", N_("Canastas to go out")), ("target", N_("Target score")),
]


def render() -> None:
    tr = session.tr()
    _ = tr.gettext
    st.title(_(N_("Rules")))
    tabs = st.tabs([_(N_("Rules by topic")),
                    # Translators: a tab of the rules page: the rule sets side by side.
                    _("Presets compared"),
                    _(N_("Meld and pile checker"))])
    with tabs[0]:
        rules_by_topic(tr)
    with tabs[1]:
        presets_compared(tr)
    with tabs[2]:
        checker(tr)


def rules_by_topic(tr: Translator) -> None:
    _ = tr.gettext
    # Translators: a choice on the rules page, followed by the rule families (Classic, Modern).
    prefix = st.segmented_control(_("Rules of"), list(FAMILIES), default="C-",
                                  format_func=lambda p: _(FAMILIES[p]), key="rules_family")
    topics: dict[str, list[str]] = {}
    for rule in RULE_IDS:
        if rule.startswith(prefix or "C-"):
            topic = rule.rsplit("-", 1)[0] if rule.count("-") > 1 else rule
            topics.setdefault(topic, []).append(rule)
    for topic, members in topics.items():
        with st.expander(f"{topic} · {rule_title(members[0], tr)}", key=f"topic-{topic}"):
            for rule in members:
                changed_by = [spec.id for spec in OPTIONS if spec.rule == rule]
                # Translators: after a rule; {options} lists house-rule ids that change it, e.g.
                # "V-C1, V-C2".
                note = (" — " + _("house rules: {options}").format(options=", ".join(
                    changed_by))) if changed_by else ""
                st.markdown(f"**{rule} · {rule_title(rule, tr)}**{note}  \n"
                            f"{rule_statement(rule, tr)}  \n*{sources_markdown(rule, tr)}*")
    # Translators: a heading on the rules page: the house rules a table may choose.
    with st.expander(_("House-rule options"), key="options"):
        for spec in OPTIONS:
            st.markdown(f"**{spec.id} · {rule_title(spec.id, tr)}** ({spec.rule})  \n"
                        f"{rule_statement(spec.id, tr)}  \n*{sources_markdown(spec.id, tr)}*")


def presets_compared(tr: Translator) -> None:
    """A table generated from the rule-set data, never typed by hand."""
    _ = tr.gettext
    presets = [rule_set(p) for p in PRESET_NAMES]
    header = "| | " + " | ".join(preset_label(p, tr) for p in PRESET_NAMES) + " |"
    lines = [header, "|---" * (len(PRESET_NAMES) + 1) + "|"]
    for attribute, label in COMPARED:
        values = []
        for rules in presets:
            value = getattr(rules, attribute)
            values.append("—" if value is None else tr.number(value))
        lines.append(f"| {_(label)} | " + " | ".join(values) + " |")
    minimums = [" / ".join(tr.number(m) for _floor, m in rules.minimum_table) for rules in presets]
    # Translators: a heading on the rules page: the points a side's first meld must reach.
    minimums_label = _("Initial-meld minimums")
    lines.append(f"| {minimums_label} | " + " | ".join(minimums) + " |")
    st.markdown("\n".join(lines))


def checker(tr: Translator) -> None:
    """Cards and a move typed in, judged under Classic and Modern American side by side."""
    _ = tr.gettext
    st.markdown(_(N_("Pick cards for your hand, a pile and your side's melds; the engine judges "
                     "the move under both families.")))
    cols = st.columns(2)
    hand = cols[0].text_input(_(N_("Your hand")), "KH KS 5D 6D 9C", key="check_hand")
    pile = cols[1].text_input(_(N_("Discard pile (top card last)")), "4C 2D KD", key="check_pile")
    melds = cols[0].text_input(_(N_("Your side's melds (separate melds with |)")), "QH QS QD",
                               key="check_melds")
    # Translators: a text field on the rules page where the learner types a move to check, e.g.
    # "take KH KS".
    action_text = cols[1].text_input(_("Move"), "take KH KS", key="check_action")
    try:
        position = position_from_json({
            "rules": {"preset": "classic-4p"}, "turn": 0,
            "phase": "draw" if action_text.strip().startswith("take") else "play",
            "hands": [hand, "", "", ""], "pile": pile,
            "sides": [[m for m in melds.split("|") if m.strip()], []],
        })
        comparison = judge_both(position, Action.parse(action_text), rule_set("modern-american"))
    except TutorError as exc:
        # Translators: {error} says what is wrong with the typed cards or move, e.g. "not a card:
        # 11H".
        st.error(escape_markdown(_("Check the cards and the move: {error}").format(
            error=exc)))  # the error quotes what was typed: shown as text
        return
    result_cols = st.columns(2)
    for col, verdict, name in zip(result_cols, comparison.verdicts,
                                  (N_("Classic Canasta"), N_("Modern American Canasta")),
                                  strict=True):
        explanation = explain_verdict(verdict, tr)
        body = "\n".join([f"**{_(name)}**", "", explanation.headline,
                          *(f"- {r}" for r in explanation.reasons)])
        (col.success if verdict.legal else col.warning)(body)
