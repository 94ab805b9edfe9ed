"""The strength table of ``python -m tutor bench --players``: paired, seat-rotated matches.

A match between kinds A and B is a series of seeded whole games to the target score (or to
:data:`CAP` hands, a game still running then counting as not won). Game ``i`` seats A by a
rotation: at four players A's side is seats 0 and 2 or seats 1 and 3, at two A moves between
the seats, and at three players A plays one seat against two B seats in even games and two
seats against one B in odd games, the single seat moving round the table; the dealer follows
the seed, so over the series each kind meets every seat and both sides of the deals. A game is
A's when A's best score as the rules credit it (its side's; at three players each seat's own,
C3-7, C3-9) is higher than every B seat's. At three players that is the fair count: two equal
kinds win one game in three alone and two in three as a pair, one in two over the series,
where counting only the games of one A against two B would make an equal player a 33% one.
Intervals are Wilson's at 95%.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.actions import NextHand
from tutor.engine.deal import new_game
from tutor.engine.judge import apply
from tutor.engine.rules import PRESET_NAMES, RuleSet, rule_set
from tutor.engine.state import GameState, Phase
from tutor.engine.view import observe
from tutor.play.bots import BOTS, Beginner, Expert, RandomLegal
from tutor.play.expert import Budget

CAP = 60  # hands: a game not over by then is not won by either kind (none should get there)
QUICK_HANDS = 30  # the target: games between the app's players end within this many hands
DEFAULT_MATCHES: tuple[tuple[str, str], ...] = (
    ("expert", "standard"), ("standard", "beginner"), ("beginner", "random"),
)

Player = Beginner | RandomLegal | Expert
Factory = Callable[[str, int], Player]


def make_player(kind: str, seed: int, budget: Budget | None = None) -> Player:
    """A player of ``kind``; the expert with ``budget`` when one is given."""
    if kind == "expert" and budget is not None:
        return Expert(seed, budget)
    return BOTS[kind](seed)


@dataclass(frozen=True, slots=True)
class Game:
    """One seeded game of a match: whether A won, how many hands it took, whether it ended."""

    won: bool
    hands: int
    ended: bool


def seats_of(rules: RuleSet, rotation: int) -> frozenset[int]:
    """The seats kind A plays in game ``rotation`` (see the module's docstring)."""
    if rules.players == 4:
        return frozenset({0, 2} if rotation % 2 == 0 else {1, 3})
    if rules.players == 3:
        alone = (rotation // 2) % 3
        return frozenset({alone} if rotation % 2 == 0 else {0, 1, 2} - {alone})
    return frozenset({rotation % rules.players})


def play_game(rules: RuleSet, kinds: list[str], seed: int, cap: int = CAP,
              factory: Factory = make_player) -> GameState:
    """A seeded game between computer players (one kind per seat), to the target score or
    until ``cap`` hands were played; each player sees only its own seat."""
    seats = [factory(kind, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    hands = 0
    while state.phase is not Phase.GAME_OVER and hands < cap:
        if state.phase is Phase.HAND_OVER:
            hands += 1
            state = apply(state, NextHand())
            continue
        state = apply(state, seats[state.actor].decide(observe(state, state.actor)).action)
    return state


def game_states(rules: RuleSet, kinds: list[str], seed: int, hands: int) -> list[GameState]:
    """Every state of the first ``hands`` hands of a seeded game (positions to time)."""
    seats = [make_player(kind, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    states = [state]
    while state.phase is not Phase.GAME_OVER and len(state.results) < hands:
        if state.phase is Phase.HAND_OVER:
            state = apply(state, NextHand())
        else:
            state = apply(state, seats[state.actor].decide(observe(state, state.actor)).action)
        states.append(state)
    return states


def play_pair(preset: str, first: str, second: str, seed: int, cap: int = CAP,
              factory: Factory = make_player) -> Game:
    """Game ``seed`` of the match ``first`` against ``second``."""
    rules = rule_set(preset)
    mine = seats_of(rules, seed)
    kinds = [first if seat in mine else second for seat in range(rules.players)]
    state = play_game(rules, kinds, seed, cap, factory)
    best_other = max(state.scores[s] for s in range(rules.players) if s not in mine)
    mine_score = max(state.scores[s] for s in mine)
    ended = state.phase is Phase.GAME_OVER
    return Game(ended and mine_score > best_other, len(state.results), ended)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def match_row(preset: str, first: str, second: str, games: int, cap: int = CAP,
              factory: Factory = make_player, start: int = 0) -> dict[str, object]:
    """One row of the strength table: ``games`` seeded games from seed ``start``."""
    started = time.perf_counter()
    played = [play_pair(preset, first, second, seed, cap, factory)
              for seed in range(start, start + games)]
    wins = sum(game.won for game in played)
    low, high = wilson(wins, games)
    return {"preset": preset, "player": first, "against": second, "games": games,
            "wins": wins, "win_rate": round(wins / games, 3) if games else 0.0,
            "ci95": [round(low, 3), round(high, 3)], "cap_hands": cap,
            "capped": sum(not game.ended for game in played),
            "median_hands": statistics.median(g.hands for g in played) if played else 0,
            "seconds": round(time.perf_counter() - started, 1)}


def length_row(preset: str, kind: str, games: int, cap: int = CAP,
               factory: Factory = make_player) -> dict[str, object]:
    """How seeded games with every seat played by ``kind`` end: the share over within
    :data:`QUICK_HANDS` hands, the median and longest game."""
    started = time.perf_counter()
    rules = rule_set(preset)
    runs = [play_game(rules, [kind] * rules.players, seed, cap, factory) for seed in range(games)]
    hands = [len(s.results) for s in runs]
    ended = [s.phase is Phase.GAME_OVER for s in runs]
    quick = sum(e and h <= QUICK_HANDS for e, h in zip(ended, hands, strict=True))
    return {"preset": preset, "players": kind, "games": games, "ended_within": QUICK_HANDS,
            "quick": quick, "quick_share": round(quick / games, 3) if games else 0.0,
            "unfinished": sum(not e for e in ended), "cap_hands": cap,
            "median_hands": statistics.median(hands) if hands else 0,
            "max_hands": max(hands, default=0),
            "seconds": round(time.perf_counter() - started, 1)}


def strength_table(games: int = 200, presets: tuple[str, ...] = PRESET_NAMES,
                   matches: tuple[tuple[str, str], ...] = DEFAULT_MATCHES,
                   length_games: int | None = None, factory: Factory = make_player
                   ) -> dict[str, list[dict[str, object]]]:
    """The matches per preset, then the game lengths of every kind named in them (the random
    player's games are left out: they need not end)."""
    kinds = list(dict.fromkeys(k for pair in matches for k in pair if k != "random"))
    rows = [match_row(preset, a, b, games, factory=factory)
            for preset in presets for a, b in matches]
    count = games if length_games is None else length_games
    lengths = [length_row(preset, kind, count, factory=factory)
               for preset in presets for kind in kinds] if count else []
    return {"matches": rows, "game_lengths": lengths}


def format_table(table: dict[str, list[dict[str, object]]]) -> str:
    lines = []
    for row in table["matches"]:
        interval = row["ci95"]
        assert isinstance(interval, list)
        low, high = interval
        lines.append(
            f"{row['preset']:<16} {row['player']:>8} vs {row['against']:<8} "
            f"{row['wins']:>4}/{row['games']}  win rate {row['win_rate']:.3f} "
            f"(95% CI {low:.3f}-{high:.3f})  hands median {row['median_hands']}, "
            f"{row['capped']} stopped at {row['cap_hands']}  {row['seconds']} s")
    for row in table["game_lengths"]:
        lines.append(
            f"{row['preset']:<16} {row['players']:>8} vs itself {row['quick']:>4}/"
            f"{row['games']} over within {row['ended_within']} hands "
            f"({row['quick_share']:.1%}), {row['unfinished']} not over after "
            f"{row['cap_hands']}; hands median {row['median_hands']} max {row['max_hands']}"
            f"  {row['seconds']} s")
    return "\n".join(lines)
