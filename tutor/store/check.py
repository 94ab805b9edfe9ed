"""Bounds on what the store takes, checked before any database work (errors name the field)."""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from tutor.store.errors import InvalidValue

MAX_ID = 100  # characters of a lesson, step or rule id
MAX_RULES = 50  # rule ids in one attempt
MAX_LESSONS = 200  # lessons assigned to a class
MAX_ACTION = 200
MAX_POSITION = 64_000  # characters of a position's JSON kept for review
MAX_RECORD = 4_000_000  # characters of a practice hand's record
MAX_SETTINGS = 16_000
MAX_NAME = 80  # a class's name
MAX_NICKNAME = 40
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]*")
_LANGUAGE = re.compile(r"[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*")
# What text people type may not hold: the C0 and C1 controls and DEL (Unicode category Cc) but
# tab, line feed and carriage return (text() turns those into a space); the bidirectional
# embeddings, overrides and isolates, which reorder whatever a page shows after the text (a
# nickname on the teacher's page); and lone surrogates, which neither backend can encode.
# PostgreSQL refuses NUL where SQLite keeps all of these as typed: refused here, before the
# database, both backends take the same text and a NUL is the learner's error, not an outage.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # Cc but \t \n \r
                      r"\u202a-\u202e\u2066-\u2069"  # bidirectional controls
                      r"\ud800-\udfff]")  # lone surrogates


def control_character(text: str) -> str | None:
    """The first character of ``text`` the store refuses in typed text, as ``U+XXXX`` (None:
    there is none), so the UI can say so in the learner's language before calling the store."""
    found = _CONTROL.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def _plain(value: str, what: str) -> str:
    found = control_character(value)
    if found is not None:
        raise InvalidValue(f"{what}: contains a control character ({found}); remove it")
    return value


def ident(value: object, what: str) -> str:
    if isinstance(value, str) and len(value) <= MAX_ID and _ID.fullmatch(value):
        return value
    raise InvalidValue(f"{what}: {str(value)[:40]!r} is not an id "
                       f"(letters, digits, '-', '_', '.', ':' or '/', at most {MAX_ID})")


def optional_ident(value: str, what: str) -> str:
    return value if value == "" else ident(value, what)


def idents(values: Iterable[object], what: str, limit: int) -> tuple[str, ...]:
    """Ids in their first order, each once."""
    seen = tuple(dict.fromkeys(ident(value, what) for value in values))
    if len(seen) > limit:
        raise InvalidValue(f"{what}: {len(seen)} is more than {limit}")
    return seen


def language(value: object) -> str:
    if isinstance(value, str) and len(value) <= 16 and _LANGUAGE.fullmatch(value):
        return value
    raise InvalidValue(f"language: {str(value)[:20]!r} is not a language code such as en or pt-BR")


def text(value: object, what: str, limit: int, *, empty: bool = False) -> str:
    """Text stripped of outer spaces, one line, at most ``limit`` characters, no control
    character (see :func:`control_character`)."""
    if not isinstance(value, str):
        raise InvalidValue(f"{what}: must be text")
    clean = " ".join(_plain(value, what).split())
    if not clean and not empty:
        raise InvalidValue(f"{what}: must not be empty")
    if len(clean) > limit:
        raise InvalidValue(f"{what}: {len(clean)} characters is more than {limit}")
    return clean


def sized(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise InvalidValue(f"{what}: must be text (JSON)")
    if len(value) > limit:
        raise InvalidValue(f"{what}: {len(value):,} characters is more than {limit:,}")
    if "\x00" in value:  # never in JSON text, and PostgreSQL refuses it
        raise InvalidValue(f"{what}: contains NUL (U+0000), so it is not JSON text")
    return value


def settings(value: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON object of settings, as stored, whose strings (keys too) are plain text."""
    try:
        data = json.loads(json.dumps(dict(value), allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise InvalidValue(f"settings: not JSON ({exc})") from None
    except RecursionError:
        raise InvalidValue("settings: nested too deep") from None
    if len(json.dumps(data)) > MAX_SETTINGS:
        raise InvalidValue(f"settings: more than {MAX_SETTINGS:,} characters of JSON")
    _plain_json(data, "settings")
    return dict(data)


def _plain_json(data: Any, where: str) -> None:
    """Every string in a JSON value plain text; the error names where (``settings.a[2]``)."""
    todo: deque[tuple[Any, str]] = deque([(data, where)])
    while todo:
        item, at = todo.popleft()
        if isinstance(item, str):
            _plain(item, at)
        elif isinstance(item, dict):
            for name, inner in item.items():
                _plain(name, f"{at} key")
                todo.append((inner, f"{at}.{name}" if name.isidentifier()
                             else f"{at}[{name[:40]!r}]"))
        elif isinstance(item, list):
            todo.extend((inner, f"{at}[{index}]") for index, inner in enumerate(item))


def count(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise InvalidValue(f"{what}: must be a whole number from {low} to {high}")
