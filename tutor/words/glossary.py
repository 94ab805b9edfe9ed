"""The Canasta glossary at hand: which terms a lesson text uses, and what they mean, in the
learner's language.

The terms and their English meanings are data (``locales/glossary.csv``); each language's
glossary (``locales/<lang>/glossary.csv``) gives the words it uses for a term, and the meanings
are translated through the catalogs (context ``glossary``; extracted from the CSV by
:func:`extract`, configured in tutor/devtools/catalogs.py).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import IO, Any

from tutor.i18n import Translator, locales_dir

CONTEXT = "glossary"
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
    with (locales_dir() / "glossary.csv").open(encoding="utf-8", newline="") as handle:
        return tuple(Term(row["term"], row["meaning"]) for row in csv.DictReader(handle))


@cache
def _words(lang: str) -> dict[str, tuple[str, ...]]:
    """The words a language uses for each term (English: the term itself)."""
    if lang == "en":
        return {term.key: (term.key,) for term in terms()}
    path = locales_dir() / lang / "glossary.csv"
    if not path.is_file():
        return {}
    found: dict[str, tuple[str, ...]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            names = [part.strip() for part in _ALTERNATIVES.split(row.get(lang) or "")]
            found[row["term"]] = tuple(name for name in names if len(name) > 2)
    return found


@cache
def _matcher(lang: str) -> tuple[re.Pattern[str], tuple[Term, ...]] | None:
    """One pattern for every word of every term in a language, the longest words first (so
    "pozo congelado" wins over "pozo"), each group naming its term."""
    words = [(word, term) for term in terms() if term.key not in NOT_MARKED
             for word in _words(lang).get(term.key, ())]
    if not words:
        return None
    words.sort(key=lambda item: len(item[0]), reverse=True)
    # A word and its inflections ("meld", "melds", "melded"): the word at the start of a word.
    pattern = "|".join(rf"(?<!\w)(?P<w{i}>{re.escape(word)}\w*)"
                       for i, (word, _term) in enumerate(words))
    return re.compile(pattern, re.IGNORECASE), tuple(term for _word, term in words)


def matches(text: str, lang: str) -> Iterator[tuple[re.Match[str], Term]]:
    """Each use of a glossary term in a text, in order, with the term it is."""
    matcher = _matcher(lang)
    if matcher is None:
        return
    pattern, owners = matcher
    for found in pattern.finditer(text):
        group = next(name for name, value in found.groupdict().items() if value is not None)
        yield found, owners[int(group[1:])]


def used_in(text: str, lang: str) -> list[Term]:
    """The glossary terms a text uses, in the order they first appear."""
    return list(dict.fromkeys(term for _found, term in matches(text, lang)))


def meaning(term: Term, tr: Translator) -> str:
    return tr.pgettext(CONTEXT, term.meaning)


# Words that say nothing of what a term is ("joker: the joker card" says only "joker").
_FILLER = frozenset({"a", "an", "the", "of", "card", "cards", "one", "who", "that", "which",
                     "is", "are", "to", "with", "also", "or", "and", "in", "on"})
_WORD = re.compile(r"[a-z0-9]+")


def restates(term: Term) -> bool:
    """Whether the term's English meaning only names the term again: fewer than two of its
    words are neither filler nor a form of the term's own words ("the player who deals" for
    "dealer"). Such a meaning explains nothing to a learner pointing at the word."""
    stems = {word[:4] for word in _WORD.findall(term.key.lower())}
    said = [word for word in _WORD.findall(term.meaning.lower())
            if word not in _FILLER and word[:4] not in stems]
    return len(said) < 2


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
