"""What differs between Classic and Modern, written once: each family's rule ids for the same
step and the few facts that set a family apart, as one :class:`Variant` chosen from the rule set.

The step modules (``draw_rules``, ``pile_rules``, ``meld_rules``, ``discard_rules``) read
``variant(rules).turn`` where they once chose between two literals behind ``rules.is_modern``;
rule sets with the same family and table size share one value.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import rule_ids as R
from tutor.engine.cards import Card
from tutor.engine.rules import RuleSet
from tutor.engine.verdict import HouseRule, Reason


@dataclass(frozen=True, slots=True)
class Variant:
    """One family's hooks: the rule that says the same thing in each, and how it plays."""

    modern: bool
    turn_order: str  # acting out of turn (C-TURN-1, M-TURN-1)
    turn: str  # the steps of a turn (C-TURN-2, M-TURN-2)
    end: str  # the hand is over (C-END-1, M-END-1)
    game: str  # the game's end and the next hand (C-GAME-1, M-GAME-1)
    winner: str  # who wins the game, by table size (C-GAME-1, C2-8, C3-9, M-GAME-1)
    ask: str  # "may I go out?" (C-OUT-4, M-OUT-4)
    going_out: str  # the canastas needed to go out (C-OUT-1, C2-4, C3-8, M-OUT-1)
    loose: str  # cards that fit no meld keep a player in (C-OUT-1, M-OUT-1)
    keep_one: str  # a meld that leaves one card, the going-out discard (C-MELD-8, M-DISC-3)
    draw_empty: str  # drawing from an empty stock (C-END-3, M-END-2)
    drawn_threes: str  # threes drawn are laid out and replaced (C-TURN-3, M-TURN-3)
    dealt_threes: str  # threes dealt are laid out and replaced (C-DEAL-4, M-DEAL-2)
    draw_two: str | None  # two cards a turn, classic-2p and -3p (C2-2, C3-2)
    pile_two: str | None  # the pile counts as the two-card draw (C2-3, C3-2)
    every_three_is_bonus: bool  # Modern lays out every three, Classic the red ones

    def is_bonus_three(self, card: Card) -> bool:
        """A three that is laid out when drawn (C-TURN-3: red; M-TURN-3: any)."""
        return card.is_three if self.every_three_is_bonus else card.is_red_three


def _classic(players: int) -> Variant:
    two = {2: R.C2_2, 3: R.C3_2}.get(players)
    return Variant(
        modern=False,
        turn_order=R.C_TURN_1,
        turn=R.C_TURN_2,
        end=R.C_END_1,
        game=R.C_GAME_1,
        winner={2: R.C2_8, 3: R.C3_9}.get(players, R.C_GAME_1),
        ask=R.C_OUT_4,
        going_out={2: R.C2_4, 3: R.C3_8}.get(players, R.C_OUT_1),
        loose=R.C_OUT_1,
        keep_one=R.C_MELD_8,
        draw_empty=R.C_END_3,
        drawn_threes=R.C_TURN_3,
        dealt_threes=R.C_DEAL_4,
        draw_two=two,
        pile_two={2: R.C2_3, 3: R.C3_2}.get(players),
        every_three_is_bonus=False,
    )


MODERN = Variant(
    modern=True,
    turn_order=R.M_TURN_1,
    turn=R.M_TURN_2,
    end=R.M_END_1,
    game=R.M_GAME_1,
    winner=R.M_GAME_1,
    ask=R.M_OUT_4,
    going_out=R.M_OUT_1,
    loose=R.M_OUT_1,
    keep_one=R.M_DISC_3,
    draw_empty=R.M_END_2,
    drawn_threes=R.M_TURN_3,
    dealt_threes=R.M_DEAL_2,
    draw_two=None,
    pile_two=None,
    every_three_is_bonus=True,
)
_CLASSIC = {players: _classic(players) for players in (2, 3, 4)}


def variant(rules: RuleSet) -> Variant:
    """The hooks of ``rules``' family (and, for Classic, of its number of players)."""
    return MODERN if rules.is_modern else _CLASSIC[rules.players]


def going_out_rule(rules: RuleSet) -> str:
    """The rule that sets how many canastas a side needs to go out."""
    return variant(rules).going_out


def going_out_reason(rules: RuleSet, canastas: int) -> Reason:
    """The canastas a side has against those it needs to go out; for three players the number
    may be a house rule (V-C7)."""
    reason = Reason.of(variant(rules).going_out, canastas=canastas,
                       needed=rules.canastas_to_go_out)
    return reason.under(canastas_option(rules))


def canastas_option(rules: RuleSet) -> HouseRule | None:
    """V-C7: the canastas three players need to go out, when the table changed the number."""
    return rules.house_rule(R.V_C7) if rules.players == 3 else None


def ends_with_stock(rules: RuleSet) -> bool:
    """Whether the hand ends with the discard of the player who drew the last stock card:
    always in Modern (M-END-2), in Classic for three under V-C9. Elsewhere play goes on while
    players take the discard (C-END-3)."""
    return rules.is_modern or (rules.players == 3 and rules.stock_end_3p == "end")


def yes_binds(rules: RuleSet) -> bool:
    """Whether the partner's "yes" obliges the player to go out (always in Classic; V-M2)."""
    return not rules.is_modern or rules.partner_yes == "binding"


def yes_reason(rules: RuleSet) -> Reason:
    """After a binding yes the player must go out; in Modern the table decides (V-M2)."""
    if rules.is_modern:
        return Reason.of(R.M_OUT_4, answer="yes").under(rules.house_rule(R.V_M2))
    return Reason.of(R.C_OUT_4, answer="yes")
