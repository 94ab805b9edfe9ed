"""Every page of the app in every language, in a real browser: none of the app's English
sentences, none of the English texts Streamlit writes into its own widgets (an uploader's
"Browse files", a multiselect's "Choose options" …), and no request to any host but the app's
(an icon font from a public service would be missing on a school network without internet,
and would tell a third party each learner's address)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.devtools import catalogs
from tutor.i18n import LANGUAGES, translator

PAGES = (("/", "Lessons"), ("/practice", "Practice"), ("/rules", "Rules"),
         ("/score", "Score calculator"), ("/review", "Review"), ("/classes", "Classes"))
# What Streamlit's widgets write in English whatever the page's language (seen in 1.67).
WIDGET_ENGLISH = ("Browse files", "Drag and drop file here", "per file", "Choose options",
                  "Choose an option", "Select all", "No results", "Press Enter to apply",
                  "Press Enter to submit form")


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
def watched_page(browser: Browser, base_url: str) -> Iterator[tuple[Page, list[str]]]:
    """A browser that asks for English (so any other language comes from the app), with every
    request it makes."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  locale="en-US", reduced_motion="reduce")
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    yield page, requested
    context.close()


def shown_text(page: Page) -> str:
    """The main area and the sidebar as read, with the placeholders of their fields."""
    parts = [page.get_by_test_id("stMain").inner_text(),
             page.get_by_test_id("stSidebar").inner_text()]
    parts += page.locator("input, textarea").evaluate_all(
        "fields => fields.map(f => f.placeholder || '')")
    return "\n".join(parts)


def foreign(requested: list[str], base_url: str) -> list[str]:
    host = urlsplit(base_url).netloc
    return [url for url in requested
            if not url.startswith(("data:", "blob:")) and urlsplit(url).netloc != host]


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_page_is_in_the_language_and_fetches_nothing_from_outside(
        watched_page: tuple[Page, list[str]], base_url: str, lang: str) -> None:
    page, requested = watched_page
    english = english_sentences(lang)
    assert len(english) > 300  # the check has something to find
    for path, title in PAGES:
        page.goto(f"{path}?lang={lang}")
        wait_for_app_run(page)
        expect(page.get_by_role("heading", name=translator(lang).gettext(title),
                                exact=True)).to_be_visible(timeout=20_000)
        shown = shown_text(page)
        left = sorted(text for text in (*english, *WIDGET_ENGLISH) if text in shown)
        assert not left, f"{path} in {lang} shows English: {left[:5]}"
    assert not foreign(requested, base_url), foreign(requested, base_url)


def test_the_checks_find_english_and_a_foreign_request(
        watched_page: tuple[Page, list[str]], base_url: str) -> None:
    """The same checks on the English page find the sentences, and a page that asks another
    host is caught, so both can fail."""
    page, requested = watched_page
    page.goto("/?lang=en")
    wait_for_app_run(page)
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=20_000)
    shown = shown_text(page)
    assert len([text for text in english_sentences("fr") if text in shown]) >= 5
    page.evaluate("() => fetch('http://192.0.2.1/font.woff2').catch(() => null)")
    page.wait_for_timeout(200)
    assert foreign(requested, base_url) == ["http://192.0.2.1/font.woff2"]
