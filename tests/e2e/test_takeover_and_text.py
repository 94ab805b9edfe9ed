"""No link takes a learner over, and what learners type stays text, in a real browser.

A device link asks first: a learner with progress who opens someone's ``?device=CODE`` sees
whose progress it would continue and keeps their own with "Keep mine" (the code is not spent);
"Continue with that one" switches. Nicknames and a class name planted with Markdown, HTML and
plotly's label HTML show as typed on the teacher's page and its chart: no live link, no image,
no markup, and no request to any host but the app's.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tutor.lessons.load import load_all
from tutor.ui.identity import COOKIE, parse

TIMEOUT = 20_000
# Screenshots to look at (pytest-playwright empties its own test-results/ at every start).
SHOTS = Path(os.environ.get("CANASTA_TUTOR_SCREENSHOTS") or Path(tempfile.gettempdir())
             / "canasta-screens")
LESSON = "cards-and-values"
STEPS = len({lesson.id: lesson for lesson in load_all()}[LESSON].steps)
PLANTED = ("[x](http://evil.example/a)", "![i](http://evil.example/i.png)",
           "<a href='http://evil.example'>y</a>", "<b>bold</b><br>",
           ":red[alarm] **b** www.evil.example", "Sam", "Sam")


def open_path(page: Page, path: str) -> None:
    page.goto(path)
    wait_for_app_run(page)


def key_of(context: BrowserContext) -> str:
    [cookie] = [c for c in context.cookies() if c["name"] == COOKIE]
    sent = parse(unquote(cookie["value"]))
    assert sent is not None
    return sent.key


@pytest.fixture
def two(browser: Browser, base_url: str) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    made = [browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
            for width in (1400, 360)]
    yield made[0], made[1]
    for context in made:
        context.close()


def device_code(page: Page) -> str:
    page.get_by_text("Your progress", exact=True).click()
    page.locator(".st-key-device-code button").click()
    code = page.locator("[data-testid='stCode']").filter(has_text=re.compile(r"^[A-Z0-9]{4}-"))
    expect(code.first).to_be_visible(timeout=TIMEOUT)
    return code.first.inner_text().strip()


def test_a_device_link_asks_and_keep_mine_keeps_the_learner(
        two: tuple[BrowserContext, BrowserContext]) -> None:
    sender_context, receiver_context = two
    sender = sender_context.new_page()
    for step in (1, 2):
        open_path(sender, f"/?lesson={LESSON}&step={step}")
    open_path(sender, "/")  # both steps kept before the code is made (a loaded machine is slow)
    expect(sender.get_by_text(f"2 of {STEPS} steps")).to_be_visible(timeout=TIMEOUT)
    code = device_code(sender)
    receiver = receiver_context.new_page()
    open_path(receiver, f"/?lesson={LESSON}&step=1")
    open_path(receiver, "/")
    expect(receiver.get_by_text(f"1 of {STEPS} steps")).to_be_visible(timeout=TIMEOUT)
    own = key_of(receiver_context)

    open_path(receiver, f"/?device={code}")
    ask = receiver.locator(".st-key-device-ask")
    expect(ask).to_contain_text("Continue someone's progress", timeout=TIMEOUT)
    expect(ask).to_contain_text("another device")
    expect(ask).to_contain_text("2 lesson steps done")
    expect(ask).to_contain_text("Your progress in this browser: 1 lesson step done")
    receiver.screenshot(path=SHOTS / "device-ask-360.png", full_page=True)
    ask.get_by_role("button", name="Keep mine").click()
    expect(ask).to_have_count(0, timeout=TIMEOUT)
    open_path(receiver, "/")
    expect(receiver.get_by_text(f"1 of {STEPS} steps")).to_be_visible(timeout=TIMEOUT)
    assert key_of(receiver_context) == own and "device" not in receiver.url

    open_path(receiver, f"/?device={code}")  # not spent: the same link still asks
    ask = receiver.locator(".st-key-device-ask")
    ask.get_by_role("button", name="Continue with that one").click()
    expect(receiver.get_by_text("This device now continues your progress")).to_be_visible(
        timeout=TIMEOUT)
    open_path(receiver, "/")
    expect(receiver.get_by_text(f"2 of {STEPS} steps")).to_be_visible(timeout=TIMEOUT)
    assert key_of(receiver_context) != own


def test_typed_names_are_text_on_the_teachers_page_and_chart(
        browser: Browser, base_url: str) -> None:
    host = urlsplit(base_url).netloc
    teacher = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 900})
    learners: list[BrowserContext] = []
    try:
        page = teacher.new_page()
        open_path(page, "/classes")
        page.locator(".st-key-class-name input").fill("4B [x](http://evil.example/c)")
        page.get_by_role("button", name="Create the class").click()
        codes = page.locator("[data-testid='stCode']")
        expect(codes.filter(has_text="teacher=")).to_be_visible(timeout=TIMEOUT)
        links = codes.all_inner_texts()
        join_link = next(text.strip() for text in links if "join=" in text)
        teacher_link = next(text.strip() for text in links if "teacher=" in text)
        for nickname in PLANTED:
            context = browser.new_context(base_url=base_url)
            learners.append(context)
            mine = context.new_page()
            open_path(mine, join_link)
            mine.locator(".st-key-join-nickname input").fill(nickname)
            mine.get_by_role("button", name="Join", exact=True).click()
            expect(mine.get_by_text("You joined")).to_be_visible(timeout=TIMEOUT)
            open_path(mine, f"/?lesson={LESSON}&step=4")
            mine.locator(".st-key-choice-95 button").click()  # wrong: an error to show
            expect(mine.get_by_text("Not quite")).to_be_visible(timeout=TIMEOUT)

        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        open_path(page, teacher_link)
        expect(page.get_by_text("Mastery per rule")).to_be_visible(timeout=TIMEOUT)
        expect(page.get_by_text("4B [x](http://evil.example/c)").first).to_be_visible()
        for box in page.locator("[data-testid='stExpander'] summary").all():
            box.click()
        for nickname in set(PLANTED):
            expect(page.locator("[data-testid='stExpander'] summary").get_by_text(
                nickname, exact=True).first).to_be_visible()
        chart = page.locator(".js-plotly-plot")
        expect(chart).to_be_visible(timeout=TIMEOUT)
        ticks = chart.locator(".ytick text").all_text_contents()
        assert "<b>bold</b><br>" in ticks and "<a href='http://evil.example'>y</a>" in ticks
        assert "Sam" in ticks and "Sam (2)" in ticks
        assert chart.locator("a").count() == 0, "a live link in the chart"
        page.screenshot(path=SHOTS / "teacher-planted-1400.png", full_page=True)
        main = page.locator("[data-testid='stMain']")
        hrefs = main.locator("a").evaluate_all("links => links.map(a => a.href)")
        assert not [href for href in hrefs if urlsplit(href).netloc != host], hrefs
        assert main.locator("a[href*='evil']").count() == 0, "not even as a heading's anchor"
        assert main.locator("img[src*='evil']").count() == 0
        assert main.locator("strong").filter(has_text=re.compile(r"^b$")).count() == 0
        assert not [url for url in requested if urlsplit(url).netloc not in (host, "")
                    and not url.startswith(("data:", "blob:"))], requested
    finally:
        teacher.close()
        for context in learners:
            context.close()
