"""Reviews run off the script thread: one small pool for the whole server, polled by the page.

A review appraises every decision of a hand (seconds of search), so it never runs on a
learner's script thread: the page hands it to :data:`POOL` and a fragment polls its progress.
One worker for the server: on these 2-core machines a second searching thread would only halve
the speed of both and take the interpreter from everybody's clicks, while reviews queued behind
one wait a few seconds each. The session keeps only the job's id (a plain string), so the
session stays picklable and a job outlives a rerun; finished jobs are collected once read, and
the table of jobs is bounded.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from tutor.play.coach import Review

WORKERS = 1
MAX_JOBS = 64  # jobs kept at once (running, queued or finished but not read yet)
POOL = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="coach")
log = logging.getLogger(__name__)

# A review: told its progress and asked whether to stop, it returns the hand's review.
Task = Callable[[Callable[[int, int], None], Callable[[], bool]], Review]


@dataclass
class Job:
    """One review's progress; written by the worker, read by the page (plain assignments)."""

    done: int = 0
    total: int = 0
    started: float = field(default_factory=time.monotonic)
    result: Review | None = None
    failed: bool = False
    finished: bool = False
    stop: threading.Event = field(default_factory=threading.Event)


_jobs: dict[str, Job] = {}
_lock = threading.Lock()


def submit(task: Task, total: int = 0) -> str:
    """Queue a review of ``total`` decisions; its id is what the session keeps."""
    job = Job(total=total)
    key = uuid.uuid4().hex
    with _lock:
        while len(_jobs) >= MAX_JOBS:  # the oldest goes (a learner who left long ago)
            oldest = next(iter(_jobs))
            _jobs.pop(oldest).stop.set()
        _jobs[key] = job
    POOL.submit(_run, job, task)
    return key


def _run(job: Job, task: Task) -> None:
    def told(done: int, total: int) -> None:
        job.done, job.total = done, total

    try:
        if not job.stop.is_set():
            job.result = task(told, job.stop.is_set)
    except Exception:  # a review that fails must not take the worker with it
        log.exception("hand review failed")
        job.failed = True
    finally:
        job.finished = True


def status(key: str | None) -> Job | None:
    if key is None:
        return None
    with _lock:
        return _jobs.get(key)


def forget(key: str | None) -> None:
    """The page read the result (or no longer wants it): stop the job if it runs."""
    if key is None:
        return
    with _lock:
        job = _jobs.pop(key, None)
    if job is not None:
        job.stop.set()
