"""A lesson's decide step in a real browser, in French: a worse choice made on the card table is
told why it is worse and the table stays live; the best choice, made on the table, is played."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import wait_for_app_run
from playwright.sync_api import Browser, Page, expect

from tutor.engine.actions import Draw, TakePile
from tutor.i18n import translator
from tutor.lessons.load import load_all
from tutor.lessons.model import StepKind
from tutor.lessons.runner import BEST_MOVE, BETTER_MOVE, say
from tutor.words.names import card_name

TIMEOUT = 20_000


def pile_or_stock() -> tuple[str, int]:
    """A decide step whose best move takes the pile with cards from hand and whose worse
    choices include drawing from the stock: the lesson and its step number."""
    for lesson in load_all():
        for number, step in enumerate(lesson.steps, start=1):
            best = step.best_option
            if step.kind is StepKind.DECIDE and best is not None and best.moves \
                    and isinstance(best.moves[0], TakePile) and best.moves[0].cards \
                    and not best.moves[0].melds \
                    and any(option_is_draw(o) for o in step.options if not o.best):
                return lesson.id, number
    raise AssertionError("no lesson has a 'take the pile or draw?' decide step")


def option_is_draw(option: object) -> bool:
    moves = getattr(option, "moves", ())
    kind = getattr(option, "any", None)
    return any(isinstance(m, Draw) for m in moves) or getattr(kind, "value", "") == "draw"


@pytest.fixture
def french_page(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def test_a_decide_step_worse_then_best_on_the_table_in_french(french_page: Page) -> None:
    page, french = french_page, translator("fr")
    lesson_id, number = pile_or_stock()
    lesson = next(item for item in load_all() if item.id == lesson_id)
    step = lesson.steps[number - 1]
    page.goto(f"/?lesson={lesson_id}&step={number}&lang=fr")
    wait_for_app_run(page)
    actions = page.locator(".ct .actions")
    actions.get_by_role("button", name=french.gettext("Draw"), exact=True).click()
    expect(page.get_by_text(french.gettext(BETTER_MOVE))).to_be_visible(timeout=TIMEOUT)
    worse = next(o for o in step.options if option_is_draw(o))
    expect(page.get_by_text(say(lesson, worse.why, french))).to_be_visible()
    expect(page.locator(".st-key-skip button")).to_be_visible()  # the step is not done
    best = step.best_option
    assert best is not None and isinstance(best.moves[0], TakePile)
    seen: dict[str, int] = {}
    for card in best.moves[0].cards:  # the first free copy of each card, as a learner clicks
        name = str(card_name(card, french))
        boxes = page.get_by_role("checkbox", name=name, exact=True)
        boxes.nth(seen.get(name, 0)).click()
        seen[name] = seen.get(name, 0) + 1
    actions.get_by_role("button", name=french.gettext("Take the pile"), exact=True).click()
    expect(page.get_by_text(french.gettext(BEST_MOVE))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text(say(lesson, best.why, french))).to_be_visible()
    expect(page.locator(".st-key-skip button")).to_have_count(0)  # done
