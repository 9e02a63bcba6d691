"""Cross-check the engine's legal plays against the naive enumerator of ``naive.py``.

For each (position, dice, rule set) both must give the same set of resulting positions and
the same result (who won, how many points, why) for each. The engine's "nothing can be
played" is an empty list; the naive enumerator gives the empty play instead (the same
position, the turn passed), and the comparison maps one to the other.

The numbers of positions compared are in the test ids.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from plakoto_site.engine import ALL_ROLLS, Dice, Outcome, Position, RuleSet, Side

from . import naive

RANDOM_POSITIONS = 5000  # from seeded random games, both rule sets
SYNTHETIC_POSITIONS = 4000  # built to stress pins, mothers and bear-offs, both rule sets
MAX_PLIES = 300  # Tapa can deadlock (both mothers pinned, nothing else can move)


# -- comparing -------------------------------------------------------------------------------


def key_of(position: Position) -> naive.Key:
    return (
        tuple(position.board),
        frozenset(position.pinned),
        position.white_off,
        position.black_off,
    )


def result_of(outcome: Outcome | None) -> naive.Result:
    if outcome is None:
        return None
    return (outcome.winner.value if outcome.winner else None, outcome.points, outcome.reason.value)


def engine_results(position: Position, dice: Dice, rules: RuleSet) -> dict:
    plays = position.legal_plays(dice, rules)
    if not plays:
        return {key_of(position): None}
    out: dict = {}
    for play in plays:
        assert play.side is position.turn
        assert play.position.turn is position.turn.other, play.notation()
        key = key_of(play.position)
        assert key not in out, f"two plays lead to one position: {play.notation()}"
        out[key] = result_of(play.outcome)
    return out


def naive_results(position: Position, dice: Dice, rules: RuleSet) -> dict:
    state = naive.state_from_json(position.to_json())
    return naive.legal_results(state, rules.value, (dice.high, dice.low))


def describe(key: naive.Key) -> str:
    board, pinned, white_off, black_off = key
    return f"board={list(board)} pinned={sorted(pinned)} off W{white_off} B{black_off}"


def difference(position: Position, dice: Dice, rules: RuleSet) -> str | None:
    got = engine_results(position, dice, rules)
    want = naive_results(position, dice, rules)
    if got == want:
        return None
    lines = [f"{position.code()} {dice} {rules.value}:"]
    for key in sorted(set(want) - set(got), key=repr):
        lines.append(f"  engine misses {describe(key)} result {want[key]}")
    for key in sorted(set(got) - set(want), key=repr):
        lines.append(f"  engine adds   {describe(key)} result {got[key]}")
    for key in sorted(set(got) & set(want), key=repr):
        if got[key] != want[key]:
            lines.append(f"  {describe(key)}: engine {got[key]}, naive {want[key]}")
    return "\n".join(lines)


def compare_all(cases: list[tuple[Position, Dice, RuleSet]]) -> None:
    problems = [d for d in (difference(*case) for case in cases) if d]
    assert not problems, (
        f"{len(problems)} of {len(cases)} positions differ; first ones:\n" + "\n".join(problems[:5])
    )


# -- (a) all 21 rolls from the start ------------------------------------------------------------


@pytest.mark.parametrize("rules", list(RuleSet), ids=lambda r: r.value)
@pytest.mark.parametrize("turn", list(Side), ids=lambda s: s.value)
def test_start_all_21_rolls(turn: Side, rules: RuleSet) -> None:
    cases = [(Position.start(turn), dice, rules) for dice in ALL_ROLLS]
    assert len(cases) == 21
    compare_all(cases)


def test_reference_sequences_of_rules_md() -> None:
    """The table "Reference sequences" of RULES.md, on the naive side too."""
    start = Position.start()
    first = start.parse_play("24/19 24/18", Dice(6, 5)).position
    assert first.code() == "W:24x13,19,18;B:1x15;T:B"
    assert key_of(first) in naive_results(start, Dice(6, 5), RuleSet.PLAKOTO)
    second = first.parse_play("24/23 24/21", Dice(3, 1)).position
    assert (second.pips(Side.WHITE), second.pips(Side.BLACK)) == (349, 356)
    assert key_of(second) in naive_results(first, Dice(3, 1), RuleSet.PLAKOTO)
    third_from = Position.from_code("W:24x8,20,13x6;B:1x10,5x4,15;T:W")
    third = third_from.parse_play("20/15* 13/10", Dice(5, 3)).position
    assert third.code() == "W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B"
    assert (third.pips(Side.WHITE), third.pips(Side.BLACK)) == (282, 330)
    assert key_of(third) in naive_results(third_from, Dice(5, 3), RuleSet.PLAKOTO)
    fourth_from = Position.from_code("W:1,2,3,4x2,5x2,6x2;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W")
    fourth = fourth_from.parse_play("6/off 5/off", Dice(6, 5)).position
    assert fourth.white_off == 8
    assert (fourth.pips(Side.WHITE), fourth.pips(Side.BLACK)) == (25, 57)
    assert key_of(fourth) in naive_results(fourth_from, Dice(6, 5), RuleSet.PLAKOTO)


# -- (b) positions from seeded random games -----------------------------------------------------


def pass_turn(position: Position) -> Position:
    return Position(
        position.board, position.pinned, position.white_off, position.black_off, position.turn.other
    )


@cache
def random_game_cases(count: int) -> tuple[tuple[Position, Dice, RuleSet], ...]:
    """(position, dice, rules) met in random games played with the engine, seeds 0, 1, …,
    alternating the rule sets, each distinct case once, until ``count`` are collected."""
    cases: dict[tuple[str, Dice, RuleSet], tuple[Position, Dice, RuleSet]] = {}
    seed = 0
    while len(cases) < count:
        rnd = random.Random(seed)
        rules = list(RuleSet)[seed % 2]
        position = Position.start(rnd.choice(list(Side)))
        for _ in range(MAX_PLIES):
            if position.is_over(rules) or len(cases) >= count:
                break
            dice = rnd.choice(ALL_ROLLS)
            cases.setdefault((position.code(), dice, rules), (position, dice, rules))
            plays = position.legal_plays(dice, rules)
            position = rnd.choice(plays).position if plays else pass_turn(position)
        seed += 1
    return tuple(cases.values())


@pytest.mark.parametrize("count", [RANDOM_POSITIONS], ids=lambda n: f"{n}-positions")
def test_random_games(count: int) -> None:
    cases = random_game_cases(count)
    assert len(cases) == count
    assert {rules for _, _, rules in cases} == set(RuleSet)
    compare_all(list(cases))


# -- (c) synthetic positions: pins, mothers, bear-offs -------------------------------------------


def home_points(side: Side) -> list[int]:
    return list(range(1, 7)) if side is Side.WHITE else list(range(19, 25))


def start_point(side: Side) -> int:
    return 24 if side is Side.WHITE else 1


THEMES = ["bear", "bear", "mother", "duel", "block", "mixed"]


def build_position(rnd: random.Random) -> Position | None:
    """A random board that passes the engine's validation, biased to one theme.

    ``bear``: checkers home, some off, sometimes a pin inside a home board. ``mother``:
    thin or pinned mothers, lone attackers within a roll of them. ``duel``: both mothers
    alone or pinned, so one move can lose the game or draw it. ``mixed``: anywhere.
    Returns None when the random choices do not add up (the caller draws again)."""
    theme = rnd.choice(THEMES)
    board = [0] * 24
    pinned: set[int] = set()
    left = {Side.WHITE: 15, Side.BLACK: 15}

    def put(point: int, side: Side, count: int = 1) -> bool:
        if not 1 <= point <= 24 or board[point - 1] * side.sign < 0 or left[side] < count:
            return False
        board[point - 1] += side.sign * count
        left[side] -= count
        return True

    def pin(point: int, owner: Side) -> bool:
        if point in pinned or board[point - 1] != 0 or left[owner] < 1 or left[owner.other] < 1:
            return False
        pinned.add(point)
        left[owner.other] -= 1
        return put(point, owner, 1 if left[owner] < 4 else rnd.choice([1, 1, 1, 2, 3]))

    off = {}
    for side in Side:
        if theme == "bear":
            off[side] = rnd.choice([0, rnd.randint(1, 14), rnd.randint(8, 14)])
        elif theme in ("mother", "duel"):
            off[side] = rnd.choice([0, 0, 0, rnd.randint(1, 6)])
        else:
            off[side] = rnd.choice([0, 0, rnd.randint(1, 10)])
        left[side] -= off[side]

    if theme == "block":
        return block_position(rnd)
    if theme == "duel":
        for side in Side:
            mother = start_point(side)
            if rnd.random() < 0.35:
                pin(mother, side.other)  # this side's mother pinned
            else:
                put(mother, side, 1)  # its mother alone at home
        for side in Side:
            # attackers one roll from the other side's starting point
            for _ in range(rnd.randint(0, 2)):
                put(start_point(side.other) + side.sign * rnd.randint(1, 6), side)
    else:
        pins = rnd.choice([0, 0, 1, 2] if theme == "bear" else [0, 1, 1, 2, 3])
        for _ in range(pins):
            owner = rnd.choice(list(Side))
            if theme == "mother":
                point = rnd.choice([1, 24, 1, 24, 2, 23, rnd.randint(1, 24)])
            elif theme == "bear":
                point = rnd.choice(home_points(owner.other) + home_points(owner))
            else:
                point = rnd.randint(1, 24)
            pin(point, owner)
        if theme == "mother":
            for side in Side:
                if rnd.random() < 0.6 and start_point(side) not in pinned:
                    put(start_point(side), side, rnd.choice([1, 1, 2]))
                if rnd.random() < 0.6:
                    put(start_point(side.other) + side.sign * rnd.randint(1, 6), side)

    for side in Side:
        home = home_points(side)
        tries = 0
        while left[side] > 0:
            tries += 1
            if tries > 500:
                return None
            roll = rnd.random()
            if theme == "bear":
                point = rnd.choice(home) if roll < 0.92 else rnd.randint(1, 24)
            elif theme in ("mother", "duel"):
                point = rnd.choice(home) if roll < 0.5 else rnd.randint(2, 23)
                if theme == "duel" and point == start_point(side):
                    continue  # the mothers stay alone
            else:
                point = rnd.randint(1, 24)
            put(point, side)

    turn = rnd.choice(list(Side))
    try:
        return Position(tuple(board), frozenset(pinned), off[Side.WHITE], off[Side.BLACK], turn)
    except Exception as error:  # the generator must only build valid positions
        raise AssertionError(
            f"generator built an invalid position: {board} {pinned} {off}"
        ) from error


def block_position(rnd: random.Random) -> Position:
    """A board one pin from frozen (RULES.md "A blocked board"): one of the mover's checkers
    pinned beneath the other side's stack on their last point, one of theirs alone on the
    mover's last point, and the mover's last free checkers within a roll or two of it. Pinning
    that lone checker with the turn's last move leaves nobody a move (under Tapa; under Plakoto
    it is the other side's mother, and the mother rule decides first)."""
    mover = rnd.choice(list(Side))
    board = [0] * 24
    their_last, our_last = mover.other.own(1), mover.own(1)  # absolute points
    stack = rnd.randint(1, 13)
    board[their_last - 1] = mover.other.sign * stack
    board[our_last - 1] = mover.other.sign
    free = rnd.choice([1, 1, 2])
    for _ in range(free):
        point = mover.own(rnd.randint(2, 12))
        if board[point - 1] * mover.sign >= 0:
            board[point - 1] += mover.sign
        else:
            free -= 1
    off = {mover: 15 - 1 - free, mover.other: 15 - stack - 1}
    return Position(tuple(board), frozenset({their_last}), off[Side.WHITE], off[Side.BLACK], mover)


@cache
def synthetic_cases(count: int) -> tuple[tuple[Position, Dice, RuleSet], ...]:
    rnd = random.Random(20240611)
    cases: dict[tuple[str, Dice, RuleSet], tuple[Position, Dice, RuleSet]] = {}
    while len(cases) < count:
        position = build_position(rnd)
        if position is None:
            continue
        rules = rnd.choice(list(RuleSet))
        if position.is_over(rules):
            continue
        for dice in rnd.sample(ALL_ROLLS, 3):
            cases.setdefault((position.code(), dice, rules), (position, dice, rules))
    return tuple(list(cases.values())[:count])


def themes_met(position: Position, want: dict) -> set[str]:
    """Which of the stressed situations a case (and its naive results) shows."""
    state = naive.state_from_json(position.to_json())
    side = position.turn.value
    met = set()
    if naive.pinned_here(state, "white", 24) or naive.pinned_here(state, "black", 1):
        met.add("mother pinned")
    if any(naive.pinned_here(state, side, naive.absolute_point(side, o)) for o in range(1, 7)):
        met.add("pin in the mover's home")
    if naive.may_bear_off(state, side):
        met.add("may bear off")
    if list(want) == [key_of(position)] and want[key_of(position)] is None:
        met.add("nothing to play")
    for result in want.values():
        if result is not None:
            met.add(result[2])  # bear-off, mother, both-mothers
            if None in want.values():
                met.add("a draw beside plays that go on" if result[0] is None else "a win beside full plays")
    return met


@pytest.mark.parametrize("count", [SYNTHETIC_POSITIONS], ids=lambda n: f"{n}-positions")
def test_synthetic_positions(count: int) -> None:
    cases = synthetic_cases(count)
    assert len(cases) == count
    problems: list[str] = []
    met: dict[str, int] = {}
    for position, dice, rules in cases:
        got = engine_results(position, dice, rules)
        want = naive_results(position, dice, rules)
        if got != want:
            problems.append(str(difference(position, dice, rules)))  # they differ: a str
        for theme in themes_met(position, want):
            met[theme] = met.get(theme, 0) + 1
    assert not problems, (
        f"{len(problems)} of {len(cases)} positions differ; first ones:\n" + "\n".join(problems[:5])
    )
    # the set really stresses what it is meant to
    themes = [
        "mother pinned",
        "pin in the mover's home",
        "may bear off",
        "nothing to play",
        "bear-off",
        "mother",
        "both-mothers",
        "a win beside full plays",
        "a draw beside plays that go on",
        "blocked",
    ]
    assert all(met.get(theme, 0) >= 10 for theme in themes), met
