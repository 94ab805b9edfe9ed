"""Text is text, in the browser: link, image and HTML payloads planted in every place the app
shows something a person supplied (URL values, a game file's contents and its errors, a typed
move, the score calculator's inputs) are shown as written, never as a link, an image or
formatting, and the planted image is never fetched."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.engine import new_game, rule_set
from tutor.engine.records import RECORD_FORMAT, position_to_json

LINK = "[Log in again](http://evil.example/)"
IMAGE = "![x](http://127.0.0.1:9/t.png)"
HTML = "<img src=x onerror=alert(1)>"
PAYLOADS = [LINK, IMAGE, HTML, "<b>bold</b>", "**bold**"]
TIMEOUT = 20_000


@pytest.fixture
def watched(browser: Browser, base_url: str) -> Iterator[tuple[Page, list[str]]]:
    """A page and every URL it requested; no script error is allowed on it."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  reduced_motion="reduce")
    page = context.new_page()
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, requested
    context.close()
    assert not errors, errors


def assert_all_text(page: Page, requested: list[str]) -> None:
    """Nothing planted became a link, an image, bold text or a request."""
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.locator("a[href*=evil]")).to_have_count(0)
    expect(page.locator('img[src*="127.0.0.1:9"]')).to_have_count(0)
    expect(page.locator('img[src="x"], [onerror]')).to_have_count(0)
    expect(page.locator("b, strong").filter(has_text="bold")).to_have_count(0)
    expect(page.locator('a[href*="127.0.0.1:9"]')).to_have_count(0)
    planted = [url for url in requested
               if urlsplit(url).netloc in ("127.0.0.1:9", "evil.example")]  # not the page's query
    assert not planted, planted


def open_page(page: Page, path: str) -> None:
    page.goto(path)
    wait_for_app_run(page)


def deal(page: Page) -> None:
    open_page(page, "/practice")
    page.locator(".st-key-new_hand button").click()
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)


def upload(page: Page, path: Path) -> None:
    page.locator(".st-key-record_upload input[type=file]").set_input_files(str(path))
    wait_for_app_run(page)


def test_url_values(watched: tuple[Page, list[str]]) -> None:
    page, requested = watched
    for payload in PAYLOADS:
        value = quote(payload, safe="")
        open_page(page, f"/?lesson={value}&step={value}&lang={value}")
        expect(page.get_by_test_id("stAlertContentError")).to_contain_text(payload)
        assert_all_text(page, requested)
        open_page(page, f"/practice?seed={value}&preset={value}&lang={value}")
        expect(page.get_by_test_id("stAlertContentError")).to_be_visible()
        assert_all_text(page, requested)


def test_a_typed_move(watched: tuple[Page, list[str]]) -> None:
    page, requested = watched
    deal(page)
    page.get_by_text("Advanced: type a move").click()
    field = page.locator(".st-key-typed_move input")
    for payload in PAYLOADS:
        field.fill(payload)
        field.press("Enter")
        wait_for_app_run(page)
        page.locator(".st-key-play_typed button").click()
        answer = page.get_by_test_id("stAlertContentError")
        expect(answer).to_contain_text(payload, timeout=TIMEOUT)
        expect(answer).to_contain_text("is not a move")  # in words, not the parser's message
        expect(answer).not_to_contain_text("not an action")
        assert_all_text(page, requested)


def test_game_files_and_their_errors(watched: tuple[Page, list[str]], tmp_path: Path) -> None:
    page, requested = watched
    open_page(page, "/practice")  # no game yet: the settings, with the upload, are open
    start = position_to_json(new_game(rule_set("classic-4p"), seed=3))
    for index, payload in enumerate(PAYLOADS):
        path = tmp_path / f"bad-{index}.json"
        path.write_text(json.dumps({"format": RECORD_FORMAT, "start": start,
                                    "moves": [{"seat": 1, "action": payload}]}))
        upload(page, path)
        # said in words; the file's own text only in the fold for teachers, as text
        expect(page.get_by_test_id("stAlertContentError")).to_contain_text(
            "This game file cannot be used")
        expect(page.get_by_test_id("stCode")).to_contain_text(payload)
        assert_all_text(page, requested)
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps({"format": RECORD_FORMAT, **dict.fromkeys(PAYLOADS, 1)}))
    upload(page, keys)
    expect(page.get_by_test_id("stCode")).to_contain_text("unknown key")
    assert_all_text(page, requested)
    # A file that loads, whose hand score quotes each payload: the score is shown as text.
    items = [{"kind": "melds", "rule": "C-SCORE-1", "points": 5, "params": {"cards": payload}}
             for payload in PAYLOADS]
    scored = tmp_path / "scored.json"
    scored.write_text(json.dumps({"format": RECORD_FORMAT, "moves": [], "start": {
        **start, "phase": "hand-over",
        "results": [{"sides": [{"seats": [0, 2], "items": items},
                               {"seats": [1, 3], "items": []}]}]}}))
    upload(page, scored)
    expect(page.get_by_role("heading", name="Score of the hand")).to_be_visible(timeout=TIMEOUT)
    for payload in PAYLOADS:
        expect(page.get_by_role("cell").filter(has_text=payload).first).to_be_visible()
    assert_all_text(page, requested)


def test_score_calculator_inputs(watched: tuple[Page, list[str]]) -> None:
    page, requested = watched
    open_page(page, "/score")
    page.locator(".st-key-calc_how button").nth(1).click()  # type the cards in codes
    wait_for_app_run(page)
    melds = page.locator(".st-key-calc_melds_0 textarea")
    hand = page.locator(".st-key-calc_hand_0 input")
    for payload in PAYLOADS:
        melds.fill(payload)
        hand.fill(payload)
        hand.press("Enter")  # sends both: the text area's change is sent as it loses focus
        wait_for_app_run(page)
        error = page.get_by_test_id("stAlertContentError")
        expect(error).to_contain_text("Check the cards")
        expect(error).to_contain_text("Your side (melds)")  # the field in words, no index
        expect(error).not_to_contain_text("sides[")
        assert_all_text(page, requested)
