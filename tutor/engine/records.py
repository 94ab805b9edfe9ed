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

from tutor.engine import rule_ids as R
from tutor.engine.actions import Action
from tutor.engine.cards import Card, Rank, format_cards, parse_cards, sorted_cards
from tutor.engine.deal import complete_deck, initial_sides, new_game, validate_deck
from tutor.engine.errors import NotationError, PositionError, TutorError
from tutor.engine.events import Event, EventKind, Transition, events_of
from tutor.engine.inputs import (
    fields,
    flag,
    items,
    one_of,
    read_json,
    short_text,
    shown,
    whole_number,
)
from tutor.engine.judge import apply
from tutor.engine.listing import legal_actions
from tutor.engine.melds import LaidMeld, shape_reasons
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS_BY_ID, RuleSet
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
from tutor.engine.verdict import HouseRule, Reason

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


def position_from_json(data: object, *, require_move: bool = True) -> GameState:
    """Read a position; every error names the field it is about. A position that cannot arise
    in play is refused with the rule it breaks, and a loaded position always has a legal
    action (or is over). Only a test of one rule in isolation may pass ``require_move=False``
    to judge a contrived position in which the player to move is stuck."""
    data = fields(data, "position", _POSITION_KEYS, error=PositionError)
    if data.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise PositionError(f"position.format: expected {POSITION_FORMAT!r}")
    rules = RuleSet.from_json(data.get("rules", {"preset": "classic-4p"}))
    n = rules.players
    seed = _int(data, "seed", 0, high=MAX_SEED)
    decks = tuple(
        _cards(d, f"decks[{i}]") for i, d in enumerate(_list(data, "decks", [], limit=100))
    )
    for i, deck in enumerate(decks):
        validate_deck(deck, where=f"position.decks[{i}]")
    turn_given = data.get("turn", 1)
    dealer_default = (turn_given - 1) % n if type(turn_given) is int else 0
    dealer = _seat(data, "dealer", n, dealer_default)
    scores = tuple(
        whole_number(v, f"position.scores[{i}]", low=-MAX_SCORE, high=MAX_SCORE,
                     error=PositionError)
        for i, v in enumerate(_list(data, "scores", [0] * n, limit=n))
    )
    if len(scores) != n:
        raise PositionError(f"position.scores: expected {n} values for {rules.preset}")
    phase = one_of(data.get("phase", "draw"), Phase, "position.phase", error=PositionError)
    turn = _seat(data, "turn", n, (dealer + 1) % n)
    hands = _per_seat(data, "hands", n)
    threes = _per_seat(data, "threes", n)
    pile = _cards(data.get("pile", ""), "pile")
    sides = _sides(data, rules)
    lone = data.get("lone_hand")
    if lone is not None and (rules.players != 3 or not isinstance(lone, int)
                             or isinstance(lone, bool) or not 0 <= lone < n):
        raise PositionError(
            f"position.lone_hand: {shown(lone)} is not a seat; only classic-3p has a lone hand "
            "(seat 0, 1 or 2, C3-11)"
        )
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
    _check_threes(hands, threes, rules, phase)
    state = GameState(
        rules=rules,
        seed=seed,
        decks=decks,
        hand_number=_int(data, "hand_number", 0, low=0, high=MAX_HANDS),
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
        end=_end(data.get("end"), n),
        results=tuple(
            _score_from_json(r, f"results[{i}]")
            for i, r in enumerate(_list(data, "results", [], limit=MAX_HANDS))
        ),
    )
    state = state.evolve(turn_info=_turn_info(data.get("turn_info"), state))
    if require_move:
        _check_playable(state)
    return state


MAX_SEED = 2**32 - 1
MAX_SCORE = 10**7  # far beyond any real game's total, small enough to stay meaningful
MAX_HANDS = 10_000
MAX_MOVES = 100_000  # a long Modern game is ~1,300 moves; a record of 100,000 is ~4 MB


def _check_threes(
    hands: tuple[tuple[Card, ...], ...],
    threes: tuple[tuple[Card, ...], ...],
    rules: RuleSet,
    phase: Phase,
) -> None:
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
    for seat, laid in enumerate(threes):
        modern_three = rules.is_modern and Rank.THREE
        wrong = [c for c in laid if not (c.is_red_three or c.rank is modern_three)]
        if wrong:
            raise PositionError(
                f"position.threes[{seat}]: {format_cards(wrong)} "
                + ("is not a three (M-DEAL-2)" if rules.is_modern
                   else "is not a red three; only red threes are laid out (C-DEAL-4)")
            )


def _check_playable(state: GameState) -> None:
    """A loaded position in play must leave its player something to do."""
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) or state.end is not None:
        return
    if not legal_actions(state):
        raise PositionError(
            f"position: seat {state.actor} has no legal action in this position "
            f"(phase {state.phase.value}, {len(state.hands[state.actor])} cards in hand, "
            f"{len(state.stock)} in the stock)"
        )


def _int(
    data: Mapping[str, Any], key: str, default: int, *, low: int = 0, high: int
) -> int:
    return whole_number(
        data.get(key, default), f"position.{key}", low=low, high=high, error=PositionError
    )


def _seat(data: Mapping[str, Any], key: str, players: int, default: int) -> int:
    value = data.get(key, default)
    seat = whole_number(value, f"position.{key}", error=PositionError)
    if not 0 <= seat < players:
        raise PositionError(f"position.{key}: seat {seat} does not exist with {players} players")
    return seat


def _list(
    data: Mapping[str, Any], key: str, default: list[Any], *, limit: int = 8
) -> list[Any]:
    return items(data.get(key, default), f"position.{key}", limit=limit, error=PositionError)


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if isinstance(value, list):
        if len(value) > 108 or not all(isinstance(v, str) for v in value):
            raise PositionError(f"position.{where}: expected at most 108 cards in notation")
        value = " ".join(value)
    if not isinstance(value, str):
        raise PositionError(
            f'position.{where}: expected cards in notation, e.g. "KH 10S JK", got {shown(value)}'
        )
    if len(value) > 108 * 4:
        raise PositionError(f"position.{where}: {len(value):,} characters is more than 108 cards")
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
    raw = items(raw, "position.sides", limit=rules.players, error=PositionError)
    if all(isinstance(s, list) for s in raw) and len(raw) == len(default):
        # Short form: a list of meld lists, one per default side.
        raw = [{"seats": list(d.seats), "melds": s} for d, s in zip(default, raw, strict=True)]
    sides = []
    seen: set[int] = set()
    for i, entry in enumerate(raw):
        where = f"position.sides[{i}]"
        entry = fields(entry, where, ("seats", "melds"), error=PositionError)
        seats = tuple(
            whole_number(s, f"{where}.seats", error=PositionError)
            for s in items(entry.get("seats", []), f"{where}.seats", limit=4, error=PositionError)
        )
        if not seats or seen & set(seats) or any(not 0 <= s < rules.players for s in seats):
            raise PositionError(f"{where}.seats: every seat must be in one side")
        seen |= set(seats)
        melds = tuple(
            _meld(text, f"{where}.melds[{j}]", rules)
            for j, text in enumerate(
                items(entry.get("melds", []), f"{where}.melds", limit=20, error=PositionError)
            )
        )
        _check_one_meld_per_rank(melds, where, rules)
        sides.append(Side(seats, melds))
    if seen != set(range(rules.players)):
        raise PositionError("position.sides: every seat must belong to exactly one side")
    if rules.has_partners and sorted(sorted(s.seats) for s in sides) != [[0, 2], [1, 3]]:
        raise PositionError(
            "position.sides: partners sit opposite, seats 0+2 and 1+3 (C-SETUP-1, M-SETUP-1)"
        )
    return tuple(sides)


def _meld(raw: object, where: str, rules: RuleSet) -> LaidMeld:
    """A meld on the table, which must be one the rules allow to lie there."""
    meld_text = short_text(raw, where, limit=200, error=PositionError)
    try:
        meld = meld_from_text(meld_text)
    except NotationError as exc:
        raise PositionError(f"{where}: {exc}") from None
    if meld.rank is None and not rules.is_modern:
        raise PositionError(f"{where}: wild cards never form a meld on their own (C-MELD-3)")
    if meld.rank is Rank.THREE and rules.is_modern:
        raise PositionError(f"{where}: threes are never melded in Modern (M-MELD-1)")
    broken = shape_reasons(rules, meld)
    if broken:
        raise PositionError(f"{where}: {meld_text} cannot lie on the table ({broken[0]})")
    return meld


def _check_one_meld_per_rank(melds: tuple[LaidMeld, ...], where: str, rules: RuleSet) -> None:
    ranks = [m.rank for m in melds]
    wild_melds_allowed = 2 if rules.is_modern and rules.second_wild_meld == "yes" else 1  # V-M7
    repeated = {
        r for r in ranks if ranks.count(r) > (wild_melds_allowed if r is None else 1)
    }
    if repeated:
        names = ", ".join(r.symbol if r else "wild" for r in repeated)
        rule = R.M_MELD_7 if rules.is_modern else R.C_MELD_4
        raise PositionError(f"{where}.melds: a side has one meld of each rank ({names}; {rule})")


def _turn_info(raw: object, state: GameState) -> TurnInfo:
    if raw is None:
        side = state.side_of(state.turn)
        return TurnInfo(
            drew=DrawSource.STOCK if state.phase is Phase.PLAY else None,
            opened_before=side.has_melded,
            melded_before=state.seat_melded[state.turn],
        )
    where = "position.turn_info"
    info = fields(raw, where, _TURN_KEYS, error=PositionError)

    def flag_of(key: str) -> bool:
        return flag(info.get(key, False), f"{where}.{key}", error=PositionError)

    drew = info.get("drew")
    if drew not in (None, *(d.value for d in DrawSource)):
        raise PositionError(
            f"{where}.drew: {shown(drew)} is not one of "
            f"{', '.join(d.value for d in DrawSource)} or null"
        )
    answer = info.get("answer")
    if answer is not None and not isinstance(answer, bool):
        raise PositionError(f"{where}.answer: true, false or null, got {shown(answer)}")
    new_ranks = items(info.get("new_ranks", []), f"{where}.new_ranks", limit=13,
                      error=PositionError)
    try:  # meld labels: a rank symbol, or W for a wild-card meld
        for symbol in new_ranks:
            label = short_text(symbol, f"{where}.new_ranks", limit=2, error=PositionError)
            if label != "W":
                Rank.parse(label)
    except NotationError as exc:
        raise PositionError(f"{where}.new_ranks: {exc}") from None
    return TurnInfo(
        drew=DrawSource(drew) if drew else None,
        opened_before=flag_of("opened_before"),
        melded_before=flag_of("melded_before"),
        melded=flag_of("melded"),
        new_ranks=tuple(new_ranks),
        touched_old_melds=flag_of("touched_old_melds"),
        asked=flag_of("asked"),
        answer=answer,
        no_discard=flag_of("no_discard"),
    )


def _end(raw: object, players: int) -> HandEnd | None:
    if raw is None:
        return None
    where = "position.end"
    end = fields(raw, where, ("reason", "seat", "concealed"), error=PositionError)
    reason = one_of(end.get("reason"), EndReason, f"{where}.reason", error=PositionError)
    seat = whole_number(end.get("seat"), f"{where}.seat", low=0, high=players - 1,
                        error=PositionError)
    return HandEnd(reason, seat, flag(end.get("concealed", False), f"{where}.concealed",
                                      error=PositionError))


def _score_from_json(raw: object, where: str) -> HandScore:
    where = f"position.{where}"
    score = fields(raw, where, ("sides",), error=PositionError)
    sides = []
    for i, side_raw in enumerate(items(score.get("sides"), f"{where}.sides", limit=4,
                                       error=PositionError)):
        at = f"{where}.sides[{i}]"
        side = fields(side_raw, at, ("seats", "items", "total", "credits"), error=PositionError)
        seats = tuple(
            whole_number(s, f"{at}.seats", low=0, high=3, error=PositionError)
            for s in items(side.get("seats"), f"{at}.seats", limit=4, error=PositionError)
        )
        entries = []
        for j, item_raw in enumerate(items(side.get("items"), f"{at}.items", limit=200,
                                           error=PositionError)):
            item_at = f"{at}.items[{j}]"
            if not isinstance(item_raw, Mapping):
                raise PositionError(f"{item_at}: expected an object, got {shown(item_raw)}")
            seat = item_raw.get("seat")
            if seat is not None:
                whole_number(seat, f"{item_at}.seat", low=0, high=3, error=PositionError)
            reason = _reason(item_raw, item_at)
            entries.append(ScoreItem(
                short_text(item_raw.get("kind"), f"{item_at}.kind", limit=40, error=PositionError),
                reason,
                whole_number(item_raw.get("points"), f"{item_at}.points", low=-MAX_SCORE,
                             high=MAX_SCORE, error=PositionError),
                seat,
            ))
        sides.append(SideScore(seats, tuple(entries)))
    return HandScore(tuple(sides))


def _reason(raw: Mapping[str, Any], where: str) -> Reason:
    """A rule id the rules reference knows, with parameters that can be put into words."""
    rule = short_text(raw.get("rule"), f"{where}.rule", limit=20, error=PositionError)
    if rule not in RULE_IDS and not rule.startswith("V-"):
        raise PositionError(f"{where}.rule: {shown(rule)} is not a rule id of RULES.md")
    params = raw.get("params", {})
    if not isinstance(params, Mapping) or len(params) > 12 or not all(
        isinstance(k, str) and isinstance(v, int | str | bool) and len(str(v)) <= 200
        for k, v in params.items()
    ):
        raise PositionError(f"{where}.params: expected a few named numbers or words")
    try:
        for key, value in params.items():
            if key in ("card", "top") and isinstance(value, str):
                parse_cards(value)
            elif key in ("rank", "onto") and isinstance(value, str):
                Rank.parse(value)
            elif key == "ranks" and isinstance(value, str):
                [Rank.parse(symbol) for symbol in value.split("-")]
    except NotationError as exc:
        raise PositionError(f"{where}.params: {exc}") from None
    return Reason.of(rule, **params).under(_house_rule(raw.get("option"), f"{where}.option"))


def _house_rule(raw: object, where: str) -> HouseRule | None:
    """The house-rule option that decided a score item, if one did (``{"id", "value"}``)."""
    if raw is None:
        return None
    option = fields(raw, where, ("id", "value"), error=PositionError)
    spec = OPTIONS_BY_ID.get(option.get("id"))  # type: ignore[arg-type]
    if spec is None or option.get("value") not in spec.values:
        raise PositionError(f"{where}: {shown(dict(option))} is not an option of RULES.md §1.5")
    return HouseRule(spec.id, str(option["value"]))


def dumps_position(state: GameState) -> str:
    return json.dumps(position_to_json(state), indent=1, ensure_ascii=False)


def loads_position(raw: str | bytes) -> GameState:
    return position_from_json(read_json(raw, "position", PositionError))


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
        yield self.start
        for step in self.transitions():
            yield step.state

    def transitions(self) -> Iterator[Transition]:
        """Each move's next state and its events, in order (replays through the judge)."""
        state = self.start
        for index, move in enumerate(self.moves):
            try:
                after = apply(state, move.action, seat=move.seat)
            except TutorError as exc:
                raise PositionError(f"record.moves[{index}] ({move.action}): {exc}") from None
            yield Transition(after, events_of(state, move.action, after))
            state = after

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

    def to_json(self, *, events: bool = False) -> dict[str, Any]:
        """The record; with ``events``, each move also tells what it brought about (for
        readers: a loader recomputes them by replay and checks they match)."""
        moves: list[dict[str, Any]] = [
            {"seat": m.seat, "action": str(m.action)} for m in self.moves
        ]
        if events:
            for move, step in zip(moves, self.transitions(), strict=True):
                move["events"] = [e.to_json() for e in step.events]
        return {"format": RECORD_FORMAT, "start": position_to_json(self.start), "moves": moves}

    @staticmethod
    def from_json(data: object) -> GameRecord:
        """Read a record: its start position and each move's seat and action (the moves are
        replayed, and so checked, by :meth:`states`). Events written with the moves are
        checked against the replay's now: a record that misstates them is refused."""
        record = fields(data, "record", ("format", "start", "moves"), error=PositionError)
        if record.get("format") != RECORD_FORMAT:
            raise PositionError(f"record.format: expected {RECORD_FORMAT!r}")
        start = position_from_json(record.get("start", {}))
        players = start.rules.players
        moves = []
        stated: dict[int, tuple[Event, ...]] = {}
        for i, raw in enumerate(items(record.get("moves", []), "record.moves",
                                      limit=MAX_MOVES, error=PositionError)):
            where = f"record.moves[{i}]"
            move = fields(raw, where, ("seat", "action", "events"), error=PositionError)
            seat = whole_number(move.get("seat"), f"{where}.seat", low=0,
                                high=players - 1, error=PositionError)
            notation = short_text(move.get("action"), f"{where}.action", limit=400,
                                  error=PositionError)
            try:
                moves.append(Move(seat, Action.parse(notation)))
            except NotationError as exc:
                raise PositionError(f"{where}.action: {exc}") from None
            if "events" in move:
                stated[i] = _events(move["events"], f"{where}.events", players)
        loaded = GameRecord(start, tuple(moves))
        if stated:
            _check_events(loaded, stated)
        return loaded


MAX_EVENTS = 40  # of one move: a deal lays out threes for each seat, a take may do six things


def _events(raw: object, where: str, players: int) -> tuple[Event, ...]:
    """A move's events as written: kind, seat and reasons, each checked for type and range."""
    events = []
    for i, entry in enumerate(items(raw, where, limit=MAX_EVENTS, error=PositionError)):
        at = f"{where}[{i}]"
        event = fields(entry, at, ("kind", "seat", "reasons"), error=PositionError)
        kind = one_of(event.get("kind"), EventKind, f"{at}.kind", error=PositionError)
        seat = whole_number(event.get("seat"), f"{at}.seat", low=0, high=players - 1,
                            error=PositionError)
        reasons = []
        for j, reason in enumerate(items(event.get("reasons", []), f"{at}.reasons", limit=12,
                                         error=PositionError)):
            checked = fields(reason, f"{at}.reasons[{j}]", ("rule", "params", "option"),
                             error=PositionError)
            reasons.append(_reason(checked, f"{at}.reasons[{j}]"))
        events.append(Event(kind, seat, tuple(reasons)))
    return tuple(events)


def _check_events(record: GameRecord, stated: Mapping[int, tuple[Event, ...]]) -> None:
    """The events a record states must be those its moves bring about on replay."""
    last = max(stated)
    for index, step in enumerate(record.transitions()):
        written = stated.get(index)
        if written is not None and written != step.events:
            move = record.moves[index]
            said = "; ".join(str(e) for e in written) or "none"
            real = "; ".join(str(e) for e in step.events) or "none"
            raise PositionError(
                f"record.moves[{index}].events ({move.action}): the record says {shown(said, 200)}"
                f", the move brings about {shown(real, 200)}"
            )
        if index >= last:
            return


def dumps_record(record: GameRecord, *, events: bool = False) -> str:
    return json.dumps(record.to_json(events=events), indent=1, ensure_ascii=False)


def loads_record(raw: str | bytes) -> GameRecord:
    return GameRecord.from_json(read_json(raw, "record", PositionError))
