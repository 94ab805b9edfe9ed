"""Score calculator: the itemized score of an end of hand under any preset, the same hand under the
other family, and the running game with the next hand's minimum initial meld."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.engine.compare import score_both
from tutor.engine.rules import PRESET_NAMES, RuleSet, rule_set
from tutor.engine.scoring import HandScore, tallies_from_json
from tutor.i18n import N_, Translator
from tutor.ui import session
from tutor.ui.labels import preset_label
from tutor.ui.text import escape_markdown
from tutor.ui.widgets import SIDE, progression_chart, score_waterfall, show_score


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
    side_seats = [[0, 2], [1, 3]] if rules.players == 4 else [[s] for s in range(rules.players)]
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
    result_cols = st.columns(2)
    with result_cols[0]:
        st.subheader(preset_label(rules.preset, tr))
        show_score(score, tr)
        st.plotly_chart(score_waterfall(score, 0, tr), key="waterfall",
                        config={"displayModeBar": False})
    if comparable:
        with result_cols[1]:
            # Translators: a heading; {rules} the name of another rule set, e.g. "Modern American
            # Canasta".
            st.subheader(_("The same hand under {rules}").format(
                rules=preset_label(other.preset, tr)))
            show_score(compared, tr)
    running_game(rules, score, side_seats, tr)


def side_inputs(index: int, seats: list[int], rules: RuleSet, tr: Translator) -> dict[str, Any]:
    """One side's end of hand as typed in, in the engine's tally format (docs/formats.md)."""
    _ = tr.gettext
    st.subheader(tr.format(_(SIDE), SIDE, seats=", ".join(tr.number(s + 1) for s in seats)))
    melds = st.text_area(_(N_("Melds, one per line")), key=f"calc_melds_{index}",
                         height=100, placeholder="KH KH KS KS KD KD KC")
    players = []
    for seat in seats:
        # Translators: a text field of the score calculator; {seat} a seat number, e.g. 2.
        hand = st.text_input(_("Cards left in hand, seat {seat}").format(
            seat=tr.number(seat + 1)), key=f"calc_hand_{seat}")
        # Translators: a text field of the score calculator; {seat} a seat number, e.g. 2.
        threes = st.text_input(_("Threes laid out, seat {seat}").format(
            seat=tr.number(seat + 1)), key=f"calc_threes_{seat}", placeholder="3H 3D")
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
    totals: list[list[int]] = []
    running = [0] * len(hands[0])
    for hand_totals in hands:
        running = [a + b for a, b in zip(running, hand_totals, strict=False)]
        totals.append(list(running))
    names = [", ".join(tr.number(s + 1) for s in seats) for seats in side_seats]
    for name, total in zip(names, running, strict=False):
        # Translators: {side} a side's number, e.g. 1; {total} its score, e.g. 1,250; {minimum} the
        # points its next first meld needs, e.g. 90.
        st.markdown(_("Side {side}: {total} points; next initial meld at least {minimum}.")
                    .format(side=name, total=tr.number(total),
                            minimum=tr.number(rules.minimum_for(total))))
    st.plotly_chart(progression_chart(totals, [tr.format(_(SIDE), SIDE, seats=n) for n in names],
                                      tr), key="game_chart", config={"displayModeBar": False})
