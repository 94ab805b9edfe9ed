"""The coach in a real browser: a practice hand played to its end (opened from a game file of a
whole hand, the learner's seat played by the beginner), "Review this hand", and the review's
card table shows the first costly decision with both moves; then at a phone's width.

The expert's figures depend on how many play-outs its time budget allows, so the test does not
expect particular moves: it checks that the move said to be the learner's is one of the
learner's decisions in the hand, and that the expert's is another move."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import wait_for_app_run
from playwright.sync_api import Browser, expect

from tutor.engine import apply, new_game, rule_set
from tutor.engine.records import GameRecord, Move, dumps_record
from tutor.engine.view import observe
from tutor.i18n import translator
from tutor.play import coach
from tutor.play.bots import BOTS
from tutor.words.describe import describe

EN = translator("en")
SCREENS = Path("/tmp/canasta-screens")
REVIEW_TIMEOUT = 40_000  # a review takes under 10 s; the machine may be busy


def whole_hand(preset: str, seed: int) -> GameRecord:
    """A hand played to its end by computer players, the beginner in the learner's seat."""
    state = start = new_game(rule_set(preset), seed=seed)
    players = {seat: BOTS["beginner" if seat == 0 else "standard"](seed + seat)
               for seat in range(state.players)}
    moves = []
    while not state.hand_over:
        action = players[state.actor].decide(observe(state, state.actor)).action
        moves.append(Move(state.actor, action))
        state = apply(state, action)
    return GameRecord(start, tuple(moves))


def test_review_this_hand_shows_the_costliest_decision_on_the_table(
        browser: Browser, base_url: str, tmp_path: Path) -> None:
    record = whole_hand("classic-2p", 11)
    path = tmp_path / "hand.json"
    path.write_text(dumps_record(record), encoding="utf-8")
    played = {describe(d.action, EN)
              for d in coach.decisions(record.start, record.moves, 0)}

    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 900},
                                  reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/practice")
    wait_for_app_run(page)
    page.locator(".st-key-record_upload input[type=file]").set_input_files(str(path))
    review = page.locator(".st-key-coach_review button")
    expect(review).to_be_visible(timeout=20_000)
    review.click()

    table = page.locator(".st-key-coach_table")
    note = table.locator(".hint[role=note]")
    expect(note).to_be_visible(timeout=REVIEW_TIMEOUT)
    text = note.locator("strong").inner_text()
    found = re.fullmatch(r"You played: (.+\.) The expert would play: (.+\.)", text)
    assert found, text
    assert found.group(1) in played and found.group(2) != found.group(1)
    expect(note).to_contain_text("By the expert's estimate this cost you about")
    expect(table.locator(".prompt")).to_have_text("The table before your move.")
    expect(page.get_by_text(re.compile(r"^Costly decision 1 of [123]$"))).to_be_visible()
    expect(page.locator(".st-key-coach_play_out button")).to_be_visible()

    SCREENS.mkdir(parents=True, exist_ok=True)
    heading = page.get_by_role("heading", name="Review of the hand")
    for width, height in ((1400, 900), (360, 800)):
        page.set_viewport_size({"width": width, "height": height})
        expect(note).to_be_visible()
        heading.evaluate("node => node.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENS / f"coach-review-{width}.png"))
        note.evaluate("node => node.scrollIntoView({block: 'end'})")
        page.screenshot(path=str(SCREENS / f"coach-review-{width}-note.png"))
    overflow = page.evaluate("document.querySelector('.st-key-coach_table').scrollWidth")
    assert overflow <= 360, overflow
    context.close()
    assert not errors, errors
