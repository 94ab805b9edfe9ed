"""Score calculator: the itemized score of an end of hand under any preset, the same hand under the
other family, and the running game with the next hand's minimum initial meld.

The calculator has no learner's seat: it tells the hand from seat 0's chair, so its sides and
fields carry the card table's names ("Your side", "Cards left in your partner's hand"), never
seat numbers."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.engine.compare import score_both
from tutor.engine.rules import PRESET_NAMES, RuleSet, rule_set
from tutor.engine.scoring import HandScore, tallies_from_json
from tutor.i18n import N_, Translator
from tutor.narrate import SeatRole, seat_role
from tutor.ui import session
from tutor.ui.labels import preset_label
from tutor.ui.score_view import game_sides, side_name, totals_from_hands
from tutor.ui.text import escape_markdown
from tutor.ui.widgets import show_game, show_score

CHAIR = 0  # the seat the calculator tells the hand from
# The calculator's fields, one pair per seat, named from seat 0's chair.
HAND_FIELDS: dict[SeatRole, str] = {
    # Translators: a text field of the score calculator: the cards the learner kept.
    SeatRole.YOU: N_("Cards left in your hand"),
    # Translators: a text field of the score calculator: the cards the partner kept.
    SeatRole.PARTNER: N_("Cards left in your partner's hand"),
    # Translators: a text field of the score calculator: the cards the opponent on the left kept.
    SeatRole.LEFT: N_("Cards left in the left opponent's hand"),
    # Translators: a text field of the score calculator: the cards the opponent on the right kept.
    SeatRole.RIGHT: N_("Cards left in the right opponent's hand"),
    # Translators: a text field of the score calculator (two players): the opponent's cards kept.
    SeatRole.OPPONENT: N_("Cards left in your opponent's hand"),
}
THREES_FIELDS: dict[SeatRole, str] = {
    # Translators: a text field of the score calculator: the threes the learner laid out.
    SeatRole.YOU: N_("Your threes laid out"),
    # Translators: a text field of the score calculator: the threes the partner laid out.
    SeatRole.PARTNER: N_("Your partner's threes laid out"),
    # Translators: a text field of the score calculator: the threes the left opponent laid out.
    SeatRole.LEFT: N_("The left opponent's threes laid out"),
    # Translators: a text field of the score calculator: the threes the right opponent laid out.
    SeatRole.RIGHT: N_("The right opponent's threes laid out"),
    # Translators: a text field of the score calculator (two players): the opponent's threes.
    SeatRole.OPPONENT: N_("Your opponent's threes laid out"),
}


def add_hand(totals: tuple[int, ...]) -> None:
    session.get().calculator_hands.append(totals)


def reset_game() -> None:
    session.get().calculator_hands.clear()


def render() -> None:
    tr = session.tr()
    _ = tr.gettext
    st.title(_(N_("Score calculator")))
    preset = st.selectbox(_(N_("Rule set")), PRESET_NAMES, key="calc_preset",
                          format_func=lambda p: preset_label(p, tr))
    rules = rule_set(preset)
    side_seats = [list(seats) for seats in game_sides(rules.players)]
    columns = st.columns(len(side_seats))
    sides = []
    for index, (column, seats) in enumerate(zip(columns, side_seats, strict=True)):
        with column:
            sides.append(side_inputs(index, seats, rules, tr))
    # The other family's preset, when it has as many players (Modern is for four only).
    other = rule_set("modern-american" if not rules.is_modern else "classic-4p")
    comparable = other.players == rules.players
    try:
        tallies = tallies_from_json({"sides": sides}, rules.players)
        score, compared = score_both(rules, other if comparable else rules, tallies)
    except TutorError as exc:
        # Translators: {error} says what is wrong with the typed cards, e.g. "not a card: 11H".
        st.error(escape_markdown(_("Check the cards: {error}").format(error=exc)))
        return
    st.subheader(preset_label(rules.preset, tr))
    show_score(score, CHAIR, rules.players, tr, key="calc_score", waterfalls=True)
    if comparable:
        # Translators: a heading; {rules} the name of another rule set, e.g. "Modern American
        # Canasta".
        st.subheader(_("The same hand under {rules}").format(
            rules=preset_label(other.preset, tr)))
        show_score(compared, CHAIR, rules.players, tr, key="calc_compared")
    running_game(rules, score, side_seats, tr)


def side_inputs(index: int, seats: list[int], rules: RuleSet, tr: Translator) -> dict[str, Any]:
    """One side's end of hand as typed in, in the engine's tally format (docs/formats.md)."""
    _ = tr.gettext
    st.subheader(side_name(seats, CHAIR, rules.players, tr))
    melds = st.text_area(_(N_("Melds, one per line")), key=f"calc_melds_{index}",
                         height=100, placeholder="KH KH KS KS KD KD KC")
    players = []
    for seat in seats:
        role = seat_role(seat, CHAIR, rules.players)
        hand = st.text_input(_(HAND_FIELDS[role]), key=f"calc_hand_{seat}")
        threes = st.text_input(_(THREES_FIELDS[role]), key=f"calc_threes_{seat}",
                               placeholder="3H 3D")
        players.append({"seat": seat, "hand": hand, "threes": threes})
    # Translators: a checkbox of the score calculator: this side went out.
    went_out = st.checkbox(_("Went out"), key=f"calc_out_{index}")
    # Translators: a checkbox of the score calculator: the side went out concealed.
    concealed = st.checkbox(_("Concealed"), key=f"calc_concealed_{index}",
                            disabled=rules.is_modern)
    return {"melds": [m for m in melds.splitlines() if m.strip()], "players": players,
            "went_out": went_out, "concealed": concealed}


def running_game(rules: RuleSet, score: HandScore, side_seats: list[list[int]],
                 tr: Translator) -> None:
    """The hands added so far, each side's total and its next initial-meld minimum."""
    _ = tr.gettext
    learner = session.get()
    if learner.calculator_preset != rules.preset:  # another rule set starts another game
        learner.calculator_hands.clear()
        learner.calculator_preset = rules.preset
    hands = learner.calculator_hands
    # Translators: a heading of the score calculator: the scores of a game hand by hand.
    st.subheader(_("Running game"))
    row = st.container(horizontal=True)
    row.button(_(N_("Add this hand to the game")), key="add_hand", on_click=add_hand,
               args=(tuple(side.total for side in score.sides),))
    # Translators: a button of the score calculator: start the running game again.
    row.button(_("New game"), key="reset_game", on_click=reset_game)
    if not hands:
        return
    names = [side_name(seats, CHAIR, rules.players, tr) for seats in side_seats]
    show_game(totals_from_hands(hands, names, side_seats), rules, tr, key="game_chart")
