"""The rate limiters (tutor/store/limits.py), on a clock the tests move by hand."""

from __future__ import annotations

import sys
import threading
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.store import InvalidValue, limits
from tutor.store.limits import Limiter, Rate


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_client_is_stopped_after_its_budget_and_allowed_again_after_the_window() -> None:
    clock = Clock()
    limiter = Limiter(Rate(3, 60), Rate(100, 60), clock)
    assert [limiter.allow("ann") for _ in range(4)] == [True, True, True, False]
    clock.now += 59.9
    assert not limiter.allow("ann")
    clock.now += 0.1  # a whole minute after the first three
    assert [limiter.allow("ann") for _ in range(4)] == [True, True, True, False]


def test_the_window_slides_rather_than_resets() -> None:
    clock = Clock()
    limiter = Limiter(Rate(2, 60), Rate(100, 60), clock)
    assert limiter.allow("ann")
    clock.now += 40
    assert limiter.allow("ann") and not limiter.allow("ann")
    clock.now += 20  # the first try is out of the window, the second not
    assert limiter.allow("ann") and not limiter.allow("ann")


def test_another_client_is_unaffected_until_the_overall_budget_runs_out() -> None:
    clock = Clock()
    limiter = Limiter(Rate(3, 60), Rate(7, 60), clock)
    for _ in range(3):
        assert limiter.allow("ann")
    assert not limiter.allow("ann")
    assert [limiter.allow("bob") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("cy")
    assert not limiter.allow("cy") and not limiter.allow("dee")  # 7 in all: nobody more
    clock.now += 60
    assert limiter.allow("dee")


def test_retry_after_says_when_the_next_try_fits() -> None:
    clock = Clock()
    limiter = Limiter(Rate(2, 60), Rate(3, 100), clock)
    assert limiter.retry_after("ann") == 0.0
    limiter.allow("ann")
    clock.now += 10
    limiter.allow("ann")
    assert limiter.retry_after("ann") == 50.0  # the first of the two leaves the window
    assert limiter.retry_after("bob") == 0.0
    clock.now += 5
    limiter.allow("bob")  # the overall budget, 3 in 100 s, is spent
    assert limiter.retry_after("bob") == 85.0 and limiter.retry_after("ann") == 85.0
    clock.now += 84.9
    assert not limiter.allow("bob") and not limiter.allow("cy")
    clock.now += 0.1
    assert limiter.retry_after("cy") == 0.0 and limiter.allow("cy")


def test_a_refused_try_costs_nothing() -> None:
    clock = Clock()
    limiter = Limiter(Rate(1, 60), Rate(100, 60), clock)
    assert limiter.allow("ann")
    for _ in range(50):
        clock.now += 1
        assert not limiter.allow("ann")  # hammering does not push the wait further
    clock.now += 10
    assert limiter.allow("ann")


def test_forgive_takes_back_the_latest_try_so_only_failures_count() -> None:
    clock = Clock()
    limiter = Limiter(Rate(2, 60), Rate(3, 60), clock)
    for _ in range(10):  # a lookup that found its class, again and again
        assert limiter.allow("ann")
        limiter.forgive("ann")
    assert limiter.allow("ann") and limiter.allow("ann") and not limiter.allow("ann")
    limiter.forgive("ann")
    assert limiter.allow("ann")
    limiter.forgive("nobody")  # nothing to take back: nothing happens
    assert limiter.allow("bob") and not limiter.allow("cy")  # overall: ann's 2 and bob's 1
    clock.now += 60
    assert limiter.allow("cy")
    clock.now += 10
    assert limiter.allow("cy")
    limiter.forgive("cy")  # the latest, not the oldest
    clock.now += 10
    assert limiter.allow("cy") and limiter.retry_after("cy") == 40.0


def test_memory_stays_bounded_with_20000_clients() -> None:
    clock = Clock()
    limiter = Limiter(Rate(1, 60), Rate(1_000_000, 60), clock, max_clients=10_000)
    for number in range(20_000):
        assert limiter.allow(f"10.0.{number // 256}.{number % 256}")
        clock.now += 0.001
    assert limiter.clients == 10_000
    assert not limiter.allow("10.0.78.31")  # the latest clients are the ones kept
    clock.now += 60
    assert limiter.allow("late") and limiter.clients == 1  # the idle ones are forgotten


def _hammer_at_once(limiter: Limiter, threads: int = 8, tries: int = 20) -> Counter[str]:
    """Threads calling ``allow`` together over 5 clients: how many tries each client got."""
    allowed: Counter[str] = Counter()
    tally = threading.Lock()
    start = threading.Barrier(threads)

    def hammer(number: int) -> None:
        start.wait(10)
        for index in range(tries):
            client = f"client-{(number + index) % 5}"
            if limiter.allow(client):
                with tally:
                    allowed[client] += 1

    running = [threading.Thread(target=hammer, args=(n,)) for n in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    return allowed


def test_threads_hammering_allow_never_exceed_the_budget() -> None:
    """Rounds of 8 threads at once, each round a fresh window (the budgets fill up anew)."""
    clock = Clock()
    limiter = Limiter(Rate(3, 60), Rate(10, 60), clock)
    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        for _ in range(150):
            allowed = _hammer_at_once(limiter)
            assert sum(allowed.values()) == 10 and max(allowed.values()) <= 3
            clock.now += 60
    finally:
        sys.setswitchinterval(switching)


OPS = st.lists(st.tuples(st.sampled_from(["allow", "retry_after", "forgive"]),
                         st.integers(0, 3), st.integers(0, 30)), max_size=120)


@settings(max_examples=300, deadline=None)
@given(ops=OPS, per=st.integers(1, 4), overall=st.integers(1, 8),
       per_seconds=st.integers(1, 40), overall_seconds=st.integers(1, 40))
def test_the_limiter_allows_exactly_what_the_windows_allow(
        ops: list[tuple[str, int, int]], per: int, overall: int, per_seconds: int,
        overall_seconds: int) -> None:
    """Against a plain model: every counted try is kept, and a try is allowed when fewer than
    ``count`` of the client's (and of all) counted tries are within ``seconds`` before it."""
    clock = Clock(0.0)
    limiter = Limiter(Rate(per, per_seconds), Rate(overall, overall_seconds), clock)
    counted: list[tuple[float, str]] = []

    def within(client: str | None, seconds: float) -> list[float]:
        return [at for at, who in counted
                if (client is None or who == client) and clock.now - at < seconds]

    for op, number, step in ops:
        clock.now += step
        client = f"c{number}"
        mine, everyone = within(client, per_seconds), within(None, overall_seconds)
        if op == "allow":
            expected = len(mine) < per and len(everyone) < overall
            assert limiter.allow(client) is expected
            if expected:
                counted.append((clock.now, client))
        elif op == "retry_after":
            waits = [0.0]
            if len(mine) >= per:
                waits.append(mine[len(mine) - per] + per_seconds - clock.now)
            if len(everyone) >= overall:
                waits.append(everyone[len(everyone) - overall] + overall_seconds - clock.now)
            assert limiter.retry_after(client) == max(waits)
        else:
            limiter.forgive(client)
            if mine:
                counted.remove((mine[-1], client))
        assert len(within(client, per_seconds)) <= per
        assert len(within(None, overall_seconds)) <= overall


def test_a_rate_must_be_a_count_in_some_seconds() -> None:
    for count, seconds in ((0, 60), (True, 60), (2.5, 60), (1, 0), (1, -1), (1, float("inf"))):
        with pytest.raises(InvalidValue, match="rate"):
            Rate(count, seconds)  # type: ignore[arg-type]
    with pytest.raises(InvalidValue, match="max clients"):
        Limiter(Rate(1, 1), Rate(1, 1), max_clients=0)


def test_the_apps_limiters_are_one_per_name_for_the_whole_process() -> None:
    found: list[Limiter] = []
    start = threading.Barrier(8)

    def get() -> None:
        start.wait(10)
        found.append(limits.limiter("code_lookups"))

    threads = [threading.Thread(target=get) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(one) for one in found}) == 1
    lookups, learners = found[0], limits.limiter("learners")
    assert lookups is not learners and limits.limiter("learners") is learners
    assert (lookups.per_client, lookups.overall) == (limits.CODE_LOOKUPS.per_client,
                                                     limits.CODE_LOOKUPS.overall)
    assert (learners.per_client, learners.overall) == (limits.LEARNERS.per_client,
                                                       limits.LEARNERS.overall)
    with pytest.raises(InvalidValue, match="code_lookups, learners"):
        limits.limiter("logins")


def test_the_code_lookup_budget_makes_guessing_a_join_code_take_months() -> None:
    """The arithmetic of the comment on CODE_LOOKUPS (100 classes, the overall rate)."""
    from tutor.store.keys import ALPHABET, CLASS_CODE_LENGTH

    rate = limits.CODE_LOOKUPS.overall
    per_day = rate.count * 86_400 / rate.seconds
    days = len(ALPHABET) ** CLASS_CODE_LENGTH / 100 / per_day
    assert 100 < days < 110
