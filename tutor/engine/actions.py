"""Actions a player can take, and their text notation.

=========================================  ==========================================
notation                                   action
=========================================  ==========================================
``draw``                                   draw from the stock (one or two cards)
``take KS KD``                             take the pile with a natural pair
``take KS 2C``                             ... with a natural card and a wild card
``take``                                   ... by adding the top card to your meld
``take 5S 5D | 9C 9D 9H``                  ... plus more melds from hand (initial meld)
``meld KH KS 2C | 9C 9D 9S``               lay one or more melds / lay-offs at once
``meld 2C@K``                              lay a wild card onto your kings
``meld 2C 2D JK``                          a wild-card meld (Modern)
``discard 7H``                             discard a card
``ask``                                    ask your partner "may I go out?"
``answer yes`` / ``answer no``             the partner's binding answer
``pass``                                   decline the pile when the stock is empty,
                                           or end the hand after a red three was the
                                           last stock card (V-C3)
``next``                                   deal the next hand
=========================================  ==========================================

Groups in one action are separated by ``|``. Cards of a rank your side already melded join that
meld. An action's JSON form is its notation string.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card, Rank, format_cards, parse_cards, sorted_cards
from tutor.engine.errors import NotationError
from tutor.engine.inputs import shown


@dataclass(frozen=True, slots=True)
class Group:
    """Cards laid together: a new meld, or cards joining the side's meld of that rank.

    ``onto`` names the target rank when the group has no natural card (wild cards laid off onto a
    natural meld); leave it ``None`` for a Modern wild-card meld.
    """

    cards: tuple[Card, ...]
    onto: Rank | None = None

    @property
    def rank(self) -> Rank | None:
        """The meld rank: that of the naturals or threes, else ``onto`` (None: wild-card meld)."""
        for card in self.cards:
            if not card.is_wild:
                return card.rank
        return self.onto

    def __str__(self) -> str:
        text = format_cards(self.cards)
        if self.onto is not None:
            text += f"@{self.onto.symbol}"
        return text

    @staticmethod
    def parse(text: str) -> Group:
        body, sep, target = text.partition("@")
        cards = parse_cards(body)
        if not cards:
            raise NotationError(f"empty group in {shown(text)}")
        onto = Rank.parse(target) if sep else None
        return Group(sorted_cards(cards), onto)


MAX_ACTION_TEXT = 1_000  # the longest real action (a take with melds) is under 300


class Action:
    """Base of all actions. Subclasses are frozen dataclasses with a notation ``str()``."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Action:
        """Parse action notation (see the module docstring)."""
        if len(text) > MAX_ACTION_TEXT:
            raise NotationError(
                f"not an action: {len(text):,} characters (at most {MAX_ACTION_TEXT:,})"
            )
        words = text.strip().split(None, 1)
        if not words:
            raise NotationError("empty action")
        verb = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        if verb == "draw" and not rest:
            return Draw()
        if verb == "take":
            head, *more = rest.split("|") if rest else [""]
            return TakePile(sorted_cards(parse_cards(head)), _groups(more, text))
        if verb == "meld" and rest:
            return Meld(_groups(rest.split("|"), text))
        if verb == "discard" and rest:
            cards = parse_cards(rest)
            if len(cards) != 1:
                raise NotationError(f"discard takes exactly one card: {shown(text)}")
            return Discard(cards[0])
        if verb == "ask" and not rest:
            return AskPartner()
        if verb == "answer" and rest.lower() in ("yes", "no"):
            return Answer(rest.lower() == "yes")
        if verb == "pass" and not rest:
            return Pass()
        if verb == "next" and not rest:
            return NextHand()
        raise NotationError(
            f"not an action: {shown(text)} (expected draw, take, meld, discard, ask, "
            "answer yes|no, pass or next)"
        )


def canonical(action: Action) -> Action:
    """The same action with its groups in a fixed order: melds laid together are one move
    whatever order they were written in."""
    if isinstance(action, Meld):
        return Meld(tuple(sorted(action.groups, key=str)))
    if isinstance(action, TakePile) and action.melds:
        return TakePile(action.cards, tuple(sorted(action.melds, key=str)))
    return action


def _groups(parts: list[str], text: str) -> tuple[Group, ...]:
    groups = tuple(Group.parse(part) for part in parts if part.strip())
    if len(groups) != len([p for p in parts if p.strip()]) or any(not p.strip() for p in parts):
        raise NotationError(f"empty group in {shown(text)}")
    return groups


def _format_groups(groups: tuple[Group, ...]) -> str:
    return " | ".join(str(g) for g in groups)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Take the discard pile: ``cards`` from hand go with the top card; ``melds`` are extra
    melds from hand shown before taking (to reach an initial-meld minimum)."""

    cards: tuple[Card, ...] = ()
    melds: tuple[Group, ...] = ()

    def __str__(self) -> str:
        text = "take"
        if self.cards:
            text += " " + format_cards(self.cards)
        if self.melds:
            text += " | " + _format_groups(self.melds)
        return text


@dataclass(frozen=True, slots=True)
class Meld(Action):
    groups: tuple[Group, ...]

    def __str__(self) -> str:
        return "meld " + _format_groups(self.groups)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class AskPartner(Action):
    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    yes: bool

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class NextHand(Action):
    def __str__(self) -> str:
        return "next"
