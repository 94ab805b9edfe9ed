"""The sources shown for each rule and option are those RULES.md cites, and each one is known."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS
from tutor.i18n import LANGUAGES, translator
from tutor.words.rule_sources import REFERENCES, SEEDS, SOURCES, sources_markdown

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"
KEYS = sorted(REFERENCES, key=len, reverse=True)  # WIKI-US before WIKI, BIC-CT before BIC
CITATION = re.compile(
    r"\b(" + "|".join(map(re.escape, KEYS)) + r")(?![\w-])|\b(Norwegian|Swedish|Greek) seed")
RULE_LINE = re.compile(r"^- \*\*((?:C|C2|C3|M)-[A-Z0-9-]+)\*\*")
OPTION_ROW = re.compile(r"^\| (V-[CM]\d+) \|")
SOURCE_ROW = re.compile(r"^\| ([A-Z0-9-]+) \| [^|]*?(https?://[^\s,)]+)", re.M)


def cited(text: str) -> tuple[str, ...]:
    keys: list[str] = []
    for match in CITATION.finditer(text):
        key = match.group(1) or f"{match.group(2).lower()}-seed"
        if key not in keys:
            keys.append(key)
    return tuple(keys)


def sources_in(text: str) -> dict[str, tuple[str, ...]]:
    """A rule's text runs from its ``- **ID**`` line through its indented lines; an option's
    sources are the last column of its row in §1.5."""
    found: dict[str, tuple[str, ...]] = {}
    current, body = None, []
    for line in [*text.splitlines(), "#"]:
        match = RULE_LINE.match(line)
        if current and (match or not (line.startswith("  ") or not line.strip())):
            found[current] = cited(" ".join(body))
            current, body = None, []
        if match:
            current, body = match.group(1), [line]
        elif current:
            body.append(line)
        elif option := OPTION_ROW.match(line):
            found[option.group(1)] = cited(line.rstrip().rstrip("|").rsplit("|", 1)[1])
    return found


def test_sources_match_rules_md() -> None:
    assert sources_in(RULES_MD.read_text(encoding="utf-8")) == SOURCES


def test_every_rule_and_option_has_an_entry_and_every_key_is_known() -> None:
    assert set(SOURCES) == set(RULE_IDS) | {spec.id for spec in OPTIONS}
    for keys in SOURCES.values():
        assert all(key in REFERENCES or key in SEEDS for key in keys)
    assert sum(1 for keys in SOURCES.values() if keys) > 100


def test_addresses_match_rules_md() -> None:
    rows = dict(SOURCE_ROW.findall(RULES_MD.read_text(encoding="utf-8")))
    assert {key: address for key, (_title, address) in REFERENCES.items()} == {
        key: rows[key] for key in REFERENCES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sources_are_shown_in_the_learners_language(lang: str) -> None:
    tr = translator(lang)
    assert "[PAGAT](https://www.pagat.com/rummy/canasta.html)" in sources_markdown("C-PILE-3", tr)
    assert tr.gettext("the Swedish seed document") in sources_markdown("V-C1", tr)
    assert sources_markdown("C-DEAL-3", tr) == tr.gettext("Source: the project's rules reference")
