"""The Canasta tutor app: ``streamlit run streamlit_app.py``.

Only page setup, the language picker and navigation live here; every page is a thin layer over
the engine (rulings and scores), the catalogs (texts) and ``lessons/`` (the curriculum).
"""

import time

import streamlit as st

from tutor.i18n import LANGUAGES, N_
from tutor.ui import session

started = time.perf_counter()
st.set_page_config(page_title="Canasta", page_icon=":material/playing_cards:", layout="wide")
learner = session.get()
_ = session.tr().gettext

codes: list[str] = list(LANGUAGES)
st.sidebar.selectbox(
    _(N_("Language")),
    codes,
    index=codes.index(learner.lang),
    format_func=lambda code: LANGUAGES[code],
    key="lang_picker",
    on_change=session.set_lang,
)
st.html(f"<script>document.documentElement.lang={learner.lang!r}</script>",
        unsafe_allow_javascript=True)

pages = {
    _(N_("Learn")): [
        st.Page("app_pages/learn.py", title=_(N_("Lessons")), icon=":material/school:",
                default=True),
    ],
    _(N_("Play")): [
        st.Page("app_pages/practice.py", title=_(N_("Practice")),
                icon=":material/playing_cards:", url_path="practice"),
    ],
    _(N_("Look up")): [
        st.Page("app_pages/rules.py", title=_(N_("Rules")), icon=":material/menu_book:",
                url_path="rules"),
        st.Page("app_pages/score.py", title=_(N_("Score calculator")),
                icon=":material/calculate:", url_path="score"),
    ],
}
st.navigation(pages).run()
st.session_state["script_seconds"] = time.perf_counter() - started
