"""Names for learners of the presets and of every house-rule option value (translated at render
time; the engine itself only knows the ids)."""

from __future__ import annotations

from tutor.i18n import N_, Translator

PRESET_LABELS: dict[str, str] = {
    "classic-4p": N_("Classic Canasta, 4 players"),
    "classic-3p": N_("Classic Canasta, 3 players"),
    "classic-2p": N_("Classic Canasta, 2 players"),
    "modern-american": N_("Modern American Canasta"),
}

OPTION_VALUE_LABELS: dict[tuple[str, str], str] = {
    ("V-C1", "three-wilds"): N_("at most three wild cards"),
    ("V-C1", "no-more-wild-than-natural"): N_("never more wild than natural cards"),
    ("V-C2", "stop"): N_("a stop card for the next player"),
    ("V-C2", "freezes"): N_("freezes the pile"),
    ("V-C3", "no-meld"): N_("the hand ends at once"),
    ("V-C3", "may-meld"): N_("may meld first, no discard"),
    ("V-C4", "prohibition"): N_("the one-card rule wins"),
    ("V-C4", "obligation"): N_("the duty to take wins"),
    # Translators: the value of a house rule in the rules' table: the thing is allowed.
    ("V-C5", "allowed"): N_("allowed"),
    ("V-C5", "two-cards-from-hand"): N_("needs two cards from hand"),
    ("V-C6", "allowed"): N_("allowed"),
    ("V-C6", "no-bonus"): N_("no concealed bonus"),
    # Translators: the value of a house rule (V-C7): one canasta is needed (to go out).
    ("V-C7", "1"): N_("one canasta"),
    # Translators: the value of a house rule (V-C7): two canastas are needed (to go out).
    ("V-C7", "2"): N_("two canastas"),
    # Translators: the value of a house rule (V-C8): each player's red-three bonus counts for that
    # player alone.
    ("V-C8", "personal"): N_("personal"),
    # Translators: the value of a house rule (V-C8): the partners' red-three bonuses count together.
    ("V-C8", "pooled"): N_("pooled"),
    ("V-C9", "continue"): N_("play on with the discards"),
    ("V-C9", "end"): N_("the hand ends"),
    # Translators: the value of a house rule (V-C11): when the learner may ask the partner (only
    # after drawing).
    ("V-C11", "after-draw"): N_("after drawing"),
    ("V-C11", "before-or-after-draw"): N_("before or after drawing"),
    # Translators: the value of a house rule (V-M1, the talon bonus cards): switched off.
    ("V-M1", "off"): N_("off"),
    # Translators: the value of a house rule (V-M1, the talon bonus cards): switched on.
    ("V-M1", "on"): N_("on"),
    # Translators: the value of a house rule (V-M2): the partner's yes to "may I go out?" binds.
    ("V-M2", "binding"): N_("binding"),
    # Translators: the value of a house rule (V-M2): the partner's yes is only advice.
    ("V-M2", "advisory"): N_("advice only"),
    ("V-M4", "allowed"): N_("allowed"),
    # Translators: the value of a house rule in the rules' table: the thing is not allowed.
    ("V-M4", "forbidden"): N_("forbidden"),
    ("V-M5", "clean-or-wild"): N_("a clean meld or a wild-card meld"),
    ("V-M5", "clean-only"): N_("a clean meld only"),
    ("V-M5", "three-naturals"): N_("any meld of three natural cards"),
    ("V-M6", "natural-or-wild"): N_("natural or wild canastas"),
    # Translators: the value of a house rule (V-M6): every canasta from hand is exempt from the
    # minimum.
    ("V-M6", "any"): N_("any canasta"),
    # Translators: the value of a house rule (V-M6): no canasta from hand spares the minimum.
    ("V-M6", "none"): N_("no exemption"),
    ("V-M7", "no"): N_("no"),
    ("V-M7", "yes"): N_("yes"),
    ("V-M8", "player"): N_("once per player"),
    ("V-M8", "side"): N_("once per side"),
}

# Translators: the empty field of a drop-down list, shown while nothing is chosen (Streamlit
# would write "Choose an option" in English).
CHOOSE = N_("Choose one")


def preset_label(preset: str, tr: Translator) -> str:
    return tr.gettext(PRESET_LABELS.get(preset, preset))


def option_value_label(option: str, value: str, tr: Translator) -> str:
    """Numbers (targets, penalties) are shown as numbers; the other values by name."""
    if value.isdigit():
        return tr.number(int(value))
    label = OPTION_VALUE_LABELS.get((option, value))
    return tr.gettext(label) if label else value
