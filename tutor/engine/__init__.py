"""The rules engine: a pure library (no UI, no translations) that judges and scores Canasta.

>>> from tutor.engine import rule_set, new_game, judge, Action
>>> state = new_game(rule_set("classic-4p"), seed=1)
>>> judge(state, Action.parse("draw")).legal
True
"""

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
from tutor.engine.cards import Card, Rank, Suit, format_cards, full_deck, parse_cards
from tutor.engine.deal import complete_deck, new_game
from tutor.engine.errors import (
    NotationError,
    PositionError,
    RuleSetError,
    TutorError,
)
from tutor.engine.events import Event, EventKind, Transition, transition
from tutor.engine.going_out import find_going_out
from tutor.engine.judge import apply, game_winner, is_legal, judge
from tutor.engine.listing import legal_actions
from tutor.engine.rules import PRESET_NAMES, Family, RuleSet, rule_set
from tutor.engine.scoring import HandScore, PlayerTally, SideTally, score_hand
from tutor.engine.state import GameState, Phase
from tutor.engine.verdict import HouseRule, IllegalActionError, Reason, Verdict

__all__ = [
    "PRESET_NAMES",
    "Action",
    "Answer",
    "AskPartner",
    "Card",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "Family",
    "GameState",
    "Group",
    "HandScore",
    "HouseRule",
    "IllegalActionError",
    "Meld",
    "NextHand",
    "NotationError",
    "Pass",
    "Phase",
    "PlayerTally",
    "PositionError",
    "Rank",
    "Reason",
    "RuleSet",
    "RuleSetError",
    "SideTally",
    "Suit",
    "TakePile",
    "Transition",
    "TutorError",
    "Verdict",
    "apply",
    "complete_deck",
    "find_going_out",
    "format_cards",
    "full_deck",
    "game_winner",
    "is_legal",
    "judge",
    "legal_actions",
    "new_game",
    "parse_cards",
    "rule_set",
    "score_hand",
    "transition",
]
