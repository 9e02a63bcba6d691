"""The two sides and the two rule sets.

>>> point: Point = 13
>>> Side.BLACK.own(point), Side.WHITE.other, RuleSet.parse(" Mahbusa ")
(12, <Side.BLACK: 'black'>, <RuleSet.TAPA: 'tapa'>)
"""

from __future__ import annotations

from enum import Enum

from .errors import PositionError

Point = int
"""A point number, 1 to 24. Absolute (White's) numbering unless a name says ``own``."""


class Side(Enum):
    """White moves from 24 down to 1; Black from 1 up to 24 (absolute numbering)."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def sign(self) -> int:
        """+1 for White, -1 for Black: the sign of this side's counts in ``Position.board``."""
        return 1 if self is Side.WHITE else -1

    @property
    def letter(self) -> str:
        return "W" if self is Side.WHITE else "B"

    def own(self, point: Point) -> Point:
        """This side's own number for an absolute point (and back: the map is its own inverse)."""
        return point if self is Side.WHITE else 25 - point

    @classmethod
    def parse(cls, text: object) -> Side:
        """Read ``"white"``/``"black"`` (or ``W``/``B``). Raises :class:`PositionError`."""
        value = str(text).strip().lower()
        for side in cls:
            if value in (side.value, side.value[0]):
                return side
        raise PositionError(f"unknown side {text!r}: write 'white' or 'black'")


class RuleSet(Enum):
    """Two rule sets share one engine; they differ only in the mother rule."""

    PLAKOTO = "plakoto"
    """Greece: the mother rule applies."""
    TAPA = "tapa"
    """Bulgaria, North Macedonia, Cyprus, and the Levantine mahbusa: no mother rule."""

    @property
    def has_mother_rule(self) -> bool:
        return self is RuleSet.PLAKOTO

    @classmethod
    def parse(cls, text: object) -> RuleSet:
        """Read ``"plakoto"`` or ``"tapa"`` (``"mahbusa"`` is Tapa). Raises :class:`PositionError`."""
        value = str(text).strip().lower()
        if value == "mahbusa":
            return cls.TAPA
        for rules in cls:
            if value == rules.value:
                return rules
        raise PositionError(f"unknown rule set {text!r}: write 'plakoto' or 'tapa'")
