"""Plain-language explanations of verdicts, score breakdowns and rules, in the learner's language.

The engine gives reasons as rule ids with parameters; this module turns them into sentences
through a :class:`~tutor.i18n.Translator` (never a global translation), with card and rank names,
plurals and numbers in the learner's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.scoring import HandScore, ScoreItem
from tutor.engine.verdict import HouseRule, Reason, Verdict
from tutor.i18n import N_, Translator
from tutor.names import (
    CANASTA_KINDS,
    COLOURS,
    card_name,
    rank_label,
    rank_name,
    ranks_name,
    word,
)
from tutor.reason_texts import REASON_TEXTS, ReasonText, house_rule_text
from tutor.rule_texts import OPTION_TEXTS, RULE_TEXTS

# The names live in tutor.names; the card table and older callers import them from here.
__all__ = ["CANASTA_KINDS", "COLOURS", "Explanation", "ScoreLine", "card_name", "explain_item",
           "explain_reason", "explain_score", "explain_verdict", "fill_reason", "rank_name",
           "rule_statement", "rule_title", "word"]

HEADLINES: dict[tuple[str, bool], str] = {
    ("draw", True): N_("You may draw from the stock."),
    ("draw", False): N_("You may not draw now."),
    ("take", True): N_("You may take the discard pile."),
    ("take", False): N_("You may not take the discard pile."),
    ("meld", True): N_("You may lay these cards."),
    ("meld", False): N_("You may not lay these cards."),
    # Translators: {card} is the card's name without an article ("seven of clubs"); write
    # {card:acc|def} etc. for another form (see the "card|…" entries).
    ("discard", True): N_("You may discard the {card}."),
    # Translators: {card} is the card's name without an article ("seven of clubs"); write
    # {card:acc|def} etc. for another form (see the "card|…" entries).
    ("discard", False): N_("You may not discard the {card}."),
    ("ask", True): N_('You may ask your partner: "Partner, may I go out?"'),
    ("ask", False): N_("You may not ask your partner to go out now."),
    ("answer", True): N_("Your partner may answer."),
    ("answer", False): N_("There is no question to answer now."),
    ("pass", True): N_("You may pass: the hand ends."),
    ("pass", False): N_("You may not pass now."),
    ("next", True): N_("The next hand may be dealt."),
    ("next", False): N_("The next hand cannot be dealt now."),
}
# Translators: {rule} is a rule id from RULES.md, e.g. "C-MELD-4" (shown when no sentence fits).
FALLBACK = N_("Rule {rule} applies.")


@dataclass(frozen=True, slots=True)
class Explanation:
    legal: bool
    headline: str
    reasons: tuple[str, ...]
    rules: tuple[str, ...]
    options: tuple[str, ...] = ()  # the house rules (option ids) that decided the verdict

    @property
    def text(self) -> str:
        return " ".join((self.headline, *self.reasons))


@dataclass(frozen=True, slots=True)
class ScoreLine:
    kind: str
    label: str
    points: int
    points_text: str
    rule: str
    seat: int | None


# ----- names -----------------------------------------------------------------------------------


SEAT_KEYS = frozenset({"seat", "to_move", "partner"})


def _shown(key: str, value: object, tr: Translator) -> object:
    """A reason's parameter as a sentence shows it: seats from 1, cards, ranks, kinds and
    colours as :class:`~tutor.names.Name` objects, so a translation can ask for their forms."""
    if key in SEAT_KEYS and isinstance(value, int):
        return value + 1  # seats are numbered from 1 for people
    if isinstance(value, str):
        if key in ("top", "card"):
            return card_name(Card.parse(value), tr)
        if key in ("rank", "onto"):
            return rank_label(value, tr)
        if key == "ranks":
            return ranks_name(value.split("-"), tr)
        if key == "kind" and value in CANASTA_KINDS:
            return word(CANASTA_KINDS[value], tr)
        if key == "colour" and value in COLOURS:
            return word(COLOURS[value], tr)
    return value


# ----- reasons and verdicts --------------------------------------------------------------------


def find_text(reason: Reason, polarity: str) -> ReasonText | None:
    params = reason.param_map
    house = str(reason.option) if reason.option is not None else None
    for entry in REASON_TEXTS:
        if entry.matches(reason.rule, params, polarity, house):
            return entry
    return None


def explain_reason(reason: Reason, tr: Translator, polarity: str = "forbid") -> str:
    """One sentence for one reason, with its parameters filled in, then the house rule that
    decided it, if one did ("At this table a black three freezes the pile (V-C2).")."""
    sentence = _reason_sentence(reason, tr, polarity)
    if reason.option is None:
        return sentence
    house = explain_house_rule(reason.option, tr)
    return f"{sentence} {house}" if house else sentence


def explain_house_rule(option: HouseRule, tr: Translator) -> str:
    """The house rule in force, in words, naming its id; empty for an unknown option."""
    template = house_rule_text(option.id, option.value)
    if template is None:
        return ""
    target = int(option.value) if option.value.isdigit() else option.value
    return tr.format(tr.gettext(template), template, option=option.id, target=target)


def _reason_sentence(reason: Reason, tr: Translator, polarity: str) -> str:
    entry = find_text(reason, polarity)
    if entry is None:
        return tr.format(tr.gettext(FALLBACK), FALLBACK, rule=reason.rule)
    return fill_reason(entry, reason.param_map, tr)


def fill_reason(entry: ReasonText, params: Mapping[str, object], tr: Translator) -> str:
    """A reason's sentence with its parameters shown (names as :class:`~tutor.names.Name`)."""
    shown = {k: _shown(k, v, tr) for k, v in params.items()}
    if isinstance(entry.text, tuple):
        singular, plural = entry.text
        n = params.get(entry.count or "", 2)
        count = n if isinstance(n, int) else 2
        source = singular if count == 1 else plural
        return tr.format(tr.ngettext(singular, plural, count), source, **shown)
    return tr.format(tr.gettext(entry.text), entry.text, **shown)


def action_kind(verdict: Verdict) -> str:
    return str(verdict.action).split()[0]


def explain_verdict(verdict: Verdict, tr: Translator) -> Explanation:
    """A headline ("You may not take the discard pile.") and one sentence per reason."""
    kind = action_kind(verdict)
    template = HEADLINES[(kind, verdict.legal)]
    card = getattr(verdict.action, "card", None)
    headline = tr.format(
        tr.gettext(template), template, card=card_name(card, tr) if isinstance(card, Card) else ""
    )
    polarity = "permit" if verdict.legal else "forbid"
    reasons = verdict.permitting if verdict.legal else verdict.forbidding
    return Explanation(
        legal=verdict.legal,
        headline=headline,
        reasons=tuple(dict.fromkeys(explain_reason(r, tr, polarity) for r in reasons)),
        rules=tuple(dict.fromkeys(r.rule for r in reasons)),
        options=tuple(dict.fromkeys(r.option.id for r in reasons if r.option is not None)),
    )


# ----- scores ----------------------------------------------------------------------------------


def explain_item(item: ScoreItem, tr: Translator) -> ScoreLine:
    label = explain_reason(item.reason, tr, "permit")
    sign = "+" if item.points > 0 else ("−" if item.points < 0 else "±")
    return ScoreLine(
        item.kind,
        label,
        item.points,
        f"{sign}{tr.number(abs(item.points))}",
        item.reason.rule,
        item.seat,
    )


def explain_score(score: HandScore, tr: Translator) -> list[list[ScoreLine]]:
    """Every side's breakdown, line by line."""
    return [[explain_item(item, tr) for item in side.items] for side in score.sides]



# ----- rules -----------------------------------------------------------------------------------


def rule_title(rule_id: str, tr: Translator) -> str:
    return tr.gettext(_texts(rule_id)[0])


def rule_statement(rule_id: str, tr: Translator) -> str:
    return tr.gettext(_texts(rule_id)[1])


def _texts(rule_id: str) -> tuple[str, str]:
    table: Mapping[str, tuple[str, str]] = OPTION_TEXTS if rule_id.startswith("V-") else RULE_TEXTS
    return table[rule_id]
