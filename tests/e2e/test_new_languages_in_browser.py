"""The three newest languages in a real browser: every page of the app in Brazilian Portuguese,
Italian and French shows none of the app's English sentences (Streamlit's own widget texts,
such as the file uploader's "Browse files", are not the app's and are left out)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor import catalogs
from tutor.i18n import translator

PAGES = (("/", "Lessons"), ("/practice", "Practice"), ("/rules", "Rules"),
         ("/score", "Score calculator"), ("/review", "Review"))


def english_sentences(lang: str) -> set[str]:
    """The app's English texts of three words or more that ``lang`` translates differently,
    without their placeholders (a text with one is matched by its longest fixed part)."""
    tr = translator(lang)
    found = set()
    for message in catalogs.read(catalogs.TEMPLATE):
        source = message.id if isinstance(message.id, str) else message.id[0]
        if not source or len(source.split()) < 3:
            continue
        translated = tr.pgettext(message.context, source) if message.context \
            else tr.gettext(source)
        fixed = max(re.split(r"\{[^}]*\}|\*\*|`", source), key=len).strip(" .,:;()")
        if translated != source and len(fixed.split()) >= 3:
            found.add(fixed)
    return found


@pytest.fixture
def english_browser_page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A browser that asks for English, so any other language comes from the app."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  locale="en-US", reduced_motion="reduce")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", ["pt_BR", "it", "fr"])
def test_every_page_shows_no_english_sentence_of_the_app(english_browser_page: Page,
                                                          lang: str) -> None:
    page = english_browser_page
    english = english_sentences(lang)
    assert len(english) > 300  # the check has something to find
    for path, title in PAGES:
        page.goto(f"{path}?lang={lang}")
        wait_for_app_run(page)
        expect(page.get_by_role("heading", name=translator(lang).gettext(title),
                                exact=True)).to_be_visible(timeout=20_000)
        shown = page.get_by_test_id("stMain").inner_text()
        sidebar = page.get_by_test_id("stSidebar").inner_text()
        left = sorted(text for text in english if text in shown or text in sidebar)
        assert not left, f"{path} in {lang} shows English: {left[:5]}"


def test_the_check_finds_english_on_an_english_page(english_browser_page: Page) -> None:
    """The same check on the English page finds the sentences, so it can fail."""
    page = english_browser_page
    page.goto("/?lang=en")
    wait_for_app_run(page)
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=20_000)
    shown = page.get_by_test_id("stMain").inner_text()
    assert len([text for text in english_sentences("fr") if text in shown]) >= 5
