"""What a move did, told in words for one learner, in the learner's language.

The engine records moves as notation (``meld 9S 9D 9H``); a learner following a practice hand
needs sentences instead: "Left opponent melded 3 nines." Seats are named relative to the learner
(play goes clockwise, to seat + 1, so the next player sits on the learner's left), the learner is
addressed in the second person and only the learner (:mod:`tutor.words.seats`), and cards
another seat drew are never named, because the learner cannot see them. Every sentence is a whole
translatable template with named placeholders; :func:`narrate_sentences` also says whom each
sentence is about and whom its "you" means.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list

from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import Card, Rank, parse_cards
from tutor.engine.events import Event, EventKind, MeldChange, events_of, gained
from tutor.engine.melds import LaidMeld
from tutor.engine.state import GameState
from tutor.i18n import N_, NN_, NP_, Translator
from tutor.words.names import THE, Name, card_name, cards_name, rank_name
from tutor.words.seats import SeatRole as SeatRole
from tutor.words.seats import Sentence
from tutor.words.seats import seat_role as seat_role

Template = str | tuple[str, str]  # a sentence, or its singular and plural forms

SEAT_LABELS: dict[SeatRole, tuple[str, str]] = {
    # Translators: a seat's name on the card table and the subject at the start of narration
    # sentences: the learner.
    SeatRole.YOU: NP_("seat", "You"),
    # Translators: a seat's name on the card table and the subject at the start of narration
    # sentences ("Partner discarded the seven of clubs."): the learner's partner.
    SeatRole.PARTNER: NP_("seat", "Partner"),
    # Translators: a seat's name on the card table and the subject at the start of narration
    # sentences: the opponent who plays right after the learner.
    SeatRole.LEFT: NP_("seat", "Left opponent"),
    # Translators: a seat's name on the card table and the subject at the start of narration
    # sentences: the opponent who plays right before the learner.
    SeatRole.RIGHT: NP_("seat", "Right opponent"),
    # Translators: a seat's name on the card table and the subject at the start of narration
    # sentences: the only opponent in a two-player game.
    SeatRole.OPPONENT: NP_("seat", "Opponent"),
}

# ----- sentences ---------------------------------------------------------------------------------
# In every template {who} is a seat's name ("Partner", "Left opponent", "Opponent"), {cards}
# or {threes} a list of cards, each with its article ("the king of spades and the two of clubs"),
# and {card} one card with its article ("the seven of clubs"); {rank} a plural rank name
# ("nines"). A translation may ask for another form: {cards:acc|def}, {card:acc}, {rank:gen|def}
# (see tutor/words/names.py).

# Translators: the learner drew from the stock; {cards} lists the cards that reached the hand.
DRAW_YOU = N_("You drew {cards}.")
# Translators: another player drew {n} cards from the stock (they are not named: hidden).
# {who} is the seat's name, e.g. "Left opponent".
DRAW_OTHER = NN_("{who} drew a card.", "{who} drew {n} cards.")
# Translators: the learner took the discard pile of {n} cards with a natural pair from hand;
# {rank} is the plural rank name ("nines").
TAKE_PAIR_YOU = NN_(
    "You took the discard pile (one card) with two {rank}.",
    "You took the discard pile ({n} cards) with two {rank}.",
)
# Translators: a player took the discard pile of {n} cards with a natural pair from hand;
# {rank} is the plural rank name ("nines").
# {who} is the seat's name, e.g. "Left opponent".
TAKE_PAIR_OTHER = NN_(
    "{who} took the discard pile (one card) with two {rank}.",
    "{who} took the discard pile ({n} cards) with two {rank}.",
)
# Translators: the learner took the discard pile of {n} cards; {cards} the cards from hand that
# went with its top card.
TAKE_CARDS_YOU = NN_(
    "You took the discard pile (one card) with {cards}.",
    "You took the discard pile ({n} cards) with {cards}.",
)
# Translators: a player took the discard pile of {n} cards; {cards} the cards from hand that
# went with its top card.
# {who} is the seat's name, e.g. "Left opponent".
TAKE_CARDS_OTHER = NN_(
    "{who} took the discard pile (one card) with {cards}.",
    "{who} took the discard pile ({n} cards) with {cards}.",
)
# Translators: the learner took the discard pile of {n} cards, its top card going onto a meld.
TAKE_YOU = NN_("You took the discard pile (one card).", "You took the discard pile ({n} cards).")
# Translators: a player took the discard pile of {n} cards, its top card going onto a meld.
# {who} is the seat's name, e.g. "Left opponent".
TAKE_OTHER = NN_(
    "{who} took the discard pile (one card).", "{who} took the discard pile ({n} cards)."
)

# Translators: new melds; {melds} lists them, e.g. "3 kings and 4 nines (one of them a wild card)".
MELDED_YOU = N_("You melded {melds}.")
# Translators: new melds; {melds} lists them, e.g. "3 kings and 4 nines (one of them a wild card)".
# {who} is the seat's name, e.g. "Left opponent".
MELDED_OTHER = N_("{who} melded {melds}.")
# Translators: cards added to melds on the table; {layoffs} lists them, e.g. "the jack of clubs
# to your jacks".
ADDED_YOU = N_("You added {layoffs}.")
# Translators: cards added to melds on the table; {layoffs} lists them, e.g. "the jack of clubs
# to their jacks".
# {who} is the seat's name, e.g. "Left opponent".
ADDED_OTHER = N_("{who} added {layoffs}.")
# Translators: {melds} lists new melds ("3 kings"), {layoffs} cards added to melds on the table
# ("the jack of clubs to your jacks").
MELDED_ADDED_YOU = N_("You melded {melds} and added {layoffs}.")
# Translators: {melds} lists new melds ("3 kings"), {layoffs} cards added to melds on the table
# ("the jack of clubs to their jacks").
# {who} is the seat's name, e.g. "Left opponent".
MELDED_ADDED_OTHER = N_("{who} melded {melds} and added {layoffs}.")

# Translators: one new meld in the list after "melded": {n} natural cards of a rank, {rank} the
# rank's name in the form for {n} ("3 kings").
MELD_NATURAL = NN_("one {rank}", "{n} {rank}")
# Translators: one new meld in the list after "melded": {n} cards of a rank, {wilds} of them
# wild cards (jokers or twos); {rank} the rank's name in the form for {n} ("4 nines (one of them
# a wild card)"). The plural form goes by {wilds}.
MELD_MIXED = NN_(
    "{n} {rank} (one of them a wild card)", "{n} {rank} ({wilds} of them wild cards)"
)
# Translators: one new meld in the list after "melded": {n} black threes (only when going out).
MELD_BLACK_THREES = NN_("a black three", "{n} black threes")
# Translators: one new meld in the list after "melded": a meld of {n} wild cards only (Modern).
MELD_WILD = NN_("a wild-card meld of one card", "a wild-card meld of {n} cards")
# Translators: one item in the list after "You added": {cards} the cards, {rank} the plural name
# of the rank of the learner's side's meld ("the jack of clubs to your jacks").
LAYOFF_YOU = N_("{cards} to your {rank}")
# Translators: one item in the list after "... added": {cards} the cards, {rank} the plural name
# of the rank of that player's side's meld ("the jack of clubs to their jacks").
LAYOFF_OTHER = N_("{cards} to their {rank}")
# Translators: one item in the list after "You added": {cards} the cards added to the learner's
# side's meld of wild cards (Modern).
LAYOFF_WILD_YOU = N_("{cards} to your wild-card meld")
# Translators: one item in the list after "... added": {cards} the cards added to that player's
# side's meld of wild cards (Modern).
LAYOFF_WILD_OTHER = N_("{cards} to their wild-card meld")
# Translators: one item in a list of several after "You added": {n} cards (counted, not named,
# to keep the list short) added to the learner's side's meld; {rank} its plural rank name.
LAYOFF_COUNT_YOU = NN_("one card to your {rank}", "{n} cards to your {rank}")
# Translators: one item in a list of several after "... added": {n} cards (counted, not named,
# to keep the list short) added to that player's side's meld; {rank} its plural rank name.
LAYOFF_COUNT_OTHER = NN_("one card to their {rank}", "{n} cards to their {rank}")
# Translators: one item in a list of several after "You added": {n} cards added to the learner's
# side's meld of wild cards (Modern).
LAYOFF_COUNT_WILD_YOU = NN_("one card to your wild-card meld", "{n} cards to your wild-card meld")
# Translators: one item in a list of several after "... added": {n} cards added to that player's
# side's meld of wild cards (Modern).
LAYOFF_COUNT_WILD_OTHER = NN_(
    "one card to their wild-card meld", "{n} cards to their wild-card meld"
)

# Translators: {card} the discarded card with its article ("the seven of clubs").
DISCARD_YOU = N_("You discarded {card}.")
# Translators: {card} the discarded card with its article ("the seven of clubs").
# {who} is the seat's name, e.g. "Left opponent".
DISCARD_OTHER = N_("{who} discarded {card}.")
# Translators: {card} a wild card the learner discarded; it freezes the discard pile.
DISCARD_FREEZE_YOU = N_("You discarded {card}, which freezes the pile.")
# Translators: {card} a wild card a player discarded; it freezes the discard pile.
# {who} is the seat's name, e.g. "Left opponent".
DISCARD_FREEZE_OTHER = N_("{who} discarded {card}, which freezes the pile.")
# Translators: {card} a black three the learner discarded: a stop card.
DISCARD_STOP_YOU = N_("You discarded {card}, a stop card: the next player cannot take the pile.")
# Translators: {card} a black three a player discarded: a stop card.
# {who} is the seat's name, e.g. "Left opponent".
DISCARD_STOP_OTHER = N_(
    "{who} discarded {card}, a stop card: the next player cannot take the pile."
)
# Translators: {card} a black three the learner discarded; under this house rule it also
# freezes the pile.
DISCARD_STOP_FREEZE_YOU = N_(
    "You discarded {card}, which stops the next player and freezes the pile."
)
# Translators: {card} a black three a player discarded; under this house rule it also freezes
# the pile.
# {who} is the seat's name, e.g. "Left opponent".
DISCARD_STOP_FREEZE_OTHER = N_(
    "{who} discarded {card}, which stops the next player and freezes the pile."
)
# Translators: the learner asked the partner for permission to go out.
ASK_YOU = N_("You asked your partner: may I go out?")
# Translators: the learner's partner ({who}) asked the learner for permission to go out.
ASK_TO_YOU = N_("{who} asked you: may I go out?")
# Translators: an opponent ({who}) asked their partner for permission to go out.
ASK_OTHER = N_("{who} asked their partner: may I go out?")
# Translators: the learner answered the partner's "may I go out?" with yes, which binds.
ANSWER_YES_YOU = N_("You answered yes: your partner must go out this turn.")
# Translators: the learner answered yes under the house rule where yes is only advice.
ANSWER_YES_ADVICE_YOU = N_("You answered yes.")
# Translators: the learner answered the partner's "may I go out?" with no.
ANSWER_NO_YOU = N_("You answered no: your partner may not go out this turn.")
# Translators: the partner ({who}) answered the learner's question with yes, which binds.
ANSWER_YES_TO_YOU = N_("{who} answered yes: you must go out this turn.")
# Translators: the partner ({who}) answered the learner's question with no.
ANSWER_NO_TO_YOU = N_("{who} answered no: you may not go out this turn.")
# Translators: an opponent ({who}) answered their partner's question with yes, which binds.
ANSWER_YES_OTHER = N_("{who} answered yes: their partner must go out this turn.")
# Translators: a player ({who}) answered yes under the house rule where yes is only advice.
ANSWER_YES_ADVICE_OTHER = N_("{who} answered yes.")
# Translators: an opponent ({who}) answered their partner's question with no.
ANSWER_NO_OTHER = N_("{who} answered no: their partner may not go out this turn.")

# Translators: the learner passed (declined the pile with the stock empty, or ended the hand).
PASS_YOU = N_("You passed.")
# Translators: a player ({who}) passed (declined the pile with the stock empty, or ended the hand).
PASS_OTHER = N_("{who} passed.")
NEW_HAND = N_("A new hand was dealt.")

# ----- what a move brought about (tutor.engine.events) -------------------------------------------
# The ids of the rules behind each sentence go with it as data (a teacher sees them in the
# line's tooltip), never inside it. {threes} lists threes with their articles ("the three of
# hearts"), {rank} is a plural rank name ("kings").

# Translators: the learner drew threes from the stock; they are put face up and replaced by other
# cards from the stock. {threes} lists them.
THREES_DRAWN_YOU = NN_(
    "You drew {threes}: it is laid out and replaced.",
    "You drew {threes}: they are laid out and replaced.",
)
# Translators: a player ({who}, e.g. "Left opponent") drew threes from the stock; they are put face
# up and replaced. {threes} lists them.
THREES_DRAWN_OTHER = NN_(
    "{who} drew {threes}: it is laid out and replaced.",
    "{who} drew {threes}: they are laid out and replaced.",
)
# Translators: the learner drew threes at the very end of the stock: put face up, but no card is
# left to replace them. {threes} lists them.
THREES_LAST_YOU = NN_(
    "You drew {threes}: it is laid out, and no card is left to replace it.",
    "You drew {threes}: they are laid out, and no card is left to replace them.",
)
# Translators: a player ({who}, e.g. "Left opponent") drew threes at the very end of the stock: put
# face up, but no card is left to replace them. {threes} lists them.
THREES_LAST_OTHER = NN_(
    "{who} drew {threes}: it is laid out, and no card is left to replace it.",
    "{who} drew {threes}: they are laid out, and no card is left to replace them.",
)
# Translators: threes dealt to the learner are put face up and replaced from the stock. {threes}
# lists them.
THREES_DEALT_YOU = NN_(
    "You were dealt {threes}: it is laid out and replaced.",
    "You were dealt {threes}: they are laid out and replaced.",
)
# Translators: threes dealt to a player ({who}, e.g. "Left opponent") are put face up and replaced
# from the stock. {threes} lists them.
THREES_DEALT_OTHER = NN_(
    "{who} was dealt {threes}: it is laid out and replaced.",
    "{who} was dealt {threes}: they are laid out and replaced.",
)
# Translators: red threes were in the discard pile the learner took: put face up, never replaced.
# {threes} lists them.
THREES_PILE_YOU = NN_(
    "You found {threes} in the pile: it is laid out, not replaced.",
    "You found {threes} in the pile: they are laid out, not replaced.",
)
# Translators: red threes were in the discard pile a player ({who}, e.g. "Left opponent") took: put
# face up, never replaced. {threes} lists them.
THREES_PILE_OTHER = NN_(
    "{who} found {threes} in the pile: it is laid out, not replaced.",
    "{who} found {threes} in the pile: they are laid out, not replaced.",
)
# Translators: two- and three-player games draw two cards, but only one was left in the stock.
SHORT_DRAW = N_("Only one card was left in the stock: it counts as a whole draw.")
# Translators: the stock is now empty (Classic): play goes on only while each player takes the
# discard.
LAST_CARD_PLAY_ON = N_(
    "That was the last card of the stock: play goes on only while each player takes the "
    "discard."
)
# Translators: the stock is now empty, and the hand ends with this turn's discard. or "C3-10, V-C9".
LAST_CARD_ENDS = N_(
    "That was the last card of the stock: the hand ends after this turn."
)
# Translators: house rule V-C3: a red three was the last card of the stock; the player may still
# meld but not discard, then the hand ends.
LAST_CARD_NO_DISCARD = N_(
    "A red three was the last card of the stock: melding is still allowed this turn, "
    "discarding is not, and then the hand ends."
)
# Translators: a meld has just reached canasta size without wild cards; {rank} the plural rank name
# ("kings").
CANASTA_NATURAL = N_("This completes a natural canasta of {rank}.")
# Translators: a meld has just reached canasta size with wild cards; {rank} the plural rank name.
CANASTA_MIXED = N_("This completes a mixed canasta of {rank}.")
# Translators: a meld of wild cards only has just reached canasta size (Modern).
CANASTA_WILD = N_("This completes a wild-card canasta.")
# Translators: a wild card was added to a natural canasta; {rank} the plural rank name.
CANASTA_NOW_MIXED = N_("The canasta of {rank} is now mixed.")
# Translators: Modern talon (a house rule): after the first meld from hand the learner took {n}
# bonus cards.
TALON_YOU = NN_(
    "You took a bonus card from the stock.",
    "You took {n} bonus cards from the stock.",
)
# Translators: Modern talon (a house rule): after the first meld from hand a player ({who}, e.g.
# "Left opponent") took {n} bonus cards.
TALON_OTHER = NN_(
    "{who} took a bonus card from the stock.",
    "{who} took {n} bonus cards from the stock.",
)
# Translators: three players: the learner now plays alone and the other two are partners for the
# rest of the hand.
ALONE_YOU = N_("You now play alone; the other two players are partners.")
# Translators: three players: {who} (e.g. "Left opponent") now plays alone and the other two are
# partners for the rest of the hand.
ALONE_OTHER = N_("{who} now plays alone; the other two players are partners.")
# Translators: the learner got rid of the last card and so ended the hand.
WENT_OUT_YOU = N_("You went out.")
# Translators: {who} (e.g. "Left opponent") got rid of their last card and so ended the hand.
WENT_OUT_OTHER = N_("{who} went out.")
# Translators: the learner went out concealed: the whole hand melded in one turn.
WENT_OUT_CONCEALED_YOU = N_("You went out concealed.")
# Translators: {who} (e.g. "Left opponent") went out concealed: the whole hand melded in one turn.
WENT_OUT_CONCEALED_OTHER = N_("{who} went out concealed.")
# Translators: the hand ended because the stock is used up.
STOCK_EXHAUSTED = N_("The hand is over: the stock is used up.")
# Translators: the hand ended because a three was the last card of the stock.
THREE_LAST = N_("The hand is over: a three was the last card of the stock.")
# Translators: the going-out bonus, {n} points, for the side that went out.
GOING_OUT_BONUS = NN_(
    "Going out is worth {n} point.", "Going out is worth {n} points."
)
# Translators: the learner won the game (two or three players) with {score} points in all.
GAME_WON_YOU = NN_(
    "You win the game with {score} point.",
    "You win the game with {score} points.",
)
# Translators: the learner's side won the game (four players) with {score} points in all.
GAME_WON_SIDE = NN_(
    "Your side wins the game with {score} point.",
    "Your side wins the game with {score} points.",
)
# Translators: the opponents' side won the game (four players) with {score} points in all.
GAME_LOST_SIDE = NN_(
    "The other side wins the game with {score} point.",
    "The other side wins the game with {score} points.",
)
# Translators: a player ({who}, e.g. "Left opponent") won the game (two or three players) with
# {score} points in all.
GAME_WON_OTHER = NN_(
    "{who} wins the game with {score} point.",
    "{who} wins the game with {score} points.",
)

# ----- seats -----------------------------------------------------------------------------------


def seat_label(role: SeatRole, tr: Translator) -> str:
    """The seat's capitalised name ("Left opponent"), for the table and as a sentence subject."""
    return tr.pgettext(*SEAT_LABELS[role])


# ----- filling templates -----------------------------------------------------------------------


def _fill(tr: Translator, template: Template, n: int | None = None, **params: object) -> str:
    """A translated template filled in; a plural pair picks its form by ``n``."""
    if isinstance(template, tuple):
        count = 2 if n is None else n
        singular, plural = template
        source = singular if count == 1 else plural
        return tr.format(tr.ngettext(singular, plural, count), source, n=count, **params)
    if n is not None:
        params["n"] = n
    return tr.format(tr.gettext(template), template, **params)


@dataclass(frozen=True, slots=True)
class _Voice:
    """Who the sentences are about: the learner (second person) or another seat (third person,
    named by its seat label)."""

    tr: Translator
    you: bool
    who: str
    seat: int  # the seat the sentences are about
    learner: int  # the reader

    def say(self, you: Template, other: Template, n: int | None = None, **params: object) -> str:
        return _fill(self.tr, you if self.you else other, n, who=self.who, **params)

    def tell(self, you: Template, other: Template, n: int | None = None, *,
             to_learner: bool = False, **params: object) -> Sentence:
        """A whole sentence about the seat; ``to_learner``: ``other`` speaks to the learner
        about another seat ("Partner asked you: may I go out?")."""
        spoken_to = self.seat if self.you else (self.learner if to_learner else None)
        rules = str(params.pop("rules", ""))
        return Sentence(self.say(you, other, n, **params), self.seat, spoken_to, rules)

    def fact(self, template: Template, n: int | None = None, *, to_learner: bool = False,
             **params: object) -> Sentence:
        """A sentence the same for every reader ("This completes a natural canasta …");
        ``to_learner``: it speaks to the learner ("Your side wins the game …")."""
        rules = str(params.pop("rules", ""))
        return Sentence(_fill(self.tr, template, n, **params), self.seat,
                        self.learner if to_learner else None, rules)


def the_card(card: Card, tr: Translator) -> Name:
    """One card with its article ("the seven of clubs"); a translation may ask for a form."""
    return card_name(card, tr, THE)


def _card_list(cards: Iterable[Card], tr: Translator) -> Name:
    return cards_name(list(cards), tr)


def _join(items: list[str], tr: Translator) -> str:
    return format_list(items, locale=tr.lang) if items else ""


# ----- the moves -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Move:
    before: GameState
    after: GameState
    seat: int  # the seat that acted
    learner: int
    voice: _Voice
    events: tuple[Event, ...] = ()

    @property
    def tr(self) -> Translator:
        return self.voice.tr


def _draw(move: _Move, _action: Draw) -> list[Sentence]:
    """The threes that came first (laid out, replaced or not), then the cards that reached the
    hand: named for the learner, counted for another seat."""
    seat, tell = move.seat, move.voice.tell
    got = gained(move.before.hands[seat], move.after.hands[seat])
    sentences = _told(move, EventKind.THREES_LAID_OUT)
    if got:
        named = _card_list(got, move.tr) if move.voice.you else ""
        sentences.append(tell(DRAW_YOU, DRAW_OTHER, len(got), cards=named))
    return sentences


def _take(move: _Move, action: TakePile) -> list[Sentence]:
    tell, tr = move.voice.tell, move.tr
    size = len(move.before.pile)
    cards = action.cards
    if len(cards) == 2 and all(c.is_natural for c in cards) and cards[0].rank is cards[1].rank:
        rank = rank_name(cards[0].rank, tr, 2)
        sentence = tell(TAKE_PAIR_YOU, TAKE_PAIR_OTHER, size, rank=rank)
    elif cards:
        sentence = tell(TAKE_CARDS_YOU, TAKE_CARDS_OTHER, size, cards=_card_list(cards, tr))
    else:
        sentence = tell(TAKE_YOU, TAKE_OTHER, size)
    return [sentence, *_meld_sentences(move)]


def _meld(move: _Move, _action: Meld) -> list[Sentence]:
    return _meld_sentences(move)


def _discard(move: _Move, action: Discard) -> list[Sentence]:
    you, other = _discard_templates(move, action.card)
    return [move.voice.tell(you, other, card=the_card(action.card, move.tr))]


def _discard_templates(move: _Move, card: Card) -> tuple[str, str]:
    """What a Classic discard does to the pile: a wild card freezes it, a black three stops the
    next player (and freezes it under V-C2). Once the hand is over that no longer matters, and
    in Modern the pile is always frozen."""
    rules = move.before.rules
    if move.after.end is not None or rules.is_modern:
        return DISCARD_YOU, DISCARD_OTHER
    if card.is_wild:
        return DISCARD_FREEZE_YOU, DISCARD_FREEZE_OTHER
    if card.is_black_three and rules.black_three == "freezes":
        return DISCARD_STOP_FREEZE_YOU, DISCARD_STOP_FREEZE_OTHER
    if card.is_black_three:
        return DISCARD_STOP_YOU, DISCARD_STOP_OTHER
    return DISCARD_YOU, DISCARD_OTHER


def _ask(move: _Move, _action: AskPartner) -> list[Sentence]:
    to_you = move.before.partner_of(move.seat) == move.learner
    return [move.voice.tell(ASK_YOU, ASK_TO_YOU if to_you else ASK_OTHER, to_learner=to_you)]


def _answer(move: _Move, action: Answer) -> list[Sentence]:
    voice, rules = move.voice, move.before.rules
    binds = not rules.is_modern or rules.partner_yes == "binding"
    asker_is_you = move.before.turn == move.learner
    if not action.yes:
        return [voice.tell(ANSWER_NO_YOU, ANSWER_NO_TO_YOU if asker_is_you else ANSWER_NO_OTHER,
                           to_learner=asker_is_you)]
    if not binds:
        return [voice.tell(ANSWER_YES_ADVICE_YOU, ANSWER_YES_ADVICE_OTHER)]
    return [voice.tell(ANSWER_YES_YOU, ANSWER_YES_TO_YOU if asker_is_you else ANSWER_YES_OTHER,
                       to_learner=asker_is_you)]


def _pass(move: _Move, _action: Pass) -> list[Sentence]:
    return [move.voice.tell(PASS_YOU, PASS_OTHER)]


def _next(move: _Move, _action: NextHand) -> list[Sentence]:
    return [Sentence(_fill(move.tr, NEW_HAND), None, None)]


# ----- melds ----------------------------------------------------------------------------------


def _meld_sentences(move: _Move) -> list[Sentence]:
    """What the move laid on the table (new melds, lay-offs), as its events say."""
    changes = [e.change for e in move.events
               if e.kind in _LAID and e.change is not None]
    if not changes:
        return []
    tr, tell = move.tr, move.voice.tell
    melds = _join([_new_meld(c.new, tr) for c in changes if c.old is None], tr)
    grown = [c for c in changes if c.old is not None]
    layoffs = _join([_layoff(c, move.voice, named=len(grown) == 1) for c in grown], tr)
    if melds and layoffs:
        sentence = tell(MELDED_ADDED_YOU, MELDED_ADDED_OTHER, melds=melds, layoffs=layoffs)
    elif melds:
        sentence = tell(MELDED_YOU, MELDED_OTHER, melds=melds)
    else:
        sentence = tell(ADDED_YOU, ADDED_OTHER, layoffs=layoffs)
    return [sentence]


def _new_meld(meld: LaidMeld, tr: Translator) -> str:
    """A new meld as a short noun phrase with its counts ("3 kings", "4 nines (one of them a
    wild card)"): a count reads faster than seven card names."""
    if meld.rank is None:
        return _fill(tr, MELD_WILD, meld.size)
    if meld.rank is Rank.THREE:
        return _fill(tr, MELD_BLACK_THREES, meld.size)
    if not meld.wilds:
        return _fill(tr, MELD_NATURAL, meld.size, rank=rank_name(meld.rank, tr, meld.size))
    # {n} is the meld's size here; the plural form follows the wild cards.
    singular, plural = MELD_MIXED
    source = singular if meld.wilds == 1 else plural
    template = tr.ngettext(singular, plural, meld.wilds)
    rank = rank_name(meld.rank, tr, meld.size)
    return tr.format(template, source, n=meld.size, rank=rank, wilds=meld.wilds)


def _layoff(change: MeldChange, voice: _Voice, *, named: bool) -> str:
    """Cards added to a meld (they lie face up, so everybody saw them). In a list of several
    lay-offs a group of several cards is counted: "and" inside "and" would blur the groups."""
    tr, added, rank = voice.tr, change.added, change.new.rank
    rank_text = rank_name(rank, tr, 2) if rank is not None else ""
    if named or len(added) == 1:
        cards = _card_list(added, tr)
        if rank is None:
            return voice.say(LAYOFF_WILD_YOU, LAYOFF_WILD_OTHER, cards=cards)
        return voice.say(LAYOFF_YOU, LAYOFF_OTHER, cards=cards, rank=rank_text)
    if rank is None:
        return voice.say(LAYOFF_COUNT_WILD_YOU, LAYOFF_COUNT_WILD_OTHER, len(added))
    return voice.say(LAYOFF_COUNT_YOU, LAYOFF_COUNT_OTHER, len(added), rank=rank_text)


# ----- events ----------------------------------------------------------------------------------


def explain_event(event: Event, state: GameState, learner: int, tr: Translator) -> str | None:
    """One sentence on what a move brought about, with the ids of the rules behind it, as the
    learner at seat ``learner`` sees it (``state`` is the position before the move). None for
    an event the move's own sentence already tells (a draw of the usual number of cards)."""
    sentence = event_sentence(event, state, learner, tr)
    return None if sentence is None else sentence.text


def event_sentence(event: Event, state: GameState, learner: int,
                   tr: Translator) -> Sentence | None:
    """:func:`explain_event` with whom the sentence is about and whom its "you" means."""
    voice = _voice(state, event.seat, learner, tr)
    rules = ", ".join(event.rules)
    told = _EVENT_SENTENCES[event.kind]
    return told(event, voice, learner, state, rules)


def _threes_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                     rules: str) -> Sentence:
    params = event.params
    threes = parse_cards(str(params["threes"]))
    names = _card_list(threes, voice.tr)
    rule = event.reasons[0].rule
    if rule == "C-PILE-7":
        you, other = THREES_PILE_YOU, THREES_PILE_OTHER
    elif rule in ("C-DEAL-4", "M-DEAL-2"):
        you, other = THREES_DEALT_YOU, THREES_DEALT_OTHER
    elif params.get("replaced") is False:
        you, other = THREES_LAST_YOU, THREES_LAST_OTHER
    else:
        you, other = THREES_DRAWN_YOU, THREES_DRAWN_OTHER
    # {n} picks the plural form; the sentence shows the threes, not the number.
    return voice.tell(you, other, len(threes), threes=names, rules=rules)


def _drew_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                   rules: str) -> Sentence | None:
    if "C2-5" not in event.rules:
        return None  # the draw's own sentence says how many cards came
    return voice.fact(SHORT_DRAW, rules=rules)


def _last_card_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                        rules: str) -> Sentence:
    rule = event.reasons[0].rule
    template = {"C-END-3": LAST_CARD_PLAY_ON, "C-END-2": LAST_CARD_NO_DISCARD}.get(
        rule, LAST_CARD_ENDS)
    return voice.fact(template, rules=rules)


def _canasta_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                      rules: str) -> Sentence:
    params, tr = event.params, voice.tr
    rank = params.get("rank")
    if rank is None:
        return voice.fact(CANASTA_WILD, rules=rules)
    name = rank_name(Rank.parse(str(rank)), tr, 2)
    if event.kind is EventKind.CANASTA_MIXED:
        return voice.fact(CANASTA_NOW_MIXED, rank=name, rules=rules)
    template = CANASTA_MIXED if params.get("kind") == "mixed" else CANASTA_NATURAL
    return voice.fact(template, rank=name, rules=rules)


def _talon_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                    rules: str) -> Sentence:
    count = event.params.get("talon")
    return voice.tell(TALON_YOU, TALON_OTHER, count if isinstance(count, int) else 2, rules=rules)


def _partnership_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                          rules: str) -> Sentence:
    return voice.tell(ALONE_YOU, ALONE_OTHER, rules=rules)


def _end_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                  rules: str) -> Sentence:
    first = event.reasons[0]
    if first.rule in ("C-END-2", "C2-5") or first.param_map.get("three") is True:
        return voice.fact(THREE_LAST, rules=rules)
    if first.rule in ("C-END-3", "C3-10", "M-END-2"):
        return voice.fact(STOCK_EXHAUSTED, rules=rules)
    if "C-OUT-5" in event.rules:
        return voice.tell(WENT_OUT_CONCEALED_YOU, WENT_OUT_CONCEALED_OTHER, rules=rules)
    return voice.tell(WENT_OUT_YOU, WENT_OUT_OTHER, rules=rules)


def _bonus_sentence(event: Event, voice: _Voice, _learner: int, _state: GameState,
                    rules: str) -> Sentence:
    points = event.reasons[0].param_map.get("points")
    return voice.fact(GOING_OUT_BONUS, points if isinstance(points, int) else 2, rules=rules)


def _game_sentence(event: Event, voice: _Voice, learner: int, state: GameState,
                   rules: str) -> Sentence:
    score = event.params.get("score", 0)
    n = score if isinstance(score, int) else 2  # the form follows the points
    if state.players == 4:
        ours = state.side_index(event.seat) == state.side_index(learner)
        return voice.fact(GAME_WON_SIDE if ours else GAME_LOST_SIDE, n, score=score, rules=rules,
                          to_learner=ours)
    return voice.tell(GAME_WON_YOU, GAME_WON_OTHER, n, score=score, rules=rules)


_EventSentence = Callable[[Event, _Voice, int, GameState, str], "Sentence | None"]
def _told_by_the_move(_event: Event, _voice: _Voice, _learner: int, _state: GameState,
                      _rules: str) -> Sentence | None:
    return None  # the meld's own sentence names what was laid (see _meld_sentences)


_EVENT_SENTENCES: dict[EventKind, _EventSentence] = {
    EventKind.DREW: _drew_sentence,
    EventKind.THREES_LAID_OUT: _threes_sentence,
    EventKind.LAST_STOCK_CARD: _last_card_sentence,
    EventKind.CANASTA: _canasta_sentence,
    EventKind.CANASTA_MIXED: _canasta_sentence,
    EventKind.TALON: _talon_sentence,
    EventKind.PARTNERSHIP: _partnership_sentence,
    EventKind.HAND_ENDED: _end_sentence,
    EventKind.GOING_OUT_BONUS: _bonus_sentence,
    EventKind.GAME_OVER: _game_sentence,
    EventKind.MELDED: _told_by_the_move,
    EventKind.LAID_OFF: _told_by_the_move,
}


def _told(move: _Move, *kinds: EventKind) -> list[Sentence]:
    """The sentences of the move's events of ``kinds`` (all of them when none is given)."""
    sentences = []
    for event in move.events:
        if kinds and event.kind not in kinds:
            continue
        sentence = event_sentence(event, move.before, move.learner, move.tr)
        if sentence is not None:
            sentences.append(sentence)
    return sentences


# ----- narration -------------------------------------------------------------------------------

_Narrator = Callable[[_Move, Any], list[Sentence]]
_NARRATORS: dict[type[Action], _Narrator] = {
    Draw: _draw,
    TakePile: _take,
    Meld: _meld,
    Discard: _discard,
    AskPartner: _ask,
    Answer: _answer,
    Pass: _pass,
    NextHand: _next,
}


# The events a move's own sentences tell (in their place: the threes before the cards drawn).
_LAID = (EventKind.MELDED, EventKind.LAID_OFF)
_TOLD_BY: dict[type[Action], tuple[EventKind, ...]] = {
    Draw: (EventKind.THREES_LAID_OUT,), Meld: _LAID, TakePile: _LAID,
}


def _voice(state: GameState, seat: int, learner: int, tr: Translator) -> _Voice:
    role = seat_role(seat, learner, state.players)
    return _Voice(tr, role is SeatRole.YOU, seat_label(role, tr), seat, learner)


def narrate(
    before: GameState, action: Action, after: GameState, learner: int, tr: Translator
) -> str:
    """A few sentences on what ``before.actor`` did with ``action`` (``after`` is
    ``apply(before, action)``), as the learner at seat ``learner`` may know it: the move, then
    what it brought about (:mod:`tutor.engine.events`). The rules behind them are not in the
    text: :func:`narrate_line` gives them beside it, for a teacher's tooltip."""
    return " ".join(s.text for s in narrate_sentences(before, action, after, learner, tr))


def narrate_line(
    before: GameState, action: Action, after: GameState, learner: int, tr: Translator
) -> tuple[str, str]:
    """:func:`narrate`'s text and the ids of the rules behind it ("C-TURN-3, C-END-2"), each
    once: the line of a turn log, its ids for the line's tooltip."""
    sentences = narrate_sentences(before, action, after, learner, tr)
    ids: list[str] = []
    for sentence in sentences:
        for rule in (part.strip() for part in sentence.rules.split(",")):
            if rule and rule not in ids:
                ids.append(rule)
    return " ".join(s.text for s in sentences), ", ".join(ids)


def narrate_sentences(
    before: GameState, action: Action, after: GameState, learner: int, tr: Translator
) -> tuple[Sentence, ...]:
    """:func:`narrate` sentence by sentence, each with the seat it is about and the seat its
    second person means (the learner's, or none)."""
    narrator = _NARRATORS.get(type(action))
    if narrator is None:
        raise TypeError(f"no narration for {type(action).__name__}")
    seat = before.actor
    events = events_of(before, action, after)
    move = _Move(before, after, seat, learner, _voice(before, seat, learner, tr), events)
    rest = _Move(before, after, seat, learner, move.voice,
                 tuple(e for e in events if e.kind not in _TOLD_BY.get(type(action), ())))
    return (*narrator(move, action), *_told(rest))


def narrate_turns(
    states: Sequence[GameState], actions: Sequence[Action], learner: int, tr: Translator
) -> list[str]:
    """One line per move of a history: ``states[i + 1]`` is ``apply(states[i], actions[i])``."""
    if len(states) != len(actions) + 1:
        raise ValueError(
            f"{len(actions)} actions need {len(actions) + 1} states, not {len(states)}"
        )
    return [
        narrate(before, action, after, learner, tr)
        for before, action, after in zip(states[:-1], actions, states[1:], strict=True)
    ]
