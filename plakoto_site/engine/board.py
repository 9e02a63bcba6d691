"""The board itself: the checkers, the pins, the borne-off counts and the side to move, and
what the rules say of it (pips, bearing off, the end of the game). Playing from it is
:class:`~.position.Position`'s part, as python-chess's ``Board`` adds moves to its
``BaseBoard``.

>>> BasePosition.from_code("W:24x8,20,13x6;B:1x10,5x4,15;T:W").pips(Side.WHITE)
290
>>> BasePosition.from_code(START_CODE) == BasePosition.start(), list(POINTS)[-1]
(True, 24)
>>> info = next(BasePosition.start().points())
>>> isinstance(info, PointInfo), info
(True, PointInfo(point=1, owner=<Side.BLACK: 'black'>, count=15, pinned=None))
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from operator import neg
from typing import Self

from .errors import PositionError
from .limits import MAX_NUMBER_DIGITS, MAX_TEXT
from .pickling import quick_pickle
from .refusals import Refusal, bear_off_refusal
from .rules import CHECKERS, Outcome, game_over, may_bear_off
from .side import Point, RuleSet, Side

POINTS = range(1, 25)
START_CODE = "W:24x15;B:1x15;T:W"


@dataclass(frozen=True, slots=True)
class PointInfo:
    """One occupied point: who is on top, how many, and whose checker lies pinned beneath."""

    point: Point
    owner: Side
    count: int
    pinned: Side | None


@quick_pickle
@dataclass(frozen=True, slots=True)
class BasePosition:
    """A position, without the plays from it. ``board[0]`` is absolute point 1: White's
    counts positive, Black's negative; ``pinned`` holds the points where one checker of
    the other colour lies beneath the owner. Raises :class:`PositionError` when it cannot
    exist.

    The position carries its rule set, so the rules cannot be forgotten between calls:
    every play from it, and every position after, is judged by them. The rule set is not
    part of the interchange forms (code, JSON) nor of equality. Every constructor gives
    a value of the class it is called on: ``Position.start()`` a
    :class:`~.position.Position`.

    >>> BasePosition.start().pips(Side.WHITE)
    360
    >>> BasePosition([-15] + [0] * 22 + [15]).board == BasePosition.start().board  # a list is converted
    True
    """

    board: tuple[int, ...]
    pinned: frozenset[Point] = frozenset()
    white_off: int = 0
    black_off: int = 0
    turn: Side = Side.WHITE
    rules: RuleSet = field(default=RuleSet.PLAKOTO, compare=False)

    def __post_init__(self) -> None:
        # Immutable all the way down: a list or a set given by the caller is converted.
        if not isinstance(self.board, tuple):
            _set(self, "board", tuple(self.board))
        if not isinstance(self.pinned, frozenset):
            _set(self, "pinned", frozenset(self.pinned))
        _validate(self)

    # -- construction ------------------------------------------------------------------

    @classmethod
    def start(cls, turn: Side = Side.WHITE, rules: RuleSet = RuleSet.PLAKOTO) -> Self:
        """The opening position: 15 White on 24, 15 Black on 1."""
        return cls((-15,) + (0,) * 22 + (15,), frozenset(), 0, 0, turn, rules)

    @classmethod
    def from_json(cls, data: object, rules: RuleSet = RuleSet.PLAKOTO) -> Self:
        """Read the interchange form ``{"board", "pinned", "off", "turn"}`` of RULES.md."""
        if not isinstance(data, Mapping):
            raise PositionError(f"a position must be a JSON object, not {data!r}")
        unknown = set(data) - {"board", "pinned", "off", "turn"}
        if unknown:
            raise PositionError(f"unknown position field(s): {', '.join(sorted(unknown))}")
        board = data.get("board")
        if not isinstance(board, list) or len(board) != 24 or not all(_is_int(v) for v in board):
            raise PositionError("'board' must be a list of 24 whole numbers (index 0 = point 1)")
        pinned = data.get("pinned", [])
        if not isinstance(pinned, list) or not all(_is_int(p) for p in pinned):
            raise PositionError("'pinned' must be a list of point numbers")
        if len(set(pinned)) != len(pinned):
            raise PositionError("'pinned' lists a point twice: at most one checker is pinned there")
        off = data.get("off", {"white": 0, "black": 0})
        if not isinstance(off, Mapping) or set(off) - {"white", "black"}:
            raise PositionError("'off' must be {\"white\": n, \"black\": n}")
        white_off, black_off = off.get("white", 0), off.get("black", 0)
        if not _is_int(white_off) or not _is_int(black_off):
            raise PositionError("'off' counts must be whole numbers")
        return cls(
            tuple(board), frozenset(pinned), white_off, black_off, Side.parse(data.get("turn", "white")), rules
        )

    def to_json(self) -> dict[str, object]:
        """The interchange form; ``Position.from_json(p.to_json()) == p``."""
        return {
            "board": list(self.board),
            "pinned": sorted(self.pinned),
            "off": {"white": self.white_off, "black": self.black_off},
            "turn": "white" if self.turn is Side.WHITE else "black",
        }

    @classmethod
    def from_code(cls, code: str, rules: RuleSet = RuleSet.PLAKOTO) -> Self:
        """Read a position code such as ``W:24x8,20,13x6;B:1x10,5x4,15;P:15;T:W``, or ``start``.

        ``W``/``B`` list each side's checkers on top (absolute points, ``NxK`` for K
        checkers), ``P`` the points with a checker of the other colour pinned beneath,
        ``T`` the side to move. Checkers not listed are borne off. Raises
        :class:`PositionError`: each item is read and checked before the next.
        """
        if len(code) > MAX_TEXT:
            raise PositionError(f"a position code has at most {MAX_TEXT} characters")
        text = code.strip()
        if text.lower() == "start":
            return cls.start(rules=rules)
        sections: dict[str, str] = {}
        for part in filter(None, (s.strip() for s in text.split(";"))):
            key, colon, value = part.partition(":")
            key = key.strip().upper()
            if not colon or key not in ("W", "B", "P", "T"):
                raise PositionError(
                    f"cannot read position code {code!r}: section {part!r} should start with W:, B:, P: or T:"
                )
            if key in sections:
                raise PositionError(f"cannot read position code {code!r}: {key}: appears twice")
            sections[key] = value.strip()
        if "W" not in sections or "B" not in sections:
            raise PositionError(f"position code {code!r} needs both a W: and a B: section")
        board = [0] * 24
        for side in Side:
            for point, count in _read_points(code, sections[side.letter], allow_count=True):
                if board[point - 1]:
                    raise PositionError(f"position code {code!r}: point {point} is listed twice")
                board[point - 1] = side.sign * count
        pinned = frozenset(p for p, _ in _read_points(code, sections.get("P", ""), allow_count=False))
        turn = Side.parse(sections.get("T", "W"))
        on_board = {side: _on_board(board, pinned, side) for side in Side}
        off = {side: CHECKERS - on_board[side] for side in Side}
        for side in Side:
            if off[side] < 0:
                raise PositionError(
                    f"position code {code!r} has {on_board[side]} {side.value} checkers: at most 15"
                )
        return cls(tuple(board), pinned, off[Side.WHITE], off[Side.BLACK], turn, rules)

    def code(self) -> str:
        """The canonical position code; ``Position.from_code(p.code()) == p``."""
        white = [p for p in reversed(POINTS) if self.board[p - 1] > 0]
        black = [p for p in POINTS if self.board[p - 1] < 0]
        parts = [
            "W:" + ",".join(_point_text(p, self.board[p - 1]) for p in white),
            "B:" + ",".join(_point_text(p, -self.board[p - 1]) for p in black),
        ]
        if self.pinned:
            parts.append("P:" + ",".join(str(p) for p in sorted(self.pinned)))
        parts.append("T:" + self.turn.letter)
        return ";".join(parts)

    def __repr__(self) -> str:
        name = type(self).__name__
        if self.rules is RuleSet.PLAKOTO:
            return f"{name}.from_code({self.code()!r})"
        return f"{name}.from_code({self.code()!r}, {self.rules})"

    def with_rules(self, rules: RuleSet) -> Self:
        """The same position judged by another rule set."""
        return self if rules is self.rules else replace(self, rules=rules)

    def pass_turn(self) -> Self:
        """The same board with the other side to move: the turn of a player who cannot
        play (or passes where every move would draw)."""
        return replace(self, turn=self.turn.other)

    # -- reading -----------------------------------------------------------------------

    def off(self, side: Side) -> int:
        return self.white_off if side is Side.WHITE else self.black_off

    def owner(self, point: Point) -> Side | None:
        count = self.board[point - 1]
        return None if count == 0 else Side.WHITE if count > 0 else Side.BLACK

    def points(self) -> Iterator[PointInfo]:
        """Every occupied point, from 1 to 24."""
        for point in POINTS:
            owner = self.owner(point)
            if owner:
                beneath = owner.other if point in self.pinned else None
                yield PointInfo(point, owner, abs(self.board[point - 1]), beneath)

    def pinned_checkers(self, side: Side) -> list[Point]:
        """Absolute points where one of ``side``'s checkers lies pinned."""
        return sorted(p for p in self.pinned if self.owner(p) is side.other)

    def pips(self, side: Side) -> int:
        """Sum over the side's checkers on the board, pinned ones included, of their own
        point number. Borne-off checkers count 0."""
        sign = 1 if side is Side.WHITE else -1
        total = 0
        for point, count in enumerate(self.board, start=1):
            if count * sign > 0:  # the side's own checkers on top
                total += side.own(point) * abs(count)
            elif count and point in self.pinned:  # one of them pinned beneath the other side's
                total += side.own(point)
        return total

    def can_bear_off(self, side: Side) -> bool:
        """Whether ``side`` may bear off here: all its checkers on the board are in its
        home board and none of them is pinned."""
        return may_bear_off(*self._own_view(side))

    def bear_off_refusal(self, side: Side) -> Refusal | None:
        """Why ``side`` may not bear off here yet (a checker outside its home board, or one
        of its checkers pinned), or ``None`` when it may."""
        return bear_off_refusal(*self._own_view(side), side)

    def outcome(self, rules: RuleSet | None = None) -> Outcome | None:
        """How the game has ended in this position, or ``None`` while it goes on."""
        rules = self.rules if rules is None else rules
        ours, pins = self._own_view(Side.WHITE)
        decided = game_over(ours, pins, self.white_off, self.black_off, rules.has_mother_rule)
        if decided is None:
            return None
        white_wins, reason, points = decided
        winner = None if white_wins is None else Side.WHITE if white_wins else Side.BLACK
        return Outcome(reason, winner, points)

    def is_over(self, rules: RuleSet | None = None) -> bool:
        return self.outcome(rules) is not None

    # -- the own view, for the move generator ----------------------------------------------

    def _own_view(self, side: Side) -> tuple[list[int], int]:
        """``side``'s own view of the board: see :mod:`plakoto_site.engine.rules`."""
        pins = 0
        if side is Side.WHITE:
            ours = [0, *self.board]
            for point in self.pinned:
                pins |= 1 << point
        else:
            ours = [0, *map(neg, reversed(self.board))]
            for point in self.pinned:
                pins |= 1 << 25 - point
        return ours, pins

    @classmethod
    def _from_own_view(
        cls,
        side: Side,
        ours: list[int] | tuple[int, ...],
        pins: int,
        our_off: int,
        their_off: int,
        turn: Side,
        *,
        trusted: bool = False,
        rules: RuleSet = RuleSet.PLAKOTO,
    ) -> Self:
        """The inverse of :meth:`_own_view`, with borne-off counts and the side to move.
        ``trusted`` skips validation, for boards the move generator made from a valid one."""
        own_pinned = [p for p in POINTS if pins >> p & 1] if pins else []
        if side is Side.WHITE:
            board, pinned = tuple(ours[1:]), frozenset(own_pinned)
            white_off, black_off = our_off, their_off
        else:
            board = tuple([-v for v in ours[:0:-1]])
            pinned = frozenset([25 - p for p in own_pinned])
            white_off, black_off = their_off, our_off
        if not trusted:
            return cls(board, pinned, white_off, black_off, turn, rules)
        position = object.__new__(cls)
        _set(position, "board", board)
        _set(position, "pinned", pinned)
        _set(position, "white_off", white_off)
        _set(position, "black_off", black_off)
        _set(position, "turn", turn)
        _set(position, "rules", rules)
        return position


# -- helpers ---------------------------------------------------------------------------------

_set = object.__setattr__

_NUMBER = rf"(\d{{1,{MAX_NUMBER_DIGITS}}})"
_POINT_ITEM = re.compile(rf"^{_NUMBER}(?:\s*[x×]\s*{_NUMBER})?$")
"""A point, perhaps with a count: a few digits each, so that reading them is cheap."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _point_text(point: Point, count: int) -> str:
    return str(point) if count == 1 else f"{point}x{count}"


def _read_points(code: str, text: str, *, allow_count: bool) -> Iterator[tuple[Point, int]]:
    for item in filter(None, (s.strip() for s in text.split(","))):
        match = _POINT_ITEM.match(item.lower())
        if not match or (match[2] and not allow_count):
            hint = "a point like 13 or 13x5" if allow_count else "a point number"
            raise PositionError(f"cannot read {item!r} in position code {code!r}: write {hint}")
        point, count = int(match[1]), int(match[2] or 1)
        if point not in POINTS:
            raise PositionError(f"position code {code!r}: point {point} is outside 1–24")
        if count < 1:
            raise PositionError(f"position code {code!r}: {item!r} needs at least one checker")
        yield point, count


def _on_board(board: list[int] | tuple[int, ...], pinned: frozenset[Point], side: Side) -> int:
    on_top = sum(abs(v) for v in board if v * side.sign > 0)
    beneath = sum(1 for p in pinned if 1 <= p <= 24 and board[p - 1] * side.sign < 0)
    return on_top + beneath


def _validate(position: BasePosition) -> None:
    board, pinned = position.board, position.pinned
    if len(board) != 24:
        raise PositionError(f"a board has 24 points, not {len(board)}")
    for point in sorted(pinned):
        if point not in POINTS:
            raise PositionError(f"pinned point {point} is outside 1–24")
        if board[point - 1] == 0:
            raise PositionError(
                f"point {point} is listed as pinned but is empty: a pinned checker lies under an owner"
            )
    for side in Side:
        off = position.off(side)
        if not 0 <= off <= CHECKERS:
            raise PositionError(f"{side.value} has {off} checkers borne off: 0 to 15")
        total = _on_board(board, pinned, side) + off
        if total != CHECKERS:
            raise PositionError(
                f"{side.value} has {total} checkers (on the board, pinned and borne off): "
                f"each side has exactly 15"
            )
    if not isinstance(position.turn, Side):
        raise PositionError(f"turn must be a Side, not {position.turn!r}")
    if not isinstance(position.rules, RuleSet):
        raise PositionError(f"rules must be a RuleSet, not {position.rules!r}")


__all__ = ["POINTS", "START_CODE", "BasePosition", "PointInfo"]
