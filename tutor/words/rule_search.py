"""The rules look-up: what a learner types, found in the rules' titles and texts and in the
glossary, in the learner's language.

A query finds the rules whose title, text or topic holds every word of it (each word the start
of a word there, letters compared without case or accents, so "frozen" finds "frozen", and
"παγωμ" "Παγωμένη"), and the glossary terms it names. A term finds the rules whose texts use
it, and a rule found brings its counterparts of the other family (tutor.words.families), so a
Classic word leads to the Modern rules of the same topic too.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS
from tutor.i18n import Translator
from tutor.words.explain import rule_statement, rule_title
from tutor.words.families import counterparts
from tutor.words.glossary import Term, local_name, matches, meaning, terms
from tutor.words.topics import topic_of, topic_title

_WORD = re.compile(r"\w+")
MAX_RULES = 24


@dataclass(frozen=True, slots=True)
class Found:
    """What a query found: the glossary terms it names, the rules that match it (``direct``)
    and the other family's rules of the same topics (``related``), each once."""

    terms: tuple[Term, ...]
    direct: tuple[str, ...]
    related: tuple[str, ...]


def folded(text: str) -> str:
    """Lower case without accents: what a learner types without the accent keys matches."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _words(text: str) -> list[str]:
    return _WORD.findall(folded(text))


def _has_all(query: list[str], text: str) -> bool:
    words = _words(text)
    return all(any(word.startswith(part) for word in words) for part in query)


def searchable() -> tuple[str, ...]:
    """Every rule and house-rule option, in RULES.md's order."""
    return (*RULE_IDS, *(spec.id for spec in OPTIONS))


def rule_text(rule: str, tr: Translator) -> str:
    """A rule's title and text, as the learner reads them."""
    return f"{rule_title(rule, tr)} {rule_statement(rule, tr)}"


def search(query: str, tr: Translator) -> Found:
    """The terms and rules a query finds in the learner's language (nothing for an empty or
    one-letter query)."""
    parts = [part for part in _words(query) if len(part) > 1]
    if not parts:
        return Found((), (), ())
    named = tuple(term for term in terms()
                  if _has_all(parts, local_name(term, tr.lang)) or _has_all(parts, term.key))
    keys = {term.key for term in named}
    hits: list[tuple[int, str]] = []
    for rule in searchable():
        text = rule_text(rule, tr)
        uses_term = bool(keys) and any(term.key in keys for _m, term in matches(text, tr.lang))
        if (_has_all(parts, rule_title(rule, tr))
                or _has_all(parts, topic_title(topic_of(rule), tr, rule=rule))):
            hits.append((0, rule))
        elif uses_term:
            hits.append((1, rule))
        elif _has_all(parts, text):
            hits.append((2, rule))
    hits.sort(key=lambda hit: hit[0])  # titles first, each group in RULES.md's order
    direct = tuple(rule for _rank, rule in hits)[:MAX_RULES]
    # The other family's rules of the topics a title or a term found (not of every passing
    # mention: "frozen" in the deal's rule does not bring the Modern deal).
    strong = [rule for rank, rule in hits if rank < 2]
    related = tuple(dict.fromkeys(
        other for rule in strong for other in counterparts(rule) if other not in direct))
    return Found(named, direct, related[:MAX_RULES])


def term_line(term: Term, tr: Translator) -> str:
    """A glossary term and its meaning, as a line of the look-up."""
    return f"{local_name(term, tr.lang)}: {meaning(term, tr)}"
