"""Plain-language explanations of verdicts, score breakdowns and rules, in the learner's language.

The engine gives reasons as rule ids with parameters; this module turns them into sentences
through a :class:`~tutor.i18n.Translator` (never a global translation), with card and rank names,
plurals and numbers in the learner's language. A reason is told for the seat it is about: given
a :class:`~tutor.words.seats.Perspective`, the second person is kept for the reader's own moves, and
another seat's move is told in the third person ("The left opponent's side has melded
already, so they meld freely."); the engine's reasons are the same either way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.scoring import HandScore, ScoreItem
from tutor.engine.verdict import HouseRule, Reason, Verdict
from tutor.i18n import N_, Translator
from tutor.words.names import (
    CANASTA_KINDS,
    COLOURS,
    Name,
    card_name,
    rank_label,
    rank_name,
    ranks_name,
    word,
)
from tutor.words.reason_texts import REASON_TEXTS, ReasonText, house_rule_text
from tutor.words.rule_texts import OPTION_TEXTS, RULE_TEXTS
from tutor.words.seats import Perspective, SeatRole, Sentence

# The names live in tutor.words.names; the card table and older callers import them from here.
__all__ = ["CANASTA_KINDS", "COLOURS", "Explanation", "Perspective", "ScoreLine", "card_name",
           "explain_item", "explain_reason", "explain_reasons", "explain_score", "explain_verdict",
           "fill_reason", "move_reasons", "rank_name", "reason_sentence", "reason_sentences",
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
    # Translators: a verdict's headline: the learner may answer the partner's "may I go out?".
    ("answer", True): N_("You may answer."),
    ("answer", False): N_("There is no question to answer now."),
    ("pass", True): N_("You may pass: the hand ends."),
    ("pass", False): N_("You may not pass now."),
    ("next", True): N_("The next hand may be dealt."),
    ("next", False): N_("The next hand cannot be dealt now."),
}
# The same headlines about another seat than the reader's ({who}: "the left opponent", "your
# partner"); a headline not listed here speaks to nobody in particular and serves every seat.
HEADLINES_OTHER: dict[tuple[str, bool], str] = {
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("draw", True): N_("{who} may draw from the stock."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("draw", False): N_("{who} may not draw now."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("take", True): N_("{who} may take the discard pile."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("take", False): N_("{who} may not take the discard pile."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("meld", True): N_("{who} may lay these cards."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("meld", False): N_("{who} may not lay these cards."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"); {card} the card's name without an article ("seven of clubs").
    ("discard", True): N_("{who} may discard the {card}."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"); {card} the card's name without an article ("seven of clubs").
    ("discard", False): N_("{who} may not discard the {card}."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("ask", True): N_('{who} may ask their partner: "Partner, may I go out?"'),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("ask", False): N_("{who} may not ask their partner to go out now."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("answer", True): N_("{who} may answer."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("pass", True): N_("{who} may pass: the hand ends."),
    # Translators: a verdict's headline about another player: {who} is that player ("the left
    # opponent", "your partner"; {who:gen|def} "the left opponent's").
    ("pass", False): N_("{who} may not pass now."),
}
# Translators: shown when no sentence fits a reason; {title} is the rule's title, e.g. "Taking
# the discard pile".
FALLBACK = N_("This rule applies: {title}.")


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


def _seat(value: object) -> int | None:
    """A seat parameter's seat (``partner=False`` says there is none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seat_shown(value: object, tr: Translator, perspective: Perspective | None) -> object:
    """A seat named from the reader's chair ("the left opponent", "your partner"), never by
    number; the reader's own seat, or a seat without a known chair, stays a number that no
    sentence shows (the sentences that name a seat are ``seated``: chosen only with a chair)."""
    seat = _seat(value)
    if perspective is None or seat is None or seat == perspective.viewer:
        return value
    try:
        return Perspective(seat, perspective.viewer, perspective.players).name(tr)
    except ValueError:  # a seat not at this table
        return value


def _shown(key: str, value: object, tr: Translator,
           perspective: Perspective | None = None) -> object:
    """A reason's parameter as a sentence shows it: seats named from the reader's chair, cards,
    ranks, kinds and colours as :class:`~tutor.words.names.Name` objects, so a translation can
    ask for their forms."""
    if key in SEAT_KEYS:
        return _seat_shown(value, tr, perspective)
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


def find_text(reason: Reason, polarity: str, seated: bool = False) -> ReasonText | None:
    """The reason's entry; ``seated``: the reader's chair is known, so an entry that names a
    seat from it may serve (else the entry after it, which names none)."""
    params = reason.param_map
    house = str(reason.option) if reason.option is not None else None
    for entry in REASON_TEXTS:
        if entry.seated and not seated:
            continue
        if entry.matches(reason.rule, params, polarity, house):
            return entry
    return None


def _chair_known(reason: Reason, perspective: Perspective | None) -> bool:
    """Whether every seat the reason names is at the reader's table."""
    if perspective is None:
        return False
    seats = [_seat(v) for k, v in reason.params if k in SEAT_KEYS]
    return all(s is None or 0 <= s < perspective.players for s in seats)


def explain_reason(
    reason: Reason, tr: Translator, polarity: str = "forbid",
    perspective: Perspective | None = None,
) -> str:
    """One sentence for one reason, with its parameters filled in, then the house rule that
    decided it, if one did ("At this table a black three freezes the pile."). Without a
    perspective the reason is the reader's own (their attempt, their hint), and no other seat
    is named (the reader's chair is unknown)."""
    return _with_house_rule(_reason_text(reason, tr, polarity, perspective)[0], reason, tr)


def reason_sentence(
    reason: Reason, tr: Translator, polarity: str, perspective: Perspective
) -> Sentence:
    """The reason told for the seat it is about, as the reader at ``perspective.viewer`` reads
    it: second person for the reader's own move, third person (the seat named) for another's."""
    text, spoken_to = _reason_text(reason, tr, polarity, perspective)
    entry = find_text(reason, polarity, _chair_known(reason, perspective))
    to_reader = (entry is not None and entry.partner is not None and not perspective.own
                 and perspective.role is SeatRole.PARTNER)  # "your partner may ask you"
    you = perspective.seat if spoken_to else perspective.viewer if to_reader else None
    return Sentence(_with_house_rule(text, reason, tr), perspective.seat, you)


def reason_sentences(
    reasons: Iterable[Reason], tr: Translator, polarity: str, perspective: Perspective
) -> tuple[Sentence, ...]:
    """Each reason's sentence once, in order (several reasons may read the same)."""
    said = (reason_sentence(r, tr, polarity, perspective) for r in reasons)
    return tuple({s.text: s for s in said}.values())


def move_reasons(
    verdict: Verdict, reasons: Sequence[Reason], tr: Translator, perspective: Perspective
) -> tuple[Sentence, ...]:
    """The reasons the history shows under a move, told for the seat that made it: a computer
    player's own (its strategy, then the rules that permit the move), else the verdict's."""
    if reasons:
        return reason_sentences(reasons, tr, "permit", perspective)
    polarity = "permit" if verdict.legal else "forbid"
    told = verdict.permitting if verdict.legal else verdict.forbidding
    return reason_sentences(told, tr, polarity, perspective)


def explain_reasons(
    reasons: Iterable[Reason], tr: Translator, polarity: str = "permit",
    perspective: Perspective | None = None,
) -> tuple[str, ...]:
    """Each reason's sentence once, in order: what the history shows under a move (a computer
    player's own reasons, or the rules that permitted it) for the seat that made it."""
    return tuple(dict.fromkeys(explain_reason(r, tr, polarity, perspective) for r in reasons))


def _with_house_rule(sentence: str, reason: Reason, tr: Translator) -> str:
    if reason.option is None:
        return sentence
    house = explain_house_rule(reason.option, tr)
    return f"{sentence} {house}" if house else sentence


def explain_house_rule(option: HouseRule, tr: Translator) -> str:
    """The house rule in force, in words ("At this table …"; the option's id stays in the
    verdict's data, never in the sentence); empty for an unknown option. These sentences are
    impersonal ("a partner's yes binds"), so they serve every seat."""
    template = house_rule_text(option.id, option.value)
    if template is None:
        return ""
    target = int(option.value) if option.value.isdigit() else option.value
    if isinstance(template, tuple):  # the form follows the target score
        n = target if isinstance(target, int) else 2
        return tr.format(tr.ngettext(*template, n), template[n != 1], target=target)
    return tr.format(tr.gettext(template), template, target=target)


def _fallback(reason: Reason, tr: Translator) -> str:
    """The rule by its title when no sentence fits (never its id)."""
    try:
        title = rule_title(reason.rule, tr)
    except KeyError:
        raise ValueError(f"no sentence and no title for the rule {reason.rule}") from None
    return tr.format(tr.gettext(FALLBACK), FALLBACK, title=title)


def _reason_text(
    reason: Reason, tr: Translator, polarity: str, perspective: Perspective | None
) -> tuple[str, bool]:
    """The sentence and whether it speaks to the seat it is about. Another seat gets the
    entry's third-person sentence; a sentence only ever said to the reader (a forbidding reason
    of their own attempt) gives way to the neutral fallback instead of saying "you"."""
    entry = find_text(reason, polarity, _chair_known(reason, perspective))
    if entry is None:
        return _fallback(reason, tr), False
    params = reason.param_map
    if perspective is None or perspective.own:
        return fill_reason(entry, params, tr, perspective=perspective), entry.second_person
    if entry.partner is not None and perspective.role is SeatRole.PARTNER:
        return fill_reason(entry, params, tr, perspective=perspective, about_partner=True), False
    if entry.other is not None:
        return fill_reason(entry, params, tr, perspective.name(tr), perspective), False
    if entry.own_only:
        return _fallback(reason, tr), False
    return fill_reason(entry, params, tr, perspective=perspective), False


def fill_reason(
    entry: ReasonText, params: Mapping[str, object], tr: Translator, who: Name | None = None,
    perspective: Perspective | None = None, about_partner: bool = False,
) -> str:
    """A reason's sentence with its parameters shown (names as :class:`~tutor.words.names.Name`,
    seats named from ``perspective``'s chair): the learner's own, or with ``who`` the entry's
    sentence about that other seat. A sentence that names a seat, filled on its own (the
    catalogs' review render), is read from seat 0's chair at a table of four, never with a
    number."""
    if perspective is None and entry.seated:
        perspective = Perspective(0, 0, 4)
    shown = {k: _shown(k, v, tr, perspective) for k, v in params.items()}
    text = entry.text
    if who is not None:
        if entry.other is None:
            raise ValueError(f"no sentence about another seat for {entry.rules[0]}")
        text, shown["who"] = entry.other, who
    if about_partner and entry.partner is not None:
        text = entry.partner
    if isinstance(text, tuple):
        singular, plural = text
        n = params.get(entry.count or "", 2)
        count = n if isinstance(n, int) else 2
        source = singular if count == 1 else plural
        filled = tr.format(tr.ngettext(singular, plural, count), source, **shown)
    else:
        filled = tr.format(tr.gettext(text), text, **shown)
    return _capitalised(filled) if who is not None else filled


def _capitalised(text: str) -> str:
    """A sentence that starts with a seat's name ("the left opponent's side …") starts with
    a capital letter."""
    return text[:1].upper() + text[1:]


def action_kind(verdict: Verdict) -> str:
    return str(verdict.action).split()[0]


def explain_verdict(
    verdict: Verdict, tr: Translator, perspective: Perspective | None = None
) -> Explanation:
    """A headline ("You may not take the discard pile.") and one sentence per reason, for the
    reader's own move, or (``perspective``) for the seat it is about."""
    kind = action_kind(verdict)
    card = getattr(verdict.action, "card", None)
    params: dict[str, object] = {"card": card_name(card, tr) if isinstance(card, Card) else ""}
    template = HEADLINES[(kind, verdict.legal)]
    other = HEADLINES_OTHER.get((kind, verdict.legal))
    if perspective is not None and not perspective.own and other is not None:
        template, params["who"] = other, perspective.name(tr)
    headline = tr.format(tr.gettext(template), template, **params)
    if "who" in params:
        headline = _capitalised(headline)
    polarity = "permit" if verdict.legal else "forbid"
    reasons = verdict.permitting if verdict.legal else verdict.forbidding
    return Explanation(
        legal=verdict.legal,
        headline=headline,
        reasons=tuple(dict.fromkeys(explain_reason(r, tr, polarity, perspective)
                                    for r in reasons)),
        rules=tuple(dict.fromkeys(r.rule for r in reasons)),
        options=tuple(dict.fromkeys(r.option.id for r in reasons if r.option is not None)),
    )


# ----- scores ----------------------------------------------------------------------------------


def item_perspective(item: ScoreItem, viewer: int, players: int) -> Perspective | None:
    """The seat whose hand a score line counts, read from the ``viewer``'s chair; None for a
    line about a side (a line credited to one player says whose it is where it is shown:
    tutor.ui.score_view), or a seat not at this table."""
    seat = _seat(item.reason.param_map.get("seat"))
    if seat is None:
        return None
    try:
        return Perspective(seat, viewer, players)
    except ValueError:  # a seat (or a table) the tutor does not seat
        return None


def explain_item(item: ScoreItem, tr: Translator, viewer: int, players: int) -> ScoreLine:
    """One line of a breakdown, read by the learner at ``viewer`` at a table of ``players``:
    the hand a line counts is "your hand" or the left opponent's, never a seat number."""
    perspective = item_perspective(item, viewer, players)
    label = _with_house_rule(_reason_text(item.reason, tr, "permit", perspective)[0],
                             item.reason, tr)
    sign = "+" if item.points > 0 else ("−" if item.points < 0 else "±")
    return ScoreLine(
        item.kind,
        label,
        item.points,
        f"{sign}{tr.number(abs(item.points))}",
        item.reason.rule,
        item.seat,
    )


def explain_score(
    score: HandScore, tr: Translator, viewer: int, players: int
) -> list[list[ScoreLine]]:
    """Every side's breakdown, line by line, read from the ``viewer``'s chair at a table of
    ``players`` (the score calculator, which has no learner, reads it from seat 0's)."""
    return [[explain_item(item, tr, viewer, players) for item in side.items]
            for side in score.sides]



# ----- rules -----------------------------------------------------------------------------------


def rule_title(rule_id: str, tr: Translator) -> str:
    return tr.gettext(_texts(rule_id)[0])


def rule_statement(rule_id: str, tr: Translator) -> str:
    return tr.gettext(_texts(rule_id)[1])


def _texts(rule_id: str) -> tuple[str, str]:
    table: Mapping[str, tuple[str, str]] = OPTION_TEXTS if rule_id.startswith("V-") else RULE_TEXTS
    return table[rule_id]
