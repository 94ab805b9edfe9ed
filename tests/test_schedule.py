"""Leitner scheduling (tutor/store/schedule.py) with a fixed clock, and properties over random
attempt sequences: mastery stays in 0..1, a right answer never moves a due date earlier."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tutor.store.schedule import DROP, INTERVALS, TOP_BOX, RuleState, answer, review_order

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def test_a_first_right_answer_puts_the_rule_in_box_one_due_a_day_later() -> None:
    state = answer(None, True, T0)
    assert (state.box, state.due, state.right, state.wrong, state.last) == (1, T0 + DAY, 1, 0, T0)
    assert state.mastery == 1 / TOP_BOX


def test_a_first_wrong_answer_leaves_the_rule_learning_and_due_at_once() -> None:
    state = answer(None, False, T0)
    assert (state.box, state.due, state.right, state.wrong) == (0, T0, 0, 1)
    assert state.is_due(T0)


def test_right_answers_when_due_climb_one_box_each_with_longer_waits() -> None:
    state, now = answer(None, True, T0), T0
    for box in range(2, TOP_BOX + 1):
        now = state.due
        state = answer(state, True, now)
        assert (state.box, state.due) == (box, now + INTERVALS[box])
    now = state.due
    state = answer(state, True, now)  # the top box stays the top box
    assert (state.box, state.due) == (TOP_BOX, now + INTERVALS[TOP_BOX])


def test_a_right_answer_before_the_rule_is_due_changes_neither_box_nor_due_date() -> None:
    state = answer(answer(None, True, T0), True, T0 + timedelta(hours=2))
    assert (state.box, state.due, state.right) == (1, T0 + DAY, 2)
    assert state.last == T0 + timedelta(hours=2)


def test_a_wrong_answer_drops_the_rule_two_boxes_and_makes_it_due_now() -> None:
    state = RuleState(box=4, due=T0 + 10 * DAY, right=7)
    later = T0 + 3 * DAY
    after = answer(state, False, later)
    assert (after.box, after.due, after.right, after.wrong) == (4 - DROP, later, 7, 1)
    assert answer(RuleState(box=1, due=T0), False, T0).box == 0


def test_review_order_is_the_due_rules_weakest_then_longest_overdue_first() -> None:
    states = [
        ("A", RuleState(box=3, due=T0 - DAY)),
        ("B", RuleState(box=1, due=T0 - timedelta(hours=1))),
        ("C", RuleState(box=1, due=T0 - 2 * DAY)),
        ("D", RuleState(box=0, due=T0 + timedelta(seconds=1))),  # not yet due
        ("E", RuleState(box=0, due=T0)),
    ]
    assert review_order(states, T0, limit=10) == ("E", "C", "B", "A")
    assert review_order(states, T0, limit=2) == ("E", "C")


attempt_sequences = st.lists(
    st.tuples(st.booleans(), st.integers(min_value=-2 * 86_400, max_value=40 * 86_400)),
    max_size=60,
)


@given(attempt_sequences)
def test_mastery_stays_in_range_and_right_answers_never_bring_a_due_date_forward(
        attempts: list[tuple[bool, int]]) -> None:
    state: RuleState | None = None
    now = T0
    for correct, step in attempts:
        now += timedelta(seconds=step)  # the clock may even step back (two replicas' clocks)
        after = answer(state, correct, now)
        assert 0 <= after.box <= TOP_BOX and 0.0 <= after.mastery <= 1.0
        if correct and state is not None:
            assert after.due >= state.due
            assert after.box >= state.box
        if not correct:
            assert after.due == now and after.is_due(now)
        assert after.right + after.wrong == (0 if state is None else state.right + state.wrong) + 1
        state = after
