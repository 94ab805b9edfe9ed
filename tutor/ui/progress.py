"""The session's side of the store: who the learner is, what to load, what to keep.

One :class:`Link` per browser session (``st.session_state``) holds the learner key and what
was last saved. :func:`start` runs before the page: it finds the learner (a device code in the
URL, else the cookie, else a new learner), loads the lesson steps, language, settings and
mastery into the session once. The pages only change the session as before; :func:`flush`
runs after the page's work and writes what changed since the last save (steps, language,
settings, the practice hand) and the attempts the callbacks queued in ``TutorSession.outbox``,
so a click's answer is on the screen before the store is written. No rule is judged here: the
attempts carry the engine's rule ids (:func:`lesson_attempt`, :func:`practice_attempt`).

When the store fails (:class:`StoreUnavailable`) the app keeps teaching, says once that progress
is not being saved, and tries again after :data:`RETRY_SECONDS` with what is still unsaved.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar
from urllib.parse import urlsplit

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.records import dumps_position, dumps_record, loads_record
from tutor.engine.state import GameState
from tutor.engine.verdict import Verdict
from tutor.i18n import N_, Translator, offered
from tutor.lessons.answers import check_answer, judge_move
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.validate import rules_exercised
from tutor.store import (
    Attempt,
    ClassInfo,
    DeviceCode,
    MalformedKey,
    Mastery,
    NotFound,
    ReviewItem,
    Source,
    StepMark,
    StepStatus,
    Store,
    StoreError,
    StoreUnavailable,
    UnknownLearner,
)
from tutor.store.check import MAX_ACTION, MAX_POSITION, MAX_RULES
from tutor.store.connect import configured_url
from tutor.ui import identity
from tutor.ui.practice import Practice
from tutor.ui.session import TutorSession

STATE = "tutor_progress"
RETRY_SECONDS = 15.0  # after a failure, the store is left alone this long
MAX_OUTBOX = 500  # attempts kept while the store is down (the oldest go first)
# The session's settings kept with the learner (TutorSession field names).
SETTINGS = ("preset", "level", "pace_ms", "open_hands", "four_colour", "hints")
log = logging.getLogger(__name__)
T = TypeVar("T")

UNSAVED = N_("Progress is not being saved right now. You can go on learning; the app will "
             "try again.")
FRESH_START = N_("The progress key kept in this browser is not known here, so you start "
                 "afresh.")
BAD_DEVICE_CODE = N_("That device code is unknown, already used or expired. Ask for a new one "
                     "on your other device.")
DEVICE_JOINED = N_("This device now continues your progress.")
RESUMED = N_("Your practice hand was resumed where you left it.")
FORGOTTEN = N_("Everything stored about you was deleted. You start afresh.")


@dataclass
class Link:
    """One session's tie to the store (plain values only, so it pickles)."""

    key: str | None = None
    started: bool = False
    retry_at: float = 0.0  # time.monotonic() before which the store is not tried again
    unsaved: bool = False  # the last try failed
    told: bool = False  # the learner was told progress is not saved (once per outage)
    notice: str | None = None  # a msgid to show once (a fresh start, a device joined)
    saved_steps: set[tuple[str, str, str]] = field(default_factory=set)
    saved_lang: str = ""
    saved_settings: dict[str, Any] = field(default_factory=dict)
    saved_practice: tuple[int, ...] = ()
    practice_checked: bool = False  # the saved practice hand was looked for
    resumed: bool = False  # the practice page says the hand was resumed (once)
    mastery: dict[str, float] = field(default_factory=dict)  # rule id -> level 0..1
    device: DeviceCode | None = None  # the code shown for another device
    forget_asked: bool = False


def link() -> Link:
    found = st.session_state.get(STATE)
    if not isinstance(found, Link):
        found = Link()
        st.session_state[STATE] = found
    return found


# ----- the store, one per process and URL --------------------------------------------------------

class _Opener:
    """Opens the store once; after a failure, not again before RETRY_SECONDS."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.store: Store | None = None
        self.next_try = 0.0
        self.lock = threading.Lock()

    def get(self) -> Store | None:
        if self.store is not None:
            return self.store
        with self.lock:
            if self.store is None and time.monotonic() >= self.next_try:
                try:
                    self.store = Store.open(self.url)
                except StoreError as exc:
                    log.warning("progress store unavailable: %s", exc)
                    self.next_try = time.monotonic() + RETRY_SECONDS
        return self.store


@st.cache_resource(show_spinner=False)
def _opener(url: str) -> _Opener:
    return _Opener(url)


def store() -> Store | None:
    """This process's store, or None while it cannot be opened."""
    try:
        return _opener(configured_url()).get()
    except TutorError as exc:  # a bad URL setting: the sidebar names settings problems
        log.warning("progress store: %s", exc)
        return None


def _failed(current: Link, exc: StoreError) -> None:
    log.warning("progress not saved: %s", exc)
    current.unsaved = True
    current.retry_at = time.monotonic() + RETRY_SECONDS


def _call(current: Link, work: Callable[[Store], T]) -> T | None:
    """``work`` on the store, or None when it is down (noted, to be told once)."""
    if time.monotonic() < current.retry_at:
        return None
    found = store()
    if found is None:
        _failed(current, StoreUnavailable("the store cannot be opened"))
        return None
    try:
        result = work(found)
    except StoreUnavailable as exc:
        _failed(current, exc)
        return None
    if current.unsaved:
        current.unsaved = current.told = False
    return result


# ----- who the learner is ------------------------------------------------------------------------

def start(learner: TutorSession) -> None:
    """Before the page: find the learner once per session (retried while the store is down),
    write their key into the cookie, tell once what needs telling."""
    current = link()
    if not current.started:
        _identify(learner, current)
    identity.keep(current.key)
    if current.notice:
        st.toast(learner_tr(learner).gettext(current.notice), icon=":material/info:")
        current.notice = None


def learner_tr(learner: TutorSession) -> Translator:
    from tutor.i18n import translator

    return translator(learner.lang)


def _identify(learner: TutorSession, current: Link) -> None:
    code = st.query_params.get("device")
    if code:
        del st.query_params["device"]
    found = _call(current, lambda s: _find(s, learner, current, code))
    if found is not None:
        current.key = found
        current.started = True
        _load(learner, current)


def _find(found: Store, learner: TutorSession, current: Link, code: str | None) -> str:
    """The learner's key: a redeemed device code, else the cookie's, else a new learner."""
    if code:
        try:
            key = found.redeem(code)
            current.notice = DEVICE_JOINED
            return key
        except (MalformedKey, NotFound):
            current.notice = BAD_DEVICE_CODE
    cookie = identity.read()
    if cookie:
        try:
            found.learner(cookie)
            return cookie
        except (MalformedKey, UnknownLearner):
            current.notice = current.notice or FRESH_START
    return found.create_learner(learner.lang).key


def _load(learner: TutorSession, current: Link) -> None:
    """The stored progress into the session (kept with what this session did meanwhile)."""
    key = current.key
    if key is None:
        return
    loaded = _call(current, lambda s: (s.learner(key), s.steps(key), s.mastery(key)))
    if loaded is None:
        return
    stored, steps, mastery = loaded
    if not st.query_params.get("lang") and stored.language in offered():
        learner.lang = stored.language
    current.saved_lang = stored.language
    for name in SETTINGS:
        value = stored.settings.get(name)
        if value is not None and isinstance(value, type(getattr(learner, name))):
            setattr(learner, name, value)
    current.saved_settings = dict(stored.settings)
    for record in steps:
        target = learner.progress if record.status is StepStatus.DONE else learner.skipped
        target.setdefault(record.lesson_id, set()).add(record.step_id)
        current.saved_steps.add((record.lesson_id, record.step_id, record.status.value))
    current.mastery = {item.rule_id: item.level for item in mastery}
    current.practice_checked = False


# ----- what is kept ------------------------------------------------------------------------------

def lesson_attempt(lesson: Lesson, step: Step, answer: str) -> Attempt | None:
    """A learner's answer on a lesson step as the store keeps it (None: not judged, such as
    text that is not a move). The rule ids are the engine's: the step's own
    (``rules_exercised``) and the verdict's; a wrong move keeps its position for review."""
    exercised = rules_exercised(lesson, step)
    if step.kind is StepKind.QUIZ:
        correct = check_answer(step, lesson.rules, answer)
        return _attempt(Source.LESSON, exercised, correct, lesson=lesson.id, step=step.id,
                        action=answer)
    if step.kind is not StepKind.DO or step.position is None:
        return None
    result = judge_move(step, answer)
    verdict = result.verdict
    if verdict is None:
        return None
    if result.correct:
        rules: Iterable[str] = (*verdict.rules, *sorted(exercised))
    else:
        rules = [reason.rule for reason in verdict.forbidding] or sorted(exercised)
    return _attempt(Source.LESSON, rules, result.correct,
                    verdict=None if result.correct else verdict,
                    position=None if result.correct else step.position,
                    lesson=lesson.id, step=step.id, action=str(verdict.action))


def practice_attempt(before: GameState, verdict: Verdict,
                     source: Source = Source.PRACTICE) -> Attempt:
    """A judged move of the learner's: right when legal; a wrong one keeps its position."""
    return _attempt(source, verdict.rules, verdict.legal, verdict=verdict,
                    position=None if verdict.legal else before, action=str(verdict.action))


def _attempt(source: Source, rules: Iterable[str], correct: bool, *,
             verdict: Verdict | None = None, position: GameState | None = None,
             lesson: str = "", step: str = "", action: str = "") -> Attempt:
    kept = None
    if position is not None:
        text = dumps_position(position)
        kept = text if len(text) <= MAX_POSITION else None
    return Attempt(source, tuple(dict.fromkeys(rules))[:MAX_RULES], correct,
                   reasons=verdict.forbidding if verdict is not None else (),
                   action=action[:MAX_ACTION], position=kept, lesson_id=lesson, step_id=step)


def note(learner: TutorSession, attempt: Attempt | None) -> None:
    """Queue an attempt for the next :func:`flush` (cheap: called inside a click)."""
    if attempt is not None and attempt.rules:
        learner.outbox.append(attempt)
        del learner.outbox[:-MAX_OUTBOX]


def _steps_now(learner: TutorSession) -> set[tuple[str, str, str]]:
    done = {(lesson, step, StepStatus.DONE.value)
            for lesson, ids in learner.progress.items() for step in ids}
    skipped = {(lesson, step, StepStatus.SKIPPED.value)
               for lesson, ids in learner.skipped.items() for step in ids
               if step not in learner.progress.get(lesson, set())}
    return done | skipped


def _practice_mark(practice: Practice | None) -> tuple[int, ...]:
    """What changes when the practice hand does (the object, its moves, undo and redo)."""
    if practice is None:
        return ()
    return (id(practice), len(practice.earlier), len(practice.entries),
            len(practice.redo_stack), practice.state.hand_number)


def settings_of(learner: TutorSession) -> dict[str, Any]:
    return {name: getattr(learner, name) for name in SETTINGS}


def flush(learner: TutorSession) -> None:
    """After the page: write what changed since the last save, then tell once if it failed."""
    current = link()
    if not current.started:
        if time.monotonic() >= current.retry_at:
            _identify(learner, current)
        if not current.started:
            _tell(learner, current)
            return
    key = current.key
    assert key is not None
    try:
        _write(learner, current, key)
    except (UnknownLearner, MalformedKey):  # forgotten in another tab: a fresh learner
        current.started, current.key, current.notice = False, None, FRESH_START
        current.saved_steps.clear()
        learner.outbox.clear()
    except StoreError as exc:  # a value the store refuses: drop what was queued, say why
        log.warning("progress: %s", exc)
        learner.outbox.clear()
    _tell(learner, current)


def _write(learner: TutorSession, current: Link, key: str) -> None:
    steps = _steps_now(learner) - current.saved_steps
    if steps:
        index = _step_indexes()
        marks = [StepMark(lesson, step, index.get((lesson, step), 0), StepStatus(status))
                 for lesson, step, status in sorted(steps)]

        def mark(found: Store) -> bool:  # one call: a failure leaves them all to retry
            for item in marks:
                found.mark_step(key, item)
            return True

        if _call(current, mark):
            current.saved_steps |= steps
    settings = settings_of(learner)
    changed = learner.lang != current.saved_lang or settings != current.saved_settings
    if changed and _call(current, lambda s: s.update_learner(key, language=learner.lang,
                                                             settings=settings)) is not None:
        current.saved_lang, current.saved_settings = learner.lang, settings
    mark_now = _practice_mark(learner.practice)
    practice = learner.practice
    if practice is not None and mark_now != current.saved_practice and current.practice_checked:
        record = dumps_record(practice.record())
        if _call(current, lambda s: s.save_practice(key, record)) is not None:
            current.saved_practice = mark_now
    while learner.outbox:
        result = _call(current, partial(_record, key, learner.outbox[0]))
        if result is None:
            return
        learner.outbox.pop(0)
        current.mastery.update({item.rule_id: item.level for item in result})


def _record(key: str, attempt: Attempt, found: Store) -> tuple[Mastery, ...]:
    return found.record_attempt(key, attempt)


def _step_indexes() -> dict[tuple[str, str], int]:
    from tutor.ui.pages.learn import lessons

    return {(lesson.id, step.id): number for lesson in lessons().values()
            for number, step in enumerate(lesson.steps)}


def _tell(learner: TutorSession, current: Link) -> None:
    if current.unsaved and not current.told:
        current.told = True
        st.toast(learner_tr(learner).gettext(UNSAVED), icon=":material/cloud_off:")


# ----- the practice hand across reloads ----------------------------------------------------------

def resume_practice(learner: TutorSession) -> bool:
    """On the practice page: the hand saved last time, when this session has none yet (once
    per session). True when a hand was resumed."""
    current = link()
    if current.practice_checked or not current.started or current.key is None:
        return False
    if learner.practice is not None:
        current.practice_checked = True
        return False
    key = current.key
    looked = _call(current, lambda s: (s.practice(key),))
    if looked is None:
        return False
    current.practice_checked = True
    saved = looked[0]
    if saved is None:
        return False
    try:
        learner.practice = Practice.from_record(loads_record(saved.record), learner.level)
    except TutorError as exc:  # a hand the engine no longer replays: start a new one instead
        log.warning("saved practice hand not resumed: %s", exc)
        return False
    learner.preset = learner.practice.rules.preset
    learner.play_out_new_moves()
    current.saved_practice = _practice_mark(learner.practice)
    current.resumed = True
    return True


def resumed_notice(tr: Translator) -> None:
    current = link()
    if current.resumed:
        current.resumed = False
        st.info(tr.gettext(RESUMED), icon=":material/history:")


def mastery() -> dict[str, float]:
    return link().mastery


def with_store(work: Callable[[Store], T]) -> T | None:
    """``work`` on the store for a page (classes); None while it is down. The store's other
    errors (an unknown code, a wrong key) reach the caller."""
    return _call(link(), work)


def my_classes() -> tuple[ClassInfo, ...] | None:
    key = link().key
    return None if key is None else with_store(lambda s: s.my_classes(key))


def due(limit: int) -> tuple[ReviewItem, ...] | None:
    """The rules due for review, weakest first (None: the store cannot say now)."""
    current = link()
    key = current.key
    if key is None:
        return None
    return _call(current, lambda s: s.review(key, limit))


# ----- the sidebar: another device, forget me ----------------------------------------------------

def origin() -> str:
    """The app's address as the browser sees it (for links), or "" when unknown."""
    try:
        url = st.context.url
    except Exception:
        return ""
    if not isinstance(url, str) or not url:
        return ""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def _new_device_code() -> None:
    current = link()
    key = current.key
    if key is not None:
        current.device = _call(current, lambda s: s.device_code(key))


def _use_code() -> None:
    from tutor.ui import session

    code = str(st.session_state.get("device_code_input") or "").strip()
    learner = session.get()
    current = link()
    try:
        key = _call(current, lambda s: s.redeem(code))
    except (MalformedKey, NotFound):
        current.notice = BAD_DEVICE_CODE
        return
    if key is None:
        return
    _switch_to(learner.lang, key, DEVICE_JOINED)


def _switch_to(lang: str, key: str | None, notice: str) -> None:
    """A new session object for another learner (or for none: a fresh start)."""
    from tutor.ui import session

    fresh = TutorSession(lang=lang)
    st.session_state[session.KEY] = fresh
    st.session_state[STATE] = current = Link(notice=notice)
    if key is not None:
        current.key, current.started = key, True
        _load(fresh, current)


def _ask_forget() -> None:
    link().forget_asked = True


def _forget(confirmed: bool) -> None:
    from tutor.ui import session

    current = link()
    current.forget_asked = False
    key = current.key
    if not confirmed or key is None:
        return
    if _call(current, partial(_forget_in, key)):
        _switch_to(session.get().lang, None, FORGOTTEN)


def _forget_in(key: str, found: Store) -> bool:
    found.forget(key)
    return True


def sidebar(tr: Translator) -> None:
    """"Your progress": continue on another device, use a code from one, forget me."""
    _ = tr.gettext
    # Translators: a fold in the sidebar with the learner's saved progress (devices, forget me).
    box = st.sidebar.expander(_("Your progress"), key="progress-box", on_change="rerun",
                              icon=":material/cloud_done:")
    if not box.open:
        return
    current = link()
    with box:
        if current.key is None:
            st.caption(_(UNSAVED))
            return
        st.caption(_(N_("Your progress is kept in this browser, without an account.")))
        st.button(_(N_("Continue on another device")), key="device-code",
                  on_click=_new_device_code, icon=":material/devices:")
        if current.device is not None:
            code = current.device.code
            st.markdown(_(N_("Enter this code on the other device, or open the link there "
                             "(valid for a day, once):")))
            st.code(code, language=None)
            where = origin()
            if where:
                st.code(f"{where}/?device={code}", language=None)
        st.text_input(_(N_("A code from another device")), key="device_code_input",
                      max_chars=20, placeholder="ABCD-EFGH")
        # Translators: a button: use the code typed from another device.
        st.button(_("Use code"), key="device-use", on_click=_use_code)
        if not current.forget_asked:
            # Translators: a button: delete everything stored about this learner.
            st.button(_("Forget me"), key="forget", on_click=_ask_forget,
                      icon=":material/delete:")
        else:
            st.warning(_(N_("Delete all your progress here and on your other devices? This "
                            "cannot be undone.")))
            row = st.container(horizontal=True)
            # Translators: a button confirming "forget me".
            row.button(_("Yes, delete"), key="forget-yes", on_click=_forget, args=(True,),
                       type="primary")
            # Translators: a button: do not delete the progress after all.
            row.button(_("Keep it"), key="forget-no", on_click=_forget, args=(False,))
