"""What one seat may see: its own hand, everybody's melds and laid-out threes, the pile's top
card, sizes of the other hands and of the stock, and the scores.

:func:`observe` is the only thing computer players and hints receive, so they cannot read another
hand or the order of the stock. The legal actions come with the view (the engine computes them
from the full state, which is allowed: legality only depends on what the seat may know).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tutor.engine.actions import Action
from tutor.engine.cards import DECK_COUNTS, Card, sorted_cards
from tutor.engine.listing import legal_actions
from tutor.engine.pile_rules import pile_freezers, pile_reasons
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import HandScore
from tutor.engine.state import GameState, HandEnd, Phase, Side, TurnInfo
from tutor.engine.verdict import Reason


@dataclass(frozen=True, slots=True)
class PlayerView:
    rules: RuleSet
    seat: int
    phase: Phase
    turn: int
    actor: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile_top: Card | None
    pile_size: int
    pile_freezers: tuple[Card, ...]  # cards laid crosswise: visible to everybody
    frozen_for_me: tuple[Reason, ...]  # what keeps the pile from this seat (pile_reasons)
    sides: tuple[Side, ...]
    threes: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    turn_info: TurnInfo | None  # only for the seat whose turn it is
    end: HandEnd | None
    results: tuple[HandScore, ...]
    legal: tuple[Action, ...]  # empty unless this seat must act
    seat_melded: tuple[bool, ...] = ()
    asked: tuple[bool, ...] = ()
    lone_hand: int | None = None
    hand_number: int = 0

    @property
    def my_side(self) -> Side:
        for side in self.sides:
            if self.seat in side.seats:
                return side
        raise KeyError(self.seat)


def observe(state: GameState, seat: int) -> PlayerView:
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not at this table")
    acting = state.actor == seat and state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)
    return PlayerView(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        turn=state.turn,
        actor=state.actor,
        dealer=state.dealer,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        pile_top=state.pile_top,
        pile_size=len(state.pile),
        pile_freezers=pile_freezers(state),
        frozen_for_me=tuple(pile_reasons(state, seat)),
        sides=state.sides,
        threes=state.threes,
        scores=state.scores,
        turn_info=state.turn_info if state.turn == seat else None,
        end=state.end,
        results=state.results,
        legal=tuple(legal_actions(state)) if acting else (),
        seat_melded=state.seat_melded,
        asked=state.asked,
        lone_hand=state.lone_hand,
        hand_number=state.hand_number,
    )


def world(view: PlayerView) -> GameState:
    """A full state consistent with everything the seat sees, the unseen cards filled in a fixed
    order. Judging the seat's own actions in it gives the same verdicts as in the real game, so a
    player can try actions without ever reading a hidden card."""
    seen = Counter(view.hand)
    for side in view.sides:
        for meld in side.melds:
            seen.update(meld.cards)
    for threes in view.threes:
        seen.update(threes)
    freezers = list(view.pile_freezers)
    if (
        view.pile_top is not None
        and freezers
        and freezers[-1] == view.pile_top
        and (view.pile_top.is_wild or view.pile_top.is_three)
    ):
        freezers.pop()  # the top card is itself the last freezing card
    pile_known = [*freezers]
    if view.pile_top is not None:
        pile_known.append(view.pile_top)
    seen.update(pile_known)
    unseen = list(sorted_cards((DECK_COUNTS - seen).elements()))
    # Fillers that neither freeze the pile nor are threes, so the pile behaves as the view says.
    plain = [c for c in unseen if c.is_natural]
    other = [c for c in unseen if not c.is_natural]
    pool = plain + other

    def take(n: int) -> tuple[Card, ...]:
        taken = tuple(pool[:n])
        del pool[:n]
        return taken

    pile: tuple[Card, ...] = ()
    if view.pile_top is not None:
        filler = view.pile_size - len(pile_known)
        pile = (*freezers, *take(max(0, filler)), view.pile_top)
    hands = tuple(
        view.hand if seat == view.seat else take(size) for seat, size in enumerate(view.hand_sizes)
    )
    stock = take(view.stock_size)
    return GameState(
        rules=view.rules,
        seed=0,
        decks=(),
        hand_number=view.hand_number,
        dealer=view.dealer,
        scores=view.scores,
        phase=view.phase,
        turn=view.turn,
        stock=stock,
        pile=pile,
        hands=hands,
        threes=view.threes,
        sides=view.sides,
        seat_melded=view.seat_melded,
        asked=view.asked,
        lone_hand=view.lone_hand,
        turn_info=view.turn_info or TurnInfo(),
        end=view.end,
        results=view.results,
    )
