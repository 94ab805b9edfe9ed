"""The card table in a real browser (Debian's Chromium through Playwright): cards found by role
and accessible name, moves made by clicking and by keyboard only, the computer players' moves
played out and told, the history stepper, a phone-sized screen, and random clicks.

A practice hand is deterministic for a rule set and deal number, so the test keeps a copy of the
same hand (``Practice``) to choose the moves (the standard player's hints) and to know what the
table must show after each one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_for_app_run
from helpers import position
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tutor.engine import rule_set
from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Group,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.cards import Card, Rank
from tutor.engine.records import GameRecord, dumps_record
from tutor.engine.state import GameState
from tutor.i18n import translator
from tutor.ui.card_table.model import version_of
from tutor.ui.practice import Practice
from tutor.words.explain import card_name, rank_name
from tutor.words.narrate import narrate

EN = translator("en")
TIMEOUT = 20_000


@pytest.fixture
def table_page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A page that asks for reduced motion: the computer moves appear at once."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000},
                                  reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def open_practice(page: Page, query: str = "") -> None:
    page.goto(f"/practice{query}")
    wait_for_app_run(page)


def deal(page: Page, preset: str = "classic-4p", seed: int = 1) -> None:
    open_practice(page, f"?preset={preset}&seed={seed}")
    page.locator(".st-key-new_hand button").click()
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)


def load_position(page: Page, state: GameState, tmp_path: Path, query: str = "") -> None:
    """Open a game file that starts at ``state`` (the practice page's upload)."""
    path = tmp_path / "position.json"
    path.write_text(dumps_record(GameRecord(state, ())), encoding="utf-8")
    open_practice(page, query)
    page.locator(".st-key-record_upload input[type=file]").set_input_files(str(path))
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)


def hand_names(page: Page) -> list[str]:
    return [box.get_attribute("aria-label") or "" for box in page.get_by_role("checkbox").all()]


def card(page: Page, name: str) -> Locator:
    """The first card of that name in the hand that is not selected yet."""
    return page.get_by_role("checkbox", name=name, exact=True).and_(
        page.locator("[aria-checked=false]")).first


def button(page: Page, label: str) -> Locator:
    return page.locator(".ct .actions").get_by_role("button", name=label, exact=True)


def select(page: Page, cards: tuple[Card, ...]) -> None:
    for each in cards:
        target = card(page, card_name(each, EN))
        target.click()
    checked = page.get_by_role("checkbox", checked=True)
    expect(checked).to_have_count(len(cards))


CHOOSER = re.compile("^Lay the wild cards? onto$")


def stage(page: Page, group: Group) -> None:
    """Put ``group`` aside; wild cards alone go onto the only meld there is, or the table
    asks which."""
    take_back = page.get_by_role("button", name=re.compile("^Take back"))
    before = take_back.count()
    select(page, group.cards)
    button(page, "Put aside as a meld").click()
    if all(c.is_wild for c in group.cards) and group.onto is not None:
        chooser = page.get_by_role("group", name=CHOOSER)
        expect(chooser.or_(take_back.nth(before))).to_be_visible(timeout=TIMEOUT)
        if chooser.count():
            chooser.get_by_role("button", name=rank_name(group.onto, EN), exact=True).click()
    expect(take_back).to_have_count(before + 1, timeout=TIMEOUT)


def play_by_clicking(page: Page, action: Action) -> None:
    """Make ``action`` on the table with the mouse, as a learner would."""
    simple = {Draw: "Draw", AskPartner: "Ask partner", Pass: "Pass"}
    if type(action) in simple:
        button(page, simple[type(action)]).click()
    elif isinstance(action, NextHand):
        page.locator(".st-key-next button").click()
    elif isinstance(action, Answer):
        button(page, "Answer yes" if action.yes else "Answer no").click()
    elif isinstance(action, Discard):
        select(page, (action.card,))
        button(page, "Discard").click()
    elif isinstance(action, Meld):
        for group in action.groups:
            stage(page, group)
        button(page, "Meld").click()
    elif isinstance(action, TakePile):
        for group in action.melds:
            stage(page, group)
        select(page, action.cards)
        button(page, "Take the pile").click()
    else:
        raise AssertionError(f"no way to click {action}")


def expect_table(page: Page, practice: Practice) -> None:
    """The table shows the practice's current position (its version), with its hand."""
    version = version_of(practice.state, len(practice.entries))
    expect(page.locator(f".ct[data-version='{version}']")).to_have_count(1, timeout=TIMEOUT)
    expect_hand(page, practice.state)


def expect_hand(page: Page, state: GameState) -> None:
    wanted = [card_name(c, EN) for c in state.hands[0]]
    expect(page.get_by_role("checkbox")).to_have_count(len(wanted), timeout=TIMEOUT)
    for _ in range(100):
        if hand_names(page) == wanted:
            return
        page.wait_for_timeout(100)
    assert hand_names(page) == wanted


# ----- cards by role and name ----------------------------------------------------------------

def test_two_identical_cards_are_selected_by_name_and_melded(table_page: Page,
                                                              tmp_path: Path) -> None:
    state = position("classic-4p", turn=0, phase="play",
                     hands=["8C 8H 8H 8S 5D 6D", "4C 5C", "4D 5D", "4H 5H"], pile="4S",
                     sides=[["QH QS QD"], []])
    load_position(table_page, state, tmp_path)
    eights = table_page.get_by_role("checkbox", name="eight of hearts", exact=True)
    expect(eights).to_have_count(2)
    eights.nth(0).click()
    eights.nth(1).click()
    expect(eights.nth(0)).to_have_attribute("aria-checked", "true")
    expect(eights.nth(1)).to_have_attribute("aria-checked", "true")  # both, not one toggled
    card(table_page, "eight of clubs").click()
    card(table_page, "eight of spades").click()
    button(table_page, "Meld").click()
    expect(table_page.get_by_role("group", name="eights: 4 cards")).to_be_visible(
        timeout=TIMEOUT)
    expect(table_page.get_by_text("You may lay these cards.", exact=True)).to_be_visible()
    expect(table_page.get_by_role("checkbox")).to_have_count(2)


def test_the_pile_is_taken_with_a_natural_pair_of_identical_cards(table_page: Page,
                                                                  tmp_path: Path) -> None:
    state = position("classic-4p", turn=0, phase="draw",
                     hands=["9H 9H 5C 6D 7S", "4C 5C", "4D 5D", "4H 5H"], pile="4S 9D",
                     sides=[["QH QS QD"], []])
    load_position(table_page, state, tmp_path)
    nines = table_page.get_by_role("checkbox", name="nine of hearts", exact=True)
    nines.nth(0).click()
    nines.nth(1).click()
    expect(button(table_page, "Take the pile")).to_have_class(re.compile("primary"))
    button(table_page, "Take the pile").click()
    expect(table_page.get_by_text("You may take the discard pile.", exact=True)).to_be_visible(
        timeout=TIMEOUT)
    expect(table_page.get_by_role("group", name="nines: 3 cards")).to_be_visible()


def test_the_partners_yes_is_shown_after_asking(table_page: Page, tmp_path: Path) -> None:
    state = position("classic-4p", turn=0, phase="play",
                     hands=["KH KS KD 7C", "4C 5C 6C", "4D 5D", "4H 5H 6H"], pile="4S",
                     sides=[["QH QS QD QC QH QS QD"], []])
    load_position(table_page, state, tmp_path)
    button(table_page, "Ask partner").click()
    expect(table_page.get_by_role("status").filter(
        has_text="Partner answered yes: you must go out this turn.")).to_be_visible(
        timeout=TIMEOUT)
    expect(table_page.locator(".ct .log li").filter(has_text="You asked your partner")
           ).to_have_count(1)


def test_an_illegal_click_gets_the_engines_reason(table_page: Page) -> None:
    deal(table_page, seed=2)
    discard = button(table_page, "Discard")
    expect(discard).to_have_attribute("aria-disabled", "true")  # not now, but can say why
    card(table_page, hand_names(table_page)[0]).click()
    discard.click(force=True)  # aria-disabled: Playwright would wait, a learner just clicks
    expect(table_page.locator(".ct .verdict.illegal")).to_be_visible(timeout=TIMEOUT)
    expect(table_page.locator(".ct .verdict.illegal li").first).to_be_visible()


def test_only_a_move_that_makes_sense_is_the_main_button(table_page: Page,
                                                          tmp_path: Path) -> None:
    state = position("classic-4p", turn=0, phase="draw",
                     hands=["9H 5C 6D 7S", "4C 5C", "4D 5D", "4H 5H"], pile="4S 2D 9D",
                     sides=[[], []])  # frozen, and no pair of nines: the pile cannot be taken
    load_position(table_page, state, tmp_path)
    take = button(table_page, "Take the pile")
    expect(take).to_have_attribute("aria-disabled", "true")
    card(table_page, "nine of hearts").click()
    expect(take).not_to_have_class(re.compile("primary"))
    expect(button(table_page, "Draw")).to_have_class(re.compile("primary"))
    expect(table_page.locator(".ct .actions button.primary")).to_have_count(1)
    expect(table_page.locator(".ct .actions button.primary[aria-disabled=true]")).to_have_count(
        0)


# ----- wild cards alone ----------------------------------------------------------------------

SIZES = [(1400, 900), (360, 800)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=["1400x900", "360px"])
def test_meld_with_a_lone_two_asks_which_meld(browser: Browser, base_url: str, tmp_path: Path,
                                              lang: str, width: int, height: int) -> None:
    tr = translator(lang)
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height},
                                  reduced_motion="reduce")
    page = context.new_page()
    state = position("classic-4p", turn=0, phase="play",
                     hands=["2C 5D 6D 9S QH", "4C 5C 6C", "4D 5D 6D", "4H 5H 6H"], pile="4S",
                     sides=[["KH KS KD", "7H 7S 7D"], []])
    load_position(page, state, tmp_path, f"?lang={lang}")
    table = page.locator(".ct")
    table.get_by_role("checkbox", name=card_name(Card.parse("2C"), tr), exact=True).click()
    actions = page.locator(".ct .actions")
    actions.get_by_role("button", name=tr.gettext("Meld"), exact=True).click()
    chooser = page.get_by_role("group", name=tr.ngettext(
        "Lay the wild card onto", "Lay the wild cards onto", 1), exact=True)
    expect(chooser).to_be_visible(timeout=TIMEOUT)
    kings = chooser.get_by_role("button", name=rank_name(Rank.KING, tr), exact=True)
    expect(kings).to_be_focused()  # the question takes the focus: Enter answers it
    expect(chooser.get_by_role("button")).to_have_count(3)  # kings, sevens, Cancel
    expect(page.locator(".ct .verdict")).to_have_count(0)  # nothing said about it yet
    for box in chooser.get_by_role("button").all():  # within the screen, hand and buttons too
        bounds = box.bounding_box()
        assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= width
        assert bounds["y"] >= 0 and bounds["y"] + bounds["height"] <= height, bounds
    chooser.get_by_role("button", name=rank_name(Rank.SEVEN, tr), exact=True).click()
    sevens = tr.format(tr.ngettext("{rank}: {n} card", "{rank}: {n} cards", 4),
                       "{rank}: {n} cards", rank=rank_name(Rank.SEVEN, tr), n=4)
    expect(page.get_by_role("group", name=sevens, exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".ct .verdict")).to_have_count(1)
    expect(page.locator(".ct .verdict.legal")).to_contain_text(
        tr.gettext("You may lay these cards."))
    expect(chooser).to_have_count(0)
    context.close()


def test_the_question_closes_with_cancel_or_another_selection(table_page: Page,
                                                              tmp_path: Path) -> None:
    state = position("classic-4p", turn=0, phase="play",
                     hands=["2C 5D 6D 9S QH", "4C 5C 6C", "4D 5D 6D", "4H 5H 6H"], pile="4S",
                     sides=[["KH KS KD", "7H 7S 7D"], []])
    load_position(table_page, state, tmp_path)
    card(table_page, "two of clubs").click()
    button(table_page, "Meld").click()
    chooser = table_page.get_by_role("group", name=CHOOSER)
    expect(chooser).to_be_visible(timeout=TIMEOUT)
    chooser.get_by_role("button", name="Cancel").click()
    expect(chooser).to_have_count(0)
    expect(button(table_page, "Meld")).to_be_focused()  # back where the question came from
    button(table_page, "Put aside as a meld").click()
    expect(chooser).to_be_visible(timeout=TIMEOUT)
    table_page.keyboard.press("Escape")
    expect(chooser).to_have_count(0)
    button(table_page, "Meld").click()
    expect(chooser).to_be_visible(timeout=TIMEOUT)
    card(table_page, "five of diamonds").click()  # another selection: another question
    expect(chooser).to_have_count(0)
    expect(table_page.get_by_role("checkbox", checked=True)).to_have_count(2)


def test_a_lesson_two_goes_onto_the_only_meld_from_meld(table_page: Page) -> None:
    table_page.goto("/?lesson=canastas&step=6")
    wait_for_app_run(table_page)
    card(table_page, "two of diamonds").click()
    button(table_page, "Meld").click()
    expect(table_page.get_by_role("group", name="Canasta of kings (mixed)")).to_be_visible(
        timeout=TIMEOUT)
    expect(table_page.get_by_role("group", name=CHOOSER)).to_have_count(0)
    expect(table_page.locator(".ct .verdict")).to_have_count(1)
    expect(table_page.locator(".ct .verdict.legal li").filter(
        has_text="This makes a mixed canasta of kings.")).to_have_count(1)


# ----- whole hands ---------------------------------------------------------------------------

HANDS = [("classic-4p", 5), ("classic-3p", 3), ("classic-2p", 2), ("modern-american", 1)]


@pytest.mark.parametrize(("preset", "seed"), HANDS)
def test_a_whole_hand_by_clicking_only(table_page: Page, preset: str, seed: int) -> None:
    mirror = Practice.start(rule_set(preset), seed)
    deal(table_page, preset, seed)
    expect_hand(table_page, mirror.state)
    for _ in range(200):
        if mirror.state.hand_over:
            break
        action = mirror.hint().action
        play_by_clicking(table_page, action)
        verdict = mirror.attempt(action)
        assert verdict.legal, (action, verdict)
        if not mirror.state.hand_over:
            expect_table(table_page, mirror)
    assert mirror.state.hand_over
    expect(table_page.get_by_text("Score of the hand")).to_be_visible(timeout=TIMEOUT)
    expect(table_page.get_by_test_id("stException")).to_have_count(0)


def test_one_turn_by_keyboard_only(table_page: Page) -> None:
    mirror = Practice.start(rule_set("classic-4p"), 4)
    deal(table_page, "classic-4p", 4)
    table_page.get_by_role("checkbox").first.focus()  # the hand is one tab stop
    table_page.keyboard.press("Enter")  # nothing selected before drawing: Enter draws
    mirror.attempt(Draw())
    expect_table(table_page, mirror)
    focused = table_page.locator(".ct .hand [role=checkbox]:focus")
    expect(focused).to_have_count(1)  # after the rerun, focus is back in the hand
    table_page.keyboard.press("End")
    table_page.keyboard.press("ArrowLeft")
    table_page.keyboard.press("Space")
    chosen = mirror.state.hands[0][-2]
    expect(table_page.get_by_role("checkbox", checked=True)).to_have_attribute(
        "aria-label", card_name(chosen, EN))
    table_page.keyboard.press("Enter")  # one card selected after drawing: Enter discards it
    verdict = mirror.attempt(Discard(chosen))
    assert verdict.legal
    expect(table_page.locator(".ct .log li").filter(
        has_text=f"You discarded the {card_name(chosen, EN)}")).to_have_count(1, timeout=TIMEOUT)
    expect_hand(table_page, mirror.state)


# ----- the computer players' turns and the history --------------------------------------------

def test_the_computer_moves_are_played_out_and_told_in_order(browser: Browser,
                                                             base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    mirror = Practice.start(rule_set("classic-4p"), 6)
    open_practice(page, "?preset=classic-4p&seed=6")
    page.locator(".st-key-new_hand button").click()
    expect(page.get_by_role("checkbox").first).to_be_visible(timeout=TIMEOUT)
    page.locator(".ct .skip").click() if page.locator(".ct .skip").count() else None
    mirror.attempt(Draw())
    button(page, "Draw").click()
    expect_table(page, mirror)
    discard = mirror.hint().action
    while not isinstance(discard, Discard):  # melds first, as the hint says
        play_by_clicking(page, discard)
        assert mirror.attempt(discard).legal
        expect_table(page, mirror)
        discard = mirror.hint().action
    start = len(mirror.entries)
    mirror.attempt(discard)
    told = [narrate(mirror.states[i], mirror.entries[i].action, mirror.states[i + 1], 0, EN)
            for i in range(start, len(mirror.entries))]
    play_by_clicking(page, discard)
    log = page.locator(".ct .log li")
    seen: list[int] = []
    for _ in range(200):  # the log grows one computer move at a time
        count = log.count()
        if not seen or seen[-1] != count:
            seen.append(count)
        if page.locator(".ct .skip").count() == 0 and len(seen) > 2:
            break
        page.wait_for_timeout(50)
    assert len(seen) >= 3, seen  # several steps were seen, not one jump
    texts = [item.text_content() for item in log.all()]
    assert texts[-len(told):] == told
    assert any(t.startswith("Left opponent") for t in told)
    assert any(t.startswith("Partner") for t in told)
    context.close()


def test_the_history_stepper_shows_the_position_after_move_n(table_page: Page) -> None:
    mirror = Practice.start(rule_set("classic-4p"), 7)
    deal(table_page, "classic-4p", 7)
    for _ in range(2):  # two of the learner's turns: draw and discard
        for _turn in range(2):
            action = mirror.hint().action
            play_by_clicking(table_page, action)
            assert mirror.attempt(action).legal
            expect_table(table_page, mirror)
    table_page.get_by_text("History of the hand").click()
    table_page.locator(".st-key-hist_first button").click()
    stock = table_page.locator(".ct .stock .count-text")
    expect(stock).to_have_text(EN.number(len(mirror.states[0].stock)), timeout=TIMEOUT)
    for n in (1, 2, 3, 5):
        while True:
            moves = table_page.get_by_text(re.compile(r"^Move \d+ of"))
            found = re.search(r"Move (\d+) of", moves.first.text_content() or "") \
                if moves.count() else None
            current = int(found[1]) if found else 0  # 0: the deal
            if current >= n:
                break
            table_page.locator(".st-key-hist_forward button").click()
            expect(table_page.get_by_text(f"Move {current + 1} of")).to_be_visible(
                timeout=TIMEOUT)
        expect(stock).to_have_text(EN.number(len(mirror.states[n].stock)))
        told = narrate(mirror.states[n - 1], mirror.entries[n - 1].action, mirror.states[n], 0,
                       EN)
        expect(table_page.get_by_text(told, exact=True).first).to_be_visible()
        expect(table_page.get_by_role("checkbox")).to_have_count(0)  # looking, not playing


# ----- a phone, and random clicks ------------------------------------------------------------

def test_a_phone_shows_the_hand_and_the_pile_without_scrolling_sideways(browser: Browser,
                                                                        base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 800},
                                  reduced_motion="reduce")
    page = context.new_page()
    deal(page, "classic-4p", 1)
    button(page, "Draw").click()
    expect(page.get_by_role("checkbox")).to_have_count(12, timeout=TIMEOUT)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    for box in [*page.get_by_role("checkbox").all(),
                page.get_by_role("group", name=re.compile("^Discard pile"))]:
        bounds = box.bounding_box()
        assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 360
    context.close()


def test_monkey_clicks_on_the_table(table_page: Page) -> None:
    """Random clicks on cards and table buttons, now and then undo: never an exception, and
    the table always comes back."""
    rng = random.Random(11)
    deal(table_page, "classic-4p", 8)
    for _ in range(120):
        targets = table_page.locator(".ct .hand .card[role=checkbox], .ct button").all()
        if rng.random() < 0.05:
            table_page.locator(".ct .tools button[data-kind=undo]").click(force=True)
        elif targets:
            try:
                rng.choice(targets).click(timeout=2_000, force=True)
            except PlaywrightError:  # the table was rebuilt between picking and clicking
                continue
        table_page.wait_for_timeout(rng.choice([0, 30, 120]))
        if table_page.locator(".st-key-next button").count():
            table_page.locator(".st-key-next button").click()
        expect(table_page.get_by_test_id("stException")).to_have_count(0)
    wait_for_app_run(table_page)
    expect(table_page.locator(".ct .board")).to_be_visible()
