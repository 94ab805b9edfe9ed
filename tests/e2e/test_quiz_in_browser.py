"""A lesson's quiz in a real browser, in German: the choices in the order of the learner whose
key the browser's cookie holds, a first wrong answer told as not right with a retry and no
answer, and the retry answered right."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.i18n import translator
from tutor.lessons.load import load_all
from tutor.lessons.runner import THE_ANSWER_IS, choice_order
from tutor.store.keys import new_learner_key
from tutor.ui import identity
from tutor.ui.quiz_view import TRY_AGAIN

TIMEOUT = 20_000
LESSON = next(lesson for lesson in load_all() if lesson.id == "cards-and-values")
INDEX = next(i for i, step in enumerate(LESSON.steps) if step.id == "value-of-a-hand")
KEY = new_learner_key()


@pytest.fixture
def german_page(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  locale="de-DE")
    context.add_cookies([{"name": identity.COOKIE, "value": identity.NEW + KEY,
                          "url": base_url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def test_a_shuffled_quiz_with_a_retry_in_german(german_page: Page) -> None:
    page, german = german_page, translator("de")
    page.goto(f"/?lesson={LESSON.id}&step={INDEX + 1}&lang=de")
    wait_for_app_run(page)
    buttons = page.locator("[class*='st-key-choice-']")
    expect(buttons).to_have_count(3, timeout=TIMEOUT)
    keys = [re.search(r"st-key-choice-(\S+)", buttons.nth(i).get_attribute("class") or "")
            for i in range(3)]
    assert [found.group(1) for found in keys if found] == list(
        choice_order(LESSON, LESSON.steps[INDEX], KEY))  # this learner's order
    page.locator(".st-key-choice-80 button").click()
    expect(page.get_by_text(german.gettext(TRY_AGAIN))).to_be_visible(timeout=TIMEOUT)
    answer = german.gettext(THE_ANSWER_IS).split("{")[0].strip()
    expect(page.get_by_text(answer)).to_have_count(0)  # the answer is not shown yet
    expect(page.locator(".st-key-choice-80 button")).to_be_disabled()
    page.locator(".st-key-choice-85 button").click()
    expect(page.get_by_text(german.gettext("Right!"))).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".st-key-choice-95 button")).to_be_disabled()
