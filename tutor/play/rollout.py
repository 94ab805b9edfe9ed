"""Fast play-outs of a sampled world: a cheap policy on the full state, to a short horizon.

The expert weighs a candidate by playing on from it in a world it sampled (every hand known
there, so the policy may look at them: the world is the expert's guess, not the real game).
The policy is greedy and cheap, a few judge calls a turn through the engine's fast path
(``candidate_actions`` to list, ``successor`` to try and apply without building reasons): take
the pile when the judge allows it and it is worth it, lay the biggest melds the judge accepts,
discard the least useful card. The end position is scored as if the hand ended there
(:func:`tutor.engine.scoring.score_hand`: melds and bonuses minus the cards still held), or by
the hand's real score when the play-out ended it.
"""

from __future__ import annotations

import random
from collections import Counter

from tutor.engine.actions import Action, Answer, Discard, Draw, Meld, TakePile
from tutor.engine.cards import Card, Rank, card_points
from tutor.engine.judge import successor
from tutor.engine.listing import candidate_actions, legal_actions
from tutor.engine.scoring import HandScore, PlayerTally, SideTally, score_hand
from tutor.engine.state import GameState, Phase

MAX_STEPS = 200  # a play-out never runs longer than this many actions (a safety net)
GAME_BONUS = 0.5  # a game won or lost inside a play-out counts this share of the target score
_PENALTY_RANKS = (Rank.SEVEN, Rank.ACE)


def play_out(state: GameState, rng: random.Random, turns: int) -> GameState:
    """``state`` played on by the cheap policy until ``turns`` more turns have begun, the hand
    is over, or the step limit is reached."""
    begun = 0
    for _ in range(MAX_STEPS):
        phase = state.phase
        if phase is Phase.HAND_OVER or phase is Phase.GAME_OVER:
            break
        if phase is Phase.DRAW and not state.turn_info.drew:
            begun += 1
            if begun > turns:
                break
        state = _step(state, rng)
    return state


def outcome(state: GameState, seat: int) -> float:
    """Points of the seat's side minus the best other side, as if the hand ended now; a game
    decided in the play-out adds or takes :data:`GAME_BONUS` of the target."""
    rules = state.rules
    score = state.results[-1] if state.end is not None and state.results else _score_now(state)
    credits = score.credits(rules.players)
    mine = state.side_of(seat).seats
    best_other = max(credits[s] for s in range(rules.players) if s not in mine)
    value = float(credits[seat] - best_other)
    if state.phase is Phase.GAME_OVER:
        totals = state.scores
        won = totals[seat] > max(totals[s] for s in range(rules.players) if s not in mine)
        value += GAME_BONUS * rules.target * (1 if won else -1)
    return value


def _score_now(state: GameState) -> HandScore:
    tallies = tuple(
        SideTally(tuple(PlayerTally(s, state.hands[s], state.threes[s]) for s in side.seats),
                  side.melds)
        for side in state.sides
    )
    return score_hand(state.rules, tallies)


# ----- the cheap policy ------------------------------------------------------------------------


def _step(state: GameState, rng: random.Random) -> GameState:
    phase = state.phase
    if phase is Phase.ANSWER:
        hand = state.hands[state.actor]
        yes = not (state.rules.is_modern and _holds_penalty(hand))
        return _first(state, (Answer(yes), Answer(not yes)), rng)
    if phase is Phase.DRAW:
        return _draw(state, rng)
    return _play(state, rng)


def _draw(state: GameState, rng: random.Random) -> GameState:
    candidates = candidate_actions(state)
    takes = [a for a in candidates if isinstance(a, TakePile)]
    if takes and (len(state.pile) >= 3 or not state.stock):
        takes.sort(key=lambda t: (sum(c.is_wild for c in t.cards), -len(t.melds)))
        for take in takes[:3]:
            after = successor(state, take)
            if after is not None and not _starts_penalty(state, after):
                return after
    if state.stock:
        after = successor(state, Draw())
        if after is not None:
            return after
    return _any(state, rng)


def _play(state: GameState, rng: random.Random) -> GameState:
    seat = state.turn
    for _ in range(4):  # lay melds while the judge accepts them
        melds = [a for a in candidate_actions(state, meld_limit=12) if isinstance(a, Meld)]
        melds.sort(key=lambda m: -sum(len(g.cards) for g in m.groups))
        for meld in melds:
            after = successor(state, meld)
            if after is not None and not _starts_penalty(state, after):
                state = after
                break
        else:
            break
        if state.phase is not Phase.PLAY or state.turn != seat:
            return state
    hand = state.hands[seat]
    if not hand:
        return _any(state, rng)
    counts = Counter(c.rank for c in hand)
    nxt = (seat + 1) % state.rules.players
    their = {m.rank for m in state.side_of(nxt).melds}
    noise = {card: rng.random() for card in hand}

    def keep(card: Card) -> tuple[int, ...]:
        stop = card.is_black_three and not state.rules.is_modern
        return (not stop, card.is_wild, counts[card.rank] if not card.is_three else 0,
                card.rank in their, -card_points(card), int(noise[card] * 4))

    for card in sorted(dict.fromkeys(hand), key=keep)[:4]:
        after = successor(state, Discard(card))
        if after is not None:
            return after
    return _any(state, rng)


def _first(state: GameState, actions: tuple[Action, ...], rng: random.Random) -> GameState:
    for action in actions:
        after = successor(state, action)
        if after is not None:
            return after
    return _any(state, rng)


def _any(state: GameState, rng: random.Random) -> GameState:
    """A random legal action, when the greedy choices are all refused."""
    legal = legal_actions(state)
    after = successor(state, rng.choice(legal))
    assert after is not None  # listed actions have passed the judge
    return after


def _holds_penalty(hand: tuple[Card, ...]) -> bool:
    counts = Counter(c.rank for c in hand)
    return any(counts[rank] >= 3 for rank in _PENALTY_RANKS)


def _starts_penalty(before: GameState, after: GameState) -> bool:
    """Modern: a new sevens, pure-ace or wild-card meld short of a canasta (M-SCORE-3)."""
    if not before.rules.is_modern:
        return False
    seat = before.turn
    had = {m.rank for m in before.side_of(seat).melds}
    size = before.rules.canasta_size
    return any(
        (m.rank in _PENALTY_RANKS or m.rank is None) and m.rank not in had and m.size < size
        for m in after.side_of(seat).melds
    )
