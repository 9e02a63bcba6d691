"""The rules of RULES.md, one hand-worked position each, and every error the engine gives."""

from __future__ import annotations

import pytest

from plakoto_site.engine import (
    ALL_ROLLS,
    Dice,
    IllegalPlayError,
    NotationError,
    Position,
    PositionError,
    Reason,
    RuleSet,
    Side,
)
from plakoto_site.engine.refusals import Why

W, B = Side.WHITE, Side.BLACK
TAPA = RuleSet.TAPA


def notations(code: str, dice: Dice, rules: RuleSet = RuleSet.PLAKOTO) -> set[str]:
    return {play.notation() for play in Position.from_code(code).legal_plays(dice, rules)}


def illegal(code: str, text: str, dice: Dice, rules: RuleSet = RuleSet.PLAKOTO) -> str:
    with pytest.raises(IllegalPlayError) as caught:
        Position.from_code(code).parse_play(text, dice, rules)
    return str(caught.value)


# -- the reference sequences of RULES.md ----------------------------------------------------


def test_reference_opening_six_five() -> None:
    after = Position.start().play("24/19 24/18", Dice(6, 5))
    assert after.code() == "W:24x13,19,18;B:1x15;T:B"
    assert (after.pips(W), after.pips(B)) == (349, 360)


def test_reference_black_answers_three_one_in_its_own_numbering() -> None:
    after = Position.start().play("24/19 24/18", Dice(6, 5)).play("24/23 24/21", Dice(3, 1))
    assert after.board[0:4] == (-13, -1, 0, -1)  # absolute 1, 2 and 4
    assert (after.pips(W), after.pips(B)) == (349, 356)


def test_reference_pin() -> None:
    before = Position.from_code("W:24x8,20,13x6;B:1x10,5x4,15;T:W")
    play = before.parse_play("20/15* 13/10", Dice(5, 3))
    assert play.notation() == "20/15* 13/10"
    assert play.position.code() == "W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B"
    assert play.position.pinned_checkers(B) == [15]
    assert (play.position.pips(W), play.position.pips(B)) == (282, 330)


def test_reference_bear_off() -> None:
    before = Position.from_code("W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W")
    assert before.white_off == 6
    after = before.play("6/off 5/off", Dice(6, 5))
    assert after.code() == "W:6,5,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:B"
    assert after.white_off == 8
    assert (after.pips(W), after.pips(B)) == (25, 57)


# -- play counts from the start --------------------------------------------------------------


def partitions_of_four(largest_part_fits: int) -> int:
    """Ways to split four equal numbers among checkers, one checker moving at most N of them."""
    parts = [(4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)]
    return sum(1 for p in parts if max(p) <= largest_part_fits)


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=str)
def test_play_counts_from_the_start(dice: Dice) -> None:
    # From the start every point between 24 and 2 is empty and point 1 is closed (15 black).
    # A non-double is two checkers or one checker using both: 2 plays. A double d is a
    # split of its four numbers among checkers; one checker can move k numbers if 24 - k*d >= 2.
    expected = 2 if not dice.is_double else partitions_of_four((24 - 2) // dice.high)
    assert len(Position.start().legal_plays(dice)) == expected


# -- moving ---------------------------------------------------------------------------------


def test_double_is_played_four_times() -> None:
    plays = Position.start().legal_plays(Dice(3, 3))
    assert all(len(play.moves) == 4 for play in plays)
    assert "24/21(4)" in {play.notation() for play in plays}


def test_closed_point() -> None:
    code = "W:24x14,13;B:1x13,18x2;T:W"
    assert not any("/18" in n for n in notations(code, Dice(6, 5)))
    assert "point 18 is closed: 2 black checkers" in illegal(code, "24/18 13/8", Dice(6, 5))


def test_blocked_intermediate_point() -> None:
    # 13 is open, but a checker from 24 must stop on 18 or 19, and both are closed.
    code = "W:24x13,12,6;B:1x11,18x2,19x2;T:W"
    assert Position.from_code(code).board[12] == 0  # point 13 is empty
    assert not any(n.startswith("24/") for n in notations(code, Dice(6, 5)))
    # Both ways are closed; the message names the first the engine tries, the 6 (24/18).
    assert illegal(code, "24/13", Dice(6, 5)) == "illegal play '24/13': point 18 is closed: 2 black checkers"


def test_play_both_numbers_when_both_fit() -> None:
    code = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"
    assert illegal(code, "20/15", Dice(5, 3)).endswith("both numbers can be played, so both must be")


def test_the_larger_number_is_forced() -> None:
    # The checker on 10 can play the 6 (to 4) or the 5 (to 5) but not both;
    # the checkers on 24 are blocked by 18, 19 and (for 24/13) both.
    code = "W:24x14,10;B:1x11,18x2,19x2;T:W"
    assert notations(code, Dice(6, 5)) == {"10/4"}
    message = illegal(code, "10/5", Dice(6, 5))
    assert message.endswith("6 and 5 can each be played alone; the larger, 6, must be")


def test_the_smaller_number_when_only_it_fits() -> None:
    code = "W:24x14,10;B:1x9,4x2,18x2,19x2;T:W"  # now 10/4 is closed
    assert notations(code, Dice(6, 5)) == {"10/5"}


def test_double_only_partly_playable() -> None:
    # 20/14/8 works; 8/2 is closed, and 24/18 is closed.
    code = "W:24x14,20;B:1x11,2x2,18x2;T:W"
    assert notations(code, Dice(6, 6)) == {"20/8"}
    assert illegal(code, "20/14", Dice(6, 6)).endswith("2 of the 6s can be played, so 2 must be")


def test_no_move_possible() -> None:
    code = "W:24x14,6;B:1x11,18x2,19x2;T:W"
    assert Position.from_code(code).legal_plays(Dice(6, 5)) == []
    assert illegal(code, "24/13", Dice(6, 5))


# -- pinning --------------------------------------------------------------------------------

PINNED_ON_15 = "W:24x13,15,13;B:1x13,10;P:15;T:B"


def test_pinned_checker_cannot_move() -> None:
    # Black's own 10 is absolute 15, where its checker lies under White's.
    message = illegal(PINNED_ON_15, "10/5", Dice(5, 1))
    assert message.endswith("the checker on 10 is pinned and cannot move")


def test_pinner_cannot_be_pinned() -> None:
    # Black's checker on absolute 10 (own 15) with a 5 would land on absolute 15.
    message = illegal(PINNED_ON_15, "15/10 24/23", Dice(5, 1))
    assert "point 10 is closed: the white checker there is pinning one of yours" in message
    for play in Position.from_code(PINNED_ON_15).legal_plays(Dice(5, 1)):
        assert play.position.board[14] == 1 and 15 in play.position.pinned


def test_more_checkers_may_stack_on_a_pin() -> None:
    after = Position.from_code(PINNED_ON_15.replace("T:B", "T:W")).play("24/15", Dice(6, 3))
    assert after.board[14] == 2 and 15 in after.pinned


def test_release_when_the_last_pinner_leaves() -> None:
    after = Position.from_code(PINNED_ON_15.replace("T:B", "T:W")).play("15/11 13/11", Dice(4, 2))
    assert after.board[14] == -1 and not after.pinned
    assert after.pips(B) == Position.from_code(PINNED_ON_15).pips(B)


def test_pin_on_the_way_is_released_when_the_checker_moves_on() -> None:
    # 17 is closed, so the only way from 20 to 12 is through the lone black checker on 15:
    # the pin on the way is part of the play and shows in its canonical form.
    before = Position.from_code("W:24x14,20;B:1x12,15,17x2;T:W")
    for written in ("20/15*/12", "20/15/12", "20/12", "20-15-12"):
        play = before.parse_play(written, Dice(5, 3))
        assert play.notation() == "20/15*/12", written
        assert play.position.code() == "W:24x14,12;B:1x12,15,17x2;T:B"
        assert not play.position.pinned and play.position.board[14] == -1


# -- bearing off ----------------------------------------------------------------------------


def test_bear_off_from_the_highest_point_with_a_larger_number() -> None:
    code = "W:5x3,4x3,3x3,2x3,1x3;B:19x5,20x5,21x5;T:W"
    assert notations(code, Dice(6, 6)) >= {"5/off(3) 4/off"}
    after = Position.from_code(code).play("5/off(3) 4/off", Dice(6, 6))
    assert after.white_off == 4


def test_higher_point_must_be_moved_first() -> None:
    code = "W:6,4x14;B:19x15;T:W"
    message = illegal(code, "4/off 6/5", Dice(5, 1))
    assert "cannot bear off from 4 with a 5: there is a checker on 5" in message
    assert "6/1 4/3" in notations(code, Dice(5, 1))


def test_bearing_off_is_not_compulsory() -> None:
    plays = notations("W:6x3,5x3,4x3,3x3,2x3;B:19x15;T:W", Dice(2, 1))
    assert {"2/1 2/off", "3/off", "6/5 2/off"} <= plays
    assert "6/5 6/4" in plays


def test_a_pinned_checker_in_the_home_board_stops_bearing_off() -> None:
    code = "W:6x3,5x3,4x3,2x3,1x2;B:3,20x7,21x7;P:3;T:W"
    assert notations(code, Dice(6, 5)) == {"6/1"}
    message = illegal(code, "6/off 5/off", Dice(6, 5))
    assert message.endswith("cannot bear off: the checker on 3 is pinned")


def test_a_checker_outside_home_stops_bearing_off() -> None:
    message = illegal("W:8,5x14;B:19x15;T:W", "5/off 5/off", Dice(5, 5))
    assert "cannot bear off: the checker on 8 is not yet in the home board" in message


# -- the mother --------------------------------------------------------------------------------

# White's mother alone on 24; Black's checker on absolute 18 (own 7) can pin it with a 6.
MOTHER_ALONE = "W:24,13x7,6x7;B:18,12x7,19x7;T:B"
MOTHER_ALONE_BLACK_HOME = "W:24,13x7,6x7;B:1x2,18,12x5,19x7;T:B"


def test_mother_lost_when_the_opponent_has_left_his_start() -> None:
    play = Position.from_code(MOTHER_ALONE).parse_play("7/1*", Dice(6, 3))
    assert play.outcome is not None
    assert (play.outcome.winner, play.outcome.points, play.outcome.reason) == (B, 2, Reason.MOTHER)
    assert len(play.moves) == 1  # the game ends at once; the 3 is never played
    assert play.position.outcome() == play.outcome


def test_mother_pinned_while_the_opponent_is_still_home_play_goes_on() -> None:
    play = Position.from_code(MOTHER_ALONE_BLACK_HOME).parse_play("7/1* 24/21", Dice(6, 3))
    assert play.outcome is None
    assert play.position.pinned == {24}


def test_the_game_ends_when_the_opponent_leaves_his_start() -> None:
    pinned = Position.from_code(MOTHER_ALONE_BLACK_HOME).play("7/1* 13/10", Dice(6, 3))
    waiting = pinned.play("13/9 13/11", Dice(4, 2))
    assert waiting.outcome() is None
    play = waiting.parse_play("24/21 24/22", Dice(3, 2))
    assert play.outcome is not None
    assert (play.outcome.winner, play.outcome.points, play.outcome.reason) == (B, 2, Reason.MOTHER)


BOTH_MOTHERS = "W:13x7,7,6x6;B:1,12x6,19x7,24;P:24;T:W"


def test_both_mothers_pinned_is_a_draw() -> None:
    position = Position.from_code(BOTH_MOTHERS)
    assert position.pinned_checkers(W) == [24]
    play = position.parse_play("7/1*", Dice(6, 1))
    assert play.outcome is not None
    assert (play.outcome.winner, play.outcome.points, play.outcome.reason) == (
        None,
        0,
        Reason.BOTH_MOTHERS,
    )


def test_nobody_is_forced_to_take_a_draw() -> None:
    plays = Position.from_code(BOTH_MOTHERS).legal_plays(Dice(6, 1))
    assert any(play.outcome is None and len(play.moves) == 2 for play in plays)


def test_tapa_has_no_mother_rule() -> None:
    play = Position.from_code(BOTH_MOTHERS).parse_play("7/1* 6/5", Dice(6, 1), TAPA)
    assert play.outcome is None
    assert Position.from_code(MOTHER_ALONE).parse_play("7/1* 13/10", Dice(6, 3), TAPA).outcome is None


# -- the score ------------------------------------------------------------------------------------


def test_double_game_when_the_loser_has_borne_off_none() -> None:
    play = Position.from_code("W:1;B:19x15;T:W").parse_play("1/off", Dice(2, 1))
    assert play.outcome is not None
    assert (play.outcome.winner, play.outcome.points, play.outcome.reason) == (W, 2, Reason.BEAR_OFF)


def test_single_game_when_the_loser_has_borne_off_some() -> None:
    play = Position.from_code("W:1;B:19x14;T:W").parse_play("1/off", Dice(2, 1))
    assert play.outcome is not None and play.outcome.points == 1


def test_no_plays_from_a_finished_game() -> None:
    with pytest.raises(PositionError, match="already over"):
        Position.from_code("W:;B:19x15;T:B").legal_plays(Dice(6, 5))


# -- notation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written",
    ["24/19 24/18", "24/18 24/19", "24-18, 24-19", "24/18,24/19"],
)
def test_lenient_notation(written: str) -> None:
    assert Position.start().parse_play(written, Dice(6, 5)).notation() == "24/19 24/18"


def test_chains_groups_and_optional_pins() -> None:
    assert Position.start().parse_play("24/18/13", Dice(6, 5)).notation() == "24/13"
    assert Position.start().parse_play("24/22(4)", Dice(2, 2)).notation() == "24/22(4)"
    code = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"
    assert Position.from_code(code).parse_play("20/15 13/10", Dice(5, 3)).notation() == "20/15* 13/10"
    bear = "W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W"
    assert Position.from_code(bear).parse_play("5/OFF 6/Off", Dice(6, 5)).notation() == "6/off 5/off"


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("24/x", "'x' is not a point number"),
        ("bar/20", "Plakoto has no bar"),
        ("25/20", "point 25 is outside 1–24"),
        ("24/0", "point 0 is outside 1–24"),
        ("18/24", "goes backwards"),
        ("off/20", "cannot start from off"),
        ("hello", "write each move as from/to"),
        ("24/18(5)", "repeat 1 to 4 times"),
    ],
)
def test_unreadable_notation(written: str, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        Position.start().parse_play(written, Dice(6, 5))
    assert says in str(caught.value)
    assert repr(written) in str(caught.value)


def test_impossible_distance() -> None:
    message = illegal("start", "24/17 24/20", Dice(6, 5))
    assert message == "illegal play '24/17 24/20': the roll 6-5 cannot move a checker from 24 to 17 (7 pips)"


def test_no_checker_there() -> None:
    assert "there is no checker of yours on 13" in illegal("start", "13/7 13/8", Dice(6, 5))


def test_a_play_that_ends_the_game_last_is_complete() -> None:
    # 13/10 first, then 7/1* pins the mother: both numbers used, and the game is over.
    play = Position.from_code(MOTHER_ALONE).parse_play("7/1* 13/10", Dice(6, 3))
    assert play.outcome is not None and play.outcome.reason is Reason.MOTHER
    assert len(play.moves) == 2


def test_game_ended_before_the_play_was_done() -> None:
    # Black is home and pins White's mother with the 3: the 1 can no longer bear it off.
    code = "W:24,13x7,6x7;B:19x7,20x7,21;T:B"
    message = illegal(code, "4/1*/off", Dice(3, 1))
    assert message.endswith("the game ends after 4/1*; nothing more can be played")


# -- positions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("W:24x16;B:1x15", "16 white checkers"),
        ("W:24x15;B:1x15;P:12", "point 12 is listed as pinned but is empty"),
        ("W:24x15", "needs both a W: and a B: section"),
        ("W:24x15;B:1x15;Q:3", "should start with W:, B:, P: or T:"),
        ("W:24x15;B:1x15;T:X", "unknown side 'X'"),
        ("W:25x15;B:1x15", "point 25 is outside 1–24"),
        ("W:24x14,24;B:1x15", "point 24 is listed twice"),
        ("W:24x15;B:24x15", "point 24 is listed twice"),
        ("W:24y15;B:1x15", "cannot read '24y15'"),
    ],
)
def test_bad_position_codes(code: str, says: str) -> None:
    with pytest.raises(PositionError, match=says):
        Position.from_code(code)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"board": [0] * 23}, "list of 24 whole numbers"),
        ({"board": [-15] + [0] * 22 + [14], "turn": "white"}, "white has 14 checkers"),
        ({"board": [-15] + [0] * 22 + [15], "pinned": [2]}, "point 2 is listed as pinned"),
        ({"board": [-15] + [0] * 22 + [15], "off": {"white": 16}}, "white has 16 checkers borne off"),
        ({"board": [-15] + [0] * 22 + [15], "turn": "red"}, "unknown side 'red'"),
        ({"board": [-15] + [0] * 22 + [15], "colour": 1}, "unknown position field"),
        ("start", "must be a JSON object"),
    ],
)
def test_bad_json_positions(data: object, says: str) -> None:
    with pytest.raises(PositionError, match=says):
        Position.from_json(data)


def test_position_code_and_json_round_trip() -> None:
    code = "W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B"
    position = Position.from_code(code)
    assert position.code() == code
    assert Position.from_json(position.to_json()) == position
    assert repr(position) == f"Position.from_code({code!r})"
    assert Position.from_code("start") == Position.start()


def test_interchange_form_of_the_start() -> None:
    assert Position.start().to_json() == {
        "board": [-15] + [0] * 22 + [15],
        "pinned": [],
        "off": {"white": 0, "black": 0},
        "turn": "white",
    }


def test_structured_description() -> None:
    position = Position.from_code("W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B")
    fifteen = next(info for info in position.points() if info.point == 15)
    assert (fifteen.owner, fifteen.count, fifteen.pinned) == (W, 1, B)
    assert [info.point for info in position.points()] == [1, 5, 10, 13, 15, 24]


def test_dice() -> None:
    assert Dice(3, 5) == Dice(5, 3) == Dice.parse("5-3") == Dice.from_list([3, 5])
    assert str(Dice(3, 5)) == "5-3" and Dice(4, 4).numbers == (4, 4, 4, 4)
    with pytest.raises(NotationError):
        Dice.parse("7-1")
    with pytest.raises(NotationError):
        Dice.from_list([1, 2, 3])


def test_a_game_nobody_can_ever_move_in_is_a_draw() -> None:
    # Under Tapa both last checkers can be pinned; here nothing else can move either.
    frozen = Position.from_code("W:1x14;B:24x14;P:1,24;T:W")
    outcome = frozen.outcome(TAPA)
    assert outcome is not None
    assert (outcome.winner, outcome.points, outcome.reason) == (None, 0, Reason.BLOCKED)
    before = Position.from_code("W:2,1x13;B:24x14;P:1,24;T:W")
    assert before.outcome(TAPA) is None  # White can still play 2/1
    plays = {play.notation(): play for play in before.legal_plays(Dice(1, 1), TAPA)}
    # 2/1 blocks the board, a draw; a drawing play is never forced, so passing is legal.
    assert set(plays) == {"2/1", ""}
    outcome = plays["2/1"].outcome
    assert outcome is not None and outcome.reason is Reason.BLOCKED
    assert plays[""].outcome is None and plays[""].position.turn is B


def test_the_turns_last_move_can_block_the_board() -> None:
    # Tapa: White's last two checkers are one pinned under Black's 13 on 24 and one on 5;
    # Black's mother stands alone on 1. With 1-1, 5/1* pins the mother with White's fourth 1,
    # and then nobody can move (White's pinned checker is not home, Black's mother is pinned):
    # a draw. Declining it is legal: stopping on 2 uses three 1s, the most that avoids it.
    position = Position.from_code("W:5;B:24x13,1;P:24;T:W")
    plays = {play.notation(): play for play in position.legal_plays(Dice(1, 1), TAPA)}
    assert set(plays) == {"5/1*", "5/2"}
    outcome = plays["5/1*"].outcome
    assert outcome is not None
    assert (outcome.winner, outcome.points, outcome.reason) == (None, 0, Reason.BLOCKED)
    assert plays["5/2"].outcome is None and plays["5/2"].position.turn is B


def test_a_blocked_board_is_worded_as_blocked_not_as_pinned_mothers() -> None:
    frozen = Position.from_code("W:1x14;B:24x14;P:1,24;T:W")
    outcome = frozen.outcome(TAPA)
    assert str(outcome) == "a draw: the board is blocked, neither side can ever move again"
    with pytest.raises(PositionError) as caught:
        frozen.legal_plays(Dice(6, 5), TAPA)
    assert str(caught.value) == (
        "the game is already over (a draw: the board is blocked, neither side can ever move again)"
    )
    both = Position.from_code("W:13x7,1,6x6;B:12x6,19x7,24;P:1,24;T:B")
    assert str(both.outcome()) == "a draw: both mothers are pinned"


# -- the settled rules: wins count as every number, draws are never forced --------------------


def test_a_win_counts_as_using_every_number() -> None:
    # Four white checkers on the ace point, eleven off: 3-3 bears off all four and wins.
    code = "W:1x4;B:19x15;T:W"
    assert notations(code, Dice(3, 3)) == {"1/off(4)"}
    with pytest.raises(IllegalPlayError) as caught:
        Position.from_code(code).parse_play("1/off(3)", Dice(3, 3))
    assert str(caught.value) == (
        "illegal play '1/off(3)': this roll can win the game, and a win counts as using every "
        "number: win, or play all 4 numbers"
    )
    assert caught.value.refusal is not None and caught.value.refusal.why is Why.SHORT_OF_WIN
    assert caught.value.code == code


def test_a_player_who_can_win_may_choose_another_full_play() -> None:
    # 6/off 2/off wins; 6/4/off uses both numbers too and leaves the checker on 2.
    plays = Position.from_code("W:6,2;B:19x15;T:W").legal_plays(Dice(6, 2))
    assert sorted((len(play.moves), play.outcome is None) for play in plays) == [(2, False), (2, True)]
    going = next(play for play in plays if play.outcome is None)
    assert going.position.code() == "W:2;B:19x15;T:B"


# White's mother is pinned on 24 and Black's stands alone on 1: 7/1* pins it, both mothers
# are pinned, a draw. The checkers on 6 cannot bear off while White has one pinned.
DRAW_WITH_THE_SIX = "W:7,6x13;B:1,19x13,24;P:24;T:W"


def test_a_draw_may_be_declined_by_a_shorter_play() -> None:
    plays = {play.notation(): play.outcome for play in Position.from_code(DRAW_WITH_THE_SIX).legal_plays(Dice(6, 1))}
    # The 6 can only draw, so the plays that go on are judged without it: the 1 alone.
    assert set(plays) == {"7/1*", "7/1* 6/5", "7/6", "6/5"}
    assert plays["7/6"] is None and plays["6/5"] is None
    assert all((outcome := plays[n]) is not None and outcome.reason is Reason.BOTH_MOTHERS for n in ("7/1*", "7/1* 6/5"))
    assert Position.from_code(DRAW_WITH_THE_SIX).parse_play("6/5", Dice(6, 1)).outcome is None


def test_a_draw_may_be_declined_by_passing() -> None:
    plays = {play.notation(): play.outcome for play in Position.from_code(DRAW_WITH_THE_SIX).legal_plays(Dice(6, 6))}
    assert set(plays) == {"7/1*", ""}  # every move would draw, so passing is legal
    passed = Position.from_code(DRAW_WITH_THE_SIX).parse_play("", Dice(6, 6))
    assert passed.outcome is None and passed.moves == () and passed.position.turn is B


# -- a * is a claim that the landing pins -------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "written", "dice", "point"),
    [
        ("W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/15* 13/10*", Dice(5, 3), 10),
        ("start", "24/20 24/23*", Dice(4, 1), 23),
        ("W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/15/12*", Dice(5, 3), 12),
        ("W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W", "6/off* 5/off", Dice(6, 5), 0),
    ],
)
def test_a_star_on_a_landing_that_pins_nothing_is_refused(code: str, written: str, dice: Dice, point: int) -> None:
    with pytest.raises(IllegalPlayError) as caught:
        Position.from_code(code).parse_play(written, dice)
    if point:
        why = f"the checker landing on {point} pins nothing there: leave out the * after {point}"
    else:
        why = "a checker borne off pins nothing: leave out the * after off"
    assert str(caught.value) == f"illegal play {written!r}: {why}"
    refusal = caught.value.refusal
    assert refusal is not None and (refusal.why, refusal.point) == (Why.FALSE_PIN, point)


def test_a_true_star_is_accepted_even_on_a_stop_on_the_way() -> None:
    position = Position.from_code("W:24x14,20;B:1x13,15,17;T:W")
    assert position.parse_play("20/15*/12", Dice(5, 3)).position.board[14] == -1
    assert position.parse_play("20/15 15/12", Dice(5, 3)).position.board[14] == -1
