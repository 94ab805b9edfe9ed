"""Computer players worth practising against: *beginner* and *standard*, on every preset.

A player receives only its seat's :class:`~tutor.engine.view.PlayerView`; to try an action it
judges it in :func:`~tutor.engine.view.world`, a full state rebuilt from the view alone, so it
can never read another hand or the stock. Every decision carries its reasons as data: the
engine's rule ids (from the verdict) and strategy ids (``S-…``) with parameters, explained
through the catalogs like verdicts (tutor/reason_texts.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.actions import (
    Action,
    Answer,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import Card, Rank, card_points
from tutor.engine.going_out import find_going_out
from tutor.engine.judge import apply, judge
from tutor.engine.scoring import canasta_count, incomplete_special_penalty
from tutor.engine.state import GameState, Phase
from tutor.engine.verdict import Reason
from tutor.engine.view import PlayerView, world


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    reasons: tuple[Reason, ...]  # strategy reasons first, then the rules that permit it


def _decide(view: PlayerView, action: Action, *strategy: Reason) -> Decision:
    verdict = judge(world(view), action) if view.phase is not Phase.HAND_OVER else None
    permits = verdict.permitting if verdict is not None else ()
    return Decision(action, (*strategy, *permits))


def _hand_value(cards: tuple[Card, ...]) -> int:
    return sum(card_points(c) for c in cards)


class Beginner:
    """Legal, simple, predictable: draws, lays whatever it can, discards its least useful card."""

    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.HAND_OVER:
            return Decision(NextHand(), ())
        if view.phase is Phase.ANSWER:
            return _decide(
                view, Answer(True), Reason.of("S-ANSWER-YES", hand=_hand_value(view.hand))
            )
        legal = list(view.legal)
        if view.phase is Phase.DRAW:
            takes = [a for a in legal if isinstance(a, TakePile)]
            if takes and view.pile_size >= 3:
                return _decide(view, takes[0], Reason.of("S-TAKE-PILE", size=view.pile_size))
            if Draw() in legal:
                return _decide(view, Draw(), Reason.of("S-DRAW"))
            return _decide(view, legal[0])
        state = world(view)
        plan = find_going_out(state)
        if plan:
            return _decide(
                view,
                plan[0],
                Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, view.rules)),
            )
        melds = [a for a in legal if isinstance(a, Meld) and not _risky(state, a)]
        if melds:
            best = max(melds, key=lambda m: sum(len(g.cards) for g in m.groups))
            if _lays_threes(best):
                return _decide(view, best, _going_out(view))
            return _decide(view, best, Reason.of("S-NEW-MELD", rank=_label(best)))
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return _decide(view, legal[0])
        counts = Counter(c.rank for c in view.hand)
        choice = min(
            discards,
            key=lambda d: (
                not _penalty_risk(view, d.card, counts),
                d.card.is_wild,
                counts[d.card.rank],
                -card_points(d.card),
            ),
        )
        if _penalty_risk(view, choice.card, counts):
            return _decide(view, choice, Reason.of("S-SHED-PENALTY", rank=choice.card.rank.symbol))
        return _decide(view, choice, Reason.of("S-SINGLE-DISCARD", card=str(choice.card)))

    def choose(self, view: PlayerView) -> Action:
        return self.decide(view).action


class Standard(Beginner):
    """Plays on a good player's strategy: keeps the pile in mind, freezes it when it is big,
    opens early, holds wild cards for canastas, goes out fast when the opponents hold many cards,
    and (Modern) avoids the special-meld and hand penalties."""

    name = "standard"

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.HAND_OVER:
            return Decision(NextHand(), ())
        if view.phase is Phase.ANSWER:
            value = _hand_value(view.hand)
            if value <= 60:
                return _decide(view, Answer(True), Reason.of("S-ANSWER-YES", hand=value))
            return _decide(view, Answer(False), Reason.of("S-ANSWER-NO", hand=value))
        if view.phase is Phase.DRAW:
            return self._draw(view)
        return self._play(view)

    # ----- drawing -----------------------------------------------------------------------------

    def _draw(self, view: PlayerView) -> Decision:
        legal = list(view.legal)
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes:
            # Keep wild cards and pairs: prefer laying the top card on a meld, then a pair.
            take = min(
                takes, key=lambda t: (sum(c.is_wild for c in t.cards), len(t.cards), len(t.melds))
            )
            # With three players the first to take the pile plays alone against two.
            lone_risk = view.rules.players == 3 and view.lone_hand is None
            if view.pile_size >= (7 if lone_risk else 2) or not view.stock_size:
                return _decide(view, take, Reason.of("S-TAKE-PILE", size=view.pile_size))
        if Draw() in legal:
            return _decide(view, Draw(), Reason.of("S-DRAW"))
        if Pass() in legal:
            return _decide(view, Pass())
        return _decide(view, takes[0] if takes else legal[0])

    # ----- melding, going out, discarding --------------------------------------------------------

    def _play(self, view: PlayerView) -> Decision:
        state = world(view)
        legal = list(view.legal)
        plan = find_going_out(state)
        opponents_cards = sum(
            size for seat, size in enumerate(view.hand_sizes) if seat not in view.my_side.seats
        )
        if plan and self._should_go_out(view, opponents_cards):
            reason = (
                Reason.of("S-GO-OUT-FAST", cards=opponents_cards)
                if opponents_cards >= 12
                else Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, view.rules))
            )
            return _decide(view, plan[0], reason)
        meld = self._best_meld(view, state, legal)
        if meld is not None:
            return meld
        return self._discard(view, state, legal)

    @staticmethod
    def _should_go_out(view: PlayerView, opponents_cards: int) -> bool:
        needed = view.rules.canastas_to_go_out
        have = canasta_count(view.my_side.melds, view.rules)
        return (
            opponents_cards >= 12
            or have > needed
            or view.stock_size < 20
            or any(
                canasta_count(s.melds, view.rules) >= needed
                for s in view.sides
                if view.seat not in s.seats
            )
        )

    def _best_meld(
        self, view: PlayerView, state: GameState, legal: list[Action]
    ) -> Decision | None:
        melds = [a for a in legal if isinstance(a, Meld) and not _risky(state, a)]
        if not melds:
            return None
        before = canasta_count(view.my_side.melds, view.rules)

        def value(meld: Meld) -> tuple[int, int, int]:
            after = apply(state, meld).side_of(view.seat).melds
            canastas = canasta_count(after, view.rules) - before
            wilds = sum(c.is_wild for g in meld.groups for c in g.cards)
            natural = sum(not c.is_wild for g in meld.groups for c in g.cards)
            return canastas, natural - 2 * wilds, -wilds

        if view.rules.is_modern:
            # The rule of five already limits wild cards: lay as many cards as possible.
            best = max(melds, key=lambda m: sum(len(g.cards) for g in m.groups))
        else:
            best = max(melds, key=value)
        canastas, _score, wild_cost = value(best)
        uses_wilds = wild_cost < 0 and not view.rules.is_modern
        if _lays_threes(best):
            return _decide(view, best, _going_out(view))
        if not view.my_side.melds:
            count = sum(card_points(c) for g in best.groups for c in g.cards)
            return _decide(
                view,
                best,
                Reason.of(
                    "S-INITIAL-MELD",
                    count=count,
                    minimum=view.rules.minimum_for(view.scores[view.seat]),
                ),
            )
        if uses_wilds and not canastas:
            return None  # hold wild cards for a canasta that needs them
        if canastas:
            return _decide(view, best, Reason.of("S-COMPLETE-CANASTA", rank=_label(best)))
        existing = {m.label for m in view.my_side.melds}
        kind = "S-LAY-OFF" if _label(best) in existing else "S-NEW-MELD"
        return _decide(view, best, Reason.of(kind, rank=_label(best)))

    def _discard(self, view: PlayerView, state: GameState, legal: list[Action]) -> Decision:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return _decide(view, legal[0])
        counts = Counter(c.rank for c in view.hand)
        next_seat = (view.seat + 1) % view.rules.players
        next_side = next(s for s in view.sides if next_seat in s.seats)
        their_ranks = {m.rank for m in next_side.melds}
        frozen_for_all = bool(view.pile_freezers)
        wilds = [d for d in discards if d.card.is_wild]
        if (
            wilds
            and view.pile_size >= 8
            and not frozen_for_all
            and next_side.melds
            and not view.rules.is_modern
        ):
            return _decide(view, wilds[0], Reason.of("S-FREEZE", pile=view.pile_size))
        black = [d for d in discards if d.card.is_black_three]
        if black and view.pile_size >= 4:
            return _decide(view, black[0], Reason.of("S-STOP", card=str(black[0].card)))

        def danger(d: Discard) -> tuple[bool, bool, bool, int, int]:
            card = d.card
            gives_pile = card.rank in their_ranks and not frozen_for_all
            return (
                not _penalty_risk(view, card, counts),
                card.is_wild,
                gives_pile,
                counts[card.rank],
                -card_points(card),
            )

        choice = min(discards, key=danger)
        if _penalty_risk(view, choice.card, counts):
            return _decide(view, choice, Reason.of("S-SHED-PENALTY", rank=choice.card.rank.symbol))
        if choice.card.rank not in their_ranks and next_side.melds:
            return _decide(view, choice, Reason.of("S-SAFE-DISCARD", card=str(choice.card)))
        return _decide(view, choice, Reason.of("S-SINGLE-DISCARD", card=str(choice.card)))


class RandomLegal:
    """A uniformly random legal action (the baseline of the strength benchmark)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.HAND_OVER:
            return Decision(NextHand(), ())
        return _decide(view, self.rng.choice(view.legal))

    def choose(self, view: PlayerView) -> Action:
        return self.decide(view).action


def _lays_threes(meld: Meld) -> bool:
    """Black threes are melded only by a player going out that turn (C-MELD-9): such a meld
    never grows into a canasta, so its reason is going out, not a new meld."""
    return any(group.rank is Rank.THREE for group in meld.groups)


def _going_out(view: PlayerView) -> Reason:
    return Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, view.rules))


def _label(meld: Meld) -> str:
    group = meld.groups[0]
    return "W" if group.rank is None else group.rank.symbol


def _penalty_risk(view: PlayerView, card: Card, counts: Counter[Rank]) -> bool:
    return view.rules.is_modern and card.rank in (Rank.ACE, Rank.SEVEN) and counts[card.rank] >= 3


def _risky(state: GameState, meld: Meld) -> bool:
    """Modern: starting a sevens, pure-ace or wild-card meld that stays incomplete costs
    2,000 or 2,500 at the end of the hand."""
    if not state.rules.is_modern:
        return False
    after = apply(state, meld)
    before = {m.label for m in state.side_of(state.turn).melds}
    return any(
        incomplete_special_penalty(m, state.rules) is not None and m.label not in before
        for m in after.side_of(state.turn).melds
    )


BOTS: dict[str, Callable[[int], Beginner | RandomLegal]] = {
    "beginner": Beginner,
    "standard": Standard,
    "random": RandomLegal,
}
