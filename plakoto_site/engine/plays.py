"""Moves, plays and the legal-play generator.

The generator is the one place that knows how checkers may move: pins and releases,
bearing off, "play as many numbers as possible" and the end of the game. Parsing
(:mod:`.notation`) only matches what a person wrote against what this module allows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .dice import Dice
from .errors import PositionError
from .position import Position
from .rules import (
    CHECKERS,
    Outcome,
    Reason,
    bears_off,
    blocked_pins,
    game_over,
    may_bear_off,
    pinned_own_checker,
)
from .side import Point, RuleSet, Side

OFF = 0
"""``Move.end`` for a checker borne off."""

StateKey = tuple[int, int]
"""A board in one side's own view, packed by :func:`state_key`."""


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


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: who played which roll, its checker moves in order, and the position
    it leads to (the turn passed to the other side). ``outcome`` is set when it ends the game.

    The generator makes thousands of these a second, so a play keeps the search's raw
    data (private) and builds ``moves`` and ``position`` from it on each use; keep them in
    a variable when you need them more than once.
    """

    before: Position
    dice: Dice
    _path: tuple[tuple[int, int, int, bool], ...]
    """The search's checker moves, ``(start, end, number, pins)`` in own numbering."""
    _state: StateKey = field(repr=False)
    """The search's packed board after the play (:func:`state_key`)."""
    ended: Outcome | None = None
    """How the game ended during the play, if it did (the generator knows this)."""

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended during the play (a win or a draw), or ``None``."""
        return self.ended

    @property
    def side(self) -> Side:
        return self.before.turn

    @property
    def moves(self) -> tuple[Move, ...]:
        """The checker moves in the order played (absolute numbering, like positions)."""
        side = self.side
        return tuple(Move.from_own(side, *move) for move in self._path)

    @property
    def position(self) -> Position:
        """The position after the play, the other side to move."""
        side, (key, pins) = self.side, self._state
        our_off = self.before.off(side) + sum(1 for move in self._path if move[1] == OFF)
        return Position._from_own_view(
            side, board_of(key), pins, our_off, self.before.off(side.other), side.other, trusted=True,
            rules=self.before.rules,
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
    rules = position.rules
    finished = position.outcome()
    if finished:
        raise PositionError(f"the game is already over ({finished})")
    side = position.turn
    ours, pins = position._own_view(side)
    their_off = position.off(side.other)
    found = _search(ours, pins, position.off(side), their_off, dice, rules.has_mother_rule)
    return [_make_play(position, dice, state, path, decided) for state, path, decided in found]


Path = tuple[tuple[int, int, int, bool], ...]
"""Checker moves as ``(start, end, number, pins)`` tuples, cheap to build while searching."""
Decided = tuple[bool | None, Reason, int]
MOTHER_BITS = 1 << 1 | 1 << 24


def _search(
    ours: list[int], pins: int, our_off: int, their_off: int, dice: Dice, mother: bool
) -> list[tuple[StateKey, Path, Decided | None]]:
    """Walk every order of checker moves depth first, each (board, numbers left) once, and
    keep the plays the rules allow: see :func:`_choose`.

    Boards are keyed by :func:`state_key`, updated by adding a few integers per move, so
    a final board is never copied; only boards that move on are built as lists.
    """
    seen: set[tuple[int, int, tuple[int, ...]]] = set()
    by_depth: list[dict[StateKey, Path]] = [{} for _ in range(5)]
    high_first: set[StateKey] = set()
    ending: dict[StateKey, tuple[Path, Decided]] = {}
    high = dice.high
    unit = _UNIT

    # With a double, the order of the moves cannot matter while nothing can end the game:
    # closed points stay closed and open ones open during a turn, and moving the higher
    # checkers first is the order that lets the most bear off. So only orders with the
    # starts never rising are walked (the naive-enumerator tests hold this to every order).
    in_order = dice.is_double and _nothing_can_end(ours, pins, our_off, mother)

    def explore(
        ours: list[int], starts: list[int], key: int, pins: int, our_off: int,
        numbers: tuple[int, ...], path: Path,
    ) -> None:
        if in_order and path:
            highest = path[-1][0]
            starts = [start for start in starts if start <= highest]
        if not starts:
            return
        home = starts[0] <= 6
        bearing = home and may_bear_off(ours, pins)
        depth = len(path) + 1
        record = by_depth[depth]
        choices = _choices(numbers) if len(numbers) == 2 else ((numbers[0], numbers[1:]),)
        for number, rest in choices:
            for start in starts:
                # The landing rule of refusals.refuse_step() and the move of step(), inlined:
                # this loop is the engine's hot path. The tree and naive-engine tests hold
                # them to the readable versions.
                end = start - number
                if end >= 1:
                    there = ours[end]
                    if there < -1 or (there == -1 and pins >> end & 1):
                        continue
                elif not bearing or not bears_off(ours, start, number):
                    continue
                after_key, after_pins, off, pinned = key - unit[start], pins, our_off, False
                if ours[start] == 1 and pins >> start & 1:
                    after_key -= unit[start]
                    after_pins &= ~(1 << start)
                if end < 1:
                    end, off = OFF, our_off + 1
                elif ours[end] == -1:
                    after_key += 2 * unit[end]
                    after_pins |= 1 << end
                    pinned = True
                else:
                    after_key += unit[end]
                move = (start, end, number, pinned)
                state = (after_key, after_pins)
                # A blocked board needs pins under both home boards and all our checkers on
                # top at home (rules.blocked); those cheap tests spare the full check.
                if (
                    off == CHECKERS
                    or (mother and after_pins & MOTHER_BITS)
                    or ((home or _last_one_home(starts, ours, start, end)) and blocked_pins(after_pins))
                ):
                    decided = game_over(board_of(after_key), after_pins, off, their_off, mother)
                    if decided:
                        ending.setdefault(state, (path + (move,), decided))
                        continue
                if rest:
                    visit = (after_key, after_pins, rest)
                    if visit in seen:
                        continue
                    seen.add(visit)
                if state not in record:
                    record[state] = path + (move,)
                    if depth == 1 and number == high:
                        high_first.add(state)
                if rest:
                    after = ours.copy()
                    after[start] -= 1
                    after_starts = starts
                    if not after[start]:
                        after_starts = [point for point in starts if point != start]
                        if pins >> start & 1:
                            after[start] = -1
                    if end:
                        if after[end] <= 0:
                            after_starts = sorted([*after_starts, end], reverse=True)
                        after[end] = 1 if pinned else after[end] + 1
                    explore(after, after_starts, after_key, after_pins, off, rest, path + (move,))

    root = state_key(ours, pins)
    by_depth[0][root] = ()
    starts = [point for point in range(24, 0, -1) if ours[point] > 0]
    explore(ours, starts, root[0], pins, our_off, dice.numbers, ())
    return _choose(dice, by_depth, high_first, ending)


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


def _last_one_home(starts: list[int], ours: list[int], start: int, end: int) -> bool:
    """Whether moving from ``start`` to ``end`` brings our last checker outside home in."""
    return start == starts[0] and end <= 6 and ours[start] == 1 and (len(starts) == 1 or starts[1] <= 6)


_BITS = 8
_UNIT = tuple(1 << (_BITS * point) for point in range(25))


def state_key(ours: list[int] | tuple[int, ...], pins: int) -> StateKey:
    """A board in one side's own view as ``(key, pins)``: ``key`` packs each point's count
    (−15 to 15, biased by 16) into one byte, so a move changes it by a few additions and
    :func:`board_of` reads it back with ``int.to_bytes``."""
    return sum((ours[point] + 16) << (_BITS * point) for point in range(1, 25)), pins


def board_of(key: int) -> list[int]:
    """The own-view board list of :func:`state_key` (index 0 unused)."""
    board = [count - 16 for count in key.to_bytes(25, "little")]
    board[0] = 0
    return board


def positions_json_text(position: Position, plays: list[Play]) -> list[str]:
    """``json.dumps(play.position.to_json())`` for each of ``plays`` from ``position``,
    written straight from the search's packed boards without building the positions (the
    command line's hot path): the board text before the play, with the points each play
    touched rewritten."""
    side = position.turn
    white = side is Side.WHITE
    before = [str(count) for count in position.board]
    our_off, their_off = position.off(side), position.off(side.other)
    turn = side.other.value
    texts = []
    for play in plays:
        key, pins = play._state
        board = before.copy()
        borne = 0
        for start, end, _, _ in play._path:
            for point in (start, end) if end else (start,):
                count = (key >> (_BITS * point) & 255) - 16
                if white:
                    board[point - 1] = str(count)
                else:
                    board[24 - point] = str(-count)
            borne += not end
        if white:
            pinned = ", ".join([str(point) for point in _bits(pins)])
            white_off, black_off = our_off + borne, their_off
        else:
            pinned = ", ".join([str(25 - point) for point in reversed(_bits(pins))])
            white_off, black_off = their_off, our_off + borne
        texts.append(f'{{"board": [{", ".join(board)}], "pinned": [{pinned}], '
                     f'"off": {{"white": {white_off}, "black": {black_off}}}, "turn": "{turn}"}}')
    return texts



def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _choices(numbers: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each different number that can be played next, with the numbers left after it."""
    if len(numbers) == 2 and numbers[0] != numbers[1]:
        return ((numbers[0], numbers[1:]), (numbers[1], numbers[:1]))
    return ((numbers[0], numbers[1:]),)


def _choose(
    dice: Dice,
    by_depth: list[dict[StateKey, Path]],
    high_first: set[StateKey],
    ending: dict[StateKey, tuple[Path, Decided]],
) -> list[tuple[StateKey, Path, Decided | None]]:
    """Play as many numbers as possible, the larger if only one fits. A play that ends the
    game ends the turn at once: a win counts as using every number (so nobody may stop
    short of it), and a draw makes no other play illegal (the plays that go on are judged
    as if the drawing moves did not exist; where only drawing moves remain, the player may
    stop there, or pass). ``by_depth`` holds only the plays that go on."""
    chosen: list[tuple[StateKey, Path, Decided | None]] = [
        (state, path, decided) for state, (path, decided) in ending.items()
    ]
    most = max(depth for depth, found in enumerate(by_depth) if found)
    if any(we_win is not None for _, (we_win, _, _) in ending.values()):
        most = len(dice.numbers)
    if most == 0 and not chosen:
        return []
    finals = by_depth[most]
    if most == 1 and not dice.is_double and high_first:
        finals = {state: path for state, path in finals.items() if state in high_first}
    chosen.extend((state, path, None) for state, path in finals.items())
    return chosen


def _make_play(
    position: Position, dice: Dice, state: StateKey, path: Path, decided: Decided | None
) -> Play:
    outcome = None
    if decided:
        side = position.turn
        we_win, reason, points = decided
        winner = None if we_win is None else side if we_win else side.other
        outcome = Outcome(reason, winner, points)
    play = _new_play(Play)
    _set(play, "before", position)
    _set(play, "dice", dice)
    _set(play, "_path", path)
    _set(play, "_state", state)
    _set(play, "ended", outcome)
    return play


_new_play = object.__new__
_set = object.__setattr__


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
    parts = [str(chain[0][0])]
    for move in chain[:-1]:
        if move[3]:
            parts.append(f"{move[1]}*")
    _, end, _, pins = chain[-1]
    parts.append(("off" if end == OFF else str(end)) + ("*" if pins else ""))
    return "/".join(parts)


def format_path(path: Path) -> str:
    """``24/18(2) 13/7*``: chains joined, highest start first, identical moves grouped.
    Of two checkers landing on one point, the one that pinned comes first: ``20/15* 20/15``."""
    if len(path) == 1:
        return _chain_text([path[0]])
    if len(path) == 2:
        return _two_moves(path[0], path[1])
    keyed = []
    for chain in _chains(path):
        last = chain[-1]
        text = _chain_text(chain)
        keyed.append((-chain[0][0], -last[1], not last[3], text))
    keyed.sort()
    texts: list[str] = []
    previous, count = "", 0
    for *_, text in keyed:
        if text == previous:
            count += 1
            continue
        if count:
            texts.append(previous if count == 1 else f"{previous}({count})")
        previous, count = text, 1
    if count:
        texts.append(previous if count == 1 else f"{previous}({count})")
    return " ".join(texts)


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
