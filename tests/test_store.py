"""The store (tutor/store/) on SQLite in every run and, the same tests, on a real PostgreSQL.

``CANASTA_TUTOR_TEST_PG_URL`` names the PostgreSQL database (.ci/run starts one and sets it);
each test starts from an empty schema there. In CI (``CI`` set) a missing URL fails the
PostgreSQL tests: they never skip there.
"""

from __future__ import annotations

import ast
import os
import re
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from tutor.engine.verdict import Reason
from tutor.store import (
    Attempt,
    ClassSpec,
    DevicePreview,
    InvalidValue,
    MalformedKey,
    ProgressSummary,
    Source,
    StepMark,
    StepStatus,
    Store,
    StoreError,
    StoreUnavailable,
    UnknownClass,
    UnknownDeviceCode,
    UnknownLearner,
    WrongTeacherKey,
    check,
    connect,
    keys,
    migrate,
    schema,
)
from tutor.store.schedule import INTERVALS

PG_URL = os.environ.get("CANASTA_TUTOR_TEST_PG_URL", "").strip()
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
POSITION = '{"rules": {"preset": "classic-4p"}, "small": true}'


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def _empty_postgres(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'tutor.db'}"
    if not PG_URL:
        if os.environ.get("CI"):
            pytest.fail("CANASTA_TUTOR_TEST_PG_URL is not set: in CI the store is tested on "
                        "PostgreSQL too (.ci/run starts one)")
        pytest.skip("no PostgreSQL: set CANASTA_TUTOR_TEST_PG_URL (.ci/run does)")
    _empty_postgres(PG_URL)
    return PG_URL


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(url: str, clock: Clock) -> Iterator[Store]:
    opened = Store.open(url, clock=clock)
    yield opened
    opened.close()


def attempt(rules: tuple[str, ...], correct: bool, **more: object) -> Attempt:
    return Attempt(Source.PRACTICE, rules, correct, **more)  # type: ignore[arg-type]


def wrong_at_pile(rule: str = "C-PILE-4") -> Attempt:
    return Attempt(Source.LESSON, (rule,), False, reasons=(Reason.of(rule, top="KD", wilds=1),),
                   action="take KH 2C", position=POSITION, lesson_id="classic-08",
                   step_id="frozen")


# ----- learners and identity --------------------------------------------------------------------


def test_a_new_learner_is_found_again_by_the_key_and_keeps_language_and_settings(
        store: Store, clock: Clock) -> None:
    new = store.create_learner("sv", {"pace": "fast"})
    assert len(new.key) == 43 and new.learner.language == "sv"
    clock.advance(minutes=5)
    again = store.learner(new.key)
    assert (again.language, dict(again.settings)) == ("sv", {"pace": "fast"})
    assert again.created_at == T0 and again.last_seen_at == T0 + timedelta(minutes=5)
    changed = store.update_learner(new.key, language="el", settings={"pace": "slow", "n": 2})
    assert (changed.language, dict(changed.settings)) == ("el", {"pace": "slow", "n": 2})
    assert store.learner(new.key).language == "el"


@pytest.mark.parametrize("key", ["", "abc", "x" * 42 + "!", "y" * 44, None, 12])
def test_a_malformed_learner_key_is_refused_before_the_database(store: Store, key: object) -> None:
    with pytest.raises(MalformedKey, match="learner key"):
        store.learner(key)  # type: ignore[arg-type]


def test_an_unknown_learner_key_is_unknown_not_someone_else(store: Store) -> None:
    store.create_learner()
    with pytest.raises(UnknownLearner, match="start fresh"):
        store.steps("A" * 43)


def test_forget_deletes_everything_of_that_learner_and_nothing_of_another(
        store: Store, url: str) -> None:
    gone, kept = store.create_learner().key, store.create_learner().key
    room = store.create_class(ClassSpec("Club", "en", ("classic-01",)))
    for key in (gone, kept):
        store.mark_step(key, StepMark("classic-01", "cards", 0))
        store.record_attempt(key, wrong_at_pile())
        store.save_practice(key, '{"record": 1}')
        store.join_class(key, room.info.code, "me")
        store.device_code(key)
    second_device = store.redeem(store.device_code(gone).code)
    store.forget(gone)
    for key in (gone, second_device):
        with pytest.raises(UnknownLearner):
            store.learner(key)
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        for table in schema.metadata.sorted_tables:
            if "learner_id" in table.c:
                owners = set(connection.execute(sa.select(table.c.learner_id)).scalars())
                assert len(owners) == 1, table.name  # only the kept learner's rows remain
        assert connection.execute(sa.select(sa.func.count()).select_from(schema.learners)
                                  ).scalar() == 1
    engine.dispose()
    assert len(store.steps(kept)) == 1 and store.practice(kept) is not None
    assert len(store.class_report(room.info.code, room.teacher_key).members) == 1


def test_a_device_code_gives_another_device_the_same_learner_once(
        store: Store, clock: Clock) -> None:
    key = store.create_learner().key
    store.mark_step(key, StepMark("classic-01", "cards", 0))
    code = store.device_code(key)
    assert len(code.code) == 9 and code.code[4] == "-"
    typed = " " + code.code.lower().replace("-", " ") + " "  # as a learner might type it
    other = store.redeem(typed)
    assert other != key and [s.step_id for s in store.steps(other)] == ["cards"]
    with pytest.raises(UnknownDeviceCode):
        store.redeem(code.code)  # used up
    late = store.device_code(key)
    clock.advance(days=1, seconds=1)
    with pytest.raises(UnknownDeviceCode):
        store.redeem(late.code)
    with pytest.raises(MalformedKey, match="device code"):
        store.redeem("ABCD-EFG0")  # 0 is not in the alphabet


# ----- keys the app made itself, summaries, device previews, cleaning up --------------------------


def _count(url: str, table: sa.Table) -> int:
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        found = connection.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
    engine.dispose()
    return int(found)


def test_an_adopted_key_becomes_a_learner_once_and_stays_theirs(store: Store, clock: Clock,
                                                                url: str) -> None:
    key = keys.new_learner_key()
    made = store.adopt_learner(key, "pt-BR", {"pace": "slow"})
    assert (made.created_at, made.last_seen_at, made.language) == (T0, T0, "pt-BR")
    assert dict(made.settings) == {"pace": "slow"}
    store.mark_step(key, StepMark("classic-01", "cards", 0))
    clock.advance(minutes=3)
    again = store.adopt_learner(key, "de", {"pace": "fast"})  # theirs already: unchanged
    assert (again.created_at, again.language, dict(again.settings)) == (T0, "pt-BR",
                                                                        {"pace": "slow"})
    assert again.last_seen_at == T0 + timedelta(minutes=3)  # marked seen
    assert [s.step_id for s in store.steps(key)] == ["cards"]
    created = store.create_learner("sv").key  # an existing key is adopted as it is too
    assert store.adopt_learner(created, "en").language == "sv"
    assert _count(url, schema.learners) == 2 and _count(url, schema.learner_keys) == 2
    with pytest.raises(MalformedKey, match="learner key"):
        store.adopt_learner("not-a-key")
    with pytest.raises(InvalidValue, match="language"):
        store.adopt_learner(keys.new_learner_key(), "english")
    assert _count(url, schema.learners) == 2


def test_two_tabs_adopting_one_key_at_once_make_one_learner(store: Store, url: str,
                                                            clock: Clock) -> None:
    """Two tabs (here two stores, as on two replicas) adopt the same fresh keys at once."""
    second = Store.open(url, clock=clock)
    tabs, rounds = (store, second), 12
    fresh = [keys.new_learner_key() for _ in range(rounds)]
    start = threading.Barrier(len(tabs))
    made: list[list[tuple[datetime, str]]] = [[], []]
    failures: list[BaseException] = []

    def tab(number: int) -> None:
        try:
            for key in fresh:
                start.wait(10)
                learner = tabs[number].adopt_learner(key, ("en", "el")[number])
                made[number].append((learner.created_at, learner.language))
        except BaseException as exc:  # reported below, in the test's own thread
            failures.append(exc)

    threads = [threading.Thread(target=tab, args=(number,)) for number in range(len(tabs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    second.close()
    assert failures == []
    assert made[0] == made[1]  # both tabs got the one learner (its language: the winner's)
    assert _count(url, schema.learners) == _count(url, schema.learner_keys) == rounds
    for key, (_, language) in zip(fresh, made[0], strict=True):
        assert store.learner(key).language == language


def _adopt_meanwhile(url: str, key: str, started: threading.Event,
                     release: threading.Event) -> None:
    """Another transaction adopting ``key``: its rows are written, its commit waits."""
    engine = connect.make_engine(connect.normal_url(url)).execution_options(
        **{connect.WRITE: True})
    with engine.begin() as connection:
        learner_id = connection.execute(schema.learners.insert().values(
            created_at=T0, last_seen_at=T0, language="el", settings={},
        ).returning(schema.learners.c.id)).scalar_one()
        connection.execute(schema.learner_keys.insert().values(
            key_hash=keys.digest(key), learner_id=learner_id, created_at=T0))
        started.set()
        release.wait(10)
    engine.dispose()


def _waiting_on_a_lock(url: str) -> bool:
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        waiting = connection.execute(sa.text(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database()")).scalar_one()
    engine.dispose()
    return bool(waiting)


def test_adopting_a_key_another_transaction_is_adopting_takes_its_learner(
        store: Store, url: str) -> None:
    """The race's hard half, made certain: this adoption runs while the other one's rows are
    written but not committed, and must end with the other's learner, not a second one."""
    key = keys.new_learner_key()
    started, release = threading.Event(), threading.Event()
    other = threading.Thread(target=_adopt_meanwhile, args=(url, key, started, release))
    other.start()
    result: list[object] = []
    try:
        assert started.wait(10)
        mine = threading.Thread(target=lambda: result.append(_try(store.adopt_learner, key)))
        mine.start()
        if url.startswith("postgresql"):  # this adoption waits on the other's key row
            deadline = time.monotonic() + 10
            while not _waiting_on_a_lock(url):
                assert time.monotonic() < deadline, "the adoption never waited for the other"
                time.sleep(0.02)
        else:  # SQLite: this adoption waits to begin (one writer at a time)
            time.sleep(0.3)
    finally:
        release.set()
        other.join()
    mine.join()
    [learner] = result
    assert not isinstance(learner, BaseException), learner
    assert learner.language == "el"  # type: ignore[attr-defined]
    assert _count(url, schema.learners) == _count(url, schema.learner_keys) == 1


def _try(work: object, *args: object) -> object:
    try:
        return work(*args)  # type: ignore[operator]
    except BaseException as exc:  # returned to the test's own thread
        return exc


def test_a_summary_counts_the_steps_done_the_attempts_and_names_the_latest_nickname(
        store: Store, clock: Clock) -> None:
    key = store.create_learner().key
    assert store.summary(key) == ProgressSummary(0, 0, T0, "")
    store.mark_step(key, StepMark("classic-01", "a", 0))
    store.mark_step(key, StepMark("classic-01", "b", 1))
    store.mark_step(key, StepMark("classic-02", "a", 0, StepStatus.SKIPPED))
    for correct in (True, False, True):
        store.record_attempt(key, attempt(("C-MELD-1",), correct))
    rooms = [store.create_class(ClassSpec(name, "en", ())).info.code for name in "ABC"]
    for code, nickname in zip(rooms, ("Ann", "Annie", ""), strict=True):
        store.join_class(key, code, nickname)
        clock.advance(seconds=1)
    seen = T0 + timedelta(seconds=2)  # the last join
    assert store.summary(key) == ProgressSummary(2, 3, seen, "Annie")
    clock.advance(hours=1)
    assert store.summary(key).last_seen == seen  # reading a summary is not being seen
    other = store.create_learner().key
    assert store.summary(other).steps_done == 0  # and only this learner's
    with pytest.raises(UnknownLearner):
        store.summary(keys.new_learner_key())


def test_a_device_preview_shows_what_the_code_continues_without_spending_it(
        store: Store, clock: Clock) -> None:
    key = store.create_learner().key
    store.mark_step(key, StepMark("classic-01", "a", 0))
    store.record_attempt(key, wrong_at_pile())
    store.join_class(key, store.create_class(ClassSpec("Club", "en", ())).info.code, "Zoë")
    code = store.device_code(key)
    clock.advance(hours=2)
    typed = code.code.lower().replace("-", " ")
    preview = store.device_preview(typed)
    assert preview == DevicePreview(1, 1, T0, "Zoë", T0 + timedelta(days=1))
    assert preview.expires_at == code.expires_at and isinstance(preview, ProgressSummary)
    assert store.device_preview(code.code) == preview  # not spent, and not marked seen
    other = store.redeem(code.code)
    assert store.summary(other).steps_done == 1
    with pytest.raises(UnknownDeviceCode, match="device code"):
        store.device_preview(code.code)  # spent by redeem
    late = store.device_code(key)
    clock.advance(days=1)
    with pytest.raises(UnknownDeviceCode):
        store.device_preview(late.code)  # expired
    with pytest.raises(UnknownDeviceCode):
        store.device_preview("ZZZZ-ZZZZ" if late.code != "ZZZZ-ZZZZ" else "YYYY-YYYY")
    for malformed in ("ABCD-EFG0", "ABC", "", None):
        with pytest.raises(MalformedKey, match="device code"):
            store.device_preview(malformed)  # type: ignore[arg-type]


def test_clean_up_deletes_only_the_learners_who_kept_nothing_and_left_long_ago(
        store: Store, clock: Clock, url: str) -> None:
    made = {name: store.create_learner().key for name in (
        "empty", "cleared", "device", "step", "attempt", "mastery", "practice", "member",
        "recent", "just_idle")}
    store.save_practice(made["cleared"], "{}")
    store.clear_practice(made["cleared"])  # kept something once, nothing now
    second_key = store.redeem(store.device_code(made["device"]).code)
    store.device_code(made["device"])  # expires before the clean-up
    store.mark_step(made["step"], StepMark("classic-01", "a", 0))
    for name in ("attempt", "mastery"):
        store.record_attempt(made[name], wrong_at_pile())
    store.save_practice(made["practice"], "{}")
    store.join_class(made["member"], store.create_class(ClassSpec("C", "en", ())).info.code)
    engine = sa.create_engine(url)
    with engine.begin() as connection:  # one kind of row each: an attempt alone, mastery alone
        ids = {name: connection.execute(sa.select(schema.learner_keys.c.learner_id).where(
            schema.learner_keys.c.key_hash == keys.digest(made[name]))).scalar_one()
            for name in ("attempt", "mastery")}
        connection.execute(schema.mastery.delete()
                           .where(schema.mastery.c.learner_id == ids["attempt"]))
        connection.execute(schema.mastery.update()
                           .where(schema.mastery.c.learner_id == ids["mastery"])
                           .values(last_error_id=None))
        connection.execute(schema.attempts.delete()
                           .where(schema.attempts.c.learner_id == ids["mastery"]))
    engine.dispose()
    clock.advance(days=1)
    store.learner(made["just_idle"])  # last seen exactly 30 days before the clean-up
    clock.advance(days=5)
    store.learner(made["recent"])  # 25 days before
    clock.advance(days=25)
    with pytest.raises(InvalidValue, match="idle"):
        store.clean_up(timedelta(hours=23))
    assert store.clean_up() == 3
    gone = {"empty", "cleared", "device"}
    for name, key in made.items():
        if name in gone:
            with pytest.raises(UnknownLearner):
                store.learner(key)
        else:
            store.learner(key)
    with pytest.raises(UnknownLearner):
        store.learner(second_key)
    assert _count(url, schema.learners) == len(made) - 3
    assert _count(url, schema.learner_keys) == len(made) - 3  # the device's second key too
    assert _count(url, schema.device_codes) == 0
    assert store.clean_up() == 0
    clock.advance(days=31)
    assert store.clean_up(timedelta(days=30)) == 2  # now "recent" and "just_idle" too


# ----- lessons and practice ---------------------------------------------------------------------


def test_steps_done_stay_done_and_skipped_ones_can_be_done_later(
        store: Store, clock: Clock) -> None:
    key = store.create_learner().key
    store.mark_step(key, StepMark("classic-01", "b", 1, StepStatus.SKIPPED))
    store.mark_step(key, StepMark("classic-01", "a", 0))
    clock.advance(minutes=1)
    store.mark_step(key, StepMark("classic-01", "a", 0, StepStatus.SKIPPED))  # stays done
    store.mark_step(key, StepMark("classic-01", "b", 1))  # skipped, then done
    store.mark_step(key, StepMark("classic-02", "x", 0, StepStatus.SKIPPED))
    rows = store.steps(key)
    assert [(r.lesson_id, r.step_id, r.status) for r in rows] == [
        ("classic-01", "a", StepStatus.DONE), ("classic-01", "b", StepStatus.DONE),
        ("classic-02", "x", StepStatus.SKIPPED)]
    assert rows[0].at == T0 and rows[1].at == T0 + timedelta(minutes=1)
    assert [r.step_id for r in store.steps(key, "classic-02")] == ["x"]


def test_the_practice_hand_is_kept_replaced_and_cleared(store: Store, clock: Clock) -> None:
    key = store.create_learner().key
    assert store.practice(key) is None
    store.save_practice(key, '{"moves": [1]}')
    clock.advance(seconds=30)
    store.save_practice(key, '{"moves": [1, 2]}')
    saved = store.practice(key)
    assert saved is not None and saved.record == '{"moves": [1, 2]}'
    assert saved.saved_at == T0 + timedelta(seconds=30)
    store.clear_practice(key)
    assert store.practice(key) is None


# ----- attempts, mastery, review ----------------------------------------------------------------


def test_attempts_move_mastery_and_review_brings_back_what_was_got_wrong(
        store: Store, clock: Clock) -> None:
    key = store.create_learner().key
    after = store.record_attempt(key, attempt(("C-MELD-1", "C-MELD-1", "C-INIT-1"), True))
    assert [(m.rule_id, m.box, m.right) for m in after] == [("C-MELD-1", 1, 1),
                                                            ("C-INIT-1", 1, 1)]
    store.record_attempt(key, wrong_at_pile())
    review = store.review(key)
    assert [item.mastery.rule_id for item in review] == ["C-PILE-4"]
    error = review[0].error
    assert error is not None and error.position == POSITION and error.action == "take KH 2C"
    assert error.reasons == (Reason.of("C-PILE-4", top="KD", wilds=1),)
    assert (error.lesson_id, error.step_id, error.source) == ("classic-08", "frozen",
                                                              Source.LESSON)
    store.record_attempt(key, Attempt(Source.REVIEW, ("C-PILE-4",), True))
    assert store.review(key) == ()
    clock.advance(days=1)
    assert [item.mastery.rule_id for item in store.review(key)] == ["C-INIT-1", "C-MELD-1",
                                                                    "C-PILE-4"]
    levels = {m.rule_id: (m.box, m.level, m.wrong) for m in store.mastery(key)}
    assert levels == {"C-INIT-1": (1, 0.2, 0), "C-MELD-1": (1, 0.2, 0), "C-PILE-4": (1, 0.2, 1)}
    assert store.mastery(key)[0].due_at == T0 + INTERVALS[1]


def test_a_right_answer_keeps_the_position_of_the_last_error_for_review(store: Store) -> None:
    key = store.create_learner().key
    store.record_attempt(key, wrong_at_pile())
    store.record_attempt(key, attempt(("C-PILE-4",), False))  # wrong, but no position kept
    item = store.review(key)[0]
    assert item.error is not None and item.error.position == POSITION
    assert [e.position for e in store.recent_errors(key)] == [None, POSITION]


def test_a_learner_sees_only_their_own_data(store: Store) -> None:
    ann, bob = store.create_learner().key, store.create_learner().key
    store.mark_step(ann, StepMark("classic-01", "cards", 0))
    store.record_attempt(ann, wrong_at_pile())
    store.save_practice(ann, "{}")
    assert store.steps(bob) == () and store.mastery(bob) == () and store.review(bob) == ()
    assert store.recent_errors(bob) == () and store.practice(bob) is None
    assert store.my_classes(bob) == ()


@pytest.mark.parametrize(("bad", "field"), [
    ({"rules": ("C-PILE-4; DROP TABLE",)}, "rule id"),
    ({"rules": tuple(f"R-{n}" for n in range(51))}, "rule id"),
    ({"position": "x" * 64_001}, "position"),
    ({"lesson_id": "l" * 101}, "lesson id"),
    ({"action": "a" * 201}, "action"),
])
def test_an_attempt_out_of_bounds_is_refused_naming_the_field(
        store: Store, bad: dict[str, object], field: str) -> None:
    key = store.create_learner().key
    values: dict[str, object] = {"rules": ("C-PILE-4",), **bad}
    rules = values.pop("rules")
    with pytest.raises(InvalidValue, match=field):
        store.record_attempt(key, attempt(rules, False, **values))  # type: ignore[arg-type]
    assert store.mastery(key) == ()


def test_other_bad_values_are_refused_naming_them(store: Store) -> None:
    with pytest.raises(InvalidValue, match="language"):
        store.create_learner("english please")
    with pytest.raises(InvalidValue, match="settings"):
        store.create_learner("en", {"x": float("nan")})
    key = store.create_learner().key
    with pytest.raises(InvalidValue, match="step index"):
        store.mark_step(key, StepMark("classic-01", "a", -1))
    with pytest.raises(InvalidValue, match="class name"):
        store.create_class(ClassSpec("   ", "en", ()))


# ----- text people type -------------------------------------------------------------------------

REFUSED = {"\x00": "U+0000", "\x1b": "U+001B", "\x07": "U+0007", "\u202e": "U+202E",
           "\x7f": "U+007F", "\x9b": "U+009B", "\u2066": "U+2066", "\ud800": "U+D800"}
ORDINARY = ["Clube de Canastra — Sábado", "Ομάδα της Τρίτης", "Zoë 👩‍👩‍👧 🃏", "María José",
            "קנסטה בערב", "Ann  B\tC\n", "l'école Noël ☕"]


@pytest.mark.parametrize(("char", "shown"), REFUSED.items(), ids=REFUSED.values())
def test_a_control_character_in_a_name_or_nickname_is_an_invalid_value(
        store: Store, url: str, char: str, shown: str) -> None:
    """Refused alike on both backends, before the database (PostgreSQL's NUL error would be
    StoreUnavailable: "progress is not being saved")."""
    message = re.escape(f": contains a control character ({shown}); remove it")
    with pytest.raises(InvalidValue, match="class name" + message):
        store.create_class(ClassSpec(f"Club {char}x", "en", ()))
    room = store.create_class(ClassSpec("Club", "en", ()))
    key = store.create_learner().key
    store.join_class(key, room.info.code, "Ann")
    with pytest.raises(InvalidValue, match="nickname" + message):
        store.join_class(key, room.info.code, f"{char}Bob")
    with pytest.raises(InvalidValue, match="action" + message):
        store.record_attempt(key, attempt(("C-MELD-1",), False, action=f"take {char}"))
    assert [m.nickname for m in store.class_report(room.info.code, room.teacher_key).members
            ] == ["Ann"]
    assert _count(url, schema.classes) == 1 and store.mastery(key) == ()
    assert check.control_character(f"ok {char} {chr(0)}") == shown  # the first one


@pytest.mark.parametrize(("settings", "field"), [
    ({"name": "a\x00b"}, "settings.name"),
    ({"x\x1b[31m": 1}, "settings key"),
    ({"hands": [{"who": "ok"}, {"who": "\u202eevil"}]}, "settings.hands[1].who"),
    ({"two words": ["\x07"]}, "settings['two words'][0]"),
])
def test_a_control_character_anywhere_in_settings_is_an_invalid_value(
        store: Store, settings: dict[str, object], field: str) -> None:
    key = store.create_learner("en", {"pace": "slow"}).key
    for call in (lambda: store.create_learner("en", settings),
                 lambda: store.adopt_learner(keys.new_learner_key(), "en", settings),
                 lambda: store.update_learner(key, settings=settings)):
        with pytest.raises(InvalidValue) as caught:
            call()
        assert str(caught.value).startswith(f"{field}: contains a control character (U+")
    assert dict(store.learner(key).settings) == {"pace": "slow"}


def test_a_nul_in_a_position_or_record_is_an_invalid_value(store: Store) -> None:
    key = store.create_learner().key
    with pytest.raises(InvalidValue, match="practice record"):
        store.save_practice(key, '{"a": "\x00"}')
    with pytest.raises(InvalidValue, match="position"):
        store.record_attempt(key, attempt(("C-MELD-1",), False, position="{\x00}"))
    assert store.practice(key) is None and store.mastery(key) == ()


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_with_accents_emoji_greek_and_spaces_is_kept(store: Store,
                                                                   text: str) -> None:
    assert check.control_character(text) is None  # the UI's own check lets it through
    clean = " ".join(text.split())
    room = store.create_class(ClassSpec(text, "en", ()))
    assert room.info.name == store.class_info(room.info.code).name == clean
    key = store.create_learner("el", {"nick": text, "list": [text]}).key
    store.join_class(key, room.info.code, text[:40])
    [member] = store.class_report(room.info.code, room.teacher_key).members
    assert member.nickname == " ".join(text[:40].split())
    assert dict(store.learner(key).settings) == {"nick": text, "list": [text]}


def test_control_character_finds_exactly_the_refused_characters() -> None:
    def refused(point: int) -> bool:
        category = unicodedata.category(chr(point))
        return ((category == "Cc" and chr(point) not in "\t\n\r") or category == "Cs"
                or 0x202A <= point <= 0x202E or 0x2066 <= point <= 0x2069)

    for point in range(0x110000):
        found = check.control_character(f"a{chr(point)}b")
        assert (found == f"U+{point:04X}") if refused(point) else found is None, hex(point)
    assert check.control_character("") is None
    assert check.control_character("\u200d\u200e\u200f\ufeff") is None  # joiners, marks


# ----- classes ----------------------------------------------------------------------------------


def test_the_teacher_sees_progress_heatmap_trouble_and_last_errors(store: Store,
                                                                    clock: Clock) -> None:
    room = store.create_class(ClassSpec("Tuesday club", "en", ("classic-02", "classic-01")))
    code = room.info.code
    assert len(code) == 7 and store.class_info(code.lower()).name == "Tuesday club"
    ann, bob, stranger = (store.create_learner().key for _ in range(3))
    assert store.join_class(ann, code, "Ann").lessons == ("classic-02", "classic-01")
    clock.advance(seconds=1)
    store.join_class(bob, code.replace("-", ""))
    store.join_class(bob, code)  # joining again changes nothing
    for step, index in (("a", 0), ("b", 1)):
        store.mark_step(ann, StepMark("classic-01", step, index))
    store.mark_step(bob, StepMark("classic-01", "a", 0, StepStatus.SKIPPED))
    store.mark_step(bob, StepMark("classic-05", "a", 0))
    store.record_attempt(ann, wrong_at_pile())
    clock.advance(seconds=1)
    store.record_attempt(ann, wrong_at_pile("C-INIT-1"))
    store.record_attempt(bob, wrong_at_pile())
    store.record_attempt(bob, attempt(("C-MELD-1",), True))
    store.record_attempt(stranger, wrong_at_pile("C-OUT-1"))  # not in the class

    report = store.class_report(code, room.teacher_key, errors=1)
    assert [(m.number, m.nickname) for m in report.members] == [(1, "Ann"), (2, "")]
    assert report.lessons == ("classic-02", "classic-01", "classic-05")
    assert [[(c.done, c.skipped) for c in m.lessons] for m in report.members] == [
        [(0, 0), (2, 0), (0, 0)], [(0, 0), (0, 1), (1, 0)]]
    assert report.rules == ("C-PILE-4", "C-INIT-1", "C-MELD-1")
    assert report.heatmap == ((0.0, 0.0, None), (0.0, None, 0.2))
    assert [(t.rule_id, t.wrong, t.learners) for t in report.trouble] == [
        ("C-PILE-4", 2, 2), ("C-INIT-1", 1, 1)]
    assert [[e.rules for e in m.errors] for m in report.members] == [[("C-INIT-1",)],
                                                                     [("C-PILE-4",)]]
    assert report.members[0].errors[0].reasons[0].rule == "C-INIT-1"
    assert [c.name for c in store.my_classes(ann)] == ["Tuesday club"]

    store.leave_class(bob, code)
    assert len(store.class_report(code, room.teacher_key).members) == 1


def test_a_class_is_protected_by_its_teacher_key(store: Store) -> None:
    room = store.create_class(ClassSpec("Club", "en", ()))
    other = store.create_class(ClassSpec("Other", "en", ()))
    with pytest.raises(WrongTeacherKey):
        store.class_report(room.info.code, other.teacher_key)
    with pytest.raises(MalformedKey, match="teacher key"):
        store.class_report(room.info.code, "letmein")
    with pytest.raises(MalformedKey, match="class code"):
        store.join_class(store.create_learner().key, "nope")
    with pytest.raises(UnknownClass):
        store.class_info("ZZZ-ZZZ" if room.info.code != "ZZZ-ZZZ" else "YYY-YYY")


# ----- faults -----------------------------------------------------------------------------------


def test_an_unreachable_database_is_store_unavailable_without_its_password() -> None:
    with pytest.raises(StoreUnavailable) as caught:
        Store.open("postgresql://tutor:s3cret@127.0.0.1:9/tutor")
    assert "s3cret" not in str(caught.value) and "127.0.0.1:9" in str(caught.value)
    with pytest.raises(StoreUnavailable, match="folder"):
        Store.open("sqlite:////proc/no-such-folder/tutor.db")


def test_a_bad_or_unsupported_url_is_an_invalid_value() -> None:
    for url in ("not a url", "mysql://x@y/z"):
        with pytest.raises(InvalidValue, match="database URL"):
            Store.open(url)


def _hold_lock(url: str, ready: threading.Event, release: threading.Event) -> None:
    """Lock the database (SQLite) or the attempts table (PostgreSQL) until ``release``."""
    if url.startswith("sqlite"):
        connection = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        connection.execute("BEGIN EXCLUSIVE")
        ready.set()
        release.wait(10)
        connection.execute("ROLLBACK")
        connection.close()
        return
    engine = sa.create_engine(url)
    with engine.begin() as held:
        held.execute(sa.text("LOCK TABLE attempts IN ACCESS EXCLUSIVE MODE"))
        ready.set()
        release.wait(10)
    engine.dispose()


def test_a_locked_database_is_store_unavailable_and_loses_nothing(
        store: Store, url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    key = store.create_learner().key
    store.record_attempt(key, attempt(("C-MELD-1",), True))
    store.close()
    monkeypatch.setattr(connect, "WAIT_SECONDS", 0.3)
    impatient = Store.open(url, clock=clock)
    ready, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=_hold_lock, args=(url, ready, release))
    holder.start()
    try:
        assert ready.wait(10)
        with pytest.raises(StoreUnavailable):
            impatient.record_attempt(key, attempt(("C-MELD-1", "C-INIT-1"), False))
    finally:
        release.set()
        holder.join()
    assert [(m.rule_id, m.right, m.wrong) for m in impatient.mastery(key)] == [
        ("C-MELD-1", 1, 0)]  # the failed attempt left no half of itself
    impatient.record_attempt(key, attempt(("C-MELD-1",), False))
    assert impatient.mastery(key)[0].wrong == 1
    impatient.close()


def test_two_writers_on_one_learner_lose_no_update(store: Store, url: str, clock: Clock) -> None:
    """Two tabs (here two stores, as two replicas would be) answering at once."""
    key = store.create_learner().key
    second = Store.open(url, clock=clock)
    rounds = 25
    failures: list[BaseException] = []

    def tab(which: Store, lesson: str) -> None:
        try:
            for index in range(rounds):
                which.record_attempt(key, attempt(("C-MELD-1", "C-PILE-4"), True))
                which.mark_step(key, StepMark(lesson, f"s{index}", index))
                which.save_practice(key, f'{{"tab": "{lesson}", "move": {index}}}')
        except BaseException as exc:  # reported below, in the test's own thread
            failures.append(exc)

    tabs = [threading.Thread(target=tab, args=(which, lesson))
            for which, lesson in ((store, "classic-01"), (second, "classic-02"))]
    for thread in tabs:
        thread.start()
    for thread in tabs:
        thread.join()
    second.close()
    assert failures == []
    assert [(m.rule_id, m.right, m.box) for m in store.mastery(key)] == [
        ("C-MELD-1", 2 * rounds, 1), ("C-PILE-4", 2 * rounds, 1)]
    assert len(store.steps(key)) == 2 * rounds
    saved = store.practice(key)
    assert saved is not None and f'"move": {rounds - 1}' in saved.record


# ----- schema, migrations, settings -------------------------------------------------------------


def test_the_migrations_make_exactly_the_schema_and_run_once(store: Store, url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = connect.make_engine(connect.normal_url(url))
    with engine.connect() as connection:
        assert migrate.current(connection) == migrate.head() == "0001"
        assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
    migrate.upgrade(engine)  # at the head: nothing to do, nothing fails
    engine.dispose()
    Store.open(url).close()


def test_the_url_comes_from_the_setting_else_the_users_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor import config

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert connect.default_url() == f"sqlite:///{tmp_path / 'share' / 'canasta-tutor' / 'tutor.db'}"
    target = tmp_path / "chosen.db"
    monkeypatch.setenv("CANASTA_TUTOR_DB_URL", f"sqlite:///{target}")
    config.settings.cache_clear()
    try:
        opened = Store.open()
        assert opened.where == f"sqlite:///{target}" and target.exists()
        opened.close()
    finally:
        monkeypatch.delenv("CANASTA_TUTOR_DB_URL")
        config.settings.cache_clear()
    assert connect.normal_url("postgres://u@h/d").drivername == "postgresql+psycopg"


def test_every_store_error_is_a_store_error() -> None:
    for error in (InvalidValue, MalformedKey, UnknownLearner, UnknownClass, UnknownDeviceCode,
                  WrongTeacherKey, StoreUnavailable):
        assert issubclass(error, StoreError)


def test_the_engine_imports_nothing_of_the_store() -> None:
    engine = Path(__file__).resolve().parent.parent / "tutor" / "engine"
    forbidden = {"sqlalchemy", "alembic", "psycopg"}
    for module in sorted(engine.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     else [])
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{module.name} imports {name}"
                assert not name.startswith("tutor.store"), f"{module.name} imports {name}"
