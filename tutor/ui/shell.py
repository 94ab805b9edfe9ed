"""What every page shares: the page setup, the language picker and the list of pages."""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from tutor.i18n import LANGUAGES, N_, offered
from tutor.ui import session
from tutor.ui.labels import CHOOSE

# The document's language (screen readers, hyphenation, Greek capitals). Streamlit serves
# ``<html lang="en">`` and runs this script only when the element is new or its text changed;
# the script also watches the attribute and puts the learner's language back, whatever else
# (a component, an extension) sets it. (The wrong ``lang`` seen under load came from sessions
# started without ``?lang=``: see keep_lang_in_url.)
LANG_SCRIPT = """<script>
window.tutorLang = __LANG__;
document.documentElement.lang = window.tutorLang;
if (!window.tutorLangWatch) {
  window.tutorLangWatch = new MutationObserver(() => {
    if (document.documentElement.lang !== window.tutorLang) {
      document.documentElement.lang = window.tutorLang;
    }
  });
  window.tutorLangWatch.observe(document.documentElement,
                                {attributes: true, attributeFilter: ["lang"]});
}
</script>"""


FAVICON = Path(__file__).resolve().parent / "assets" / "favicon.png"


def page_setup() -> None:
    """Title and layout, the language picker (kept in the URL), the document's language."""
    # The icon is the app's own file: a Material icon as page icon is fetched by the browser
    # from a public font service, which a school network may block and which would learn
    # every learner's address.
    st.set_page_config(page_title="Canasta", page_icon=str(FAVICON), layout="wide")
    learner = session.get()
    codes: list[str] = list(offered())
    st.sidebar.selectbox(
        # Translators: the label of the language picker in the sidebar.
        session.tr().gettext("Language"),
        codes,
        index=codes.index(learner.lang) if learner.lang in codes else 0,
        format_func=LANGUAGES.__getitem__,
        placeholder=session.tr().gettext(CHOOSE),
        key="lang_picker",
        on_change=session.set_lang,
    )
    keep_lang_in_url(learner.lang)
    st.html(LANG_SCRIPT.replace("__LANG__", json.dumps(learner.lang)),
            unsafe_allow_javascript=True)


def keep_lang_in_url(lang: str) -> None:
    """``?lang=`` on every page: sidebar navigation drops the query, and a reload (or a new
    session after a lost connection) would then start in the browser's language."""
    if st.query_params.get("lang") != lang:
        st.query_params["lang"] = lang


def pages() -> dict[str, list[StreamlitPage]]:
    """The pages by section, titled in the learner's language. The paths are relative to the
    entry point, which has ``app_pages/`` beside it both in the checkout and in the installed
    package (tutor.content). Without lessons the Lessons page is left out and Practice opens
    first: the sidebar says why (tutor.ui.notices)."""
    from tutor.ui import notices

    _ = session.tr().gettext
    learn = notices.lessons_problem() is None
    sections: dict[str, list[StreamlitPage]] = {}
    if learn:
        # Translators: a heading of the app's navigation: the lessons' section.
        sections[_("Learn")] = [
            # Translators: a page in the navigation: the list of lessons.
            st.Page("app_pages/learn.py", title=_("Lessons"), icon=":material/school:",
                    default=True),
            # Translators: a page in the navigation: the rules due for review.
            st.Page("app_pages/review.py", title=_("Review"), icon=":material/replay:",
                    url_path="review"),
            # Translators: a page in the navigation: classes (a teacher's, or one joined).
            st.Page("app_pages/classes.py", title=_("Classes"), icon=":material/groups:",
                    url_path="classes"),
        ]
    # Translators: a heading of the app's navigation: the practice section.
    sections[_("Play")] = [
        # Translators: a page in the navigation: a practice game against computer players.
        st.Page("app_pages/practice.py", title=_("Practice"),
                icon=":material/playing_cards:", url_path="practice", default=not learn),
    ]
    # Translators: a heading of the app's navigation: the reference pages (rules, scores).
    sections[_("Look up")] = [
        st.Page("app_pages/rules.py", title=_(N_("Rules")), icon=":material/menu_book:",
                url_path="rules"),
        # Translators: a page in the navigation: counts a hand's score.
        st.Page("app_pages/score.py", title=_("Score calculator"),
                icon=":material/calculate:", url_path="score"),
    ]
    return sections
