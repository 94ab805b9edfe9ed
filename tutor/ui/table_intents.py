"""One path for a click on a card table, the same for practice, a lesson's step and review.

The table sends an intent (:mod:`tutor.ui.card_table.intents`); :func:`handle` checks it against
the table it was made on, keeps what the table holds between clicks (:class:`TableState`: the
groups put aside, the notice, the question where wild cards go) and hands a move to the page's
own player, which judges it once (practice plays it, a lesson and review judge it as their step
asks). Only what differs between the three is theirs: what a move is, and the tools practice adds
(hint, undo, redo). No Streamlit calls here, so the whole path is tested without a browser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.engine.state import GameState
from tutor.i18n import N_, Translator
from tutor.ui.card_table.intents import (
    IntentError,
    IntentKind,
    StagedGroup,
    WildChoice,
    parse_intent,
    resolve,
)
from tutor.ui.card_table.wilds import wild_targets
from tutor.ui.practice import GAME_ERRORS, error_text

# Translators: {error} says what was wrong with a move the card table sent (technical detail).
REFUSED = N_("The table sent a move that cannot be used: {error}. Nothing was changed.")
STALE = N_("The table changed since you selected those cards. Select them again.")
# Clicks that leave the verdict shown as it is: the hint opens beside it, and closing the
# question where wild cards go says nothing new.
KEEP_VERDICT = frozenset({IntentKind.HINT, IntentKind.CANCEL})


@dataclass(frozen=True, slots=True)
class TableState:
    """What one table holds between clicks besides its position: the groups put aside (by
    position in the hand), a translated notice shown once, and the question where wild cards
    go; ``asked`` counts those questions, so a closed one is not asked again."""

    staged: tuple[StagedGroup, ...] = ()
    message: str | None = None
    choice: WildChoice | None = None
    asked: int = 0

    def cleared(self) -> TableState:
        """A fresh table (a new hand, another step), still counting its questions."""
        return TableState(asked=self.asked)


@dataclass(frozen=True, slots=True)
class Spot:
    """The table a click was made on: its position, the seat that plays it and the tag of the
    moment that a selection must carry (tutor.ui.card_table.model.version_of)."""

    state: GameState
    seat: int
    version: str


@dataclass(frozen=True, slots=True)
class Click:
    """What a click came to: the table's new state, the intent (None: refused, the notice says
    why) and the move for the page's player (None: the table's own business)."""

    table: TableState
    kind: IntentKind | None
    action: Action | None

    @property
    def silences_verdict(self) -> bool:
        """A notice, a question, a new staging or a refusal speaks now: the verdict on the
        move before would contradict it (one verdict area)."""
        return self.action is None and self.kind not in KEEP_VERDICT


def refused(error: TutorError, tr: Translator) -> str:
    """The table's notice for a move it cannot use; a game's own error (a computer player left
    without a move) in words, not its message, which names seats by number."""
    said = error_text(error, tr) if error.code in GAME_ERRORS else str(error)
    return tr.format(tr.gettext(REFUSED), REFUSED, error=said)


def read_click(table: TableState, raw: object, at: Spot, tr: Translator) -> Click:
    """The intent checked against the table it was made on, and what it comes to. Any intent
    answers or closes the question asked before; wild cards selected alone go where the engine
    lets them (tutor.ui.card_table.wilds), or the table asks which meld."""
    table = replace(table, message=None, choice=None)
    if isinstance(raw, dict) and "version" in raw and raw.get("version") != at.version:
        return Click(replace(table, message=tr.gettext(STALE)), None, None)
    hand = at.state.hands[at.seat]
    targets = wild_targets(at.state, at.seat, table.staged)
    try:
        intent = parse_intent(raw, version=at.version, hand_size=len(hand))
        outcome = resolve(intent, hand, table.staged, at.state.phase, targets)
    except IntentError as exc:
        return Click(replace(table, message=refused(exc, tr)), None, None)
    table = replace(table, staged=outcome.staged,
                    message=tr.gettext(outcome.message) if outcome.message else None)
    if outcome.choice is not None:
        asked = table.asked + 1
        table = replace(table, asked=asked,
                        choice=replace(outcome.choice, version=at.version, number=asked))
    return Click(table, intent.kind, outcome.action)


def handle(tables: dict[str, TableState], key: str, raw: object, at: Spot, tr: Translator, *,
           silence: Callable[[], None], play: Callable[[Action], object]) -> Click:
    """A click on the table ``key``: its state updated in ``tables``, the verdict shown before
    silenced when the click says something else (``silence``), and a move handed to ``play``,
    which judges it once. A move the engine cannot take at all (``TutorError``) is refused on
    the table and changes nothing."""
    click = read_click(tables.get(key, TableState()), raw, at, tr)
    tables[key] = click.table
    if click.silences_verdict:
        silence()
    if click.action is not None:
        try:
            play(click.action)
        except TutorError as exc:
            tables[key] = replace(tables[key], message=refused(exc, tr))
    return click


def drop_staged(tables: dict[str, TableState], key: str) -> None:
    """The groups put aside go back into the hand (a move was made with them, or undone)."""
    tables[key] = replace(tables.get(key, TableState()), staged=())


def shown(tables: dict[str, TableState], key: str) -> None:
    """The table was drawn: its notice has been said once."""
    if key in tables:
        tables[key] = replace(tables[key], message=None)
