"""The score in a real browser: the end of a practice hand and the score calculator, on a wide
screen and on a phone, in English and German. The sides are side by side where there is room
and stacked on a phone, named as on the card table; the game chart draws a line per side with
the target marked. Screenshots go to $CANASTA_TUTOR_SCREENSHOTS (default
/tmp/canasta-screens) to be looked at."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Locator, Page, expect

from tutor.engine import rule_set
from tutor.engine.records import dumps_record
from tutor.i18n import translator
from tutor.ui.practice import Practice
from tutor.words.explain import rule_title

TIMEOUT = 20_000
SHOTS = Path(os.environ.get("CANASTA_TUTOR_SCREENSHOTS") or Path(tempfile.gettempdir())
             / "canasta-screens")
SIZES = {"1400": {"width": 1400, "height": 900}, "360": {"width": 360, "height": 800}}


@pytest.fixture(params=[("en", "1400"), ("en", "360"), ("de", "1400"), ("de", "360")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def screen(request: pytest.FixtureRequest, browser: Browser, base_url: str
           ) -> Iterator[tuple[Page, str, str]]:
    lang, size = request.param
    context = browser.new_context(base_url=base_url, viewport=SIZES[size],
                                  reduced_motion="reduce", locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, lang, size
    context.close()
    assert not errors, errors


def finished_hand(tmp_path: Path) -> Path:
    """A game file of a Classic hand played to its end by the hints."""
    practice = Practice.start(rule_set("classic-4p"), 5)
    while not practice.state.hand_over:
        practice.attempt(practice.hint().action)
    path = tmp_path / "finished.json"
    path.write_text(dumps_record(practice.record()), encoding="utf-8")
    return path


def side_by_side(page: Page, first: str, second: str, wide: bool) -> None:
    """The two sides' headings: in one row on a wide screen, one under the other on a phone."""
    def heading(name: str) -> Locator:  # the score table's heading, not the card table's label
        return page.locator("[data-testid='stMarkdownContainer'] th",
                            has_text=re.compile(f"^{re.escape(name)}$")).first

    a, b = heading(first).bounding_box(), heading(second).bounding_box()
    assert a is not None and b is not None
    if wide:
        assert abs(a["y"] - b["y"]) < 5 and b["x"] > a["x"] + 200, (a, b)
    else:
        assert b["y"] > a["y"] + 50, (a, b)


def test_the_end_of_a_hand(screen: tuple[Page, str, str], tmp_path: Path) -> None:
    page, lang, size = screen
    tr = translator(lang)
    page.goto(f"/practice?lang={lang}")
    wait_for_app_run(page)
    page.locator(".st-key-record_upload input[type=file]").set_input_files(
        str(finished_hand(tmp_path)))
    wait_for_app_run(page)
    heading = page.get_by_role("heading", name=tr.gettext("Score of the hand"))
    expect(heading).to_be_visible(timeout=TIMEOUT)
    ours, theirs = tr.gettext("Your side"), tr.gettext("Opponents")
    side_by_side(page, ours, theirs, size == "1400")
    body = page.get_by_test_id("stMain").inner_text()
    assert "Side 1" not in body and "seat 1" not in body.lower()
    chart = page.locator(".st-key-progress_chart .js-plotly-plot")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    expect(chart.locator(".scatterlayer .trace")).to_have_count(2)
    expect(chart.locator(".legendtext")).to_have_text([ours, theirs])
    expect(chart.locator(".shapelayer path")).to_have_count(1)  # the target
    SHOTS.mkdir(parents=True, exist_ok=True)
    heading.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"score-hand-{lang}-{size}.png")
    chart.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"score-game-{lang}-{size}.png")


def test_the_score_calculator(screen: tuple[Page, str, str]) -> None:
    page, lang, size = screen
    tr = translator(lang)
    page.goto(f"/score?lang={lang}")
    wait_for_app_run(page)
    page.locator(".st-key-calc_how button").nth(1).click()  # type the cards in codes
    wait_for_app_run(page)
    expect(page.locator(".st-key-calc_codes")).to_be_visible(timeout=TIMEOUT)  # their legend
    page.locator(".st-key-calc_melds_0 textarea").fill("KH KH KS KS KD KD KC\nAH AS 2D")
    page.locator(".st-key-calc_threes_0 input").fill("3H")
    page.locator(".st-key-calc_hand_2 input").fill("9C 4D")
    page.locator(".st-key-calc_melds_1 textarea").fill("8C 8D 8H")
    hand = page.locator(".st-key-calc_hand_1 input")
    hand.fill("JK 5C")
    hand.press("Enter")
    wait_for_app_run(page)
    page.locator(".st-key-calc_out_0 label").click()
    wait_for_app_run(page)
    for _ in range(2):
        page.locator(".st-key-add_hand button").click()
        wait_for_app_run(page)
    chart = page.locator(".st-key-game_chart .js-plotly-plot")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    expect(chart.locator(".scatterlayer .trace")).to_have_count(2)
    ours, theirs = tr.gettext("Your side"), tr.gettext("Opponents")
    side_by_side(page, ours, theirs, size == "1400")
    body = page.get_by_test_id("stMain").inner_text()
    assert "Side 1" not in body and "seat 1" not in body.lower()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for part, key in (("inputs", "calc_preset"), ("score", "calc_breakdown"),
                      ("compared", "add_hand"), ("game", "game_chart")):
        page.locator(f".st-key-{key}").scroll_into_view_if_needed()
        page.screenshot(path=SHOTS / f"score-calculator-{part}-{lang}-{size}.png")


def test_the_house_rules_and_a_typed_move(screen: tuple[Page, str, str]) -> None:
    page, lang, size = screen
    tr = translator(lang)
    page.goto(f"/practice?lang={lang}")
    wait_for_app_run(page)
    house = page.locator(".st-key-house_rules")
    expect(house).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".st-key-opt-classic-4p-V-C1")).to_have_count(0)  # folded away
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"practice-settings-{lang}-{size}.png")
    house.locator("summary").click()
    wait_for_app_run(page)
    wild = page.locator(".st-key-opt-classic-4p-V-C1")
    expect(wild).to_contain_text(rule_title("V-C1", tr))
    expect(house).not_to_contain_text("V-C1")
    house.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"practice-house-rules-{lang}-{size}.png")
    page.locator(".st-key-new_hand button").click()
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)
    page.locator(".st-key-advanced summary").click()
    wait_for_app_run(page)
    field = page.locator(".st-key-typed_move input")
    field.fill("discard 3H")
    field.press("Enter")
    wait_for_app_run(page)
    page.locator(".st-key-play_typed button").click()
    wait_for_app_run(page)
    answer = page.locator(".st-key-advanced").get_by_test_id("stAlertContentError")
    expect(answer).to_be_visible(timeout=TIMEOUT)
    text = answer.inner_text()
    assert "not in hand" not in text and "3H" not in text, text
    answer.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"practice-typed-move-{lang}-{size}.png")
