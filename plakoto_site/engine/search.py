"""The legal-play generator: every order of checker moves walked once, and the plays the
rules allow kept (:class:`Search`). It works on one side's own view of the board (see
:mod:`.rules`) and answers with packed boards (:mod:`.packing`) and checker moves;
:func:`~.plays.legal_plays` makes them plays.

>>> from plakoto_site.engine import Dice
>>> ours = [0] * 25
>>> ours[24], ours[1] = 15, -15
>>> ending, finals = Search(ours, 0, 0, 0, Dice(6, 5), mother=True).run()
>>> ending, sorted(finals.values())
({}, [((24, 18, 6, False), (18, 13, 5, False)), ((24, 18, 6, False), (24, 19, 5, False))])
"""

from __future__ import annotations

from .dice import Dice
from .moves import OFF, Path, step
from .packing import BOARD, DOWN, OPEN, OURS, PIN, RELEASE, UNIT, StateKey, mask, packed
from .rules import CHECKERS, Reason, blocked_pins, game_over, pinned_own_checker

Decided = tuple[bool | None, Reason, int]
Ending = dict[StateKey, tuple[Path, Decided]]
"""The plays that end the game, each board with the first moves found to reach it."""
Finals = dict[StateKey, Path]
"""The plays that go on, each board with the first moves found to reach it."""
_IN_HOME = 1 << 7
"""A mask of own points below this has every point in the home board (1–6)."""


class Search:
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
        self.packed = packed(ours, pins)
        self.starts_for = _starts_for(mask(self.packed, OPEN))
        self.choices = _CHOICES[dice.high, dice.low]
        self.by_depth: list[Finals] = [{}, {}, {}] if self.two_numbers else [{}, {}, {}, {}, {}]
        self.high_first: set[StateKey] = set()
        self.ending: Ending = {}
        self.walked_high = 0
        """The starts of the larger number's first moves that were walked on (not doubles)."""

    def run(self) -> tuple[Ending, Finals]:
        root = int.from_bytes(self.packed, "little")
        self.by_depth[0][root] = ()
        starts = mask(self.packed, OURS)
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
        high, middle, low = DOWN  # points_down(), inlined
        found = high[movable_by >> 16] + middle[movable_by >> 8 & 255] + low[movable_by & 255]
        if starts < _IN_HOME and not self.stuck:
            bear = _bear_off_start(starts, number)
            if movable >> bear & 1:
                found += (bear,)
        return found

    def explore(self, key: int, pins: int, starts: int, off: int, numbers: tuple[int, ...], path: Path) -> None:
        """Try each next checker move from a node with two numbers or more to play, and go
        on from each board not met before with the same numbers left."""
        ours, unit, stuck, mother, may_end = self.ours, UNIT, self.stuck, self.mother, self.may_end
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
                        after_key -= RELEASE[start]
                        after_pins ^= 1 << start
                there = 0
                if end < 1:
                    end, after_off = OFF, off + 1
                else:
                    there = ours[end]
                    if there == -1:  # a lone checker of theirs (starts_for left out pinning ones)
                        after_key += PIN[end]
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
        ours, unit, stuck, mother, may_end = self.ours, UNIT, self.stuck, self.mother, self.may_end
        record = self.by_depth[len(path) + 1]
        plain, pinning = _STEPS[number]
        for start in self.moves(starts, number, starts, skip):
            end = start - number
            after_key = key - unit[start]
            last = ours[start] == 1
            if last and pins >> start & 1:
                after_key -= RELEASE[start]
            pinned = False
            if end < 1:
                end = OFF
            elif ours[end] == -1:
                after_key += PIN[end]
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
        ours, unit, number = self.ours, UNIT, self.high
        record = self.by_depth[5 - left]
        plain, pinning = _STEPS[number]
        for start in self.moves(starts, number, starts & (2 << path[-1][0]) - 1 if path else starts):
            # One checker move, as in explore().
            end = start - number
            count = ours[start]
            after_key = key - unit[start]
            released = count == 1 and pins >> start & 1
            if released:
                after_key -= RELEASE[start]
            there, pinned = 0, False
            if end < 1:
                end = OFF
            else:
                there = ours[end]
                pinned = there == -1
                after_key += PIN[end] if pinned else unit[end]
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
    return [open_points << number & BOARD for number in range(7)]


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



_STEPS = tuple(
    tuple(
        tuple(((start, max(start - number, OFF), number, pins),) for start in range(25))
        for pins in (False, True)
    )
    for number in range(7)
)
"""``_STEPS[number][pins][start]``: the one checker move ``(start, end, number, pins)``
as a path to add to another, made once rather than at every leaf of the search."""


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

