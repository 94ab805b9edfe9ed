"""The learner's language in a real browser: ``<html lang>`` names it on every page (opened by
URL, reached by the sidebar, after a language switch, after a click on the table), and
``?lang=`` stays in the URL across sidebar navigation, so a reload keeps the language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.i18n import LANGUAGES, translator

TIMEOUT = 20_000
# The pages: URL path and title (the page's heading, the sidebar link's text).
PAGES = (("/", "Lessons"), ("/practice", "Practice"), ("/rules", "Rules"),
         ("/score", "Score calculator"))


@pytest.fixture
def lang_page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A browser that asks for English, so any other language comes from the app."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  locale="en-US", reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def expect_language(page: Page, lang: str, title: str) -> None:
    """The page titled ``title`` is shown in ``lang``, the document says so, the URL keeps it."""
    heading = translator(lang).gettext(title)
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(rf"[?&]lang={lang}(&|$)"), timeout=TIMEOUT)


def go_by_sidebar(page: Page, lang: str, title: str) -> None:
    link = page.get_by_test_id("stSidebarNav").get_by_role(
        "link", name=translator(lang).gettext(title))
    link.click()
    wait_for_app_run(page)


@pytest.mark.parametrize("lang", ["el", "es"])
def test_every_page_opened_by_url_has_the_language(lang_page: Page, lang: str) -> None:
    for path, title in PAGES:
        lang_page.goto(f"{path}?lang={lang}")
        wait_for_app_run(lang_page)
        expect_language(lang_page, lang, title)


def test_every_page_reached_by_the_sidebar_keeps_the_language(lang_page: Page) -> None:
    lang_page.goto("/rules?lang=de")
    wait_for_app_run(lang_page)
    expect_language(lang_page, "de", "Rules")
    for _path, title in (*PAGES, *PAGES):  # round twice: back to pages already seen
        go_by_sidebar(lang_page, "de", title)
        expect_language(lang_page, "de", title)


def test_the_picker_sets_the_language_of_every_page(lang_page: Page) -> None:
    lang_page.goto("/score")
    wait_for_app_run(lang_page)
    expect(lang_page.locator("html")).to_have_attribute("lang", "en")
    lang_page.get_by_test_id("stSidebar").get_by_role("combobox").click()
    lang_page.get_by_role("option", name=LANGUAGES["nb"]).click()
    wait_for_app_run(lang_page)
    expect_language(lang_page, "nb", "Score calculator")
    for _path, title in PAGES:
        go_by_sidebar(lang_page, "nb", title)
        expect_language(lang_page, "nb", title)


def test_a_click_on_the_table_keeps_the_language(lang_page: Page) -> None:
    """The table reruns in a fragment: the page's language and the table's stay."""
    lang_page.goto("/practice?lang=el&seed=3")
    wait_for_app_run(lang_page)
    lang_page.locator(".st-key-new_hand button").click()
    table = lang_page.locator(".ct")
    expect(table).to_have_attribute("lang", "el", timeout=TIMEOUT)
    version = table.get_attribute("data-version")
    lang_page.locator(".ct .actions button[data-kind=draw]").click()
    expect(table).not_to_have_attribute("data-version", version or "", timeout=TIMEOUT)
    expect(table).to_have_attribute("lang", "el")
    expect(lang_page.locator("html")).to_have_attribute("lang", "el")
    go_by_sidebar(lang_page, "el", "Rules")
    expect_language(lang_page, "el", "Rules")
    go_by_sidebar(lang_page, "el", "Practice")
    expect_language(lang_page, "el", "Practice")
    expect(table).to_have_attribute("lang", "el", timeout=TIMEOUT)


def test_swedish_survives_navigation_and_a_reload(lang_page: Page) -> None:
    lang_page.goto("/")
    wait_for_app_run(lang_page)
    lang_page.get_by_test_id("stSidebar").get_by_role("combobox").click()
    lang_page.get_by_role("option", name=LANGUAGES["sv"]).click()
    wait_for_app_run(lang_page)
    expect_language(lang_page, "sv", "Lessons")
    go_by_sidebar(lang_page, "sv", "Rules")
    expect_language(lang_page, "sv", "Rules")
    lang_page.reload()  # a new session: only the URL knows the language now
    wait_for_app_run(lang_page)
    expect_language(lang_page, "sv", "Rules")
    assert lang_page.url.endswith("/rules?lang=sv")
