"""Helpers for tests written in card notation.

``position(preset, hands=[...], sides=[[...], [...]], pile="...", ...)`` builds a position from
the short JSON form (docs/formats.md): missing fields get defaults and the stock is filled from
the cards not used. ``verdict(state, "take KS KD")`` judges an action in notation, and the two
asserts check that a rule id (with some of its parameters) forbids or permits it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from tutor.engine import Action, GameState, Verdict, apply, judge
from tutor.engine.cards import parse_cards
from tutor.engine.records import position_from_json
from tutor.engine.scoring import PlayerTally, SideTally, meld_from_text


def position(preset: str = "classic-4p", options: dict[str, str] | None = None,
             *, stuck: bool = False, **fields: Any) -> GameState:
    """A hand-written position; ``stuck=True`` for a contrived one in which the player to move
    has no legal action (the loader refuses those unless told), to judge one rule alone."""
    data: dict[str, Any] = {"rules": {"preset": preset, "options": options or {}}, **fields}
    return position_from_json(data, require_move=not stuck)


def with_stock(state: GameState, top: str) -> GameState:
    """The position with only ``top`` left in the stock (first card on top); it no longer
    accounts for all 108 cards, which positions about the end of the stock do not need."""
    return state.evolve(stock=tuple(reversed(parse_cards(top))))


def verdict(state: GameState, action: str, seat: int | None = None) -> Verdict:
    return judge(state, Action.parse(action), seat=seat)


def play(state: GameState, *actions: str) -> GameState:
    for action in actions:
        state = apply(state, Action.parse(action))
    return state


def _matches(reasons: tuple[Any, ...], rule: str, params: dict[str, Any]) -> bool:
    for reason in reasons:
        if reason.rule != rule:
            continue
        values, house = reason.param_map, reason.option
        # option="V-C3" or option="V-C3=may-meld": the house rule that decided the reason
        if all(values.get(k) == v or (k == "option" and house is not None
                                      and v in (house.id, str(house)))
               for k, v in params.items()):
            return True
    return False


def assert_forbids(state: GameState, action: str, rule: str, seat: int | None = None,
                   **params: Any) -> Verdict:
    result = verdict(state, action, seat)
    assert not result.legal, f"expected {action!r} to be illegal, got {result}"
    assert _matches(result.forbidding, rule, params), (
        f"expected {rule}{params or ''} among the reasons against {action!r}: {result}"
    )
    return result


def assert_permits(state: GameState, action: str, rule: str, seat: int | None = None,
                   **params: Any) -> Verdict:
    result = verdict(state, action, seat)
    assert result.legal, f"expected {action!r} to be legal, got {result}"
    assert _matches(result.permitting, rule, params), (
        f"expected {rule}{params or ''} among the reasons for {action!r}: {result}"
    )
    return result


def side(melds: list[str], hands: list[str], threes: list[str] | None = None,
         seats: list[int] | None = None, went_out: bool = False,
         concealed: bool = False) -> SideTally:
    """A scoring tally in notation: ``side(["KH KH KS ..."], hands=["9C 4D", ""], ...)``."""
    seats = seats or list(range(len(hands)))
    threes = threes or [""] * len(hands)
    players = tuple(PlayerTally(s, parse_cards(h), parse_cards(t))
                    for s, h, t in zip(seats, hands, threes, strict=True))
    return SideTally(players, tuple(meld_from_text(m) for m in melds), went_out, concealed)


# ----- the per-rule case registry ------------------------------------------------------------

Kind = Literal["permits", "forbids"]


@dataclass(frozen=True)
class RuleCase:
    rule: str
    kind: Kind
    name: str
    run: Callable[[], None]


CASES: list[RuleCase] = []


def case(rule: str, kind: Kind) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register a test function as a case that shows ``rule`` permitting/scoring or forbidding.

    The function is run by tests/test_rule_cases.py; tests/test_rule_cases.py also fails when a
    rule id of RULES.md lacks either kind of case.
    """

    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CASES.append(RuleCase(rule, kind, fn.__name__, fn))
        return fn

    return register
