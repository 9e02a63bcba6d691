"""The three ways input to the engine can be wrong."""


class EngineError(ValueError):
    """Base class: every engine error is a ``ValueError`` with a readable message."""


class PositionError(EngineError):
    """A position (JSON or code) that cannot exist: wrong counts, a pin with no owner above it."""


class NotationError(EngineError):
    """A play that cannot be read at all, e.g. ``'24/x'`` or ``'bar/20'``."""


class IllegalPlayError(EngineError):
    """A play that can be read but is not allowed in this position with this roll."""
