"""The first page: one family's rules on one page, every number from its rule set.

The sentences are the cells of the families compared (tutor.words.families), which read every
number from the rule set or the engine; the card values come from ``card_points``, the
initial-meld table from ``minimum_table`` and the canastas' bonuses from the engine's
``canasta_bonus``. Headings are the rules' own titles and the topics' names.
"""

from __future__ import annotations

from fpdf import FPDF

from tutor.engine.cards import Card, Rank, card_points, parse_cards
from tutor.engine.rules import RuleSet
from tutor.handout.drawing import (
    Block,
    Cards,
    Rule,
    Table,
    Text,
    heading,
    page,
    two_columns,
)
from tutor.i18n import N_, NN_, Translator
from tutor.words.explain import rule_title
from tutor.words.families import TOPICS, bonus_of, cell

# Translators: the family names at the top of a handout (the same as on the rules page).
CLASSIC, MODERN = N_("Classic Canasta"), N_("Modern American Canasta")
# Translators: the subtitle of a handout's first page: the rules of one family on one page.
ONE_PAGE = N_("The rules on one page")
# Translators: a caption under cards drawn on a handout: what each of them is worth; {points}
# a number, e.g. 10.
POINTS_EACH = NN_("{points} point each", "{points} points each")
# Translators: the heading of the first column of the initial-meld table of a handout.
YOUR_SCORE = N_("Your side's score")
# Translators: the heading of the second column of the initial-meld table of a handout: the
# points the first meld must reach.
POINTS_NEEDED = N_("Points needed")
# Translators: a row of the initial-meld table of a handout; {score} a score, e.g. 0 (the
# lowest band: a side below zero).
BELOW = N_("below {score}")
# Translators: a row of the initial-meld table of a handout; {score} a score, e.g. 1,500.
FROM = N_("from {score}")

# One card per rank for the values, the suits mixed for colour as in a real hand.
VALUE_CARDS = parse_cards("JK 2C AH KS QH JC 10D 9S 8H 7C 6D 5S 4H 3S")
# The canastas drawn with their bonuses: (family shown in, the seven cards).
CANASTAS = (
    (False, "KH KS KD KC KH KS KD"),
    (False, "8H 8S 8D 8C 8H 2C JK"),
    (True, "7H 7S 7D 7C 7H 7S 7D"),
    (True, "2C 2D 2H 2S 2C 2D 2H"),
)


def family_name(rules: RuleSet) -> str:
    return MODERN if rules.is_modern else CLASSIC


def topic_text(key: str, rules: RuleSet, tr: Translator) -> str:
    """The families compared's cell of one topic for this rule set."""
    [topic] = [t for t in TOPICS if t.key == key]
    return cell(topic, rules, tr).text


def topic_title(key: str, tr: Translator) -> str:
    [topic] = [t for t in TOPICS if t.key == key]
    return tr.gettext(topic.title)


def card_values(rules: RuleSet) -> list[tuple[int, tuple[Card, ...]]]:
    """The cards by value, highest first, as the engine counts them (C-CARD-1, M-CARD-1). The
    threes are left to their own paragraph where they are bonus cards only (a red three in
    either family; every three in Modern)."""
    groups: dict[int, list[Card]] = {}
    for card in VALUE_CARDS:
        if card.rank is Rank.THREE and (rules.is_modern or card.is_red_three):
            continue
        groups.setdefault(card_points(card), []).append(card)
    ordered = sorted(groups.items(), key=lambda item: -item[0])
    return [(value, tuple(cards)) for value, cards in ordered]


def _points(tr: Translator, value: int) -> str:
    return tr.format(tr.ngettext(*POINTS_EACH, value), POINTS_EACH[value != 1],
                     points=tr.number(value))


def initial_table(rules: RuleSet, tr: Translator) -> tuple[tuple[str, ...], ...]:
    """The initial-meld minimums by the side's score, as rows under their headings."""
    bands = rules.minimum_table
    rows = [(tr.gettext(YOUR_SCORE), tr.gettext(POINTS_NEEDED))]
    rows.append((tr.format(tr.gettext(BELOW), BELOW, score=bands[1][0]), tr.number(bands[0][1])))
    rows += [(tr.format(tr.gettext(FROM), FROM, score=floor), tr.number(need))
             for floor, need in bands[1:]]
    return tuple(rows)


def canastas(rules: RuleSet, tr: Translator) -> Cards:
    """The family's kinds of canasta drawn, each with the bonus the engine gives it."""
    shown = [cards for modern_only, cards in CANASTAS if rules.is_modern or not modern_only]
    return Cards(tuple((parse_cards(cards), "+" + tr.number(bonus_of(rules, cards)))
                       for cards in shown), card_width=6.5, fan=0.55)


def _topic(key: str, rules: RuleSet, tr: Translator) -> list[Block]:
    return [heading(topic_title(key, tr), 1.05), Text(topic_text(key, rules, tr))]


def draw(pdf: FPDF, rules: RuleSet, tr: Translator) -> float:
    """The rules summary page; its scale is returned."""
    card_rule = "M-CARD-1" if rules.is_modern else "C-CARD-1"
    header: list[Block] = [
        Text(tr.gettext(family_name(rules)), size=2.0, bold=True, gap=0.5),
        Text(tr.gettext(ONE_PAGE), size=1.1, muted=True, gap=2.5),
        heading(rule_title(card_rule, tr), 1.05),
        Cards(tuple((cards, _points(tr, value)) for value, cards in card_values(rules)),
              card_width=7.5),
        Rule(1.0),
    ]
    left: list[Block] = [*_topic("melds", rules, tr), *_topic("wild-melds", rules, tr)]
    if rules.is_modern:
        left += _topic("sevens", rules, tr)
    for key in ("drawing", "pile", "discarding", "going-out"):
        left += _topic(key, rules, tr)
    right: list[Block] = [
        heading(rule_title("M-INIT-1" if rules.is_modern else "C-INIT-1", tr), 1.05),
        Table(initial_table(rules, tr), (3, 2)),
        Text(topic_text("initial", rules, tr)),
        heading(rule_title("M-SCORE-1" if rules.is_modern else "C-SCORE-1", tr), 1.05),
        canastas(rules, tr),
        Text(topic_text("bonuses", rules, tr)),
        heading(topic_title("threes", tr), 1.05),
        Cards(((parse_cards("3H 3D"), ""), (parse_cards("3S 3C"), "")), card_width=5.5, gap=1.0),
        Text(topic_text("threes", rules, tr)),
        *_topic("penalties", rules, tr),
        *_topic("target", rules, tr),
    ]
    return page(pdf, header, two_columns(left, right))
