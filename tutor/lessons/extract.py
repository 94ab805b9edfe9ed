"""A Babel extraction method for lesson files: every text becomes a msgid with the lesson id as
its context (``msgctxt "lesson:<id>"``), so each lesson exists in every locale.

Configured in babel.cfg as ``[tutor.lessons.extract:extract: lessons/**.toml]``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from typing import IO, Any


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    source = fileobj.read().decode("utf-8")
    data = tomllib.loads(source)
    lesson_id = str(data.get("id", ""))
    context = f"lesson:{lesson_id}"
    lines = source.splitlines()

    def line_of(text: str) -> int:
        probe = text[:40]
        for number, line in enumerate(lines, start=1):
            if probe in line:
                return number
        return 1

    def emit(text: object, comment: str) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
        if isinstance(text, str) and text.strip():
            yield line_of(text), "pgettext", (context, text.strip()), [comment]

    yield from emit(data.get("title"), f"title of lesson {lesson_id}")
    yield from emit(data.get("summary"), f"summary of lesson {lesson_id}")
    for step in data.get("steps", []):
        step_id = step.get("id", "?")
        for key in ("text", "question", "hint", "success"):
            yield from emit(step.get(key), f"lesson {lesson_id}, step {step_id}: {key}")
        for index, move in enumerate(step.get("moves", []), start=1):
            yield from emit(
                move.get("say"), f"lesson {lesson_id}, step {step_id}: commentary on move {index}"
            )
        for index, option in enumerate(step.get("options", []), start=1):
            best = "the best choice" if option.get("best") else "a worse choice"
            yield from emit(
                option.get("why"),
                f"lesson {lesson_id}, step {step_id}: why option {index} ({best}) is chosen "
                f"or not, shown after the learner makes that move",
            )
