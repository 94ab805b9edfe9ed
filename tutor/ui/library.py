"""The lesson library every page shares: read once per folder, read-only, for all sessions.

Here rather than in the Learn page so that progress, review and classes need not import a page.
A lesson file that does not load or replay is one lesson unavailable (:func:`broken_lessons`).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.lessons.load import Broken, Loaded, lessons_dir
from tutor.lessons.model import Lesson
from tutor.lessons.validate import load_playable, rules_exercised


@st.cache_resource
def library(directory: str) -> tuple[dict[str, Lesson], tuple[Broken, ...]]:
    """The lessons of a folder and its broken files."""
    loaded: Loaded = load_playable(Path(directory))
    return {lesson.id: lesson for lesson in loaded.lessons}, loaded.broken


def lessons() -> dict[str, Lesson]:
    return library(str(lessons_dir()))[0]


def broken_lessons() -> tuple[Broken, ...]:
    return library(str(lessons_dir()))[1]


@st.cache_resource
def taught(directory: str) -> dict[str, tuple[str, ...]]:
    """The rule ids each lesson exercises (as the engine names them), for its mastery."""
    return {lesson.id: tuple(sorted({rule for step in lesson.steps
                                     for rule in rules_exercised(lesson, step)}))
            for lesson in library(directory)[0].values()}


def step_indexes() -> dict[tuple[str, str], int]:
    """Each lesson step's place in its lesson, as the store keeps it."""
    return {(lesson.id, step.id): number for lesson in lessons().values()
            for number, step in enumerate(lesson.steps)}
