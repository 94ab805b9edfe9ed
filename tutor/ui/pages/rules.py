"""Rules: a look-up over every rule and the glossary in the learner's language, the rules by
topic, Classic and Modern American compared topic by topic (generated from the rule sets), the
sources named in full, and a checker that judges cards under both families side by side.

A rule is shown by its title and text; its id only in a tooltip, for teachers. Each rule links
to its counterparts in the other family and to the lessons that teach it. ``?rule=M-PILE-1``
opens the look-up at that rule."""

from __future__ import annotations

from functools import lru_cache, partial
from html import escape

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutor.engine import TutorError
from tutor.engine.actions import Action
from tutor.engine.compare import judge_both
from tutor.engine.records import position_from_json
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS, OPTIONS_BY_ID, PRESETS, RuleSet, rule_set
from tutor.handout import checklist_file_name, file_name, first_game, handout
from tutor.i18n import N_, NN_, Translator
from tutor.lessons.load import lessons_dir
from tutor.lessons.runner import say
from tutor.ui import session
from tutor.ui.library import lessons, taught
from tutor.ui.text import escape_markdown
from tutor.words.explain import explain_verdict, rule_statement, rule_title
from tutor.words.families import Cell, compared, counterparts, is_modern_rule
from tutor.words.glossary import local_name, meaning
from tutor.words.input_errors import Worded, position_problem, typed_cards_problem
from tutor.words.rule_search import search, searchable
from tutor.words.rule_sources import LEGEND, legend_markdown, sources_markdown

FAMILIES = {
    "C-": N_("Classic Canasta"),
    "C2-": N_("Classic Canasta for two"),
    "C3-": N_("Classic Canasta for three"),
    "M-": N_("Modern American Canasta"),
}
CLASSIC, MODERN = N_("Classic Canasta"), N_("Modern American Canasta")
# Translators: the search field of the rules page.
SEARCH = N_("Look up a rule or a word")
# Translators: the example in the empty search field of the rules page.
SEARCH_HINT = N_("for example: frozen pile, going out, red three")
# Translators: the rules page's search found nothing; {query} what the learner typed.
NOTHING_FOUND = N_("Nothing found for “{query}”. Try another word, or browse the topics below.")
# Translators: a heading of the rules page's search results: the glossary words found.
WORDS_FOUND = N_("Words")
# Translators: a heading of the rules page's search results: rules of the other family on the
# same topics as the rules found.
SAME_TOPIC = N_("The same topics in the other family")
# Translators: under a rule: links to the rules of the other family on the same topic.
OTHER_FAMILY = N_("In the other family:")
# Translators: under a rule: links to the lessons that teach it.
TAUGHT_IN = N_("Taught in:")
# Translators: the tooltip of a rule's title, for teachers; {rule} a rule id such as C-PILE-3.
RULE_ID = N_("Rule id (for teachers): {rule}")
# Translators: a tab of the rules page: Classic and Modern American side by side, topic by topic.
COMPARED_TAB = N_("Classic and Modern compared")
# Translators: the heading of the first column of the families compared.
TOPIC = N_("Topic")
# Translators: a choice above the families compared: which Classic game to compare.
CLASSIC_FOR = N_("Classic for")
# Translators: choices of "Classic for": the number of players; {players} e.g. 4.
PLAYERS = NN_("{players} player", "{players} players")
# Translators: a toggle above the families compared: apply the house rules chosen in Practice.
MY_HOUSE_RULES = N_("With my house rules from Practice")
# Translators: under a cell of the families compared: the house rules that change it; {options}
# their titles.
CHANGED_BY = N_("House rules that change this: {options}")
# Translators: under a cell of the families compared: house rules now played otherwise;
# {options} their titles.
PLAYED_HERE = N_("Played here with your house rule: {options}")
# Translators: under a cell of the families compared: links to the rules it rests on.
RULES_OF_CELL = N_("Rules:")
# Translators: a label of the error box of the rules page's checker, before the exact problem.
DETAILS = N_("Details (for teachers)")
# Translators: a download button of the rules page; {family} "Classic Canasta" or "Modern
# American Canasta".
HANDOUT = N_("Handout to print: {family}")
# Translators: the tooltip of the rules page's handout buttons.
HANDOUT_HELP = N_("A PDF for A4 paper in your language: the rules on one page, Classic and "
                  "Modern compared, and a points quiz with the answers on the back.")
# Translators: a download button of the rules page; {family} "Classic Canasta" or "Modern
# American Canasta".
CHECKLIST = N_("First-game checklist (PDF): {family}")
# Translators: a download button under a family's lessons on the lessons page (the heading above
# names the family).
CHECKLIST_PLAIN = N_("First-game checklist (PDF)")
# Translators: the tooltip of the first-game checklist buttons.
CHECKLIST_HELP = N_("One A4 page in your language for your first game at a real table: the "
                    "deal, who starts, the initial-meld table and a score sheet to fill in.")


def render() -> None:
    tr = session.tr()
    _ = tr.gettext
    st.title(_(N_("Rules")))
    handouts(tr)
    tabs = st.tabs([_(N_("Rules by topic")), _(COMPARED_TAB), _(N_("Meld and pile checker")),
                    _(LEGEND)])
    with tabs[0]:
        look_up(tr)
        rules_by_topic(tr)
    with tabs[1]:
        families_compared(tr)
    with tabs[2]:
        checker(tr)
    with tabs[3]:
        st.markdown(legend_markdown(tr))


# ----- the handouts --------------------------------------------------------------------------


@lru_cache(maxsize=32)
def handout_pdf(family: str, lang: str) -> bytes:
    """One PDF per family and language for the life of the process (the same for everyone)."""
    return handout(family, lang)


def handouts(tr: Translator) -> None:
    """A download button per family for the handout, then one per family for the first-game
    checklist; a PDF is made only when its button is clicked."""
    row = st.container(horizontal=True, key="handouts")
    for family, name in (("classic", CLASSIC), ("modern", MODERN)):
        row.download_button(
            tr.format(tr.gettext(HANDOUT), HANDOUT, family=tr.gettext(name)),
            data=partial(handout_pdf, family, tr.lang),
            file_name=file_name(family, tr.lang), mime="application/pdf",
            on_click="ignore", icon=":material/print:", help=tr.gettext(HANDOUT_HELP),
            key=f"handout-{family}")
    for family, name in (("classic", CLASSIC), ("modern", MODERN)):
        checklist_button(row, family, tr, tr.format(tr.gettext(CHECKLIST), CHECKLIST,
                                                    family=tr.gettext(name)))


@lru_cache(maxsize=32)
def checklist_pdf(family: str, lang: str) -> bytes:
    """One first-game checklist per family and language for the life of the process."""
    return first_game(family, lang)


def checklist_button(container: DeltaGenerator, family: str, tr: Translator,
                     label: str | None = None) -> None:
    """A download button for a family's first-game checklist (also under the family's lessons
    on the Learn page); the PDF is made only when it is clicked."""
    container.download_button(
        label or tr.gettext(CHECKLIST_PLAIN), data=partial(checklist_pdf, family, tr.lang),
        file_name=checklist_file_name(family, tr.lang), mime="application/pdf",
        on_click="ignore", icon=":material/checklist:", help=tr.gettext(CHECKLIST_HELP),
        key=f"checklist-{family}")


# ----- the look-up ---------------------------------------------------------------------------


def look_up(tr: Translator) -> None:
    """The search field and what it finds; a rule named in the address (?rule=) first."""
    _ = tr.gettext
    asked = st.query_params.get("rule")
    if asked in searchable():
        rule_card(asked, tr, key="asked")
    query = st.text_input(_(SEARCH), key="rules_search", placeholder=_(SEARCH_HINT),
                          icon=":material/search:")
    if not query.strip():
        return
    found = search(query, tr)
    if not (found.terms or found.direct):
        st.info(escape_markdown(tr.format(_(NOTHING_FOUND), NOTHING_FOUND, query=query.strip())))
        return
    if found.terms:
        st.subheader(_(WORDS_FOUND))
        for term in found.terms:
            st.markdown(f"**{escape_markdown(local_name(term, tr.lang))}**: "
                        f"{escape_markdown(meaning(term, tr))}")
    for family, members in (
            (CLASSIC, [r for r in found.direct if not is_modern_rule(r)]),
            (MODERN, [r for r in found.direct if is_modern_rule(r)])):
        if members:
            st.subheader(_(family))
            for rule in members:
                rule_card(rule, tr, key="found")
    if found.related:
        st.subheader(_(SAME_TOPIC))
        for rule in found.related:
            rule_card(rule, tr, key="related")


def rule_card(rule: str, tr: Translator, *, key: str) -> None:
    """A rule by its title and text, its sources, its counterparts and its lessons."""
    _ = tr.gettext
    with st.container(border=True, key=f"rule-{key}-{rule}"):
        st.markdown(f"**{escape_markdown(rule_title(rule, tr))}**",
                    help=tr.format(_(RULE_ID), RULE_ID, rule=rule))
        st.markdown(escape_markdown(rule_statement(rule, tr)))
        st.caption(sources_markdown(rule, tr))
        others = counterparts(rule)
        if others:
            links(OTHER_FAMILY, [(other, rule_title(other, tr)) for other in others[:4]], tr,
                  key=f"{key}-{rule}")
        teaching = lessons_teaching(rule)
        if teaching:
            row = st.container(horizontal=True, key=f"lessons-{key}-{rule}")
            row.caption(_(TAUGHT_IN))
            for lesson_id in teaching:
                lesson = lessons()[lesson_id]
                row.page_link("app_pages/learn.py", label=say(lesson, lesson.title, tr),
                              query_params={"lesson": lesson_id, "lang": tr.lang},
                              icon=":material/school:")


def links(label: str, rules: list[tuple[str, str]], tr: Translator, *, key: str) -> None:
    """A caption and a link per rule, each opening the look-up at that rule."""
    row = st.container(horizontal=True, key=f"links-{key}")
    row.caption(tr.gettext(label))
    for rule, title in rules:
        row.page_link("app_pages/rules.py", label=title,
                      query_params={"rule": rule, "lang": tr.lang},
                      help=tr.format(tr.gettext(RULE_ID), RULE_ID, rule=rule))


def lessons_teaching(rule: str) -> tuple[str, ...]:
    """The lessons whose steps exercise the rule, in the order of the lesson map."""
    exercised = taught(str(lessons_dir()))
    order = sorted(lessons().values(), key=lambda lesson: (lesson.family.value, lesson.order))
    return tuple(lesson.id for lesson in order if rule in exercised.get(lesson.id, ()))


# ----- the rules by topic --------------------------------------------------------------------


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


# ----- the families compared -----------------------------------------------------------------


def compared_sets(classic: str, mine: bool) -> tuple[RuleSet, RuleSet]:
    """The Classic preset chosen and Modern American, each with the learner's house rules
    (chosen in Practice) where they are of that preset's family and apply to it."""
    learner = session.get()
    sets = []
    for preset in (classic, "modern-american"):
        base = PRESETS[preset]
        options = {}
        if mine and PRESETS.get(learner.preset, base).family is base.family:
            options = {k: v for k, v in learner.options.items()
                       if k in OPTIONS_BY_ID and OPTIONS_BY_ID[k] in base.applicable_options()}
        try:
            sets.append(rule_set(preset, options))
        except TutorError:  # an option kept from an older version: the preset as it is
            sets.append(rule_set(preset))
    return sets[0], sets[1]


def families_compared(tr: Translator) -> None:
    """Topic by topic, each family's cell in words with the rules it rests on and the house
    rules that change it (generated from the rule sets by tutor.words.families)."""
    _ = tr.gettext
    row = st.container(horizontal=True, vertical_alignment="bottom")
    classic = row.segmented_control(
        _(CLASSIC_FOR), ["classic-4p", "classic-3p", "classic-2p"], default="classic-4p",
        key="compare_classic",
        format_func=lambda p: tr.format(tr.ngettext(*PLAYERS, PRESETS[p].players),
                                        PLAYERS[1], players=PRESETS[p].players))
    mine = row.toggle(_(MY_HOUSE_RULES), key="compare_mine")
    sets = compared_sets(classic or "classic-4p", mine)
    # Side by side the columns' heading names the families; stacked on a phone (Streamlit
    # stacks columns below 640 px) each cell names its own.
    st.html("<style>@media (max-width: 640px) { .st-key-compare-head { display: none; } }"
            "@media (min-width: 641px) { .family-tag { display: none; } }"
            ".family-tag { font-weight: 600; }</style>")
    head = st.container(key="compare-head").columns([1, 2, 2])
    head[0].markdown(f"**{escape_markdown(_(TOPIC))}**")
    head[1].markdown(f"**{escape_markdown(_(CLASSIC))}**")
    head[2].markdown(f"**{escape_markdown(_(MODERN))}**")
    for (topic, cells) in compared(sets, tr):
        with st.container(border=True, key=f"compare-{topic.key}"):
            cols = st.columns([1, 2, 2])
            cols[0].markdown(f"**{escape_markdown(_(topic.title))}**")
            for col, cell, family in zip(cols[1:], cells, (CLASSIC, MODERN), strict=True):
                with col:
                    compared_cell(cell, family, tr, key=f"{topic.key}-{family[:1]}")


def compared_cell(cell: Cell, family: str, tr: Translator, *, key: str) -> None:
    _ = tr.gettext
    # On a phone the columns stack: each cell says its family before its words.
    st.markdown(f'<span class="family-tag">{escape(_(family))}</span>', unsafe_allow_html=True)
    st.markdown(escape_markdown(cell.text))
    if cell.changed:
        st.markdown(":orange-badge[" + escape_markdown(tr.format(
            _(PLAYED_HERE), PLAYED_HERE,
            options=", ".join(rule_title(o, tr) for o in cell.changed))) + "]")
    elif cell.options:
        st.caption(escape_markdown(tr.format(
            _(CHANGED_BY), CHANGED_BY, options=", ".join(rule_title(o, tr) for o in cell.options))))
    links(RULES_OF_CELL, [(rule, rule_title(rule, tr)) for rule in cell.rules], tr, key=key)


# ----- the checker ---------------------------------------------------------------------------


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
    problem = typed_cards_problem(
        [(_(N_("Your hand")), hand, False), (_(N_("Discard pile (top card last)")), pile, False),
         *((_(N_("Your side's melds (separate melds with |)")), meld, True)
           for meld in melds.split("|") if meld.strip())], tr)
    if problem is not None:
        show_problem(problem, tr)
        return
    try:
        position = position_from_json({
            "rules": {"preset": "classic-4p"}, "turn": 0,
            "phase": "draw" if action_text.strip().startswith("take") else "play",
            "hands": [hand, "", "", ""], "pile": pile,
            "sides": [[m for m in melds.split("|") if m.strip()], []],
        })
        comparison = judge_both(position, Action.parse(action_text), rule_set("modern-american"))
    except TutorError as exc:
        show_problem(position_problem(exc, tr), tr)
        return
    result_cols = st.columns(2)
    for col, verdict, name in zip(result_cols, comparison.verdicts, (CLASSIC, MODERN),
                                  strict=True):
        explanation = explain_verdict(verdict, tr)
        body = "\n".join([f"**{_(name)}**", "", explanation.headline,
                          *(f"- {r}" for r in explanation.reasons)])
        (col.success if verdict.legal else col.warning)(body)


def show_problem(problem: Worded, tr: Translator) -> None:
    """What is wrong and how to fix it, in words; the engine's own message folded away."""
    box = st.container(key="check_problem")
    box.error(escape_markdown(problem.text))
    if problem.details:
        with box.expander(tr.gettext(DETAILS)):
            st.code(problem.details, language=None)

