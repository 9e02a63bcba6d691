"""Every input to the engine has a size and a depth limit, checked in linear time, the same
in both command lines: the engine cases of the adversarial report
(``shared/reviews/adversarial.md``: C08–C13, C17) re-run as they were written, then each
limit of docs/engine.md at its edge. Expected texts are written out by hand from the
sentences docs/engine.md gives."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from plakoto_site.engine import limits
from plakoto_site.engine.__main__ import _too_deep

from .test_cli import parsed_answers

ROOT = Path(__file__).resolve().parents[2]
ENGINES = {
    "python": [sys.executable, "-m", "plakoto_site.engine"],
    "node": ["node", str(ROOT / "scripts" / "engine.js")],
}
START = {"board": [-15] + [0] * 22 + [15], "pinned": [], "off": {"white": 0, "black": 0}, "turn": "white"}
BIG = "9" * 5000
"""Past Python's 4,300-digit limit for turning text into an int."""


def run(engine: str, verb: str, data: bytes, preexec_fn: Callable[[], None] | None = None
        ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*ENGINES[engine], verb], input=data, capture_output=True, timeout=60,
                          preexec_fn=preexec_fn)


def answers_of_both(verb: str, *lines: str | bytes) -> list[dict[str, object]]:
    """Both command lines answer the lines with the same bytes, exit 0, and say nothing on
    standard error; the answers, parsed."""
    data = b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n" for line in lines)
    outputs = {}
    for engine in ENGINES:
        done = run(engine, verb, data)
        assert done.returncode == 0 and done.stderr == b"", (engine, done.returncode, done.stderr[-2000:])
        outputs[engine] = done.stdout
    assert outputs["python"] == outputs["node"]
    answers = parsed_answers(outputs["python"])
    assert len(answers) == len(lines)
    return answers


def error(text: str) -> dict[str, object]:
    return {"error": text}


# -- the cases of the report ---------------------------------------------------------------------


def test_c08_a_5000_digit_count_is_answered_and_the_next_line_too() -> None:
    code = f"W:24x{BIG};B:1x15;T:W"
    first, second = answers_of_both("plays", json.dumps({"code": code, "dice": [6, 5]}),
                                    '{"code": "start", "dice": [6, 5]}')
    assert first == error("a position code has at most 1000 characters")
    assert second == {"plays": [
        {"play": "24/19 24/18", "result": None, "position": {**START, "board": [-15] + [0] * 16 + [1, 1] + [0] * 4 + [13],
                                                             "turn": "black"}},
        {"play": "24/13", "result": None, "position": {**START, "board": [-15] + [0] * 11 + [1] + [0] * 10 + [14],
                                                       "turn": "black"}},
    ]}


@pytest.mark.parametrize("verb", ["position", "apply", "plays"])
def test_c09_huge_numbers_in_codes_get_the_engines_sentence_not_an_internal_error(verb: str) -> None:
    """Over the length limit of a code, and under it with numbers too long to be read."""
    long = "9" * 980
    requests = [
        {"code": f"W:24x{BIG};B:1x15;T:W"},
        {"code": f"W:24x{long};B:1x15;T:W"},
        {"code": f"W:{long};B:1x15;T:W"},
        {"code": f"W:24x15;B:1x15;P:{long}"},
    ]
    expected = [
        error("a position code has at most 1000 characters"),
        error(f"cannot read '24x{long}' in position code 'W:24x{long};B:1x15;T:W': write a point like 13 or 13x5"),
        error(f"cannot read '{long}' in position code 'W:{long};B:1x15;T:W': write a point like 13 or 13x5"),
        error(f"cannot read '{long}' in position code 'W:24x15;B:1x15;P:{long}': write a point number"),
    ]
    lines = [json.dumps({**request, "dice": [6, 5], "play": "24/18 24/13"}) for request in requests]
    assert answers_of_both(verb, *lines) == expected


def test_c09_b27_huge_numbers_in_a_play_are_refused_before_they_are_read() -> None:
    """Over the length limit of a play, and under it with a number too long to be a point."""
    long_point = "9" * 990
    plays = [f"{BIG}/15* 13/10", f"{long_point}/15", "24/18(" + "9" * 990 + ")", "1000/13", "999/13"]
    lines = [json.dumps({"code": "start", "dice": [6, 5], "play": play}) for play in plays]
    assert answers_of_both("apply", *lines) == [
        error("a play has at most 1000 characters"),
        error(f"cannot read '{long_point}/15' in '{long_point}/15': '{long_point}' is not a point number"),
        error("cannot read '24/18(" + "9" * 990 + ")' in '24/18(" + "9" * 990 + ")': repeat 1 to 4 times"),
        error("cannot read '1000/13' in '1000/13': '1000' is not a point number"),
        error("cannot read '999/13' in '999/13': point 999 is outside 1–24"),
    ]


def test_c10_a_large_count_is_written_alike() -> None:
    assert answers_of_both(
        "position", '{"code": "W:24x99999999999999999999999;B:1x15"}', '{"code": "W:24x999;B:1x15"}',
        '{"code": "W:24x015;B:1x15"}',
    ) == [
        error("cannot read '24x99999999999999999999999' in position code 'W:24x99999999999999999999999;B:1x15': "
              "write a point like 13 or 13x5"),
        error("position code 'W:24x999;B:1x15' has 999 white checkers: at most 15"),
        {"position": {"board": [-15] + [0] * 22 + [15], "pinned": [], "off": {"white": 0, "black": 0},
                      "turn": "white"}, "code": "W:24x15;B:1x15;T:W", "pips": {"white": 360, "black": 360},
         "off": {"white": 0, "black": 0}, "result": None},
    ]


def test_c11_the_first_problem_of_a_code_is_found_item_by_item() -> None:
    """Each item is read and checked before the next: 7, then 7 again (listed twice)."""
    assert answers_of_both(
        "position", '{"code": "W:7,7,0;B:1x15"}', '{"code": "W:7,0,7;B:1x15"}', '{"code": "W:7x0,7;B:1x15"}',
        '{"code": "W:7;B:3,7,3,99"}', '{"code": "W:1x15;B:1x15"}',
    ) == [
        error("position code 'W:7,7,0;B:1x15': point 7 is listed twice"),
        error("position code 'W:7,0,7;B:1x15': point 0 is outside 1–24"),
        error("position code 'W:7x0,7;B:1x15': '7x0' needs at least one checker"),
        error("position code 'W:7;B:3,7,3,99': point 7 is listed twice"),
        error("position code 'W:1x15;B:1x15': point 1 is listed twice"),
    ]


def test_c12_unterminated_escaped_quotes_are_read_in_linear_time() -> None:
    line = b"[" * 101 + b'\\"' * 40_000
    for engine in ENGINES:
        started = time.perf_counter()
        done = run(engine, "position", line + b"\n")
        took = time.perf_counter() - started
        assert json.loads(done.stdout) == error("the line nests too deeply: at most 100 levels"), engine
        assert took < 5, (engine, took)  # quadratic, this took 23 to 95 s


def test_the_nesting_check_is_one_pass() -> None:
    """Two megabytes, twenty times the line limit, in well under the seconds a quadratic
    check would take for a twentieth of them."""
    text = "[" * 101 + '\\"' * 1_000_000
    started = time.perf_counter()
    assert _too_deep(text)
    assert time.perf_counter() - started < 3
    assert _too_deep('{"a": "' + "[" * 120 + '"}') is False
    assert _too_deep("[" * 100 + "]" * 100) is False and _too_deep("[" * 101 + "]" * 101) is True
    assert _too_deep('"' + "[" * 101) is False  # brackets inside an unterminated string do not count


def test_c13_a_long_play_text_is_refused_in_linear_time() -> None:
    """The fifth checker path ends the reading; the message is built only when raised."""
    play = "24/18 " * 10_000
    line = json.dumps({"code": "start", "dice": [6, 5], "play": play})
    started = time.perf_counter()
    assert answers_of_both("apply", line) == [error("a play has at most 1000 characters")]
    assert time.perf_counter() - started < 10
    five = "24/18 13/7 x 1 2"
    assert answers_of_both("apply", json.dumps({"code": "start", "dice": [6, 5], "play": "24/18(4) 13/7 x"}),
                           json.dumps({"code": "start", "dice": [6, 5], "play": five})) == [
        error("cannot read '24/18(4) 13/7 x': a roll moves at most four checkers"),
        error(f"cannot read 'x' in {five!r}: write each move as from/to, e.g. 24/18 or 6/off"),
    ]


REQUEST = b'{"code":"start","dice":[6,5]}\n'


def closed_stdout() -> None:
    os.close(1)


def closed_stdin() -> None:
    os.close(0)


@pytest.mark.parametrize("engine", list(ENGINES))
def test_c17_a_closed_or_full_output_is_a_quiet_failure(engine: str) -> None:
    """Answers that could not be written: exit 1, nothing on standard error."""
    closed = run(engine, "plays", REQUEST * 3, preexec_fn=closed_stdout)
    assert (closed.returncode, closed.stderr) == (1, b"")
    with open("/dev/full", "wb") as full:
        done = subprocess.run([*ENGINES[engine], "plays"], input=REQUEST * 3, stdout=full,
                              stderr=subprocess.PIPE, timeout=60)
    assert (done.returncode, done.stderr) == (1, b"")


@pytest.mark.parametrize("engine", list(ENGINES))
def test_c17_nothing_to_answer_is_no_failure(engine: str) -> None:
    """A closed input is no request at all; a closed output with nothing to say loses nothing."""
    no_input = run(engine, "plays", b"", preexec_fn=closed_stdin)
    assert (no_input.returncode, no_input.stdout, no_input.stderr) == (0, b"", b"")
    nothing = run(engine, "plays", b"", preexec_fn=closed_stdout)
    assert (nothing.returncode, nothing.stderr) == (0, b"")


# -- the limits at their edges --------------------------------------------------------------------


def test_the_line_limit_at_its_edge() -> None:
    request = b'{"code": "start"}'
    at_limit = request + b" " * (limits.MAX_LINE - len(request))
    answers = answers_of_both("position", at_limit, at_limit + b" ", b"{" * (10 * limits.MAX_LINE),
                              request)
    assert answers[0] == answers[3] and "code" in answers[0]
    assert answers[1] == answers[2] == error("the line is too long: at most 100000 bytes")


def test_a_position_code_at_its_length_limit() -> None:
    padded = "W:24x15;B:1x15" + " " * (limits.MAX_TEXT - 14)
    answers = answers_of_both("position", json.dumps({"code": padded}), json.dumps({"code": padded + " "}),
                              json.dumps({"code": "W:24x15;B:1x15;T:\U0001f600" + " " * (limits.MAX_TEXT - 18)}))
    assert answers[0]["code"] == "W:24x15;B:1x15;T:W"
    assert answers[1] == error("a position code has at most 1000 characters")
    assert answers[2] == error("unknown side '\U0001f600': write 'white' or 'black'")  # characters, not UTF-16 units


def test_the_limits_are_the_same_in_node_and_in_the_docs() -> None:
    node = subprocess.run(
        ["node", "-e", "console.log(JSON.stringify(require(process.argv[1]).LIMITS))",
         str(ROOT / "templates" / "assets" / "plakoto-rules.js")], capture_output=True, text=True, timeout=60)
    expected = {"line": 100_000, "depth": 100, "digits": 20, "text": 1000, "numberDigits": 3}
    assert json.loads(node.stdout) == expected
    assert (limits.MAX_LINE, limits.MAX_DEPTH, limits.MAX_DIGITS, limits.MAX_TEXT, limits.MAX_NUMBER_DIGITS) == (
        100_000, 100, 20, 1000, 3)
    docs = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    table = docs[docs.index("### Limits"):]
    for figure in ("100,000 bytes", "100 levels", "20 digits", "1,000 characters", "3 digits"):
        assert re.search(re.escape(figure), table), figure
