"""The rules that decide a game, one function each, seen from one side ("we").

Every function here takes a side's *own view* of the board: ``ours`` is a list of 25
ints indexed by our own point numbers (index 0 unused), positive for our checkers on
top, negative for the opponent's; ``pins`` is a bit mask with bit ``i`` set when one
checker lies pinned beneath the owner of our own point ``i``. The move generator and
:class:`~plakoto_site.engine.board.BasePosition` both call these, so each rule lives once.

>>> ours = [0] * 25
>>> ours[3], ours[20] = CHECKERS - 1, -CHECKERS
>>> may_bear_off(ours, 0), bears_off(ours, 3, 5)
(True, True)
>>> print(Outcome(Reason.MOTHER, Side.BLACK, 2))
black won 2 (mother)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .side import Side

CHECKERS = 15
HOME = range(1, 7)


class Reason(Enum):
    """Why a game ended."""

    BEAR_OFF = "bear-off"
    """A side bore off all 15 checkers: 1 point, or 2 if the loser has borne off none."""
    MOTHER = "mother"
    """A side's mother was pinned while the opponent had left its own starting point: 2 points."""
    BOTH_MOTHERS = "both-mothers"
    """Both mothers pinned at once: a draw, 0 points."""
    BLOCKED = "blocked"
    """A blocked board: neither side has any checker that can move with any number, so
    nothing can ever change again. A draw, 0 points (both rule sets)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` is ``None`` for a draw."""

    reason: Reason
    winner: Side | None
    points: int

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner.value if self.winner else None,
            "points": self.points,
            "reason": self.reason.value,
        }

    def __repr__(self) -> str:
        return f"Outcome({self.reason}, {self.winner}, {self.points})"

    def __str__(self) -> str:
        """In words, following the reason: ``a draw: the board is blocked``."""
        if self.reason is Reason.BOTH_MOTHERS:
            return "a draw: both mothers are pinned"
        if self.reason is Reason.BLOCKED:
            return "a draw: the board is blocked, neither side can ever move again"
        winner = self.winner.value if self.winner else "nobody"
        return f"{winner} won {self.points} ({self.reason.value})"


def pinned_own_checker(ours: list[int], pins: int) -> int:
    """Our lowest own point where one of *our* checkers lies pinned, or 0 if none is."""
    mask = pins
    while mask:
        low = mask & -mask
        point = low.bit_length() - 1
        if ours[point] < 0:
            return point
        mask ^= low
    return 0


def may_bear_off(ours: list[int], pins: int) -> bool:
    """S may bear off only while all of S's checkers still on the board are in S's home
    board (own points 1–6) and none of S's checkers is pinned anywhere."""
    for point in range(24, 6, -1):
        if ours[point] > 0:
            return False
    return not pinned_own_checker(ours, pins)


def bears_off(ours: list[int], start: int, number: int) -> bool:
    """A number d bears off a checker from own point d. If own point d has no S checker,
    a checker must be moved from a higher point; if S has no checker on any higher point,
    d bears off a checker from S's highest occupied point.

    Assumes :func:`may_bear_off`; answers whether ``number`` takes the checker on ``start`` off.
    """
    if start > number:
        return False
    if start == number:
        return True
    return all(ours[point] <= 0 for point in range(start + 1, 7))


def bear_off_points(their_off: int) -> int:
    """The first side to bear off all 15 checkers wins 1 point, or 2 if the loser has borne
    off none."""
    return 2 if their_off == 0 else 1


def mother_rule(ours: list[int], pins: int) -> tuple[bool | None, Reason] | None:
    """S's mother is S's last checker on S's starting point (own 24). After every single
    checker move: if both mothers are pinned the game ends drawn, 0 points; else if S's
    mother is pinned and the opponent has no checker left on its own starting point, the
    game ends at once and S loses 2 points; otherwise play goes on.

    Returns ``(we_win, reason)`` — ``we_win`` ``None`` for the draw — or ``None``.
    """
    our_mother_pinned = pins >> 24 & 1 and ours[24] < 0
    their_mother_pinned = pins & 2 and ours[1] > 0
    if our_mother_pinned and their_mother_pinned:
        return None, Reason.BOTH_MOTHERS
    if our_mother_pinned and ours[1] >= 0:
        return False, Reason.MOTHER
    if their_mother_pinned and ours[24] <= 0:
        return True, Reason.MOTHER
    return None


def can_move(ours: list[int], pins: int) -> bool:
    """Whether any of our checkers can move with any number from 1 to 6."""
    bearing = may_bear_off(ours, pins)
    for start in range(1, 25):
        if ours[start] <= 0:
            continue
        for number in range(1, 7):
            end = start - number
            if end >= 1:
                if ours[end] >= 0 or (ours[end] == -1 and not pins >> end & 1):
                    return True
            elif bearing and bears_off(ours, start, number):
                return True
    return False


_OUR_HOME = sum(1 << p for p in range(1, 7))
_THEIR_HOME = sum(1 << p for p in range(19, 25))


def blocked_pins(pins: int) -> bool:
    """The cheap half of :func:`blocked`: pins under both home boards."""
    return bool(pins & _OUR_HOME and pins & _THEIR_HOME)


def their_view(ours: list[int], pins: int) -> tuple[list[int], int]:
    """The opponent's own view of the same board."""
    theirs = [0, *(-v for v in reversed(ours[1:]))]
    return theirs, sum(1 << (25 - p) for p in range(1, 25) if pins >> p & 1)


def blocked(ours: list[int], pins: int) -> bool:
    """When neither side has any checker that can move with any number — possible only
    when each side has a checker pinned under the other's home board, and every other
    checker is in its home with nowhere to go — nothing can ever change again: the game
    ends drawn, 0 points, result reason "blocked".

    Only possible when both sides have a checker pinned: a side with none pinned can bear
    off once home, and a side that blocks another with its points can always move along them.
    So every checker on top is in its own home board, and each side's pinned checker lies
    under the other's home: pins on our points 1–6 and on 19–24 (a cheap test first).
    """
    if not (pins & _OUR_HOME and pins & _THEIR_HOME) or not pinned_own_checker(ours, pins):
        return False
    theirs, their_pins = their_view(ours, pins)
    if not pinned_own_checker(theirs, their_pins):
        return False
    return not can_move(ours, pins) and not can_move(theirs, their_pins)


def game_over(
    ours: list[int], pins: int, our_off: int, their_off: int, mother: bool
) -> tuple[bool | None, Reason, int] | None:
    """The end of the game, checked after every single checker move:
    ``(we_win, reason, points)`` or ``None`` while play goes on. Under ``plakoto`` the
    mother rule is checked before a blocked board."""
    if our_off == CHECKERS:
        return True, Reason.BEAR_OFF, bear_off_points(their_off)
    if their_off == CHECKERS:
        return False, Reason.BEAR_OFF, bear_off_points(our_off)
    if mother:
        decided = mother_rule(ours, pins)
        if decided:
            we_win, reason = decided
            return we_win, reason, 0 if we_win is None else 2
    if blocked(ours, pins):
        return None, Reason.BLOCKED, 0
    return None
