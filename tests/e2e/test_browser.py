"""The app in a real browser: every page loads, a practice turn by clicking, an explanation,
a language switch. The click-to-update time seen is printed (a figure, not an assertion)."""

from __future__ import annotations

import time

from conftest import wait_for_app_run
from playwright.sync_api import Page, expect

from tutor.i18n import translator


def open_page(page: Page, path: str) -> None:
    page.goto(path)
    wait_for_app_run(page)


def test_every_page_loads(page: Page) -> None:
    for path, heading in (("/", "Lessons"), ("/practice", "Practice"), ("/rules", "Rules"),
                          ("/score", "Score calculator")):
        open_page(page, path)
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        expect(page.get_by_test_id("stException")).to_have_count(0)


def test_a_practice_turn_by_clicking_with_its_explanation(page: Page) -> None:
    open_page(page, "/practice")
    page.locator(".st-key-new_hand button").click()
    wait_for_app_run(page)
    expect(page.get_by_role("group", name="Your hand")).to_be_visible()
    actions = page.locator(".ct .actions")
    started = time.perf_counter()
    actions.get_by_role("button", name="Discard", exact=True).click(force=True)
    page.get_by_text("Select exactly one card to discard.", exact=True).wait_for(timeout=15_000)
    elapsed = (time.perf_counter() - started) * 1000
    print(f"\nclick-to-update (a notice from the table): {elapsed:.0f} ms")
    actions.get_by_role("button", name="Draw", exact=True).click()
    expect(page.get_by_text("You may draw from the stock.", exact=True)).to_be_visible(
        timeout=15_000)
    page.get_by_role("checkbox").first.click()
    started = time.perf_counter()
    actions.get_by_role("button", name="Discard", exact=True).click()
    expect(page.locator(".ct .verdict.legal")).to_contain_text("You may discard",
                                                               timeout=15_000)
    print(f"click-to-update (discard and computer turns): "
          f"{(time.perf_counter() - started) * 1000:.0f} ms")
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_switching_language_translates_the_page(page: Page) -> None:
    open_page(page, "/?lesson=taking-the-pile&step=2")
    page.get_by_test_id("stSidebar").get_by_role("combobox").click()
    page.get_by_role("option", name="Deutsch").click()
    wait_for_app_run(page)
    german = translator("de").pgettext("lesson:taking-the-pile", "Taking the discard pile")
    expect(page.get_by_role("heading", name=german)).to_be_visible()
    assert "lang=de" in page.url
