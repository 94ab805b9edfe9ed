"""The sources shown for each rule and option are those RULES.md cites, each one known and named
in full in the legend; a source RULES.md names as saying otherwise is cited under the house-rule
option that plays it its way, never for the rule it contradicts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS
from tutor.i18n import LANGUAGES, translator
from tutor.words.explain import rule_title
from tutor.words.rule_sources import (
    DISSENT,
    REFERENCES,
    SEEDS,
    SOURCES,
    legend,
    legend_markdown,
    sources_markdown,
)

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


def option_rows() -> dict[str, list[str]]:
    """§1.5's rows by option id: the cells (id, rule affected, default, other, sources)."""
    return {match.group(1): [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in RULES_MD.read_text(encoding="utf-8").splitlines()
            if (match := OPTION_ROW.match(line))}


def test_sources_match_rules_md() -> None:
    """Every source RULES.md names for a rule is cited: for the rule, or under its option."""
    found = sources_in(RULES_MD.read_text(encoding="utf-8"))
    assert set(found) == set(SOURCES)
    for rule, keys in found.items():
        otherwise = DISSENT.get(rule, ("", ()))[1]
        assert set(otherwise) <= set(keys), rule
        assert SOURCES[rule] == tuple(key for key in keys if key not in otherwise), rule


def test_a_source_that_says_otherwise_is_cited_under_its_option() -> None:
    rows = option_rows()
    for rule, (option, keys) in DISSENT.items():
        assert rule in rows[option][1], (rule, option)  # the option changes this rule
        assert set(keys) <= set(cited(rows[option][4])), (rule, option)  # and names them
        assert set(keys) <= set(SOURCES[option]) and not set(keys) & set(SOURCES[rule])
    # M-OUT-5 (going out with an incomplete special meld is allowed): the CLA forbids it.
    assert "CLA" not in SOURCES["M-OUT-5"] and DISSENT["M-OUT-5"] == ("V-M4", ("CLA",))


def test_a_sentence_that_sends_a_source_to_an_option_is_read_as_dissent() -> None:
    """A sentence of a rule's text that names sources and sends the reader to an option ("The
    CLA forbids going out in that case; see V-M4.") cites them under that option."""
    text = RULES_MD.read_text(encoding="utf-8")
    detected: list[str] = []
    for rule in SOURCES:
        body = re.search(rf"^- \*\*{re.escape(rule)}\*\*(.*?)(?=^- \*\*|^#|\Z)", text,
                         re.M | re.S)
        if body is None:
            continue
        for sentence in re.split(r"(?<=[.)])\s+(?=[A-Z(])", " ".join(body.group(1).split())):
            option = re.search(r"\bsee (?:§2, D-\d+ and )?(V-[CM]\d+)", sentence)
            keys = cited(sentence)
            if option and keys and not sentence.startswith("("):  # "(PAGAT, BIC)" agrees
                assert DISSENT.get(rule, ("", ()))[0] == option.group(1), (rule, sentence)
                assert set(keys) <= set(DISSENT[rule][1]), (rule, sentence)
                detected.append(rule)
    assert "M-OUT-5" in detected and len(detected) >= 9


def test_a_source_on_the_other_side_of_an_options_vs_is_not_cited_for_the_rule() -> None:
    """§1.5 "PAGAT & Swedish seed vs CLA, CCOM": the sources after "vs" play the option."""
    for option, cells in option_rows().items():
        if " vs " not in cells[4]:
            continue
        others = cited(cells[4].split(" vs ", 1)[1])
        for rule in re.findall(r"\b(?:C|C2|C3|M)-[A-Z]+-?\d+", cells[1]):
            assert not set(others) & set(SOURCES[rule]), (option, rule)


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
    assert "[PAGAT](https://www.pagat.com/rummy/canasta.html \"John McLeod" in sources_markdown(
        "C-PILE-3", tr)
    assert tr.gettext("a Swedish comparison of Classic and Modern American") in sources_markdown(
        "V-C1", tr)
    assert sources_markdown("C-DEAL-3", tr) == tr.gettext("Source: the project's rules reference")
    going_out = sources_markdown("M-OUT-5", tr)
    assert "[CLA](https://canastaleague.org/rules/" in going_out
    assert rule_title("V-M4", tr) in going_out


def test_every_source_key_has_a_legend_entry_with_its_full_name_and_link() -> None:
    used = {key for keys in SOURCES.values() for key in keys} | {
        key for _option, keys in DISSENT.values() for key in keys}
    entries = {ref.key: ref for ref in legend()}
    assert used - set(SEEDS) <= set(entries)
    for key in ("PAGAT", "BIC", "BRIT", "RG3", "CLA", "HONORS", "CJ"):
        assert len(entries[key].title) > len(key) + 5 and entries[key].address.startswith("http")
    shown = legend_markdown(translator("en"))
    for ref in legend():
        assert f"**{ref.key}**: [{ref.title}]({ref.address})" in shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_learner_reads_of_seed_documents(lang: str) -> None:
    tr = translator(lang)
    shown = [legend_markdown(tr), *(sources_markdown(rule, tr) for rule in SOURCES)]
    assert not any(re.search(r"(?i)\bseed", text) for text in shown)
    for document in SEEDS.values():
        assert tr.gettext(document) in shown[0]
