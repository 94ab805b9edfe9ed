"""What one seat may see: its own hand, everybody's melds and laid-out threes, the pile's top
card, sizes of the other hands and of the stock, and the scores.

:func:`observe` is the only thing computer players and hints receive, so they cannot read another
hand or the order of the stock. The legal actions come with the view (the engine computes them
from the full state, which is allowed: legality only depends on what the seat may know).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.actions import Action
from tutor.engine.cards import Card
from tutor.engine.judge import frozen_reasons, pile_freezers
from tutor.engine.listing import legal_actions
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
    frozen_for_me: tuple[Reason, ...]
    sides: tuple[Side, ...]
    threes: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    turn_info: TurnInfo | None  # only for the seat whose turn it is
    end: HandEnd | None
    results: tuple[HandScore, ...]
    legal: tuple[Action, ...]  # empty unless this seat must act

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
        frozen_for_me=tuple(frozen_reasons(state, seat)) if not state.rules.is_modern else (),
        sides=state.sides,
        threes=state.threes,
        scores=state.scores,
        turn_info=state.turn_info if state.turn == seat else None,
        end=state.end,
        results=state.results,
        legal=tuple(legal_actions(state)) if acting else (),
    )
