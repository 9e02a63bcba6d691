"""Moves, plays and the legal-play generator.

The generator is the one place that knows how checkers may move: pins and releases,
bearing off, "play as many numbers as possible" and the end of the game. Parsing
(:mod:`.notation`) only matches what a person wrote against what this module allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from .dice import Dice
from .errors import PositionError
from .pickling import quick_pickle
from .position import Position
from .rules import (
    CHECKERS,
    Outcome,
    Reason,
    blocked_pins,
    game_over,
    pinned_own_checker,
)
from .side import Point, RuleSet, Side

OFF = 0
"""``Move.end`` for a checker borne off."""

StateKey = int
"""A board in one side's own view, pins included, packed by :func:`state_key`."""


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


class _Turn(NamedTuple):
    """What the plays of one roll share: the position, the roll, and how the game ended
    (``None`` for every play that goes on)."""

    before: Position
    dice: Dice
    ended: Outcome | None


@quick_pickle
@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: who played which roll, its checker moves in order, and the position
    it leads to (the turn passed to the other side). ``outcome`` is set when it ends the game.

    The generator makes thousands of these a second, so a play keeps the search's raw
    data (private) and builds ``moves`` and ``position`` from it on each use; keep them in
    a variable when you need them more than once. What the plays of one roll share is
    one value they all hold (``_turn``), and what the search found is the pair its
    table already holds: two slots to fill a play, not five.
    """

    _turn: _Turn
    """The position played from, the roll, and the outcome if the play ends the game."""
    _found: tuple[StateKey, Path] = field(repr=False)
    """What the search found: the packed board after the play (:func:`state_key`) and
    the checker moves, ``(start, end, number, pins)`` in own numbering."""

    @property
    def _state(self) -> StateKey:
        return self._found[0]

    @property
    def _path(self) -> Path:
        return self._found[1]

    @property
    def before(self) -> Position:
        """The position the play was made from."""
        return self._turn.before

    @property
    def dice(self) -> Dice:
        return self._turn.dice

    @property
    def ended(self) -> Outcome | None:
        """How the game ended during the play, if it did (the generator knows this)."""
        return self._turn.ended

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended during the play (a win or a draw), or ``None``."""
        return self._turn.ended

    @property
    def side(self) -> Side:
        return self._turn.before.turn

    @property
    def moves(self) -> tuple[Move, ...]:
        """The checker moves in the order played (absolute numbering, like positions)."""
        side = self.side
        return tuple(Move.from_own(side, *move) for move in self._path)

    @property
    def position(self) -> Position:
        """The position after the play, the other side to move."""
        before, key = self._turn.before, self._state
        side = before.turn
        our_off = before.off(side) + sum(1 for move in self._path if move[1] == OFF)
        return Position._from_own_view(
            side, board_of(key), pins_of(key), our_off, before.off(side.other), side.other, trusted=True,
            rules=before.rules,
        )

    def notation(self) -> str:
        """The canonical form of RULES.md: highest start first, ``(n)`` groups, ``*`` pins."""
        return format_path(self._path)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<Play {self.side.value} {self.dice} {self.notation()!r}>"


# -- one checker move -------------------------------------------------------------------------


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


# -- the generator ------------------------------------------------------------------------------


def legal_plays(position: Position, dice: Dice, rules: RuleSet | None = None) -> list[Play]:
    """Every legal play of ``dice`` for the side to move, one per distinct resulting position,
    judged by the position's rule set (or ``rules``, which the positions after then carry).

    An empty list means nothing can be played. Raises :class:`PositionError` if the game
    is already over.
    """
    if rules is not None:
        position = position.with_rules(rules)
    side = position.turn
    ours, pins = position._own_view(side)
    our_off, their_off, mother = position.off(side), position.off(side.other), position.rules.has_mother_rule
    # Only a pin or the last checker borne off can have ended the game (the cheap test first).
    if (pins or CHECKERS in (our_off, their_off)) and game_over(ours, pins, our_off, their_off, mother):
        raise PositionError(f"the game is already over ({position.outcome()})")
    ending, finals = _Search(ours, pins, our_off, their_off, dice, mother).run()
    return _make_plays(position, dice, ending, finals)


Path = tuple[tuple[int, int, int, bool], ...]
"""Checker moves as ``(start, end, number, pins)`` tuples, cheap to build while searching."""
Decided = tuple[bool | None, Reason, int]
Ending = dict[StateKey, tuple[Path, Decided]]
"""The plays that end the game, each board with the first moves found to reach it."""
Finals = dict[StateKey, Path]
"""The plays that go on, each board with the first moves found to reach it."""
_IN_HOME = 1 << 7
"""A mask of own points below this has every point in the home board (1–6)."""


class _Search:
    """Walk every order of checker moves depth first, each (board, numbers left) once, and
    keep the plays the rules allow: see :func:`_choose`.

    The board is one list, changed in place before going deeper and put back after (make,
    unmake); the rest of a node travels as arguments: the packed board of
    :func:`state_key`, the pins and the points we hold as bit masks, the borne-off count
    and the moves so far. Where a checker may land never changes during a turn (no move of
    ours closes a point, and our pinned checkers stay pinned), so the points each number
    may start from are one mask, computed once (:func:`_starts_for`).
    """

    def __init__(
        self, ours: list[int], pins: int, our_off: int, their_off: int, dice: Dice, mother: bool
    ) -> None:
        self.ours = ours
        self.pins = pins
        self.our_off = our_off
        self.their_off = their_off
        self.dice = dice
        self.mother = mother
        self.high = dice.high
        self.two_numbers = not dice.is_double
        self.stuck = pins != 0 and pinned_own_checker(ours, pins) != 0
        """One of our checkers is pinned: we cannot bear off, and only then can the board block."""
        self.may_end = not _nothing_can_end(ours, pins, our_off, mother)
        """Some move of this turn might end the game: else no move is tested for it."""
        self.packed = _packed(ours, pins)
        self.starts_for = _starts_for(_mask(self.packed, _OPEN))
        self.choices = _CHOICES[dice.high, dice.low]
        self.by_depth: list[Finals] = [{}, {}, {}] if self.two_numbers else [{}, {}, {}, {}, {}]
        self.high_first: set[StateKey] = set()
        self.ending: Ending = {}
        self.walked_high = 0
        """The starts of the larger number's first moves that were walked on (not doubles)."""

    def run(self) -> tuple[Ending, Finals]:
        root = int.from_bytes(self.packed, "little")
        self.by_depth[0][root] = ()
        starts = _mask(self.packed, _OURS)
        if not self.two_numbers and not self.may_end:
            self.double(root, self.pins, starts, 4, ())
        else:
            numbers = (self.high, self.dice.low) if self.two_numbers else (self.high,) * 4
            self.explore(root, self.pins, starts, self.our_off, numbers, ())
        return _choose(self.two_numbers, self.by_depth, self.high_first, self.ending)

    def moves(self, starts: int, number: int, movable: int, skip: int = 0) -> tuple[int, ...]:
        """The own points a checker may move from with ``number``, highest first: those of
        ``movable`` (a part of ``starts``, the points we hold) the rules allow, less those in
        ``skip``, whose moves reach boards already found (:meth:`skip_after`)."""
        movable_by = movable & self.starts_for[number] & ~skip
        high, middle, low = _DOWN  # _points_down(), inlined
        found = high[movable_by >> 16] + middle[movable_by >> 8 & 255] + low[movable_by & 255]
        if starts < _IN_HOME and not self.stuck:
            bear = _bear_off_start(starts, number)
            if movable >> bear & 1:
                found += (bear,)
        return found

    def explore(self, key: int, pins: int, starts: int, off: int, numbers: tuple[int, ...], path: Path) -> None:
        """Try each next checker move from a node with two numbers or more to play, and go
        on from each board not met before with the same numbers left."""
        ours, unit, stuck, mother, may_end = self.ours, _UNIT, self.stuck, self.mother, self.may_end
        depth = len(path) + 1
        record = self.by_depth[depth]
        for number, rest in self.choices[numbers]:
            for start in self.moves(starts, number, starts):
                # One checker move, as step() makes it, inlined: this loop and finish() are
                # the engine's hot path. The tree and naive-engine tests hold them to step().
                end = start - number
                count = ours[start]
                left = count - 1
                after_key, after_pins, after_starts, after_off, pinned = key - unit[start], pins, starts, off, False
                if not left:
                    after_starts ^= 1 << start
                    if pins >> start & 1:  # the last pinner leaves: the pinned checker is free
                        left = -1
                        after_key -= _RELEASE[start]
                        after_pins ^= 1 << start
                there = 0
                if end < 1:
                    end, after_off = OFF, off + 1
                else:
                    there = ours[end]
                    if there == -1:  # a lone checker of theirs (starts_for left out pinning ones)
                        after_key += _PIN[end]
                        after_pins |= 1 << end
                        pinned = True
                    else:
                        after_key += unit[end]
                    if there <= 0:
                        after_starts |= 1 << end
                move = (start, end, number, pinned)
                # The game can end only by bearing off the last checker; by the mother rule,
                # when our last checker leaves our 24 while their mother lies pinned, or when
                # we pin on our 1 (perhaps their mother); or on a blocked board, which needs
                # one of ours pinned and all the others home: cheap tests before the full check,
                # and none where no move of this turn can end the game (:func:`_nothing_can_end`).
                if may_end and (
                    mother and (start == 24 and count == 1 and pins & 2 or pinned and end == 1)
                    or after_off == CHECKERS
                    or stuck and after_starts < _IN_HOME and blocked_pins(after_pins)
                ):
                    decided = self.ends(pins, off, start, number)
                    if decided:
                        self.ending.setdefault(after_key, (path + (move,), decided))
                        continue
                if after_key in record:
                    continue
                walked = record[after_key] = path + (move,)
                if depth == 1 and number == self.high and self.two_numbers:
                    self.high_first.add(after_key)
                ours[start] = left
                if end:
                    ours[end] = 1 if pinned else there + 1
                if len(rest) > 1:
                    self.explore(after_key, after_pins, after_starts, after_off, rest, walked)
                else:
                    skip = self.skip_after(number, start, end) if depth == 1 and self.two_numbers else 0
                    self.finish(after_key, after_pins, after_starts, after_off, rest[0], walked, skip)
                ours[start] = count
                if end:
                    ours[end] = there

    def finish(self, key: int, pins: int, starts: int, off: int, number: int, path: Path, skip: int) -> None:
        """Try each move of the last number, keeping each board not found before: the move
        of :meth:`explore` without what only a next move would need."""
        ours, unit, stuck, mother, may_end = self.ours, _UNIT, self.stuck, self.mother, self.may_end
        record = self.by_depth[len(path) + 1]
        plain, pinning = _STEPS[number]
        for start in self.moves(starts, number, starts, skip):
            end = start - number
            after_key = key - unit[start]
            last = ours[start] == 1
            if last and pins >> start & 1:
                after_key -= _RELEASE[start]
            pinned = False
            if end < 1:
                end = OFF
            elif ours[end] == -1:
                after_key += _PIN[end]
                pinned = True
            else:
                after_key += unit[end]
            # As in explore(), with what the pins and our points can be after the move.
            if may_end and (
                mother and (start == 24 and last and pins & 2 or pinned and end == 1)
                or end == OFF and off + 1 == CHECKERS
                or stuck and end <= 6 and starts & ~(1 << start) < _IN_HOME and blocked_pins(pins | 1 << end)
            ):
                decided = self.ends(pins, off, start, number)
                if decided:
                    self.ending.setdefault(after_key, (path + ((start, end, number, pinned),), decided))
                    continue
            if after_key not in record:
                record[after_key] = path + (pinning if pinned else plain)[start]

    def double(self, key: int, pins: int, starts: int, left: int, path: Path) -> None:
        """Walk a double's moves where nothing can end the game, in the one order that
        needs walking: each move starts no higher than the one before.

        There the order of a double's moves cannot matter: closed points stay closed and
        open ones open during a turn, and moving the higher checkers first is the order
        that lets the most bear off (the naive-enumerator tests hold this to every order).
        So each set of moves is met once, and each makes its own board (what left each
        point, read from the highest point down, says which moves were played): no board
        is met twice, and no move needs the game-over tests of :meth:`explore`."""
        ours, unit, number = self.ours, _UNIT, self.high
        record = self.by_depth[5 - left]
        plain, pinning = _STEPS[number]
        for start in self.moves(starts, number, starts & (2 << path[-1][0]) - 1 if path else starts):
            # One checker move, as in explore().
            end = start - number
            count = ours[start]
            after_key = key - unit[start]
            released = count == 1 and pins >> start & 1
            if released:
                after_key -= _RELEASE[start]
            there, pinned = 0, False
            if end < 1:
                end = OFF
            else:
                there = ours[end]
                pinned = there == -1
                after_key += _PIN[end] if pinned else unit[end]
            walked = record[after_key] = path + (pinning if pinned else plain)[start]
            if left == 1:
                continue
            after_pins = pins ^ 1 << start if released else pins
            after_starts = starts ^ 1 << start if count == 1 else starts
            if pinned:
                after_pins |= 1 << end
            if end and there <= 0:
                after_starts |= 1 << end
            ours[start] = -1 if released else count - 1
            if end:
                ours[end] = 1 if pinned else there + 1
            self.double(after_key, after_pins, after_starts, left - 1, walked)
            ours[start] = count
            if end:
                ours[end] = there

    def skip_after(self, number: int, start: int, end: int) -> int:
        """Which last moves need not be tried after this first move of two different
        numbers. A first move of the larger number that was walked on is tried again as the
        second move after each first move of the smaller; where neither bears off, the two
        moves make the same board in either order (no move of ours closes a point, and a
        pin and a release on one point cancel alike), and that board was already found
        with the larger number first."""
        if number == self.high:
            if end:
                self.walked_high |= 1 << start
            return 0
        return self.walked_high if end else 0

    def ends(self, pins: int, off: int, start: int, number: int) -> Decided | None:
        """Whether moving the checker on ``start`` by ``number`` ends the game, by
        :func:`step` and :func:`~.rules.game_over` (``self.ours`` is the board before)."""
        after, after_pins, move = step(self.ours, pins, start, number)
        return game_over(after, after_pins, off + (move.end == OFF), self.their_off, self.mother)


def _starts_for(open_points: int) -> list[int]:
    """For each number 1–6 (index 0 unused), the mask of own points a checker may move
    from with it to a point on the board, given the mask of points open to land on."""
    return [open_points << number & _BOARD for number in range(7)]


def _bear_off_start(starts: int, number: int) -> int:
    """The own point whose checker ``number`` bears off (:func:`~.rules.bears_off`), with
    every checker home: the one on point ``number``, or with none there and none higher,
    the highest one; 0 for none."""
    if starts >> number & 1:
        return number
    if starts < 1 << number:
        return starts.bit_length() - 1
    return 0


def _nothing_can_end(ours: list[int], pins: int, our_off: int, mother: bool) -> bool:
    """Whether no move of this turn (four at most) can end the game: the last checker
    cannot be borne off; no mother can be lost or drawn (their mother is neither pinned
    nor alone, or we cannot leave our own starting point); and the board cannot block
    (that needs one of our checkers pinned and all of theirs on top in their home)."""
    if our_off + 4 >= CHECKERS:
        return False
    if mother and (pins & 2 and ours[1] > 0 or ours[1] == -1 and not pins & 2) and ours[24] <= 4:
        return False
    if pinned_own_checker(ours, pins) and all(ours[point] >= 0 for point in range(1, 19)):
        return False
    return True


# -- packed boards -------------------------------------------------------------------------------

_BITS = 8
_UNIT = tuple(1 << (_BITS * point) for point in range(25))
_PINNED = 32
"""Added to a point's byte when a checker lies pinned beneath."""
_PIN = tuple((2 + _PINNED) * unit for unit in _UNIT)
"""A lone checker of theirs (−1) becomes ours on top of it (+1, pinned)."""
_RELEASE = tuple((1 + _PINNED) * unit for unit in _UNIT)
"""Our last checker leaves a pinned one: after the 1 the leaving takes, from 0 to −1, unpinned."""
_BOARD = sum(1 << point for point in range(1, 25))
_PIN_FLAGS = sum(_PINNED << (_BITS * point) for point in range(1, 25))


_STEPS = tuple(
    tuple(
        tuple(((start, max(start - number, OFF), number, pins),) for start in range(25))
        for pins in (False, True)
    )
    for number in range(7)
)
"""``_STEPS[number][pins][start]``: the one checker move ``(start, end, number, pins)``
as a path to add to another, made once rather than at every leaf of the search."""


def state_key(ours: list[int] | tuple[int, ...], pins: int) -> StateKey:
    """A board in one side's own view packed into one integer, one byte a point: the count
    (−15 to 15) plus 16, plus 32 when a checker lies pinned beneath. A move changes it by
    a few additions; :func:`board_of` and :func:`pins_of` read it back."""
    return int.from_bytes(_packed(ours, pins), "little")


def _packed(ours: list[int] | tuple[int, ...], pins: int) -> bytes:
    """The bytes of :func:`state_key`, point 0 first (always 0)."""
    cells = [count + 16 for count in ours]
    cells[0] = 0
    if pins:
        for point in _bits(pins):
            cells[point] += _PINNED
    return bytes(cells)


def _mask(packed: bytes, digits: bytes) -> int:
    """The mask of the points whose byte ``digits`` translates to ``1``: a binary numeral
    written by ``bytes.translate``, highest point first."""
    return int(packed.translate(digits)[::-1], 2)


def _digits(test: Callable[[int, bool], bool]) -> bytes:
    """A translation table from a point's byte to ``1`` where ``test(count, pinned)``."""
    return bytes(
        ord("1") if byte and test((byte & 31) - 16, bool(byte & _PINNED)) else ord("0") for byte in range(256)
    )


_OURS = _digits(lambda count, pinned: count > 0)
_OPEN = _digits(lambda count, pinned: count >= 0 or count == -1 and not pinned)
"""Open to land on: not held by them (two or more, or one on top of a pinned checker of ours)."""
_PINS = _digits(lambda count, pinned: pinned)


def board_of(key: StateKey) -> list[int]:
    """The own-view board list of :func:`state_key` (index 0 unused)."""
    board = [(byte & 31) - 16 for byte in key.to_bytes(25, "little")]
    board[0] = 0
    return board


def pins_of(key: StateKey) -> int:
    """The pins mask of :func:`state_key`."""
    return _mask(key.to_bytes(25, "little"), _PINS) if key & _PIN_FLAGS else 0


def _table(offset: int, size: int) -> list[tuple[int, ...]]:
    """For each number of ``size`` bits, the points ``offset + bit`` of its set bits, highest
    first: the numbers with the next bit set are those without it, that point before them."""
    rows: list[tuple[int, ...]] = [()]
    for bit in range(size):
        rows += [(offset + bit, *row) for row in rows]
    return rows


_DOWN = (_table(16, 9), _table(8, 8), _table(0, 8))


def _points_down(mask: int) -> tuple[int, ...]:
    """The set bits of a mask of points (0–24), highest first: three table look-ups."""
    high, middle, low = _DOWN
    return high[mask >> 16] + middle[mask >> 8 & 255] + low[mask & 255]


def positions_json_text(position: Position, plays: list[Play]) -> list[str]:
    """``json.dumps(play.position.to_json())`` for each of ``plays`` from ``position``,
    written straight from the search's packed boards without building the positions (the
    command line's hot path): each point's byte looked up in a table of texts, in the
    byte order that reads the board in absolute numbering."""
    side = position.turn
    white = side is Side.WHITE
    # Little-endian bytes run from own point 0 up, big-endian from 24 down: White's and
    # Black's absolute order.
    order: Literal["little", "big"] = "little" if white else "big"
    texts_of, points = (_COUNT_TEXT, slice(1, 25)) if white else (_NEGATED_TEXT, slice(0, 24))
    our_off, their_off = position.off(side), position.off(side.other)
    turn = side.other.value
    pinned_texts: dict[int, str] = {}
    texts = []
    for play in plays:
        key, path = play._found
        board = ", ".join([texts_of[byte] for byte in key.to_bytes(25, order)[points]])
        flags = key & _PIN_FLAGS
        pinned = pinned_texts.get(flags)
        if pinned is None:
            pinned = pinned_texts[flags] = _pinned_text(pins_of(key), white)
        borne = our_off
        for move in path:
            if move[1] == OFF:
                borne += 1
        white_off, black_off = (borne, their_off) if white else (their_off, borne)
        texts.append(f'{{"board": [{board}], "pinned": [{pinned}], '
                     f'"off": {{"white": {white_off}, "black": {black_off}}}, "turn": "{turn}"}}')
    return texts


_COUNT_TEXT = tuple(str((byte & 31) - 16) for byte in range(256))
"""A point's count as JSON text, by its byte in :func:`state_key`."""
_NEGATED_TEXT = tuple(str(16 - (byte & 31)) for byte in range(256))
"""The same for Black, whose counts are negative in absolute positions."""


def _pinned_text(pins: int, white: bool) -> str:
    """The JSON list items of the absolute points in an own-view pins mask."""
    if white:
        return ", ".join([str(point) for point in _bits(pins)])
    return ", ".join([str(25 - point) for point in reversed(_bits(pins))])


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _choices(high: int, low: int) -> dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]:
    """For each tuple of numbers left during a turn, each different number that can be
    played next, with the numbers left after it."""
    if high == low:
        return {(high,) * left: ((high, (high,) * (left - 1)),) for left in range(1, 5)}
    return {(high, low): ((high, (low,)), (low, (high,))), (high,): ((high, ()),), (low,): ((low, ()),)}


_CHOICES = {(high, low): _choices(high, low) for high in range(1, 7) for low in range(1, high + 1)}


def _choose(
    two_numbers: bool, by_depth: list[Finals], high_first: set[StateKey], ending: Ending
) -> tuple[Ending, Finals]:
    """Play as many numbers as possible, the larger if only one fits. A play that ends the
    game ends the turn at once: a win counts as using every number (so nobody may stop
    short of it), and a draw makes no other play illegal (the plays that go on are judged
    as if the drawing moves did not exist; where only drawing moves remain, the player may
    stop there, or pass). ``by_depth`` holds only the plays that go on."""
    most = len(by_depth) - 1
    if not any(we_win is not None for _, (we_win, _, _) in ending.values()):
        while not by_depth[most]:
            most -= 1
    if most == 0 and not ending:
        return {}, {}
    finals = by_depth[most]
    if most == 1 and two_numbers and high_first:
        finals = {state: path for state, path in finals.items() if state in high_first}
    return ending, finals


def _make_plays(position: Position, dice: Dice, ending: Ending, finals: Finals) -> list[Play]:
    """The search's answer as :class:`Play` values, those that end the game first."""
    side = position.turn
    plays = [
        _make_play(_Turn(position, dice, _outcome(side, decided)), path, state)
        for state, (path, decided) in ending.items()
    ]
    turn = _Turn(position, dice, None)
    set_turn, set_found = _PLAY_SETTERS
    for found in finals.items():  # _make_play() inlined: most plays are made here
        play = _new_play(Play)
        set_turn(play, turn)
        set_found(play, found)
        plays.append(play)
    return plays


def _make_play(turn: _Turn, path: Path, state: StateKey) -> Play:
    """A :class:`Play` filled in through its slots' own setters: the generator makes
    thousands a second, and a frozen dataclass's ``__init__`` would go through
    ``object.__setattr__`` for each field, at twice the cost."""
    play = _new_play(Play)
    set_turn, set_found = _PLAY_SETTERS
    set_turn(play, turn)
    set_found(play, (state, path))
    return play


def _outcome(side: Side, decided: Decided) -> Outcome:
    we_win, reason, points = decided
    return Outcome(reason, None if we_win is None else side if we_win else side.other, points)


_new_play = object.__new__
_PLAY_SETTERS: tuple[Callable[[Play, object], None], ...] = tuple(
    getattr(Play, name).__set__ for name in ("_turn", "_found")
)


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
