"""Where wild cards selected alone go, as the engine judges it.

A learner who selects a two and clicks *Meld* means "lay it on my meld". The table knows no
rules, so it asks the engine: the wild cards are judged laid onto each of the side's melds (with
the groups already put aside, which are laid with them), and the melds the engine allows are
where *Meld* lays them: the one there is, or a choice among them. *Put aside as a meld* is the
learner arranging a move, so it offers every meld the cards might be meant for, allowed or not,
and the preview of the staged melds says what the engine thinks of it. Pure Python (no
Streamlit), tested directly.
"""

from __future__ import annotations

from tutor.engine.actions import Group, Meld
from tutor.engine.cards import Card, Rank, sorted_cards
from tutor.engine.errors import TutorError
from tutor.engine.judge import judge
from tutor.engine.state import GameState, Phase
from tutor.ui.card_table.intents import IntentKind, StagedGroup, Targets, staged_groups


def candidates(state: GameState, seat: int, groups: tuple[Group, ...]) -> tuple[Rank | None, ...]:
    """Every meld wild cards alone could be meant for: the side's melds with a rank, the
    groups put aside, and in Modern a wild-card meld (None). Which of them may take the cards
    is the engine's to say."""
    ranks: list[Rank | None] = []
    for rank in [meld.rank for meld in state.side_of(seat).melds] + [g.rank for g in groups]:
        if rank is not None and rank not in ranks:
            ranks.append(rank)
    if state.rules.is_modern:
        ranks.append(None)
    return tuple(ranks)


def allowed(state: GameState, seat: int, cards: tuple[Card, ...], groups: tuple[Group, ...],
            target: Rank | None) -> bool:
    """The engine's verdict on laying ``cards`` onto ``target`` now, with the groups."""
    try:
        return judge(state, Meld((*groups, Group(cards, target))), seat=seat).legal
    except TutorError:
        return False


def wild_targets(state: GameState, seat: int, staged: tuple[StagedGroup, ...]) -> Targets:
    """The targets for wild cards (by position in ``seat``'s hand). *Meld* gets the melds the
    engine lets them join now; when it allows none, every candidate, so the learner's choice
    gets the engine's reason why not. *Put aside* gets every candidate."""
    hand = state.hands[seat]
    groups = staged_groups(hand, staged)

    def targets(kind: IntentKind, positions: tuple[int, ...]) -> tuple[Rank | None, ...]:
        offered = candidates(state, seat, groups)
        if kind is not IntentKind.COMMIT or state.phase is not Phase.PLAY:
            return offered
        cards = sorted_cards(hand[i] for i in positions)
        legal = tuple(t for t in offered if allowed(state, seat, cards, groups, t))
        return legal or offered

    return targets
