"""``python -m tutor bench``: speed figures of the engine (a benchmark, not a test).

For each preset: full hands of random legal play per second (every applied action judged), and
the median time to list the legal actions and to judge one action, over the states of those hands.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tutor.devtools import bench_players
from tutor.engine import apply, judge, legal_actions, new_game, rule_set
from tutor.engine.listing import candidate_actions
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import GameState
from tutor.play.players import RandomPlayer


@dataclass(frozen=True, slots=True)
class ModeFigures:
    preset: str
    hands: int
    hands_per_second: float
    actions_per_hand: float
    median_list_us: float
    median_judge_us: float


def play_random_hand(preset: str, seed: int) -> tuple[int, list[GameState]]:
    state = new_game(rule_set(preset), seed=seed)
    player = RandomPlayer(seed)
    states = [state]
    actions = 0
    while not state.hand_over:
        state = apply(state, player.choose(state))
        states.append(state)
        actions += 1
    return actions, states


def measure(preset: str, hands: int = 200, samples: int = 400, seed: int = 0) -> ModeFigures:
    rules = rule_set(preset)
    actions = 0
    start = time.perf_counter()
    for i in range(hands):
        state = new_game(rules, seed=seed + i)
        player = RandomPlayer(seed + i)
        while not state.hand_over:
            state = apply(state, player.choose(state))
            actions += 1
    elapsed = time.perf_counter() - start
    # Timing of listing and judging on states sampled from other random hands.
    rng = random.Random(seed)
    pool: list[GameState] = []
    for i in range(8):
        pool.extend(s for s in play_random_hand(preset, 10_000 + seed + i)[1] if not s.hand_over)
    list_times: list[float] = []
    judge_times: list[float] = []
    for _ in range(samples):
        state = rng.choice(pool)
        t0 = time.perf_counter()
        legal_actions(state)
        t1 = time.perf_counter()
        action = rng.choice(candidate_actions(state))
        t2 = time.perf_counter()
        judge(state, action)
        t3 = time.perf_counter()
        list_times.append(t1 - t0)
        judge_times.append(t3 - t2)
    return ModeFigures(
        preset=preset,
        hands=hands,
        hands_per_second=hands / elapsed,
        actions_per_hand=actions / hands,
        median_list_us=statistics.median(list_times) * 1e6,
        median_judge_us=statistics.median(judge_times) * 1e6,
    )


def run(hands: int = 200, presets: tuple[str, ...] = PRESET_NAMES) -> list[ModeFigures]:
    return [measure(preset, hands=hands) for preset in presets]


def as_json(figures: list[ModeFigures]) -> list[dict[str, object]]:
    return [
        {k: round(v, 1) if isinstance(v, float) else v for k, v in asdict(f).items()}
        for f in figures
    ]


def format_table(figures: list[ModeFigures]) -> str:
    lines = [
        f"{'mode':<16} {'hands':>6} {'hands/s':>9} {'actions/hand':>13} "
        f"{'list median':>12} {'judge median':>13}"
    ]
    for f in figures:
        lines.append(
            f"{f.preset:<16} {f.hands:>6} {f.hands_per_second:>9.1f} {f.actions_per_hand:>13.1f} "
            f"{f.median_list_us:>9.0f} µs {f.median_judge_us:>10.0f} µs"
        )
    return "\n".join(lines)


# ----- the app (python -m tutor bench --app) -----------------------------------------------------

APP_SCRIPT = Path(__file__).resolve().parents[2] / "streamlit_app.py"


def _bare_page_in_the_app_shell() -> None:
    """A page with one button inside the app's shared frame (run by AppTest as a script)."""
    import streamlit as st

    from tutor.ui import shell

    def bare() -> None:
        st.button("x", key="x")

    shell.page_setup()
    st.navigation([st.Page(bare, title="x")]).run()


def _table_click(at: object, kind: str) -> None:
    """What a click on the card table does before the rerun (AppTest runs no JavaScript)."""
    from tutor.i18n import translator
    from tutor.ui.card_table import mounted_data
    from tutor.ui.practice_table import handle_intent
    from tutor.ui.session import KEY

    state = at.session_state  # type: ignore[attr-defined]
    table = next(e for e in at.get("bidi_component") if e.key == "table")  # type: ignore[attr-defined]
    version = mounted_data(table.proto.json)["version"]
    handle_intent(state[KEY], {"kind": kind, "selected": [], "version": version},
                  translator("en"))


def app_figures(clicks: int = 60) -> dict[str, float]:
    """Time of a practice click (an illegal move, judged and explained) next to a click on an
    empty Streamlit page, both through AppTest in this run: median and 95th percentile (ms).
    Also a click on a bare page inside the app's shared frame (language picker, navigation),
    the least any page of the app can cost, and the practice script's own run time as the app
    measures it. The three are clicked in turn, so a busy moment weighs on all of them alike."""
    import tempfile

    from streamlit.testing.v1 import AppTest

    from tutor.config import settings

    def click(at: AppTest, key: str) -> float:
        started = time.perf_counter()
        if key == "pass":  # the card table's Pass: its intent, handled as the page's callback
            _table_click(at, "pass")
        else:
            at.button(key=key).click()
        at.run()
        return (time.perf_counter() - started) * 1000

    with tempfile.TemporaryDirectory() as folder:
        # The app saves progress after each click: into a store of its own here, never the
        # user's (the setting is read when the app opens its store).
        os.environ["CANASTA_TUTOR_DB_URL"] = f"sqlite:///{Path(folder) / 'bench.db'}"
        settings.cache_clear()
        empty_script = Path(folder) / "empty.py"
        empty_script.write_text("import streamlit as st\nst.button('x', key='x')\n")
        empty = AppTest.from_file(str(empty_script))
        frame = AppTest.from_function(_bare_page_in_the_app_shell)
        app = AppTest.from_file(str(APP_SCRIPT), default_timeout=60)
        for at in (empty, frame, app):
            at.run()
        app.switch_page("app_pages/practice.py").run()
        app.button(key="new_hand").click().run()
        for _ in range(3):  # warm up
            click(empty, "x"), click(frame, "x"), click(app, "pass")
        times: dict[str, list[float]] = {"empty": [], "frame": [], "practice": []}
        inside: list[float] = []
        for _ in range(clicks):
            times["empty"].append(click(empty, "x"))
            times["frame"].append(click(frame, "x"))
            times["practice"].append(click(app, "pass"))
            inside.append(float(app.session_state["script_seconds"]) * 1000)

    def p95(values: list[float]) -> float:
        return sorted(values)[max(0, int(len(values) * 0.95) - 1)]

    medians = {name: statistics.median(values) for name, values in times.items()}
    return {
        "practice_click_median_ms": round(medians["practice"], 1),
        "practice_click_p95_ms": round(p95(times["practice"]), 1),
        "empty_page_median_ms": round(medians["empty"], 1),
        "empty_page_p95_ms": round(p95(times["empty"]), 1),
        "ratio_median": round(medians["practice"] / medians["empty"], 2),
        "bare_page_in_app_frame_median_ms": round(medians["frame"], 1),
        "bare_page_in_app_frame_ratio": round(medians["frame"] / medians["empty"], 2),
        # The app's own script time inside those runs (AppTest adds its polling around it).
        "practice_script_only_median_ms": round(statistics.median(inside), 1),
    }


# ----- the computer players (python -m tutor bench --players) ----------------------------------
# The strength table itself is in tutor/devtools/bench_players.py (seat-rotated matches).

QUICK_HANDS = bench_players.QUICK_HANDS
LENGTH_CAP = bench_players.CAP  # a game still running after this many hands did not end


def player_strength(games: int = 200, presets: tuple[str, ...] = PRESET_NAMES,
                    matches: tuple[tuple[str, str], ...] = bench_players.DEFAULT_MATCHES
                    ) -> dict[str, list[dict[str, object]]]:
    """Per preset the matches (expert vs standard, standard vs beginner, beginner vs random
    by default) and the game lengths of every kind named in them."""
    return bench_players.strength_table(games, presets, matches)


def _timing_positions(seed: int = 0) -> list[GameState]:
    pool: list[GameState] = []
    for preset in PRESET_NAMES:
        for i in range(3):
            pool.extend(s for s in play_random_hand(preset, 500 + seed + i)[1] if not s.hand_over)
    return pool


def _percentile(values: list[float], share: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(len(ranked) * share))]


def decision_times(samples: int = 300, seed: int = 0) -> dict[str, float]:
    """Median and worst time of a standard player's move, over random positions."""
    from tutor.engine.view import observe
    from tutor.play.bots import Standard

    rng = random.Random(seed)
    pool = _timing_positions(seed)
    times = []
    for _ in range(samples):
        state = rng.choice(pool)
        started = time.perf_counter()
        Standard(0).decide(observe(state, state.actor))
        times.append((time.perf_counter() - started) * 1000)
    return {"decision_median_ms": round(statistics.median(times), 2),
            "decision_max_ms": round(max(times), 2)}


def expert_times(samples: int = 200, seed: int = 0) -> dict[str, float]:
    """Median and 99th percentile of the expert's decision at the table's budget, over
    positions of games between standard players (where a learner meets it), every preset."""
    from tutor.engine.view import observe
    from tutor.play.bots import table_expert

    rng = random.Random(seed)
    pool: list[GameState] = []
    for preset in PRESET_NAMES:
        rules = rule_set(preset)
        pool.extend(s for s in bench_players.game_states(rules, ["standard"] * rules.players,
                                                         seed, hands=2)
                    if not s.hand_over)
    times = []
    for _ in range(samples):
        state = rng.choice(pool)
        view = observe(state, state.actor)
        started = time.perf_counter()
        table_expert(0).decide(view)
        times.append((time.perf_counter() - started) * 1000)
    return {"expert_median_ms": round(statistics.median(times), 1),
            "expert_p99_ms": round(_percentile(times, 0.99), 1),
            "expert_max_ms": round(max(times), 1), "expert_samples": samples}


# ----- game lengths (python -m tutor bench --players) --------------------------------------------


@dataclass(frozen=True, slots=True)
class GameLength:
    """How one seeded game between two players of the same kind went."""

    hands: int
    ended: bool  # reached GAME_OVER within the cap
    spread: int  # best minus worst final score


def play_to_the_end(preset: str, kind: str, seed: int, cap: int = LENGTH_CAP) -> GameLength:
    """One seeded game with every seat played by ``kind``, until the target score or ``cap``."""
    from tutor.engine.state import Phase

    rules = rule_set(preset)
    state = bench_players.play_game(rules, [kind] * rules.players, seed, cap)
    ended = state.phase is Phase.GAME_OVER
    return GameLength(len(state.results), ended, max(state.scores) - min(state.scores))


# ----- a practice session's memory (python -m tutor bench --memory) ------------------------------

MEMORY_TARGET = 5 * 2**20  # bytes one learner's practice game may hold at its end
MEMORY_HAND_CAP = 200  # a game that has not ended after this many hands is measured there


def deep_size(root: object) -> int:
    """Bytes of every object reachable from ``root`` (shared ones once); classes, modules,
    functions and enum members belong to the process, not to the session, and are left out."""
    import enum
    import gc
    import sys
    import types

    shared = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, enum.Enum)
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, shared):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


@dataclass(frozen=True, slots=True)
class SessionMemory:
    """One practice game's session size (bytes) at its end and at its largest."""

    preset: str
    hands: int
    ended: bool  # reached GAME_OVER within the hand cap
    moves: int  # in the game's record
    states_kept: int  # the current hand's states, kept for undo and the history
    end_bytes: int
    peak_bytes: int
    pickle_bytes: int  # the same session pickled, at the end
    seconds: float


def practice_memory(preset: str, seed: int = 1, cap: int = MEMORY_HAND_CAP) -> SessionMemory:
    """A whole game in a practice session, the learner's seat played by the hint (a standard
    player), the others by the computer players: the session's size at the end and its peak
    (measured at every hand's end, when that hand's history is longest)."""
    import pickle

    from tutor.engine.actions import NextHand
    from tutor.engine.state import Phase
    from tutor.ui.practice import Practice

    started = time.perf_counter()
    practice = Practice.start(rule_set(preset), seed)
    peak = 0
    hands = 0
    while practice.state.phase is not Phase.GAME_OVER and hands < cap:
        if practice.state.phase is Phase.HAND_OVER:
            peak = max(peak, deep_size(practice))
            hands += 1
            practice.attempt(NextHand())
            continue
        practice.attempt(practice.hint().action)
    end = deep_size(practice)
    return SessionMemory(preset, practice.state.hand_number + 1,
                         practice.state.phase is Phase.GAME_OVER, len(practice.record().moves),
                         len(practice.states), end, max(peak, end), len(pickle.dumps(practice)),
                         round(time.perf_counter() - started, 1))


def format_memory(rows: list[SessionMemory]) -> str:
    lines = [f"{'mode':<16} {'hands':>5} {'ended':>5} {'moves':>6} {'states':>6} "
             f"{'end':>9} {'peak':>9} {'pickle':>9} {'seconds':>7}"]
    for row in rows:
        sizes = " ".join(f"{size / 2**20:>6.2f} MB"
                         for size in (row.end_bytes, row.peak_bytes, row.pickle_bytes))
        lines.append(f"{row.preset:<16} {row.hands:>5} {'yes' if row.ended else 'no':>5} "
                     f"{row.moves:>6} {row.states_kept:>6} {sizes} {row.seconds:>7.1f}")
    lines.append(f"target: under {MEMORY_TARGET / 2**20:.0f} MB per session, end and peak")
    return "\n".join(lines)
