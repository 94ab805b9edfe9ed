"""Missing content, said in the sidebar: a language whose catalog is missing, no lessons, a
setting with a mistake. The app goes on with what it has (the picker offers only languages
whose catalog reads, tutor.i18n.offered); the details with file names go to the server's log,
once, for whoever runs it."""

from __future__ import annotations

import logging
from functools import cache

import streamlit as st

from tutor.config import ConfigError, settings
from tutor.i18n import (
    LANGUAGES,
    N_,
    catalog_problem,
    default_language,
    offered,
    settings_problems,
    unavailable,
)
from tutor.lessons.load import LessonError, lessons_dir
from tutor.ui import session

LOG = logging.getLogger(__name__)
# Translators: {language} is a language's own name, as in the language picker (e.g. Svenska).
LANGUAGE_UNAVAILABLE = N_("{language} is not available: its translation is missing or "
                          "cannot be read.")
LESSONS_UNAVAILABLE = N_("The lessons are not available: no lesson files were found.")
# Translators: {problem} is a technical description in English, for whoever runs the app.
SETTINGS_MISTAKE = N_("The app's settings have a mistake: {problem}")


def lessons_problem() -> str | None:
    """Why there are no lessons to offer (the lesson folder is missing or empty), or ``None``."""
    try:
        lessons_dir()
    except LessonError as exc:
        return str(exc)
    return None


@cache
def _log_once(line: str) -> None:
    LOG.error("%s", line)


def stop_on_bad_settings() -> None:
    """A settings file that cannot be read stops the app with one line saying where (before
    anything reads the settings); ``canasta-tutor app`` refuses to start on it already."""
    try:
        settings()
    except ConfigError as exc:
        _log_once(str(exc))
        st.error(SETTINGS_MISTAKE.format(problem=str(exc)))  # no settings: no language yet
        st.stop()


def keep_language_offered() -> None:
    """A learner's language is always an offered one: one that was picked before its catalog
    went missing (or from a picker listing every known language) falls back to the default."""
    learner = session.get()
    if learner.lang not in offered():
        learner.lang = default_language()
        st.session_state["lang_picker"] = learner.lang
        st.query_params["lang"] = learner.lang


def show() -> None:
    """The notices of this page run, in the learner's language, in the sidebar."""
    tr = session.tr()
    for problem in settings_problems():
        _log_once(problem)
        st.sidebar.warning(tr.format(tr.gettext(SETTINGS_MISTAKE), SETTINGS_MISTAKE,
                                     problem=problem))
    for lang in unavailable():
        _log_once(catalog_problem(lang) or lang)
        st.sidebar.warning(tr.format(tr.gettext(LANGUAGE_UNAVAILABLE), LANGUAGE_UNAVAILABLE,
                                     language=LANGUAGES[lang]))
    lessons = lessons_problem()
    if lessons is not None:
        _log_once(lessons)
        st.sidebar.warning(tr.gettext(LESSONS_UNAVAILABLE))
