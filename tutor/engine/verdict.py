"""Verdicts: legal or not, and the rule ids (with parameters) that decided it.

A verdict never holds prose. The explanation layer turns each :class:`Reason` into a sentence in
the learner's language from its ``rule`` id and ``params``. When a house-rule option decided the
point, the reason also names it (:class:`HouseRule`), so that a learner can tell the table's
house rule from the book's rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tutor.engine.errors import TutorError

if TYPE_CHECKING:
    from tutor.engine.actions import Action

ParamValue = int | str | bool


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A house-rule option (RULES.md §1.5) with its value at this table: ``V-C2=freezes``."""

    id: str
    value: str

    def __str__(self) -> str:
        return f"{self.id}={self.value}"

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "value": self.value}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> HouseRule:
        return HouseRule(str(data["id"]), str(data["value"]))


@dataclass(frozen=True, slots=True)
class Reason:
    """A rule id with the parameters that made it apply: ``C-INIT-1(minimum=50, count=45)``.

    ``option`` names the house rule that decided the point, when one did: its value is not the
    book's, or the book leaves the point to the table (``RuleSet.house_rule``).
    """

    rule: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    option: HouseRule | None = None

    @staticmethod
    def of(rule: str, **params: ParamValue) -> Reason:
        return _reason(rule, tuple(params.items()), None)

    def under(self, option: HouseRule | None) -> Reason:
        """The same reason, decided by ``option`` (unchanged when ``option`` is None)."""
        return self if option is None else _reason(self.rule, self.params, option)

    @property
    def param_map(self) -> dict[str, ParamValue]:
        return dict(self.params)

    def __str__(self) -> str:
        text = self.rule
        if self.params:
            inner = ", ".join(f"{key}={value}" for key, value in self.params)
            text = f"{text}({inner})"
        return f"{text}[{self.option}]" if self.option is not None else text

    def to_json(self) -> dict[str, Any]:
        """``{"rule", "params"}``, plus ``"option": {"id", "value"}`` only when one decided."""
        data: dict[str, Any] = {"rule": self.rule, "params": dict(self.params)}
        if self.option is not None:
            data["option"] = self.option.to_json()
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Reason:
        option = data.get("option")
        reason = Reason.of(str(data["rule"]), **dict(data.get("params", {})))
        return reason.under(HouseRule.from_json(option) if option is not None else None)


def _reason(rule: str, params: tuple[tuple[str, ParamValue], ...], option: HouseRule | None
            ) -> Reason:
    """``Reason(rule, params, option)`` without the frozen ``__init__``'s checked writes: the
    judge makes tens of reasons per move. The slots are written once, here, as ``__init__``
    would."""
    reason = _new(Reason)
    _set_rule(reason, rule)
    _set_params(reason, params)
    _set_option(reason, option)
    return reason


_new = object.__new__
_slot = vars(Reason)  # the slots' own descriptors
_set_rule, _set_params, _set_option = (_slot[n].__set__ for n in ("rule", "params", "option"))


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's ruling on one action in one position.

    ``forbidding`` lists every rule that forbids the action (empty when legal); ``permitting`` lists
    the rules that made a legal action legal.
    """

    action: Action
    forbidding: tuple[Reason, ...] = ()
    permitting: tuple[Reason, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.forbidding

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(r.rule for r in (self.forbidding or self.permitting))

    def __str__(self) -> str:
        if self.legal:
            because = ", ".join(str(r) for r in self.permitting)
            return f"legal: {self.action} ({because})"
        because = ", ".join(str(r) for r in self.forbidding)
        return f"illegal: {self.action} ({because})"

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "legal": self.legal,
            "forbidding": [r.to_json() for r in self.forbidding],
            "permitting": [r.to_json() for r in self.permitting],
        }


class IllegalActionError(TutorError, ValueError):
    """A well-formed action that the rules forbid in this position.

    ``verdict`` holds the rule ids (with parameters) that forbid it.
    """

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        reasons = ", ".join(str(reason) for reason in verdict.forbidding)
        super().__init__(f"illegal action {verdict.action}: {reasons}")
