"""Positions and game records as JSON (formats documented in docs/formats.md).

* A **position** is a whole :class:`GameState`. Written by hand (lessons, tests, ``check``) it
  may leave out everything but what matters: missing fields take defaults and a missing stock is
  filled with the cards the position does not use, so it always accounts for 108 cards.
* A **record** is how a game started (rules, seed or stacked decks, dealer, scores, or a start
  position) plus the actions, each with the seat that took it. Replaying it reproduces every
  state exactly.

Bad input raises :class:`NotationError` or :class:`PositionError` naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.actions import Action
from tutor.engine.cards import Card, format_cards, parse_cards, sorted_cards
from tutor.engine.deal import complete_deck, initial_sides, new_game, validate_deck
from tutor.engine.errors import NotationError, PositionError, TutorError
from tutor.engine.judge import apply
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import HandScore, ScoreItem, SideScore, meld_from_text
from tutor.engine.state import (
    DrawSource,
    EndReason,
    GameState,
    HandEnd,
    Phase,
    Side,
    TurnInfo,
)
from tutor.engine.verdict import Reason

POSITION_FORMAT = "canasta-position/1"
RECORD_FORMAT = "canasta-record/1"

_POSITION_KEYS = {
    "format",
    "rules",
    "seed",
    "decks",
    "hand_number",
    "dealer",
    "scores",
    "phase",
    "turn",
    "stock",
    "pile",
    "hands",
    "threes",
    "sides",
    "seat_melded",
    "asked",
    "lone_hand",
    "turn_info",
    "end",
    "results",
}
_TURN_KEYS = {
    "drew",
    "opened_before",
    "melded_before",
    "melded",
    "new_ranks",
    "touched_old_melds",
    "asked",
    "answer",
    "no_discard",
}


# ----- positions -----------------------------------------------------------------------------


def position_to_json(state: GameState) -> dict[str, Any]:
    info = state.turn_info
    return {
        "format": POSITION_FORMAT,
        "rules": state.rules.to_json(),
        "seed": state.seed,
        "decks": [format_cards(d) for d in state.decks],
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "phase": state.phase.value,
        "turn": state.turn,
        "stock": format_cards(reversed(state.stock)),
        "pile": format_cards(state.pile),
        "hands": [format_cards(h) for h in state.hands],
        "threes": [format_cards(t) for t in state.threes],
        "sides": [
            {"seats": list(side.seats), "melds": [format_cards(m.cards) for m in side.melds]}
            for side in state.sides
        ],
        "seat_melded": list(state.seat_melded),
        "asked": list(state.asked),
        "lone_hand": state.lone_hand,
        "turn_info": {
            "drew": info.drew.value if info.drew else None,
            "opened_before": info.opened_before,
            "melded_before": info.melded_before,
            "melded": info.melded,
            "new_ranks": list(info.new_ranks),
            "touched_old_melds": info.touched_old_melds,
            "asked": info.asked,
            "answer": info.answer,
            "no_discard": info.no_discard,
        },
        "end": None
        if state.end is None
        else {
            "reason": state.end.reason.value,
            "seat": state.end.seat,
            "concealed": state.end.concealed,
        },
        "results": [score.to_json() for score in state.results],
    }


def position_from_json(data: Mapping[str, Any]) -> GameState:
    """Read a position; every error names the field it is about."""
    if not isinstance(data, Mapping):
        raise PositionError("position: expected a JSON object")
    unknown = set(data) - _POSITION_KEYS
    if unknown:
        raise PositionError(f"position: unknown key(s) {', '.join(sorted(unknown))}")
    if data.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise PositionError(f"position.format: expected {POSITION_FORMAT!r}")
    rules = RuleSet.from_json(data.get("rules", {"preset": "classic-4p"}))
    n = rules.players
    seed = _int(data, "seed", 0)
    decks = tuple(_cards(d, f"decks[{i}]") for i, d in enumerate(_list(data, "decks", [])))
    dealer = _seat(data, "dealer", n, (_int(data, "turn", 1) - 1) % n)
    scores = tuple(
        _int_item(v, f"scores[{i}]") for i, v in enumerate(_list(data, "scores", [0] * n))
    )
    if len(scores) != n:
        raise PositionError(f"position.scores: expected {n} values for {rules.preset}")
    try:
        phase = Phase(data.get("phase", "draw"))
    except ValueError:
        raise PositionError(
            f"position.phase: {data.get('phase')!r} is not one of "
            f"{', '.join(p.value for p in Phase)}"
        ) from None
    turn = _seat(data, "turn", n, (dealer + 1) % n)
    hands = _per_seat(data, "hands", n)
    threes = _per_seat(data, "threes", n)
    pile = _cards(data.get("pile", ""), "pile")
    sides = _sides(data, rules)
    lone = data.get("lone_hand")
    if lone is not None and (rules.players != 3 or not isinstance(lone, int)):
        raise PositionError("position.lone_hand: only a seat number in classic-3p")
    used = [
        *pile,
        *(c for h in hands for c in h),
        *(c for t in threes for c in t),
        *(c for s in sides for m in s.melds for c in m.cards),
    ]
    if "stock" in data and data["stock"] != "auto":
        stock_top_first = _cards(data["stock"], "stock")
    else:
        rest = complete_deck(tuple(used), seed=seed, where="position")[len(used) :]
        stock_top_first = rest
    validate_deck(used + list(stock_top_first), where="position")
    for seat, hand in enumerate(hands):
        if (
            not rules.is_modern
            and any(c.is_red_three for c in hand)
            and phase is not Phase.HAND_OVER
        ):
            raise PositionError(
                f"position.hands[{seat}]: a red three is never kept in hand; lay it out in "
                "'threes' (C-DEAL-4, C-TURN-3, C-PEN-1)"
            )
    state = GameState(
        rules=rules,
        seed=seed,
        decks=decks,
        hand_number=_int(data, "hand_number", 0),
        dealer=dealer,
        scores=scores,
        phase=phase,
        turn=turn,
        stock=tuple(reversed(stock_top_first)),
        pile=pile,
        hands=tuple(sorted_cards(h) for h in hands),
        threes=threes,
        sides=sides,
        seat_melded=_bools(
            data,
            "seat_melded",
            n,
            [any(s.has_melded for s in sides if seat in s.seats) for seat in range(n)],
        ),
        asked=_bools(data, "asked", n, [False] * n),
        lone_hand=lone,
        turn_info=TurnInfo(),
        end=_end(data.get("end")),
        results=tuple(
            _score_from_json(r, f"results[{i}]") for i, r in enumerate(_list(data, "results", []))
        ),
    )
    return state.evolve(turn_info=_turn_info(data.get("turn_info"), state))


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    return _int_item(value, f"position.{key}")


def _int_item(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected a whole number, got {value!r}")
    return value


def _seat(data: Mapping[str, Any], key: str, players: int, default: int) -> int:
    value = _int(data, key, default)
    if not 0 <= value < players:
        raise PositionError(f"position.{key}: seat {value} does not exist with {players} players")
    return value


def _list(data: Mapping[str, Any], key: str, default: list[Any]) -> list[Any]:
    value = data.get(key, default)
    if not isinstance(value, list):
        raise PositionError(f"position.{key}: expected a list")
    return value


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise PositionError(f'position.{where}: expected cards in notation, e.g. "KH 10S JK"')
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise PositionError(f"position.{where}: {exc}") from None


def _per_seat(data: Mapping[str, Any], key: str, players: int) -> tuple[tuple[Card, ...], ...]:
    values = _list(data, key, [""] * players)
    if len(values) != players:
        raise PositionError(f"position.{key}: expected {players} entries, one per seat")
    return tuple(_cards(v, f"{key}[{i}]") for i, v in enumerate(values))


def _bools(
    data: Mapping[str, Any], key: str, players: int, default: list[bool]
) -> tuple[bool, ...]:
    values = _list(data, key, default)
    if len(values) != players or not all(isinstance(v, bool) for v in values):
        raise PositionError(f"position.{key}: expected {players} true/false values")
    return tuple(values)


def _sides(data: Mapping[str, Any], rules: RuleSet) -> tuple[Side, ...]:
    default = initial_sides(rules)
    raw = data.get("sides")
    if raw is None:
        return default
    if not isinstance(raw, list):
        raise PositionError("position.sides: expected a list")
    if all(isinstance(s, list) for s in raw) and len(raw) == len(default):
        # Short form: a list of meld lists, one per default side.
        raw = [{"seats": list(d.seats), "melds": s} for d, s in zip(default, raw, strict=True)]
    sides = []
    seen: set[int] = set()
    for i, entry in enumerate(raw):
        if not isinstance(entry, Mapping) or set(entry) - {"seats", "melds"}:
            raise PositionError(f"position.sides[{i}]: expected {{'seats': [...], 'melds': [...]}}")
        seats = tuple(_int_item(s, f"position.sides[{i}].seats") for s in entry.get("seats", []))
        if not seats or seen & set(seats) or any(not 0 <= s < rules.players for s in seats):
            raise PositionError(f"position.sides[{i}].seats: every seat must be in one side")
        seen |= set(seats)
        melds = []
        for j, text in enumerate(entry.get("melds", [])):
            try:
                melds.append(meld_from_text(str(text)))
            except NotationError as exc:
                raise PositionError(f"position.sides[{i}].melds[{j}]: {exc}") from None
        sides.append(Side(seats, tuple(melds)))
    if seen != set(range(rules.players)):
        raise PositionError("position.sides: every seat must belong to exactly one side")
    if rules.has_partners and sorted(sorted(s.seats) for s in sides) != [[0, 2], [1, 3]]:
        raise PositionError(
            "position.sides: partners sit opposite, seats 0+2 and 1+3 (C-SETUP-1, M-SETUP-1)"
        )
    return tuple(sides)


def _turn_info(raw: object, state: GameState) -> TurnInfo:
    if raw is None:
        side = state.side_of(state.turn)
        return TurnInfo(
            drew=DrawSource.STOCK if state.phase is Phase.PLAY else None,
            opened_before=side.has_melded,
            melded_before=state.seat_melded[state.turn],
        )
    if not isinstance(raw, Mapping) or set(raw) - _TURN_KEYS:
        raise PositionError(f"position.turn_info: keys are {', '.join(sorted(_TURN_KEYS))}")
    drew = raw.get("drew")
    if raw.get("answer") not in (None, True, False):
        raise PositionError("position.turn_info.answer: true, false or null")
    try:
        return TurnInfo(
            drew=DrawSource(drew) if drew else None,
            opened_before=bool(raw.get("opened_before", False)),
            melded_before=bool(raw.get("melded_before", False)),
            melded=bool(raw.get("melded", False)),
            new_ranks=tuple(str(r) for r in raw.get("new_ranks", [])),
            touched_old_melds=bool(raw.get("touched_old_melds", False)),
            asked=bool(raw.get("asked", False)),
            answer=raw.get("answer"),
            no_discard=bool(raw.get("no_discard", False)),
        )
    except ValueError as exc:
        raise PositionError(f"position.turn_info: {exc}") from None


def _end(raw: object) -> HandEnd | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise PositionError("position.end: expected an object or null")
    try:
        return HandEnd(EndReason(raw["reason"]), int(raw["seat"]), bool(raw.get("concealed")))
    except (KeyError, ValueError) as exc:
        raise PositionError(f"position.end: {exc}") from None


def _score_from_json(raw: Mapping[str, Any], where: str) -> HandScore:
    try:
        sides = []
        for side in raw["sides"]:
            items = tuple(
                ScoreItem(
                    str(item["kind"]), Reason.from_json(item), int(item["points"]), item.get("seat")
                )
                for item in side["items"]
            )
            sides.append(SideScore(tuple(side["seats"]), items))
        return HandScore(tuple(sides))
    except (KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"position.{where}: not a hand score ({exc})") from None


def dumps_position(state: GameState) -> str:
    return json.dumps(position_to_json(state), indent=1, ensure_ascii=False)


def loads_position(text: str) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"position: not JSON ({exc.msg} at line {exc.lineno})") from None
    return position_from_json(data)


# ----- records ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A start position and the moves played from it."""

    start: GameState
    moves: tuple[Move, ...] = ()

    def states(self) -> Iterator[GameState]:
        """Every state from the start to the last move (replays through the judge)."""
        state = self.start
        yield state
        for index, move in enumerate(self.moves):
            try:
                state = apply(state, move.action, seat=move.seat)
            except TutorError as exc:
                raise PositionError(f"record.moves[{index}] ({move.action}): {exc}") from None
            yield state

    def final(self) -> GameState:
        state = self.start
        for state in self.states():  # noqa: B007
            pass
        return state

    def then(self, state: GameState, action: Action) -> GameRecord:
        return GameRecord(self.start, (*self.moves, Move(state.actor, action)))

    @staticmethod
    def new(rules: RuleSet, *, seed: int = 0, decks: Sequence[Sequence[Card]] = ()) -> GameRecord:
        return GameRecord(new_game(rules, seed=seed, decks=decks))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "start": position_to_json(self.start),
            "moves": [{"seat": m.seat, "action": str(m.action)} for m in self.moves],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise PositionError(f"record: expected an object with format {RECORD_FORMAT!r}")
        if set(data) - {"format", "start", "moves"}:
            raise PositionError("record: keys are format, start and moves")
        start = position_from_json(data.get("start", {}))
        moves = []
        for i, raw in enumerate(data.get("moves", [])):
            try:
                moves.append(Move(int(raw["seat"]), Action.parse(str(raw["action"]))))
            except (KeyError, TypeError, ValueError) as exc:
                raise PositionError(f"record.moves[{i}]: {exc}") from None
        return GameRecord(start, tuple(moves))


def dumps_record(record: GameRecord) -> str:
    return json.dumps(record.to_json(), indent=1, ensure_ascii=False)


def loads_record(text: str) -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"record: not JSON ({exc.msg} at line {exc.lineno})") from None
    return GameRecord.from_json(data)
