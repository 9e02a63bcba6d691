"""A roll of two dice.

>>> Dice.parse("3-5"), Dice(5, 3).numbers, Dice(2, 2).numbers
(Dice(5, 3), (5, 3), (2, 2, 2, 2))
>>> len(ALL_ROLLS), ALL_ROLLS[:3]
(21, (Dice(1, 1), Dice(2, 1), Dice(2, 2)))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError
from .pickling import quick_pickle

_ROLL = re.compile(r"^\s*([1-6])\s*[-–x/, ]\s*([1-6])\s*$")


@quick_pickle
@dataclass(frozen=True, slots=True, order=True)
class Dice:
    """Two dice, the larger first: ``Dice(6, 5)``; a double is played four times."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if not (1 <= self.low <= 6 and 1 <= self.high <= 6):
            raise NotationError(f"dice must be 1 to 6, not {self.high} and {self.low}")
        if self.low > self.high:
            high, low = self.low, self.high
            object.__setattr__(self, "high", high)
            object.__setattr__(self, "low", low)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read ``"5-3"`` (also ``"5 3"``, ``"53"`` is refused). Raises :class:`NotationError`."""
        match = _ROLL.match(text)
        if not match:
            raise NotationError(f"cannot read the roll {text!r}: write two dice like '5-3'")
        return cls(int(match[1]), int(match[2]))

    @classmethod
    def from_list(cls, values: object) -> Dice:
        """Read ``[5, 3]`` as given in JSON. Raises :class:`NotationError`."""
        if (
            not isinstance(values, list | tuple)
            or len(values) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        ):
            raise NotationError(f"dice must be a list of two numbers 1 to 6, not {values!r}")
        return cls(values[0], values[1])

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers to play: two, or four for a double."""
        return (self.high,) * 4 if self.is_double else (self.high, self.low)

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Dice({self.high}, {self.low})"


ALL_ROLLS: tuple[Dice, ...] = tuple(Dice(h, lo) for h in range(1, 7) for lo in range(1, h + 1))
"""The 21 different rolls."""
