"""Plain-language explanations of verdicts, score breakdowns and rules, in the learner's language.

The engine gives reasons as rule ids with parameters; this module turns them into sentences
through a :class:`~tutor.i18n.Translator` (never a global translation), with card and rank names,
plurals and numbers in the learner's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from babel.lists import format_list

from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.scoring import HandScore, ScoreItem
from tutor.engine.verdict import Reason, Verdict
from tutor.i18n import N_, NP_, NPN_, Translator
from tutor.reason_texts import REASON_TEXTS, ReasonText
from tutor.rule_texts import OPTION_TEXTS, RULE_TEXTS

RANK_NAMES: dict[Rank, tuple[str, str, str]] = {
    Rank.FOUR: NPN_("rank", "four", "fours"),
    Rank.FIVE: NPN_("rank", "five", "fives"),
    Rank.SIX: NPN_("rank", "six", "sixes"),
    Rank.SEVEN: NPN_("rank", "seven", "sevens"),
    Rank.EIGHT: NPN_("rank", "eight", "eights"),
    Rank.NINE: NPN_("rank", "nine", "nines"),
    Rank.TEN: NPN_("rank", "ten", "tens"),
    Rank.JACK: NPN_("rank", "jack", "jacks"),
    Rank.QUEEN: NPN_("rank", "queen", "queens"),
    Rank.KING: NPN_("rank", "king", "kings"),
    Rank.ACE: NPN_("rank", "ace", "aces"),
    Rank.TWO: NPN_("rank", "two", "twos"),
    Rank.THREE: NPN_("rank", "three", "threes"),
    Rank.JOKER: NPN_("rank", "joker", "jokers"),
}
WILD_CARDS = NP_("rank", "wild cards")
SUIT_NAMES: dict[Suit, tuple[str, str]] = {
    Suit.CLUBS: NP_("suit", "clubs"),
    Suit.DIAMONDS: NP_("suit", "diamonds"),
    Suit.HEARTS: NP_("suit", "hearts"),
    Suit.SPADES: NP_("suit", "spades"),
}
# Translators: a card's name, e.g. "king of hearts"; {rank} and {suit} are names.
CARD_NAME = NP_("card", "{rank} of {suit}")
CANASTA_KINDS: dict[str, tuple[str, str]] = {
    "natural": NP_("canasta kind", "natural"),
    "mixed": NP_("canasta kind", "mixed"),
    "sevens": NP_("canasta kind", "sevens"),
    "aces": NP_("canasta kind", "aces"),
    "twos": NP_("canasta kind", "seven-twos"),
    "jokers": NP_("canasta kind", "four-joker"),
    "wild": NP_("canasta kind", "wild"),
}
COLOURS: dict[str, tuple[str, str]] = {
    "red": NP_("three colour", "red"),
    "black": NP_("three colour", "black"),
}
HEADLINES: dict[tuple[str, bool], str] = {
    ("draw", True): N_("You may draw from the stock."),
    ("draw", False): N_("You may not draw now."),
    ("take", True): N_("You may take the discard pile."),
    ("take", False): N_("You may not take the discard pile."),
    ("meld", True): N_("You may lay these cards."),
    ("meld", False): N_("You may not lay these cards."),
    ("discard", True): N_("You may discard the {card}."),
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
FALLBACK = N_("Rule {rule} applies.")


@dataclass(frozen=True, slots=True)
class Explanation:
    legal: bool
    headline: str
    reasons: tuple[str, ...]
    rules: tuple[str, ...]

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


def rank_name(rank: Rank, tr: Translator, count: int = 2) -> str:
    context, singular, plural = RANK_NAMES[rank]
    return tr.npgettext(context, singular, plural, count)


def card_name(card: Card, tr: Translator) -> str:
    if card.suit is None:
        return rank_name(card.rank, tr, 1)
    context, template = CARD_NAME
    suit = tr.pgettext(*SUIT_NAMES[card.suit])
    return tr.format(
        tr.pgettext(context, template), template, rank=rank_name(card.rank, tr, 1), suit=suit
    )


def _rank_label(symbol: str, tr: Translator) -> str:
    if symbol == "W":
        return tr.pgettext(*WILD_CARDS)
    return rank_name(Rank.parse(symbol), tr)


SEAT_KEYS = frozenset({"seat", "to_move", "partner"})


def _shown(key: str, value: object, tr: Translator) -> object:
    if key in SEAT_KEYS and isinstance(value, int):
        return value + 1  # seats are numbered from 1 for people
    if isinstance(value, str):
        if key in ("top", "card"):
            return card_name(Card.parse(value), tr)
        if key in ("rank", "onto"):
            return _rank_label(value, tr)
        if key == "ranks":
            return format_list([_rank_label(v, tr) for v in value.split("-")], locale=tr.lang)
        if key == "kind" and value in CANASTA_KINDS:
            return tr.pgettext(*CANASTA_KINDS[value])
        if key == "colour" and value in COLOURS:
            return tr.pgettext(*COLOURS[value])
    return value


# ----- reasons and verdicts --------------------------------------------------------------------


def find_text(reason: Reason, polarity: str) -> ReasonText | None:
    params = reason.param_map
    for entry in REASON_TEXTS:
        if entry.matches(reason.rule, params, polarity):
            return entry
    return None


def explain_reason(reason: Reason, tr: Translator, polarity: str = "forbid") -> str:
    """One sentence for one reason, with its parameters filled in."""
    entry = find_text(reason, polarity)
    params = reason.param_map
    shown = {k: _shown(k, v, tr) for k, v in params.items()}
    if entry is None:
        return tr.format(tr.gettext(FALLBACK), FALLBACK, rule=reason.rule)
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
