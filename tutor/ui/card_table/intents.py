"""What the card table sends back, checked and turned into an engine action or a staging change.

The browser owns the selection (by position in the hand, so two eight of hearts are two cards)
and sends it with each intent. Nothing from the browser is trusted: a malformed intent, a
position out of range or a selection made on an earlier hand is refused with a message that says
what and where, and changes nothing. Pure Python, so every rule here is unit-tested directly.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

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
from tutor.engine.cards import Card, Rank, sorted_cards
from tutor.engine.errors import NotationError, TutorError
from tutor.engine.state import Phase
from tutor.i18n import N_

MAX_SELECTED = 200  # more positions than any hand can hold: refused before anything is built


class IntentKind(enum.Enum):
    DRAW = "draw"
    TAKE = "take"
    DISCARD = "discard"
    STAGE = "stage"  # put the selected cards aside as one meld
    UNSTAGE = "unstage"  # take one staged group back into the hand
    CLEAR = "clear"  # take every staged group back
    COMMIT = "meld"  # lay the staged groups (and the selection) now
    ASK = "ask"
    YES = "yes"
    NO = "no"
    PASS = "pass"
    NEXT = "next"
    UNDO = "undo"  # take back the learner's last move (and the computer moves after it)
    REDO = "redo"
    HINT = "hint"  # show or hide what a standard player would do
    CANCEL = "cancel"  # close the choice of a meld for wild cards: nothing else changes


@dataclass(frozen=True, slots=True)
class StagedGroup:
    """Cards put aside for one meld, by position in the hand. ``onto`` is the rank of the side's
    meld that a group of wild cards alone is laid onto (None for a meld of its own)."""

    positions: tuple[int, ...]
    onto: Rank | None = None


@dataclass(frozen=True, slots=True)
class Intent:
    """``placed``: the table said where wild cards alone go, onto the meld of rank ``onto`` or,
    with ``onto`` None, into a meld of their own; else the table may have to ask."""

    kind: IntentKind
    selected: tuple[int, ...] = ()
    onto: Rank | None = None
    group: int | None = None
    placed: bool = False


# Where wild cards selected alone (by position) may go for the move clicked (put aside, or meld
# now): ranks of the side's melds, None for a Modern wild-card meld (tutor.ui.card_table.wilds).
Targets = Callable[[IntentKind, tuple[int, ...]], tuple[Rank | None, ...]]


@dataclass(frozen=True, slots=True)
class WildChoice:
    """Wild cards selected alone with more than one meld they may go onto: the table asks
    which, from the button the learner clicked (``kind``: put aside, or meld now). ``version``
    is the table it was asked on and ``number`` tells one asking from the next."""

    kind: IntentKind
    positions: tuple[int, ...]
    targets: tuple[Rank | None, ...]
    version: str = ""
    number: int = 0


class IntentError(TutorError):
    """A message from the browser that cannot be used; the state is unchanged."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an intent comes to: an action for the engine to judge, and/or new staged groups,
    or a message (a msgid, shown translated) when it asks for something incomplete."""

    action: Action | None
    staged: tuple[StagedGroup, ...]
    message: str | None = None
    choice: WildChoice | None = None  # the table must ask where wild cards alone go


SELECT_ONE_TO_DISCARD = N_("Select exactly one card to discard.")
SELECT_CARDS_TO_STAGE = N_("Select the cards of a meld first.")
NOTHING_TO_LAY = N_("Select or stage the cards you want to lay first.")


def parse_intent(raw: object, *, version: str, hand_size: int) -> Intent:
    """Check the browser's message against the table it was made on."""
    if not isinstance(raw, Mapping):
        raise IntentError(f"the table sent {type(raw).__name__}, not an object")
    sent_version = raw.get("version")
    if sent_version != version:
        raise IntentError(
            "the table changed since these cards were selected (an older hand was shown); "
            "select them again"
        )
    kind_text = raw.get("kind")
    try:
        kind = IntentKind(kind_text)
    except ValueError:
        shown = repr(kind_text)[:40]
        raise IntentError(f"unknown move {shown} from the table") from None
    selected = _positions(raw.get("selected", []), hand_size)
    onto = _rank(raw.get("onto"))
    group = raw.get("group")
    if group is not None and (not isinstance(group, int) or isinstance(group, bool)):
        raise IntentError(f"staged group {repr(group)[:20]} is not a number")
    # "onto": null says "a meld of their own"; no "onto" at all says nothing (ask if need be)
    return Intent(kind, selected, onto, group, placed="onto" in raw)


def _positions(value: object, hand_size: int) -> tuple[int, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise IntentError("the selected cards are not a list of positions")
    if len(value) > MAX_SELECTED:
        raise IntentError(f"{len(value)} cards selected, more than a hand holds")
    positions: list[int] = []
    for index, item in enumerate(value):
        if not isinstance(item, int) or isinstance(item, bool):
            raise IntentError(f"selected card {index + 1} is {repr(item)[:20]}, not a position")
        if not 0 <= item < hand_size:
            raise IntentError(
                f"card position {item} is not in your hand (positions 0 to {hand_size - 1})"
            )
        if item in positions:
            raise IntentError(f"card position {item} is selected twice")
        positions.append(item)
    return tuple(positions)


def _rank(value: object) -> Rank | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 3:
        raise IntentError(f"the meld to lay wild cards onto is {repr(value)[:20]}")
    try:
        return Rank.parse(value)
    except NotationError:
        raise IntentError(f"the meld to lay wild cards onto is {value!r}, not a rank") from None


def resolve(
    intent: Intent, hand: tuple[Card, ...], staged: tuple[StagedGroup, ...], phase: Phase,
    targets: Targets | None = None,
) -> Outcome:
    """The action an intent asks the engine to judge, or the staging it changes.

    Wild cards selected alone for *Put aside* or *Meld* go where ``targets`` says: onto the
    one meld it names, or the table asks which (an outcome with a ``choice``). Without
    ``targets``, or with none to offer, they are judged as they are."""
    simple: dict[IntentKind, Action] = {
        IntentKind.DRAW: Draw(),
        IntentKind.ASK: AskPartner(),
        IntentKind.YES: Answer(True),
        IntentKind.NO: Answer(False),
        IntentKind.PASS: Pass(),
        IntentKind.NEXT: NextHand(),
    }
    if intent.kind in simple:
        return Outcome(simple[intent.kind], staged)
    if intent.kind in (IntentKind.UNDO, IntentKind.REDO, IntentKind.HINT, IntentKind.CANCEL):
        return Outcome(None, staged)  # the page's own business, not the engine's
    free = _unstaged(intent.selected, staged)
    # (Meld before drawing stays a meld of its own: the engine says to draw first.)
    asks_where = intent.kind is IntentKind.STAGE or (
        intent.kind is IntentKind.COMMIT and phase is Phase.PLAY)
    if (targets is not None and asks_where and free and not intent.placed
            and all(hand[i].is_wild for i in free)):
        found = targets(intent.kind, free)
        if len(found) > 1:
            return Outcome(None, staged, choice=WildChoice(intent.kind, free, found))
        if found:
            intent = Intent(intent.kind, intent.selected, found[0], intent.group, placed=True)
    if intent.kind is IntentKind.DISCARD:
        if len(intent.selected) != 1:
            return Outcome(None, staged, SELECT_ONE_TO_DISCARD)
        return Outcome(Discard(hand[intent.selected[0]]), staged)
    if intent.kind is IntentKind.STAGE:
        if not free:
            return Outcome(None, staged, SELECT_CARDS_TO_STAGE)
        return Outcome(None, (*staged, _group_of(free, hand, intent.onto)))
    if intent.kind is IntentKind.UNSTAGE:
        if intent.group is None or not 0 <= intent.group < len(staged):
            raise IntentError(f"there is no staged group {intent.group}")
        return Outcome(None, staged[: intent.group] + staged[intent.group + 1 :])
    if intent.kind is IntentKind.CLEAR:
        return Outcome(None, ())
    groups = (*staged, _group_of(free, hand, intent.onto)) if free else staged
    melds = tuple(_meld_group(group, hand) for group in groups)
    if intent.kind is IntentKind.TAKE:
        # Staged melds go with the pile (an initial meld); the selection is then the cards
        # that go with the top card. (Meld before drawing stays a meld: the engine says why.)
        extra = tuple(_meld_group(group, hand) for group in staged)
        return Outcome(TakePile(sorted_cards(hand[i] for i in free), extra), staged)
    if not melds:
        return Outcome(None, staged, NOTHING_TO_LAY)
    return Outcome(Meld(melds), staged)


def _unstaged(selected: tuple[int, ...], staged: tuple[StagedGroup, ...]) -> tuple[int, ...]:
    """The selected positions not already put aside: a card is never staged twice."""
    taken = {position for group in staged for position in group.positions}
    return tuple(position for position in selected if position not in taken)


def _group_of(positions: tuple[int, ...], hand: tuple[Card, ...], onto: Rank | None
              ) -> StagedGroup:
    wild_only = all(hand[i].is_wild for i in positions)
    return StagedGroup(tuple(sorted(positions)), onto if wild_only else None)


def _meld_group(group: StagedGroup, hand: tuple[Card, ...]) -> Group:
    return Group(sorted_cards(hand[i] for i in group.positions), group.onto)


def staged_groups(hand: tuple[Card, ...], staged: tuple[StagedGroup, ...]) -> tuple[Group, ...]:
    """The staged groups as the engine's groups (none if one no longer fits the hand)."""
    if any(i >= len(hand) for g in staged for i in g.positions):
        return ()
    return tuple(_meld_group(group, hand) for group in staged)


def staged_action(
    hand: tuple[Card, ...], staged: tuple[StagedGroup, ...], phase: Phase
) -> Action | None:
    """What the staged groups would be if committed now, for the engine's preview."""
    groups = staged_groups(hand, staged)
    if not groups:
        return None
    return TakePile((), groups) if phase is Phase.DRAW else Meld(groups)
