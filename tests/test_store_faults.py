"""A storage fault is an outage, never a crash (issue 23): the SQLite store under disk faults.

With WAL, SQLite memory-maps its index (the ``-shm`` file); a disk that stops taking writes, or
another process cutting that file short, turned a write into SIGBUS and killed the server. Here
a subprocess records attempts in a loop while its files are made unwritable, and must live
through it: :class:`StoreUnavailable` while the fault lasts, saving again once it is lifted,
with nothing half-saved. The faults: ``chattr +i`` on the files (where the filesystem has the
immutable flag: probed; elsewhere the writer's file-size limit is set to 0, which fails every
write as a full disk does, on any filesystem and as root too), the writer's file-size limit,
and the ``-shm`` file truncated by another process. None of them is ever skipped.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tutor.store import Attempt, Source, Store, StoreUnavailable, connect

ROOT = Path(__file__).resolve().parent.parent
WAIT = 20.0  # seconds a step may take before the test gives up (a loaded CI machine)

WRITER = """
import os, sys, time
from tutor.store import Attempt, Source, Store, StoreUnavailable
store = Store.open(sys.argv[1])
key = store.create_learner().key
print("key", key, flush=True)
number = 0
while not os.path.exists(sys.argv[2]):
    number += 1
    try:
        store.record_attempt(key, Attempt(Source.PRACTICE, ("C-MELD-1",), number % 2 == 0))
    except StoreUnavailable as exc:
        print("unavailable", " ".join(str(exc).split()), flush=True)
        time.sleep(0.02)
    else:
        print("ok", flush=True)
store.close()
print("stopped", flush=True)
"""

OLD_WRITER = """
import os, signal, sys
from tutor.store import Attempt, Source, Store, connect

def old_connect(dbapi_connection, _record):  # the configuration before issue 23
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()

connect._sqlite_connect = old_connect
store = Store.open(sys.argv[1])
key = store.create_learner().key
for _ in range(5):
    store.record_attempt(key, Attempt(Source.PRACTICE, ("C-MELD-1",), True))
print(key, flush=True)
sys.stdin.readline()  # the file stays open in WAL mode until told
os.kill(os.getpid(), signal.SIGKILL)  # die as the SIGBUS did: no checkpoint, the WAL left
"""

READER = """
import sys
from tutor.store import Attempt, Source, Store, StoreUnavailable
store = Store.open(sys.argv[1])
key = sys.argv[2]
print("read", sum(m.right + m.wrong for m in store.mastery(key)), flush=True)
try:
    store.record_attempt(key, Attempt(Source.PRACTICE, ("C-MELD-1",), True))
    print("saved", flush=True)
except StoreUnavailable as exc:
    print("unavailable", " ".join(str(exc).split()), flush=True)
print("read", sum(m.right + m.wrong for m in store.mastery(key)), flush=True)
store.close()
"""


# ----- the faults -------------------------------------------------------------------------------


def _chattr(flag: str, path: Path) -> bool:
    done = subprocess.run(["chattr", flag, str(path)], capture_output=True, check=False)
    return done.returncode == 0


def immutable_flag_works(folder: Path) -> bool:
    """Whether ``chattr +i`` takes on this filesystem (tried on a probe file: not every
    filesystem has the flag, and it needs root)."""
    if shutil.which("chattr") is None:
        return False
    probe = folder / "chattr-probe"
    probe.write_text("probe")
    try:
        if not _chattr("+i", probe):
            return False
        try:
            with probe.open("a"):
                return False  # set but not enforced
        except OSError:
            return True
    finally:
        _chattr("-i", probe)
        probe.unlink()


@pytest.fixture(autouse=True)
def no_flag_left(tmp_path: Path) -> Iterator[None]:
    """Every immutable flag cleared after the test, so its temporary folder can be deleted."""
    yield
    if shutil.which("chattr"):
        subprocess.run(["chattr", "-R", "-i", str(tmp_path)], capture_output=True, check=False)


def _flush(path: Path) -> None:
    """Write the file's dirty pages out, so its pages mapped in another process are clean and
    write-protected, as the kernel's periodic writeback leaves them: the next write to such a
    page of an immutable file is a page fault the kernel answers with SIGBUS."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


@contextmanager
def immutable(*paths: Path, between: Callable[[], object] = lambda: None) -> Iterator[None]:
    """``chattr +i`` on each path that exists now, one after the other, each flushed once
    flagged and ``between`` called after it (the -shm first, then a commit: under WAL that
    commit writes its index into a clean page of an immutable file, the crash of issue 23);
    cleared on the way out whatever happens."""
    flagged: list[Path] = []
    try:
        for path in paths:
            if path.exists() and _chattr("+i", path):  # a journal may be gone meanwhile
                flagged.append(path)
                _flush(path)
                between()
        assert flagged, f"nothing made immutable among {[p.name for p in paths]}"
        yield
    finally:
        for path in flagged:
            _chattr("-i", path)


@contextmanager
def no_bytes_written(pid: int) -> Iterator[None]:
    """The process's file-size limit at 0: every write to a file fails (EFBIG, its SIGXFSZ
    ignored), as on a full disk. Works on any filesystem; lifted on the way out."""
    before = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (0, before[1]))
    try:
        yield
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, before)


def _ignore_sigxfsz() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _db_files(database: Path) -> tuple[Path, ...]:
    """The database and the files SQLite may keep beside it, the -shm first."""
    return tuple(database.with_name(database.name + suffix)
                 for suffix in ("-shm", "-wal", "-journal", ""))


# ----- the writer -------------------------------------------------------------------------------


class Writer:
    """A subprocess recording attempts in a loop, one line of output per attempt."""

    def __init__(self, url: str, folder: Path) -> None:
        self.stop_file = folder / "stop"
        self.process = subprocess.Popen(
            [sys.executable, "-c", WRITER, url, str(self.stop_file)], cwd=ROOT,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, preexec_fn=_ignore_sigxfsz)
        self.lines: list[str] = []
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.key = self.wait_for("key").split()[1]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._lock:
                self.lines.append(line.strip())

    @property
    def seen(self) -> int:
        with self._lock:
            return len(self.lines)

    def count(self, kind: str) -> int:
        with self._lock:
            return sum(line.split()[0] == kind for line in self.lines)

    def alive(self) -> None:
        code = self.process.poll()
        if code is not None:
            self._reader.join(5)
            stderr = self.process.stderr.read() if self.process.stderr else ""
            name = signal.Signals(-code).name if code < 0 else f"exit {code}"
            pytest.fail(f"the writer died ({name}) after {self.tail()}; stderr: {stderr[-2000:]}")

    def tail(self) -> list[str]:
        with self._lock:
            return self.lines[-3:]

    def wait_for(self, kind: str, since: int = 0, times: int = 1) -> str:
        """The ``times``-th line of ``kind`` (any: "") after the first ``since`` lines."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            with self._lock:
                found = [line for line in self.lines[since:]
                         if kind in ("", line.split()[0])]
            if len(found) >= times:
                return found[times - 1]
            self.alive()
            time.sleep(0.01)
        pytest.fail(f"no {kind!r} line from the writer in {WAIT:g} s; last: {self.tail()}")

    def stop(self) -> None:
        self.stop_file.touch()
        self.wait_for("stopped")
        assert self.process.wait(WAIT) == 0

    def kill(self) -> None:
        """Ended (killed if it still runs), its pipes closed."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(WAIT)
        self._reader.join(5)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


def _written(url: str, key: str) -> int:
    """Attempts kept for the learner (each one is of one rule)."""
    store = Store.open(url)
    try:
        return sum(m.right + m.wrong for m in store.mastery(key))
    finally:
        store.close()


def _intact(database: Path) -> None:
    connection = sqlite3.connect(database)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        connection.close()


# ----- a writer through a fault -----------------------------------------------------------------


@pytest.mark.parametrize("fault", ["immutable files", "no bytes written"])
def test_a_disk_that_stops_taking_writes_is_an_outage_never_a_crash(tmp_path: Path,
                                                                    fault: str) -> None:
    database = tmp_path / "data" / "tutor.db"
    url = f"sqlite:///{database}"
    writer = Writer(url, tmp_path)
    try:
        writer.wait_for("ok", times=30)
        before = writer.seen
        if fault == "immutable files" and immutable_flag_works(tmp_path):
            injected = immutable(*_db_files(database),
                                 between=lambda: writer.wait_for("", since=writer.seen))
        else:  # no immutable flag here: a fault that works on any filesystem, as root too
            injected = no_bytes_written(writer.process.pid)
        with injected:
            writer.wait_for("unavailable", since=before)
            time.sleep(0.5)  # the fault lasts: the writer keeps trying, and keeps living
            writer.alive()
            during = writer.seen
            assert writer.count("unavailable") >= 2
        writer.wait_for("ok", since=during)  # saving again, the same process: no restart
        writer.stop()
    finally:
        writer.kill()
    assert _written(url, writer.key) == writer.count("ok")  # every "ok" kept, nothing half
    _intact(database)


def test_a_shared_memory_file_cut_short_by_another_process_cannot_kill_the_writer(
        tmp_path: Path) -> None:
    """Truncating a mapped file is the classic SIGBUS: the store keeps no -shm to cut."""
    database = tmp_path / "data" / "tutor.db"
    url = f"sqlite:///{database}"
    writer = Writer(url, tmp_path)
    cut: set[str] = set()
    try:
        writer.wait_for("ok", times=30)
        before = writer.seen
        until = time.monotonic() + 1.5
        while time.monotonic() < until:
            for shared in database.parent.glob("*-shm"):
                try:
                    os.truncate(shared, 0)
                    cut.add(shared.name)
                except FileNotFoundError:
                    pass
            time.sleep(0.005)
        writer.alive()
        writer.wait_for("ok", since=before, times=10)
        writer.stop()
    finally:
        writer.kill()
    assert cut == set()  # no memory-mapped index beside the file at any time
    assert writer.count("unavailable") == 0
    assert _written(url, writer.key) == writer.count("ok")


# ----- read-only files --------------------------------------------------------------------------


@pytest.mark.parametrize("read_only", ["the file", "its folder"])
def test_a_read_only_database_reads_and_answers_store_unavailable_on_write(
        tmp_path: Path, read_only: str) -> None:
    database = tmp_path / "data" / "tutor.db"
    url = f"sqlite:///{database}"
    store = Store.open(url)
    key = store.create_learner().key
    for _ in range(3):
        store.record_attempt(key, Attempt(Source.PRACTICE, ("C-MELD-1",), True))
    store.close()
    target = database if read_only == "the file" else database.parent
    flag = immutable_flag_works(tmp_path)
    limit: Callable[[], None] | None = None if flag else _write_nothing  # no flag here
    try:
        if flag:
            assert _chattr("+i", target)
        done = subprocess.run([sys.executable, "-c", READER, url, key], cwd=ROOT,
                              capture_output=True, text=True, timeout=60, check=False,
                              preexec_fn=limit)
    finally:
        if flag:
            _chattr("-i", target)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "read 3" and lines[2] == "read 3", lines  # reads still work
    assert lines[1].startswith("unavailable "), lines  # a write is an outage, not a crash
    assert _written(url, key) == 3
    again = Store.open(url)  # writable again: saving again, nothing left over
    again.record_attempt(key, Attempt(Source.PRACTICE, ("C-MELD-1",), False))
    again.close()
    assert _written(url, key) == 4
    assert sorted(p.name for p in database.parent.iterdir()) == ["tutor.db"]
    _intact(database)


def _write_nothing() -> None:
    """In the reader's process before it starts: no byte may be written to a file, as on a
    full disk (the fault for a filesystem without the immutable flag; chmod binds no root)."""
    _ignore_sigxfsz()
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))


# ----- the configuration, and files an older version left -------------------------------------


def _pragmas(url: str) -> tuple[object, ...]:
    """journal_mode, synchronous and mmap_size of a store connection."""
    engine = connect.make_engine(connect.normal_url(url))
    try:
        with engine.connect() as connection:
            return tuple(connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                         for name in ("journal_mode", "synchronous", "mmap_size"))
    finally:
        engine.dispose()


def test_sqlite_uses_a_rollback_journal_synced_in_full_and_maps_no_memory(tmp_path: Path) -> None:
    assert _pragmas(f"sqlite:///{tmp_path / 'tutor.db'}") == ("delete", 2, 0)  # 2: FULL


def _old_version(url: str) -> tuple[subprocess.Popen[str], str]:
    """A process of the old configuration with the file open in WAL mode, and its learner."""
    old = subprocess.Popen([sys.executable, "-c", OLD_WRITER, url], cwd=ROOT, text=True,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert old.stdout is not None
    key = old.stdout.readline().strip()
    assert key, old.communicate(timeout=WAIT)[1]
    return old, key


def test_a_wal_file_left_by_the_old_configuration_opens_and_is_converted(tmp_path: Path) -> None:
    database = tmp_path / "data" / "tutor.db"
    url = f"sqlite:///{database}"
    old, key = _old_version(url)
    old.communicate("die\n", timeout=WAIT)
    assert old.returncode == -signal.SIGKILL
    wal = database.with_name("tutor.db-wal")
    assert wal.exists() and wal.stat().st_size > 0  # its last attempts only in the WAL
    store = Store.open(url)
    assert [(m.rule_id, m.right) for m in store.mastery(key)] == [("C-MELD-1", 5)]
    store.record_attempt(key, Attempt(Source.PRACTICE, ("C-MELD-1",), False))
    store.close()
    assert sorted(p.name for p in database.parent.iterdir()) == ["tutor.db"]  # no -wal, -shm
    connection = sqlite3.connect(database)
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    connection.close()
    assert _written(url, key) == 6
    _intact(database)


def test_a_wal_file_held_open_by_an_older_process_is_unavailable_not_kept_in_wal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "data" / "tutor.db"
    url = f"sqlite:///{database}"
    old, key = _old_version(url)
    monkeypatch.setattr(connect, "WAIT_SECONDS", 0.3)
    try:
        with pytest.raises(StoreUnavailable, match="WAL mode"):
            Store.open(url)
    finally:
        old.communicate("die\n", timeout=WAIT)
    assert _written(url, key) == 5  # the older process gone: converted, the learner there
    assert _pragmas(url)[0] == "delete"
    assert sorted(p.name for p in database.parent.iterdir()) == ["tutor.db"]
