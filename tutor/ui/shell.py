"""What every page shares: the page setup, the language picker and the list of pages."""

from __future__ import annotations

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from tutor.i18n import LANGUAGES, N_
from tutor.ui import session


def page_setup() -> None:
    """Title and layout, the language picker (kept in the URL), the document's language."""
    st.set_page_config(page_title="Canasta", page_icon=":material/playing_cards:",
                       layout="wide")
    learner = session.get()
    codes: list[str] = list(LANGUAGES)
    st.sidebar.selectbox(
        session.tr().gettext(N_("Language")),
        codes,
        index=codes.index(learner.lang),
        format_func=LANGUAGES.__getitem__,
        key="lang_picker",
        on_change=session.set_lang,
    )
    st.html(f"<script>document.documentElement.lang={learner.lang!r}</script>",
            unsafe_allow_javascript=True)


def pages() -> dict[str, list[StreamlitPage]]:
    """The pages by section, titled in the learner's language (paths are relative to the
    entry point, ``streamlit_app.py``)."""
    _ = session.tr().gettext
    return {
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
