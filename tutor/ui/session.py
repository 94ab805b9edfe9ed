"""One learner's session: a single object under one ``st.session_state`` key.

Everything shown is derived from it at render time in the learner's current language, so
switching language keeps the place, the lesson and the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import streamlit as st

from tutor.engine.verdict import Verdict
from tutor.i18n import LANGUAGES, Translator, negotiate, translator
from tutor.lessons.runner import QuizResult
from tutor.store.values import Attempt
from tutor.ui.practice import Practice
from tutor.ui.step_answer import StepAnswer
from tutor.ui.table_intents import TableState

KEY = "tutor"
__all__ = ["KEY", "TableState", "TutorSession", "get", "kept", "set_lang", "tr"]


@dataclass
class TutorSession:
    lang: str = "en"
    # practice
    preset: str = "classic-4p"
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    level: str = "standard"  # the computer players (tutor.play.bots.BOTS)
    practice: Practice | None = None
    verdict: Verdict | None = None  # the last attempted action's verdict
    history_view: int | None = None  # a past state being looked at (index into states)
    # each card table's staged groups, notice and question, by the table's key
    tables: dict[str, TableState] = field(default_factory=dict)
    # the verdict of the move that ended the learner's turn, shown while the computer moves of
    # that replay (its replay_run) play out
    replay_verdict: tuple[int, Verdict] | None = None
    hint_open: bool = False  # the practice hint is shown on the table
    refresh_page: bool = False  # a table move changed the page outside the table's fragment
    replay_run: int = 0  # counts the moves whose computer answers are to be played out
    replay_pending: bool = False  # the computer moves just made are still to be played out
    pace_ms: int = 900  # how long each computer move stays on the table; 0: at once
    open_hands: bool = False
    four_colour: bool = False
    hints: bool = True
    # learn
    lesson_id: str | None = None
    step_index: int = 0
    answer: str | None = None  # the learner's answer or move on the current step
    # the engine's word on a do step's ``answer``, judged once when it was given
    judged: StepAnswer | None = None
    # the engine's word on a quiz step's ``answer``, judged once when it was given
    quizzed: QuizResult | None = None
    # every answer given to the quiz step shown, as judged (a retry before the answer shows)
    quiz_tries: list[QuizResult] = field(default_factory=list)
    # how many worse (legal, not best) choices the decide step shown was given
    decide_worse: int = 0
    # the lesson's play step (lesson id, step id) whose whole hand is being played in Practice
    lesson_hand: tuple[str, str] | None = None
    watch_index: int = 0  # moves of a watch step shown so far
    watch_playing: bool = False  # a watch step is being played out on the table
    skipped: dict[str, set[str]] = field(default_factory=dict)  # steps passed over, per lesson
    last_lesson: tuple[str, int] | None = None  # where to continue: lesson id and step
    progress: dict[str, set[str]] = field(default_factory=dict)
    # score calculator: cumulative totals per side across entered hands
    calculator_hands: list[tuple[int, ...]] = field(default_factory=list)
    calculator_preset: str = ""  # the rule set of that running game
    message: str | None = None  # a problem to show once (bad URL parameter, bad file)
    # the engine's own message behind a ``message`` (the message, then it): a fold for teachers
    details: tuple[str, str] | None = None
    outbox: list[Attempt] = field(default_factory=list)  # judged attempts to store (progress)

    def play_out_new_moves(self) -> None:
        """The computer moves just made are to be played out on the table, once."""
        self.replay_pending = True
        self.replay_run += 1

    def table(self, key: str) -> TableState:
        """What the card table ``key`` holds between clicks (tutor.ui.table_intents)."""
        return self.tables.get(key, TableState())


T = TypeVar("T")


def kept(key: str, kind: type[T], make: Callable[[], T]) -> T:
    """The session's value under ``key``, made by ``make`` the first time (or when something
    else was left there): the one get-or-create of session state."""
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = make()
        st.session_state[key] = found
    return found


def get() -> TutorSession:
    return kept(KEY, TutorSession, lambda: TutorSession(lang=_initial_lang()))


def _initial_lang() -> str:
    wanted = st.query_params.get("lang")
    if wanted:
        return negotiate(wanted)
    try:
        return negotiate(st.context.locale)
    except Exception:
        return "en"


def tr() -> Translator:
    return translator(get().lang)


def set_lang() -> None:
    """Callback of the language picker: keep everything else, update the URL."""
    lang = st.session_state.get("lang_picker", "en")
    session = get()
    session.lang = lang if lang in LANGUAGES else "en"
    st.query_params["lang"] = session.lang
