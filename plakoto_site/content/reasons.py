"""Why a legal play is not the answer, and where a wrong pip count came from: facts the
build finds on the board, never canned text. :mod:`plakoto_site.render.reasons` words them.

A play's reason is the first of these that every accepted play has and this play lacks,
in this order (a pin is what an exercise is most often about):

- ``released``: it pinned the opposing checker on ``point`` and moved the pinner on again;
- ``free``: the opposing checker on ``point`` stays free;
- ``mother``: one checker of yours is left alone on your starting point ``point``;
- ``off``: it bears off ``count`` checkers where the answer bears off ``wanted``;
- ``checkers``: it moves ``count`` checkers where the answer moves ``wanted``;
- ``lone``: it leaves your checkers alone on ``points``, more than the answer leaves;
- ``point``: it makes no new point where the answer makes ``point``;
- ``reach``: none of your checkers reaches ``point``;
- ``wasted``: ``count`` pips of the roll are lost in bearing off.

Points are the board's numbers (the ones the reader sees), whichever side plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from plakoto_site.engine import OFF, Play, Position, Side


@dataclass(frozen=True, slots=True)
class PlayReason:
    """Why a legal play is not the one asked for: a kind (see the module) and its facts."""

    kind: str
    point: int = 0
    points: tuple[int, ...] = ()
    count: int = 0
    wanted: int = 0


def _start(side: Side) -> int:
    return 24 if side is Side.WHITE else 1


def _own(position: Position, side: Side, point: int) -> int:
    """How many of ``side``'s checkers stand on top of ``point`` (0 if the other side's)."""
    count = position.board[point - 1]
    return abs(count) if position.owner(point) is side else 0


def pins(position: Position, side: Side) -> frozenset[int]:
    """The points where ``side`` pins an opposing checker."""
    return frozenset(p for p in position.pinned if position.owner(p) is side)


def lone(position: Position, side: Side) -> tuple[int, ...]:
    """``side``'s lone checkers that could be pinned (a pinner cannot be), highest first."""
    return tuple(p for p in range(24, 0, -1) if _own(position, side, p) == 1 and p not in position.pinned)


def made(position: Position, side: Side) -> frozenset[int]:
    return frozenset(p for p in range(1, 25) if _own(position, side, p) >= 2)


def checkers_moved(play: Play) -> int:
    """How many checkers a play moves: a move from where an earlier one landed goes on
    with that checker."""
    ends: list[int] = []
    count = 0
    for move in play.moves:
        if move.start in ends:
            ends.remove(move.start)
        else:
            count += 1
        if move.end != OFF:
            ends.append(move.end)
    return count


def wasted(play: Play) -> int:
    side = play.side
    used: int = sum(move.number for move in play.moves)
    before: int = play.before.pips(side)
    after: int = play.position.pips(side)
    return used - (before - after)


def play_reason(play: Play, accepted: tuple[Play, ...]) -> PlayReason | None:
    """Why ``play`` (legal) is not one of ``accepted``, or ``None`` if nothing sets it apart."""
    if not accepted:
        return None
    side, before, after = play.side, play.before, play.position
    answers = [answer.position for answer in accepted]
    for point in sorted(set.intersection(*(set(pins(a, side)) for a in answers)) - pins(after, side)):
        landed = any(move.pins and move.end == point for move in play.moves)
        return PlayReason("released" if landed else "free", point=point)
    start = _start(side)
    if before.rules.has_mother_rule and _own(after, side, start) == 1 and all(_own(a, side, start) != 1 for a in answers):
        return PlayReason("mother", point=start)
    most = min(a.off(side) for a in answers)
    if after.off(side) < most:
        return PlayReason("off", count=after.off(side) - before.off(side), wanted=most - before.off(side))
    moved = {checkers_moved(answer) for answer in accepted}
    if len(moved) == 1 and checkers_moved(play) not in moved:
        return PlayReason("checkers", count=checkers_moved(play), wanted=moved.pop())
    alone = lone(after, side)
    if len(alone) > max(len(lone(a, side)) for a in answers):
        return PlayReason("lone", points=alone)
    new = set.intersection(*(set(made(a, side) - made(before, side)) for a in answers)) - made(after, side)
    if new:
        return PlayReason("point", point=max(new))
    gained = [p for p in range(24, 0, -1) if all(_own(a, side, p) > _own(before, side, p) for a in answers)
              and _own(after, side, p) <= _own(before, side, p)]
    if gained:
        return PlayReason("reach", point=gained[0])
    lost = wasted(play)
    if lost > max(wasted(answer) for answer in accepted):
        return PlayReason("wasted", count=lost)
    return None


def pip_mistakes(position: Position, side: Side) -> dict[int, tuple[str, int]]:
    """Wrong pip counts the engine can explain, each with what it most likely came from:
    ``("other", 0)`` the other side's count, ``("numbering", 0)`` the points read in the
    other side's numbering, ``("pinned", point)`` a pinned checker left out,
    ``("point", point)`` one checker on ``point`` left out, ``("off", n)`` the checkers
    borne off counted as on the board (25 pips each). A count two mistakes give keeps the
    first."""
    right = position.pips(side)
    found: dict[int, tuple[str, int]] = {}

    def add(value: int, why: tuple[str, int]) -> None:
        if value != right and value > 0 and value not in found:
            found[value] = why

    add(position.pips(side.other), ("other", 0))
    other = side.other
    numbering = 0
    for point in range(1, 25):
        count = _own(position, side, point) + (1 if point in position.pinned and position.owner(point) is other else 0)
        numbering += other.own(point) * count
    add(numbering, ("numbering", 0))
    for point in sorted(position.pinned):
        if position.owner(point) is other:
            add(right - side.own(point), ("pinned", point))
    for point in range(1, 25):
        if _own(position, side, point):
            add(right - side.own(point), ("point", point))
    if position.off(side):
        add(right + 25 * position.off(side), ("off", position.off(side)))
    return found


def pip_terms(position: Position, side: Side) -> list[tuple[int, int, int]]:
    """The count point by point: ``(board point, checkers, pips each)``, farthest first."""
    terms = []
    for point in range(1, 25):
        count = _own(position, side, point) + (1 if point in position.pinned and position.owner(point) is side.other else 0)
        if count:
            terms.append((point, count, side.own(point)))
    return sorted(terms, key=lambda term: -term[2])
