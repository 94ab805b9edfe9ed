"""Cards a learner typed or picked that cannot be scored or set up, said in words: what is
wrong and how to fix it, in the learner's language.

The engine says what is wrong as data (an error's ``code`` and parameters, tutor.engine.errors);
this module words it. Its message, which names a file's fields ("position.sides[0].melds[0]"),
is kept as ``details`` for a fold that teachers may open, never as the text itself. An error
without a code (one of the position checks that have none yet) is said in general words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card, Rank
from tutor.engine.errors import NotationError, PositionError, TutorError
from tutor.engine.scoring import meld_from_text
from tutor.i18n import N_, Translator
from tutor.words.names import cards_name, ranks_name

# Translators: a typed piece that is no card; {card} the piece typed, e.g. "11H".
NOT_A_CARD = N_('"{card}" is not a card. Write a card as its rank (2 to 10, J, Q, K or A) and '
                "its suit (C, D, H or S), for example KH for the king of hearts, or JK for a "
                "joker.")
# Translators: the cards hold more copies of a card than the two decks have; {cards} the cards,
# each with its article ("the king of hearts").
TOO_MANY = N_("There are more of {cards} than the two decks hold.")
# Translators: after "There are more of … than the two decks hold.": how to fix it.
TOO_MANY_FIX = N_("The two decks hold two of each card and four jokers: take out the extra ones.")
# Translators: a meld holds cards of more than one rank; {ranks} the ranks in it, e.g. "fours,
# nines and kings".
MIXED = N_("A meld holds cards of one rank, with or without wild cards, but this one mixes "
           "{ranks}. Put each rank in a meld of its own.")
# Translators: a meld without cards in the score calculator.
EMPTY_MELD = N_("This meld has no cards: add cards to it, or leave it out.")
# Translators: a score file names a player twice.
SEAT_TWICE = N_("A player is named twice: name each player once.")
# Translators: a score file names no side.
NO_SIDES = N_("There is nothing to score: give the melds and cards of at least one side.")
# Translators: a field of a form with a problem; {field} the field's label, {problem} what is
# wrong, in words.
IN_FIELD = N_("{field}: {problem}")
# Translators: cards or a move that cannot be read, when nothing more precise can be said.
UNREADABLE = N_("Some of the cards or the move cannot be read. Write each card as its rank and "
                "its suit, for example KH for the king of hearts, and separate the cards with "
                "spaces.")
# Translators: cards that make no position the game allows, when nothing more precise can be
# said.
IMPOSSIBLE = N_("These cards do not make a position the game allows. Check the hand, the pile "
                "and the melds: each meld of one rank, at least two natural cards in it, and no "
                "card more often than the two decks hold it.")


@dataclass(frozen=True, slots=True)
class Worded:
    """An input problem in words (``text``) and the engine's own message (``details``, for
    a fold; empty when the words are all there is)."""

    text: str
    details: str = ""


def _say(tr: Translator, template: str, **params: object) -> str:
    return tr.format(tr.gettext(template), template, **params)


def coded(exc: BaseException) -> TutorError | None:
    """The first error with a code in the chain an error was raised from (a file reader may
    wrap the scorer's error in its own)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, TutorError) and current.code:
            return current
        current = current.__cause__ or current.__context__
    return None


def _ranks(value: object) -> list[str]:
    ranks = [rank for rank in value if isinstance(rank, Rank)] if isinstance(
        value, tuple) else []
    return [rank.symbol for rank in sorted(ranks, key=lambda rank: list(Rank).index(rank))]


def _cards(value: object) -> list[Card]:
    return [card for card in value if isinstance(card, Card)] if isinstance(value, tuple) else []


def coded_words(error: TutorError, tr: Translator) -> str | None:
    """The words for an error's code, or None for a code this module does not know."""
    params = error.params
    if error.code == "meld-mixes-ranks":
        return _say(tr, MIXED, ranks=ranks_name(_ranks(params.get("ranks")), tr))
    if error.code == "meld-empty":
        return tr.gettext(EMPTY_MELD)
    if error.code == "too-many-copies":
        over = _cards(params.get("cards"))[:8]
        return f"{_say(tr, TOO_MANY, cards=cards_name(over, tr))} {tr.gettext(TOO_MANY_FIX)}"
    if error.code == "not-a-card":
        return _say(tr, NOT_A_CARD, card=str(params.get("piece", "")))
    if error.code == "seat-repeated":
        return tr.gettext(SEAT_TWICE)
    if error.code == "no-sides":
        return tr.gettext(NO_SIDES)
    return None


CODES = frozenset({"meld-mixes-ranks", "meld-empty", "too-many-copies", "not-a-card",
                   "seat-repeated", "no-sides"})


def error_words(exc: TutorError, tr: Translator) -> Worded:
    """Any engine error about input, in words; its message kept for the details fold."""
    found = coded(exc)
    text = coded_words(found, tr) if found is not None else None
    if text is None:
        text = tr.gettext(IMPOSSIBLE if isinstance(exc, PositionError) else UNREADABLE)
    return Worded(text, str(exc))


position_problem = error_words


def unreadable_piece(text: str) -> str | None:
    """The first piece of typed cards that is no card (None: every piece is a card)."""
    for part in text.replace(",", " ").split():
        try:
            Card.parse(part)
        except NotationError:
            return part
    return None


def in_field(field: str, problem: str, tr: Translator) -> str:
    return _say(tr, IN_FIELD, field=field, problem=problem)


def typed_cards_problem(fields: Iterable[tuple[str, str, bool]], tr: Translator
                        ) -> Worded | None:
    """The first of some typed fields (label, text, whether it is one meld) that cannot be
    read, in words that name the field; None when every field reads."""
    for label, text, is_meld in fields:
        piece = unreadable_piece(text)
        if piece is not None:
            return Worded(in_field(label, _say(tr, NOT_A_CARD, card=piece), tr))
        if is_meld and text.strip():
            try:
                meld_from_text(text)
            except TutorError as exc:
                words = coded_words(exc, tr) if exc.code else None
                return Worded(in_field(label, words or tr.gettext(UNREADABLE), tr), str(exc))
    return None


def meld_problem(cards: Sequence[Card], tr: Translator) -> str | None:
    """What is wrong with picked cards as one meld, in words (None: they make a meld)."""
    try:
        meld_from_text(" ".join(str(card) for card in cards))
    except TutorError as exc:
        return coded_words(exc, tr) or tr.gettext(UNREADABLE)
    return None
