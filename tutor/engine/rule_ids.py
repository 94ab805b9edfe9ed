"""The rule ids of RULES.md (docs/RULES.md), in document order, as constants, and which apply to
a rule set; then the house-rule (option) ids.

Every rule id the engine emits is one of these names (``R.C_PILE_4``), never a string written in
place, so a mistyped id fails at import rather than when a test reaches its branch. The names
are kept in step with RULES.md, and the engine's modules checked for loose ids, by one test
(tests/test_rule_ids.py).
"""

from __future__ import annotations

from typing import Final

from tutor.engine.rules import RuleSet

# C-
C_SETUP_1: Final = "C-SETUP-1"
C_SETUP_2: Final = "C-SETUP-2"
C_SETUP_3: Final = "C-SETUP-3"
C_CARD_1: Final = "C-CARD-1"
C_SETUP_4: Final = "C-SETUP-4"
C_DEAL_1: Final = "C-DEAL-1"
C_DEAL_2: Final = "C-DEAL-2"
C_DEAL_3: Final = "C-DEAL-3"
C_DEAL_4: Final = "C-DEAL-4"
C_TURN_1: Final = "C-TURN-1"
C_TURN_2: Final = "C-TURN-2"
C_TURN_3: Final = "C-TURN-3"
C_TURN_4: Final = "C-TURN-4"
C_TURN_5: Final = "C-TURN-5"
C_MELD_1: Final = "C-MELD-1"
C_MELD_2: Final = "C-MELD-2"
C_MELD_3: Final = "C-MELD-3"
C_MELD_4: Final = "C-MELD-4"
C_MELD_5: Final = "C-MELD-5"
C_MELD_6: Final = "C-MELD-6"
C_MELD_7: Final = "C-MELD-7"
C_MELD_8: Final = "C-MELD-8"
C_MELD_9: Final = "C-MELD-9"
C_INIT_1: Final = "C-INIT-1"
C_INIT_2: Final = "C-INIT-2"
C_INIT_3: Final = "C-INIT-3"
C_INIT_4: Final = "C-INIT-4"
C_INIT_5: Final = "C-INIT-5"
C_PILE_1: Final = "C-PILE-1"
C_PILE_2: Final = "C-PILE-2"
C_PILE_3: Final = "C-PILE-3"
C_PILE_4: Final = "C-PILE-4"
C_PILE_5: Final = "C-PILE-5"
C_PILE_6: Final = "C-PILE-6"
C_PILE_7: Final = "C-PILE-7"
C_PILE_8: Final = "C-PILE-8"
C_THREE_1: Final = "C-THREE-1"
C_THREE_2: Final = "C-THREE-2"
C_THREE_3: Final = "C-THREE-3"
C_THREE_4: Final = "C-THREE-4"
C_OUT_1: Final = "C-OUT-1"
C_OUT_2: Final = "C-OUT-2"
C_OUT_3: Final = "C-OUT-3"
C_OUT_4: Final = "C-OUT-4"
C_OUT_5: Final = "C-OUT-5"
C_END_1: Final = "C-END-1"
C_END_2: Final = "C-END-2"
C_END_3: Final = "C-END-3"
C_END_4: Final = "C-END-4"
C_SCORE_1: Final = "C-SCORE-1"
C_SCORE_2: Final = "C-SCORE-2"
C_GAME_1: Final = "C-GAME-1"
C_PEN_1: Final = "C-PEN-1"
# C2-
C2_1: Final = "C2-1"
C2_2: Final = "C2-2"
C2_3: Final = "C2-3"
C2_4: Final = "C2-4"
C2_5: Final = "C2-5"
C2_6: Final = "C2-6"
C2_7: Final = "C2-7"
C2_8: Final = "C2-8"
# C3-
C3_1: Final = "C3-1"
C3_2: Final = "C3-2"
C3_3: Final = "C3-3"
C3_4: Final = "C3-4"
C3_5: Final = "C3-5"
C3_6: Final = "C3-6"
C3_7: Final = "C3-7"
C3_8: Final = "C3-8"
C3_9: Final = "C3-9"
C3_10: Final = "C3-10"
C3_11: Final = "C3-11"
C3_12: Final = "C3-12"
# M-
M_SETUP_1: Final = "M-SETUP-1"
M_CARD_1: Final = "M-CARD-1"
M_DEAL_1: Final = "M-DEAL-1"
M_DEAL_2: Final = "M-DEAL-2"
M_TURN_1: Final = "M-TURN-1"
M_TURN_2: Final = "M-TURN-2"
M_TURN_3: Final = "M-TURN-3"
M_MELD_1: Final = "M-MELD-1"
M_MELD_2: Final = "M-MELD-2"
M_MELD_3: Final = "M-MELD-3"
M_MELD_4: Final = "M-MELD-4"
M_MELD_5: Final = "M-MELD-5"
M_MELD_6: Final = "M-MELD-6"
M_MELD_7: Final = "M-MELD-7"
M_MELD_8: Final = "M-MELD-8"
M_MELD_9: Final = "M-MELD-9"
M_INIT_1: Final = "M-INIT-1"
M_INIT_2: Final = "M-INIT-2"
M_INIT_3: Final = "M-INIT-3"
M_INIT_4: Final = "M-INIT-4"
M_INIT_5: Final = "M-INIT-5"
M_INIT_6: Final = "M-INIT-6"
M_PILE_1: Final = "M-PILE-1"
M_PILE_2: Final = "M-PILE-2"
M_PILE_3: Final = "M-PILE-3"
M_DISC_1: Final = "M-DISC-1"
M_DISC_2: Final = "M-DISC-2"
M_DISC_3: Final = "M-DISC-3"
M_DISC_4: Final = "M-DISC-4"
M_THREE_1: Final = "M-THREE-1"
M_THREE_2: Final = "M-THREE-2"
M_OUT_1: Final = "M-OUT-1"
M_OUT_2: Final = "M-OUT-2"
M_OUT_3: Final = "M-OUT-3"
M_OUT_4: Final = "M-OUT-4"
M_OUT_5: Final = "M-OUT-5"
M_END_1: Final = "M-END-1"
M_END_2: Final = "M-END-2"
M_SCORE_1: Final = "M-SCORE-1"
M_SCORE_2: Final = "M-SCORE-2"
M_SCORE_3: Final = "M-SCORE-3"
M_SCORE_4: Final = "M-SCORE-4"
M_GAME_1: Final = "M-GAME-1"

RULE_IDS: tuple[str, ...] = tuple(
    value for key, value in dict(globals()).items() if key[:2] in {"C_", "C2", "C3", "M_"}
)  # (in the order of definition: the document's)

# The house rules (RULES.md §V, the options of rules.OPTIONS).
V_C1: Final = "V-C1"
V_C2: Final = "V-C2"
V_C3: Final = "V-C3"
V_C4: Final = "V-C4"
V_C5: Final = "V-C5"
V_C6: Final = "V-C6"
V_C7: Final = "V-C7"
V_C8: Final = "V-C8"
V_C9: Final = "V-C9"
V_C10: Final = "V-C10"
V_C11: Final = "V-C11"
V_M1: Final = "V-M1"
V_M2: Final = "V-M2"
V_M3: Final = "V-M3"
V_M4: Final = "V-M4"
V_M5: Final = "V-M5"
V_M6: Final = "V-M6"
V_M7: Final = "V-M7"
V_M8: Final = "V-M8"

OPTION_IDS: tuple[str, ...] = tuple(
    value for key, value in dict(globals()).items() if key[:3] in {"V_C", "V_M"}
)


def rule_ids_for(rules: RuleSet) -> tuple[str, ...]:
    """The rule ids in force for a rule set (C- plus C2-/C3- for Classic, M- for Modern)."""
    if rules.is_modern:
        return tuple(i for i in RULE_IDS if i.startswith("M-"))
    extra = {2: "C2-", 3: "C3-"}.get(rules.players)
    return tuple(
        i for i in RULE_IDS if i.startswith("C-") or (extra is not None and i.startswith(extra))
    )

