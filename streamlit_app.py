"""The Canasta tutor app (entry point for ``streamlit run streamlit_app.py``).

A placeholder page until the app issue: it shows a verdict from the engine, so the wiring from
the UI to the engine is exercised from the start.
"""

import streamlit as st

from tutor.engine import Action, judge, new_game, rule_set

st.set_page_config(page_title="Canasta tutor", page_icon="🃏")
st.title("Canasta tutor")
state = new_game(rule_set("classic-4p"), seed=1)
verdict = judge(state, Action.parse("draw"))
st.write("Rule ids behind the first move of a new game:", ", ".join(verdict.rules))
