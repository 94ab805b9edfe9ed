"""A move typed in notation ("Advanced: type a move"), answered in the learner's language.

A move that can be read is the engine's to answer: it is judged like a click on the table, and
its verdict explained. Only text that is no move at all gets a notation error, and that in
words, naming the piece that could not be read. The engine refuses an action naming cards the
player does not hold as malformed (PositionError), before any rule is asked; the answer then
names the cards in words and, for a three, gives the rule that keeps threes out of a hand
(a red three is never discarded, C-TURN-4: the learner who types ``discard 3H`` learns that,
not that 3H is missing from a list of notation). Plain Python, no Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Action, GameState
from tutor.engine.cards import Card, Rank
from tutor.engine.errors import NotationError, PositionError
from tutor.engine.judge import judge
from tutor.engine.not_held import missing_cards, three_rule
from tutor.engine.verdict import Verdict
from tutor.i18n import N_, Translator
from tutor.words.explain import explain_verdict, rule_statement, rule_title
from tutor.words.names import cards_name
from tutor.words.seats import Perspective

VERBS = ("draw", "take", "meld", "discard", "ask", "answer", "pass", "next")
BARE_VERBS = frozenset({"draw", "ask", "pass", "next"})  # nothing may follow them

# Translators: the answer to an empty typed move; the moves are notation, keep them as they are.
EMPTY = N_("Type a move, for example: draw, meld KH KS 2C or discard 7D.")
# Translators: a typed move that is no move; {move} the text typed. The words draw, take, meld …
# are the notation the field understands: keep them in English.
NO_VERB = N_('"{move}" is not a move: a move begins with draw, take, meld, discard, ask, '
             "answer, pass or next, for example: meld KH KS 2C.")
# Translators: a typed move names something that is no card; {card} the piece typed, e.g. "11H".
NOT_A_CARD = N_('"{card}" is not a card. Write a card as its rank (2 to 10, J, Q, K or A) and '
                "its suit (C, D, H or S), for example KH for the king of hearts, or JK for a "
                "joker.")
# Translators: a typed move lays wild cards onto something that is no rank; {rank} the piece
# typed after "@", e.g. "X". Keep "@" as it is.
NOT_A_RANK = N_('"{rank}" after @ is not a rank: write the rank of the meld the wild cards go '
                "onto, for example 2C@K for a two of clubs onto your kings.")
# Translators: a typed move has an empty group between two "|" signs; {move} the text typed.
EMPTY_GROUP = N_('"{move}" has an empty group: write cards between each two | signs.')
# Translators: a typed move "meld" without cards.
NO_CARDS = N_("Name the cards to meld, for example: meld KH KS 2C.")
# Translators: a typed move discards no card or more than one; keep "discard 7D" as it is.
ONE_DISCARD = N_("Discard exactly one card, for example: discard 7D.")
# Translators: a typed move like "draw 7D"; {move} the text typed, {verb} its first word (notation:
# draw, ask, pass or next).
NOTHING_AFTER = N_('"{move}" is not a move: nothing follows {verb}.')
# Translators: a typed answer that is neither yes nor no; keep the notation as it is.
YES_OR_NO = N_('Answer with "answer yes" or "answer no".')
# Translators: a typed move names cards the learner does not hold; {cards} the cards, each with
# its article ("the three of hearts"; {cards:acc|def} etc. for other forms).
NOT_HELD = N_("You do not hold {cards}.")
# Translators: a typed move the engine cannot use in this position (a rare case).
CANNOT_USE = N_("This move cannot be made in this position.")
# Translators: under the answer to a typed move: the rules that decided it, by title; {rules} the
# rule titles, e.g. "What you may discard".
RULES_USED = N_("Rules: {rules}")


@dataclass(frozen=True, slots=True)
class TypedAnswer:
    """What the page says about a typed move: its words, whether the move was played, and the
    rules that decided it (their titles are shown, their ids only in a tooltip)."""

    text: str
    legal: bool = False
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TypedMove:
    """A move to play (the engine judges it), or the answer to text it cannot take. ``answer``
    with an action: what to add to the verdict (cards named but not held, which an earlier
    rule, e.g. "draw first", refused the move before)."""

    action: Action | None = None
    answer: TypedAnswer | None = None


def read_typed(state: GameState, text: str, seat: int, tr: Translator) -> TypedMove:
    """Read ``text`` as the move of ``seat``: an action the engine can judge, or the answer
    in words to text that is no move, or that names cards the seat does not hold."""
    try:
        action = Action.parse(text)
    except NotationError:
        return TypedMove(answer=TypedAnswer(notation_problem(text, tr)))
    try:
        judge(state, action, seat=None if state.hand_over else seat)
    except PositionError:
        return TypedMove(answer=not_held(state, action, seat, tr))
    missing = missing_cards(state, action, seat)
    return TypedMove(action, not_held(state, action, seat, tr) if missing else None)


def with_note(answer: TypedAnswer, note: TypedAnswer | None) -> TypedAnswer:
    """A verdict's answer followed by what else there is to say about the move."""
    if note is None:
        return answer
    return TypedAnswer(f"{answer.text} {note.text}", answer.legal,
                       tuple(dict.fromkeys(answer.rules + note.rules)))


def verdict_answer(verdict: Verdict, tr: Translator,
                   perspective: Perspective | None = None) -> TypedAnswer:
    """The engine's verdict on a typed move, as on the table: its headline and reasons (the
    seats they name told from ``perspective``'s chair)."""
    explanation = explain_verdict(verdict, tr, perspective)
    return TypedAnswer(explanation.text, verdict.legal, explanation.rules)


def rules_caption(answer: TypedAnswer, tr: Translator) -> str:
    """The rules of an answer by title ("Rules: What you may discard")."""
    titles = ", ".join(dict.fromkeys(rule_title(rule, tr) for rule in answer.rules))
    return tr.format(tr.gettext(RULES_USED), RULES_USED, rules=titles)


# ----- text that is no move ---------------------------------------------------------------------


def notation_problem(text: str, tr: Translator) -> str:
    """Why ``text`` is no move, in words: the first piece that cannot be read."""
    words = text.strip().split(None, 1)
    if not words:
        return tr.gettext(EMPTY)
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    shown = text.strip()
    if verb not in VERBS:
        return tr.format(tr.gettext(NO_VERB), NO_VERB, move=shown)
    if verb in BARE_VERBS:
        return tr.format(tr.gettext(NOTHING_AFTER), NOTHING_AFTER, move=shown, verb=verb)
    if verb == "answer":
        return tr.gettext(YES_OR_NO)
    groups = rest.split("|")
    for group in groups:
        body, at, target = group.partition("@")
        problem = cards_problem(body, tr)
        if problem is not None:
            return problem
        if at and not _is_rank(target):
            return tr.format(tr.gettext(NOT_A_RANK), NOT_A_RANK, rank=target.strip())
    if verb == "discard":
        return tr.gettext(ONE_DISCARD)
    if verb == "meld" and not rest.strip():
        return tr.gettext(NO_CARDS)
    if any(not group.replace(",", " ").split() for group in groups[1:] if verb == "take") or (
            verb == "meld" and any(not group.strip() for group in groups)):
        return tr.format(tr.gettext(EMPTY_GROUP), EMPTY_GROUP, move=shown)
    return tr.format(tr.gettext(NO_VERB), NO_VERB, move=shown)


def cards_problem(text: str, tr: Translator) -> str | None:
    """The first piece of ``text`` (cards by spaces or commas) that is no card, in words."""
    for piece in text.replace(",", " ").split():
        if not _is_card(piece):
            return tr.format(tr.gettext(NOT_A_CARD), NOT_A_CARD, card=piece)
    return None


def _is_card(piece: str) -> bool:
    try:
        Card.parse(piece)
    except NotationError:
        return False
    return True


def _is_rank(piece: str) -> bool:
    try:
        Rank.parse(piece)
    except NotationError:
        return False
    return True


# ----- cards the seat does not hold -------------------------------------------------------------


def not_held(state: GameState, action: Action, seat: int, tr: Translator) -> TypedAnswer:
    """The cards named but not held, in words, and the rule for a three among them."""
    missing = missing_cards(state, action, seat)
    if not missing:
        return TypedAnswer(tr.gettext(CANNOT_USE))
    text = tr.format(tr.gettext(NOT_HELD), NOT_HELD, cards=cards_name(missing, tr))
    rule = three_rule(state, action, missing)
    if rule is None:
        return TypedAnswer(text)
    return TypedAnswer(f"{text} {rule_statement(rule, tr)}", rules=(rule,))
