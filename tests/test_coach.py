"""The coach after the hand (tutor.play.coach, tutor.words.coach_texts): it names only decisions
the learner made (moves of the learner's with more than one legal action), its positions replay
to the recorded hand, the costliest come first and a hand without a costly one says so; what
followed a move is read off the recorded hand. A fake appraiser stands in for the expert where
the ranking is checked; one test reviews a hand with the real expert at a tiny budget."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import Action, apply, new_game, rule_set
from tutor.engine.actions import Discard, Draw, TakePile
from tutor.engine.cards import Card, parse_cards
from tutor.engine.records import GameRecord, Move
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import GameState
from tutor.engine.verdict import IllegalActionError, Reason
from tutor.engine.view import PlayerView, observe
from tutor.i18n import translator
from tutor.play import coach
from tutor.play.bots import BOTS
from tutor.ui.practice import Practice
from tutor.words import coach_texts

APP = Path(__file__).resolve().parent.parent / "streamlit_app.py"

LEARNER = 0


@dataclass(frozen=True)
class FakeWeighed:
    action: Action
    value: float
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class FakeAppraisal:
    alternatives: tuple[FakeWeighed, ...]


def played_hand(preset: str, seed: int, learner_level: str = "beginner"
                ) -> tuple[GameState, tuple[Move, ...]]:
    """One hand to its end: the learner's seat played by a computer player too."""
    state = new_game(rule_set(preset), seed=seed)
    start = state
    players = {seat: BOTS[learner_level if seat == LEARNER else "standard"](seed + seat)
               for seat in range(state.players)}
    moves: list[Move] = []
    while not state.hand_over:
        seat = state.actor
        action = players[seat].decide(observe(state, seat)).action
        moves.append(Move(seat, action))
        state = apply(state, action)
    return start, tuple(moves)


class Losses:
    """A fake expert: the learner's move at the n-th decision asked is worth ``-loss[n]``, the
    first other legal action 0 (so that one is better by the loss); it records what it was
    asked."""

    def __init__(self, loss: dict[int, float]) -> None:
        self.loss = loss  # by the decision's place among those asked
        self.asked: list[tuple[PlayerView, Action]] = []

    def __call__(self, view: PlayerView, include: Action) -> FakeAppraisal:
        self.asked.append((view, include))
        other = next(a for a in view.legal if a != include)
        loss = self.loss.get(len(self.asked) - 1, 0.0)
        reason = Reason.of("S-SAFE-DISCARD", card="3S")
        return FakeAppraisal((FakeWeighed(other, 0.0, (reason,)),
                              FakeWeighed(include, -loss)))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(1, 10**6))
def test_decisions_are_the_learners_own_and_had_a_choice(preset: str, seed: int) -> None:
    start, moves = played_hand(preset, seed)
    states = coach.replay(start, moves)
    found = coach.decisions(start, moves, LEARNER)
    assert found, "a whole hand gives the learner some choice"
    indexes = {d.index for d in found}
    for index, move in enumerate(moves):
        state = states[index]
        chose = (move.seat == LEARNER and not state.hand_over
                 and len(observe(state, LEARNER).legal) > 1)
        assert (index in indexes) == chose, (index, move)
    for decision in found:
        assert decision.position == states[decision.index]
        assert decision.action == moves[decision.index].action


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(1, 10**6))
def test_the_costliest_come_first_and_replay_to_the_hand(preset: str, seed: int) -> None:
    start, moves = played_hand(preset, seed)
    count = len(coach.decisions(start, moves, LEARNER))
    losses = {i: 10.0 * (i % 7) + 5 * (i % 3) for i in range(count)}  # some below MIN_LOSS
    fake = Losses(losses)
    result = coach.review(start, moves, LEARNER, fake)
    assert result.decisions == count == len(fake.asked)
    # Each position was appraised from the learner's view, with the learner's move.
    found = coach.decisions(start, moves, LEARNER)
    for (view, include), decision in zip(fake.asked, found, strict=True):
        assert view.seat == LEARNER and view.hand == decision.position.hands[LEARNER]
        assert include == decision.action
    wanted = sorted((loss for loss in losses.values() if loss >= coach.MIN_LOSS), reverse=True)
    assert [item.loss for item in result.costly] == wanted[:coach.KEEP]
    for item in result.costly:
        assert moves[item.index].seat == LEARNER and moves[item.index].action == item.played
        replayed = coach.replay(start, moves[:item.index])[-1]
        assert replayed == item.position
        assert apply(item.position, item.played) == coach.replay(start, moves[:item.index + 1])[-1]
        assert item.better != item.played and item.better in observe(item.position, 0).legal
        assert [r.rule for r in item.reasons] == ["S-SAFE-DISCARD"]


def test_a_hand_played_as_the_expert_would_has_no_costly_decision() -> None:
    start, moves = played_hand("classic-4p", 3)
    result = coach.review(start, moves, LEARNER, Losses({}))
    assert result.decisions > 0 and result.costly == ()
    tr = translator("en")
    assert tr.gettext(coach_texts.NONE_COSTLY).startswith("The expert found no costly")


def test_progress_is_told_and_a_cancelled_review_stops() -> None:
    start, moves = played_hand("classic-2p", 5)
    told: list[tuple[int, int]] = []
    total = len(coach.decisions(start, moves, LEARNER))
    coach.review(start, moves, LEARNER, Losses({}), progress=lambda d, t: told.append((d, t)))
    assert told == [(n, total) for n in range(1, total + 1)]
    fake = Losses({})
    coach.review(start, moves, LEARNER, fake, cancelled=lambda: len(fake.asked) >= 2)
    assert len(fake.asked) == 2


def test_a_record_that_does_not_replay_is_refused() -> None:
    start, moves = played_hand("classic-4p", 2)
    with pytest.raises(ValueError, match="seat"):
        coach.replay(start, (Move((moves[0].seat + 1) % 4, moves[0].action), *moves[1:]))
    with pytest.raises(IllegalActionError):
        coach.replay(start, moves[1:])  # a meld before drawing


def discard_taken() -> tuple[list[GameState], tuple[Move, ...]]:
    """The learner discards the seven of clubs; the left opponent takes the pile with two
    sevens."""
    state = position("classic-4p", turn=0, phase="play", hands=[
        "7C 4D 5H 9S", "7H 7S KD QC JD", "8C 8D", "6C 6D"], pile="5S 6H KC 9H",
        sides=[["QH QS QD"], ["JH JS JC"]])
    moves = (Move(0, Discard(Card.parse("7C"))),
             Move(1, TakePile(tuple(parse_cards("7H 7S")))))
    return coach.replay(state, moves), moves


def test_what_followed_a_discard_is_read_from_the_hand() -> None:
    states, moves = discard_taken()
    followed = coach.aftermath(states, moves, 0, LEARNER)
    assert followed[0] == coach.Consequence(coach.Followed.PILE_TAKEN, 1, 5,
                                            discard=Card.parse("7C"))
    text = coach_texts.aftermath_text(followed[0], LEARNER, 4, translator("en"))
    assert text == ("Discarding the seven of clubs let the left opponent take the discard pile "
                    "of 5 cards.")
    # A draw keeps the turn: nothing followed it before the learner's next move.
    drawn = new_game(rule_set("classic-4p"), seed=1)
    after = apply(drawn, Draw())
    assert coach.aftermath([drawn, after], (Move(0, Draw()),), 0, LEARNER) == ()


def test_a_costly_decision_in_words_names_cards_and_seats_not_ids() -> None:
    states, moves = discard_taken()
    followed = coach.aftermath(states, moves, 0, LEARNER)
    better = Discard(Card.parse("9S"))
    for lang in ("en", "de", "el"):
        tr = translator(lang)
        words = coach_texts.coach_words(moves[0].action, better, 123.4,
                                        (Reason.of("S-SAFE-DISCARD", card="9S"),), followed,
                                        LEARNER, 4, tr)
        text = " ".join([words.played, words.better, words.cost, *words.why])
        for notation in ("7C", "9S", "S-SAFE", "seat 2", "{"):
            assert notation not in text, (lang, text)
    en = coach_texts.coach_words(moves[0].action, better, 123.4, (), followed, LEARNER, 4,
                                 translator("en"))
    assert en.played == "You played: Discard the seven of clubs."
    assert en.better == "The expert would play: Discard the nine of spades."
    assert en.cost == "By the expert's estimate this cost you about 123 points."


@pytest.mark.parametrize("preset", ["classic-3p", "modern-american"])
def test_the_real_expert_reviews_a_hand_at_a_tiny_budget(preset: str) -> None:
    start, moves = played_hand(preset, 21)
    found = coach.decisions(start, moves, LEARNER)
    appraise = coach.expert_appraiser(7, len(found), total_ms=2_000, rollouts=24)
    result = coach.review(start, moves, LEARNER, appraise, min_loss=0.0)
    assert result.decisions == len(found) and result.costly, "some move is never the best"
    states = coach.replay(start, moves)
    for item in result.costly:
        assert moves[item.index] == Move(LEARNER, item.played)
        assert states[item.index] == item.position
        assert item.better in observe(item.position, LEARNER).legal and item.loss > 0
        assert item.better != item.played
    assert [item.loss for item in result.costly] == sorted(
        (item.loss for item in result.costly), reverse=True)


# ----- the review on the practice page (AppTest: the wiring; the browser test clicks it) ------

def finished_practice(preset: str = "classic-2p", seed: int = 11) -> Practice:
    start, moves = played_hand(preset, seed)
    return Practice.from_record(GameRecord(start, moves))


def test_the_practice_page_reviews_a_finished_hand_and_plays_the_better_move_out() -> None:
    from streamlit.testing.v1 import AppTest

    from tutor.ui import coach as coach_ui
    from tutor.ui.card_table import mounted_data
    from tutor.ui.coach import jobs
    from tutor.ui.session import KEY

    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    practice = finished_practice()
    at.session_state[KEY].practice = practice
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception, [e.value for e in at.exception]
    at.button(key="coach_review").click().run()
    settings = at.session_state[coach_ui.KEY]
    job = jobs.status(settings.job)
    assert job is not None and job.total == len(coach.decisions(
        practice.states[0], practice.hand_moves(), LEARNER))
    deadline = time.monotonic() + 60
    while not job.finished and time.monotonic() < deadline:
        time.sleep(0.1)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    review = at.session_state[coach_ui.KEY].review
    assert review is not None and review.moves == practice.hand_moves()
    if not review.costly:  # the expert liked every move: the page says so
        assert any(s.value == translator("en").gettext(coach_texts.NONE_COSTLY)
                   for s in at.success)
        return
    tables = [e for e in at.get("bidi_component") if e.key == coach_ui.TABLE]
    data = mounted_data(tables[0].proto.json)
    first = review.costly[0]
    assert data["readonly"] and data["hint"]["text"].startswith("You played: ")
    assert data["hand"] == [{"pos": i, **card} for i, card in enumerate(
        mounted_hand(first.position))]
    at.button(key="coach_play_out").click().run()
    assert not at.exception, [e.value for e in at.exception]
    branch = at.session_state[KEY].practice
    assert branch is not practice
    assert branch.hand_moves()[:first.index + 1] == (*practice.hand_moves()[:first.index],
                                                      Move(LEARNER, first.better))
    assert at.session_state[coach_ui.KEY].played is practice


def mounted_hand(state: GameState) -> list[dict[str, object]]:
    from tutor.ui.card_table.model import card_data

    tr = translator("en")
    return [{**card_data(card, tr, False), "staged": False} for card in
            observe(state, LEARNER).hand]


# ----- the players at the table (item 5) ------------------------------------------------------

def test_the_partner_and_the_adviser_can_be_the_expert() -> None:
    from tutor.ui.practice import seated

    with seated("expert", "expert"):
        practice = Practice.start(rule_set("classic-4p"), 4, "beginner")
    assert (practice.partner, practice.adviser) == ("expert", "expert")
    assert [practice.level_of(seat) for seat in range(4)] == [
        "beginner", "beginner", "expert", "beginner"]
    while not practice.state.hand_over and len(practice.entries) < 60:
        practice.attempt(practice.hint().action)
    # "Why did it do that?": the partner's moves carry the expert's reasons, its search first.
    partner = [e for e in practice.entries if e.seat == 2 and len(e.reasons) > 0]
    assert partner and any(e.reasons[0].rule == "S-SEARCH" for e in partner)
    assert all(e.reasons[0].rule != "S-SEARCH" for e in practice.entries if e.seat in (1, 3))
    # Outside ``seated`` a game gets the default players back.
    assert Practice.start(rule_set("classic-4p"), 4).partner is None


def test_the_experts_hint_is_thought_once_per_position() -> None:
    practice = Practice.start(rule_set("classic-2p"), 8, adviser="expert")
    first = practice.hint()
    assert practice.hint() is first  # the same position: no second search
    assert first.action in observe(practice.state, LEARNER).legal
    practice.adviser = "standard"
    assert practice.hint() is not first


def test_a_review_runs_on_the_coach_pool_and_can_be_stopped() -> None:
    from tutor.ui.coach import jobs

    start, moves = played_hand("classic-2p", 5)
    total = len(coach.decisions(start, moves, LEARNER))

    def task(told: Callable[[int, int], None], stop: Callable[[], bool]) -> coach.Review:
        return coach.review(start, moves, LEARNER, Losses({0: 99.0}), progress=told,
                            cancelled=stop)

    key = jobs.submit(task, total=total)
    job = jobs.status(key)
    assert job is not None and job.total == total
    deadline = time.monotonic() + 30
    while not job.finished and time.monotonic() < deadline:
        time.sleep(0.02)
    assert job.result is not None and job.done == total and not job.failed
    assert [item.loss for item in job.result.costly] == [99.0]
    jobs.forget(key)
    assert jobs.status(key) is None and job.stop.is_set()
