"""The judge: every action in every state gets a :class:`Verdict`, and legal actions are applied.

:func:`judge` returns the verdict; :func:`apply` returns the next state or raises
:class:`IllegalActionError` carrying the same verdict. Both run the same code (:func:`_rule`):
one dispatch table (:data:`_RULES`) sends each action to the rule of its turn step, which
collects the reasons that forbid and permit it, and a legal action comes with a builder for its
next state, so judging and applying can never disagree.

The rules themselves live by turn step: ``draw_rules`` (drawing, passing, the stock's end),
``pile_rules`` (taking the discard pile), ``meld_rules`` (melding, the first meld),
``discard_rules`` (discarding, the talon) and ``going_out`` (the going-out search and the rules
that need it: "may I go out?", its answer, a binding "yes").
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import rule_ids as R
from tutor.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
)
from tutor.engine.draw_rules import after_last_discard, draw, pass_turn
from tutor.engine.errors import PositionError
from tutor.engine.going_out import answer, ask, discard_after_yes, meld_after_yes
from tutor.engine.pile_rules import take, take_candidates, take_is_forced
from tutor.engine.ruling import Ruling, refused
from tutor.engine.state import DrawSource, GameState, Phase
from tutor.engine.transitions import game_winner, next_hand
from tutor.engine.variants import ends_with_stock, variant
from tutor.engine.verdict import IllegalActionError, Reason, Verdict

__all__ = [
    "apply",
    "game_winner",
    "is_legal",
    "judge",
    "successor",
    "take_candidates",
    "take_is_forced",
]

Rule = Callable[[GameState, Action], Ruling]


def judge(state: GameState, action: Action, *, seat: int | None = None) -> Verdict:
    """The verdict on ``action`` by ``seat`` (default: the seat to act) in ``state``.

    Raises :class:`PositionError` for an action naming cards the player does not hold.
    """
    return _verdict(action, _rule(state, action, seat))


def apply(state: GameState, action: Action, *, seat: int | None = None) -> GameState:
    """The state after a legal ``action``; an illegal one raises :class:`IllegalActionError`."""
    ruling = _rule(state, action, seat)
    # The ruling is complete (every forbidding rule was checked); the verdict's permitting
    # reasons are put together only when somebody reads them, so a legal move skips them.
    if ruling.forbid or ruling.build is None:
        raise IllegalActionError(_verdict(action, ruling))
    return ruling.build()


def is_legal(state: GameState, action: Action) -> bool:
    try:
        return not _rule(state, action, None).forbid
    except PositionError:
        return False


def successor(state: GameState, action: Action) -> GameState | None:
    """The state after ``action`` when it is legal, else None: :func:`apply` for the planner's
    trials, which need no verdict (no reasons put together, no exception raised)."""
    try:
        ruling = _rule(state, action, None)
    except PositionError:
        return None
    if ruling.forbid or ruling.build is None:
        return None
    return ruling.build()


def _verdict(action: Action, ruling: Ruling) -> Verdict:
    if ruling.forbid:
        more = ruling.more_forbid() if ruling.more_forbid is not None else []
        later = ruling.forbid_later() if ruling.forbid_later is not None else []
        return Verdict(action, tuple(dict.fromkeys((*more, *ruling.forbid, *later))), ())
    later = ruling.permit_later() if ruling.permit_later is not None else []
    more = ruling.more_permit() if ruling.more_permit is not None else []
    permit = tuple(dict.fromkeys((*ruling.permit, *later, *more)))
    return Verdict(action, (), permit)


# ----- the memo and the dispatch ---------------------------------------------------------------


def _rule(state: GameState, action: Action, seat: int | None) -> Ruling:
    """Judge once: players ask ``is_legal`` and then ``apply`` the same action in a row, and a
    listing judges every candidate of one state before one of them is applied.

    Two checks do not depend on the step (a seat out of turn; the stock's end where it ends
    the hand); every other action goes to the rule of its step from :data:`_RULES`."""
    global _memo_state, _memo_seat
    if state is _memo_state and seat == _memo_seat:
        kept = _memo.get(id(action))
        if kept is not None and kept[0] is action:
            return kept[1]
    else:
        _memo.clear()
        _memo_state, _memo_seat = state, seat
    phase = state.phase
    kind = type(action)
    if (seat is not None and kind is not NextHand and phase is not _HAND_OVER
            and phase is not _GAME_OVER and seat != state.actor):
        ruling = _out_of_turn(state, action, seat)
    elif (phase is _DRAW and not state.stock and kind in _TURN_ACTIONS
            and ends_with_stock(state.rules)):
        ruling = after_last_discard(state, action)
    else:
        # By kind, then by the phase's value: an enum member's hash is computed in Python, a
        # string's is kept (and no key pair is made).
        by_phase = _BY_KIND.get(kind)
        rule = by_phase.get(phase._value_) if by_phase is not None else None
        if rule is None:
            rule = _OTHER_ACTION[phase]
        ruling = rule(state, action)
    if len(_memo) < 256:
        _memo[id(action)] = (action, ruling)  # (the action held: its id is not reused meanwhile)
    return ruling


# The rulings of the last state judged (the rulings of a pure function of their key), by the
# action's identity (an equal action made anew is judged anew: comparing actions costs more).
_memo: dict[int, tuple[Action, Ruling]] = {}
_memo_state: GameState | None = None
_memo_seat: int | None = None


# Module constants: enum members are slower to look up.
_DRAW, _HAND_OVER, _GAME_OVER = Phase.DRAW, Phase.HAND_OVER, Phase.GAME_OVER
_TURN_ACTIONS = frozenset({Draw, TakePile, Meld, Discard, AskPartner, Pass})


def _out_of_turn(state: GameState, action: Action, seat: int) -> Ruling:
    rules = state.rules
    ruling = refused(Reason.of(variant(rules).turn_order, seat=seat, to_move=state.actor))
    if isinstance(action, Meld) and not rules.is_modern:
        ruling.forbid.append(Reason.of(R.C_TURN_5, to_move=state.actor))
    return ruling


# ----- the refusals that belong to no step -------------------------------------------------------


def _game_is_over(state: GameState, _action: Action) -> Ruling:
    rules = state.rules
    return refused(Reason.of(variant(rules).game, over=True).under(rules.house_rule(R.V_C10)))


def _hand_is_over(state: GameState, _action: Action) -> Ruling:
    return refused(Reason.of(variant(state.rules).end, over=True))


def _hand_goes_on(state: GameState, _action: Action) -> Ruling:
    return refused(Reason.of(variant(state.rules).end, over=False))


def _deal_next(state: GameState, _action: Action) -> Ruling:
    rules = state.rules
    ruling = Ruling()
    ruling.permit.append(
        Reason.of(variant(rules).game, hand=state.hand_number + 2).under(rules.house_rule(R.V_C10))
    )
    ruling.build = lambda: next_hand(state)
    return ruling


def _awaiting_answer(state: GameState, _action: Action) -> Ruling:
    return refused(Reason.of(variant(state.rules).ask, waiting=True))


def _nothing_asked(state: GameState, _action: Action) -> Ruling:
    return refused(Reason.of(variant(state.rules).ask, asked=False))


def _draw_first(state: GameState, _action: Action) -> Ruling:
    return refused(Reason.of(variant(state.rules).turn, step="draw"))


def _drew_already(state: GameState, _action: Action) -> Ruling:
    rules = state.rules
    hooks = variant(rules)
    ruling = refused(Reason.of(hooks.turn, step="play", drew=True))
    if hooks.pile_two is not None and state.turn_info.drew is DrawSource.PILE:
        ruling.forbid.append(Reason.of(hooks.pile_two, pile=True))
    return ruling


def _unknown(_state: GameState, action: Action) -> Ruling:
    raise PositionError(f"unknown action {action!r}")


def _table() -> dict[tuple[str, type[Action]], Rule]:
    """Every (phase, kind of action) and the rule that answers it."""
    kinds: tuple[type[Action], ...] = (
        Draw, TakePile, Meld, Discard, AskPartner, Answer, Pass, NextHand
    )
    table: dict[tuple[Phase, type[Action]], Rule] = {}
    for kind in kinds:
        table[Phase.GAME_OVER, kind] = _game_is_over
        table[Phase.HAND_OVER, kind] = _deal_next if kind is NextHand else _hand_is_over
        table[Phase.ANSWER, kind] = answer if kind is Answer else _awaiting_answer
    for phase in (Phase.DRAW, Phase.PLAY):
        table[phase, AskPartner] = ask
        table[phase, Pass] = pass_turn
        table[phase, Answer] = _nothing_asked
    table[Phase.ANSWER, NextHand] = table[Phase.DRAW, NextHand] = _hand_goes_on
    table[Phase.PLAY, NextHand] = _hand_goes_on
    table[Phase.DRAW, Draw] = draw
    table[Phase.DRAW, TakePile] = take
    table[Phase.DRAW, Meld] = table[Phase.DRAW, Discard] = _draw_first
    table[Phase.PLAY, Meld] = meld_after_yes
    table[Phase.PLAY, Discard] = discard_after_yes
    table[Phase.PLAY, Draw] = table[Phase.PLAY, TakePile] = _drew_already
    return {(phase.value, kind): rule for (phase, kind), rule in table.items()}


_RULES = _table()
# An action of a kind the table does not know: refused as any other in that phase.
_OTHER_ACTION: dict[Phase, Rule] = {
    Phase.GAME_OVER: _game_is_over,
    Phase.HAND_OVER: _hand_is_over,
    Phase.ANSWER: _awaiting_answer,
    Phase.DRAW: _draw_first,
    Phase.PLAY: _unknown,
}
# _RULES by kind of action, then by the phase's value.
_BY_KIND: dict[type[Action], dict[str, Rule]] = {}
for (_phase, _kind), _step_rule in _RULES.items():
    _BY_KIND.setdefault(_kind, {})[_phase] = _step_rule
