"""Per-rule cases for Classic Canasta (C-, C2-, C3-), in card notation.

Each function is registered with ``@case(rule_id, "permits" | "forbids")``: a "permits" case
shows the rule allowing (or scoring) something, a "forbids" case shows it refusing something.
"""

from __future__ import annotations

from helpers import assert_forbids, assert_permits, case, position


@case("C-PILE-6", "forbids")
def one_card_rule_forbids_taking_a_one_card_pile() -> None:
    state = position(hands=["KH", "", "", ""], turn=0, pile="KS",
                     sides=[["QH QS QD QC QH QS QD"], []])
    assert_forbids(state, "take", "C-PILE-6", hand=1, pile=1)


@case("C-PILE-6", "permits")
def one_card_rule_does_not_apply_to_a_bigger_pile() -> None:
    state = position(hands=["KH", "", "", ""], turn=0, pile="5C KS",
                     sides=[["KD KC KS"], []])
    assert_permits(state, "take", "C-PILE-5", way="c")
