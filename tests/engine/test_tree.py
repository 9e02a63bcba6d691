"""The tree of partial plays that exercises walk agrees with the naive enumerator: at
every node, the moves it allows are exactly the first moves of the legal plays from
there, and every refused move really begins no legal play."""

from __future__ import annotations

from plakoto_site.engine import Dice, Position, RuleSet
from plakoto_site.engine.tree import play_tree

from . import naive
from .test_against_naive import random_game_cases, synthetic_cases

Key = tuple[tuple[int, ...], frozenset[int], int, int]


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
