"""The engine's values come back from a pickle (or a copy) whole: a cold build's forked copy
sends the drills it made, with their positions, plays and play trees, to the build."""

from __future__ import annotations

import copy
import pickle

import pytest

from plakoto_site.engine import Dice, Position, RuleSet, Side
from plakoto_site.engine.tree import play_tree

PINNED = "W:24x11,15,9x2;B:1x13,20,8;P:8;T:B"
"""Black to move, a white checker pinned on 8 under a black one."""


@pytest.mark.parametrize("rules", list(RuleSet))
def test_a_play_tree_comes_back_equal_with_its_rules(rules: RuleSet) -> None:
    tree = play_tree(Position.from_code(PINNED, rules=rules), Dice(4, 4), rules)
    tries = [attempt for node in tree for attempt in node.tries]
    plays = [node.play for node in tree if node.play is not None]
    refusals = [attempt.refusal for attempt in tries if attempt.refusal is not None]
    assert tries and plays and refusals  # every kind of value is in it
    for back in (pickle.loads(pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL)), copy.deepcopy(tree)):
        assert back == tree
        # The rule set is left out of a position's equality: it must come back all the same.
        assert {node.position.rules for node in back} == {rules}
        assert {node.play.position.rules for node in back if node.play} == {rules}
        assert [node.play.dice for node in back if node.play] == [play.dice for play in plays]


def test_every_field_comes_back() -> None:
    position = Position.from_code(PINNED, rules=RuleSet.TAPA)
    back = pickle.loads(pickle.dumps(position))
    assert (back.board, back.pinned, back.white_off, back.black_off, back.turn, back.rules) == (
        position.board, frozenset({8}), 0, 0, Side.BLACK, RuleSet.TAPA)
    assert pickle.loads(pickle.dumps(Dice(6, 5))) == Dice(6, 5)


def test_a_tree_holds_each_refused_try_once() -> None:
    """The pinned checker on 8 is refused after every move Black makes: one object, kept
    and pickled once, however many nodes refuse it."""
    tree = play_tree(Position.from_code(PINNED), Dice(4, 4))
    refused = [attempt for node in tree for attempt in node.tries if attempt.refusal is not None]
    assert len(refused) > len(set(refused))  # the same refusal in several nodes
    assert len({id(attempt) for attempt in refused}) == len(set(refused))
