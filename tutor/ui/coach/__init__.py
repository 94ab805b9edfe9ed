"""The coach on the practice page: the players at the table, and the review after a hand.

*Settings*: who plays the partner and the opponents (beginner, standard or the expert) and who
gives the hints (the adviser), kept in a small object of this module's own in
``st.session_state`` and passed to the game (:func:`tutor.ui.practice.seated`).

*Review this hand*: the expert appraises each decision of the learner's in the hand just
finished (:mod:`tutor.play.coach`) on the server's coach pool (:mod:`tutor.ui.coach.jobs`),
while a fragment polls its progress, so a review never holds up this learner's page or anybody
else's. The costliest three are shown one at a time on a card table that looks as it did at
that moment, with both moves, the cost and why; "Play the better move out" goes on from there
with the expert's move, and the game as played is kept to come back to.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import streamlit as st

from tutor.engine.errors import TutorError
from tutor.engine.records import GameRecord, Move
from tutor.engine.rules import rule_set
from tutor.engine.state import GameState
from tutor.i18n import N_, NP_, Translator, translator
from tutor.play import coach
from tutor.ui import card_table, practice_table
from tutor.ui.card_table.model import TableInput, table_data
from tutor.ui.coach import jobs
from tutor.ui.practice import LEARNER, Practice, seated
from tutor.ui.session import TutorSession
from tutor.ui.text import escape_markdown
from tutor.words.coach_texts import (
    BEFORE_YOUR_MOVE,
    NO_DECISIONS,
    NONE_COSTLY,
    coach_words,
    decision_of,
    looking_text,
)

KEY = "tutor_coach"
TABLE = "coach_table"
POLL_SECONDS = 0.5  # how often the page looks at a running review
REVIEW_SECONDS = 9.5  # a review stops here whatever is left (it ranks what it weighed)

# The computer players offered (keys of tutor.play.bots.BOTS), named as a kind of player.
LEVELS = {
    # Translators: a kind of computer player (the settings' choice): plays well.
    "standard": NP_("computer players", "standard"),
    # Translators: a kind of computer player (the settings' choice): plays like a beginner.
    "beginner": NP_("computer players", "beginner"),
    # Translators: a kind of computer player (the settings' choice): the strongest, which
    # thinks ahead by trying its moves on possible deals.
    "expert": NP_("computer players", "expert"),
}
ADVISERS = ("standard", "expert")  # who may give the hints

# Translators: a setting of a four-player practice game: which kind of computer player is the
# learner's partner.
PARTNER = N_("Partner")
# Translators: a setting of a four-player practice game: which kind of computer players the
# two opponents are.
OPPONENTS = N_("Opponents")
# Translators: a setting: which kind of computer player gives the hints (and says why).
ADVISER = N_("Hints from")
# Translators: the help of the "Hints from" setting.
ADVISER_HELP = N_("The expert thinks ahead by trying the moves on possible deals of the cards "
                  "you cannot see; it takes a moment longer.")
# Translators: the heading of the review of a finished practice hand.
HEADING = N_("Review of the hand")
# Translators: a button under a finished practice hand: the expert looks at the learner's
# decisions and shows the costliest.
REVIEW = N_("Review this hand")
# Translators: a button of the hand's review: the costly decision before.
PREVIOUS = N_("Previous decision")
# Translators: a button of the hand's review: the costly decision after.
NEXT = N_("Next decision")
# Translators: a button of the hand's review: go on playing from that position with the
# expert's move instead of the learner's.
PLAY_OUT = N_("Play the better move out")
# Translators: said when the learner plays the expert's move out from the review.
PLAYING_OUT = N_("The hand goes on from there with the expert's move. You can come back to "
                 "the game you played when this hand ends.")
# Translators: a button shown while the learner plays out the expert's move: back to the game
# as the learner played it.
BACK = N_("Back to the game you played")
# Translators: the review of a hand could not be made (an error on the server).
FAILED = N_("The review could not be made this time. Try again.")
# Translators: {error} says why the expert's move could not be played out (technical detail).
CANNOT_PLAY_OUT = N_("The better move cannot be played out: {error}")


@dataclass
class CoachSession:
    """This module's part of the learner's session (plain values and frozen data)."""

    adviser: str = "standard"
    partner: str = "standard"
    job: str | None = None  # the running review's id (tutor.ui.coach.jobs)
    review: coach.Review | None = None
    failed: bool = False
    shown: int = 0  # the costly decision shown
    played: Practice | None = None  # the game as played, while a better move is played out
    played_review: coach.Review | None = None


def get() -> CoachSession:
    found = st.session_state.get(KEY)
    if not isinstance(found, CoachSession):
        found = CoachSession()
        st.session_state[KEY] = found
    return found


# ----- the players ------------------------------------------------------------------------------

def four_players(preset: str) -> bool:
    return rule_set(preset).players == 4


def seat_players(practice: Practice | None) -> None:
    """The chosen partner and adviser, for the game being played (changes apply at once)."""
    settings = get()
    if practice is not None:
        practice.partner = settings.partner
        practice.adviser = settings.adviser


@contextmanager
def seating() -> Iterator[None]:
    """Games started or loaded inside get the chosen partner and adviser from the start."""
    settings = get()
    with seated(settings.partner, settings.adviser):
        yield


def with_seating(callback: Callable[[], None]) -> Callable[[], None]:
    """``callback`` (deal a hand, open a file) with the chosen players from the first move."""
    def run() -> None:
        with seating():
            callback()
    return run


def _level_label(level: str, tr: Translator) -> str:
    return tr.pgettext(*LEVELS[level])


def _changed(learner: TutorSession) -> None:
    """A players' setting changed: the game being played takes it at once."""
    settings = get()
    level = st.session_state.get("level")
    if level in LEVELS:
        learner.level = str(level)
    partner = st.session_state.get("coach_partner")
    if partner in LEVELS:
        settings.partner = str(partner)
    adviser = st.session_state.get("coach_adviser")
    if adviser in ADVISERS:
        settings.adviser = str(adviser)
    if learner.practice is not None:
        learner.practice.level = learner.level
        seat_players(learner.practice)


def player_settings(learner: TutorSession, tr: Translator, players_label: str) -> None:
    """The partner's and the opponents' players (one "computer players" choice at a table of
    two or three, ``players_label``) and the adviser. The opponents' choice keeps the key
    ``level`` (the session's ``level``)."""
    settings = get()
    _ = tr.gettext
    cols = st.columns(3 if four_players(learner.preset) else 2)
    level = learner.level if learner.level in LEVELS else "standard"
    label = _(OPPONENTS) if len(cols) == 3 else players_label
    learner.level = cols[0].segmented_control(
        label, list(LEVELS), default=level, key="level", on_change=_changed, args=(learner,),
        format_func=lambda value: _level_label(value, tr)) or "standard"
    if len(cols) == 3:
        settings.partner = cols[1].segmented_control(
            _(PARTNER), list(LEVELS), default=settings.partner, key="coach_partner",
            on_change=_changed, args=(learner,),
            format_func=lambda value: _level_label(value, tr)) or "standard"
    settings.adviser = cols[-1].segmented_control(
        _(ADVISER), list(ADVISERS), default=settings.adviser, key="coach_adviser",
        on_change=_changed, args=(learner,), help=_(ADVISER_HELP),
        format_func=lambda value: _level_label(value, tr)) or "standard"
    seat_players(learner.practice)


# ----- the review ---------------------------------------------------------------------------------

def _reviews(review: coach.Review | None, practice: Practice) -> bool:
    """The review is of the hand on the table."""
    return (review is not None and review.start == practice.states[0]
            and review.moves == practice.hand_moves())


def _task(start: GameState, moves: tuple[Move, ...], seed: int, count: int) -> jobs.Task:
    def run(told: Callable[[int, int], None], stop: Callable[[], bool]) -> coach.Review:
        deadline = time.monotonic() + REVIEW_SECONDS
        appraise = coach.expert_appraiser(seed, count)
        return coach.review(start, moves, LEARNER, appraise, progress=told,
                            cancelled=lambda: stop() or time.monotonic() > deadline)
    return run


def start_review(learner: TutorSession) -> None:
    """The button's callback: queue the review of the hand on the table."""
    practice = learner.practice
    settings = get()
    if practice is None or settings.job is not None:
        return
    start, moves = practice.states[0], practice.hand_moves()
    count = len(coach.decisions(start, moves, LEARNER, practice.states))
    settings.failed = False
    settings.shown = 0
    settings.job = jobs.submit(_task(start, moves, practice.seed, count), total=count)


def _poll(tr: Translator) -> None:
    """While the review runs: its progress, then (once done) the whole page with its result."""
    settings = get()
    job = jobs.status(settings.job)
    if job is None or job.finished:
        if job is not None:
            settings.review, settings.failed = job.result, job.failed
        jobs.forget(settings.job)
        settings.job = None
        st.rerun(scope="app")
    assert job is not None
    share = job.done / job.total if job.total else 0.0
    st.progress(min(1.0, share), text=looking_text(job.done, job.total, tr))


_polling = st.fragment(_poll, run_every=POLL_SECONDS)


def step(by: int) -> None:
    settings = get()
    count = len(settings.review.costly) if settings.review is not None else 0
    settings.shown = max(0, min(count - 1, settings.shown + by))


def play_out(learner: TutorSession) -> None:
    """Go on from the decision shown with the expert's move; the game played is kept."""
    settings = get()
    practice, done = learner.practice, settings.review
    if practice is None or done is None or not done.costly:
        return
    item = done.costly[min(settings.shown, len(done.costly) - 1)]
    whole = practice.record()
    earlier = whole.moves[:len(whole.moves) - len(practice.entries)]
    try:
        with seating():
            branch = Practice.from_record(GameRecord(whole.start,
                                                     coach.branch(earlier, done, item)),
                                          practice.level)
    except TutorError as exc:
        tr = _tr(learner)
        learner.message = tr.format(tr.gettext(CANNOT_PLAY_OUT), CANNOT_PLAY_OUT,
                                    error=str(exc))
        return
    if settings.played is None:
        settings.played, settings.played_review = practice, done
    settings.review, settings.shown = None, 0
    _switch(learner, branch)
    st.toast(_tr(learner).gettext(PLAYING_OUT), icon=":material/school:")


def back(learner: TutorSession) -> None:
    """Back to the game as the learner played it, with its review."""
    settings = get()
    if settings.played is None:
        return
    _switch(learner, settings.played)
    settings.review, settings.shown = settings.played_review, 0
    settings.played = settings.played_review = None


def _switch(learner: TutorSession, practice: Practice) -> None:
    practice_table.start(learner, practice)
    learner.refresh_page = True  # the page around the table shows the other game


def _tr(learner: TutorSession) -> Translator:
    return translator(learner.lang)


def review_panel(learner: TutorSession, tr: Translator, *, four_colour: bool = False) -> None:
    """Under a finished hand: the review button, its progress, or the review itself."""
    practice = learner.practice
    if practice is None:
        return
    settings = get()
    _ = tr.gettext
    st.subheader(_(HEADING))
    if settings.played is not None:
        st.button(_(BACK), key="coach_back", on_click=back, args=(learner,),
                  icon=":material/undo:")
    if settings.review is not None and not _reviews(settings.review, practice):
        settings.review, settings.shown = None, 0  # a review of another hand
    if settings.job is not None:
        _polling(tr)
        return
    done = settings.review
    if done is None:
        if settings.failed:
            st.error(_(FAILED))
        st.button(_(REVIEW), key="coach_review", on_click=start_review, args=(learner,),
                  icon=":material/school:")
        return
    if not done.decisions:
        st.info(_(NO_DECISIONS))
        return
    if not done.costly:
        st.success(_(NONE_COSTLY))
        return
    shown = min(settings.shown, len(done.costly) - 1)
    item = done.costly[shown]
    row = st.container(horizontal=True, vertical_alignment="center")
    row.button(_(PREVIOUS), key="coach_prev", on_click=step, args=(-1,), disabled=shown == 0,
               icon=":material/chevron_left:")
    row.markdown(f"**{escape_markdown(decision_of(shown + 1, len(done.costly), tr))}**")
    row.button(_(NEXT), key="coach_next", on_click=step, args=(1,),
               disabled=shown == len(done.costly) - 1, icon=":material/chevron_right:")
    card_table.mount(review_table(item, tr, four_colour=four_colour), key=TABLE,
                     on_intent=_no_intent)
    st.button(_(PLAY_OUT), key="coach_play_out", on_click=play_out, args=(learner,),
              type="primary", icon=":material/play_arrow:")


def review_table(item: coach.CostlyDecision, tr: Translator, *, four_colour: bool = False
                 ) -> dict[str, object]:
    """The table as it was before the learner's move, to look at: the learner's view of it,
    the move played and the expert's on its note, with the cost and why."""
    position = item.position
    words = coach_words(item.played, item.better, item.loss, item.reasons, item.followed,
                        LEARNER, position.players, tr, position.rules.draw_count)
    data = table_data(position, tr, TableInput(
        learner=LEARNER, four_colour=four_colour, readonly=True, moves=item.index,
        hint=(f"{words.played} {words.better}", (words.cost, *words.why))))
    data["prompt"] = tr.gettext(BEFORE_YOUR_MOVE)
    return data


def _no_intent() -> None:
    """The review's table is only looked at."""
