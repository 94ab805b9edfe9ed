"""Rule ids are constants (tutor/engine/rule_ids.py) checked against RULES.md: the constants are
the document's ids in its order, the house-rule ids are the options', and no engine module
writes a rule id as a string of its own (a mistyped one would otherwise pass until a test
reached its branch)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tutor.engine import rule_ids as R
from tutor.engine.rules import OPTIONS

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "RULES.md"
ENGINE = ROOT / "tutor" / "engine"
RULE_ID = re.compile(r"(?:C|C2|C3|M)-[A-Z0-9]+(?:-[0-9]+)?|V-[CM][0-9]+")
# The options table names each house rule and the rule it changes: the one place, besides
# rule_ids.py, where ids are written out (checked against RULES.md below all the same).
# scoring.py is another engineer's while it gains error codes; its ids are checked the same way.
DEFINES_IDS = {"rule_ids.py", "rules.py"}
NOT_YET_CONVERTED = {"scoring.py"}


def documented_ids() -> set[str]:
    text = RULES_MD.read_text(encoding="utf-8")
    return set(re.findall(r"\*\*((?:C|C2|C3|M)-[A-Z0-9]+(?:-[0-9]+)?|V-[CM][0-9]+)\*\*", text)
               ) | set(re.findall(r"\b(V-[CM][0-9]+)\b", text))


def id_literals(path: Path) -> list[tuple[int, str]]:
    """The string constants in ``path`` that are a rule id and nothing else."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and RULE_ID.fullmatch(node.value)
    ]


def test_every_constant_is_a_rule_of_rules_md_in_its_order() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    in_order = list(dict.fromkeys(re.findall(r"\*\*((?:C|C2|C3|M)-[A-Z0-9]+(?:-[0-9]+)?)\*\*",
                                             text)))
    assert list(R.RULE_IDS) == in_order
    for value in R.RULE_IDS:
        assert getattr(R, value.replace("-", "_")) == value


def test_every_house_rule_constant_is_an_option_and_documented() -> None:
    assert set(R.OPTION_IDS) == {spec.id for spec in OPTIONS}
    assert set(R.OPTION_IDS) <= documented_ids()


def test_no_engine_module_writes_a_rule_id_of_its_own() -> None:
    loose = {
        f"{path.name}:{line}": value
        for path in sorted(ENGINE.glob("*.py"))
        if path.name not in DEFINES_IDS | NOT_YET_CONVERTED
        for line, value in id_literals(path)
    }
    assert not loose, loose


def test_every_id_written_in_the_engine_is_documented() -> None:
    """Where ids are still written out (the options table, scoring.py), each is in RULES.md."""
    known = documented_ids()
    unknown = {
        f"{path.name}:{line}": value
        for path in sorted(ENGINE.glob("*.py"))
        for line, value in id_literals(path)
        if value not in known
    }
    assert not unknown, unknown


def test_the_checks_find_a_loose_and_an_unknown_id(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('RULE = "C-PILE-4"\nTYPO = "C-PILE-44"\nTEXT = "see C-PILE-4"\n')
    found = dict((value, line) for line, value in id_literals(planted))
    assert found == {"C-PILE-4": 1, "C-PILE-44": 2}
    assert "C-PILE-44" not in documented_ids()
