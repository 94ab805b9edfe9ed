"""Progress that lasts, in a real browser: a lesson step after a reload, a practice hand
resumed, a class's teacher seeing a learner's error, a second learner seeing only their own,
and two app replicas on one PostgreSQL sharing a learner through the cookie.

The single-server tests use the session's server (conftest.py: its own SQLite file). The
replica test needs ``CANASTA_TUTOR_TEST_PG_URL`` (.ci/postgres sets it); with ``CI`` set a
missing URL fails, it does not skip.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator

import pytest
from conftest import _free_port, start_app, wait_for_app_run, wait_until_healthy
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tutor.lessons.load import load_all
from tutor.ui.identity import COOKIE

TIMEOUT = 20_000
LESSON = "cards-and-values"
STEPS = len({lesson.id: lesson for lesson in load_all()}[LESSON].steps)


def context_of(browser: Browser, base_url: str, width: int = 1400) -> BrowserContext:
    return browser.new_context(base_url=base_url, viewport={"width": width, "height": 1000})


@pytest.fixture
def context(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    made = context_of(browser, base_url)
    yield made
    made.close()


def open_path(page: Page, path: str) -> None:
    page.goto(path)
    wait_for_app_run(page)


def answer_quiz(page: Page, choice: str) -> None:
    """Step 4 of cards-and-values: the value of a hand (85 is right)."""
    open_path(page, f"/?lesson={LESSON}&step=4")
    page.locator(f".st-key-choice-{choice} button").click()
    wait_for_app_run(page)


def lesson_row(page: Page) -> None:
    expect(page.get_by_text(f"1 of {STEPS} steps")).to_be_visible(timeout=TIMEOUT)


def test_a_lesson_step_is_still_done_after_a_reload_and_in_a_new_tab(
        context: BrowserContext) -> None:
    page = context.new_page()
    answer_quiz(page, "85")
    expect(page.get_by_text("Right!")).to_be_visible(timeout=TIMEOUT)
    page.reload()
    wait_for_app_run(page)
    expect(page.locator(".st-key-next button")).to_be_enabled(timeout=TIMEOUT)  # step done
    tab = context.new_page()  # a new tab, the bare address: the cookie brings the learner
    open_path(tab, "/")
    lesson_row(tab)
    assert any(c["name"] == COOKIE and c["sameSite"] == "Lax" for c in context.cookies())


def test_a_practice_hand_is_resumed_after_a_reload(context: BrowserContext) -> None:
    page = context.new_page()
    open_path(page, "/practice?preset=classic-4p&seed=5")
    page.locator(".st-key-new_hand button").click()
    cards = page.get_by_role("checkbox")
    expect(cards.first).to_be_visible(timeout=TIMEOUT)
    dealt = cards.count()
    page.locator(".ct .actions").get_by_role("button", name="Draw", exact=True).click()
    expect(cards).not_to_have_count(dealt, timeout=TIMEOUT)  # drawn: the hand grew
    wait_for_app_run(page)
    hand = sorted(b.get_attribute("aria-label") or ""
                  for b in page.get_by_role("checkbox").all())
    page.reload()
    wait_for_app_run(page)
    expect(page.get_by_text("Your practice hand was resumed")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)
    assert sorted(b.get_attribute("aria-label") or ""
                  for b in page.get_by_role("checkbox").all()) == hand


def test_a_teacher_sees_a_joined_learners_error_and_learners_see_only_their_own(
        browser: Browser, base_url: str) -> None:
    teacher = context_of(browser, base_url)
    learner = context_of(browser, base_url, width=360)
    other = context_of(browser, base_url)
    try:
        page = teacher.new_page()
        open_path(page, "/classes")
        page.locator(".st-key-class-name input").fill("Class 4B")
        page.get_by_role("button", name="Create the class").click()
        # Wait for the links themselves: the rerun may not have started when the click returns.
        codes = page.locator("[data-testid='stCode']")
        expect(codes.filter(has_text="teacher=")).to_be_visible(timeout=TIMEOUT)
        expect(codes.filter(has_text="join=")).to_be_visible(timeout=TIMEOUT)
        links = codes.all_inner_texts()
        join_link = next(text.strip() for text in links if "join=" in text)
        teacher_link = next(text.strip() for text in links if "teacher=" in text)

        mine = learner.new_page()
        open_path(mine, join_link)
        mine.locator(".st-key-join-nickname input").fill("Ada")
        mine.get_by_role("button", name="Join", exact=True).click()
        expect(mine.get_by_text("You joined Class 4B")).to_be_visible(timeout=TIMEOUT)
        answer_quiz(mine, "95")  # wrong
        expect(mine.get_by_text("Not quite")).to_be_visible(timeout=TIMEOUT)

        open_path(page, teacher_link)
        expect(page.get_by_text("Mastery per rule")).to_be_visible(timeout=TIMEOUT)
        page.get_by_text("Ada", exact=True).last.click()  # that learner's last errors
        expect(page.locator("[data-testid='stExpanderDetails']").last).to_contain_text(
            "95", timeout=TIMEOUT)
        for bad in (teacher_link[:-1] + ("A" if teacher_link[-1] != "A" else "B"),
                    teacher_link + "x"):
            open_path(page, bad)
            expect(page.get_by_text("not right for this class")).to_be_visible(
                timeout=TIMEOUT)
            expect(page.get_by_text("Mastery per rule")).to_have_count(0)
        open_path(page, teacher_link.replace("class=", "class=Q"))
        expect(page.get_by_text("There is no class with this code")).to_be_visible()

        # Another learner (another browser): nothing of Ada's.
        theirs = other.new_page()
        open_path(theirs, "/")
        expect(theirs.get_by_text(re.compile(f"^0 of {STEPS} steps$")).first).to_be_visible()
        expect(theirs.get_by_text(f"1 of {STEPS} steps")).to_have_count(0)
        open_path(theirs, "/review")
        expect(theirs.get_by_text("Nothing is due")).to_be_visible(timeout=TIMEOUT)
        open_path(mine, "/review")
        expect(mine.get_by_text(re.compile(r"^Rule 1 of \d+$"))).to_be_visible(
            timeout=TIMEOUT)  # Ada's rules got wrong are due
        open_path(theirs, "/classes")
        expect(theirs.get_by_text("Your classes")).to_have_count(0)
    finally:
        for made in (teacher, learner, other):
            made.close()


# ----- two replicas on one PostgreSQL ------------------------------------------------------------

@pytest.fixture(scope="module")
def replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    db_url = os.environ.get("CANASTA_TUTOR_TEST_PG_URL", "").strip()
    if not db_url:
        if os.environ.get("CI"):
            pytest.fail("CANASTA_TUTOR_TEST_PG_URL is not set (.ci/postgres sets it)")
        pytest.skip("no PostgreSQL: set CANASTA_TUTOR_TEST_PG_URL (see .ci/postgres)")
    folder = tmp_path_factory.mktemp("replicas")
    started = []
    for number in (1, 2):
        port, log = _free_port(), folder / f"replica{number}.log"
        started.append((f"http://127.0.0.1:{port}", start_app(port, db_url, log), log))
    try:
        for url, proc, log in started:
            wait_until_healthy(url, proc, log)
        yield started[0][0], started[1][0]
    finally:
        for _url, proc, _log in started:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def test_two_replicas_on_one_postgresql_share_the_learner(
        browser: Browser, replicas: tuple[str, str]) -> None:
    first_url, second_url = replicas
    first = context_of(browser, first_url)
    second = context_of(browser, second_url)
    try:
        page = first.new_page()
        answer_quiz(page, "85")
        expect(page.get_by_text("Right!")).to_be_visible(timeout=TIMEOUT)
        open_path(page, "/")  # the next run has written the step
        lesson_row(page)
        [cookie] = [c for c in first.cookies() if c["name"] == COOKIE]
        there = second.new_page()
        open_path(there, "/")
        expect(there.get_by_text(f"1 of {STEPS} steps")).to_have_count(0)  # a new learner
        second.clear_cookies()
        second.add_cookies([{"name": COOKIE, "value": cookie["value"], "url": second_url}])
        open_path(there, "/")
        lesson_row(there)
    finally:
        first.close()
        second.close()
