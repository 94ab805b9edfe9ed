"""Modern American on the Classic engine: the talon option and the families side by side."""

from __future__ import annotations

from helpers import assert_permits, play, position, side, verdict

from tutor.engine import Action, rule_set
from tutor.engine.compare import judge_both, score_both

OPENING = "AH AS AD KH KS KD QH QS QD JH JS JD 9C 9D"


def opening_turn(options: dict[str, str] | None = None, **fields):  # type: ignore[no-untyped-def]
    return position("modern-american", options, hands=[OPENING, "", "", ""], turn=0,
                    phase="play", **fields)


def test_talon_gives_four_cards_to_the_first_side_to_meld() -> None:
    state = play(opening_turn({"V-M1": "on"}), "meld AH AS AD | KH KS KD | QH QS QD | JH JS JD")
    assert_permits(state, "discard 9C", "M-INIT-1", talon=4, option="V-M1")
    after = play(state, "discard 9C")
    assert len(after.hands[0]) == 1 + 4


def test_talon_gives_three_cards_when_the_other_side_has_melded() -> None:
    state = play(opening_turn({"V-M1": "on"}, sides=[[], ["5H 5S 5D"]]),
                 "meld AH AS AD | KH KS KD | QH QS QD | JH JS JD")
    assert len(play(state, "discard 9C").hands[0]) == 1 + 3


def test_no_talon_by_default() -> None:
    state = play(opening_turn(), "meld AH AS AD | KH KS KD | QH QS QD | JH JS JD")
    assert "M-INIT-1" not in verdict(state, "discard 9C").rules
    assert len(play(state, "discard 9C").hands[0]) == 1


def test_judge_both_gives_each_familys_verdict() -> None:
    """Taking a pile with a natural card and a wild card: Classic yes, Modern never."""
    state = position(hands=["KH 2C 5D 6D", "", "", ""], turn=0, pile="4C KS",
                     sides=[["QH QS QD"], []])
    comparison = judge_both(state, Action.parse("take KH 2C"), rule_set("modern-american"))
    classic, modern = comparison.verdicts
    assert classic.legal and "C-PILE-5" in classic.rules
    assert not modern.legal and "M-PILE-1" in modern.rules
    assert not comparison.agree


def test_the_same_end_of_hand_under_both_families() -> None:
    """CE1 under Modern: side A is unchanged at 1,235 (two canastas, one red three plus);
    side B has no canasta, so its melds (95) and its two red threes (300) count minus, and the
    black three left in hand still costs 5: -95 - 300 - 120 = -515 instead of 175."""
    a = side(["KH KH KS KS KD KD KC", "8H 8H 8S 8S 8D 2C JK", "AH AS 2D"], ["", "9C 4D"],
             ["3H", ""], seats=[0, 2], went_out=True)
    b = side(["QH QS QD JK", "5H 5S 5D"], ["AH AD 7C JK", "6H 6S JC 3C"], ["3D 3H", ""],
             seats=[1, 3])
    classic, modern = score_both(rule_set("classic-4p"), rule_set("modern-american"), (a, b))
    assert [s.total for s in classic.sides] == [1235, 175]
    assert [s.total for s in modern.sides] == [1235, -515]
