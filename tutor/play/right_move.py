"""The right move at a position where a learner went wrong, as the engine gives it: shown after
a second wrong try in a review, so a wrong answer always ends with something learned.

At a lesson's step the right move is the step's own (the move it expects, or the move it
invites to be refused). At a position kept from practice it is a legal move of the kind the
learner tried, the one closest to it in cards, so the difference is the rule; when no move of
that kind is legal, the move a good player makes there (:class:`tutor.play.bots.Standard`), with its
reasons. No Streamlit and no texts here: the page words the move and its reasons.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tutor.engine.actions import Action, Discard, Meld, TakePile
from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.engine.judge import judge
from tutor.engine.listing import legal_actions
from tutor.engine.state import GameState
from tutor.engine.verdict import Reason, Verdict
from tutor.engine.view import observe
from tutor.lessons.model import Step
from tutor.play.bots import Standard


@dataclass(frozen=True, slots=True)
class RightMove:
    """A move and the engine's verdict on it; ``strategy`` the good player's own reasons for
    it (none when the rules alone decide)."""

    action: Action
    verdict: Verdict
    strategy: tuple[Reason, ...] = ()


def for_step(step: Step) -> RightMove | None:
    """The move a lesson's *do* step asks for: its first expected move, or the move it invites
    so that the engine refuses it."""
    if step.position is None:
        return None
    action = step.expect_illegal or (step.expect[0] if step.expect else None)
    if action is None:
        return None
    return RightMove(action, judge(step.position, action))


def for_position(state: GameState, tried: str = "") -> RightMove | None:
    """A legal move for the seat to play: of the kind tried, sharing the most cards with it;
    else a good player's move. None when the position leaves no move."""
    seat = state.actor
    legal = legal_actions(state)
    if not legal:
        return None
    attempt = _parsed(tried)
    if attempt is not None:
        alike = [action for action in legal if type(action) is type(attempt)]
        if alike:
            wanted = Counter(_cards(attempt))
            best = max(alike, key=lambda action: sum((Counter(_cards(action)) & wanted)
                                                     .values()))
            return RightMove(best, judge(state, best, seat=seat))
    decision = Standard().decide(observe(state, seat))
    verdict = judge(state, decision.action, seat=seat)
    strategy = tuple(reason for reason in decision.reasons if reason.rule.startswith("S-"))
    return RightMove(decision.action, verdict, strategy)


def _parsed(text: str) -> Action | None:
    try:
        return Action.parse(text) if text else None
    except TutorError:
        return None


def _cards(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Discard):
        return (action.card,)
    if isinstance(action, Meld):
        return tuple(card for group in action.groups for card in group.cards)
    if isinstance(action, TakePile):
        return (*action.cards, *(card for group in action.melds for card in group.cards))
    return ()
