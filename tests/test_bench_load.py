"""``bench --load``'s own arithmetic and checks, without a browser: the learner counts it takes,
the figures it prints, and what it counts as a language mismatch. (The bench itself is run by
hand: its times are printed, never asserted.)"""

from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.devtools.bench_load import Learner, figures, format_round, parse_counts


def test_learner_counts_are_one_number_or_a_list() -> None:
    assert parse_counts("20") == [20]
    assert parse_counts("5, 10,20") == [5, 10, 20]


@pytest.mark.parametrize("text", ["0", "101", "-3", "five", "5,,10", "²"])
def test_a_bad_learner_count_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match="not a number of learners from 1 to 100"):
        parse_counts(text)


def test_the_cli_refuses_a_bad_count_without_starting_anything(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--load", "0"]) == 2
    assert "--load: '0' is not a number of learners" in capsys.readouterr().err


def test_the_cli_refuses_a_negative_think_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--load", "2", "--think", "-1"]) == 2
    assert "--think" in capsys.readouterr().err


def test_figures_are_median_nearest_rank_p95_and_max() -> None:
    values = [float(v) for v in range(1, 101)]  # 1 .. 100 ms
    assert figures(values) == {"clicks": 100, "median_ms": 50.5, "p95_ms": 95.0,
                               "max_ms": 100.0}
    assert figures([])["clicks"] == 0


def test_a_wrong_document_language_or_url_is_a_mismatch() -> None:
    learner = Learner(index=0, lang="sv", seed=1)
    learner.check_lang("draw", "sv", "http://h/practice?lang=sv")
    learner.check_lang("draw", "en", "http://h/practice?lang=sv")
    learner.check_lang("page rules", "sv", "http://h/rules")
    learner.check_lang("page rules", "sv", "http://h/rules?seed=2&lang=svx")
    assert learner.lang_checks == 4
    assert learner.lang_mismatches == ["draw: <html lang='en'>", "page rules: URL http://h/rules",
                                       "page rules: URL http://h/rules?seed=2&lang=svx"]


def test_the_printed_round_names_every_figure() -> None:
    row = {
        "learners": 2, "languages": {"sv": 1, "de": 1}, "seconds": 5, "think_s": 1.0,
        "kinds": {"draw": figures([100.0, 300.0])}, "table_clicks": figures([100.0, 300.0]),
        "errors": 1, "error_samples": ["TimeoutError: no update"], "lang_checks": 2,
        "lang_mismatches": 0, "mismatch_samples": [],
        "slowest": [{"ms": 300.0, "kind": "draw", "after": "why_not", "learner": 1}],
        "cpu": {"wall_s": 5.0, "server_cores": 0.1, "server_ms_per_click": 16.0,
                "bench_browsers_cores": 1.2, "rest_of_machine_cores": 0.3,
                "load_average_before": 2.0},
        "server_rss_mb": 180.0, "per_learner": [],
    }
    text = format_round(row)
    assert "2 learners (sv 1, de 1) for 5 s" in text
    assert "draw" in text and "300 ms" in text
    assert "errors 1\n    TimeoutError: no update" in text
    assert "server 0.1 cores (16.0 ms per click)" in text
