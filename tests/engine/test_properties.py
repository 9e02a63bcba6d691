"""Properties of every legal play, on positions reached by random legal plays (hypothesis).

The moves of each play are replayed one by one on the naive board of ``naive.py``, which
checks the landing and "only a checker on top moves" rules of RULES.md independently.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plakoto_site.engine import ALL_ROLLS, OFF, Dice, Position, RuleSet, Side

from . import naive


def pass_turn(position: Position) -> Position:
    return Position(
        position.board, position.pinned, position.white_off, position.black_off, position.turn.other
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[Position, Dice, RuleSet]:
    """A position reached by a hypothesis-chosen number of random legal plays from the
    start (stopping before a play that would end the game), the dice and the rule set."""
    rules = draw(st.sampled_from(list(RuleSet)))
    plies = draw(st.integers(min_value=0, max_value=150))
    rnd: random.Random = draw(st.randoms(use_true_random=False))
    position = Position.start(draw(st.sampled_from(list(Side))))
    for _ in range(plies):
        plays = position.legal_plays(rnd.choice(ALL_ROLLS), rules)
        if not plays:
            position = pass_turn(position)
            continue
        play = rnd.choice(plays)
        if play.outcome is not None:
            break
        position = play.position
    return position, draw(st.sampled_from(ALL_ROLLS)), rules


SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def state_of(position: Position) -> naive.State:
    return naive.state_from_json(position.to_json())


@SETTINGS
@given(games())
def test_fifteen_checkers_a_side(case: tuple[Position, Dice, RuleSet]) -> None:
    position, dice, rules = case
    for play in position.legal_plays(dice, rules):
        state = state_of(play.position)
        for side in ("white", "black"):
            assert naive.total_checkers(state, side) == 15, (position.code(), dice, play.notation())


@SETTINGS
@given(games())
def test_moves_replay_on_the_naive_board(case: tuple[Position, Dice, RuleSet]) -> None:
    """Each move starts on a point where the mover is on top (no pinned checker moves),
    lands on a point open per RULES.md (or bears off legally), pins exactly when it lands
    on a lone unpinned opponent checker, and the moves together reach ``play.position``."""
    position, dice, rules = case
    side = position.turn.value
    for play in position.legal_plays(dice, rules):
        where = f"{position.code()} {dice} {rules.value} {play.notation()}"
        state = state_of(position)
        assert len(play.moves) <= len(dice.numbers), where
        for move in play.moves:
            own_start, own_end = move.own()
            start = naive.absolute_point(side, own_start)
            assert move.start == start and move.side is position.turn, where
            assert naive.on_top(state, side, start) > 0, (
                f"{where}: {move} moves a checker not on top"
            )
            if move.end != OFF:
                assert own_end == own_start - move.number, where
                end = naive.absolute_point(side, own_end)
                assert move.end == end, where
                assert naive.is_open(state, side, end), f"{where}: {move} lands on a closed point"
                lone = state.board[end - 1] == -naive.SIGN[side]
                assert move.pins == lone, f"{where}: {move} pin flag"
            else:
                assert not move.pins and move.number >= own_start, where
            found = [
                after
                for step, after in naive.single_moves(state, side, move.number)
                if (step.start, step.end) == (own_start, own_end)
            ]
            assert len(found) == 1, f"{where}: {move} is not a legal single move"
            state = found[0]
        assert state.key() == (
            tuple(play.position.board),
            frozenset(play.position.pinned),
            play.position.white_off,
            play.position.black_off,
        ), where
        ended = naive.result_of(state, rules.value) or ((None, 0, "blocked") if naive.frozen(state) else None)
        assert ended == (
            None
            if play.outcome is None
            else (
                play.outcome.winner.value if play.outcome.winner else None,
                play.outcome.points,
                play.outcome.reason.value,
            )
        ), where


@SETTINGS
@given(games())
def test_pips_drop_by_what_the_play_moved(case: tuple[Position, Dice, RuleSet]) -> None:
    position, dice, rules = case
    mover, other = position.turn, position.turn.other
    before = state_of(position)
    assert position.pips(mover) == naive.pips(before, mover.value)
    assert position.pips(other) == naive.pips(before, other.value)
    for play in position.legal_plays(dice, rules):
        moved = sum(move.own()[0] if move.end == OFF else move.number for move in play.moves)
        after = play.position
        where = f"{position.code()} {dice} {play.notation()}"
        assert position.pips(mover) - after.pips(mover) == moved, where
        assert after.pips(other) == position.pips(other), where  # pins change nothing for them
        assert after.pips(mover) == naive.pips(state_of(after), mover.value), where


@SETTINGS
@given(games())
def test_canonical_notation_parses_back(case: tuple[Position, Dice, RuleSet]) -> None:
    position, dice, rules = case
    for play in position.legal_plays(dice, rules):
        again = position.parse_play(play.notation(), dice, rules)
        assert again.position == play.position, (position.code(), dice, play.notation())
        assert again.outcome == play.outcome, (position.code(), dice, play.notation())


@SETTINGS
@given(games())
def test_code_and_json_round_trip(case: tuple[Position, Dice, RuleSet]) -> None:
    position, dice, rules = case
    positions = [position] + [play.position for play in position.legal_plays(dice, rules)]
    for p in positions:
        assert Position.from_code(p.code()) == p, p.code()
        assert Position.from_json(p.to_json()) == p, p.code()
