"""The store's exceptions: what the UI catches to start fresh or to keep teaching unsaved.

Hierarchy::

    StoreError (TutorError)             base of everything the store raises on purpose
    ├── InvalidValue (ValueError)       an argument the store does not take (names it)
    ├── NotFound                        a key or code that is well-formed and unknown
    │   ├── UnknownLearner
    │   ├── UnknownClass
    │   └── UnknownDeviceCode           unknown, used or expired
    ├── MalformedKey (ValueError)       a learner key, class code or device code that cannot be one
    ├── WrongTeacherKey                 the class exists, the teacher's key does not match
    └── StoreUnavailable                the database cannot be reached, is locked or broke

Deriving from :class:`TutorError` lets the command line print any of them as one line.
"""

from __future__ import annotations

from tutor.engine.errors import TutorError


class StoreError(TutorError):
    """Base class of the store's deliberate errors."""


class InvalidValue(StoreError, ValueError):
    """An argument out of the store's bounds: the message names it."""


class MalformedKey(StoreError, ValueError):
    """Text that cannot be a learner key, a class code or a device code: start fresh."""


class NotFound(StoreError):
    """A well-formed key or code the store does not know (or no longer knows)."""


class UnknownLearner(NotFound):
    """No learner has this key (never had one, or was forgotten): start fresh."""


class UnknownClass(NotFound):
    """No class has this join code."""


class UnknownDeviceCode(NotFound):
    """A "continue on another device" code that is unknown, used already or expired."""


class WrongTeacherKey(StoreError):
    """The class exists but the teacher's key is not its key."""


class StoreUnavailable(StoreError):
    """The database is unreachable, locked too long or failed: progress is not saved.

    Nothing already stored is lost: the failed transaction is rolled back whole.
    """
