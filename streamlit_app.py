"""The Canasta tutor app: ``streamlit run streamlit_app.py``, or ``canasta-tutor app`` from the
installed package (which carries this file and ``app_pages/`` as ``tutor/_app/``).

Only the shared frame (settings check, page setup, language picker, notices of missing content,
navigation) is set up here; every page is a thin layer over the engine (rulings and scores), the
catalogs (texts) and the lessons (the curriculum).
"""

import time

import streamlit as st

from tutor.ui import devices, notices, progress, session, shell

started = time.perf_counter()
notices.stop_on_bad_settings()
notices.keep_language_offered()
progress.start(session.get())  # the learner's stored progress, before the page uses it
shell.page_setup()
notices.show()
devices.prompt(session.get(), session.tr())  # a device code asks before it switches
devices.sidebar(session.tr())
try:
    st.navigation(shell.pages()).run()
finally:
    progress.flush(session.get())  # after the page's work: the answer is shown first
st.session_state["script_seconds"] = time.perf_counter() - started  # read by bench --app
