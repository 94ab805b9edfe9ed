"""Writes that outlive an outage (tutor/store/outbox.py) on a real SQLite store that the test
switches off and on: nothing handed over is lost, order is kept, the queue is bounded, a learner's
row comes with their first progress, and the background thread writes without being asked."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.engine.verdict import Reason
from tutor.store import (
    Attempt,
    Source,
    StepMark,
    StepStatus,
    Store,
    StoreUnavailable,
    UnknownLearner,
)
from tutor.store.keys import new_learner_key
from tutor.store.outbox import MAX_ATTEMPTS, Outbox, Saver


class Switch:
    """Opens the store at ``url`` unless ``down``; a store already open fails while down."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.down = False
        self.opened: list[Store] = []

    def open(self, url: str) -> Store:
        if self.down:
            raise StoreUnavailable("switched off by the test")
        store = FlakyStore.open(url)
        store.switch = self
        self.opened.append(store)
        return store


class FlakyStore(Store):
    """A real store whose writes fail while its switch is off (as a locked file does)."""

    switch: Switch

    def _check(self) -> None:
        if self.switch.down:
            raise StoreUnavailable("switched off by the test")

    def adopt_learner(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        self._check()
        return super().adopt_learner(*args, **kwargs)  # type: ignore[arg-type]

    def mark_step(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        self._check()
        return super().mark_step(*args, **kwargs)  # type: ignore[arg-type]

    def record_attempt(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        self._check()
        return super().record_attempt(*args, **kwargs)  # type: ignore[arg-type]

    def save_practice(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        self._check()
        return super().save_practice(*args, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tutor.db'}"


@pytest.fixture
def switch(url: str) -> Switch:
    return Switch(url)


def step(n: int) -> StepMark:
    return StepMark("cards-and-values", f"step-{n}", n, StepStatus.DONE)


def wrong(rule: str = "C-PILE-4") -> Attempt:
    return Attempt(Source.PRACTICE, (rule,), False, reasons=(Reason.of(rule, top="KD"),),
                   action="take")


def test_a_new_learner_gets_a_row_only_with_progress(switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open, background=False)
    key = new_learner_key()
    box = saver.outbox("tab", key, known=False)
    box.set_values("sv", {"pace_ms": 300})
    assert saver.submit(box) and not box.known  # settings alone make no learner
    check = Store.open(url)
    with pytest.raises(Exception, match="no learner"):
        check.learner(key)
    box.add_steps([step(1)])
    assert saver.submit(box) and box.known
    learner = check.learner(key)
    assert learner.language == "sv" and learner.settings == {"pace_ms": 300}
    assert [s.step_id for s in check.steps(key)] == ["step-1"]


def test_an_outage_keeps_everything_in_order_until_the_store_answers(
        switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open, background=False)
    key = new_learner_key()
    box = saver.outbox("tab", key, known=False)
    box.add_steps([step(1)])
    saver.submit(box)
    switch.down = True
    box.add_steps([step(2), step(3)])
    box.add_attempts([wrong("C-PILE-4"), wrong("C-MELD-1")])
    box.set_practice('{"first": true}')
    box.set_practice('{"second": true}')  # only the latest hand is worth writing
    assert not saver.submit(box) and saver.down
    assert box.counts() == (2, 2, True)
    assert saver.retry_now() == 1  # still down: one probe, nothing lost
    switch.down = False
    assert saver.retry_now() == 0 and not saver.down
    check = Store.open(url)
    assert [s.step_id for s in check.steps(key)] == ["step-1", "step-2", "step-3"]
    assert [e.rules for e in check.recent_errors(key)] == [("C-MELD-1",), ("C-PILE-4",)]
    saved = check.practice(key)
    assert saved is not None and saved.record == '{"second": true}'
    assert set(box.mastery) == {"C-PILE-4", "C-MELD-1"}


def test_a_store_down_at_the_first_visit_adopts_the_key_when_it_answers(
        switch: Switch, url: str) -> None:
    switch.down = True
    saver = Saver(url, opener=switch.open, background=False)
    key = new_learner_key()
    box = saver.outbox("tab", key, known=False)
    box.set_values("el", {})
    box.add_steps([step(1)])
    assert not saver.submit(box)
    switch.down = False
    assert saver.retry_now() == 0
    check = Store.open(url)
    assert check.learner(key).language == "el" and check.steps(key)


def test_the_waiting_attempts_are_bounded_the_oldest_go_first(
        switch: Switch, url: str) -> None:
    switch.down = True
    saver = Saver(url, opener=switch.open, background=False)
    box = saver.outbox("tab", new_learner_key(), known=False)
    box.add_attempts([wrong(f"C-RULE-{n}") for n in range(MAX_ATTEMPTS + 20)])
    assert box.counts()[1] == MAX_ATTEMPTS
    assert box.attempts[0].rules == ("C-RULE-20",)


def test_a_refused_value_is_dropped_and_the_rest_is_written(switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open, background=False)
    key = new_learner_key()
    box = saver.outbox("tab", key, known=False)
    box.add_steps([StepMark("bad id!", "x", 0, StepStatus.DONE), step(2)])
    box.add_attempts([wrong()])
    assert saver.submit(box)
    check = Store.open(url)
    assert [s.step_id for s in check.steps(key)] == ["step-2"] and check.recent_errors(key)


def test_a_learner_forgotten_elsewhere_stops_the_writes(switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open, background=False)
    check = Store.open(url)
    made = check.create_learner()
    box = saver.outbox("tab", made.key, known=True)
    check.forget(made.key)
    box.add_steps([step(1)])
    saver.submit(box)
    assert box.forgotten and not box.waiting()


def test_a_reload_writes_what_the_old_page_left_waiting_first(
        switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open, background=False)
    key = new_learner_key()
    old = saver.outbox("old-tab", key, known=False)
    old.add_steps([step(1)])
    switch.down = True
    saver.submit(old)
    switch.down = False
    saver.flush_key(key)  # what the new page's start does before it loads
    assert [s.step_id for s in Store.open(url).steps(key)] == ["step-1"]


def test_the_background_thread_writes_as_soon_as_the_store_answers(
        switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open)
    key = new_learner_key()
    box = saver.outbox("tab", key, known=False)
    switch.down = True
    box.add_steps([step(1)])
    assert not saver.submit(box)
    switch.down = False  # nobody clicks again: the saver's own thread must write it
    deadline = time.monotonic() + 30
    while box.waiting() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not box.waiting()
    assert [s.step_id for s in Store.open(url).steps(key)] == ["step-1"]


def test_an_outbox_is_made_again_for_a_new_key_and_the_old_one_still_written(
        switch: Switch, url: str) -> None:
    saver = Saver(url, opener=switch.open, background=False)
    first, second = new_learner_key(), new_learner_key()
    box = saver.outbox("tab", first, known=False)
    switch.down = True
    box.add_steps([step(1)])
    saver.submit(box)
    other = saver.outbox("tab", second, known=False)
    assert other is not box and isinstance(other, Outbox)
    switch.down = False
    assert saver.retry_now() == 0
    assert Store.open(url).steps(first)


def test_opening_the_store_cleans_up_learners_who_never_kept_anything(url: str) -> None:
    long_ago = datetime.now(UTC) - timedelta(days=40)
    old = Store.open(url, clock=lambda: long_ago)
    idle = old.create_learner().key
    kept = old.create_learner().key
    old.mark_step(kept, step(1))
    saver = Saver(url)  # its first opening starts the clean-up, off the caller's thread
    assert saver.call(lambda s: s.where)
    check = Store.open(url)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            check.summary(idle)  # reads without marking the learner seen
        except UnknownLearner:
            break
        time.sleep(0.05)
    with pytest.raises(UnknownLearner):
        check.summary(idle)
    assert check.steps(kept)
