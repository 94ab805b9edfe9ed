"""The expert: weighs a handful of moves on sampled worlds with short play-outs.

It sees only its seat's :class:`~tutor.engine.view.PlayerView`. For a decision it takes the
standard player's choice and a few alternatives the standard player's heuristics rank next
(other discards, melds, the pile, going out, the answer), deals the cards it has not seen at
random into the other hands, the pile and the stock (:mod:`tutor.play.sampling`), plays each
candidate on in each world with a cheap policy for a few turns (:mod:`tutor.play.rollout`) and
keeps the candidate with the best mean outcome: its side's points minus the best other side's.
Every candidate meets the same worlds and the same play-out dice (common random numbers), so
the differences between candidates are not the deal's luck.

The random source of a decision is derived from the player's seed and the view alone, so the
same seed plays the same game and cards the seat cannot see never change a decision. The
budget caps the play-outs (and the time: a decision that reaches the time cap stops early,
which only a loaded machine makes happen; the tests give time to spare so the count decides).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass

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
from tutor.engine.cards import Card, Rank, card_points
from tutor.engine.going_out import find_going_out
from tutor.engine.judge import is_legal, judge, successor
from tutor.engine.scoring import canasta_count
from tutor.engine.state import GameState, Phase
from tutor.engine.verdict import Reason
from tutor.engine.view import PlayerView, world
from tutor.play.heuristics import Decision, Standard, completed_canastas
from tutor.play.rollout import outcome, play_out
from tutor.play.sampling import sample_world, view_key

MAX_CANDIDATES = 6  # moves weighed per decision (the standard player's choice among them)


@dataclass(frozen=True, slots=True)
class Budget:
    milliseconds: float = 150.0
    rollouts: int = 400  # at most, over all candidates and worlds


@dataclass(frozen=True, slots=True)
class Weighed:
    action: Action
    value: float  # estimated points: the seat's side minus the best opponent side, mean over worlds
    reasons: tuple[Reason, ...]  # why (strategy ids S-… with parameters, then the permitting rules)


@dataclass(frozen=True, slots=True)
class Appraisal:
    # Best first: the move the expert plays (the standard player's choice unless another beats
    # it by more than the noise, so its value may be a little below another's), then by value;
    # includes ``include`` when it is legal.
    alternatives: tuple[Weighed, ...]
    worlds: int
    rollouts: int
    milliseconds: float


class Expert:
    """Determinized Monte Carlo over the standard player's best few moves."""

    name = "expert"

    def __init__(self, seed: int = 0, budget: Budget = Budget()) -> None:
        self.seed = seed
        self.budget = budget
        self._standard = Standard(seed)

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.HAND_OVER:
            return Decision(NextHand(), ())
        appraisal = self.appraise(view)
        best = appraisal.alternatives[0]
        search = _search_reason(appraisal)
        return Decision(best.action, (*search, *best.reasons))

    def choose(self, view: PlayerView) -> Action:
        return self.decide(view).action

    def appraise(self, view: PlayerView, *, include: Action | None = None,
                 budget: Budget | None = None) -> Appraisal:
        """The candidates weighed on sampled worlds, best first, with the search's figures."""
        started = time.perf_counter()
        budget = budget or self.budget
        if view.phase is Phase.HAND_OVER or not view.legal:
            return Appraisal((), 0, 0, 0.0)
        state = world(view)
        standard = self._standard.decide(view)
        candidates = _candidates(view, state, standard.action)
        if include is not None and include not in candidates and is_legal(state, include):
            candidates.append(include)
        samples: list[list[float]] = [[] for _ in candidates]
        worlds = rollouts = 0
        if len(candidates) > 1 or include is not None:
            rng = random.Random(view_key(view, self.seed))
            horizon = _horizon(view)
            deadline = started + budget.milliseconds / 1000
            while rollouts + len(candidates) <= budget.rollouts:
                if worlds and time.perf_counter() > deadline:
                    break
                sampled = sample_world(view, rng)
                dice = rng.getrandbits(32)
                for index, action in enumerate(candidates):
                    after = successor(sampled, action)
                    if after is None:  # cannot happen: legality depends on the view alone
                        samples[index].append(-1e9)
                        continue
                    ended = play_out(after, random.Random(dice), horizon)
                    samples[index].append(outcome(ended, view.seat))
                worlds += 1
                rollouts += len(candidates)
        means = [sum(v) / len(v) if v else 0.0 for v in samples]
        order = sorted(range(len(candidates)), key=lambda i: (-means[i], i))
        if order and order[0] != 0 and not _clearly_better(samples[order[0]], samples[0]):
            order.remove(0)
            order.insert(0, 0)  # the standard choice stands unless a move clearly beats it
        weighed = tuple(
            Weighed(candidates[i], round(means[i], 1),
                    standard.reasons if candidates[i] == standard.action
                    else _reasons(view, state, candidates[i]))
            for i in order
        )
        elapsed = (time.perf_counter() - started) * 1000
        return Appraisal(weighed, worlds, rollouts, round(elapsed, 2))


CONFIDENCE = 1.0  # standard errors by which a move must beat the standard choice to replace it


def _clearly_better(values: list[float], baseline: list[float]) -> bool:
    """Whether a move beats the standard player's choice by more than the noise of the worlds:
    the mean of the paired differences (same world, same dice) over :data:`CONFIDENCE`
    standard errors. The best of several noisy means is flattered by its noise; the standard
    choice is the prior the search has to overturn."""
    diffs = [a - b for a, b in zip(values, baseline, strict=True)]
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    return mean > CONFIDENCE * spread / math.sqrt(len(diffs))


def _horizon(view: PlayerView) -> int:
    """Turns played on after the candidate: a round and a half at two players, one round at
    three or four (the next opponent's answer to the move and a little more)."""
    return 3 if view.rules.players == 2 else view.rules.players


# ----- candidates --------------------------------------------------------------------------------


def _candidates(view: PlayerView, state: GameState, chosen: Action) -> list[Action]:
    """The standard player's choice, then the few moves its heuristics rank next."""
    legal = list(view.legal)
    out: list[Action] = [chosen]
    if view.phase is Phase.ANSWER:
        out += [Answer(True), Answer(False)]
    elif view.phase is Phase.DRAW:
        takes = sorted((a for a in legal if isinstance(a, TakePile)),
                       key=lambda t: (sum(c.is_wild for c in t.cards), -len(t.melds)))
        out += [Draw(), *takes[:3], Pass()]
    else:
        plan = find_going_out(state)
        if plan:
            out.append(plan[0])
        melds = sorted((a for a in legal if isinstance(a, Meld)),
                       key=lambda m: -sum(len(g.cards) for g in m.groups))
        out += melds[:2]
        out.append(AskPartner())
        out += _discards(view, legal)[:3]
    unique = list(dict.fromkeys(out))
    picked = [a for a in unique if a == chosen or is_legal(state, a)]
    return picked[:MAX_CANDIDATES]


def _discards(view: PlayerView, legal: list[Action]) -> list[Discard]:
    """Discards by the standard player's order: singles, no wild cards, nothing the next
    player's side has melded, high cards first."""
    counts = Counter(c.rank for c in view.hand)
    next_seat = (view.seat + 1) % view.rules.players
    theirs = {m.rank for s in view.sides if next_seat in s.seats for m in s.melds}
    discards = [a for a in legal if isinstance(a, Discard)]
    return sorted(discards, key=lambda d: (d.card.is_wild, counts[d.card.rank],
                                           d.card.rank in theirs, -card_points(d.card)))


# ----- reasons -----------------------------------------------------------------------------------


def _search_reason(appraisal: Appraisal) -> tuple[Reason, ...]:
    """S-SEARCH: how many moves were weighed on how many deals, and the lead of the best."""
    if appraisal.worlds == 0 or len(appraisal.alternatives) < 2:
        return ()
    best, second = appraisal.alternatives[0], appraisal.alternatives[1]
    return (Reason.of("S-SEARCH", moves=len(appraisal.alternatives), worlds=appraisal.worlds,
                      margin=max(0, round(best.value - second.value))),)


def _reasons(view: PlayerView, state: GameState, action: Action) -> tuple[Reason, ...]:
    """A move's strategy reason as the standard player words it, then the rules permitting it."""
    verdict = judge(state, action)
    return (*_strategy(view, state, action), *verdict.permitting)


def _strategy(view: PlayerView, state: GameState, action: Action) -> tuple[Reason, ...]:
    if isinstance(action, Draw):
        return (Reason.of("S-DRAW"),)
    if isinstance(action, TakePile):
        return (Reason.of("S-TAKE-PILE", size=view.pile_size),)
    if isinstance(action, Answer):
        value = sum(card_points(c) for c in view.hand)
        return (Reason.of("S-ANSWER-YES" if action.yes else "S-ANSWER-NO", hand=value),)
    if isinstance(action, AskPartner):
        return (Reason.of("S-ASK-PARTNER"),)
    if isinstance(action, Meld):
        return _meld_strategy(view, state, action)
    if isinstance(action, Discard):
        return _discard_strategy(view, action.card)
    return ()


def _meld_strategy(view: PlayerView, state: GameState, meld: Meld) -> tuple[Reason, ...]:
    rules = view.rules
    after = successor(state, meld)
    if after is None:
        return ()
    if after.phase is not Phase.PLAY or any(g.rank is Rank.THREE for g in meld.groups):
        return (Reason.of("S-GO-OUT", canastas=canasta_count(view.my_side.melds, rules)),)
    if not view.my_side.melds:
        count = sum(card_points(c) for g in meld.groups for c in g.cards)
        return (Reason.of("S-INITIAL-MELD", count=count,
                          minimum=rules.minimum_for(view.scores[view.seat])),)
    done = completed_canastas(state, meld)
    if done:
        return (Reason.of("S-COMPLETE-CANASTA", rank=done[0]),)
    group = meld.groups[0]
    label = "W" if group.rank is None else group.rank.symbol
    existing = {m.label for m in view.my_side.melds}
    return (Reason.of("S-LAY-OFF" if label in existing else "S-NEW-MELD", rank=label),)


def _discard_strategy(view: PlayerView, card: Card) -> tuple[Reason, ...]:
    counts = Counter(c.rank for c in view.hand)
    if card.is_black_three:
        return (Reason.of("S-STOP", card=str(card)),)
    if card.is_wild:
        return (Reason.of("S-FREEZE", pile=view.pile_size),)
    if view.rules.is_modern and card.rank in (Rank.ACE, Rank.SEVEN) and counts[card.rank] >= 3:
        return (Reason.of("S-SHED-PENALTY", rank=card.rank.symbol),)
    held = counts[card.rank]
    if held > 1:
        return (Reason.of("S-BREAK-GROUP", card=str(card), rank=card.rank.symbol, held=held),)
    next_seat = (view.seat + 1) % view.rules.players
    theirs = [s for s in view.sides if next_seat in s.seats]
    if theirs and theirs[0].melds and card.rank not in {m.rank for m in theirs[0].melds}:
        return (Reason.of("S-SAFE-DISCARD", card=str(card)),)
    return (Reason.of("S-SINGLE-DISCARD", card=str(card)),)
