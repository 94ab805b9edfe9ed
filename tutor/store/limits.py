"""Rate limits for what a stranger could guess or flood: the app's code lookups and new learners.

Pure (no Streamlit, no database): the UI asks ``limiter(name).allow(client)`` before the store
call and, when it says no, tells the learner to wait ``retry_after(client)`` seconds; for a
lookup, ``forgive(client)`` after one that found something, so that only failures count.
(Checking ``retry_after`` first and counting with ``allow`` only after a failure counts the
same, but requests of one client sent at once all pass the check before any is counted.)
``client`` is whatever identifies the requester best (the remote address: a session is free
to renew).

A :class:`Limiter` keeps, per client and over all clients, the times of the tries it counted in
the last window (a sliding window log): at most ``count`` tries in any ``seconds``, exactly, with
no burst at a window's edge as a token bucket or fixed windows allow. It holds at most
``per_client.count`` times per client, ``overall.count`` in all, and ``max_clients`` clients.

Each process has its own limiters, so with several replicas the overall budgets are per replica.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tutor.store.errors import InvalidValue


@dataclass(frozen=True, slots=True)
class Rate:
    """At most ``count`` tries in any ``seconds``."""

    count: int
    seconds: float

    def __post_init__(self) -> None:
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1:
            raise InvalidValue("rate count: must be a whole number, 1 or more")
        if (isinstance(self.seconds, bool) or not isinstance(self.seconds, int | float)
                or not 0 < self.seconds < math.inf):
            raise InvalidValue("rate seconds: must be a number of seconds above 0")


@dataclass(frozen=True, slots=True)
class Budget:
    """One limiter's rates: for each client, and over all clients together."""

    per_client: Rate
    overall: Rate


# Join codes, device codes and teacher links: the codes a stranger could guess. Count only the
# failed tries (``forgive`` a lookup that found something), so a class of 30 typing its code
# behind one school address is not stopped: they mistype a few times a minute, not 10.
# The overall rate is what stops a guesser with many addresses: a join code is 6 characters of
# 31, 31**6 = 887,503,681 codes; against 100 classes one guess in 8,875,037 hits, so at 60 a
# minute (86,400 a day) the first hit takes 103 days on average (a 25% chance in 30 days), and
# a device code (31**8, living a day, say 100 alive at once) about 270 years. One address alone,
# at 10 a minute, needs 616 days. While a guesser spends the overall budget, mistyped codes wait
# too (a minute at most): the price of a bound that holds whatever addresses they have.
CODE_LOOKUPS = Budget(per_client=Rate(10, 60), overall=Rate(60, 60))

# Learner rows made (``create_learner``, ``adopt_learner``). Those refused lose nothing: the key is
# in the cookie, the app keeps teaching and adopts the learner at a later save. 40 an hour for one
# address fits a school class (up to ~30 pupils) behind one address; 600 an hour in all is ten a
# minute, more than the app's visitors start, and bounds a flood to 14,400 rows a day (some 4 MB),
# which ``Store.clean_up`` deletes after 30 idle days.
LEARNERS = Budget(per_client=Rate(40, 3600), overall=Rate(600, 3600))

BUDGETS: Mapping[str, Budget] = {"code_lookups": CODE_LOOKUPS, "learners": LEARNERS}


class Limiter:
    """Tries per client and over all clients, each within its :class:`Rate`. Thread-safe."""

    def __init__(self, per_client: Rate, overall: Rate,
                 clock: Callable[[], float] = time.monotonic, max_clients: int = 10_000) -> None:
        if isinstance(max_clients, bool) or not isinstance(max_clients, int) or max_clients < 1:
            raise InvalidValue("max clients: must be a whole number, 1 or more")
        self.per_client, self.overall, self.max_clients = per_client, overall, max_clients
        self._clock = clock
        self._lock = threading.Lock()
        # Each client's counted tries, oldest first; the clients by their latest try, oldest
        # first, so the idle ones are at the front.
        self._clients: OrderedDict[str, deque[float]] = OrderedDict()
        self._all: deque[float] = deque()

    def allow(self, client: str) -> bool:
        """True, counting the try, when both the client's and the overall budget allow one
        now; False, counting nothing, when either is spent."""
        with self._lock:
            now = self._clock()
            self._expire(now)
            tries = self._tries(client, now)
            if len(tries) >= self.per_client.count or len(self._all) >= self.overall.count:
                return False
            tries.append(now)
            self._all.append(now)
            self._clients[client] = tries
            self._clients.move_to_end(client)
            while len(self._clients) > self.max_clients:
                self._clients.popitem(last=False)  # the longest idle (the overall still holds)
            return True

    def retry_after(self, client: str) -> float:
        """Seconds until ``allow(client)`` would say yes if nobody else tried meanwhile
        (0.0: now)."""
        with self._lock:
            now = self._clock()
            self._expire(now)
            return max(0.0, _wait(self._tries(client, now), self.per_client, now),
                       _wait(self._all, self.overall, now))

    def forgive(self, client: str) -> None:
        """Take back the client's latest try still in its window (a lookup that found what it
        looked for), so that only failed tries spend the budgets."""
        with self._lock:
            tries = self._tries(client, self._clock())
            if not tries:
                return
            stamp = tries.pop()
            if not tries:
                del self._clients[client]
            for index in range(len(self._all) - 1, -1, -1):  # it is near the end
                if self._all[index] == stamp:
                    del self._all[index]
                    break

    @property
    def clients(self) -> int:
        """How many clients have tries counted (at most ``max_clients``)."""
        with self._lock:
            return len(self._clients)

    def _tries(self, client: str, now: float) -> deque[float]:
        """The client's tries within the window (a new empty one for a client not kept)."""
        tries = self._clients.get(client)
        if tries is None:
            return deque()
        _drop_old(tries, self.per_client, now)
        if not tries:
            del self._clients[client]
        return tries

    def _expire(self, now: float) -> None:
        """Forget the tries out of the overall window and the clients idle a whole window."""
        _drop_old(self._all, self.overall, now)
        while self._clients:
            client, tries = next(iter(self._clients.items()))
            if tries and now - tries[-1] < self.per_client.seconds:
                break
            del self._clients[client]


def _drop_old(tries: deque[float], rate: Rate, now: float) -> None:
    while tries and now - tries[0] >= rate.seconds:
        tries.popleft()


def _wait(tries: deque[float], rate: Rate, now: float) -> float:
    """Seconds until one more try fits in ``rate`` (the window's tries, oldest first)."""
    if len(tries) < rate.count:
        return 0.0
    return tries[len(tries) - rate.count] + rate.seconds - now


_limiters: dict[str, Limiter] = {}
_limiters_lock = threading.Lock()


def limiter(name: str) -> Limiter:
    """The process's one limiter for a budget of :data:`BUDGETS` (``"code_lookups"``,
    ``"learners"``), made at the first call."""
    with _limiters_lock:
        found = _limiters.get(name)
        if found is None:
            budget = BUDGETS.get(name)
            if budget is None:
                raise InvalidValue(f"limiter: {str(name)[:40]!r} is not one of "
                                   f"{', '.join(BUDGETS)}")
            found = _limiters[name] = Limiter(budget.per_client, budget.overall)
        return found
