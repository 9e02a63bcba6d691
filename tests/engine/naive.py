"""A deliberately naive reference enumerator for Plakoto, written only from shared/RULES.md.

No cleverness: the board is kept in the interchange form (absolute
numbering, ``board[0]`` is point 1, White positive, Black negative, a set of pinned points,
the two off counts and the side to move). Every ordering of the dice and every choice of
checker is tried, one single checker move at a time, and the rules of "Moving" are then
applied to the whole list of candidate plays. Three economies change no answer: whether the
board is blocked asks only whether some checker can move (:func:`movable`), without making
the positions; a position reached in several orders is judged for the end of the game once
a roll; and :func:`legal_results`, which asks only where the plays lead, walks on from such
a position once for each set of numbers left (the tree's test wants every path).

Sides are the strings ``"white"`` and ``"black"``; a result is ``None`` or
``(winner, points, reason)`` with ``winner`` ``"white"``, ``"black"`` or ``None`` (a draw)
and ``reason`` one of ``"bear-off"``, ``"mother"``, ``"both-mothers"``, ``"blocked"``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

WHITE = "white"
BLACK = "black"
PLAKOTO = "plakoto"
TAPA = "tapa"

SIGN = {WHITE: 1, BLACK: -1}
OTHER = {WHITE: BLACK, BLACK: WHITE}


Key = tuple[tuple[int, ...], frozenset[int], int, int]
Result = tuple[str | None, int, str] | None


@dataclass
class State:
    board: list[int]  # 24 ints, index 0 = absolute point 1
    pinned: set[int]  # absolute points with one checker of the other colour beneath
    white_off: int
    black_off: int
    turn: str

    def copy(self) -> State:
        return State(list(self.board), set(self.pinned), self.white_off, self.black_off, self.turn)

    def key(self) -> Key:
        return (tuple(self.board), frozenset(self.pinned), self.white_off, self.black_off)

    def off(self, side: str) -> int:
        return self.white_off if side == WHITE else self.black_off


# --- numbering -----------------------------------------------------------------------------


def own_point(side: str, absolute: int) -> int:
    """The mover's own number of an absolute point (White's own = absolute)."""
    return absolute if side == WHITE else 25 - absolute


def absolute_point(side: str, own: int) -> int:
    return own if side == WHITE else 25 - own


# --- looking at the board ------------------------------------------------------------------


def on_top(state: State, side: str, absolute: int) -> int:
    """How many of ``side``'s checkers are on top of ``absolute``."""
    v = state.board[absolute - 1]
    return v * SIGN[side] if v * SIGN[side] > 0 else 0


def pinned_here(state: State, side: str, absolute: int) -> bool:
    """Is one of ``side``'s checkers pinned beneath the opponent on ``absolute``?"""
    v = state.board[absolute - 1]
    return absolute in state.pinned and v * SIGN[side] < 0


def checkers_on_point(state: State, side: str, absolute: int) -> int:
    return on_top(state, side, absolute) + (1 if pinned_here(state, side, absolute) else 0)


def checkers_on_board(state: State, side: str) -> int:
    return sum(checkers_on_point(state, side, a) for a in range(1, 25))


def pips(state: State, side: str) -> int:
    """Sum over the side's checkers on the board, pinned ones included, of their own point."""
    return sum(checkers_on_point(state, side, a) * own_point(side, a) for a in range(1, 25))


def is_open(state: State, side: str, absolute: int) -> bool:
    """RULES.md "A point": may ``side`` land on ``absolute``?"""
    v = state.board[absolute - 1]
    s = SIGN[side]
    if v == 0:
        return True  # empty
    if v * s > 0:
        return True  # owned by the side (with or without an opponent pinned under it)
    if v == -s and absolute not in state.pinned:
        return True  # a lone opponent checker that is not itself pinning: it gets pinned
    return False  # two or more opponent checkers, or a lone one that is pinning


def may_bear_off(state: State, side: str) -> bool:
    """All the side's checkers on the board are in its home board and none is pinned."""
    for a in range(1, 25):
        if checkers_on_point(state, side, a) > 0 and own_point(side, a) > 6:
            return False
        if pinned_here(state, side, a):
            return False
    return True


# --- the end of the game -------------------------------------------------------------------


def result_of(state: State, rules: str) -> Result:
    """The end of game, evaluated on a state (after every single checker move)."""
    for side in (WHITE, BLACK):
        if state.off(side) == 15:
            loser = OTHER[side]
            return (side, 2 if state.off(loser) == 0 else 1, "bear-off")
    if rules == PLAKOTO:
        white_mother_pinned = pinned_here(state, WHITE, 24)  # White's starting point is abs 24
        black_mother_pinned = pinned_here(state, BLACK, 1)  # Black's starting point is abs 1
        if white_mother_pinned and black_mother_pinned:
            return (None, 0, "both-mothers")
        if white_mother_pinned and checkers_on_point(state, BLACK, 1) == 0:
            return (BLACK, 2, "mother")
        if black_mother_pinned and checkers_on_point(state, WHITE, 24) == 0:
            return (WHITE, 2, "mother")
    # RULES.md "A blocked board": both rule sets, checked after the mother rule.
    if frozen(state):
        return (None, 0, "blocked")
    return None


# --- single checker moves ------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One checker move in the mover's own numbering (``end`` 0 = off)."""

    start: int
    end: int
    number: int
    pins: bool


def movable(state: State, side: str, number: int) -> Iterator[tuple[int, int]]:
    """Each checker of ``side`` that may move exactly ``number`` pips: the absolute point it
    leaves and its own target point (0 or less: off), one at a time (so :func:`frozen` can
    stop at the first without making any position)."""
    bearing_off: bool | None = None  # asked once, when a checker first reaches past point 1
    for a in range(1, 25):
        if on_top(state, side, a) == 0:
            continue  # only a checker on top can move
        start = own_point(side, a)
        target = start - number
        if target >= 1:
            if is_open(state, side, absolute_point(side, target)):
                yield a, target
            continue
        if bearing_off is None:
            bearing_off = may_bear_off(state, side)
        if not bearing_off:
            continue
        if target < 0:
            # own point `number` has no checker; bearing off from `start` is allowed
            # only if the side has no checker on any point higher than `start`.
            higher = any(
                checkers_on_point(state, side, absolute_point(side, o)) > 0
                for o in range(start + 1, 25)
            )
            if higher:
                continue
        yield a, target


def single_moves(state: State, side: str, number: int) -> Iterator[tuple[Step, State]]:
    """Every way to move one checker of ``side`` exactly ``number`` pips, with the result."""
    s = SIGN[side]
    for a, target in movable(state, side, number):
        start = own_point(side, a)
        new = state.copy()
        leave(new, side, a)
        if target >= 1:
            b = absolute_point(side, target)
            pins = new.board[b - 1] == -s  # (still a lone, unpinned opponent checker)
            if pins:
                new.board[b - 1] = s
                new.pinned.add(b)
            else:
                new.board[b - 1] += s
            yield Step(start, target, number, pins), new
        else:
            if side == WHITE:
                new.white_off += 1
            else:
                new.black_off += 1
            yield Step(start, 0, number, False), new


def leave(state: State, side: str, absolute: int) -> None:
    """Take one of ``side``'s checkers off the top of ``absolute`` (frees a pinned one)."""
    s = SIGN[side]
    state.board[absolute - 1] -= s
    if state.board[absolute - 1] == 0 and absolute in state.pinned:
        # the pinned opponent checker is free at once and owns the point
        state.pinned.remove(absolute)
        state.board[absolute - 1] = -s


# --- whole plays ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    steps: tuple[Step, ...]
    key: Key
    result: Result


def all_sequences(state: State, rules: str, dice: tuple[int, int], every_path: bool = True) -> list[Candidate]:
    """Every sequence of single checker moves (every prefix too, the empty one included).
    Without ``every_path``, a position part-way through a play is walked on from once
    however many paths reach it with the same numbers left: each path is still listed up to
    there, and what follows is the same for all of them."""
    side = state.turn
    high, low = max(dice), min(dice)
    orders = [[high] * 4] if high == low else [[high, low], [low, high]]
    found: list[Candidate] = []
    ends: dict[Key, Result] = {}  # each position's result_of, once: many orders reach one position
    walked: set[tuple[Key, tuple[int, ...]]] = set()

    def walk(cur: State, numbers: list[int], steps: tuple[Step, ...]) -> None:
        here = cur.key()
        found.append(Candidate(steps, here, None))
        if not numbers or (here, tuple(numbers)) in walked:
            return
        if not every_path:
            walked.add((here, tuple(numbers)))
        for step, new in single_moves(cur, side, numbers[0]):
            reached = new.key()
            if reached not in ends:
                ends[reached] = result_of(new, rules)
            if ends[reached] is not None:
                found.append(Candidate(steps + (step,), reached, ends[reached]))  # the game ends
            else:
                walk(new, numbers[1:], steps + (step,))

    for order in orders:
        walk(state, order, ())
    return found


def legal_candidates(state: State, rules: str, dice: tuple[int, int], every_path: bool = True) -> list[Candidate]:
    """The legal plays, per RULES.md "Moving" (without ``every_path``, see
    :func:`all_sequences`, only one path of moves to each position after a part of a play).

    - A play that ends the game ends the turn at once, however few numbers it used.
    - A win counts as using every number of the roll: it is legal, and when one exists
      the plays that go on must use every number (nobody stops short of a win).
    - A draw makes no other play illegal: it is legal, and the other plays are judged
      among themselves as if the drawing moves did not exist. (The sequences never go
      through a drawing move, so simply leaving the draws out does that.) Where only
      drawing moves remain, stopping is legal; where every move would draw, passing is.
    - Among the plays that go on, only those using the most numbers are legal, and a
      non-double played with one number must use the larger if the larger alone could be
      played.
    """
    if result_of(state, rules) is not None:
        raise ValueError("the game is already over")
    numbers = 4 if dice[0] == dice[1] else 2
    cands = all_sequences(state, rules, dice, every_path)
    wins = [c for c in cands if c.result is not None and c.result[0] is not None]
    draws = [c for c in cands if c.result is not None and c.result[0] is None]
    going = [c for c in cands if c.result is None]
    most = max(len(c.steps) for c in going)  # the empty play is always there: most >= 0
    if wins:
        most = numbers  # a win counts as using every number
    going = [c for c in going if len(c.steps) == most]
    high, low = max(dice), min(dice)
    if most == 1 and high != low:
        if any(c.steps[0].number == high for c in going):
            going = [c for c in going if c.steps[0].number == high]
    return wins + draws + going


def frozen(state: State) -> bool:
    """RULES.md "A blocked board": neither side has any checker that can move with any
    number."""
    return not any(next(movable(state, side, n), None) for side in ("white", "black") for n in range(1, 7))


def legal_results(state: State, rules: str, dice: tuple[int, int]) -> dict[Key, Result]:
    """The distinct positions the legal plays lead to, each with its result."""
    out: dict[Key, Result] = {}
    for c in legal_candidates(state, rules, dice, every_path=False):
        if c.key in out and out[c.key] != c.result:
            raise AssertionError("one position reached with two different results")
        out[c.key] = c.result
    return out


# --- conversions ---------------------------------------------------------------------------


def start_state() -> State:
    board = [0] * 24
    board[0] = -15
    board[23] = 15
    return State(board, set(), 0, 0, WHITE)


def state_from_json(data: dict) -> State:
    return State(
        list(data["board"]),
        set(data["pinned"]),
        data["off"]["white"],
        data["off"]["black"],
        data["turn"],
    )


def total_checkers(state: State, side: str) -> int:
    return checkers_on_board(state, side) + state.off(side)


def state_from_key(key: Key, turn: str) -> State:
    board, pinned, woff, boff = key
    return State(list(board), set(pinned), woff, boff, turn)
