"""The Canasta tutor app: ``streamlit run streamlit_app.py``.

Only the shared frame (page setup, language picker, navigation) is set up here; every page is a
thin layer over the engine (rulings and scores), the catalogs (texts) and ``lessons/`` (the
curriculum).
"""

import time

import streamlit as st

from tutor.ui import shell

started = time.perf_counter()
shell.page_setup()
st.navigation(shell.pages()).run()
st.session_state["script_seconds"] = time.perf_counter() - started  # read by bench --app
