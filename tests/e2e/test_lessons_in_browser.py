"""The lessons in a real browser: a step played on the card table, a watch step played out,
the start page's three ways in, the end of a lesson, and deep links onto the table."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.i18n import translator
from tutor.lessons.answers import engine_answer
from tutor.lessons.load import load_all
from tutor.lessons.runner import choice_label

TIMEOUT = 20_000
LESSONS = {lesson.id: lesson for lesson in load_all()}


@pytest.fixture
def lesson_page(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def open_path(page: Page, path: str) -> None:
    page.goto(path)
    wait_for_app_run(page)


def test_a_do_step_is_played_on_the_table_and_the_table_changes(lesson_page: Page) -> None:
    open_path(lesson_page, "/?lesson=taking-the-pile&step=3")  # take the pile with K and a two
    lesson_page.get_by_role("checkbox", name="king of hearts", exact=True).click()
    lesson_page.get_by_role("checkbox", name="two of clubs", exact=True).click()
    lesson_page.locator(".ct .actions").get_by_role("button", name="Take the pile",
                                                    exact=True).click()
    expect(lesson_page.get_by_text("Right!")).to_be_visible(timeout=TIMEOUT)
    # The table now shows the position after the take, as the engine applied it.
    expect(lesson_page.get_by_role("group", name=re.compile(r"^kings: 3 cards"))).to_be_visible()
    expect(lesson_page.get_by_role("checkbox")).to_have_count(0)  # done: nothing more to move
    expect(lesson_page.locator(".ct .log li")).to_have_count(1)
    expect(lesson_page.locator(".st-key-next button")).to_be_enabled()


def test_next_waits_for_the_step_and_skipping_is_marked(lesson_page: Page) -> None:
    open_path(lesson_page, "/?lesson=taking-the-pile&step=2")
    expect(lesson_page.locator(".st-key-next button")).to_be_disabled()
    lesson_page.locator(".st-key-skip button").click()
    wait_for_app_run(lesson_page)
    expect(lesson_page.get_by_text("Step 3 of 6")).to_be_visible()


def test_a_watch_step_plays_its_moves_on_the_table(lesson_page: Page) -> None:
    lesson = LESSONS["a-turn"]
    number = next(i for i, step in enumerate(lesson.steps) if step.kind.value == "watch") + 1
    moves = len(lesson.steps[number - 1].moves)
    open_path(lesson_page, f"/?lesson=a-turn&step={number}")
    expect(lesson_page.locator(".ct .board")).to_be_visible()
    lesson_page.locator(".st-key-watch-forward button").click()
    expect(lesson_page.locator(".ct .log li")).to_have_count(1, timeout=TIMEOUT)
    lesson_page.locator(".st-key-watch-play button").click()
    log = lesson_page.locator(".ct .log li")
    seen: list[int] = []
    for _ in range(300):  # the moves appear one at a time, not all at once
        count = log.count()
        if not seen or seen[-1] != count:
            seen.append(count)
        if count == moves:
            break
        lesson_page.wait_for_timeout(50)
    assert seen[-1] == moves and len(seen) >= 3, seen
    expect(lesson_page.locator(".ct .pause")).to_have_count(0, timeout=TIMEOUT)  # played out
    lesson_page.locator(".st-key-watch-replay button").click()
    expect(lesson_page.locator(".ct .pause")).to_be_visible(timeout=TIMEOUT)
    expect(log).not_to_have_count(moves, timeout=TIMEOUT)  # from the start again
    lesson_page.locator(".ct .pause").click()  # pause holds the replay on the move shown
    held = log.count()
    lesson_page.wait_for_timeout(2_000)
    assert log.count() == held < moves


def first_title(family: str) -> str:
    return min((lesson for lesson in LESSONS.values() if lesson.family.value == family),
               key=lambda lesson: lesson.order).title


@pytest.mark.parametrize(("way", "lands_on"), [
    ("path-classic", "heading:" + first_title("classic")),
    ("path-modern", "heading:" + first_title("modern")),
    ("let-me-play", "table"),
])
def test_the_start_pages_three_ways_lead_where_they_say(lesson_page: Page, way: str,
                                                        lands_on: str) -> None:
    open_path(lesson_page, "/")
    lesson_page.locator(f".st-key-{way} button").click()
    wait_for_app_run(lesson_page)
    if lands_on == "table":
        expect(lesson_page.get_by_role("heading", name="Practice")).to_be_visible(
            timeout=TIMEOUT)
        expect(lesson_page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)
    else:
        title = lands_on.split(":", 1)[1]
        expect(lesson_page.get_by_role("heading", name=title)).to_be_visible(timeout=TIMEOUT)


def test_finishing_a_lesson_offers_the_next_one(lesson_page: Page) -> None:
    """Every step done in turn (a quiz answered with the engine's own answer), then the end."""
    lesson = LESSONS["cards-and-values"]
    english = translator("en")
    open_path(lesson_page, "/?lesson=cards-and-values&step=1")
    total = len(lesson.steps)
    for number, step in enumerate(lesson.steps, start=1):
        expect(lesson_page.get_by_text(f"Step {number} of {total}", exact=True)).to_be_visible(
            timeout=TIMEOUT)
        if step.kind.value == "quiz":
            right = choice_label(engine_answer(step, lesson.rules), english)
            lesson_page.locator("[class*='st-key-choice-']").get_by_role(
                "button", name=right, exact=True).click()
            expect(lesson_page.get_by_text("Right!")).to_be_visible(timeout=TIMEOUT)
        if number < total:
            next_button = lesson_page.locator(".st-key-next button")
            expect(next_button).to_be_enabled(timeout=TIMEOUT)
            next_button.click()
    expect(lesson_page.get_by_text("Lesson complete.")).to_be_visible(timeout=TIMEOUT)
    following = LESSONS["wild-cards-and-threes"].title
    expect(lesson_page.get_by_role("button", name=f"Next lesson: {following}")).to_be_visible()
    expect(lesson_page.get_by_text("What this lesson taught")).to_be_visible()


def test_a_deep_link_opens_exactly_that_step_on_the_table_in_its_language(
        lesson_page: Page) -> None:
    open_path(lesson_page, "/?lesson=taking-the-pile&step=3&lang=sv")
    swedish = translator("sv")
    lesson = LESSONS["taking-the-pile"]
    expect(lesson_page.get_by_role("heading", name=swedish.pgettext(lesson.context,
                                                                     lesson.title))).to_be_visible()
    expect(lesson_page.get_by_text(swedish.gettext("Step {number} of {total}").format(
        number=3, total=len(lesson.steps)))).to_be_visible()
    expect(lesson_page.get_by_role("group", name=swedish.gettext("Your hand"))).to_be_visible()
    king = swedish.pgettext("card", "{rank} of {suit}").format(
        rank=swedish.npgettext("rank", "king", "kings", 1),
        suit=swedish.pgettext("suit", "hearts"))
    expect(lesson_page.get_by_role("checkbox", name=king, exact=True)).to_have_count(1)
