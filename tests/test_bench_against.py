"""``bench --against REV``: reading the runs' output, the best round, the tables, one real
instruction count under valgrind (installed by .ci/run), and the verdicts compared with a
commit's."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tutor.devtools import bench_against
from tutor.devtools.bench_against import (
    AgainstError,
    Comparison,
    Instructions,
    Rulings,
    Run,
    format_instructions,
    format_table,
    format_verdicts,
    parse_collected,
)


def test_the_instruction_count_is_read_from_callgrinds_last_words() -> None:
    stderr = ("==1== Callgrind, a call-graph generating cache profiler\n==1==\n"
              "==1== Events    : Ir\n==1== Collected : 400236610\n==1==\n"
              "==1== I   refs: 400,236,610\n")
    assert parse_collected(stderr) == 400236610
    with pytest.raises(AgainstError, match="no instruction count"):
        parse_collected("valgrind: command not found")


def test_the_best_round_is_each_figure_at_its_best() -> None:
    runs = [Run(100, 50, 200, 90), Run(120, 60, 180, 80), Run(90, 40, 210, 95)]
    best = bench_against._best(runs)
    assert best == Run(120, 40, 180, 95)


def test_the_table_shows_median_and_best_ratios() -> None:
    ours, theirs = Run(200, 100, 100, 180), Run(100, 200, 250, 90)
    row = Comparison("classic-4p", ours, theirs, Run(210, 90, 95, 200), Run(110, 190, 240, 95), 5)
    assert row.cpu_speedup == pytest.approx(2.0)
    assert row.best_cpu_speedup == pytest.approx(200 / 95)
    assert row.best_listing_speedup == pytest.approx(240 / 95)
    text = format_table("bc058fd", [row])
    assert "2.00x" in text and "2.50x" in text  # the median ratios
    assert "best of 5 rounds" in text and "2.11x" in text and "2.53x" in text
    assert bench_against.as_json("bc058fd", [row])[0]["best_cpu_speedup"] == 2.11


def test_the_instruction_table_divides_theirs_by_ours() -> None:
    row = Instructions("modern-american", 20e6, 44e6, 60e6, 150e6)
    assert row.play_speedup == pytest.approx(2.2) and row.list_speedup == pytest.approx(2.5)
    text = format_instructions("bc058fd", [row])
    assert "20,000" in text and "44,000" in text and "2.20x" in text and "2.50x" in text


def test_rounds_and_instructions_need_a_commit_to_compare_with() -> None:
    done = subprocess.run([sys.executable, "-m", "tutor", "bench", "--instructions"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "--against REV" in done.stderr


def test_an_unknown_commit_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "tutor", "bench", "--against", "no-such-rev",
                           "--instructions"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "not a commit" in done.stderr


def test_valgrind_counts_a_hand_of_this_tree() -> None:
    """One hand's count is far above zero and the same twice (it is what makes the comparison
    free of the machine's noise; the start-up subtracted varies a little)."""
    first = bench_against.per_hand(bench_against.ROOT, "classic-2p", 1, "play")
    second = bench_against.per_hand(bench_against.ROOT, "classic-2p", 1, "play")
    assert first > 1e6
    assert abs(first - second) / first < 0.02


def test_the_verdicts_of_this_tree_are_its_own_commits() -> None:
    """``--verdicts`` against the checkout's own commit: the same rulings, exit 0. (Against
    bc058fd, before the house-rule options were named, every preset says NO and it exits 1.)"""
    done = subprocess.run([sys.executable, "-m", "tutor", "bench", "--against", "HEAD",
                           "--verdicts", "--variant", "classic-3p", "--variant", "modern-american"],
                          capture_output=True, text=True, check=False, cwd=bench_against.ROOT)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[1:3]
    assert [row.split()[0] for row in rows] == ["classic-3p", "modern-american"]
    assert all(row.split()[-1] == "yes" and int(row.split()[1].replace(",", "")) > 1000
               for row in rows)


def test_a_different_ruling_is_shown_as_no() -> None:
    rows = [Rulings("classic-4p", 16375, "ab", "ab"), Rulings("classic-2p", 19916, "ab", "cd")]
    text = format_verdicts("bc058fd", rows)
    assert "classic-4p          16,375  yes" in text and "classic-2p          19,916  NO" in text
    assert [row.same for row in rows] == [True, False]
