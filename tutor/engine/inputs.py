"""The one way in for outside data: bounded JSON, typed fields, and errors that say where.

Positions, records, score files, lessons, CLI arguments and URL values all come from people
or files the project does not control. Everything read from them passes through here, so that
anything malformed (wrong type, huge number, deep nesting, bad encoding, a 10 MB key) becomes
the project's own error naming the field and what is wrong, with the offending value cut short,
and never a ``TypeError`` or ``RecursionError`` from deep inside the engine.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from tutor.engine.errors import NotationError, TutorError

MAX_TEXT = 8_000_000  # characters of one JSON document (a whole game record is ~100 kB)
MAX_DEPTH = 16  # nesting of objects and lists; the deepest format needs 6
MAX_DIGITS = 15  # digits of a JSON integer; scores and seeds need far fewer
MAX_ITEMS = 5_000  # entries of one list, unless the caller allows more (a record's moves)
MAX_SHOWN = 60  # characters of an offending value quoted in a message


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr`` of a value for an error message, cut so a huge value is never echoed."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text):,} characters)"


def shown_keys(keys: Collection[object], limit: int = 5) -> str:
    """Some unknown keys, each cut short, for an error message."""
    names = sorted(shown(str(k), 30) for k in keys)
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


class _TooLong(Exception):
    """Raised inside the JSON parser's hooks; turned into the caller's error."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(f"a number of {len(text):,} digits (at most {MAX_DIGITS})")
    return int(text)


def _no_constant(text: str) -> float:
    raise _TooLong(f"{text} is not a JSON number")


def read_json(
    raw: str | bytes, what: str, error: type[TutorError] = NotationError
) -> Any:
    """Parse one JSON document of bounded size, depth and numbers."""
    if isinstance(raw, bytes):
        if len(raw) > 4 * MAX_TEXT:
            raise error(f"{what}: too large ({len(raw):,} bytes; at most {MAX_TEXT:,})")
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise error(
                f"{what}: not UTF-8 text (byte {exc.start:,} is {raw[exc.start]:#04x})"
            ) from None
    if len(raw) > MAX_TEXT:
        raise error(f"{what}: too large ({len(raw):,} characters; at most {MAX_TEXT:,})")
    try:
        data = json.loads(raw, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(
            f"{what}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    except _TooLong as exc:
        raise error(f"{what}: {exc}") from None
    except RecursionError:
        raise error(f"{what}: nested more than {MAX_DEPTH} levels deep") from None
    if _depth(data) > MAX_DEPTH:
        raise error(f"{what}: nested more than {MAX_DEPTH} levels deep")
    return data


def _depth(data: object) -> int:
    """Nesting depth, iteratively (a deep document must not exhaust the stack)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Collection[object] = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return depth
        stack.extend((child, depth + 1) for child in children)
    return deepest


# ----- typed values ---------------------------------------------------------------------------


def whole_number(
    value: object,
    where: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[TutorError] = NotationError,
) -> int:
    """A JSON integer (not a bool, not a float) within the given bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{where}: expected a whole number, got {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(f"{where}: {value} is out of range ({_range(low, high)})")
    return value


def whole_number_text(
    text: str, where: str, *, low: int, high: int, error: type[TutorError] = NotationError
) -> int:
    """A whole number written as text (URL values, typed answers): ASCII digits only, so
    ``"²"`` or ``"٣"`` (which ``str.isdigit`` accepts) and 5,000-digit strings are refused."""
    stripped = text.strip()
    digits = stripped.removeprefix("-")
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise error(f"{where}: expected a whole number, got {shown(text)}")
    return whole_number(int(stripped), where, low=low, high=high, error=error)


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def short_text(
    value: object, where: str, *, limit: int = 10_000, error: type[TutorError] = NotationError
) -> str:
    """A JSON string of bounded length."""
    if not isinstance(value, str):
        raise error(f"{where}: expected text, got {shown(value)}")
    if len(value) > limit:
        raise error(f"{where}: {len(value):,} characters (at most {limit:,})")
    return value


Choice = TypeVar("Choice", bound=enum.Enum)


def one_of(value: object, kind: type[Choice], where: str, *,
           error: type[TutorError] = NotationError) -> Choice:
    """The member of the enum ``kind`` whose value a JSON value names (``"draw"`` for
    ``Phase.DRAW``)."""
    for member in kind:
        if member.value == value and type(member.value) is type(value):
            return member
    raise error(f"{where}: {shown(value)} is not one of "
                f"{', '.join(str(member.value) for member in kind)}")


def flag(value: object, where: str, *, error: type[TutorError] = NotationError) -> bool:
    """A JSON ``true`` or ``false`` (not 0/1, not a string)."""
    if not isinstance(value, bool):
        raise error(f"{where}: expected true or false, got {shown(value)}")
    return value


def items(
    value: object, where: str, *, limit: int = MAX_ITEMS, error: type[TutorError] = NotationError
) -> list[Any]:
    """A JSON list of bounded length."""
    if not isinstance(value, list):
        raise error(f"{where}: expected a list, got {shown(value)}")
    if len(value) > limit:
        raise error(f"{where}: {len(value):,} entries (at most {limit:,})")
    return value


def fields(
    value: object,
    where: str,
    keys: Collection[str],
    *,
    error: type[TutorError] = NotationError,
) -> Mapping[str, Any]:
    """A JSON object whose keys are all among ``keys``."""
    if not isinstance(value, Mapping):
        raise error(f"{where}: expected an object, got {shown(value)}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise error(
            f"{where}: unknown key(s) {shown_keys(unknown)}; "
            f"expected {', '.join(sorted(keys))}"
        )
    return value
