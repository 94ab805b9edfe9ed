"""The heuristic computer players: *beginner* and *standard*, on every preset (and random).

A player receives only its seat's :class:`~tutor.engine.view.PlayerView`; to try an action it
judges it in :func:`~tutor.engine.view.world`, a full state rebuilt from the view alone, so it
can never read another hand or the stock. Every decision carries its reasons as data: the
engine's rule ids (from the verdict) and strategy ids (``S-…``) with parameters, explained
through the catalogs like verdicts (tutor/words/reason_texts.py).
"""

from __future__ import annotations

import random
from collections import Counter
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
from tutor.engine.cards import DECK_COUNTS, Card, Rank, card_points
from tutor.engine.events import meld_changes
from tutor.engine.going_out import find_going_out
from tutor.engine.judge import apply, is_legal, judge, successor
from tutor.engine.melding import closed_ranks
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
    """Legal, simple, predictable: draws, lays whatever it can, discards its least useful card.
    It never starts a meld that costs a penalty unless completed (Modern sevens, pure aces), and
    asked "may I go out?" it says no only while holding three aces or sevens (M-SCORE-4)."""

    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.HAND_OVER:
            return Decision(NextHand(), ())
        if view.phase is Phase.ANSWER:
            refusal = _refuse_for_penalty(view)
            if refusal is not None:
                return refusal
            return _decide(
                view, Answer(True), Reason.of("S-ANSWER-YES", hand=_hand_value(view.hand))
            )
        legal = list(view.legal)
        if view.phase is Phase.DRAW:
            takes = _safe_takes(view, legal)
            if takes and view.pile_size >= 3:
                return _decide(view, takes[0], Reason.of("S-TAKE-PILE", size=view.pile_size))
            if Draw() in legal:
                return _decide(view, Draw(), Reason.of("S-DRAW"))
            return _decide(view, legal[0])
        state = world(view)
        plan = _going_out_plan(state)
        if plan:
            return _decide(
                view,
                plan[0],
                Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, view.rules)),
            )
        opening = _opening_meld(view, state)
        if opening is not None:
            return _decide(view, opening, _initial_meld(view, opening))
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
                _feeds_penalty(view, d.card),
                counts[d.card.rank],
                -card_points(d.card),
            ),
        )
        if _penalty_risk(view, choice.card, counts):
            return _decide(view, choice, Reason.of("S-SHED-PENALTY", rank=choice.card.rank.symbol))
        return _decide(view, choice, _least_useful(choice.card, counts))

    def choose(self, view: PlayerView) -> Action:
        return self.decide(view).action


class Standard(Beginner):
    """Plays on a good player's strategy: keeps the pile in mind, freezes it when it is big,
    opens early, holds wild cards for canastas, goes out fast when the opponents hold many cards,
    and (Modern) plans its first meld of 125, with the pile when it can, avoids the special-meld
    and hand penalties, asks its partner before going out, and throws what the next player can
    hardly take the pile with."""

    name = "standard"

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.HAND_OVER:
            return Decision(NextHand(), ())
        if view.phase is Phase.ANSWER:
            value = _hand_value(view.hand)
            refusal = _refuse_for_penalty(view)
            if refusal is not None:
                return refusal
            # Modern: a "no" binds the asker to stay in (M-OUT-4) and made games between
            # standard players last past 30 hands (97.5% within 30 of 40 seeded games; always
            # yes: 100%, max 25 hands, the same strength against the beginner).
            if value <= 60 or view.rules.is_modern:
                return _decide(view, Answer(True), Reason.of("S-ANSWER-YES", hand=value))
            return _decide(view, Answer(False), Reason.of("S-ANSWER-NO", hand=value))
        if view.phase is Phase.DRAW:
            return self._draw(view)
        return self._play(view)

    # ----- drawing -----------------------------------------------------------------------------

    def _draw(self, view: PlayerView) -> Decision:
        legal = list(view.legal)
        opening = _opening_take(view, world(view))
        if opening is not None:
            rank = opening.cards[0].rank.symbol
            return _decide(view, opening, Reason.of("S-OPEN-WITH-PILE", rank=rank))
        takes = _safe_takes(view, legal)
        if takes:
            # Keep wild cards and pairs: prefer laying the top card on a meld, then a pair.
            take = min(
                takes, key=lambda t: (sum(c.is_wild for c in t.cards), len(t.cards), len(t.melds))
            )
            # With three players the first to take the pile plays alone against two (C3-3)
            # and scores alone against a pair: leave that to the others while the stock lasts
            # (measured: 47% of seat-rotated games against the beginner when it took piles of
            # seven, 88% when it never became the lone hand, 60 games each).
            lone_risk = view.rules.players == 3 and view.lone_hand is None
            if (not view.stock_size
                    or (not lone_risk and view.pile_size >= _worth_taking(view))):
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
        plan = _going_out_plan(state)
        opponents_cards = sum(
            size for seat, size in enumerate(view.hand_sizes) if seat not in view.my_side.seats
        )
        if plan and self._should_go_out(view, opponents_cards):
            if view.rules.is_modern and AskPartner() in legal:
                # The partner may hold three aces or sevens: 1,500 more than going out gains.
                return _decide(view, AskPartner(), Reason.of("S-ASK-PARTNER"))
            reason = (
                Reason.of("S-GO-OUT-FAST", cards=opponents_cards)
                if opponents_cards >= 12
                else Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, view.rules))
            )
            return _decide(view, plan[0], reason)
        opening = _opening_meld(view, state)
        if opening is not None:
            return _decide(view, opening, _initial_meld(view, opening))
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
            return _decide(view, best, _initial_meld(view, best))
        if uses_wilds and not canastas:
            return None  # hold wild cards for a canasta that needs them
        if canastas:
            rank = _completed_canasta(state, best) or _label(best)
            return _decide(view, best, Reason.of("S-COMPLETE-CANASTA", rank=rank))
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

        modern_risk = _pile_risks(view) if view.rules.is_modern else {}

        def danger(d: Discard) -> tuple[bool, bool, bool, int, int, int]:
            card = d.card
            if view.rules.is_modern:
                # Modern: the next player takes the pile only with a natural pair from the hand
                # (M-PILE-1): throw what they can hardly hold twice or cannot take with at all.
                gives_pile = modern_risk.get(card.rank, 0) if view.pile_size >= 3 else 0
            else:
                gives_pile = int(card.rank in their_ranks and not frozen_for_all)
            return (
                not _penalty_risk(view, card, counts),
                card.is_wild,
                _feeds_penalty(view, card),
                counts[card.rank],
                gives_pile,
                _discard_value(view, card),
            )

        choice = min(discards, key=danger)
        if _penalty_risk(view, choice.card, counts):
            return _decide(view, choice, Reason.of("S-SHED-PENALTY", rank=choice.card.rank.symbol))
        chosen = danger(choice)
        if view.rules.is_modern and not chosen[4] and any(
            danger(d)[:4] == chosen[:4] and danger(d)[4] for d in discards
        ):
            return _decide(view, choice, Reason.of("S-NO-PAIR-DISCARD", card=str(choice.card)))
        if choice.card.rank not in their_ranks and next_side.melds:
            return _decide(view, choice, Reason.of("S-SAFE-DISCARD", card=str(choice.card)))
        return _decide(view, choice, _least_useful(choice.card, counts))


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


def _worth_taking(view: PlayerView) -> int:
    """The smallest pile worth taking: two cards at four players of Classic, three elsewhere,
    where a pile of two gains no more than the stock's two cards (C2-2, C3-2) or brings a
    Modern hand nothing to meld with (seat-rotated games against the beginner, classic-2p: 38%
    taking piles of two, 85% from three)."""
    return 2 if view.rules.players == 4 and not view.rules.is_modern else 3


def _least_useful(card: Card, counts: Counter[Rank]) -> Reason:
    """The reason for throwing the card that fits the hand's plans least. The choice prefers
    single cards, so a card of a pair or more is thrown only when no single card can be spared:
    the reason says so instead of calling it single (S-BREAK-GROUP)."""
    held = counts[card.rank]
    if held > 1:
        return Reason.of("S-BREAK-GROUP", card=str(card), rank=card.rank.symbol, held=held)
    return Reason.of("S-SINGLE-DISCARD", card=str(card))


def _lays_threes(meld: Meld) -> bool:
    """Black threes are melded only by a player going out that turn (C-MELD-9): such a meld
    never grows into a canasta, so its reason is going out, not a new meld."""
    return any(group.rank is Rank.THREE for group in meld.groups)


def _going_out(view: PlayerView) -> Reason:
    return Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, view.rules))


def _initial_meld(view: PlayerView, meld: Meld) -> Reason:
    count = sum(card_points(c) for g in meld.groups for c in g.cards)
    minimum = view.rules.minimum_for(view.scores[view.seat])
    return Reason.of("S-INITIAL-MELD", count=count, minimum=minimum)


def _completed_canasta(state: GameState, meld: Meld) -> str | None:
    """The label of the canasta ``meld`` completes: in a move of several groups it need not be
    the first group's rank (and black threes never make one). The engine's meld changes say
    which meld the move completed (``MeldChange.completed``), so nothing is compared here."""
    return next(iter(completed_canastas(state, meld)), None)


def completed_canastas(state: GameState, action: Action) -> list[str]:
    """The labels of the canastas ``action`` completes for the side to move (the engine's
    :func:`~tutor.engine.events.meld_changes`), none when it is illegal."""
    after = successor(state, action)
    if after is None:
        return []
    seat = state.turn
    changes = meld_changes(state.side_of(seat).melds, after.side_of(seat).melds, state.rules)
    return [change.new.label for change in changes if change.completed is not None]


def _label(meld: Meld) -> str:
    group = meld.groups[0]
    return "W" if group.rank is None else group.rank.symbol


def _refuse_for_penalty(view: PlayerView) -> Decision | None:
    """Modern: "no" to "may I go out?" while holding three aces or sevens, which would cost the
    side 1,500 each (M-SCORE-4); the player sheds one a turn meanwhile."""
    held = _penalty_ranks(view)
    if not held:
        return None
    return _decide(view, Answer(False), Reason.of("S-ANSWER-NO-PENALTY", rank=held[0].symbol))


def _penalty_ranks(view: PlayerView) -> list[Rank]:
    """Modern: the ranks of which the hand holds three or more aces or sevens (M-SCORE-4)."""
    if not view.rules.is_modern:
        return []
    counts = Counter(c.rank for c in view.hand)
    return [rank for rank in (Rank.ACE, Rank.SEVEN) if counts[rank] >= 3]


def _penalty_risk(view: PlayerView, card: Card, counts: Counter[Rank]) -> bool:
    return view.rules.is_modern and card.rank in (Rank.ACE, Rank.SEVEN) and counts[card.rank] >= 3


def _feeds_penalty(view: PlayerView, card: Card) -> bool:
    """Modern: an ace or a seven thrown while the hand has other singles fills the pile with
    the cards whoever takes it is stuck with: nobody melds them short of a canasta, and three
    or more left in a hand cost 1,500 (M-SCORE-4). Keep one or two; shed the third."""
    return view.rules.is_modern and card.rank in (Rank.ACE, Rank.SEVEN)


_RANK_COUNTS: Counter[Rank] = Counter(c.rank for c in DECK_COUNTS.elements() if c.is_natural)


def _pile_risks(view: PlayerView) -> dict[Rank, int]:
    """Modern: how likely a discard of each rank lets the next player take the pile, as the
    number of its cards nobody has seen (0: they cannot hold a natural pair of it, their meld
    of it is too long to take more, M-PILE-2, or the rank is closed, M-MELD-8)."""
    next_seat = (view.seat + 1) % view.rules.players
    their = next(s for s in view.sides if next_seat in s.seats)
    seen: Counter[Rank] = Counter(c.rank for c in view.hand)
    if view.pile_top is not None:
        seen[view.pile_top.rank] += 1
    for side in view.sides:
        for meld in side.melds:
            seen.update(c.rank for c in meld.cards if c.is_natural)
    blocked = {m.rank for m in their.melds if m.size >= 5}
    closed = closed_ranks(tuple(m for s in view.sides for m in s.melds), view.rules)
    risks: dict[Rank, int] = {}
    for rank, total in _RANK_COUNTS.items():
        unseen = total - seen[rank]
        risks[rank] = 0 if unseen < 2 or rank in blocked or rank in closed else unseen
    return risks


def _discard_value(view: PlayerView, card: Card) -> int:
    """Among equally useless cards, throw the one worth most in the hand at the end, except
    that a Modern side which has not melded keeps its high cards for the 125 it needs first."""
    opening = view.rules.is_modern and not view.my_side.melds
    return card_points(card) if opening else -card_points(card)


def _safe_takes(view: PlayerView, legal: list[Action]) -> list[TakePile]:
    """The legal ways to take the pile that start no penalty meld (see :func:`_risky`)."""
    takes = [a for a in legal if isinstance(a, TakePile)]
    if not takes or not view.rules.is_modern:
        return takes
    state = world(view)
    return [t for t in takes if not _risky(state, t)]


def _going_out_plan(state: GameState) -> tuple[Action, ...] | None:
    """A way to go out now that lays no new penalty meld (the planner lays every card it can,
    pure aces and sevens included), and none after the partner said no (M-OUT-4)."""
    if state.turn_info.answer is False:
        return None
    plan = find_going_out(state)
    if plan and isinstance(plan[0], Meld) and _risky(state, plan[0]):
        return None
    return plan


def _risky(state: GameState, action: Meld | TakePile) -> bool:
    """Modern: starting a sevens, pure-ace or wild-card meld that stays incomplete costs
    2,000 or 2,500 at the end of the hand, whether it is laid from the hand or with the pile."""
    if not state.rules.is_modern:
        return False
    after = apply(state, action)
    before = {m.label for m in state.side_of(state.turn).melds}
    return any(
        incomplete_special_penalty(m, state.rules) is not None and m.label not in before
        for m in after.side_of(state.turn).melds
    )


# ----- Modern: the first meld of 125 or more (M-INIT-1 to -5) -----------------------------------


def _opening_groups(
    hand: list[Card], minimum: int, counted: int = 0, keep: int = 2
) -> list[Group] | None:
    """The biggest Modern first meld the cards allow, or None below ``minimum``: clean groups
    (one is required, M-INIT-3), pairs made up with a wild card and up to two wild cards a meld
    (M-MELD-2). Sevens and aces are laid only where no penalty can follow: seven sevens, or aces
    with a wild card (a mixed meld, M-MELD-5). ``counted`` is what the pile pair adds (M-INIT-5);
    ``keep`` cards stay in the hand (M-DISC-3: one to discard, one to hold)."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in hand:
        if card.is_natural:
            by_rank.setdefault(card.rank, []).append(card)
    wilds = sorted((c for c in hand if c.is_wild), key=card_points, reverse=True)
    clean = [cards for rank, cards in by_rank.items()
             if len(cards) >= 3 and (rank not in (Rank.SEVEN, Rank.ACE) or len(cards) >= 7)]
    if not clean:
        return None
    # Groups that take wild cards, the most valuable first; the biggest clean group stays clean.
    clean.sort(key=lambda cards: (len(cards), _hand_value(tuple(cards))), reverse=True)
    open_to_wilds = [list(cards) for cards in clean[1:] if len(cards) < 7]
    pairs = [list(cards) for rank, cards in by_rank.items()
             if (len(cards) == 2 and rank is not Rank.SEVEN)
             or (rank is Rank.ACE and 2 <= len(cards) < 7)]
    pairs.sort(key=lambda cards: _hand_value(tuple(cards)), reverse=True)
    groups = [list(clean[0])] + [list(c) for c in clean[1:] if len(c) >= 7]
    spare = list(wilds)
    for cards in pairs:  # a pair (or aces) needs one wild card to be a meld
        if spare:
            cards.append(spare.pop(0))
            open_to_wilds.append(cards)
    for cards in open_to_wilds:  # then a second wild card where there is room
        if spare and len(cards) < 7 and sum(c.is_wild for c in cards) < 2:
            cards.append(spare.pop(0))
    groups += open_to_wilds
    while sum(map(len, groups)) > len(hand) - keep and len(groups) > 1:
        groups.remove(min(groups[1:], key=lambda cards: _hand_value(tuple(cards))))
    count = counted + sum(_hand_value(tuple(cards)) for cards in groups)
    if count < minimum or sum(map(len, groups)) > len(hand) - keep:
        return None
    return [Group(tuple(sorted(cards, key=str))) for cards in groups]


def _opening_meld(view: PlayerView, state: GameState) -> Meld | None:
    """Modern: the first meld from the hand, judged before it is offered."""
    if not view.rules.is_modern or view.my_side.melds or view.phase is not Phase.PLAY:
        return None
    groups = _opening_groups(list(view.hand), view.rules.minimum_for(view.scores[view.seat]))
    if groups is None:
        return None
    meld = Meld(tuple(groups))
    return meld if is_legal(state, meld) else None


def _opening_take(view: PlayerView, state: GameState) -> TakePile | None:
    """Modern: take the pile with a natural pair while laying the first meld from the hand
    (M-INIT-5); never with sevens or aces, which would start a penalty meld."""
    top = view.pile_top
    if (not view.rules.is_modern or view.my_side.melds or top is None or not top.is_natural
            or top.rank in (Rank.SEVEN, Rank.ACE)):
        return None
    pair = [c for c in view.hand if c.rank is top.rank][:2]
    if len(pair) < 2:
        return None
    rest = list(view.hand)
    for card in pair:
        rest.remove(card)
    rest = [c for c in rest if c.rank is not top.rank]
    minimum = view.rules.minimum_for(view.scores[view.seat])
    keep = 0 if view.pile_size >= 3 else 2  # the pile's other cards are left to hold
    groups = _opening_groups(rest, minimum, _hand_value(tuple(pair)), keep)
    if groups is None:
        return None
    take = TakePile(tuple(sorted(pair, key=str)), tuple(groups))
    return take if is_legal(state, take) else None
