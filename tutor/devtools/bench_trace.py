"""``python -m tutor bench --trace``: the path of one click on the card table, counted.

A click on the table is its callback (the intent handled: staged, judged, played) and then the
page's run that draws the answer. Both are run here as ``bench --app`` runs them, through
Streamlit's AppTest (the callback called as the page's, since AppTest runs no JavaScript; then
the rerun, the whole page, where a browser reruns only the table's fragment), with a profile
hook on every thread that counts, per part:

* the ``tutor.*`` modules and functions entered, and the calls into them;
* the deepest ``tutor.*`` call stack, and the hops (``tutor.*`` frames) from the callback down
  to its first ``judge``: how far a click travels before the engine hears of it;
* the engine's ``judge``, ``apply`` and ``observe`` and the words' ``explain_verdict`` called
  from outside the engine (the engine's own calls inside them are its business), leaving out
  the computer players' turns (anything under ``tutor.play`` or the practice's ``_run_bots``),
  whose judging is theirs, not the click's.

Counts, not times: they do not depend on the machine or on what else runs on it. A benchmark,
not a test: it asserts nothing.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

APP_SCRIPT = Path(__file__).resolve().parents[2] / "streamlit_app.py"
# The calls counted by name: (module, function) -> the figure's name.
WATCHED = {
    ("tutor.engine.judge", "judge"): "judge",
    ("tutor.engine.judge", "apply"): "apply",
    ("tutor.engine.view", "observe"): "observe",
    ("tutor.words.explain", "explain_verdict"): "explain",
}
COMPUTER = "_run_bots"  # the practice's computer turns (tutor.ui.practice.Practice)
LESSON = ("melds", "meld-three-nines")  # a do step whose move is one click: meld 9C 9H 9S


@dataclass
class Part:
    """The counts of one part of a click (its callback, or the page's run)."""

    modules: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)
    calls: int = 0
    depth: int = 0
    hops_to_judge: int = 0
    watched: Counter[str] = field(default_factory=Counter)

    def figures(self) -> dict[str, int]:
        engine = sum(1 for module in self.modules if module.startswith("tutor.engine"))
        return {"modules": len(self.modules), "engine_modules": engine,
                "functions": len(self.functions),
                "calls": self.calls, "depth": self.depth, "hops_to_judge": self.hops_to_judge,
                **{name: self.watched[name] for name in WATCHED.values()}}


class _Stack(threading.local):
    """One thread's frames entered since the trace began: (tutor frame, computer's turn)."""

    def __init__(self) -> None:
        self.frames: list[tuple[bool, bool, bool]] = []  # tutor, engine, computer


@contextmanager
def traced(part: Part) -> Iterator[None]:
    """Count into ``part`` what runs, on this thread and on threads started meanwhile."""
    stack = _Stack()

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        frames = stack.frames
        if event == "return":
            if frames:
                frames.pop()
            return
        if event != "call":
            return
        module = str(frame.f_globals.get("__name__", ""))
        name = frame.f_code.co_name
        outer = frames[-1] if frames else (False, False, False)
        tutor = (module == "tutor" or module.startswith("tutor.")) and module != __name__
        engine = module.startswith("tutor.engine")
        computer = outer[2] or module.startswith("tutor.play") or name == COMPUTER
        frames.append((tutor, engine, computer))
        if not tutor:
            return
        part.calls += 1
        part.modules.add(module)
        part.functions.add(f"{module}.{frame.f_code.co_qualname}")
        depth = sum(1 for entry in frames if entry[0])
        part.depth = max(part.depth, depth)
        watched = WATCHED.get((module, name))
        if watched is None or computer or outer[1]:
            return
        part.watched[watched] += 1
        if watched == "judge" and not part.hops_to_judge:
            part.hops_to_judge = depth

    threading.setprofile(hook)
    sys.setprofile(hook)
    try:
        yield
    finally:
        sys.setprofile(None)
        threading.setprofile(None)


def _click(at: Any, callback: Callable[[], None]) -> dict[str, dict[str, int]]:
    """One click: the callback, then the page's run, each traced."""
    handled, drawn = Part(), Part()
    with traced(handled):
        callback()
    with traced(drawn):
        at.run()
    if at.exception:
        raise RuntimeError(f"the page failed: {[e.value for e in at.exception]}")
    total = Part(handled.modules | drawn.modules, handled.functions | drawn.functions,
                 handled.calls + drawn.calls, max(handled.depth, drawn.depth),
                 handled.hops_to_judge, handled.watched + drawn.watched)
    return {"callback": handled.figures(), "page": drawn.figures(), "total": total.figures()}


def _table(at: Any, key: str) -> dict[str, Any]:
    from tutor.ui.card_table import mounted_data

    element = next(e for e in at.get("bidi_component") if e.key == key)
    data: dict[str, Any] = mounted_data(element.proto.json)
    return data


def practice_clicks(at: Any) -> dict[str, dict[str, dict[str, int]]]:
    """A Draw at the start of the learner's turn (no computer moves follow), then a discard
    of the hand's last card, which ends the turn (the computer players answer and their moves
    are told)."""
    from tutor.i18n import translator
    from tutor.ui.practice_table import handle_intent
    from tutor.ui.session import KEY

    at.switch_page("app_pages/practice.py").run()
    at.button(key="new_hand").click().run()
    figures = {}
    for name, kind in (("practice_draw", "draw"), ("practice_discard", "discard")):
        data = _table(at, "table")
        raw = {"kind": kind, "selected": [len(data["hand"]) - 1] if kind == "discard" else [],
               "version": data["version"]}
        session = at.session_state[KEY]
        figures[name] = _click(at, partial(handle_intent, session, raw, translator("en")))
    return figures


def lesson_click(at: Any) -> dict[str, dict[str, int]]:
    """The move a lesson step asks for, clicked: the three nines selected, then Meld."""
    from tutor.i18n import translator
    from tutor.lessons.load import load_all
    from tutor.ui.lesson_table import handle_step_intent
    from tutor.ui.session import KEY

    lesson = next(item for item in load_all() if item.id == LESSON[0])
    step = lesson.step(LESSON[1])
    at.query_params["lesson"] = lesson.id
    at.query_params["step"] = str(lesson.steps.index(step) + 1)
    at.switch_page("app_pages/learn.py").run()
    data = _table(at, "lesson_table")
    hand = [f"{card['rank']}{card['suit']}" for card in data["hand"]]
    nines = [index for index, card in enumerate(hand) if card.startswith("9")][:3]
    raw = {"kind": "meld", "selected": nines, "version": data["version"]}
    session = at.session_state[KEY]
    return _click(at, partial(handle_step_intent, session, lesson, step, raw, translator("en")))


def trace_figures() -> dict[str, dict[str, dict[str, int]]]:
    """Per click (``practice_draw``, ``practice_discard``, ``lesson_meld``), per part
    (``callback``, ``page``, ``total``): modules, engine_modules, functions, calls, depth,
    hops_to_judge, judge, apply, observe, explain."""
    from streamlit.testing.v1 import AppTest

    from tutor.config import settings

    with tempfile.TemporaryDirectory() as folder:
        # The app saves progress after each click: into a store of its own here.
        os.environ["CANASTA_TUTOR_DB_URL"] = f"sqlite:///{Path(folder) / 'trace.db'}"
        settings.cache_clear()
        practice = AppTest.from_file(str(APP_SCRIPT), default_timeout=60)
        practice.run()
        figures = practice_clicks(practice)
        lesson = AppTest.from_file(str(APP_SCRIPT), default_timeout=60)
        lesson.run()
        figures["lesson_meld"] = lesson_click(lesson)
    return figures


ROWS = (("modules", "tutor modules entered"), ("engine_modules", "of them in tutor.engine"),
        ("functions", "tutor functions entered"),
        ("calls", "calls into tutor"), ("depth", "deepest tutor call stack"),
        ("hops_to_judge", "hops from the callback to judge"),
        ("judge", "judge calls"), ("apply", "apply calls"), ("observe", "observe calls"),
        ("explain", "explain_verdict calls"))


def format_trace(figures: dict[str, dict[str, dict[str, int]]]) -> str:
    """The figures as a table per click: the callback, the page's run, and both."""
    lines = []
    for click, parts in figures.items():
        lines.append(f"{click:<34} {'callback':>9} {'page':>9} {'total':>9}")
        for key, label in ROWS:
            values = [parts[part][key] for part in ("callback", "page", "total")]
            lines.append(f"  {label:<32} " + " ".join(f"{value:>9}" for value in values))
        lines.append("")
    lines.append("judge, apply, observe and explain_verdict: called from outside the engine, "
                 "not in the computer players' turns")
    return "\n".join(lines)


if __name__ == "__main__":
    print(format_trace(trace_figures()))
