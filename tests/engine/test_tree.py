"""The tree of partial plays that exercises walk agrees with the naive enumerator: at
every node, the moves it allows are exactly the first moves of the legal plays from
there, and every refused move really begins no legal play. And each kind of refusal the
tree gives, on a hand-made position, with the reason RULES.md gives for it. (Two kinds
never appear in the tree: "no checker of yours" — the tree only tries points holding our
checkers — and "n of the doubles must be played" — a double moves each checker along one
path, so no first move can shorten the longest play; test_rules.py checks both through the
parser.)"""

from __future__ import annotations

import pytest

from plakoto_site.engine import Dice, Position, RuleSet
from plakoto_site.engine.tree import play_tree

from . import naive
from .naive import Key
from .test_against_naive import random_game_cases, synthetic_cases


def naive_next_moves(position: Position, dice: Dice, rules: RuleSet) -> dict[tuple[Key, tuple[int, ...]], set[tuple[int, int]]]:
    """For every state part-way through a legal play: the (start, number) moves that go on."""
    state = naive.state_from_json(position.to_json())
    side = state.turn
    found: dict[tuple[Key, tuple[int, ...]], set[tuple[int, int]]] = {}
    numbers = list(dice.numbers)
    for candidate in naive.legal_candidates(state, rules.value, (dice.high, dice.low)):
        current, left = state, list(numbers)
        for move in candidate.steps:
            key = (current.key(), tuple(sorted(left)))
            found.setdefault(key, set()).add((move.start, move.number))
            nxt = [new for step, new in naive.single_moves(current, side, move.number)
                   if (step.start, step.end) == (move.start, move.end)]
            current = nxt[0]
            left.remove(move.number)
    return found


def node_key(position: Position, numbers: tuple[int, ...]) -> tuple[Key, tuple[int, ...]]:
    return (tuple(position.board), frozenset(position.pinned), position.white_off, position.black_off), tuple(sorted(numbers))


def check(position: Position, dice: Dice, rules: RuleSet) -> int:
    tree = play_tree(position, dice, rules)
    expected = naive_next_moves(position, dice, rules)
    legal = {play.position for play in position.legal_plays(dice, rules)}
    assert {node.play.position for node in tree if node.play} == legal
    reachable, stack, checked = {0}, [0], 0
    while stack:
        node = tree[stack.pop()]
        allowed = {(t.start, t.number) for t in node.tries if t.child is not None}
        refused = {(t.start, t.number) for t in node.tries if t.child is None}
        assert all(t.refusal is not None for t in node.tries if t.child is None)
        goes_on = expected.get(node_key(node.position, node.numbers), set())
        if node.play is None or node.numbers:
            assert allowed == goes_on, (position.code(), dice, node.index, allowed, goes_on)
        assert not refused & goes_on
        checked += 1
        for attempt in node.tries:
            if attempt.child is not None and attempt.child not in reachable:
                reachable.add(attempt.child)
                stack.append(attempt.child)
    return checked


def test_tree_agrees_with_the_naive_enumerator() -> None:
    cases = list(random_game_cases(600))[::2] + list(synthetic_cases(400))[::2]
    nodes = sum(check(position, dice, rules) for position, dice, rules in cases if not position.is_over(rules)
                and position.legal_plays(dice, rules))
    assert nodes > 2000, nodes


# -- the reason for each refused try, worked out by hand from RULES.md ----------------------
# (point numbers in the mover's own numbering; the expected sentences are written out, never
# taken from the tree)

REFUSALS = [
    # A pinned checker cannot move: White's checker on 15 lies under a black one.
    ("W:24x8,13x6;B:1x10,5x4,15;P:15;T:W", Dice(5, 3), 15, 5,
     "the checker on 15 is pinned and cannot move"),
    # Two or more opposing checkers close a point: 24 - 6 = 18 holds two black checkers.
    ("W:24x15;B:1x13,18x2;T:W", Dice(6, 5), 24, 6,
     "point 18 is closed: 2 black checkers"),
    # Black moves in its own numbering: own 24 - 5 = own 19 = absolute 6, where White has two.
    ("W:24x13,6x2;B:1x15;T:B", Dice(6, 5), 24, 5,
     "point 19 is closed: 2 white checkers"),
    # A lone checker that is itself pinning one of ours cannot be pinned.
    ("W:24x14;B:1x14,18;P:18;T:W", Dice(6, 5), 24, 6,
     "point 18 is closed: the black checker there is pinning one of yours, and a pinner cannot be pinned"),
    # Bearing off needs every checker home: one still stands on 8.
    ("W:8,6x4,5x5,4x5;B:19x15;T:W", Dice(6, 2), 6, 6,
     "cannot bear off: the checker on 8 is not yet in the home board"),
    # ... and none pinned anywhere, even inside the home board (on 3).
    ("W:6x5,5x5,4x4;B:19x14,3;P:3;T:W", Dice(6, 5), 6, 6,
     "cannot bear off: the checker on 3 is pinned"),
    # A 4 with nothing on 4 must move a checker from a higher point (5 and 6 are occupied).
    ("W:6x5,5x5,3x5;B:19x15;T:W", Dice(4, 1), 3, 4,
     "cannot bear off from 3 with a 4: there is a checker on 6, so a 4 must move a checker from a higher point"),
    # 18 and 19 are closed, so 24 cannot move; 1 is closed, so 7 can only play the 5. The one
    # play of both numbers is 10/4 7/2: 10/5 leaves the 6 unplayable.
    ("W:24x13,10,7;B:1x2,18x2,19x2,20x9;T:W", Dice(6, 5), 10, 5,
     "both numbers can be played, so both must be"),
    # Only the checker on 10 can move, and it can play the 6 or the 5 but not both: the larger.
    ("W:24x14,10;B:1x11,18x2,19x2;T:W", Dice(6, 5), 10, 5,
     "6 and 5 can each be played alone; the larger, 6, must be"),
]


@pytest.mark.parametrize(("code", "dice", "start", "number", "reason"), REFUSALS,
                         ids=["pinned", "closed", "closed-in-black-numbering", "pinner", "not-home",
                              "pin-stops-bear-off", "higher-point", "both-numbers", "larger-number"])
def test_each_refused_first_move_gives_the_rules_reason(code: str, dice: Dice, start: int, number: int,
                                                        reason: str) -> None:
    tree = play_tree(Position.from_code(code), dice)
    (attempt,) = [t for t in tree[0].tries if (t.start, t.number) == (start, number)]
    assert attempt.child is None
    assert str(attempt.refusal) == reason


def test_the_larger_number_is_allowed_where_the_smaller_is_refused() -> None:
    tree = play_tree(Position.from_code("W:24x14,10;B:1x11,18x2,19x2;T:W"), Dice(6, 5))
    allowed = {(t.start, t.number) for t in tree[0].tries if t.child is not None}
    assert allowed == {(10, 6)}
    (six,) = [t for t in tree[0].tries if (t.start, t.number) == (10, 6)]
    assert six.end == 4 and tree[six.child].play is not None  # type: ignore[index]
    assert tree[six.child].play.notation() == "10/4"  # type: ignore[index, union-attr]
