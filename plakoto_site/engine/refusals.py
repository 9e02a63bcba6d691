"""Why a checker move is not allowed: structured, so each language can word it.

``str(refusal)`` is the English sentence the engine's errors use; the site words the same
facts through its message catalogs. Points are in the mover's own numbering.

>>> refusal = Refusal(Why.CLOSED, Side.WHITE, 7, count=2)
>>> print(refusal)
point 7 is closed: 2 black checkers
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .dice import Dice
from .errors import EngineError
from .pickling import quick_pickle
from .rules import bears_off, may_bear_off, pinned_own_checker
from .side import Side


class Why(Enum):
    NO_CHECKER = "no-checker"
    PINNED = "pinned"
    CLOSED = "closed"
    PINNER = "pinner"
    NOT_HOME = "not-home"
    PIN_STOPS_BEAR_OFF = "pin-stops-bear-off"
    HIGHER_POINT = "higher-point"
    BOTH_NUMBERS = "both-numbers"
    MORE_NUMBERS = "more-numbers"
    LARGER_NUMBER = "larger-number"
    SHORT_OF_WIN = "short-of-win"
    """A win counts as using every number: a play may not stop short of it."""
    FALSE_PIN = "false-pin"
    """A ``*`` written on a landing that pins nothing."""
    DISTANCE = "distance"
    """No numbers of the roll add up to a written move."""
    GAME_ENDED = "game-ended"
    """The game ended part-way through the written play."""
    NO_MOVE = "no-move"
    """Nothing at all can be played with this roll."""
    UNPLAYABLE = "unplayable"
    """The written moves cannot all be made with the numbers of the roll."""
    NOT_ALLOWED = "not-allowed"
    """None of the above, yet the play is not among the legal ones."""


@quick_pickle
@dataclass(frozen=True, slots=True)
class Refusal:
    """A reason, with the numbers it needs: ``point`` and ``end`` (the mover's own
    numbering; ``end`` 0 is off), ``count``, ``number``, ``other``, and the ``dice``."""

    why: Why
    side: Side
    point: int = 0
    count: int = 0
    number: int = 0
    other: int = 0
    end: int = 0
    dice: Dice | None = None

    def __str__(self) -> str:
        their = self.side.other.value
        why, point = self.why, self.point
        if why in _PLAY_LEVEL:
            return _play_level_text(self)
        if why is Why.NO_CHECKER:
            return f"there is no checker of yours on {point}"
        if why is Why.PINNED:
            return f"the checker on {point} is pinned and cannot move"
        if why is Why.CLOSED:
            return f"point {point} is closed: {self.count} {their} checkers"
        if why is Why.PINNER:
            return (f"point {point} is closed: the {their} checker there is pinning one of yours, "
                    "and a pinner cannot be pinned")
        if why is Why.NOT_HOME:
            return f"cannot bear off: the checker on {point} is not yet in the home board"
        if why is Why.PIN_STOPS_BEAR_OFF:
            return f"cannot bear off: the checker on {point} is pinned"
        if why is Why.HIGHER_POINT:
            return (f"cannot bear off from {point} with a {self.number}: there is a checker on "
                    f"{self.other}, so a {self.number} must move a checker from a higher point")
        if why is Why.BOTH_NUMBERS:
            return "both numbers can be played, so both must be"
        if why is Why.MORE_NUMBERS:
            return f"{self.count} of the {self.number}s can be played, so {self.count} must be"
        return (f"{self.number} and {self.other} can each be played alone; "
                f"the larger, {self.number}, must be")


class IllegalPlayError(EngineError):
    """A play that can be read but is not allowed in this position with this roll.

    ``refusal`` says why as data (its ``why`` is the kind of reason), ``code`` is the
    position code and ``text`` the play as written.

    >>> from plakoto_site.engine import Dice, Position
    >>> try:
    ...     Position.start().parse_play("24/18* 24/19", Dice(6, 5))
    ... except IllegalPlayError as error:
    ...     print(error.refusal.why, error.code, repr(error.text))
    Why.FALSE_PIN W:24x15;B:1x15;T:W '24/18* 24/19'
    """

    def __init__(self, message: str, refusal: Refusal | None = None, code: str = "", text: str = "") -> None:
        super().__init__(message)
        self.refusal = refusal
        self.code = code
        self.text = text


def _play_level_text(refusal: Refusal) -> str:
    why, point, end = refusal.why, refusal.point, refusal.end
    landing = "off" if end == 0 else str(end)
    if why is Why.SHORT_OF_WIN:
        numbers = "both numbers" if refusal.count == 2 else f"all {refusal.count} numbers"
        return (f"this roll can win the game, and a win counts as using every number: "
                f"win, or play {numbers}")
    if why is Why.FALSE_PIN:
        if point == 0:
            return "a checker borne off pins nothing: leave out the * after off"
        return f"the checker landing on {point} pins nothing there: leave out the * after {point}"
    if why is Why.DISTANCE:
        return (f"the roll {refusal.dice} cannot move a checker from {point} to {landing} "
                f"({point - end} pips)")
    if why is Why.GAME_ENDED:
        move = f"{point}/{landing}{'*' if refusal.count else ''}"
        return f"the game ends after {move}; nothing more can be played"
    if why is Why.NO_MOVE:
        return "no move is possible with this roll"
    if why is Why.UNPLAYABLE:
        return "these moves cannot be played with this roll"
    return "that play is not allowed with this roll"


_PLAY_LEVEL = {Why.SHORT_OF_WIN, Why.FALSE_PIN, Why.DISTANCE, Why.GAME_ENDED, Why.NO_MOVE,
               Why.UNPLAYABLE, Why.NOT_ALLOWED}


def numbers_refusal(dice: Dice, most: int, side: Side, *, shorter: bool) -> Refusal:
    """Play as many numbers as possible; if a non-double fits only one, the larger.
    ``shorter``: the play used fewer numbers than ``most``; otherwise it used the smaller."""
    if not shorter:
        return Refusal(Why.LARGER_NUMBER, side, number=dice.high, other=dice.low)
    if dice.is_double:
        return Refusal(Why.MORE_NUMBERS, side, count=most, number=dice.high)
    return Refusal(Why.BOTH_NUMBERS, side)


def refuse_step(ours: list[int], pins: int, start: int, number: int, side: Side) -> Refusal | None:
    """Why our checker on own point ``start`` may not move ``number`` pips, or ``None``."""
    if ours[start] <= 0:
        if ours[start] < 0 and pins >> start & 1:
            return Refusal(Why.PINNED, side, start)
        return Refusal(Why.NO_CHECKER, side, start)
    end = start - number
    if end >= 1:
        if ours[end] >= 0 or (ours[end] == -1 and not pins >> end & 1):
            return None
        if ours[end] == -1:
            return Refusal(Why.PINNER, side, end)
        return Refusal(Why.CLOSED, side, end, -ours[end])
    not_yet = bear_off_refusal(ours, pins, side)
    if not_yet is not None:
        return not_yet
    if bears_off(ours, start, number):
        return None
    higher = next(p for p in range(6, start, -1) if ours[p] > 0)
    return Refusal(Why.HIGHER_POINT, side, start, number=number, other=higher)


def bear_off_refusal(ours: list[int], pins: int, side: Side) -> Refusal | None:
    """Why ``side`` may not bear off at all yet (a checker outside the home board, or one
    of its checkers pinned), or ``None`` when it may."""
    if may_bear_off(ours, pins):
        return None
    outside = next((p for p in range(24, 6, -1) if ours[p] > 0), 0)
    if outside:
        return Refusal(Why.NOT_HOME, side, outside)
    return Refusal(Why.PIN_STOPS_BEAR_OFF, side, pinned_own_checker(ours, pins))
