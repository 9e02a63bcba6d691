"""The ways input to the engine can be wrong; the third, a play that is not allowed,
carries its reason as data: :class:`~.refusals.IllegalPlayError`, beside the reasons.

>>> from plakoto_site.engine import Position
>>> try:
...     Position.from_code("W:24x16;B:1x15")
... except PositionError as error:
...     print(error)
position code 'W:24x16;B:1x15' has 16 white checkers: at most 15
>>> from plakoto_site.engine import Dice
>>> try:
...     Dice.parse("53")
... except NotationError as error:
...     print(error)
cannot read the roll '53': write two dice like '5-3'
>>> issubclass(PositionError, EngineError) and issubclass(EngineError, ValueError)
True
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class: every engine error is a ``ValueError`` with a readable message."""


class PositionError(EngineError):
    """A position (JSON or code) that cannot exist: wrong counts, a pin with no owner above it."""


class NotationError(EngineError):
    """A play that cannot be read at all, e.g. ``'24/x'`` or ``'bar/20'``."""
