"""A move the learner could make, said in words: "Take the pile with the nine of hearts and the
nine of spades." Used by hints and the history instead of notation (``take 9H 9S``)."""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list

from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Group,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import Card
from tutor.explain import card_name, rank_name
from tutor.i18n import N_, Translator
from tutor.narrate import the_card

DRAW = N_("Draw from the stock.")
# Translators: {cards} is a list of card names ("the nine of hearts and the nine of spades").
TAKE_WITH = N_("Take the pile with {cards}.")
TAKE_ONTO_MELD = N_("Take the pile: its top card joins your meld of that rank.")
# Translators: {cards} names the cards that go with the top card; {melds} the other melds laid
# from the hand at the same time (an initial meld).
TAKE_WITH_MELDS = N_("Take the pile with {cards}, and lay {melds} with it.")
# Translators: {melds} lists the melds laid, each as a list of card names.
LAY = N_("Lay {melds}.")
# Translators: {cards} are wild cards laid onto the side's meld of {rank} (a plural rank name).
ONTO = N_("{cards} onto your {rank}")
# Translators: {card} is a card name ("the seven of clubs").
DISCARD = N_("Discard the {card}.")
ASK = N_("Ask your partner whether you may go out.")
YES = N_("Answer yes.")
NO = N_("Answer no.")
PASS = N_("Pass.")
NEXT = N_("Deal the next hand.")
# Translators: joins two melds in one move: "the king of hearts, ...; the nine of spades, ...".
GROUP_SEPARATOR = N_("; ")


def card_list(cards: Sequence[Card], tr: Translator) -> str:
    """"the nine of hearts and the nine of spades", with each language's article."""
    return format_list([the_card(card, tr) for card in cards], locale=tr.lang)


def group_text(group: Group, tr: Translator) -> str:
    cards = card_list(group.cards, tr)
    if group.onto is None:
        return cards
    return tr.format(tr.gettext(ONTO), ONTO, cards=cards, rank=rank_name(group.onto, tr))


def groups_text(groups: Sequence[Group], tr: Translator) -> str:
    return tr.gettext(GROUP_SEPARATOR).join(group_text(group, tr) for group in groups)


def describe(action: Action, tr: Translator) -> str:
    """The move as an instruction in the learner's language, with card names."""
    simple = {Draw: DRAW, AskPartner: ASK, Pass: PASS, NextHand: NEXT}
    for kind, text in simple.items():
        if isinstance(action, kind):
            return tr.gettext(text)
    if isinstance(action, Answer):
        return tr.gettext(YES if action.yes else NO)
    if isinstance(action, Discard):
        return tr.format(tr.gettext(DISCARD), DISCARD, card=card_name(action.card, tr))
    if isinstance(action, TakePile):
        if not action.cards:
            return tr.gettext(TAKE_ONTO_MELD)
        cards = card_list(action.cards, tr)
        if action.melds:
            return tr.format(tr.gettext(TAKE_WITH_MELDS), TAKE_WITH_MELDS, cards=cards,
                             melds=groups_text(action.melds, tr))
        return tr.format(tr.gettext(TAKE_WITH), TAKE_WITH, cards=cards)
    if isinstance(action, Meld):
        return tr.format(tr.gettext(LAY), LAY, melds=groups_text(action.groups, tr))
    raise TypeError(f"no words for {action!r}")
