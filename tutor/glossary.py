"""The Canasta glossary at hand: which terms a lesson text uses, and what they mean, in the
learner's language.

The terms and their English meanings are data (``locales/glossary.csv``); each language's
glossary (``locales/<lang>/glossary.csv``) gives the words it uses for a term, and the meanings
are translated through the catalogs (context ``glossary``; extracted from the CSV by
:func:`extract`, configured in tutor/catalogs.py).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import IO, Any

from tutor.i18n import LOCALES_DIR, Translator

CONTEXT = "glossary"
GLOSSARY = LOCALES_DIR / "glossary.csv"
# Words too common to mark wherever they appear (they are still in the glossary).
NOT_MARKED = frozenset({"hand", "two", "bonus", "side", "discard", "canasta", "top card"})
# Alternatives in a language's glossary are separated like this: "Meldung; auslegen".
_ALTERNATIVES = re.compile(r"[;,/]| or ")


@dataclass(frozen=True, slots=True)
class Term:
    key: str  # the English term, as in locales/glossary.csv
    meaning: str  # its English meaning: the msgid of the definition


@cache
def terms() -> tuple[Term, ...]:
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        return tuple(Term(row["term"], row["meaning"]) for row in csv.DictReader(handle))


@cache
def _words(lang: str) -> dict[str, tuple[str, ...]]:
    """The words a language uses for each term (English: the term itself)."""
    if lang == "en":
        return {term.key: (term.key,) for term in terms()}
    path = LOCALES_DIR / lang / "glossary.csv"
    if not path.is_file():
        return {}
    found: dict[str, tuple[str, ...]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            names = [part.strip() for part in _ALTERNATIVES.split(row.get(lang) or "")]
            found[row["term"]] = tuple(name for name in names if len(name) > 2)
    return found


@cache
def _pattern(lang: str, key: str) -> re.Pattern[str] | None:
    words = _words(lang).get(key, ())
    if not words:
        return None
    # A word and its inflections ("meld", "melds", "melded"): the word at the start of a word.
    alternatives = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})\w*", re.IGNORECASE)


def used_in(text: str, lang: str) -> list[Term]:
    """The glossary terms a text uses, longest first (so "natural canasta" before "canasta")."""
    found = []
    for term in sorted(terms(), key=lambda item: len(item.key), reverse=True):
        if term.key in NOT_MARKED:
            continue
        pattern = _pattern(lang, term.key)
        if pattern is not None and pattern.search(text):
            found.append(term)
    return found


def meaning(term: Term, tr: Translator) -> str:
    return tr.pgettext(CONTEXT, term.meaning)


def local_name(term: Term, lang: str) -> str:
    words = _words(lang).get(term.key, ())
    return words[0] if words else term.key


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """A Babel extraction method: each meaning becomes a msgid with the context ``glossary``."""
    reader = csv.DictReader(io.StringIO(fileobj.read().decode("utf-8")))
    for number, row in enumerate(reader, start=2):
        yield number, "pgettext", (CONTEXT, row["meaning"]), [
            f"what the Canasta term '{row['term']}' means, shown when a learner points at or "
            "taps the term in a lesson"]
