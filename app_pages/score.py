"""Score calculator: the itemized score of an end of hand under any preset, the same hand under the
other family, and the running game with the next hand's minimum initial meld."""

import streamlit as st

from tutor.engine import TutorError
from tutor.engine.compare import score_both
from tutor.engine.rules import PRESET_NAMES, rule_set
from tutor.engine.scoring import tallies_from_json
from tutor.i18n import N_
from tutor.ui import session
from tutor.ui.labels import preset_label
from tutor.ui.widgets import progression_chart, score_waterfall, show_score

learner = session.get()
tr = session.tr()
_ = tr.gettext

st.title(_(N_("Score calculator")))
preset = st.selectbox(_(N_("Rule set")), PRESET_NAMES, key="calc_preset",
                      format_func=lambda p: preset_label(p, tr))
rules = rule_set(preset)
side_seats = [[0, 2], [1, 3]] if rules.players == 4 else [[s] for s in range(rules.players)]

sides = []
columns = st.columns(len(side_seats))
for index, (column, seats) in enumerate(zip(columns, side_seats, strict=True)):
    with column:
        names = ", ".join(tr.number(s + 1) for s in seats)
        st.subheader(_(N_("Side {seats}")).format(seats=names))
        melds = st.text_area(_(N_("Melds, one per line")), key=f"calc_melds_{index}",
                             height=100, placeholder="KH KH KS KS KD KD KC")
        players = []
        for seat in seats:
            hand = st.text_input(_(N_("Cards left in hand, seat {seat}")).format(
                seat=tr.number(seat + 1)), key=f"calc_hand_{seat}")
            threes = st.text_input(_(N_("Threes laid out, seat {seat}")).format(
                seat=tr.number(seat + 1)), key=f"calc_threes_{seat}", placeholder="3H 3D")
            players.append({"seat": seat, "hand": hand, "threes": threes})
        went_out = st.checkbox(_(N_("Went out")), key=f"calc_out_{index}")
        concealed = st.checkbox(_(N_("Concealed")), key=f"calc_concealed_{index}",
                                disabled=rules.is_modern)
        sides.append({"melds": [m for m in melds.splitlines() if m.strip()], "players": players,
                      "went_out": went_out, "concealed": concealed})

try:
    tallies = tallies_from_json({"sides": sides}, rules.players)
    other = rule_set("modern-american" if not rules.is_modern else "classic-4p")
    score, compared = score_both(rules, other, tallies) if other.players == rules.players else (
        score_both(rules, rules, tallies))
except TutorError as exc:
    st.error(_(N_("Check the cards: {error}")).format(error=exc))
    st.stop()

result_cols = st.columns(2)
with result_cols[0]:
    st.subheader(preset_label(rules.preset, tr))
    show_score(score, tr)
    st.plotly_chart(score_waterfall(score, 0, tr), key="waterfall",
                    config={"displayModeBar": False})
with result_cols[1]:
    if compared is not score and other.players == rules.players:
        st.subheader(_(N_("The same hand under {rules}")).format(
            rules=preset_label(other.preset, tr)))
        show_score(compared, tr)


def add_hand() -> None:
    learner.calculator_hands.append(tuple(s.total for s in score.sides))


def reset_game() -> None:
    learner.calculator_hands.clear()


st.subheader(_(N_("Running game")))
game_cols = st.columns(2)
game_cols[0].button(_(N_("Add this hand to the game")), key="add_hand", on_click=add_hand)
game_cols[1].button(_(N_("New game")), key="reset_game", on_click=reset_game)
if learner.calculator_hands:
    totals: list[list[int]] = []
    running = [0] * len(learner.calculator_hands[0])
    for hand_totals in learner.calculator_hands:
        running = [a + b for a, b in zip(running, hand_totals, strict=False)]
        totals.append(list(running))
    for index, total in enumerate(running):
        minimum = rules.minimum_for(total)
        seats = ", ".join(tr.number(s + 1) for s in side_seats[index])
        st.markdown(_(N_("Side {side}: {total} points; next initial meld at least {minimum}."))
                    .format(side=seats, total=tr.number(total), minimum=tr.number(minimum)))
    names = [_(N_("Side {seats}")).format(seats=", ".join(tr.number(s + 1) for s in seats))
             for seats in side_seats]
    st.plotly_chart(progression_chart(totals, names, tr), key="game_chart",
                    config={"displayModeBar": False})
