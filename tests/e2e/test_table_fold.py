"""The practice table on one screen (issue 22, item 8): once a hand is dealt, the learner's
hand, the move buttons and the discard pile are all inside the window on a laptop screen
(1,366 x 768) and a desktop one (1,400 x 900), and the hand with the buttons on a phone (360 px
wide), without scrolling. Measured as element bounding boxes in Chromium."""

from __future__ import annotations

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Locator, Page, expect

TIMEOUT = 20_000
PARTS = {"hand": ".ct .hand", "buttons": ".ct .actions", "pile": ".ct .pile"}


def dealt(browser: Browser, base_url: str, width: int, height: int, preset: str,
          seed: int) -> Page:
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height},
                                  reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"/practice?preset={preset}&seed={seed}")
    wait_for_app_run(page)
    page.locator(".st-key-new_hand button").click()
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)
    wait_for_app_run(page)
    return page


def outside(part: Locator, width: int, height: int) -> str | None:
    """Why ``part`` is not wholly inside the window, or None."""
    box = part.bounding_box()
    if box is None:
        return "not shown"
    if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > width \
            or box["y"] + box["height"] > height:
        return f"at {box}, the window is {width} x {height}"
    return None


DEALS = [("classic-4p", 1), ("classic-4p", 6), ("classic-3p", 2), ("classic-2p", 2),
         ("modern-american", 2)]


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1400, 900)],
                         ids=["1366x768", "1400x900"])
@pytest.mark.parametrize(("preset", "seed"), DEALS)
def test_hand_buttons_and_pile_fit_on_a_computer_screen(browser: Browser, base_url: str,
                                                        width: int, height: int, preset: str,
                                                        seed: int) -> None:
    page = dealt(browser, base_url, width, height, preset, seed)
    problems = {name: outside(page.locator(selector).first, width, height)
                for name, selector in PARTS.items()}
    assert not any(problems.values()), problems
    page.context.close()


@pytest.mark.parametrize(("preset", "seed"), DEALS)
def test_hand_and_buttons_fit_on_a_phone(browser: Browser, base_url: str, preset: str,
                                         seed: int) -> None:
    page = dealt(browser, base_url, 360, 800, preset, seed)
    problems = {name: outside(page.locator(PARTS[name]).first, 360, 800)
                for name in ("hand", "buttons")}
    assert not any(problems.values()), problems
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width  # and nothing to scroll sideways
    page.context.close()
