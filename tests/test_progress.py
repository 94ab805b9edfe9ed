"""The app's progress glue (tutor/ui/progress.py) through AppTest, on this test's own store.

AppTest sends no cookies (``st.context.cookies`` is a mock there), so a returning browser is
played by patching :func:`tutor.ui.identity.read` to give the key its cookie would hold.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.engine import Action, judge, new_game, rule_set
from tutor.i18n import translator
from tutor.store import (
    Attempt,
    ClassSpec,
    Source,
    StepMark,
    Store,
    StoreUnavailable,
    UnknownLearner,
    limits,
)
from tutor.store.outbox import Saver
from tutor.ui import attempts, identity, progress
from tutor.ui.card_table import mounted_data
from tutor.ui.practice_table import handle_intent
from tutor.ui.session import KEY
from tutor.ui.text import escape_markdown

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


@pytest.fixture
def store(own_store: str) -> Store:
    return Store.open(own_store)


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def app(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for name, value in query.items():
        at.query_params[name] = value
    return run(at)


def returning(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    """This browser sends ``key`` in its cookie."""
    monkeypatch.setattr(identity, "read", lambda: key)


def cookie_written(at: AppTest) -> str:
    """The key the identity element writes into the cookie (without its "new." mark)."""
    [element] = [e for e in at.get("bidi_component") if e.key.startswith("identity")]
    data = json.loads(element.proto.json)
    assert data["name"] == identity.COOKIE and data["max_age"] == identity.MAX_AGE
    sent = identity.parse(str(data["value"]))
    assert sent is not None, data["value"]
    return sent.key


def toasts(at: AppTest) -> list[str]:
    return [str(t.value) for t in at.toast]


def test_a_first_visit_gets_a_key_and_its_row_comes_with_the_first_progress(
        store: Store) -> None:
    at = app(lesson="cards-and-values", step="4")
    key = at.session_state[progress.STATE].key
    assert key and cookie_written(at) == key
    with pytest.raises(UnknownLearner):  # no row for a visit without progress
        store.learner(key)
    next(b for b in at.button if b.key and b.key.startswith("choice-") and b.label == "85"
         ).click()
    run(at)
    assert store.learner(key).language == "en"
    assert store.steps(key) and cookie_written(at) == key
    run(at)  # the next run's cookie no longer calls the key new
    element = next(e for e in at.get("bidi_component") if e.key.startswith("identity"))
    assert not json.loads(element.proto.json)["value"].startswith(identity.NEW)


def test_a_done_step_is_kept_and_a_returning_browser_gets_it_back(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    at = app(lesson="cards-and-values", step="4")
    next(b for b in at.button if b.key and b.key.startswith("choice-") and b.label == "85"
         ).click()
    run(at)
    key = at.session_state[progress.STATE].key
    assert ("cards-and-values", "value-of-a-hand") in {
        (s.lesson_id, s.step_id) for s in store.steps(key)}
    errors_and_right = store.mastery(key)
    assert errors_and_right and all(m.right >= 1 for m in errors_and_right)
    # A reload, then a teacher's deep link into another lesson: the progress is still there.
    returning(monkeypatch, key)
    again = app(lesson="taking-the-pile", step="1")
    assert "value-of-a-hand" in again.session_state[KEY].progress["cards-and-values"]
    assert again.session_state[progress.STATE].key == key


def test_a_wrong_answer_is_an_error_with_the_lessons_rules(store: Store) -> None:
    at = app(lesson="cards-and-values", step="4")
    next(b for b in at.button if b.key and b.key.startswith("choice-") and b.label != "85"
         ).click()
    run(at)
    key = at.session_state[progress.STATE].key
    [error] = store.recent_errors(key)
    assert error.source is Source.LESSON and error.lesson_id == "cards-and-values"
    assert error.rules


def test_an_unknown_or_malformed_key_starts_afresh_with_a_message(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    other = store.create_learner("de")
    store.mark_step(other.key, StepMark("cards-and-values", "value-of-a-hand", 3))
    store.forget(other.key)
    for sent in (other.key, "not a key at all"):
        returning(monkeypatch, sent)
        at = app()
        key = at.session_state[progress.STATE].key
        assert key not in (None, sent) and cookie_written(at) == key
        assert not at.session_state[KEY].progress
        assert any("afresh" in text for text in toasts(at))


def test_a_device_link_asks_first_then_continues_the_same_learner(store: Store) -> None:
    first = store.create_learner("sv")
    store.mark_step(first.key, StepMark("cards-and-values", "value-of-a-hand", 3))
    code = store.device_code(first.key).code
    at = app(device=code)
    assert "device" not in at.query_params
    own = at.session_state[progress.STATE].key
    assert not at.session_state[KEY].progress and own != first.key  # nothing switched yet
    asked = " ".join(str(m.value) for m in at.markdown)
    assert "another device" in asked and "1 lesson step done" in asked, asked
    at.button(key="device-take").click()
    run(at)
    session = at.session_state[KEY]
    assert session.lang == "sv" and "value-of-a-hand" in session.progress["cards-and-values"]
    new_key = at.session_state[progress.STATE].key
    assert new_key not in (first.key, own) and cookie_written(at) == new_key
    assert not any(b.key == "device-take" for b in at.button)  # asked once
    # Used once: the same link on a third device says so and switches nothing.
    third = app(device=code)
    assert not third.session_state[KEY].progress
    assert any("device code" in str(e.value) for e in third.error)


def test_keep_mine_leaves_the_learner_and_the_code_unspent(store: Store) -> None:
    sender = store.create_learner("de")
    store.mark_step(sender.key, StepMark("taking-the-pile", "frozen", 2))
    code = store.device_code(sender.key).code
    at = app(lesson="cards-and-values", step="4")
    next(b for b in at.button if b.key and b.key.startswith("choice-") and b.label == "85"
         ).click()
    run(at)
    mine = at.session_state[progress.STATE].key
    store.join_class(sender.key, store.create_class(ClassSpec("4B", "en", ())).info.code,
                     "Sender")
    at.query_params["device"] = code
    run(at)
    asked = " ".join(str(m.value) for m in at.markdown)
    assert "Sender" in asked and "Your progress in this browser: 1 lesson step done" in asked
    at.button(key="device-keep").click()
    run(at)
    assert at.session_state[progress.STATE].key == mine
    assert not any(b.key == "device-take" for b in at.button)
    assert [s.step_id for s in store.steps(mine)] == ["value-of-a-hand"]
    assert store.device_preview(code).steps_done == 1  # not spent: still usable by its owner


def practice_click(at: AppTest, kind: str) -> None:
    table = next(e for e in at.get("bidi_component") if e.key == "table")
    version = mounted_data(table.proto.json)["version"]
    handle_intent(at.session_state[KEY], {"kind": kind, "selected": [], "version": version},
                  translator("en"))
    run(at)


def deal(at: AppTest) -> AppTest:
    at.switch_page("app_pages/practice.py")
    run(at)
    at.button(key="new_hand").click()
    return run(at)


def test_the_practice_hand_is_saved_and_resumed_after_a_reload(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    at = deal(app())
    practice_click(at, "draw")
    moves = len(at.session_state[KEY].practice.record().moves)
    key = at.session_state[progress.STATE].key
    saved = store.practice(key)
    assert saved is not None and moves > 0
    returning(monkeypatch, key)
    again = app()
    again.switch_page("app_pages/practice.py")
    run(again)
    resumed = again.session_state[KEY].practice
    assert resumed is not None and len(resumed.record().moves) == moves
    assert any("resumed" in str(info.value) for info in again.info)


def test_an_illegal_practice_move_is_kept_with_its_position_for_review(store: Store) -> None:
    at = deal(app())
    practice_click(at, "pass")  # before drawing: the engine forbids it
    key = at.session_state[progress.STATE].key
    [error] = store.recent_errors(key)
    assert error.source is Source.PRACTICE and error.reasons and error.position
    at.switch_page("app_pages/review.py")
    run(at)
    assert any(e.key == "review_table" for e in at.get("bidi_component"))
    assert at.get("plotly_chart"), "the mastery chart"


def test_review_with_nothing_due_says_so(store: Store) -> None:
    at = app()
    at.switch_page("app_pages/review.py")
    run(at)
    assert any("Nothing is due" in str(info.value) for info in at.info)


class Outage:
    """A store that can be switched off: opening it fails while ``down``."""

    def __init__(self, url: str) -> None:
        self.down = True
        self.saver = Saver(url, opener=self.open, background=False)

    def open(self, url: str) -> Store:
        if self.down:
            raise StoreUnavailable("switched off by the test")
        return Store.open(url)


def test_a_store_down_at_the_first_visit_keeps_the_key_and_writes_everything_later(
        store: Store, own_store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    outage = Outage(own_store)
    monkeypatch.setattr(progress, "saver", lambda: outage.saver)
    at = app(lesson="cards-and-values", step="4")
    key = at.session_state[progress.STATE].key
    assert key and cookie_written(at) == key  # a key at once, kept in the cookie
    next(b for b in at.button if b.key and b.key.startswith("choice-") and b.label == "85"
         ).click()
    run(at)
    assert any("Right!" in s.value for s in at.success)
    assert sum("not being saved" in text for text in toasts(at)) <= 1
    # A reload while the store is still down: the same key, nothing lost.
    returning(monkeypatch, identity.value_of(key, True))
    again = app(lesson="cards-and-values", step="2")
    assert again.session_state[progress.STATE].key == key and cookie_written(again) == key
    outage.down = False
    assert outage.saver.retry_now() == 0  # what the background thread does when it answers
    assert "value-of-a-hand" in [s.step_id for s in store.steps(key)]
    assert store.mastery(key), "the quiz answer written with its rules"


def test_forget_me_deletes_the_learner_and_starts_afresh(store: Store) -> None:
    at = app(lesson="cards-and-values", step="4")
    key = at.session_state[progress.STATE].key
    at.session_state["progress-box"] = True  # open the sidebar's fold
    run(at)
    at.button(key="forget").click()
    run(at)
    at.button(key="forget-yes").click()
    run(at)
    new_key = at.session_state[progress.STATE].key
    assert new_key and new_key != key and cookie_written(at) == new_key
    with pytest.raises(Exception, match="no learner"):
        store.steps(key)


def test_joining_a_class_and_the_teachers_page(store: Store) -> None:
    made = store.create_class(ClassSpec("4B", "en", ("cards-and-values",)))
    at = app()
    at.switch_page("app_pages/classes.py")
    at.query_params["join"] = made.info.code
    run(at)
    at.text_input(key="join-nickname").set_value("Ada")
    at.button[-1].click()  # the form's Join
    run(at)
    assert any("You joined" in str(s.value) for s in at.success)
    key = at.session_state[progress.STATE].key
    assert [info.code for info in store.my_classes(key)] == [made.info.code]
    store.record_attempt(key, _wrong_pass(at))
    teacher = app()
    teacher.switch_page("app_pages/classes.py")
    teacher.query_params["class"] = made.info.code
    teacher.query_params["teacher"] = "x" * 43
    run(teacher)
    assert teacher.error and not teacher.get("plotly_chart")
    assert teacher.text_input(key="class-name"), "a wrong link leaves the class form usable"
    teacher.query_params["class"] = made.info.code
    teacher.query_params["teacher"] = made.teacher_key
    run(teacher)
    assert not teacher.error
    assert list(teacher.dataframe[0].value.iloc[:, 0]) == ["Ada"]
    assert teacher.get("plotly_chart"), "the heatmap"
    [box] = [e for e in teacher.expander if e.label == "Ada"]
    told = " ".join(str(m.value) for m in box.markdown)
    assert "Move tried:" in told and "C-" not in told, told  # in words, no rule ids
    [link] = teacher.get("page_link")  # the assigned lesson, a link that opens it
    assert "lesson=cards-and-values" in str(link.proto), link.proto


def _wrong_pass(at: AppTest) -> Attempt:
    """An illegal pass at the start of a practice hand, as the app would record it."""
    state = new_game(rule_set("classic-4p"), seed=3)
    verdict = judge(state, Action.parse("pass"), seat=0)
    assert not verdict.legal
    return attempts.practice_attempt(state, verdict)


PLANTED = ("[x](http://evil.example)", "![i](http://evil.example/i.png)",
           "<a href='http://e.example'>x</a><b>b</b>", ":red[alarm] **bold** www.evil.example",
           "Sam", "Sam")


def test_what_learners_type_is_text_on_the_teachers_page(store: Store) -> None:
    made = store.create_class(ClassSpec("4B [x](http://evil.example)", "en", ()))
    for nickname in PLANTED:
        member = store.create_learner()
        store.join_class(member.key, made.info.code, nickname)
        store.record_attempt(member.key, _wrong_pass(app()))
    teacher = app()
    teacher.switch_page("app_pages/classes.py")
    teacher.query_params["class"] = made.info.code
    teacher.query_params["teacher"] = made.teacher_key
    run(teacher)
    labels = [e.label for e in teacher.expander]
    for nickname in (*set(PLANTED), "Sam (2)"):
        assert escape_markdown(nickname) in labels, (nickname, labels)
    assert list(teacher.dataframe[0].value.iloc[:, 0]).count("Sam (2)") == 1
    spec = json.loads(teacher.get("plotly_chart")[0].proto.spec)
    rows = spec["data"][0]["y"]
    assert len(rows) == len(PLANTED) and len(set(rows)) == len(rows)  # two Sams, two rows
    assert "Sam" in rows and "Sam (2)" in rows
    assert "&lt;a href='http://e.example'&gt;x&lt;/a&gt;&lt;b&gt;b&lt;/b&gt;" in rows
    assert not any("<" in row for row in rows)
    assert all(re.fullmatch(r"[A-Z0-9-]+", rule) for rule in spec["data"][0]["customdata"][0])


def test_a_control_character_in_a_typed_name_is_refused_in_words(store: Store) -> None:
    at = app()
    at.switch_page("app_pages/classes.py")
    run(at)
    at.text_input(key="class-name").set_value("4B\x00\x1b[31m")
    next(b for b in at.button if "Create" in str(b.label)).click()
    run(at)
    assert any("control character" in str(e.value) for e in at.error)
    assert not any(e for e in at.code)  # no class made, no link shown


@pytest.fixture
def fresh_limits() -> Iterator[None]:
    limits._limiters.clear()  # the process's limiters: this test's tries only
    yield
    limits._limiters.clear()


def test_wrong_join_codes_are_limited_and_a_right_one_is_not_counted(
        store: Store, fresh_limits: None) -> None:
    made = store.create_class(ClassSpec("4B", "en", ()))
    per_minute = limits.CODE_LOOKUPS.per_client.count
    at = app()
    at.switch_page("app_pages/classes.py")
    for _ in range(3):  # right codes cost nothing
        at.query_params["join"] = made.info.code
        run(at)
        assert not at.error
    for number in range(per_minute):
        at.query_params["join"] = f"ZZZ-ZZ{'23456789'[number % 8]}"
        run(at)
        assert any("no class with this code" in str(e.value) for e in at.error)
        assert at.text_input(key="class-name"), "the class form stays usable"
    at.query_params["join"] = made.info.code  # even a right one waits now
    run(at)
    assert any("Too many wrong codes" in str(e.value) for e in at.error)
    assert "join" not in at.query_params
