"""Learner keys, teacher keys and short codes: made with :mod:`secrets`, checked before use.

A key is a bearer secret: whoever holds it is that learner (or that class's teacher), so it is
long and random (``secrets.token_urlsafe``) and the database keeps only its SHA-256. A plain
hash is enough because the keys are random, not chosen by people: there is nothing to guess
from a leaked digest. Codes are short, for typing on another device or reading off a board, in
an alphabet without look-alikes (no I, L, O, 0, 1); a device code is used once and expires.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from tutor.store.errors import MalformedKey

LEARNER_KEY_BYTES = 32  # 43 characters
TEACHER_KEY_BYTES = 24  # 32 characters
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLASS_CODE_LENGTH = 6  # 31**6: about 900 million
DEVICE_CODE_LENGTH = 8  # 31**8, and a code lives a day at most
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def new_learner_key() -> str:
    return secrets.token_urlsafe(LEARNER_KEY_BYTES)


def new_teacher_key() -> str:
    return secrets.token_urlsafe(TEACHER_KEY_BYTES)


def new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def digest(key: str) -> str:
    """What the database keeps of a key."""
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def same_digest(key: str, stored: str) -> bool:
    return hmac.compare_digest(digest(key), stored)


def _token(text: object, what: str, nbytes: int) -> str:
    length = len(secrets.token_urlsafe(nbytes))
    if not isinstance(text, str) or len(text) != length or not _TOKEN.fullmatch(text):
        raise MalformedKey(f"{what}: not a key made by this app "
                           f"({length} letters, digits, '-' or '_')")
    return text


def learner_key(text: object) -> str:
    """``text`` if it can be a learner key, else :class:`MalformedKey`."""
    return _token(text, "learner key", LEARNER_KEY_BYTES)


def teacher_key(text: object) -> str:
    return _token(text, "teacher key", TEACHER_KEY_BYTES)


def code(text: object, what: str, length: int) -> str:
    """A code as typed (any case, spaces or dashes between groups) in its stored form."""
    if isinstance(text, str):
        plain = "".join(text.split()).replace("-", "").upper()
        if len(plain) == length and all(char in ALPHABET for char in plain):
            return plain
    raise MalformedKey(f"{what}: not a code made by this app ({length} letters and digits)")


def shown(code: str) -> str:
    """A code in groups for reading aloud or off a board: ``ABC-DEF``, ``ABCD-EFGH``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"
