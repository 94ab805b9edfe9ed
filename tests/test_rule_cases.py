"""Runs every per-rule case and fails when a rule id of RULES.md has no case of either kind."""

from __future__ import annotations

import re
from pathlib import Path

import cases_classic  # noqa: F401  (registers cases)
import cases_modern  # noqa: F401
import pytest
from helpers import CASES, RuleCase

from tutor.engine.rule_ids import RULE_IDS

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "RULES.md"
SHARED_RULES_MD = ROOT.parent / "shared" / "rules" / "RULES.md"


def rule_ids_in(text: str) -> list[str]:
    return re.findall(r"^- \*\*((?:C|C2|C3|M)-[A-Z0-9-]+)\*\*", text, re.M)


@pytest.mark.parametrize("rule_case", CASES, ids=lambda c: f"{c.rule}-{c.kind}-{c.name}")
def test_rule_case(rule_case: RuleCase) -> None:
    rule_case.run()


def test_engine_knows_every_rule_id_of_rules_md() -> None:
    assert rule_ids_in(RULES_MD.read_text(encoding="utf-8")) == list(RULE_IDS)


def test_docs_copy_of_rules_md_matches_shared() -> None:
    if not SHARED_RULES_MD.exists():
        pytest.skip("../shared/rules/RULES.md is not beside this checkout")
    assert RULES_MD.read_text(encoding="utf-8") == SHARED_RULES_MD.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["permits", "forbids"])
def test_every_rule_id_has_a_case(kind: str) -> None:
    covered = {c.rule for c in CASES if c.kind == kind}
    missing = [rule for rule in RULE_IDS if rule not in covered]
    assert not missing, f"rule ids with no '{kind}' case: {', '.join(missing)}"
