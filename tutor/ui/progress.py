"""The session's side of the store: who the learner is, what to load, what to keep.

One :class:`Link` per browser session (``st.session_state``) holds the learner key and what was
last handed to the store. :func:`start` runs before the page: it takes the key from the cookie,
or makes one (no store needed: a store that is down at the first visit still gives a key that
lasts), and loads the stored progress into the session once the store answers. :func:`flush`
runs after the page's work and hands what changed (steps, language and settings, the practice
hand, the attempts the callbacks queued with :func:`note`) to the session's outbox
(:mod:`tutor.store.outbox`), which writes it at once, or, while the store is down, as soon as it
answers again, from a background thread, even after the page is closed. So a click's answer is
on the screen before the store is written, and an outage loses nothing.

A failure to read the store never clears or replaces the key. The learner's row is made with
their first progress. Device codes, "forget me" and the sidebar are in :mod:`tutor.ui.devices`.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.records import dumps_record, loads_record
from tutor.i18n import N_, Translator, offered, translator
from tutor.store import (
    Attempt,
    ClassInfo,
    DeviceCode,
    DevicePreview,
    MalformedKey,
    ReviewItem,
    StepMark,
    StepStatus,
    Store,
    UnknownLearner,
)
from tutor.store.connect import configured_url
from tutor.store.keys import new_learner_key
from tutor.store.outbox import LearnerValues, Outbox, Saver
from tutor.ui import identity
from tutor.ui.clients import client_id
from tutor.ui.library import step_indexes
from tutor.ui.practice import Practice
from tutor.ui.session import TutorSession, kept

STATE = "tutor_progress"
# The session's settings kept with the learner (TutorSession field names).
SETTINGS = ("preset", "level", "pace_ms", "open_hands", "four_colour", "hints")
log = logging.getLogger(__name__)
T = TypeVar("T")

UNSAVED = N_("Progress is not being saved right now. You can go on learning; the app will "
             "try again.")
SAVED_AGAIN = N_("Progress is being saved again, with everything you did meanwhile.")
FRESH_START = N_("The progress key kept in this browser is not known here, so you start "
                 "afresh.")
RESUMED = N_("Your practice hand was resumed where you left it.")


@dataclass
class Link:
    """One session's tie to the store (plain values only, so it pickles)."""

    key: str | None = None
    new: bool = True  # the store may not know the key yet (its row comes with progress)
    token: str = field(default_factory=lambda: uuid.uuid4().hex)  # this session's outbox
    started: bool = False  # the stored progress was loaded (or there was none)
    told: bool = False  # the learner was told progress is not saved (once per outage)
    notice: str | None = None  # a msgid to show once (a fresh start, a device joined)
    handed_steps: set[tuple[str, str, str]] = field(default_factory=set)
    handed_practice: tuple[int, ...] = ()
    defaults: dict[str, Any] = field(default_factory=dict)  # the settings before loading
    practice_checked: bool = False  # the saved practice hand was looked for
    resumed: bool = False  # the practice page says the hand was resumed (once)
    mastery: dict[str, float] = field(default_factory=dict)  # rule id -> level 0..1
    device: DeviceCode | None = None  # the code shown for another device
    device_asked: str | None = None  # a device code waiting for the learner's yes
    device_preview: tuple[str, DevicePreview] | None = None  # what that code continues
    forget_asked: bool = False
    stored_language: bool = False  # the stored language wins over ?lang= (a device joined)


def link() -> Link:
    return kept(STATE, Link, Link)


# ----- the store, one saver per process and URL --------------------------------------------------

@st.cache_resource(show_spinner=False)
def _saver(url: str) -> Saver:
    return Saver(url)


def saver() -> Saver | None:
    """This process's saver, or None when the URL setting is unusable (the sidebar names
    settings problems)."""
    try:
        return _saver(configured_url())
    except TutorError as exc:
        log.warning("progress store: %s", exc)
        return None


def call(work: Callable[[Store], T]) -> T | None:
    """``work`` on the store, or None while it is down. The store's other errors (an unknown
    code, a wrong key) reach the caller."""
    found = saver()
    return None if found is None else found.call(work)


def outbox(current: Link) -> Outbox | None:
    found = saver()
    if found is None or current.key is None:
        return None
    return found.outbox(current.token, current.key, known=not current.new, client=client_id())


# ----- who the learner is ------------------------------------------------------------------------

def start(learner: TutorSession) -> None:
    """Before the page: the learner's key (from the cookie, else a new one), their stored
    progress once the store answers, the key written into the cookie, notices told once."""
    current = link()
    if current.key is None:
        _choose_key(learner, current)
    asked = st.query_params.get("device")
    if asked:
        del st.query_params["device"]
        current.device_asked = asked  # tutor.ui.devices asks before anything changes
    box = outbox(current)
    if box is not None and box.forgotten:  # forgotten in another tab
        _fresh(learner, current, FRESH_START)
    elif box is not None and box.known:
        current.new = False
    assert current.key is not None
    cookie = st.empty()
    with cookie:  # first: a slow or failing store cannot delay it
        identity.keep(current.key, current.new)
    if not current.started:
        written = current.key, current.new
        _load(learner, current)
        if (current.key, current.new) != written:  # a fresh start, or the store knows it now
            with cookie:
                identity.keep(current.key, current.new, again=True)
    if current.notice:
        st.toast(translator(learner.lang).gettext(current.notice), icon=":material/info:")
        current.notice = None


def _choose_key(learner: TutorSession, current: Link) -> None:
    value = identity.read()
    sent = identity.parse(value)
    if sent is None:
        current.key, current.new = new_learner_key(), True
        if value:
            current.notice = FRESH_START
    else:
        current.key, current.new = sent.key, sent.new
    current.defaults = settings_of(learner)


def _fresh(learner: TutorSession, current: Link, notice: str) -> None:
    """A new key for this session; what it did so far stays in the session (and is written
    for the new learner with its first progress)."""
    current.key, current.new, current.started = new_learner_key(), True, True
    current.token = uuid.uuid4().hex
    current.handed_steps.clear()
    current.handed_practice = ()
    current.notice = notice


def _load(learner: TutorSession, current: Link) -> None:
    """The stored progress into the session, kept with what this session did meanwhile."""
    key = current.key
    assert key is not None
    found = saver()
    if found is None:
        return
    found.flush_key(key)  # a reload: what the old page left waiting goes first
    loaded = found.call(lambda s: _stored(s, key))
    if loaded is None:
        return
    if loaded is _UNKNOWN:
        if current.new:  # a key made here whose learner has no progress yet
            current.started = True
        else:  # known once, gone now (forgotten elsewhere, another database)
            _fresh(learner, current, FRESH_START)
        return
    stored, steps, mastery_rows = loaded
    current.new, current.started = False, True
    if (current.stored_language or not st.query_params.get("lang")) \
            and stored.language in offered():
        learner.lang = stored.language
    if settings_of(learner) == current.defaults:  # not changed while the store was away
        for name in SETTINGS:
            value = stored.settings.get(name)
            if value is not None and isinstance(value, type(getattr(learner, name))):
                setattr(learner, name, value)
    for record in steps:
        target = learner.progress if record.status is StepStatus.DONE else learner.skipped
        target.setdefault(record.lesson_id, set()).add(record.step_id)
        current.handed_steps.add((record.lesson_id, record.step_id, record.status.value))
    current.mastery.update({item.rule_id: item.level for item in mastery_rows})
    current.practice_checked = False
    box = outbox(current)
    if box is not None:
        box.known = True
        box.written = LearnerValues(stored.language, dict(stored.settings))


_UNKNOWN = object()


def _stored(found: Store, key: str) -> Any:
    try:
        return found.learner(key), found.steps(key), found.mastery(key)
    except (UnknownLearner, MalformedKey):
        return _UNKNOWN


# ----- what is kept ------------------------------------------------------------------------------

def note(learner: TutorSession, attempt: Attempt | None) -> None:
    """Queue an attempt for the next :func:`flush` (cheap: called inside a click)."""
    if attempt is not None and attempt.rules:
        learner.outbox.append(attempt)


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
    """After the page: hand what changed to the outbox and write it (now, or as soon as the
    store answers again); tell once when progress is not being saved, and when it is again."""
    current = link()
    box = outbox(current)
    if box is None:
        _tell(learner, current, waiting=True)
        return
    steps = _steps_now(learner) - current.handed_steps
    if steps:
        index = step_indexes()
        box.add_steps([StepMark(lesson, step, index.get((lesson, step), 0), StepStatus(status))
                       for lesson, step, status in sorted(steps)])
        current.handed_steps |= steps
    box.set_values(learner.lang, settings_of(learner))
    mark_now = _practice_mark(learner.practice)
    if learner.practice is not None and mark_now != current.handed_practice:
        # A hand the learner plays replaces the saved one, even when the store could not say
        # (an outage) whether one was saved: the newest hand is the one to resume.
        box.set_practice(dumps_record(learner.practice.record()))
        current.handed_practice = mark_now
    if learner.outbox:
        box.add_attempts(list(learner.outbox))
        learner.outbox.clear()
    box.mastery = current.mastery  # the levels after each written attempt land here
    found = saver()
    written = found is not None and found.submit(box)
    if box.known:
        current.new = False
    _tell(learner, current, waiting=not written or found is None or found.down)


def _tell(learner: TutorSession, current: Link, *, waiting: bool) -> None:
    if waiting and not current.told:
        current.told = True
        st.toast(translator(learner.lang).gettext(UNSAVED), icon=":material/cloud_off:")
    elif not waiting and current.told:
        current.told = False
        st.toast(translator(learner.lang).gettext(SAVED_AGAIN), icon=":material/cloud_done:")


# ----- the practice hand across reloads ----------------------------------------------------------

def resume_practice(learner: TutorSession) -> bool:
    """On the practice page: the hand saved last time, when this session has none yet (once
    per session). True when a hand was resumed."""
    current = link()
    if current.practice_checked or not current.started or current.key is None:
        return False
    if learner.practice is not None or current.new:
        current.practice_checked = True
        return False
    key = current.key
    looked = call(lambda s: (s.practice(key),))
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
    current.handed_practice = _practice_mark(learner.practice)
    current.resumed = True
    return True


def resumed_notice(tr: Translator) -> None:
    current = link()
    if current.resumed:
        current.resumed = False
        st.info(tr.gettext(RESUMED), icon=":material/history:")


def mastery() -> dict[str, float]:
    return link().mastery


def known_key() -> str | None:
    """The learner's key once the store has their row (None: a learner with no progress yet,
    or a store that is down)."""
    current = link()
    return None if current.new or not current.started else current.key


def ensure_learner(learner: TutorSession) -> str | None:
    """The learner's key with their row made now if it was not (joining a class needs one);
    None while the store is down."""
    current = link()
    key = current.key
    if key is None:
        return None
    if not current.new:
        return key
    made = call(lambda s: s.adopt_learner(key, learner.lang, settings_of(learner)))
    if made is None:
        return None
    current.new, current.started = False, True
    box = outbox(current)
    if box is not None:
        box.known = True
    return key


def my_classes() -> tuple[ClassInfo, ...] | None:
    key = known_key()
    return None if key is None else call(lambda s: s.my_classes(key))


def due(limit: int) -> tuple[ReviewItem, ...] | None:
    """The rules due for review, weakest first (None: the store cannot say now)."""
    current = link()
    key = current.key
    if key is None or not current.started:
        return None
    if current.new:  # no row yet: nothing tried, nothing due
        return ()
    return call(lambda s: s.review(key, limit))
