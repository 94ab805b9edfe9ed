"""Verdicts: legal or not, and the rule ids (with parameters) that decided it.

A verdict never holds prose. The explanation layer turns each :class:`Reason` into a sentence in
the learner's language from its ``rule`` id and ``params``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tutor.engine.actions import Action

ParamValue = int | str | bool


@dataclass(frozen=True, slots=True)
class Reason:
    """A rule id with the parameters that made it apply: ``C-INIT-1(minimum=50, count=45)``."""

    rule: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    @staticmethod
    def of(rule: str, **params: ParamValue) -> Reason:
        return Reason(rule, tuple(params.items()))

    @property
    def param_map(self) -> dict[str, ParamValue]:
        return dict(self.params)

    def __str__(self) -> str:
        if not self.params:
            return self.rule
        inner = ", ".join(f"{key}={value}" for key, value in self.params)
        return f"{self.rule}({inner})"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "params": dict(self.params)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Reason:
        return Reason.of(str(data["rule"]), **dict(data.get("params", {})))


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
