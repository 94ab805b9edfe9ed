"""Writes that outlive an outage: one :class:`Outbox` per session, one :class:`Saver` per process.

A session hands what changed (steps, the learner's language and settings, the practice hand,
judged attempts) to its outbox after each page, and the saver writes it at once on the caller's
thread. When the store fails (:class:`StoreUnavailable`), nothing is dropped: the outbox keeps
its work (bounded: the newest :data:`MAX_ATTEMPTS` attempts, the latest practice hand and
settings, every step), the store is marked down with a growing pause (:data:`FIRST_PAUSE` up to
:data:`LONGEST_PAUSE`, so one probe a pause, not one 3-second wait per click), and a background
thread writes every waiting outbox as soon as the store answers, whether or not its session is
still open. A reload of the same learner first writes what the old session left waiting
(:meth:`Saver.flush_key`), so the new page loads it.

A learner's row is made only with their first progress (a step, an attempt or a practice hand):
the key is made by the app and kept in the browser from the first visit (see
``tutor/ui/identity``), and :meth:`Store.adopt_learner` makes its row, within the learner
creation limit (:mod:`tutor.store.limits`). No Streamlit here: the UI gives each session's
outbox to the process's saver (``tutor/ui/progress.py``).
"""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from tutor.store import limits
from tutor.store.errors import (
    MalformedKey,
    StoreError,
    StoreUnavailable,
    UnknownLearner,
)
from tutor.store.store import Store
from tutor.store.values import Attempt, StepMark

MAX_ATTEMPTS = 500  # attempts an outbox keeps while the store is down (the oldest go first)
MAX_OUTBOXES = 20_000  # outboxes a process keeps waiting (the oldest idle ones go first)
FIRST_PAUSE = 0.5  # seconds the store is left alone after a failure; doubled each time
LONGEST_PAUSE = 8.0
IDLE_SECONDS = 3600.0  # an outbox with nothing waiting, unused this long, is let go
CLEAN_UP_SECONDS = 24 * 3600.0  # how often learners who never kept anything are deleted
log = logging.getLogger(__name__)
T = TypeVar("T")
Opener = Callable[[str], Store]
Clock = Callable[[], float]


@dataclass(frozen=True)
class LearnerValues:
    """The learner's language and settings as last handed over."""

    language: str
    settings: dict[str, Any]


class Outbox:
    """What one session has still to write, written in this order: the learner's row (for a
    key the store does not know yet), steps, language and settings, the practice hand, attempts.

    Every field is read and changed under ``lock``: the session's thread hands work over while
    the saver's thread may be writing it."""

    def __init__(self, key: str, *, known: bool, client: str = "", now: float = 0.0) -> None:
        self.lock = threading.RLock()
        self.key = key
        self.known = known  # the store has a learner for this key
        self.client = client  # for the learner creation limit
        self.steps: list[StepMark] = []
        self.values: LearnerValues | None = None  # the learner's values to write
        self.written: LearnerValues | None = None  # the values the store has
        self.practice: str | None = None  # the latest practice hand's record to write
        self.attempts: deque[Attempt] = deque(maxlen=MAX_ATTEMPTS)
        self.mastery: dict[str, float] = {}  # rule id -> level, updated by written attempts
        self.forgotten = False  # the key was forgotten (another tab): the session starts afresh
        self.not_before = 0.0  # the learner creation limit: not tried again before this
        self.used = now

    # ----- what the session hands over ---------------------------------------------------------

    def add_steps(self, marks: list[StepMark]) -> None:
        with self.lock:
            self.steps.extend(marks)

    def set_values(self, language: str, settings: dict[str, Any]) -> None:
        with self.lock:
            self.values = LearnerValues(language, dict(settings))

    def set_practice(self, record: str) -> None:
        with self.lock:
            self.practice = record

    def add_attempts(self, attempts: list[Attempt]) -> None:
        with self.lock:
            self.attempts.extend(attempts)

    def forget(self) -> None:
        """Nothing more of this learner is written ("forget me")."""
        with self.lock:
            self.forgotten = True
            self.steps.clear()
            self.attempts.clear()
            self.practice = None

    # ----- what is waiting ---------------------------------------------------------------------

    def has_progress(self) -> bool:
        """Something that makes a learner worth a row: a step, a practice hand, an attempt."""
        with self.lock:
            return bool(self.steps or self.practice is not None or self.attempts)

    def waiting(self) -> bool:
        """Something the store does not have yet (an unknown learner's values alone wait for
        their first progress, so they do not count)."""
        with self.lock:
            if self.forgotten:
                return False
            values_due = self.known and self.values is not None and self.values != self.written
            return self.has_progress() or values_due

    def counts(self) -> tuple[int, int, bool]:
        """Steps and attempts waiting, and whether a practice hand is (for tests and logs)."""
        with self.lock:
            return len(self.steps), len(self.attempts), self.practice is not None

    # ----- writing -----------------------------------------------------------------------------

    def write(self, store: Store, may_create: Callable[[str], bool]) -> None:
        """Write what waits, in order; each item leaves the outbox only once written. Raises
        :class:`StoreUnavailable` with the rest still waiting."""
        with self.lock:
            if self.forgotten:
                return
            try:
                self._write(store, may_create)
            except (UnknownLearner, MalformedKey):  # forgotten in another tab
                self.forget()

    def _write(self, store: Store, may_create: Callable[[str], bool]) -> None:
        key = self.key
        if not self.known:
            if not self.has_progress() or time.monotonic() < self.not_before:
                return
            if not may_create(self.client):
                self.not_before = time.monotonic() + 60
                log.warning("learner creation limit reached; progress kept waiting")
                return
            first = self.values or LearnerValues("en", {})
            stored = store.adopt_learner(key, first.language, first.settings)
            self.known = True
            self.written = LearnerValues(stored.language, dict(stored.settings))
        while self.steps:
            _unless_refused(partial(store.mark_step, key, self.steps[0]))
            self.steps.pop(0)
        values = self.values
        if values is not None and values != self.written:
            written = _unless_refused(lambda: store.update_learner(
                key, language=values.language, settings=values.settings))
            self.written = values if written is not None else None
        record = self.practice
        if record is not None:
            _unless_refused(lambda: store.save_practice(key, record))
            if self.practice is record:
                self.practice = None
        while self.attempts:
            result = _unless_refused(partial(store.record_attempt, key, self.attempts[0]))
            self.attempts.popleft()
            if result is not None:
                self.mastery.update({item.rule_id: item.level for item in result})


def _unless_refused(call: Callable[[], T]) -> T | None:
    """``call()``, or None when the store refuses the value itself (a bad id, too long):
    that item is dropped and logged, the rest is written. Outages and unknown keys
    propagate."""
    try:
        return call()
    except (StoreUnavailable, UnknownLearner, MalformedKey):
        raise
    except StoreError as exc:
        log.warning("progress item refused by the store: %s", exc)
        return None


class Saver:
    """The process's store, opened once, with the outboxes waiting for it.

    ``opener`` and ``clock`` are there for tests; ``background=False`` leaves the retries to
    :meth:`retry_now` (tests drive it by hand)."""

    def __init__(self, url: str, *, opener: Opener = Store.open, clock: Clock = time.monotonic,
                 background: bool = True) -> None:
        self.url = url
        self._opener = opener
        self._clock = clock
        self._store: Store | None = None
        self._lock = threading.Lock()  # the store, the pause and the outboxes
        self._wake = threading.Condition(self._lock)
        self._down_until = 0.0
        self._pause = 0.0
        self._outboxes: dict[str, Outbox] = {}  # session token -> its outbox
        self._thread: threading.Thread | None = None
        self._background = background
        self._cleaned_at: float | None = None  # the last clean-up (None: none yet)

    # ----- the store and its outages -----------------------------------------------------------

    @property
    def down(self) -> bool:
        """The last call failed and the store is being left alone."""
        return self._pause > 0

    def _note_down(self, exc: StoreError) -> None:
        with self._lock:
            self._pause = min(LONGEST_PAUSE, self._pause * 2 or FIRST_PAUSE)
            self._down_until = self._clock() + self._pause
            self._wake.notify_all()
        log.warning("progress store unavailable (next try in %.1f s): %s", self._pause, exc)

    def _note_up(self) -> None:
        if self._pause:
            with self._lock:
                self._pause = self._down_until = 0.0
            log.info("progress store answers again")

    def store(self, *, now: bool = False) -> Store | None:
        """The store, or None while it is down (opened on the first call after a pause;
        ``now``: try even within the pause)."""
        with self._lock:
            if not now and self._clock() < self._down_until:
                return None
            found = self._store
        if found is not None:
            self._maybe_clean_up(found)
            return found
        try:
            opened = self._opener(self.url)
        except StoreUnavailable as exc:
            self._note_down(exc)
            return None
        with self._lock:
            if self._store is None:
                self._store = opened
            else:
                opened.close()
            found = self._store
        self._maybe_clean_up(found)
        return found

    def _maybe_clean_up(self, found: Store) -> None:
        """Once a day (the first time at opening), off the caller's thread: delete the
        learners who never kept anything (:meth:`Store.clean_up`)."""
        with self._lock:
            now = self._clock()
            if self._cleaned_at is not None and now - self._cleaned_at < CLEAN_UP_SECONDS:
                return
            self._cleaned_at = now
        if self._background:
            threading.Thread(target=_clean_up, args=(found,), name="progress-clean-up",
                             daemon=True).start()

    def call(self, work: Callable[[Store], T]) -> T | None:
        """``work`` on the store, or None while it is down (the failure starts a pause). The
        store's other errors (an unknown code, a refused value) reach the caller."""
        found = self.store()
        if found is None:
            return None
        try:
            result = work(found)
        except StoreUnavailable as exc:
            self._note_down(exc)
            return None
        self._note_up()
        return result

    # ----- outboxes ----------------------------------------------------------------------------

    def outbox(self, token: str, key: str, *, known: bool, client: str = "") -> Outbox:
        """The outbox of the session ``token`` (made for ``key`` on its first call)."""
        with self._lock:
            found = self._outboxes.get(token)
            if found is None or found.key != key:
                if found is not None and found.waiting():
                    self._outboxes[f"{token}:{id(found)}"] = found  # still to be written
                found = Outbox(key, known=known, client=client, now=self._clock())
                self._outboxes[token] = found
                self._trim()
            found.used = self._clock()
            return found

    def _trim(self) -> None:
        now = self._clock()
        for token, box in list(self._outboxes.items()):
            if not box.waiting() and now - box.used > IDLE_SECONDS:
                del self._outboxes[token]
        while len(self._outboxes) > MAX_OUTBOXES:
            del self._outboxes[next(iter(self._outboxes))]

    def submit(self, outbox: Outbox) -> bool:
        """Write ``outbox`` now; True when nothing is left waiting. While the store is down
        the work waits for the background thread."""
        self._write(outbox)
        if outbox.waiting():
            self._start_thread()
            return False
        return True

    def _write(self, outbox: Outbox, *, now: bool = False) -> bool:
        """One outbox written; False when the store is down."""
        found = self.store(now=now)
        if found is None:
            return False
        try:
            outbox.write(found, _may_create)
        except StoreUnavailable as exc:
            self._note_down(exc)
            return False
        self._note_up()
        return True

    def flush_key(self, key: str) -> None:
        """Write what other sessions of this learner left waiting (a reload) before loading:
        worth one try even within a pause, since the new page would load without it."""
        with self._lock:
            boxes = [box for box in self._outboxes.values() if box.key == key and box.waiting()]
        for number, box in enumerate(boxes):
            if not self._write(box, now=number == 0):
                return

    def retry_now(self) -> int:
        """Write every waiting outbox, oldest first, stopping at the first outage (the pause
        is over: this is the next try); how many are still waiting."""
        with self._lock:
            boxes = [box for box in self._outboxes.values() if box.waiting()]
        for number, box in enumerate(boxes):
            if not self._write(box, now=number == 0):
                break
        with self._lock:
            self._trim()
            return sum(box.waiting() for box in self._outboxes.values())

    # ----- the background thread ---------------------------------------------------------------

    def _start_thread(self) -> None:
        if not self._background:
            return
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                self._wake.notify_all()
                return
            self._thread = threading.Thread(target=self._run, name="progress-saver",
                                            daemon=True)
            self._thread.start()

    def _run(self) -> None:
        """Retry at the end of each pause until nothing waits, then end (started again by
        the next failure)."""
        while True:
            with self._lock:
                delay = self._down_until - self._clock()
                if delay > 0:
                    self._wake.wait(delay)
                    continue
            try:
                left = self.retry_now()
            except Exception:  # never let the saver die with work waiting: log and pause
                log.exception("progress saver")
                left = 1
                self._note_down(StoreUnavailable("the saver failed"))
            if left == 0:
                return
            if not self.down:  # waiting for the learner creation limit: look again later
                time.sleep(LONGEST_PAUSE)


def _clean_up(found: Store) -> None:
    try:
        gone = found.clean_up()
    except StoreError as exc:
        log.warning("clean-up of idle learners not done: %s", exc)
        return
    if gone:
        log.info("deleted %d learners who never kept anything", gone)


def _may_create(client: str) -> bool:
    """Within the learner creation limit. A person at the server's own machine (a checkout,
    the tests) is not limited: the limit is for strangers, and behind the deploy/ proxy the
    client is the forwarded address, never loopback (``tutor.ui.clients``)."""
    if _loopback(client):
        return True
    return limits.limiter("learners").allow(client or "unknown")


def _loopback(client: str) -> bool:
    if client == "local":
        return True
    try:
        return ipaddress.ip_address(client).is_loopback
    except ValueError:
        return False
