"""The rule ids of RULES.md (docs/RULES.md), in document order, and which apply to a rule set.

The list is data kept in step with RULES.md by a test (tests/test_rule_ids.py).
"""

from __future__ import annotations

from tutor.engine.rules import OPTIONS, RuleSet

RULE_IDS: tuple[str, ...] = (
    # C-
    "C-SETUP-1",
    "C-SETUP-2",
    "C-SETUP-3",
    "C-CARD-1",
    "C-SETUP-4",
    "C-DEAL-1",
    "C-DEAL-2",
    "C-DEAL-3",
    "C-DEAL-4",
    "C-TURN-1",
    "C-TURN-2",
    "C-TURN-3",
    "C-TURN-4",
    "C-TURN-5",
    "C-MELD-1",
    "C-MELD-2",
    "C-MELD-3",
    "C-MELD-4",
    "C-MELD-5",
    "C-MELD-6",
    "C-MELD-7",
    "C-MELD-8",
    "C-MELD-9",
    "C-INIT-1",
    "C-INIT-2",
    "C-INIT-3",
    "C-INIT-4",
    "C-INIT-5",
    "C-PILE-1",
    "C-PILE-2",
    "C-PILE-3",
    "C-PILE-4",
    "C-PILE-5",
    "C-PILE-6",
    "C-PILE-7",
    "C-PILE-8",
    "C-THREE-1",
    "C-THREE-2",
    "C-THREE-3",
    "C-THREE-4",
    "C-OUT-1",
    "C-OUT-2",
    "C-OUT-3",
    "C-OUT-4",
    "C-OUT-5",
    "C-END-1",
    "C-END-2",
    "C-END-3",
    "C-END-4",
    "C-SCORE-1",
    "C-SCORE-2",
    "C-GAME-1",
    "C-PEN-1",
    # C2-
    "C2-1",
    "C2-2",
    "C2-3",
    "C2-4",
    "C2-5",
    "C2-6",
    "C2-7",
    "C2-8",
    # C3-
    "C3-1",
    "C3-2",
    "C3-3",
    "C3-4",
    "C3-5",
    "C3-6",
    "C3-7",
    "C3-8",
    "C3-9",
    "C3-10",
    "C3-11",
    "C3-12",
    # M-
    "M-SETUP-1",
    "M-CARD-1",
    "M-DEAL-1",
    "M-DEAL-2",
    "M-TURN-1",
    "M-TURN-2",
    "M-TURN-3",
    "M-MELD-1",
    "M-MELD-2",
    "M-MELD-3",
    "M-MELD-4",
    "M-MELD-5",
    "M-MELD-6",
    "M-MELD-7",
    "M-MELD-8",
    "M-MELD-9",
    "M-INIT-1",
    "M-INIT-2",
    "M-INIT-3",
    "M-INIT-4",
    "M-INIT-5",
    "M-INIT-6",
    "M-PILE-1",
    "M-PILE-2",
    "M-PILE-3",
    "M-DISC-1",
    "M-DISC-2",
    "M-DISC-3",
    "M-DISC-4",
    "M-THREE-1",
    "M-THREE-2",
    "M-OUT-1",
    "M-OUT-2",
    "M-OUT-3",
    "M-OUT-4",
    "M-OUT-5",
    "M-END-1",
    "M-END-2",
    "M-SCORE-1",
    "M-SCORE-2",
    "M-SCORE-3",
    "M-SCORE-4",
    "M-GAME-1",
)


def rule_ids_for(rules: RuleSet) -> tuple[str, ...]:
    """The rule ids in force for a rule set (C- plus C2-/C3- for Classic, M- for Modern)."""
    if rules.is_modern:
        return tuple(i for i in RULE_IDS if i.startswith("M-"))
    extra = {2: "C2-", 3: "C3-"}.get(rules.players)
    return tuple(
        i for i in RULE_IDS if i.startswith("C-") or (extra is not None and i.startswith(extra))
    )


def option_ids() -> tuple[str, ...]:
    return tuple(spec.id for spec in OPTIONS)
