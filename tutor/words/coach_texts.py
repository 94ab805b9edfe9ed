"""The coach's review of a hand in words, for the learner who played it.

A costly decision is told from the learner's chair: the move played and the expert's move as
instructions ("Discard the seven of clubs."), what it cost by the expert's estimate, then why:
what followed the move in the hand ("Discarding the seven of clubs let the right opponent take
the discard pile of 14 cards.") and the expert's own reasons for its move. Cards and seats are
named in words, never by notation or number. The review's data comes from
:mod:`tutor.play.coach` (this room is below it, so it takes the plain values).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor.engine.actions import Action
from tutor.engine.cards import Card, Rank
from tutor.engine.verdict import Reason
from tutor.i18n import N_, NN_, Translator
from tutor.words.describe import describe
from tutor.words.explain import explain_reason
from tutor.words.names import WILD_CARDS, Name, card_name, rank_name, seat_name, word
from tutor.words.seats import seat_role

# Translators: in the review of a hand, before the learner's move said as an instruction
# ({move}, e.g. "Discard the seven of clubs.").
YOUR_MOVE = N_("You played: {move}")
# Translators: in the review of a hand, before the move the expert computer player would have
# made, said as an instruction ({move}, e.g. "Discard the three of spades.").
EXPERT_MOVE = N_("The expert would play: {move}")
# Translators: in the review of a hand; {points} is how many points the learner's move cost by
# the expert computer player's estimate (a whole number).
COST = NN_("By the expert's estimate this cost you about {points} point.",
           "By the expert's estimate this cost you about {points} points.")
# Translators: what followed the learner's discard in the hand; {card} the card discarded (no
# article, as in "Discard the {card}."), {who} the player who took the pile with the article
# ("the right opponent"), {n} the cards in the pile. Write {card:acc|def} etc. for other forms.
LET_TAKE = NN_("Discarding the {card} let {who} take the discard pile of one card.",
               "Discarding the {card} let {who} take the discard pile of {n} cards.")
# Translators: what followed the learner's move in the hand, before the learner's next turn;
# {who} a player with the article ("the left opponent"), {n} the cards in the pile.
TOOK_PILE = NN_("Before your next turn, {who} took the discard pile of one card.",
                "Before your next turn, {who} took the discard pile of {n} cards.")
# Translators: what followed the learner's move in the hand; {who} a player with the article
# ("the left opponent"), {rank} a plural rank name ("kings") or "wild cards".
MADE_CANASTA = N_("Before your next turn, {who} completed a canasta of {rank}.")
# Translators: what followed the learner's move in the hand; {who} a player with the article
# ("the left opponent").
WENT_OUT = N_("Before your next turn, {who} went out and the hand ended.")
# Translators: the review of a hand found nothing the learner should have played differently.
NONE_COSTLY = N_("The expert found no costly decision in this hand: well played.")
# Translators: the review of a hand: the learner had no choice to make in it (every move was
# the only one possible).
NO_DECISIONS = N_("You had no choice to make in this hand, so there is nothing to review.")
# Translators: the review of a hand is being prepared; {done} decisions looked at so far of
# {total} (the plural form follows {total}).
LOOKING = NN_("The expert is looking at your decision: {done} of {total}.",
              "The expert is looking at your decisions: {done} of {total}.")
# Translators: above one costly decision of the review; {n} its place, {total} how many are
# shown (the plural form follows {total}), e.g. "Costly decision 1 of 3".
DECISION_OF = NN_("Costly decision {n} of {total}", "Costly decision {n} of {total}")
# Translators: the card table's heading in the review: the position as it was before the
# learner's move being reviewed.
BEFORE_YOUR_MOVE = N_("The table before your move.")


class Aftermath(Protocol):
    """What followed the learner's move (``tutor.play.coach.Consequence``, read by its
    attributes: this room lies below the players)."""

    @property
    def kind(self) -> enum.Enum: ...
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> int: ...
    @property
    def rank(self) -> Rank | None: ...
    @property
    def discard(self) -> Card | None: ...


@dataclass(frozen=True, slots=True)
class CoachWords:
    """One costly decision in words: the two moves, the cost, and why (what followed the move
    played, then the expert's reasons for its own)."""

    played: str
    better: str
    cost: str
    why: tuple[str, ...]


def cost_text(loss: float, tr: Translator) -> str:
    points = max(1, round(loss))
    return tr.format(tr.ngettext(*COST, points), COST[points != 1], points=tr.number(points))


def _who(seat: int, learner: int, players: int, tr: Translator) -> Name:
    return seat_name(seat_role(seat, learner, players).value, tr)


def aftermath_text(item: Aftermath, learner: int, players: int, tr: Translator) -> str | None:
    """One thing that followed, told to the learner; None for a kind this module cannot say."""
    who = _who(item.seat, learner, players, tr)
    kind = item.kind.value
    if kind == "pile-taken":
        template = LET_TAKE if item.discard is not None else TOOK_PILE
        params: dict[str, object] = {"who": who, "n": item.cards}
        if item.discard is not None:
            params["card"] = card_name(item.discard, tr)
        return tr.format(tr.ngettext(*template, item.cards), template[item.cards != 1], **params)
    if kind == "canasta":
        rank = word(WILD_CARDS, tr, 2) if item.rank is None else rank_name(item.rank, tr)
        return tr.format(tr.gettext(MADE_CANASTA), MADE_CANASTA, who=who, rank=rank)
    if kind == "went-out":
        return tr.format(tr.gettext(WENT_OUT), WENT_OUT, who=who)
    return None


def expert_reasons(reasons: Sequence[Reason], tr: Translator) -> tuple[str, ...]:
    """The expert's reasons for its move as a hint gives them: its strategy (``S-…``) when it
    gave one, else the rules that permit the move; each sentence once."""
    strategy = [r for r in reasons if r.rule.startswith("S-")]
    return tuple(dict.fromkeys(explain_reason(r, tr, "permit") for r in strategy or reasons))


def coach_words(played: Action, better: Action, loss: float, reasons: Sequence[Reason],
                followed: Sequence[Aftermath], learner: int, players: int, tr: Translator,
                draw_count: int = 1) -> CoachWords:
    """The costly decision in words; ``draw_count``: the cards a draw takes at this table."""
    said = (aftermath_text(item, learner, players, tr) for item in followed)
    why = tuple(dict.fromkeys([*(text for text in said if text), *expert_reasons(reasons, tr)]))
    return CoachWords(
        played=tr.format(tr.gettext(YOUR_MOVE), YOUR_MOVE, move=describe(played, tr, draw_count)),
        better=tr.format(tr.gettext(EXPERT_MOVE), EXPERT_MOVE,
                         move=describe(better, tr, draw_count)),
        cost=cost_text(loss, tr),
        why=why,
    )


def looking_text(done: int, total: int, tr: Translator) -> str:
    return tr.format(tr.ngettext(*LOOKING, total), LOOKING[total != 1], done=done, total=total)


def decision_of(n: int, total: int, tr: Translator) -> str:
    return tr.format(tr.ngettext(*DECISION_OF, total), DECISION_OF[total != 1], n=n, total=total)
