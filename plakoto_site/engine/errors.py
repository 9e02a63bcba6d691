"""The three ways input to the engine can be wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .refusals import Refusal


class EngineError(ValueError):
    """Base class: every engine error is a ``ValueError`` with a readable message."""


class PositionError(EngineError):
    """A position (JSON or code) that cannot exist: wrong counts, a pin with no owner above it."""


class NotationError(EngineError):
    """A play that cannot be read at all, e.g. ``'24/x'`` or ``'bar/20'``."""


class IllegalPlayError(EngineError):
    """A play that can be read but is not allowed in this position with this roll.

    ``refusal`` says why as data (its ``why`` is the kind of reason), ``code`` is the
    position code and ``text`` the play as written."""

    def __init__(self, message: str, refusal: Refusal | None = None, code: str = "", text: str = "") -> None:
        super().__init__(message)
        self.refusal = refusal
        self.code = code
        self.text = text
