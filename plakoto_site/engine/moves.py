"""One checker move: as a value (:class:`Move`), as the search makes it (:func:`step`), and
written in notation (:func:`format_path`), the canonical form of RULES.md.

>>> format_path(((24, 18, 6, False), (18, 13, 5, False)))
'24/13'
>>> format_path(((20, 15, 5, True), (13, 10, 3, False)))
'20/15* 13/10'
>>> str(Move.from_own(Side.WHITE, 3, OFF, 5)), OFF
('3/off', 0)
>>> from plakoto_site.engine import Dice, Position, format_moves
>>> format_moves(Position.start().parse_play("24/18 24/19", Dice(6, 5)).moves)
'24/19 24/18'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .side import Point, Side

OFF = 0
"""``Move.end`` for a checker borne off."""
Path = tuple[tuple[int, int, int, bool], ...]
"""Checker moves as ``(start, end, number, pins)`` tuples in the mover's own numbering,
cheap to build while searching."""


@dataclass(frozen=True, slots=True)
class Move:
    """One checker of ``side`` moved by one number, in absolute numbering like
    :class:`~.position.Position`; ``end`` is :data:`OFF` (0) for a checker borne off.
    ``str(move)`` is notation, which RULES.md writes in the mover's own numbering.

    >>> move = Move.from_own(Side.BLACK, 24, 21, 3)
    >>> move.start, move.end, move.own(), str(move)
    (1, 4, (24, 21), '24/21')
    """

    side: Side
    start: Point
    end: Point
    number: int
    pins: bool = False

    @classmethod
    def from_own(cls, side: Side, start: int, end: int, number: int, pins: bool = False) -> Move:
        """The move written in ``side``'s own numbering (``end`` 0 is off)."""
        return cls(side, side.own(start), OFF if end == OFF else side.own(end), number, pins)

    def own(self) -> tuple[int, int]:
        """``(start, end)`` in the mover's own numbering (``end`` 0 is off)."""
        return self.side.own(self.start), OFF if self.end == OFF else self.side.own(self.end)

    def __str__(self) -> str:
        start, end = self.own()
        return f"{start}/{'off' if end == OFF else end}{'*' if self.pins else ''}"


class OwnMove(NamedTuple):
    """One checker move in the mover's own numbering, as the search and the walks use it."""

    start: int
    end: int
    number: int
    pins: bool = False


def step(ours: list[int], pins: int, start: int, number: int) -> tuple[list[int], int, OwnMove]:
    """Move our checker on own point ``start`` by ``number``; the caller has checked it is
    allowed. Returns the new board and pins, and the move (with ``pins`` set if it pinned)."""
    after = ours.copy()
    after[start] -= 1
    if after[start] == 0 and pins >> start & 1:
        # The last pinner leaves: the pinned checker is free at once.
        after[start] = -1
        pins &= ~(1 << start)
    end = start - number
    if end < 1:
        return after, pins, OwnMove(start, OFF, number)
    if after[end] == -1:
        after[end] = 1
        return after, pins | 1 << end, OwnMove(start, end, number, True)
    after[end] += 1
    return after, pins, OwnMove(start, end, number)

# -- notation out ------------------------------------------------------------------------------


def _chains(path: Path) -> list[list[tuple[int, int, int, bool]]]:
    """Join one checker's consecutive moves: a move that starts where a chain ended continues it."""
    chains: list[list[tuple[int, int, int, bool]]] = []
    for move in path:
        for chain in reversed(chains):
            end = chain[-1][1]
            if end == move[0] and end != OFF:
                chain.append(move)
                break
        else:
            chains.append([move])
    return chains


def _chain_text(chain: list[tuple[int, int, int, bool]]) -> str:
    if len(chain) == 1 and chain[0] in _MOVE_TEXT:
        return _MOVE_TEXT[chain[0]]
    parts = [str(chain[0][0])]
    for move in chain[:-1]:
        if move[3]:
            parts.append(f"{move[1]}*")
    _, end, _, pins = chain[-1]
    parts.append(("off" if end == OFF else str(end)) + ("*" if pins else ""))
    return "/".join(parts)


_MOVE_TEXT = {
    (start, max(start - number, OFF), number, pins): f"{start}/{start - number if start > number else 'off'}"
    + ("*" if pins else "")
    for start in range(1, 25)
    for number in range(1, 7)
    for pins in ((False, True) if start > number else (False,))
}
"""Every single checker move's text, such as ``(13, 7, 6, True)``: ``13/7*``."""


def format_path(path: Path) -> str:
    """``24/18(2) 13/7*``: chains joined, highest start first, identical moves grouped.
    Of two checkers landing on one point, the one that pinned comes first: ``20/15* 20/15``."""
    if len(path) == 2:
        return _two_moves(path[0], path[1])
    if len(path) == 1:
        return _chain_text([path[0]])
    keyed = sorted([
        (-chain[0][0], -chain[-1][1], not chain[-1][3], _chain_text(chain)) for chain in _chains(path)
    ])
    counts: dict[str, int] = {}  # identical texts sort next to each other
    for *_, text in keyed:
        counts[text] = counts.get(text, 0) + 1
    return " ".join([text if count == 1 else f"{text}({count})" for text, count in counts.items()])


def _two_moves(first: tuple[int, int, int, bool], second: tuple[int, int, int, bool]) -> str:
    """:func:`format_path` for the commonest play, two checker moves."""
    if first[1] == second[0] and first[1] != OFF:
        return _chain_text([first, second])
    one, two = _chain_text([first]), _chain_text([second])
    if one == two:
        return f"{one}(2)"
    if (-first[0], -first[1], not first[3], one) > (-second[0], -second[1], not second[3], two):
        one, two = two, one
    return f"{one} {two}"


def format_moves(moves: tuple[Move, ...]) -> str:
    """The canonical notation of checker moves: see :func:`format_path`."""
    return format_path(tuple((*m.own(), m.number, m.pins) for m in moves))
