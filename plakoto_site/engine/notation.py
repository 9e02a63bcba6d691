"""Reading plays as people write them, by matching them against the legal plays.

Syntax first (``24/18/13``, ``20-15*``, ``24/18(2)``, ``6/off``, commas or spaces), then
the written checker paths are walked on the board with the generator's own one-move
rules, and the position reached must be one that :func:`~.plays.legal_plays` allows.
When it is not, the error says which move and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from .board import BasePosition
from .dice import Dice
from .errors import NotationError
from .limits import MAX_NUMBER_DIGITS, MAX_TEXT
from .moves import OFF, step
from .packing import StateKey, state_key
from .plays import P, Play, legal_plays
from .refusals import IllegalPlayError, Refusal, Why, numbers_refusal, refuse_step
from .rules import game_over
from .side import RuleSet, Side

_TOKEN = re.compile(
    r"^(?P<path>[a-z0-9]+\*?(?:[/-][a-z0-9]+\*?)+)(?:\((?P<times>\d+)\))?$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Path:
    """One written checker path: ``24/18*/13`` is ``Path((24, 18, 13))``; 0 is off."""

    points: tuple[int, ...]
    text: str
    stars: tuple[bool, ...] = ()
    """For each point, whether a ``*`` was written after it (a claim that it pins)."""


def parse_paths(text: str) -> list[Path]:
    """Read the syntax of a play into checker paths (repeats expanded). Raises
    :class:`NotationError` quoting the part that cannot be read; reading stops at the
    fifth checker path, so a long text costs no more than a short one."""
    if len(text) > MAX_TEXT:
        raise NotationError(f"a play has at most {MAX_TEXT} characters")
    paths: list[Path] = []
    for token in filter(None, re.split(r"[\s,;]+", text.strip())):
        match = _TOKEN.match(token)
        if not match:
            raise _unreadable(token, text, "write each move as from/to, e.g. 24/18 or 6/off")
        parts = re.split(r"[/-]", match["path"])
        points = tuple(_read_point(part, token, text) for part in parts)
        stars = tuple(part.endswith("*") for part in parts)
        if points[0] == OFF:
            raise _unreadable(token, text, "a move cannot start from off")
        if OFF in points[:-1]:
            raise _unreadable(token, text, "'off' can only come last")
        for here, there in pairwise(points):
            if there != OFF and there >= here:
                raise _unreadable(token, text, "checkers move to lower numbers in the mover's own "
                                  f"numbering ({here} to {there} goes backwards)")
        times = match["times"] or "1"
        if len(times) > MAX_NUMBER_DIGITS or not 1 <= int(times) <= 4:
            raise _unreadable(token, text, "repeat 1 to 4 times")
        paths.extend([Path(points, token, stars)] * int(times))
        if len(paths) > 4:
            raise NotationError(f"cannot read {text!r}: a roll moves at most four checkers")
    return paths


def _unreadable(token: str, text: str, why: str) -> NotationError:
    return NotationError(f"cannot read {token!r} in {text!r}: {why}")


def _read_point(part: str, token: str, text: str) -> int:
    word = part.rstrip("*").lower()
    if word == "off":
        return OFF
    if word == "bar":
        raise _unreadable(token, text, "Plakoto has no bar; a covered checker stays pinned where it is")
    if not word.isdigit() or len(word) > MAX_NUMBER_DIGITS:
        raise _unreadable(token, text, f"{part!r} is not a point number")
    point = int(word)
    if not 1 <= point <= 24:
        raise _unreadable(token, text, f"point {point} is outside 1–24")
    return point


def parse_play(position: P, text: str, dice: Dice, rules: RuleSet | None = None) -> Play[P]:
    """The legal play that ``text`` describes. Raises :class:`NotationError` if it cannot be
    read and :class:`IllegalPlayError` (saying which move and why, with the reason as data
    in ``error.refusal``) if it is not allowed."""
    paths = parse_paths(text)
    if rules is not None:
        position = position.with_rules(rules)
    rules = position.rules
    plays = legal_plays(position, dice)
    legal = {play._state: play for play in plays}
    walk = _Walk(position, dice, rules, paths)
    reached = walk.run()
    false_pin: int | None = None
    for key, (_, wrong_star) in reached.items():
        if key in legal:
            if wrong_star is None:
                return legal[key]
            false_pin = wrong_star if false_pin is None else false_pin
    if false_pin is not None:
        refusal = Refusal(Why.FALSE_PIN, position.turn, false_pin)
    else:
        refusal = _why(walk, reached, plays, dice, position.turn)
    raise IllegalPlayError(f"illegal play {text!r}: {refusal}", refusal, position.code(), text)


Reached = dict[StateKey, tuple[int, int | None]]
"""Each board the written moves reach: the numbers used, and the first landing where a
written ``*`` pinned nothing (``None`` if every ``*`` was true; 0 is off)."""


class _Walk:
    """Try every order of the written paths and of the dice, one checker move at a time."""

    def __init__(self, position: BasePosition, dice: Dice, rules: RuleSet, paths: list[Path]) -> None:
        self.side = position.turn
        self.ours, self.pins = position._own_view(self.side)
        self.our_off = position.off(self.side)
        self.their_off = position.off(self.side.other)
        self.mother = rules.has_mother_rule
        self.dice = dice
        self.paths = paths
        self.reached: Reached = {}
        self.failure: tuple[bool, int, int, Refusal | None] = (False, -99, -1, None)
        self.ended_early: Refusal | None = None

    def run(self) -> Reached:
        for path in self.paths:
            refusal = self._distance_refusal(path)
            if refusal:
                self.failure = (True, 0, len(self.dice.numbers), refusal)
                return self.reached
        progress = tuple(1 for _ in self.paths)
        cursor = tuple(path.points[0] for path in self.paths)
        self._go(self.ours, self.pins, self.our_off, self.dice.numbers, cursor, progress, 0, 0, None)
        return self.reached

    def _distance_refusal(self, path: Path) -> Refusal | None:
        for here, there in pairwise(path.points):
            if there != OFF and not _makes(here - there, self.dice.numbers):
                return Refusal(Why.DISTANCE, self.side, here, end=there, dice=self.dice)
        return None

    def _fail(self, direct: bool, stops: int, depth: int, refusal: Refusal) -> None:
        """Keep the most telling refusal: a move straight to a written point beats a stop on
        the way, fewer unwritten stops before it beat more, and a later move an earlier one."""
        rank = (direct, -stops, depth)
        if rank > self.failure[:3]:
            self.failure = (*rank, refusal)

    def _go(
        self,
        ours: list[int],
        pins: int,
        our_off: int,
        numbers: tuple[int, ...],
        cursor: tuple[int, ...],
        progress: tuple[int, ...],
        depth: int,
        stops: int,
        wrong_star: int | None,
    ) -> None:
        if all(p == len(path.points) for p, path in zip(progress, self.paths, strict=True)):
            used = len(self.dice.numbers) - len(numbers)
            key = state_key(ours, pins)
            if key not in self.reached or self.reached[key][1] is not None and wrong_star is None:
                self.reached[key] = (used, wrong_star)
            return
        for index, path in enumerate(self.paths):
            if progress[index] == len(path.points):
                continue
            here, goal = cursor[index], path.points[progress[index]]
            for n_index, number in enumerate(numbers):
                if number in numbers[:n_index]:
                    continue
                there = here - number
                if goal != OFF and there < goal:
                    continue
                refusal = refuse_step(ours, pins, here, number, self.side)
                if refusal:
                    self._fail(there == goal or (goal == OFF and there <= 0), stops, depth, refusal)
                    continue
                after, after_pins, move = step(ours, pins, here, number)
                off = our_off + (move.end == OFF)
                reached_goal = move.end == goal or (goal == OFF and move.end == OFF)
                starred = reached_goal and path.stars and path.stars[progress[index]]
                false_star = move.end if starred and not move.pins and wrong_star is None else wrong_star
                new_progress = _replace(progress, index, progress[index] + reached_goal)
                new_cursor = _replace(cursor, index, move.end)
                rest = numbers[:n_index] + numbers[n_index + 1 :]
                if game_over(after, after_pins, off, self.their_off, self.mother):
                    done = all(
                        p == len(q.points) for p, q in zip(new_progress, self.paths, strict=True)
                    )
                    if not done:
                        self.ended_early = self.ended_early or Refusal(
                            Why.GAME_ENDED, self.side, move.start, count=move.pins, end=move.end
                        )
                        continue
                self._go(
                    after,
                    after_pins,
                    off,
                    rest,
                    new_cursor,
                    new_progress,
                    depth + 1,
                    stops + (not reached_goal),
                    false_star,
                )


def _replace(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _makes(distance: int, numbers: tuple[int, ...]) -> bool:
    """Whether some of the numbers add up to ``distance``."""
    sums = {0}
    for number in numbers:
        sums |= {s + number for s in sums}
    return distance in sums


def _why(walk: _Walk, reached: Reached, plays: list[Play[P]], dice: Dice, side: Side) -> Refusal:
    if not reached:
        return walk.ended_early or walk.failure[3] or Refusal(Why.UNPLAYABLE, side)
    if not plays:
        return Refusal(Why.NO_MOVE, side)
    used = max(used for used, _ in reached.values())
    going = [len(play._path) for play in plays if play.ended is None]
    most = max(going, default=0)
    if used < len(dice.numbers) and any(play.ended and play.ended.winner for play in plays):
        return Refusal(Why.SHORT_OF_WIN, side, count=len(dice.numbers))
    if used < most:
        return numbers_refusal(dice, most, side, shorter=True)
    if most == 1 and not dice.is_double:
        return numbers_refusal(dice, most, side, shorter=False)
    return Refusal(Why.NOT_ALLOWED, side)


__all__ = ["Path", "parse_paths", "parse_play"]
