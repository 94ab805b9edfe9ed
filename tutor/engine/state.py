"""The game state: one immutable value holding the whole game (the current hand and the scores).

States are never changed in place; :func:`tutor.engine.judge.apply` returns a new one, so a tuple
of states is a complete undo history. Seats are numbered clockwise from 0; in four-player games
seats 0 and 2 are partners against 1 and 3.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.melds import LaidMeld
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import HandScore

_new = object.__new__
_setattr = object.__setattr__  # (the frozen classes' own refuses every write)


class Phase(enum.Enum):
    DRAW = "draw"  # the player to move must draw or take the pile (or pass, stock empty)
    PLAY = "play"  # melds and lay-offs, then a discard
    ANSWER = "answer"  # the partner must answer "may I go out?"
    HAND_OVER = "hand-over"  # the hand is scored; "next" deals the next one
    GAME_OVER = "game-over"


class DrawSource(enum.Enum):
    STOCK = "stock"
    PILE = "pile"


class EndReason(enum.Enum):
    WENT_OUT = "went-out"
    STOCK_EXHAUSTED = "stock-exhausted"  # nobody took the last discard, or V-C9 / M-END-2
    THREE_LAST = "three-last"  # a (red) three was the last stock card (C-END-2, C2-5, M-END-2)


@dataclass(frozen=True, slots=True)
class Side:
    """A partnership or a lone player, with the melds it owns (C-MELD-4)."""

    seats: tuple[int, ...]
    melds: tuple[LaidMeld, ...] = ()

    @property
    def has_melded(self) -> bool:
        return bool(self.melds)


@dataclass(frozen=True)
class TurnInfo:
    """What happened so far in the current turn; reset when the turn passes."""

    drew: DrawSource | None = None
    opened_before: bool = False  # the side had melded before this turn began
    melded_before: bool = False  # the player had melded earlier in the hand (C-OUT-5)
    melded: bool = False  # the player has melded or laid off this turn
    new_ranks: tuple[str, ...] = ()  # labels of melds the player started this turn
    touched_old_melds: bool = False  # added to a meld that existed before the turn
    asked: bool = False
    answer: bool | None = None  # partner's answer to "may I go out?"
    no_discard: bool = False  # V-C3: a red three was the last stock card

    def evolve(self, **changes: Any) -> TurnInfo:
        """A copy with some fields changed (a faster ``dataclasses.replace``)."""
        values = self.__dict__.copy()  # (a copied dict, set as a whole: faster than filling one)
        values.update(changes)
        new = _new(TurnInfo)
        _setattr(new, "__dict__", values)
        return new


@dataclass(frozen=True, slots=True)
class HandEnd:
    reason: EndReason
    seat: int  # who went out, or who made the last move
    concealed: bool = False


@dataclass(frozen=True)
class GameState:
    rules: RuleSet
    seed: int
    decks: tuple[tuple[Card, ...], ...]  # stacked decks for hands 0, 1, ... (lessons, tests)
    hand_number: int
    dealer: int
    scores: tuple[int, ...]  # cumulative, per seat, at the start of the current hand
    phase: Phase
    turn: int
    stock: tuple[Card, ...]  # top card last
    pile: tuple[Card, ...]  # top card last
    hands: tuple[tuple[Card, ...], ...]
    threes: tuple[tuple[Card, ...], ...]  # threes laid out by each seat
    sides: tuple[Side, ...]
    seat_melded: tuple[bool, ...]
    asked: tuple[bool, ...]  # seats that asked "may I go out?" this hand (Modern M-OUT-4)
    lone_hand: int | None = None  # classic-3p: the seat playing alone (C3-3)
    turn_info: TurnInfo = field(default_factory=TurnInfo)
    end: HandEnd | None = None
    results: tuple[HandScore, ...] = ()  # the score of every finished hand

    def evolve(self, **changes: Any) -> GameState:
        """A copy with some fields changed (a faster ``dataclasses.replace``)."""
        if not _STATE_FIELDS.issuperset(changes):
            unknown = changes.keys() - _STATE_FIELDS
            raise TypeError(f"unknown GameState fields: {', '.join(sorted(unknown))}")
        return self.with_fields(changes)

    def with_fields(self, changes: dict[str, Any]) -> GameState:
        """:meth:`evolve` for the engine's own copies: ``changes`` are known fields (unchecked)
        and given as one dict (no keyword arguments to pack)."""
        values = self.__dict__.copy()  # (a copied dict, set as a whole: faster than filling one)
        if "sides" in changes:
            values.pop("_seat_sides", None)  # derived caches: rebuilt on demand
            values.pop("_side_by_seat", None)
        values.update(changes)
        new = _new(GameState)
        _setattr(new, "__dict__", values)
        return new

    # ----- derived facts -----------------------------------------------------------------

    @property
    def actor(self) -> int:
        """The seat that must act now: the partner when a "may I go out?" awaits an answer."""
        if self.phase is Phase.ANSWER:
            return self.partner_of(self.turn)
        return self.turn

    @property
    def players(self) -> int:
        return self.rules.players

    def side_index(self, seat: int) -> int:
        # Which side each seat belongs to is derived from ``sides`` and cached on the value
        # (``evolve`` drops the cache when the sides change).
        cache = self.__dict__.get("_seat_sides")
        if cache is None:
            cache = {s: index for index, side in enumerate(self.sides) for s in side.seats}
            self.__dict__["_seat_sides"] = cache
        index: int = cache[seat]
        return index

    def side_of(self, seat: int) -> Side:
        # The judge asks this several times per action: the sides by seat are cached like
        # ``side_index``'s map (and dropped with it).
        cache = self.__dict__.get("_side_by_seat")
        if cache is None:
            cache = {s: side for side in self.sides for s in side.seats}
            self.__dict__["_side_by_seat"] = cache
        side: Side = cache[seat]
        return side

    def partner_of(self, seat: int) -> int:
        seats = self.side_of(seat).seats
        for other in seats:
            if other != seat:
                return other
        return seat

    def has_partner(self, seat: int) -> bool:
        return len(self.side_of(seat).seats) > 1

    @property
    def pile_top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def hand_over(self) -> bool:
        phase = self.phase
        return phase is _HAND_OVER or phase is _GAME_OVER  # (players ask it at every step)

    def minimum_for_seat(self, seat: int) -> int:
        """The initial-meld minimum the seat must meet (C-INIT-1, C3-6, M-INIT-1)."""
        return self.rules.minimum_for(self.scores[seat])

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it lies (for the 108-card invariant)."""
        cards: list[Card] = [*self.stock, *self.pile]
        for hand in self.hands:
            cards.extend(hand)
        for threes in self.threes:
            cards.extend(threes)
        for side in self.sides:
            for meld in side.melds:
                cards.extend(meld.cards)
        return cards

    def side_scores(self) -> tuple[int, ...]:
        """Cumulative score per side (per seat for lone players)."""
        return tuple(self.scores[side.seats[0]] for side in self.sides)


_HAND_OVER, _GAME_OVER = Phase.HAND_OVER, Phase.GAME_OVER  # enum members are slower to look up
_STATE_FIELDS: frozenset[str] = frozenset(f.name for f in fields(GameState))
