"""The lessons in a real browser: a step played on the card table, a watch step played out,
the start page's three ways in, the end of a lesson, and deep links onto the table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.i18n import translator
from tutor.lessons.answers import engine_answer
from tutor.lessons.load import load_all
from tutor.lessons.runner import STEP_OF, choice_label
from tutor.ui.watch_table import watch_data

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
    steps = len(LESSONS["taking-the-pile"].steps)  # the lesson as it is now
    expect(lesson_page.get_by_text(f"Step 3 of {steps}")).to_be_visible()


WATCHED = LESSONS["a-turn"]
WATCH_NUMBER = next(i for i, step in enumerate(WATCHED.steps) if step.kind.value == "watch") + 1
WATCH_MOVES = len(WATCHED.steps[WATCH_NUMBER - 1].moves)


def counter_and_log(page: Page) -> tuple[str, int]:
    """The counter under the watch table and the moves the table's log tells, read one right
    after the other (a tick may fall between them: at most one move apart)."""
    captions = page.locator("[data-testid='stCaptionContainer']").all_inner_texts()
    counter = next((text for text in captions if re.search(r"[Mm]ove", text)), "")
    return counter.strip(), page.locator(".ct .log li").count()


def test_a_watch_step_plays_its_moves_and_the_counter_follows_the_table(
        lesson_page: Page) -> None:
    open_path(lesson_page, f"/?lesson=a-turn&step={WATCH_NUMBER}")
    log = lesson_page.locator(".ct .log li")
    expect(lesson_page.locator(".ct .board")).to_be_visible()
    expect(lesson_page.get_by_text(f"{WATCH_MOVES} moves to watch")).to_be_visible()
    lesson_page.locator(".st-key-watch-forward button").click()
    expect(log).to_have_count(1, timeout=TIMEOUT)
    expect(lesson_page.get_by_text(f"Move 1 of {WATCH_MOVES}", exact=True)).to_be_visible()
    expect(lesson_page.locator(".ct .prompt")).to_have_text("You are playing.")
    lesson_page.locator(".st-key-watch-play button").click()
    seen: list[tuple[str, int]] = []
    for _ in range(400):  # the moves come one at a time; the counter names the move shown
        counter, lines = counter_and_log(lesson_page)
        if lines and counter and (not seen or seen[-1] != (counter, lines)):
            seen.append((counter, lines))
        if lines == WATCH_MOVES and counter == f"Move {WATCH_MOVES} of {WATCH_MOVES}":
            break
        lesson_page.wait_for_timeout(50)
    shown = [lines for _counter, lines in seen]
    assert shown[-1] == WATCH_MOVES and len(set(shown)) >= 4, seen
    # a counter read with the log never runs ahead of it by more than the move in flight
    assert all(abs(int(re.findall(r"\d+", counter)[0]) - lines) <= 1
               for counter, lines in seen), seen
    expect(lesson_page.locator(".ct .pause")).to_have_count(0)  # no second set of controls
    expect(lesson_page.locator(".st-key-next button")).to_be_enabled(timeout=TIMEOUT)
    expect(lesson_page.locator(".st-key-watch-play button")).to_have_text(
        re.compile("Play the moves"), timeout=TIMEOUT)


def test_pause_holds_a_watch_step_on_a_real_position(lesson_page: Page) -> None:
    open_path(lesson_page, f"/?lesson=a-turn&step={WATCH_NUMBER}")
    log = lesson_page.locator(".ct .log li")
    lesson_page.locator(".st-key-watch-play button").click()
    expect(log).to_have_count(2, timeout=TIMEOUT)  # the learner's draw, then the discard
    lesson_page.locator(".st-key-watch-play button").click()  # now "Pause"
    wait_for_app_run(lesson_page)
    held = log.count()
    lesson_page.wait_for_timeout(2_500)
    assert log.count() == held < WATCH_MOVES
    counter, lines = counter_and_log(lesson_page)
    assert counter == f"Move {held} of {WATCH_MOVES}" and lines == held
    # the hand and the pile of one moment, as the engine left them after the move shown (a
    # card discarded is on the pile, not out of the hand and nowhere)
    moment = watch_data(WATCHED, WATCHED.steps[WATCH_NUMBER - 1], held, translator("en"))
    board: Any = moment["board"]
    expect(lesson_page.locator(".ct .hand .card")).to_have_count(len(moment["hand"]))
    expect(lesson_page.locator(".ct .pile .count-text")).to_have_text(
        board["pile"]["count_text"])


@pytest.mark.parametrize("width", [1400, 360])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_watch_step_has_one_row_of_controls(browser: Browser, base_url: str, width: int,
                                              lang: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        open_path(page, f"/?lesson=a-turn&step={WATCH_NUMBER}&lang={lang}")
        tr = translator(lang)
        row = page.locator(".st-key-step-controls")
        expect(row).to_have_count(1)
        for key in ("back", "watch-replay", "watch-back", "watch-play", "watch-forward", "next"):
            expect(row.locator(f".st-key-{key} button")).to_have_count(1)
        expect(page.locator(".ct .replay-controls")).to_have_count(0)
        expect(page.get_by_role("button", name=tr.gettext("Back"), exact=True)).to_have_count(1)
        tops = [round(box["y"]) for button in row.locator("button").all()
                if (box := button.bounding_box()) is not None]
        # one line in a wide window; on a phone the move buttons show their icons, so the row
        # takes two lines at most (it took three rows, plus the table's own, before)
        assert len(set(tops)) <= (1 if width >= 1400 else 2), tops
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator(".st-key-watch-forward button").click()
        expect(page.get_by_text(tr.format(tr.npgettext("watch", "Move {n} of {total}",
                                                       "Move {n} of {total}", WATCH_MOVES),
                                          "Move {n} of {total}", n=1, total=WATCH_MOVES),
                                exact=True)).to_be_visible(timeout=TIMEOUT)
        expect(page.locator(".ct .prompt")).to_have_text(tr.gettext("You are playing."))
    finally:
        context.close()


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
    total = len(lesson.steps)
    expect(lesson_page.get_by_text(swedish.ngettext(*STEP_OF, total).format(
        number=3, total=total))).to_be_visible()
    expect(lesson_page.get_by_role("group", name=swedish.gettext("Your hand"))).to_be_visible()
    king = swedish.pgettext("card", "{rank} of {suit}").format(
        rank=swedish.npgettext("rank", "king", "kings", 1),
        suit=swedish.pgettext("suit", "hearts"))
    expect(lesson_page.get_by_role("checkbox", name=king, exact=True)).to_have_count(1)


def test_a_wrong_review_move_gets_a_second_try_then_the_right_move_on_the_table(
        lesson_page: Page) -> None:
    """An illegal take in practice comes back in review: wrong once, the engine's reasons and
    the same table again; wrong twice, the right move played out on the table and told."""
    open_path(lesson_page, "/practice")
    lesson_page.locator(".st-key-new_hand button").click()
    take = lesson_page.locator(".ct .actions button[data-kind='take']")
    expect(take).to_be_visible(timeout=TIMEOUT)
    take.click(force=True)  # aria-disabled, still answers: the engine refuses, the position is kept
    expect(lesson_page.locator(".ct .verdict.illegal")).to_be_visible(timeout=TIMEOUT)
    open_path(lesson_page, "/review")
    expect(lesson_page.get_by_text(re.compile(r"^Rule 1 of \d+$"))).to_be_visible(
        timeout=TIMEOUT)
    take = lesson_page.locator(".ct .actions button[data-kind='take']")
    take.click(force=True)
    expect(lesson_page.get_by_text("Not quite. Have another try.")).to_be_visible(
        timeout=TIMEOUT)
    expect(lesson_page.locator(".st-key-review-skip button")).to_be_visible()
    expect(lesson_page.locator(".st-key-review-next")).to_have_count(0)
    take.click(force=True)  # the same table takes the second try
    expect(lesson_page.get_by_text(re.compile(r"^The right move: "))).to_be_visible(
        timeout=TIMEOUT)
    expect(lesson_page.locator(".ct .actions button")).to_have_count(0)  # played out, read-only
    expect(lesson_page.locator(".ct .log li")).to_have_count(1)
    expect(lesson_page.locator(".ct .verdict.legal")).to_be_visible()
    expect(lesson_page.locator(".st-key-review-next button")).to_be_visible()
