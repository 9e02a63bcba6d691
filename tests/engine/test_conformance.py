"""The browser rules (``templates/assets/plakoto-rules.js``, run by ``scripts/engine.js``)
answer exactly as the Python engine does.

The Python engine writes the requests at test time: seeded random Plakoto and Tapa games,
synthetic positions (pins, mothers, both mothers, blocked boards, bear-offs, wins and draws
within one play), legal plays written in other ways, illegal plays of every refusal kind,
and malformed requests. Both command lines answer every line; the answers must be equal
after JSON parsing. Then 200 seeded games are played move by move by both engines in
lockstep. A rule changed in one language and not the other cannot land.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from plakoto_site.engine import ALL_ROLLS, Dice, IllegalPlayError, Position, RuleSet, Side
from plakoto_site.engine.__main__ import answer_text
from plakoto_site.engine.__main__ import encode as output_line
from plakoto_site.engine.errors import EngineError
from plakoto_site.engine.refusals import Refusal
from plakoto_site.engine.tree import play_tree

from .test_against_naive import build_position
from .test_cli import parsed_answers

ROOT = Path(__file__).resolve().parents[2]
NODE_ENGINE = ROOT / "scripts" / "engine.js"
VERBS = ("plays", "apply", "position")
GAMES = 40  # seeded random games whose positions the requests use
SYNTHETIC = 560  # built positions, three rolls each
LOCKSTEP_GAMES = 200
MAX_PLIES = 300

Request = tuple[str, str]
"""A verb and one request line."""


# -- the two command lines ---------------------------------------------------------------------


class Cli:
    """One engine process per verb, kept open; a batch of lines in, one answer per line out
    (as written, without its newline)."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1
        )

    def ask(self, lines: list[str]) -> list[str]:
        assert self.process.stdin and self.process.stdout
        stdin = self.process.stdin

        def write() -> None:
            stdin.write("".join(line + "\n" for line in lines))
            stdin.flush()

        writer = threading.Thread(target=write)
        writer.start()
        answers = [self.process.stdout.readline().removesuffix("\n") for _ in lines]
        writer.join()
        return answers

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=30)


class InProcess:
    """The Python engine's command line, answering in this process with the function its
    main loop calls (the lockstep games are many short batches of one line per game), each
    answer as the command writes it, without its newline."""

    def __init__(self, verb: str) -> None:
        self.verb = verb

    def ask(self, lines: list[str]) -> list[str]:
        return [output_line(answer_text(self.verb, line)).decode("utf-8").removesuffix("\n") for line in lines]

    def close(self) -> None:
        pass


def python_cli(verb: str) -> list[str]:
    return [sys.executable, "-m", "plakoto_site.engine", verb]


def node_cli(verb: str) -> list[str]:
    return ["node", str(NODE_ENGINE), verb]


def answer_many(command: list[str], lines: list[str], parts: int = 1) -> list[Any]:
    """The command answers all the lines, split over ``parts`` processes side by side."""
    size = -(-len(lines) // parts)
    chunks = [lines[i : i + size] for i in range(0, len(lines), size)]
    answers: list[list[Any]] = [[] for _ in chunks]

    def run(index: int) -> None:
        answers[index] = answer_chunk(command, chunks[index])

    in_parallel([lambda i=i: run(i) for i in range(len(chunks))])  # type: ignore[misc]
    return [answer for chunk in answers for answer in chunk]


def answer_chunk(command: list[str], lines: list[str]) -> list[Any]:
    done = subprocess.run(
        command, input="".join(line + "\n" for line in lines), capture_output=True, text=True,
        encoding="utf-8", timeout=300,
    )
    assert done.returncode == 0, (command, done.stderr[-2000:])
    answers = parsed_answers(done.stdout)
    assert len(answers) == len(lines), (command, len(answers), len(lines), done.stderr[-2000:])
    return answers


def in_parallel(jobs: list[Callable[[], None]]) -> None:
    """Run the jobs side by side; the first exception in any of them is raised here."""
    errors: list[BaseException] = []

    def guarded(job: Callable[[], None]) -> None:
        try:
            job()
        except BaseException as error:  # re-raised below, in the test's own thread
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


# -- writing the requests -----------------------------------------------------------------------


def encode(request: Mapping[str, object]) -> str:
    return json.dumps(request, ensure_ascii=False)


def base(position: Position, dice: Dice, rules: RuleSet, rnd: random.Random) -> dict[str, object]:
    """A request naming the position either way and the rules sometimes by default."""
    request: dict[str, object] = (
        {"code": position.code()} if rnd.random() < 0.25 else {"position": position.to_json()}
    )
    request["dice"] = [dice.high, dice.low] if rnd.random() < 0.5 else [dice.low, dice.high]
    if rules is RuleSet.TAPA or rnd.random() < 0.5:
        request["rules"] = rules.value
    return request


def rewritten(notation: str, rnd: random.Random) -> str:
    """The same legal play written another way: order, separators, case, stars, chains."""
    moves = notation.split()
    if rnd.random() < 0.4:
        expanded = []
        for move in moves:
            count = 1
            if move.endswith(")"):
                move, count = move[: move.index("(")], int(move[move.index("(") + 1 : -1])
            expanded.extend([move] * count)
        moves = expanded
    if rnd.random() < 0.5:
        rnd.shuffle(moves)
    text = (", " if rnd.random() < 0.3 else " ").join(moves)
    if rnd.random() < 0.3:
        text = text.replace("/", "-")
    if rnd.random() < 0.3:
        text = text.replace("off", "OFF")
    if rnd.random() < 0.3:
        text = text.replace("*", "")
    return text


def wrong_plays(position: Position, dice: Dice, rules: RuleSet, rnd: random.Random) -> Iterator[str]:
    """Plays that cannot be read, or are not allowed here: each kind of refusal."""
    plays = position.legal_plays(dice, rules)
    side = position.turn
    ours = [point for point in range(1, 25) if position.owner(side.own(point)) is side]
    pinned = [side.own(p) for p in position.pinned_checkers(side)]
    numbers = dice.numbers
    # a single checker move from a random point of ours (closed, pinner, bear-off refusals)
    for _ in range(2):
        start = rnd.choice(ours or [24])
        number = rnd.choice(numbers)
        end = start - number
        yield f"{start}/{end if end >= 1 else 'off'}"
    if pinned:
        yield f"{pinned[0]}/{max(pinned[0] - numbers[0], 1) if pinned[0] > 1 else 'off'}"
    empty = [p for p in range(1, 25) if position.owner(side.own(p)) is None]
    if empty:
        start = rnd.choice(empty)
        yield f"{start}/{start - 1 if start > 1 else 'off'}"
    yield f"{rnd.randint(1, 24)}/off"
    start = rnd.choice(ours or [24])
    yield f"{start}/{max(start - 7 - rnd.randint(0, 10), 1)}"  # a distance the roll cannot make
    if plays:
        play = rnd.choice(plays)
        moves = [str(move) for move in play.moves]
        if len(moves) > 1:
            yield " ".join(moves[:-1])  # stops short
        free = [str(m) for m in play.moves if not m.pins and m.end]
        if free:
            yield play.notation().replace(free[0], free[0] + "*", 1)  # a false pin
        if play.outcome is not None and len(moves) < len(numbers):
            extra = rnd.choice(ours or [24])
            yield " ".join(moves) + f" {extra}/{max(extra - numbers[-1], 1)}"  # after the end
        if not dice.is_double:
            yield f"{start}/{max(start - dice.low, 1)}"
    bad = rnd.choice([
        "bar/20", "25/20", "0/3", "24/x", "off/3", "3/off/2", "13/18", "24/18(5)", "24/18(0)",
        "24/18(3) 13/7(2)", "24/18**", "24", "24//18", "24/18 bar/22", "x", "Ω/3", "24/18/13 'q",
    ])
    yield bad


def game_requests(seed: int, rules: RuleSet) -> Iterator[Request]:
    """Requests met along one seeded random game."""
    rnd = random.Random(seed)
    position = Position.start(rnd.choice(list(Side)))
    for _ply in range(MAX_PLIES):
        if position.is_over(rules):
            yield "position", encode({"position": position.to_json(), "rules": rules.value})
            yield "plays", encode(base(position, rnd.choice(ALL_ROLLS), rules, rnd))
            return
        dice = rnd.choice(ALL_ROLLS)
        request = base(position, dice, rules, rnd)
        yield "plays", encode(request)
        plays = position.legal_plays(dice, rules)
        if rnd.random() < 0.15:
            yield "position", encode({k: v for k, v in request.items() if k != "dice"})
        if plays:
            play = rnd.choice(plays)
            yield "apply", encode({**request, "play": play.notation()})
            yield "apply", encode({**request, "play": rewritten(play.notation(), rnd)})
            if rnd.random() < 0.35:
                yield "apply", encode({**request, "play": rnd.choice(list(wrong_plays(position, dice, rules, rnd)))})
            position = play.position
        else:
            yield "apply", encode({**request, "play": ""})
            position = Position(position.board, position.pinned, position.white_off, position.black_off,
                                position.turn.other)


def blocking_position(rnd: random.Random) -> Position | None:
    """Each side with a checker pinned under the other's home board and the rest at home:
    a blocked board is often one move away."""
    board = [0] * 24
    white_pin, black_pin = rnd.randint(19, 24), rnd.randint(1, 6)
    board[white_pin - 1] = -rnd.randint(1, 3)  # Black on top of a pinned White checker
    board[black_pin - 1] = rnd.randint(1, 3)  # White on top of a pinned Black checker
    for side, home in ((Side.WHITE, range(1, 7)), (Side.BLACK, range(19, 25))):
        left = rnd.randint(0, 6) - 1 - abs(board[black_pin - 1 if side is Side.WHITE else white_pin - 1])
        for _ in range(max(left, 0)):
            point = rnd.choice(home)
            if board[point - 1] * side.sign >= 0:
                board[point - 1] += side.sign
    on_board = {
        side: sum(abs(v) for v in board if v * side.sign > 0) + 1 for side in Side
    }
    try:
        return Position(tuple(board), frozenset({white_pin, black_pin}), 15 - on_board[Side.WHITE],
                        15 - on_board[Side.BLACK], rnd.choice(list(Side)))
    except EngineError:
        return None


def nearly_blocked_position(rnd: random.Random) -> Position:
    """Tapa: White's checkers on its ace point pin Black's mother, Black's on 24 pin White's;
    the side to move has one or two checkers still to bring in: the move that brings the
    last one onto the ace point blocks the board."""
    board = [0] * 24
    board[0] = rnd.randint(1, 4)
    board[23] = -rnd.randint(1, 4)
    turn = rnd.choice(list(Side))
    for point in rnd.sample(range(2, 8), rnd.choice([1, 1, 2])):
        board[turn.own(point) - 1] = turn.sign
    white = sum(v for v in board if v > 0) + 1
    black = -sum(v for v in board if v < 0) + 1
    return Position(tuple(board), frozenset({1, 24}), 15 - white, 15 - black, turn)


def synthetic_requests(count: int) -> Iterator[Request]:
    """Positions built to stress pins, mothers, bear-offs and blocked boards."""
    rnd = random.Random(20261130)
    made = 0
    while made < count:
        theme = rnd.random()
        rules = rnd.choice(list(RuleSet))
        position: Position | None
        if theme < 0.1:
            position, rules = nearly_blocked_position(rnd), RuleSet.TAPA
        else:
            position = blocking_position(rnd) if theme < 0.2 else build_position(rnd)
        if position is None:
            continue
        made += 1
        for dice in rnd.sample(ALL_ROLLS, 3):
            request = base(position, dice, rules, rnd)
            yield "plays", encode(request)
            if position.is_over(rules):
                yield "apply", encode({**request, "play": "24/18"})
                continue
            plays = position.legal_plays(dice, rules)
            if plays:
                yield "apply", encode({**request, "play": rewritten(rnd.choice(plays).notation(), rnd)})
            for text in wrong_plays(position, dice, rules, rnd):
                if rnd.random() < 0.5:
                    yield "apply", encode({**request, "play": text})
        yield "position", encode({"position": position.to_json(), "rules": rules.value})


START = Position.start().to_json()
MALFORMED_FIELDS: list[dict[str, object]] = [
    {"position": START},
    {"position": START, "dice": [7, 3]},
    {"position": START, "dice": [0, 3]},
    {"position": START, "dice": [3]},
    {"position": START, "dice": "5-3"},
    {"position": START, "dice": [5.0, 3]},
    {"position": START, "dice": [True, 3]},
    {"position": START, "dice": None},
    {"position": START, "dice": [5, 3], "rules": "chess"},
    {"position": START, "dice": [5, 3], "rules": " Tapa "},
    {"position": START, "dice": [5, 3], "rules": "mahbusa"},
    {"position": START, "dice": [5, 3], "rules": 5},
    {"position": START, "dice": [5, 3], "rules": None},
    {"position": START, "dice": [5, 3], "rules": ["tapa"]},
    {"dice": [5, 3]},
    {"position": None, "dice": [5, 3]},
    {"position": [1, 2], "dice": [5, 3]},
    {"position": 5.5, "dice": [5, 3]},
    {"position": {**START, "board": [1] * 24}, "dice": [5, 3]},
    {"position": {**START, "board": [0] * 23}, "dice": [5, 3]},
    {"position": {**START, "board": [-15] + [0] * 22 + [15.0]}, "dice": [5, 3]},
    {"position": {**START, "pinned": [3]}, "dice": [5, 3]},
    {"position": {**START, "pinned": [30]}, "dice": [5, 3]},
    {"position": {**START, "pinned": [24, 24]}, "dice": [5, 3]},
    {"position": {**START, "pinned": "24"}, "dice": [5, 3]},
    {"position": {**START, "off": {"white": 1, "black": 0}}, "dice": [5, 3]},
    {"position": {**START, "off": {"white": -1, "black": 0}}, "dice": [5, 3]},
    {"position": {**START, "off": {"red": 1}}, "dice": [5, 3]},
    {"position": {**START, "off": [0, 0]}, "dice": [5, 3]},
    {"position": {**START, "off": {"white": 0.5}}, "dice": [5, 3]},
    {"position": {**START, "turn": "red"}, "dice": [5, 3]},
    {"position": {**START, "turn": "B"}, "dice": [5, 3]},
    {"position": {**START, "turn": " White "}, "dice": [5, 3]},
    {"position": {**START, "turn": 1}, "dice": [5, 3]},
    {"position": {**START, "colour": "white"}, "dice": [5, 3]},
    {"position": {"board": START["board"]}, "dice": [5, 3]},
    {"code": "start", "dice": [5, 3]},
    {"code": " START ", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;T:b", "dice": [5, 3]},
    {"code": "W:24x15", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;Q:3", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;W:3", "dice": [5, 3]},
    {"code": "W:24x16;B:1x15", "dice": [5, 3]},
    {"code": "W:24x14;B:1x15", "dice": [5, 3]},
    {"code": "W:24x14,24;B:1x15", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;P:24", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;P:3", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;P:3x2", "dice": [5, 3]},
    {"code": "W:25x15;B:1x15", "dice": [5, 3]},
    {"code": "W:24x0;B:1x15", "dice": [5, 3]},
    {"code": "W:24 x 15;B:1×15", "dice": [5, 3]},
    {"code": "W:a;B:1x15", "dice": [5, 3]},
    {"code": "W:24x15;B:1x15;T:x", "dice": [5, 3]},
    {"code": 5, "dice": [5, 3]},
    {"code": None, "dice": [5, 3]},
    {"code": "W:24x14;B:1x14;P:24", "dice": [5, 3]},
]


def malformed_requests(rnd: random.Random) -> Iterator[Request]:
    for verb in VERBS:
        for request in MALFORMED_FIELDS:
            yield verb, encode(request)
        yield verb, encode({**MALFORMED_FIELDS[0], "dice": [5, 3], "play": 42})
        for line in ("not json", "[1, 2]", "42", '"text"', "null", "{", '{"a": 1,}', "{'a': 1}", "[1 2]",
                     '{"a" 1}', '{"a": 1} x', '{"a": "b\\q"}', '{"a": "\\u12"}', '{"a": "\t"}', "{} {}",
                     '{"a": NaN}', '{"a": -Infinity}', '{"dice": [5, 3], "dice": 1}', "  {}  ", "", " \t ",
                     '{"code": "start", "dice": [6, 1e0]}', '{"code": "start", "dice": [123456789012345678901, 3]}',
                     '{"code": "start", "dice": [12345678901234567890, -3]}', "[" * 101 + "]" * 101,
                     '{"a": "' + "[" * 120 + '"}', '{"code": "start", "dice": [6, 5], "play": "24/18\u000b24/19"}',
                     '{"code": "start", "dice": [6, 5], "play": "24/18\u008524/19"}',
                     '{"code": "W:24x15;\u001cB:1x15 ", "dice": [6, 5], "play": "24/13"}'):
            yield verb, line
    # Python's regular expressions and repr() on other scripts' digits, case-blind letters
    # and characters it will not print
    for play in ("２４/13", "24/18(２)", "24/19(٢) 13/8", "ſ/13", "24/ı3", "24/İ3", "24/K", "24/13\u200b",
                 "24/13\ufeff", "24/13\U0001f600", "24/13\ud800", "24/13\x85", "24/13\xa0", "24/13\x1c",
                 "'24/13", "\"24/13", "24\\13"):
        request = {"code": "start", "dice": [6, 5], "play": play}
        yield "apply", json.dumps(request)  # escaped: a lone surrogate cannot be written raw
        if "\ud800" not in play:
            yield "apply", encode(request)
    for code in ("W:２４x15;B:1x15", "W:24 × 15;B:1x15", "W:24x15;B:1x15;T:\u0130", "W:24x15;B:1x15;T:\u3000w"):
        yield "plays", encode({"code": code, "dice": [6, 5]})
    # whole numbers past 2^53, up to the 20 digits a line may hold, counted exactly
    board = "[-15" + ", 0" * 22 + ", 15]"
    for line in ('{"position": {"board": [12345678901234567890, -15' + ", 0" * 22 + ']}, "dice": [6, 5]}',
                 '{"position": {"board": ' + board + ', "pinned": [99999999999999999999, 3]}, "dice": [6, 5]}',
                 '{"position": {"board": ' + board + ', "pinned": [-99999999999999999999]}, "dice": [6, 5]}',
                 '{"position": {"board": ' + board + ', "off": {"black": 99999999999999999999}}, "dice": [6, 5]}',
                 '{"position": {"board": ' + board + '}, "dice": [-9007199254740993, 5]}'):
        yield "plays", line
    # cut a good request anywhere: every kind of JSON error, at every column
    good = encode({"position": START, "dice": [5, 3], "play": "24/19 24/21", "rules": "tapa"})
    for _ in range(150):
        cut = rnd.randrange(len(good))
        yield "apply", good[:cut]
        yield "apply", good[:cut] + good[cut + 1 :]


@cache
def all_requests() -> tuple[Request, ...]:
    requests: list[Request] = []
    for seed in range(GAMES):
        requests.extend(game_requests(seed, list(RuleSet)[seed % 2]))
    requests.extend(synthetic_requests(SYNTHETIC))
    requests.extend(malformed_requests(random.Random(7)))
    return tuple(requests)


# -- the tests ----------------------------------------------------------------------------------


def differences(verb: str, lines: list[str], python: list[Any], node: list[Any]) -> list[str]:
    return [
        f"{verb} {line}\n  python: {json.dumps(p)[:1500]}\n  node:   {json.dumps(n)[:1500]}"
        for line, p, n in zip(lines, python, node, strict=True)
        if p != n
    ]


def answer_side_by_side(commands: dict[str, tuple[list[str], int]], lines: list[str]) -> dict[str, list[Any]]:
    """Each engine answers all the lines, at the same time; Python, the slower one, in two
    processes while Node answers in one."""
    both: dict[str, list[Any]] = {}

    def run(name: str) -> None:
        command, parts = commands[name]
        both[name] = answer_many(command, lines, parts)

    in_parallel([lambda name=name: run(name) for name in commands])  # type: ignore[misc]
    return both


@cache
def all_answers() -> dict[str, tuple[list[str], list[Any], list[Any]]]:
    """For each verb: the request lines, the Python engine's answers and Node's."""
    requests = all_requests()
    found = {}
    for verb in VERBS:
        lines = [line for v, line in requests if v == verb]
        both = answer_side_by_side(
            {"python": (python_cli(verb), 2), "node": (node_cli(verb), 1)}, lines
        )
        python, node = both["python"], both["node"]
        found[verb] = (lines, python, node)
    return found


def test_both_engines_read_bytes_alike() -> None:
    """Lines that are not UTF-8, carriage returns, a last line without a newline."""
    data = b'{"code": "start", "dice": [6, 5]}\r\n\xff\xfe\n\n{"code": "start", "dice": [6, 5], "play": "\xce\xa9"}\n{"code": "start"}'
    answers = []
    for command in (python_cli("apply"), node_cli("apply")):
        done = subprocess.run(command, input=data, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        answers.append(parsed_answers(done.stdout))
    assert len(answers[0]) == 5
    assert answers[0] == answers[1]


def test_both_engines_answer_every_request_alike() -> None:
    assert len(all_requests()) >= 20_000, len(all_requests())
    problems: list[str] = []
    for verb, (lines, python, node) in all_answers().items():
        found = differences(verb, lines, python, node)
        problems += [f"{len(found)} of {len(lines)} {verb} answers differ"] + found[:4] if found else []
    assert not problems, "\n".join(problems)


def test_the_requests_cover_every_ending_and_refusal() -> None:
    """The request set really holds what it is meant to: each result reason and each kind of
    refused play (read from the Python engine's answers and its error data)."""
    answers = all_answers()
    reasons: Counter[str] = Counter()
    for answer in answers["plays"][1]:
        for play in answer.get("plays", []):
            if play["result"]:
                reasons[play["result"]["reason"]] += 1
    assert set(reasons) == {"bear-off", "mother", "both-mothers", "blocked"}, reasons
    assert min(reasons.values()) >= 20, reasons
    kinds: Counter[str] = Counter()
    for line, answer in zip(*answers["apply"][:2], strict=True):
        error = str(answer.get("error", ""))
        if error.startswith("illegal play"):
            request = json.loads(line)
            position = (Position.from_json(request["position"]) if "position" in request
                        else Position.from_code(request["code"]))
            try:
                position.parse_play(request["play"], Dice.from_list(request["dice"]),
                                    RuleSet.parse(request.get("rules", "plakoto")))
            except IllegalPlayError as refused:
                assert refused.refusal is not None
                kinds[refused.refusal.why.value] += 1
        elif error:
            kinds[next((p for p in ("cannot read", "not a JSON object") if error.startswith(p)), "other")] += 1
    from plakoto_site.engine.refusals import Why

    # "not-allowed" is the parser's last resort: no request we know of reaches it.
    expected = {why.value for why in Why} - {"not-allowed"} | {"cannot read", "not a JSON object", "other"}
    assert expected <= set(kinds), sorted(expected - set(kinds))


def ask_both(clis: dict[str, Cli | InProcess], lines: list[str]) -> dict[str, list[str]]:
    """The same lines to both engines at once; their answers as written."""
    answers: dict[str, list[str]] = {}

    def ask(name: str) -> None:
        answers[name] = clis[name].ask(lines)

    in_parallel([lambda name=name: ask(name) for name in clis])  # type: ignore[misc]
    return answers


def lockstep_turns(seeds: range) -> Iterator[str]:
    """200 seeded games played move by move by both engines at once: each turn both list the
    plays, the same seeded choice is applied by both, and the next turn starts from the
    position both answered. Their answers must be the same bytes (docs/engine.md); only the
    Python engine's is read."""
    engines: dict[str, dict[str, Cli | InProcess]] = {"python": {verb: InProcess(verb) for verb in ("plays", "apply")},
               "node": {verb: Cli(node_cli(verb)) for verb in ("plays", "apply")}}
    try:
        games = {seed: (random.Random(seed), START if seed % 3 else {**START, "turn": "black"})
                 for seed in seeds}
        rules = {seed: ("tapa" if seed % 2 else "plakoto") for seed in seeds}
        for _ply in range(MAX_PLIES):
            if not games:
                return
            asks = {seed: {"position": position, "dice": list(rnd.choice(ALL_ROLLS).numbers[:2]),
                           "rules": rules[seed]} for seed, (rnd, position) in games.items()}
            lines = [encode(ask) for ask in asks.values()]
            listed = ask_both({name: e["plays"] for name, e in engines.items()}, lines)
            for line, p, n in zip(lines, listed["python"], listed["node"], strict=True):
                if p != n:
                    yield f"plays {line}\n  python: {p[:1500]}\n  node:   {n[:1500]}"
            if listed["python"] != listed["node"]:
                return
            applies, moving = [], []
            for (seed, ask), text in zip(asks.items(), listed["python"], strict=True):
                plays = json.loads(text)["plays"]
                rnd, position = games[seed]
                if not plays:
                    games[seed] = (rnd, {**position, "turn": "black" if position["turn"] == "white" else "white"})
                    continue
                applies.append(encode({**ask, "play": rnd.choice(plays)["play"]}))
                moving.append(seed)
            applied = ask_both({name: e["apply"] for name, e in engines.items()}, applies)
            for line, p, n in zip(applies, applied["python"], applied["node"], strict=True):
                if p != n:
                    yield f"apply {line}\n  python: {p}\n  node:   {n}"
            for seed, text in zip(moving, applied["python"], strict=True):
                answer = json.loads(text)
                if answer.get("result") or "error" in answer:
                    del games[seed]
                else:
                    games[seed] = (games[seed][0], answer["position"])
        return  # any game still going after MAX_PLIES plies simply stops
    finally:
        for by_verb in engines.values():
            for cli in by_verb.values():
                cli.close()


def test_two_hundred_games_in_lockstep() -> None:
    problems = list(lockstep_turns(range(LOCKSTEP_GAMES)))
    assert not problems, f"{len(problems)} turns differ; first ones:\n" + "\n".join(problems[:4])


# -- the tree of partial plays and refusals as data ------------------------------------------------


def refusal_data(refusal: Refusal | None) -> dict[str, object] | None:
    if refusal is None:
        return None
    return {"kind": refusal.why.value, "point": refusal.point, "count": int(refusal.count),
            "number": refusal.number, "other": refusal.other, "end": refusal.end}


def python_tree(position: Position, dice: Dice, rules: RuleSet) -> dict[str, object]:
    return {"nodes": [
        {"numbers": list(node.numbers), "depth": node.depth,
         "play": node.play.notation() if node.play else None,
         "tries": [[t.start, t.number, t.end, t.child, t.pins, refusal_data(t.refusal)] for t in node.tries]}
        for node in play_tree(position, dice, rules)
    ]}


def python_refusal(position: Position, text: str, dice: Dice, rules: RuleSet) -> dict[str, object]:
    try:
        position.parse_play(text, dice, rules)
    except IllegalPlayError as error:
        return {"refusal": refusal_data(error.refusal), "error": str(error)}
    except EngineError as error:
        return {"refusal": None, "error": str(error)}
    return {"refusal": None}


def test_the_tree_and_the_refusal_data_are_the_python_engines() -> None:
    """What a board page uses and the command line does not show: every node of the tree of
    partial plays (tries, children, complete plays, refusals with their kind and numbers),
    and the refusal data of illegal plays, for positions and plays of the request set."""
    rnd = random.Random(14)
    lines: list[str] = []
    expected: list[dict[str, object]] = []
    for verb, line in rnd.sample(all_requests(), 6000):
        try:
            request = json.loads(line)
            if not isinstance(request, dict) or "position" not in request or verb == "position":
                continue
            position = Position.from_json(request["position"])
            dice, rules = Dice.from_list(request["dice"]), RuleSet.parse(request.get("rules", "plakoto"))
            if position.is_over(rules):
                continue
        except (ValueError, KeyError, TypeError):
            continue
        ask = {"position": request["position"], "dice": [dice.high, dice.low], "rules": rules.value}
        if verb == "apply" and isinstance(request.get("play"), str):
            ask["play"] = request["play"]
            expected.append(python_refusal(position, request["play"], dice, rules))
        else:
            expected.append(python_tree(position, dice, rules))
        lines.append(json.dumps(ask))
    assert len(lines) > 2000, len(lines)
    assert sum("play" not in json.loads(line) for line in lines) > 500  # trees, the rest refusals
    node = answer_chunk(["node", str(ROOT / "scripts" / "tree-dump.js")], lines)
    found = [f"{line}\n  python: {json.dumps(p)[:1500]}\n  node:   {json.dumps(n)[:1500]}"
             for line, p, n in zip(lines, expected, node, strict=True) if p != n]
    assert not found, f"{len(found)} of {len(lines)} differ; first ones:\n" + "\n".join(found[:3])


# -- a fuzzed stream of malformed requests: the same bytes from both ---------------------------------

FUZZED = 3600
"""Malformed requests, 1,200 for each verb."""


def fuzz_number(rnd: random.Random) -> object:
    """A whole number of any size and sign, or one that is not whole."""
    kind = rnd.randrange(6)
    if kind == 0:
        return rnd.randint(-3, 30)
    if kind == 1:
        return rnd.choice([-1, 1]) * rnd.randint(2**53 - 3, 10**20 - 1)
    if kind == 2:
        return f"@@{rnd.choice(['', '-'])}{rnd.choice([21, 25, 400, 5000])}@@"  # written out by raw_numbers()
    if kind == 3:
        return -rnd.randint(1, 10**6)
    if kind == 4:
        return rnd.choice([0.5, 5.0, 1e3, -0.0, 1e300])
    return rnd.choice([True, False, None])


def fuzz_digits(rnd: random.Random) -> str:
    """A point or a count as a person might mistype it: too large, zero, negative, long,
    with leading zeros or in another script."""
    return rnd.choice([
        str(rnd.randint(0, 30)), str(rnd.randint(25, 999)), "0" * rnd.randint(1, 4) + str(rnd.randint(1, 24)),
        "9" * rnd.choice([4, 20, 23, 400, 990]), "-" + str(rnd.randint(1, 24)), "٢٤", "２", "1e3", "",
    ])


def fuzz_code(rnd: random.Random) -> str:
    """A position code with repeated points, points off the board, huge counts and mixed
    errors (``W:7,7,0``), or one of the wrong shape altogether."""
    def items(letter: str) -> str:
        chosen = []
        for _ in range(rnd.randint(0, 6)):
            point = rnd.choice([fuzz_digits(rnd), str(rnd.randint(1, 24)), str(rnd.randint(1, 24))])
            if rnd.random() < 0.5:
                point += rnd.choice(["x", "×", " x ", "X"]) + fuzz_digits(rnd)
            chosen.append(point)
        if chosen and rnd.random() < 0.3:
            chosen.insert(rnd.randrange(len(chosen)), rnd.choice(chosen))  # a point listed twice
        return f"{letter}:" + ",".join(chosen)

    sections = [items("W"), items("B")]
    if rnd.random() < 0.4:
        sections.append(items("P"))
    if rnd.random() < 0.6:
        sections.append("T:" + rnd.choice(["W", "B", "w", "white", "red", "", "İ", fuzz_digits(rnd)]))
    if rnd.random() < 0.2:
        sections.append(rnd.choice(["Q:1", "W:3", "x", ";", "T:W"]))
    rnd.shuffle(sections) if rnd.random() < 0.2 else None
    code = ";".join(sections)
    if rnd.random() < 0.05:
        code += " " * rnd.randint(900, 1100)
    return code


def fuzz_play(rnd: random.Random) -> str:
    tokens = []
    for _ in range(rnd.randint(0, 7)):
        parts = [rnd.choice([fuzz_digits(rnd), str(rnd.randint(1, 24)), "off", "bar", "x", "OFF"])
                 + ("*" if rnd.random() < 0.2 else "") for _ in range(rnd.randint(1, 3))]
        token = rnd.choice(["/", "-", "//"]).join(parts)
        if rnd.random() < 0.2:
            token += f"({fuzz_digits(rnd)})"
        tokens.append(token)
    return rnd.choice([" ", ", ", ";", "\t"]).join(tokens)


def fuzz_position(rnd: random.Random) -> object:
    """The interchange form with wrong types, lengths, counts and repeated pins."""
    if rnd.random() < 0.1:
        return rnd.choice([None, [1, 2], "start", 5, {"board": None}])
    board: list[object] = list(START["board"])  # type: ignore[call-overload]
    for _ in range(rnd.randint(0, 3)):
        board[rnd.randrange(24)] = fuzz_number(rnd)
    if rnd.random() < 0.1:
        board = board[: rnd.randint(0, 30)]
    position: dict[str, object] = {"board": board}
    if rnd.random() < 0.5:
        position["pinned"] = [rnd.choice([fuzz_number(rnd), 1, 24, 24]) for _ in range(rnd.randint(0, 4))]
    if rnd.random() < 0.4:
        position["off"] = rnd.choice([{"white": fuzz_number(rnd), "black": fuzz_number(rnd)}, {"red": 1}, [0, 0],
                                      {"white": 0}, None])
    if rnd.random() < 0.4:
        position["turn"] = rnd.choice(["white", "b", " Black ", "red", 1, None, ["w"]])
    if rnd.random() < 0.1:
        position["colour"] = "white"
    return position


def fuzz_value(rnd: random.Random) -> object:
    """Any JSON value, of the wrong type for every field."""
    return rnd.choice([fuzz_number(rnd), "", "5-3", [6, 5], [fuzz_number(rnd), fuzz_number(rnd)],
                       [6], [6, 5, 4], {"a": 1}, [[6, 5]], "tapa", fuzz_code(rnd)])


GOOD_CODES = ["start", "W:24x8,20,13x6;B:1x10,5x4,15;T:W", "W:6x5,5x5,4x5;B:19x15;T:W",
              "W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B", "W:1x4;B:19x15;T:W"]


def fuzz_request(rnd: random.Random) -> dict[str, object]:
    request: dict[str, object] = {}
    where = rnd.random()
    if where < 0.3:  # a good position, so that the play itself is read
        request["code"] = rnd.choice(GOOD_CODES)
    elif where < 0.6:
        request["code"] = fuzz_code(rnd) if rnd.random() < 0.85 else fuzz_value(rnd)
    elif where < 0.92:
        request["position"] = fuzz_position(rnd)
    if rnd.random() < 0.85:
        request["dice"] = (
            [rnd.randint(1, 6), rnd.randint(1, 6)] if rnd.random() < 0.6 else [fuzz_number(rnd), fuzz_number(rnd)]
            if rnd.random() < 0.6 else fuzz_value(rnd)
        )
    if rnd.random() < 0.3:
        request["rules"] = rnd.choice(["tapa", "Plakoto ", "mahbusa", "chess", fuzz_value(rnd)])
    if rnd.random() < 0.8:
        request["play"] = fuzz_play(rnd) if rnd.random() < 0.85 else fuzz_value(rnd)
    if rnd.random() < 0.05:
        request["extra"] = fuzz_value(rnd)
    return request


def raw_numbers(text: str) -> str:
    """The JSON text with each ``"@@-25@@"`` made a number of that many nines (Python will
    not write an int of more than 4,300 digits)."""
    return re.sub(r'"@@(-?)(\d+)@@"', lambda match: match[1] + "9" * int(match[2]), text)


def fuzz_line(rnd: random.Random) -> bytes:
    """One malformed request line: a request with wrong fields, or broken bytes."""
    kind = rnd.random()
    request = fuzz_request(rnd)
    text = raw_numbers(json.dumps(request, ensure_ascii=rnd.random() < 0.5))
    if kind < 0.75:
        return text.encode("utf-8", "surrogatepass")
    if kind < 0.82:  # cut or mangled anywhere
        cut = rnd.randrange(len(text) + 1)
        return (text[:cut] + rnd.choice(["", "x", "\\", '"', "]", "}", "\x00", "\\u12"]) + text[cut + 1 :]).encode()
    if kind < 0.86:  # bytes that are not UTF-8
        data = bytearray(text.encode())
        data.insert(rnd.randrange(len(data) + 1), rnd.choice([0xFF, 0xC3, 0xED, 0x80]))
        return bytes(data)
    if kind < 0.9:  # nesting about the limit, or strings full of brackets and escapes
        depth = rnd.choice([99, 100, 101, 150])
        return rnd.choice([
            b'{"a": ' + b"[" * depth + b"]" * depth + b"}", b"[" * depth + b'\\"' * rnd.randint(1, 2000),
            b'{"a": "' + b"[" * depth + b'"}', b'{"a": "\\' + b"{" * depth,
        ])
    if kind < 0.93:  # numbers of every size in the line itself
        number = rnd.choice(["9" * 21, "-" + "9" * 20, "9" * 5000, "1e99999", "0.5", "-0", "01", "1E3", "Infinity"])
        return f'{{"code": "start", "dice": [6, {number}], "play": "24/18"}}'.encode()
    if kind < 0.97:  # garbage
        return bytes(rnd.randrange(1, 256) for _ in range(rnd.randint(0, 60))).replace(b"\n", b" ")
    if kind < 0.985:  # at the line limit and past it
        pad = 100_000 - len(text) + rnd.choice([-1, 0, 1, 5000])
        return (text + " " * max(pad, 0)).encode()
    return text.encode() + b" " * rnd.randint(0, 3) + b"\r"


def test_a_fuzzed_stream_of_malformed_requests_gets_the_same_bytes_from_both() -> None:
    """Wrong types, huge and negative numbers, repeated points, mixed errors, garbage and
    broken bytes: both command lines answer every line with byte-identical text."""
    rnd = random.Random(40)
    lines = [fuzz_line(rnd) for _ in range(FUZZED)]
    compared = 0
    problems: list[str] = []
    for index, verb in enumerate(VERBS):
        part = lines[index::3]
        data = b"".join(line + b"\n" for line in part)
        outputs = {}
        for name, command in (("python", python_cli(verb)), ("node", node_cli(verb))):
            done = subprocess.run(command, input=data, capture_output=True, timeout=300)
            assert done.returncode == 0 and not done.stderr, (name, done.stderr[-2000:])
            outputs[name] = done.stdout.split(b"\n")[:-1]
            assert len(outputs[name]) == len(part), (name, len(outputs[name]), len(part))
        for line, python, node in zip(part, outputs["python"], outputs["node"], strict=True):
            compared += 1
            if python != node:
                problems.append(f"{verb} {line[:300]!r}\n  python: {python[:600]!r}\n  node:   {node[:600]!r}")
    errors = sum(b'"error"' in line for line in lines)
    print(f"\nfuzzed conformance: {compared} malformed requests, {len(problems)} differences")
    assert compared >= 3000 and errors >= 0
    assert not problems, f"{len(problems)} of {compared} differ; first ones:\n" + "\n".join(problems[:5])
