"""Boards packed into one integer, the search's currency: a move changes a packed board by
a few additions, and a set of them is cheap to keep.

>>> ours = [0] * 25
>>> ours[24], ours[1] = 15, -15
>>> key = state_key(ours, 0)
>>> board_of(key) == ours, pins_of(key)
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable

StateKey = int
"""A board in one side's own view, pins included, packed by :func:`state_key`."""


_BITS = 8
UNIT = tuple(1 << (_BITS * point) for point in range(25))
PINNED = 32
"""Added to a point's byte when a checker lies pinned beneath."""
PIN = tuple((2 + PINNED) * unit for unit in UNIT)
"""A lone checker of theirs (−1) becomes ours on top of it (+1, pinned)."""
RELEASE = tuple((1 + PINNED) * unit for unit in UNIT)
"""Our last checker leaves a pinned one: after the 1 the leaving takes, from 0 to −1, unpinned."""
BOARD = sum(1 << point for point in range(1, 25))
PIN_FLAGS = sum(PINNED << (_BITS * point) for point in range(1, 25))

def state_key(ours: list[int] | tuple[int, ...], pins: int) -> StateKey:
    """A board in one side's own view packed into one integer, one byte a point: the count
    (−15 to 15) plus 16, plus 32 when a checker lies pinned beneath. A move changes it by
    a few additions; :func:`board_of` and :func:`pins_of` read it back."""
    return int.from_bytes(packed(ours, pins), "little")


def packed(ours: list[int] | tuple[int, ...], pins: int) -> bytes:
    """The bytes of :func:`state_key`, point 0 first (always 0)."""
    cells = [count + 16 for count in ours]
    cells[0] = 0
    if pins:
        for point in bits(pins):
            cells[point] += PINNED
    return bytes(cells)


def mask(packed: bytes, digits: bytes) -> int:
    """The mask of the points whose byte ``digits`` translates to ``1``: a binary numeral
    written by ``bytes.translate``, highest point first."""
    return int(packed.translate(digits)[::-1], 2)


def _digits(test: Callable[[int, bool], bool]) -> bytes:
    """A translation table from a point's byte to ``1`` where ``test(count, pinned)``."""
    return bytes(
        ord("1") if byte and test((byte & 31) - 16, bool(byte & PINNED)) else ord("0") for byte in range(256)
    )


OURS = _digits(lambda count, pinned: count > 0)
OPEN = _digits(lambda count, pinned: count >= 0 or count == -1 and not pinned)
"""Open to land on: not held by them (two or more, or one on top of a pinned checker of ours)."""
PINS = _digits(lambda count, pinned: pinned)


def board_of(key: StateKey) -> list[int]:
    """The own-view board list of :func:`state_key` (index 0 unused)."""
    board = [(byte & 31) - 16 for byte in key.to_bytes(25, "little")]
    board[0] = 0
    return board


def pins_of(key: StateKey) -> int:
    """The pins mask of :func:`state_key`."""
    return mask(key.to_bytes(25, "little"), PINS) if key & PIN_FLAGS else 0


def _table(offset: int, size: int) -> list[tuple[int, ...]]:
    """For each number of ``size`` bits, the points ``offset + bit`` of its set bits, highest
    first: the numbers with the next bit set are those without it, that point before them."""
    rows: list[tuple[int, ...]] = [()]
    for bit in range(size):
        rows += [(offset + bit, *row) for row in rows]
    return rows


DOWN = (_table(16, 9), _table(8, 8), _table(0, 8))


def points_down(mask: int) -> tuple[int, ...]:
    """The set bits of a mask of points (0–24), highest first: three table look-ups."""
    high, middle, low = DOWN
    return high[mask >> 16] + middle[mask >> 8 & 255] + low[mask & 255]


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found

