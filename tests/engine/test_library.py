"""The engine as a library: the rule set travels with the position, positions are
immutable all the way down, plays are frozen values, and the public names are exported."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import plakoto_site.engine as engine
from plakoto_site.engine import Dice, Position, PositionError, RuleSet, Side

BOTH_MOTHERS = "W:13x7,7,6x6;B:1,12x6,19x7,24;P:24;T:W"


def test_the_rule_set_travels_with_the_position() -> None:
    tapa = Position.from_code(BOTH_MOTHERS, RuleSet.TAPA)
    play = tapa.parse_play("7/1* 6/5", Dice(6, 1))  # no rules argument: Tapa all the same
    assert play.outcome is None  # under Plakoto 7/1* would draw at once
    assert play.position.rules is RuleSet.TAPA
    assert play.position.legal_plays(Dice(2, 1))[0].position.rules is RuleSet.TAPA
    assert Position.from_code(BOTH_MOTHERS).parse_play("7/1*", Dice(6, 1)).outcome is not None
    assert repr(tapa) == f"Position.from_code({BOTH_MOTHERS!r}, RuleSet.TAPA)"


def test_an_explicit_rule_set_is_carried_on() -> None:
    play = Position.from_code(BOTH_MOTHERS).parse_play("7/1* 6/5", Dice(6, 1), RuleSet.TAPA)
    assert play.position.rules is RuleSet.TAPA


def test_pass_turn_and_can_bear_off() -> None:
    position = Position.from_code("W:6x3,5x3,4x3,2x2,1x2;B:3,20x7,21x7;P:3;T:W")
    assert position.pass_turn().turn is Side.BLACK
    assert position.pass_turn().board == position.board
    assert not position.can_bear_off(Side.WHITE)  # its checker on 3 is pinned
    assert Position.from_code("W:6x15;B:19x15;T:W").can_bear_off(Side.WHITE)
    assert not Position.start().can_bear_off(Side.BLACK)


def test_is_legal() -> None:
    assert Position.start().is_legal("24/18 24/19", Dice(6, 5))
    assert not Position.start().is_legal("24/17", Dice(6, 5))
    assert not Position.start().is_legal("nonsense", Dice(6, 5))


def test_positions_are_immutable_all_the_way_down() -> None:
    board = [-15] + [0] * 22 + [15]
    position = Position(board)  # type: ignore[arg-type]
    board[0] = 0
    assert position.board[0] == -15 and isinstance(position.board, tuple)
    assert hash(position) == hash(Position.start())
    pinned = Position(Position.from_code("W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B").board, {15})  # type: ignore[arg-type]
    assert isinstance(pinned.pinned, frozenset)
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.turn = Side.BLACK  # type: ignore[misc]
    with pytest.raises(PositionError, match="rules must be a RuleSet"):
        Position(position.board, rules="tapa")  # type: ignore[arg-type]


def test_plays_are_frozen_values_without_hidden_state() -> None:
    play = Position.start().parse_play("24/13", Dice(6, 5))
    assert not hasattr(play, "__dict__")
    assert {field.name for field in dataclasses.fields(play)} == {"_turn", "_found"}
    assert play.position == play.position and play == Position.start().parse_play("24/18/13", Dice(6, 5))


def test_the_public_names_are_exported_and_typed() -> None:
    for name in ("Refusal", "Why", "play_tree", "Node", "Try", "IllegalPlayError", "RuleSet"):
        assert name in engine.__all__ and hasattr(engine, name)
    assert (Path(engine.__file__).parent / "py.typed").exists()


def test_the_engine_imports_nothing_from_the_site_and_no_third_party_package() -> None:
    import ast
    import sys

    allowed = set(sys.stdlib_module_names)
    for path in Path(engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed | {"__future__"}, (path.name, name)


def test_moves_are_absolute_with_an_own_view() -> None:
    from plakoto_site.engine import OFF, Move

    black = Position.start(Side.BLACK).parse_play("24/23 24/21", Dice(3, 1))
    # Black's 24/23 24/21 lands on absolute 2 and 4 (RULES.md's reference sequence).
    assert sorted((m.side, m.start, m.end, m.number) for m in black.moves) == [
        (Side.BLACK, 1, 2, 1), (Side.BLACK, 1, 4, 3)]
    assert sorted(m.own() for m in black.moves) == [(24, 21), (24, 23)]
    assert sorted(str(m) for m in black.moves) == ["24/21", "24/23"]
    off = Move.from_own(Side.BLACK, 3, OFF, 3)
    assert (off.start, off.end, str(off)) == (22, OFF, "3/off")
