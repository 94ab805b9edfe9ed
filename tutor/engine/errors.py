"""The engine's exceptions.

Hierarchy::

    TutorError                      base of everything the engine raises on purpose
    ├── NotationError (ValueError)  text that is not a card, action, rule option or position
    ├── PositionError (ValueError)  a position or record that is well-formed text but impossible
    ├── RuleSetError (ValueError)   an unknown preset, option or option value
    └── IllegalActionError (ValueError)
                                    a well-formed action the rules forbid here; carries the Verdict
                                    (defined with the Verdict in :mod:`tutor.engine.verdict`, so
                                    this module imports nothing and no circle runs through it)

Every error leaves the state it was raised from unchanged (states are immutable values).

An error may carry a ``code`` and parameters (cards as :class:`~tutor.engine.cards.Card`
values, ranks as :class:`~tutor.engine.cards.Rank`, never notation): what is wrong, as data,
for tutor.words to say in the learner's language. The message stays what a file's author reads
(it names the field, ``sides[0].melds[1]``); a learner never sees it but in a details fold.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


class TutorError(Exception):
    """Base class of the engine's deliberate errors."""

    code: str = ""  # "" when no code says what is wrong

    def __init__(self, *args: object, code: str = "", **params: object) -> None:
        super().__init__(*args)
        self.code = code
        self.params: Mapping[str, object] = MappingProxyType(dict(params))


class NotationError(TutorError, ValueError):
    """Text that cannot be read as a card, an action, an option or a position."""


class PositionError(TutorError, ValueError):
    """A position, record or action that does not fit the game it is applied to."""


class RuleSetError(TutorError, ValueError):
    """An unknown preset, an unknown option id or a value the option does not take."""
