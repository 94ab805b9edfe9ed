"""A move the learner could make, said in words: "Take the pile with the nine of hearts and the
nine of spades." Used by hints and the history instead of notation (``take 9H 9S``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
from tutor.i18n import N_, Translator
from tutor.words.names import THE, CardWords, Form, Listed, Name, card_name, cards_name, rank_name

# Translators: an instruction (a hint) where a player draws one card from the stock.
DRAW = N_("Draw from the stock.")
# Translators: an instruction (a hint) where a player draws two cards from the stock (the games
# for two and three players).
DRAW_TWO = N_("Draw two cards from the stock.")
# Translators: an instruction (a hint); {cards} is a list of card names, each with its article
# ("the nine of hearts and the nine of spades"); {cards:acc|def} etc. asks for another form.
TAKE_WITH = N_("Take the pile with {cards}.")
TAKE_ONTO_MELD = N_("Take the pile: its top card joins your meld of that rank.")
# Translators: an instruction (a hint); {cards} names the cards that go with the top card
# ("the nine of hearts and the nine of spades"), {melds} the other melds laid from the hand at
# the same time (an initial meld), as in "Lay {melds}."; both take forms ({cards:acc|def}).
TAKE_WITH_MELDS = N_("Take the pile with {cards}, and lay {melds} with it.")
# Translators: an instruction (a hint); {melds} lists the melds laid, each a list of card
# names with their articles ("the nine of hearts, the nine of spades and the nine of clubs");
# {melds:acc|def} etc. asks for another form of every card name in it.
LAY = N_("Lay {melds}.")
# Translators: part of a hint after "Lay": {cards} are wild cards laid onto the side's meld of
# {rank} (a plural rank name, "kings"): "the joker onto your kings". {cards} comes in the form
# the whole list was asked for; {rank:gen|def} etc. asks for a form of the rank.
ONTO = N_("{cards} onto your {rank}")
# Translators: an instruction (a hint); {card} is a card's name without an article ("seven of
# clubs"); write {card:acc|def} etc. for another form (see the "card|…" entries).
DISCARD = N_("Discard the {card}.")
ASK = N_("Ask your partner whether you may go out.")
# Translators: a hint: answer the partner's "may I go out?" with yes.
YES = N_("Answer yes.")
# Translators: a hint: answer the partner's "may I go out?" with no.
NO = N_("Answer no.")
# Translators: a hint: pass (decline to take the pile when the stock is empty, or end the hand).
PASS = N_("Pass.")
NEXT = N_("Deal the next hand.")
# Translators: joins two melds in one move: "the king of hearts, ...; the nine of spades, ...".
GROUP_SEPARATOR = N_("; ")


def card_list(cards: Sequence[Card], tr: Translator) -> Name:
    """"the nine of hearts and the nine of spades", with each language's article (a translation
    may ask for another form: ``{cards:acc|def}``)."""
    return cards_name(list(cards), tr)


@dataclass(frozen=True, slots=True)
class _Groups:
    """Melds laid in one move, each a list of cards (with the rank of the meld it joins), in
    the form a translation asks for: ``{melds:acc|def}``."""

    groups: tuple[Group, ...]

    def render(self, tr: Translator, form: Form) -> str:
        return tr.gettext(GROUP_SEPARATOR).join(self._one(group, tr, form)
                                                for group in self.groups)

    @staticmethod
    def _one(group: Group, tr: Translator, form: Form) -> str:
        cards = Name(Listed(tuple(CardWords(card) for card in group.cards)), tr, form)
        if group.onto is None:
            return str(cards)
        return tr.format(tr.gettext(ONTO), ONTO, cards=cards, rank=rank_name(group.onto, tr))


def group_text(group: Group, tr: Translator) -> str:
    return _Groups((group,)).render(tr, THE)


def groups_text(groups: Sequence[Group], tr: Translator) -> Name:
    return Name(_Groups(tuple(groups)), tr, THE)


def describe(action: Action, tr: Translator, draw_count: int = 1) -> str:
    """The move as an instruction in the learner's language, with card names; a draw says
    how many cards the rules draw (``RuleSet.draw_count``: two with two or three players)."""
    simple = {Draw: DRAW_TWO if draw_count == 2 else DRAW, AskPartner: ASK, Pass: PASS,
              NextHand: NEXT}
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
