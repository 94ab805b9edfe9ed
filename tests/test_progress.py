"""The app's progress glue (tutor/ui/progress.py) through AppTest, on this test's own store.

AppTest sends no cookies (``st.context.cookies`` is a mock there), so a returning browser is
played by patching :func:`tutor.ui.identity.read` to give the key its cookie would hold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.engine import Action, judge, new_game, rule_set
from tutor.i18n import translator
from tutor.store import Attempt, ClassSpec, Source, StepMark, Store
from tutor.ui import identity, progress
from tutor.ui.card_table import mounted_data
from tutor.ui.practice_table import handle_intent
from tutor.ui.session import KEY

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
    element = next(e for e in at.get("bidi_component") if e.key == "identity")
    data = json.loads(element.proto.json)
    assert data["name"] == identity.COOKIE and data["max_age"] == identity.MAX_AGE
    return str(data["value"])


def toasts(at: AppTest) -> list[str]:
    return [str(t.value) for t in at.toast]


def test_a_first_visit_makes_a_learner_and_writes_the_cookie(store: Store) -> None:
    at = app()
    key = at.session_state[progress.STATE].key
    assert key and cookie_written(at) == key
    assert store.learner(key).language == "en"


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


def test_a_device_link_continues_the_same_learner(store: Store) -> None:
    first = store.create_learner("sv")
    store.mark_step(first.key, StepMark("cards-and-values", "value-of-a-hand", 3))
    code = store.device_code(first.key).code
    at = app(device=code)
    session = at.session_state[KEY]
    assert session.lang == "sv" and "value-of-a-hand" in session.progress["cards-and-values"]
    new_key = at.session_state[progress.STATE].key
    assert new_key != first.key and cookie_written(at) == new_key
    assert "device" not in at.query_params
    # Used once: the same link on a third device gets a message and its own fresh learner.
    third = app(device=code)
    assert not third.session_state[KEY].progress
    assert any("device code" in text for text in toasts(third))


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


def test_a_store_that_is_down_still_teaches_and_says_so_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "store", lambda: None)
    at = app(lesson="cards-and-values", step="4")
    assert at.session_state[progress.STATE].key is None
    assert sum("not being saved" in text for text in toasts(at)) == 1
    next(b for b in at.button if b.key and b.key.startswith("choice-") and b.label == "85"
         ).click()
    run(at)
    assert any("Right!" in s.value for s in at.success)
    assert not any("not being saved" in text for text in toasts(at))  # told once


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
    teacher.query_params["teacher"] = made.teacher_key
    run(teacher)
    assert not teacher.error
    assert list(teacher.dataframe[0].value.iloc[:, 0]) == ["Ada"]
    assert teacher.get("plotly_chart"), "the heatmap"
    [box] = [e for e in teacher.expander if e.label == "Ada"]
    assert any("pass" in str(m.value) for m in box.markdown)


def _wrong_pass(at: AppTest) -> Attempt:
    """An illegal pass at the start of a practice hand, as the app would record it."""
    state = new_game(rule_set("classic-4p"), seed=3)
    verdict = judge(state, Action.parse("pass"), seat=0)
    assert not verdict.legal
    return progress.practice_attempt(state, verdict)
