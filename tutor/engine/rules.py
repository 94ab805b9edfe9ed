"""Rule sets as data: every number and switch of the rules, the named presets and the V- options.

A :class:`RuleSet` is a frozen value. Presets (``classic-4p``, ``classic-3p``, ``classic-2p``,
``modern-american``) are built by :func:`rule_set`, which also applies house-rule overrides given
by option id (``{"V-C1": "no-more-wild-than-natural"}``). Unknown presets, option ids and values
raise :class:`RuleSetError` naming what was wrong.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.engine.errors import RuleSetError
from tutor.engine.inputs import shown
from tutor.engine.verdict import HouseRule


class Family(enum.Enum):
    CLASSIC = "classic"
    MODERN = "modern"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One configurable house rule (RULES.md §1.5)."""

    id: str
    field: str
    rule: str
    values: tuple[str, ...]
    families: tuple[Family, ...]
    presets: tuple[str, ...] | None = None  # None: every preset of the families
    # The sources are silent and the default is the app's policy: every value is the table's.
    table_decides: bool = False


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "V-C1",
        "wild_limit",
        "C-MELD-2",
        ("three-wilds", "no-more-wild-than-natural"),
        (Family.CLASSIC,),
    ),
    OptionSpec("V-C2", "black_three", "C-PILE-8", ("stop", "freezes"), (Family.CLASSIC,)),
    OptionSpec("V-C3", "red_three_last", "C-END-2", ("no-meld", "may-meld"), (Family.CLASSIC,)),
    OptionSpec(
        "V-C4", "one_card_vs_forced", "C-END-4", ("prohibition", "obligation"), (Family.CLASSIC,)
    ),
    OptionSpec(
        "V-C5", "pile_onto_meld", "C-PILE-5", ("allowed", "two-cards-from-hand"), (Family.CLASSIC,)
    ),
    OptionSpec(
        "V-C6", "concealed_after_pile", "C-OUT-5", ("allowed", "no-bonus"), (Family.CLASSIC,)
    ),
    OptionSpec(
        "V-C7", "canastas_to_go_out", "C3-8", ("1", "2"), (Family.CLASSIC,), ("classic-3p",)
    ),
    OptionSpec(
        "V-C8", "red_threes_3p", "C3-7", ("personal", "pooled"), (Family.CLASSIC,), ("classic-3p",)
    ),
    OptionSpec(
        "V-C9", "stock_end_3p", "C3-10", ("continue", "end"), (Family.CLASSIC,), ("classic-3p",)
    ),
    OptionSpec(
        "V-C10",
        "target",
        "C-GAME-1",
        ("2500", "5000", "7500", "8500", "10000"),
        (Family.CLASSIC, Family.MODERN),
    ),
    OptionSpec(
        "V-C11",
        "ask_when",
        "C-OUT-4",
        ("after-draw", "before-or-after-draw"),
        (Family.CLASSIC,),
        ("classic-4p", "classic-3p"),
    ),
    OptionSpec("V-M1", "talon", "M-INIT-1", ("off", "on"), (Family.MODERN,)),
    OptionSpec(
        "V-M2",
        "partner_yes",
        "M-OUT-4",
        ("binding", "advisory"),
        (Family.MODERN,),
        table_decides=True,  # RULES.md: binding "yes" unconfirmed for Modern
    ),
    OptionSpec("V-M3", "four_joker_penalty", "M-SCORE-3", ("2500", "2000"), (Family.MODERN,)),
    OptionSpec(
        "V-M4", "out_with_incomplete_special", "M-OUT-5", ("allowed", "forbidden"), (Family.MODERN,)
    ),
    OptionSpec(
        "V-M5",
        "initial_meld_needs",
        "M-INIT-3",
        ("clean-or-wild", "clean-only", "three-naturals"),
        (Family.MODERN,),
    ),
    OptionSpec(
        "V-M6",
        "canasta_exemption",
        "M-INIT-4",
        ("natural-or-wild", "any", "none"),
        (Family.MODERN,),
    ),
    OptionSpec(
        "V-M7",
        "second_wild_meld",
        "M-MELD-7",
        ("no", "yes"),
        (Family.MODERN,),
        table_decides=True,  # RULES.md: sources silent; app policy
    ),
    OptionSpec("V-M8", "ask_once_per", "M-OUT-4", ("player", "side"), (Family.MODERN,)),
)
OPTIONS_BY_ID: dict[str, OptionSpec] = {spec.id: spec for spec in OPTIONS}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every number and switch the engine reads. Build one with :func:`rule_set`."""

    preset: str
    family: Family
    players: int
    deal_size: int
    draw_count: int
    upcard: bool
    # Initial-meld minimum: (lowest cumulative score of the band, minimum count), ascending.
    minimum_table: tuple[tuple[int, int], ...]
    min_naturals: int
    max_wilds: int
    max_meld_size: int | None
    canasta_size: int
    natural_canasta_bonus: int
    mixed_canasta_bonus: int
    red_three_value: int
    four_red_threes_value: int
    going_out_bonus: int
    concealed_bonus: int
    target: int
    canastas_to_go_out: int
    # V- options (string values as in OPTIONS)
    wild_limit: str = "three-wilds"
    black_three: str = "stop"
    red_three_last: str = "no-meld"
    one_card_vs_forced: str = "prohibition"
    pile_onto_meld: str = "allowed"
    concealed_after_pile: str = "allowed"
    red_threes_3p: str = "personal"
    stock_end_3p: str = "continue"
    ask_when: str = "after-draw"
    talon: str = "off"
    partner_yes: str = "binding"
    four_joker_penalty: str = "2500"
    out_with_incomplete_special: str = "allowed"
    initial_meld_needs: str = "clean-or-wild"
    canasta_exemption: str = "natural-or-wild"
    second_wild_meld: str = "no"
    ask_once_per: str = "player"

    is_modern: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_modern", self.family is Family.MODERN)

    @property
    def has_partners(self) -> bool:
        """Fixed partnerships (4 players); the 3-player partnership forms during the hand."""
        return self.players == 4

    def minimum_for(self, cumulative: int) -> int:
        """The initial-meld minimum for a cumulative score (C-INIT-1, M-INIT-1)."""
        minimum = self.minimum_table[0][1]
        for floor, value in self.minimum_table:
            if cumulative >= floor:
                minimum = value
        return minimum

    def option_value(self, option_id: str) -> str:
        spec = OPTIONS_BY_ID[option_id]
        value = getattr(self, spec.field)
        return str(value)

    def house_rule(self, option_id: str) -> HouseRule | None:
        """The option as a reason names it when it decides a point: its value is not the book's
        (the preset's default), or the book leaves the point to the table. Else None."""
        spec = OPTIONS_BY_ID[option_id]
        value = str(getattr(self, spec.field))
        if spec.table_decides or value != str(getattr(PRESETS[self.preset], spec.field)):
            return HouseRule(option_id, value)
        return None

    def applicable_options(self) -> tuple[OptionSpec, ...]:
        return tuple(spec for spec in OPTIONS if _applies(spec, self))

    def overrides(self) -> dict[str, str]:
        """The options that differ from the preset's defaults."""
        base = rule_set(self.preset)
        return {
            spec.id: self.option_value(spec.id)
            for spec in self.applicable_options()
            if self.option_value(spec.id) != base.option_value(spec.id)
        }

    @property
    def name(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.overrides().items()))
        return f"{self.preset}[{extra}]" if extra else self.preset

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": self.overrides()}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> RuleSet:
        if not isinstance(data, Mapping) or "preset" not in data:
            raise RuleSetError("rules: expected an object with 'preset' and optional 'options'")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RuleSetError("rules.options: expected an object of option id to value")
        if not isinstance(data["preset"], str) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()
        ):
            raise RuleSetError("rules: the preset and every option value are words in quotes")
        return rule_set(data["preset"], dict(options))


def _applies(spec: OptionSpec, rules: RuleSet) -> bool:
    if rules.family not in spec.families:
        return False
    return spec.presets is None or rules.preset in spec.presets


CLASSIC_MINIMUMS: tuple[tuple[int, int], ...] = ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120))
MODERN_MINIMUMS: tuple[tuple[int, int], ...] = ((-(10**9), 125), (3000, 155), (5000, 180))

_CLASSIC_4P = RuleSet(
    preset="classic-4p",
    family=Family.CLASSIC,
    players=4,
    deal_size=11,
    draw_count=1,
    upcard=True,
    minimum_table=CLASSIC_MINIMUMS,
    min_naturals=2,
    max_wilds=3,
    max_meld_size=None,
    canasta_size=7,
    natural_canasta_bonus=500,
    mixed_canasta_bonus=300,
    red_three_value=100,
    four_red_threes_value=800,
    going_out_bonus=100,
    concealed_bonus=200,
    target=5000,
    canastas_to_go_out=1,
)

PRESETS: dict[str, RuleSet] = {
    "classic-4p": _CLASSIC_4P,
    "classic-3p": replace(
        _CLASSIC_4P, preset="classic-3p", players=3, deal_size=13, draw_count=2, target=7500
    ),
    "classic-2p": replace(
        _CLASSIC_4P,
        preset="classic-2p",
        players=2,
        deal_size=15,
        draw_count=2,
        canastas_to_go_out=2,
    ),
    "modern-american": replace(
        _CLASSIC_4P,
        preset="modern-american",
        family=Family.MODERN,
        deal_size=13,
        upcard=False,
        minimum_table=MODERN_MINIMUMS,
        max_wilds=2,
        max_meld_size=7,
        canastas_to_go_out=2,
        target=8500,
    ),
}
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)


def rule_set(preset: str, overrides: Mapping[str, str] | None = None) -> RuleSet:
    """Build a preset's rule set with validated house-rule overrides.

    >>> rule_set("classic-2p").canastas_to_go_out
    2
    >>> rule_set("classic-4p", {"V-C1": "no-more-wild-than-natural"}).wild_limit
    'no-more-wild-than-natural'
    """
    base = PRESETS.get(preset)
    if base is None:
        raise RuleSetError(
            f"unknown preset {shown(preset)}: choose one of {', '.join(PRESET_NAMES)}"
        )
    changes: dict[str, Any] = {}
    for option_id, value in (overrides or {}).items():
        spec = OPTIONS_BY_ID.get(option_id)
        if spec is None:
            raise RuleSetError(
                f"unknown option {shown(option_id)}: known options are {', '.join(OPTIONS_BY_ID)}"
            )
        if not _applies(spec, base):
            raise RuleSetError(f"option {option_id} does not apply to preset {preset}")
        if value not in spec.values:
            raise RuleSetError(
                f"option {option_id}: {shown(value)} is not a value it takes "
                f"({', '.join(spec.values)})"
            )
        if spec.field in ("target", "canastas_to_go_out"):
            changes[spec.field] = int(value)
        else:
            changes[spec.field] = value
    return replace(base, **changes)


def parse_option(text: str) -> tuple[str, str]:
    """Parse ``V-C1=no-more-wild-than-natural`` from the command line."""
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise RuleSetError(f"option {shown(text)}: write it as ID=VALUE, e.g. V-C3=may-meld")
    return key.strip(), value.strip()
