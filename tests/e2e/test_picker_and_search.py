"""The score calculator's card picker and the rules look-up in a real browser: the cards of
RULES.md's first worked example picked by clicking score 1,235 and 175, and "frozen" on the
Rules page finds the Classic and the Modern rules. Screenshots go to $CANASTA_TUTOR_SCREENSHOTS
(default /tmp/canasta-screens) to be looked at."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.i18n import translator
from tutor.words.explain import rule_title

TIMEOUT = 20_000
SHOTS = Path(os.environ.get("CANASTA_TUTOR_SCREENSHOTS") or Path(tempfile.gettempdir())
             / "canasta-screens")
PICKER = ".st-key-calc_picker_classic-4p"
# RULES.md §3.1 CE1: each place and the cards clicked into it.
CE1 = (
    ("meld:0:0", "KH KH KS KS KD KD KC"), ("new:0", "8C 8C 8D 8D 8H 2C JK"),
    ("new:0", "AH AS 2D"), ("field:t0", "3H"), ("field:h2", "9C 4D"),
    ("meld:1:0", "QH QS QD JK"), ("new:1", "5C 5D 5H"), ("field:t1", "3D 3D"),
    ("field:h1", "AC AD 7C JK"), ("field:h3", "6C 6D JC 3C"),
)


@pytest.fixture
def wide(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 900},
                                  reduced_motion="reduce", locale="en")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def pick(page: Page, place: str, cards: str) -> None:
    picker = page.locator(PICKER)
    if place.startswith("new:"):
        picker.locator("fieldset").nth(int(place[4:])).locator(".cp-new").click()
    else:
        picker.locator(f'[data-zone="{place}"] .cp-target').click()
    for code in cards.split():
        picker.locator(f'.cp-palette [data-code="{code}"]').click()


def test_the_first_worked_example_picked_by_clicking(wide: Page) -> None:
    page = wide
    page.goto("/score?lang=en")
    wait_for_app_run(page)
    expect(page.locator(f"{PICKER} .cp-palette button")).to_have_count(53, timeout=TIMEOUT)
    for place, cards in CE1:
        pick(page, place, cards)
    # Two kings of hearts are all the decks hold: the third is refused.
    expect(page.locator(f'{PICKER} .cp-palette [data-code="KH"]')).to_have_attribute(
        "aria-disabled", "true")
    wait_for_app_run(page)
    page.locator(".st-key-calc_out_0 label").click()
    wait_for_app_run(page)
    main = page.get_by_test_id("stMain")
    expect(main.locator("td", has_text="1,235").first).to_be_visible(timeout=TIMEOUT)
    expect(main.locator("td", has_text="175").first).to_be_visible(timeout=TIMEOUT)
    chart = page.locator(".st-key-calc_breakdown .js-plotly-plot")
    expect(chart.locator(".barlayer .trace")).to_have_count(2, timeout=TIMEOUT)
    # A picked card is taken back by a click on it.
    page.locator(f'{PICKER} [data-zone="field:h3"] .cp-card').first.click()
    wait_for_app_run(page)
    expect(page.locator(f'{PICKER} [data-zone="field:h3"] .cp-card')).to_have_count(3)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(PICKER).scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "score-picker-en-1400.png")
    chart.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "score-breakdown-en-1400.png")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_frozen_finds_the_classic_and_the_modern_rules(wide: Page, lang: str) -> None:
    page = wide
    tr = translator(lang)
    page.goto(f"/rules?lang={lang}")
    wait_for_app_run(page)
    word = "frozen" if lang == "en" else rule_title("C-PILE-3", tr).split()[-1]
    field = page.locator(".st-key-rules_search input")
    field.fill(word)
    field.press("Enter")
    wait_for_app_run(page)
    classic = page.locator(".st-key-rule-found-C-PILE-3")
    expect(classic).to_contain_text(rule_title("C-PILE-3", tr), timeout=TIMEOUT)
    modern = page.locator(".st-key-rule-related-M-PILE-1")
    expect(modern).to_contain_text(rule_title("M-PILE-1", tr), timeout=TIMEOUT)
    assert "C-PILE-3" not in classic.inner_text()  # the id only in the tooltip
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"rules-search-{lang}-1400.png")
