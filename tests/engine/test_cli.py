"""The JSON Lines command line: one answer per line, errors are answers, exit 0."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from plakoto_site.engine.__main__ import run as run_lines

START = {"board": [-15] + [0] * 22 + [15], "pinned": [], "off": {"white": 0, "black": 0}, "turn": "white"}
PIN_BEFORE = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"


def answer_lines(output: str | bytes) -> list[str]:
    """The answers' lines, split on ``\n`` as the command writes them: not
    ``str.splitlines()``, which also splits at U+0085, U+2028 and more, and an answer may
    quote such a character from its request (``ensure_ascii=False``)."""
    text = output.decode("utf-8") if isinstance(output, bytes) else output
    return text.split("\n")[:-1] if text else []


def parsed_answers(output: str | bytes) -> list[Any]:
    """The answers, each line parsed (see :func:`answer_lines`)."""
    return [json.loads(line) for line in answer_lines(output)]


def run(verb: str, *requests: object) -> tuple[int, list[dict[str, object]]]:
    lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    done = subprocess.run(
        [sys.executable, "-m", "plakoto_site.engine", verb],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, parsed_answers(done.stdout)


def test_plays_lists_every_resulting_position_with_the_turn_passed() -> None:
    code, answers = run("plays", {"position": START, "dice": [6, 5], "rules": "plakoto"})
    assert code == 0
    (answer,) = answers
    assert answer == {
        "plays": [
            {
                "play": "24/19 24/18",
                "position": {**START, "board": [-15] + [0] * 16 + [1, 1, 0, 0, 0, 0, 13], "turn": "black"},
                "result": None,
            },
            {
                "play": "24/13",
                "position": {**START, "board": [-15] + [0] * 11 + [1] + [0] * 10 + [14], "turn": "black"},
                "result": None,
            },
        ]
    }


def test_plays_reports_a_game_ending_result_and_an_empty_list() -> None:
    finish = {"board": [1] + [0] * 17 + [-15] + [0] * 5, "pinned": [], "off": {"white": 14, "black": 0}, "turn": "white"}
    blocked = {"code": "W:24x14,6;B:1x11,18x2,19x2;T:W", "dice": [6, 5]}
    code, answers = run("plays", {"position": finish, "dice": [2, 1]}, blocked)
    assert code == 0
    plays = answers[0]["plays"]
    assert isinstance(plays, list)
    results = [play["result"] for play in plays]
    assert {"winner": "white", "points": 2, "reason": "bear-off"} in results
    assert answers[1] == {"plays": []}


def test_apply_returns_the_position_and_result() -> None:
    request = {"code": PIN_BEFORE, "dice": [5, 3], "play": "20/15* 13/10"}
    code, (answer,) = run("apply", request)
    assert code == 0
    assert set(answer) == {"position", "result"}
    assert answer["result"] is None
    position = answer["position"]
    assert isinstance(position, dict)
    assert position["pinned"] == [15] and position["turn"] == "black"
    assert position["board"][14] == 1  # White on top of the pinned black checker


def test_apply_errors_are_one_sentence_answers() -> None:
    code, answers = run(
        "apply",
        {"code": "W:24x14,13;B:1x13,18x2;T:W", "dice": [6, 5], "play": "24/18 13/8"},
        {"code": PIN_BEFORE, "dice": [5, 3], "play": "20/14"},
        {"code": PIN_BEFORE, "dice": [5, 3], "play": "bar/20"},
        {"position": {"board": [1] * 24}, "dice": [5, 3], "play": "24/21"},
        {"code": PIN_BEFORE, "dice": [7, 3], "play": "24/21"},
        {"code": PIN_BEFORE, "dice": [5, 3]},
        "not json",
        {"code": PIN_BEFORE, "dice": [5, 3], "play": "20/15", "rules": "chess"},
    )
    assert code == 0
    errors = [answer["error"] for answer in answers]
    assert errors == [
        "illegal play '24/18 13/8': point 18 is closed: 2 black checkers",
        "illegal play '20/14': the roll 5-3 cannot move a checker from 20 to 14 (6 pips)",
        "cannot read 'bar/20' in 'bar/20': Plakoto has no bar; a covered checker stays pinned where it is",
        "white has 24 checkers (on the board, pinned and borne off): each side has exactly 15",
        "dice must be 1 to 6, not 7 and 3",
        'missing \'play\', e.g. "24/19 24/18"',
        "not a JSON object: the line is not valid JSON",
        "unknown rule set 'chess': write 'plakoto' or 'tapa'",
    ]


def test_rules_default_to_plakoto_and_tapa_differs() -> None:
    both = "W:13x7,7,6x6;B:1,12x6,19x7,24;P:24;T:W"
    request = {"code": both, "dice": [6, 1], "play": "7/1*"}
    _, answers = run("apply", request, {**request, "rules": "tapa", "play": "7/1* 6/5"})
    assert answers[0]["result"] == {"winner": None, "points": 0, "reason": "both-mothers"}
    assert answers[1]["result"] is None


def test_position_verb_describes_a_code() -> None:
    _, (answer,) = run("position", {"code": "start"})
    assert answer["code"] == "W:24x15;B:1x15;T:W"
    assert answer["pips"] == {"white": 360, "black": 360}
    assert answer["position"] == START


def test_unknown_verb_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "plakoto_site.engine", "dance"], capture_output=True, text=True
    )
    assert done.returncode == 2 and "invalid choice" in done.stderr


# -- every line gets an answer, whatever it holds ----------------------------------------------


def run_bytes(verb: str, data: bytes) -> subprocess.CompletedProcess[bytes]:
    """The command under a strict UTF-8 locale, fed raw bytes."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict", "PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "plakoto_site.engine", verb], input=data,
                          capture_output=True, timeout=120, env=env)


def test_blank_and_broken_lines_get_error_answers_and_the_next_line_its_own() -> None:
    good = json.dumps({"code": "start", "dice": [6, 5], "play": "24/13"}).encode()
    lines = [
        good,
        b"",
        b"   \t",
        b"\xff\xfe not utf-8",
        good,
        b"[" * 40_000 + b"]" * 40_000,
        b'{"code": "start", "dice": [' + b"9" * 5000 + b', 5], "play": "24/13"}',
        b'{"code": "start", "dice": [6, 5.0], "play": "24/13"}',
        b'{"code": "start", "dice": [6, NaN], "play": "24/13"}',
        b'{"code": "\\ud800", "dice": [6, 5], "play": "24/13"}',
        b"{\"code\": \"start\"",
        b"[6, 5]",
        good + b"\r",
        good,  # the last line has no newline
    ]
    done = run_bytes("apply", b"\n".join(lines))
    assert done.returncode == 0, done.stderr
    answers = parsed_answers(done.stdout)
    moved = {"position": Position_after_24_13, "result": None}
    assert answers == [
        moved,
        {"error": "empty line: each line must be one JSON object"},
        {"error": "empty line: each line must be one JSON object"},
        {"error": "the line is not valid UTF-8 text"},
        moved,
        {"error": "the line nests too deeply: at most 100 levels"},
        {"error": "a number in the line has more than 20 digits"},
        {"error": "numbers must be whole, like 6, not 5.0"},
        {"error": "not a JSON object: the line is not valid JSON"},
        {"error": "cannot read position code '\\ud800': section '\\ud800' should start with W:, B:, P: or T:"},
        {"error": "not a JSON object: the line is not valid JSON"},
        {"error": "each line must be a JSON object"},
        moved,
        moved,
    ]


Position_after_24_13 = {**START, "board": [-15] + [0] * 11 + [1] + [0] * 10 + [14], "turn": "black"}

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
REQUESTS = st.fixed_dictionaries(
    {},
    optional={
        "code": st.sampled_from(["start", PIN_BEFORE, "W:1x4;B:19x15;T:W", "W:;B:1;T:W"]) | st.text(max_size=12),
        "position": JSON_VALUES | st.just(START),
        "dice": st.lists(st.integers(0, 7), min_size=0, max_size=3) | JSON_VALUES,
        "play": st.sampled_from(["24/13", "24/18* 24/19", "", "1/off(4)"]) | st.text(max_size=12),
        "rules": st.sampled_from(["plakoto", "tapa", "chess"]) | JSON_VALUES,
    },
)
LINES = st.lists(
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b""))
    | REQUESTS.map(lambda r: json.dumps(r).encode())
    | JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    min_size=1,
    max_size=12,
)


def answers_to(verb: str, lines: list[bytes]) -> list[dict[str, object]]:
    out = io.BytesIO()
    run_lines(verb, [line + b"\n" for line in lines], out)
    return parsed_answers(out.getvalue())


@settings(max_examples=150, deadline=None)
@given(verb=st.sampled_from(["plays", "apply", "position"]), lines=LINES)
@example(verb="plays", lines=[b'{"position": {"\\u0085": null}}'])  # an answer quoting U+0085 (NEL)
def test_random_bytes_and_structures_get_one_answer_each(verb: str, lines: list[bytes]) -> None:
    answers = answers_to(verb, lines)
    assert len(answers) == len(lines)
    expected_keys = {"plays": {"plays"}, "apply": {"position", "result"},
                     "position": {"position", "code", "pips", "off", "result"}}[verb]
    for answer in answers:
        assert set(answer) in ({"error"}, expected_keys), answer
        assert "internal error" not in str(answer.get("error", "")), answer


@settings(max_examples=8, deadline=None)
@given(lines=LINES)
def test_the_command_itself_never_dies(lines: list[bytes]) -> None:
    done = run_bytes("apply", b"\n".join(lines) + b"\n")
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert len(answer_lines(done.stdout)) == len(lines)


def test_the_fast_plays_answer_is_the_same_bytes_as_the_plain_one() -> None:
    """The command line writes `plays` answers straight from the search's packed boards;
    they must equal json.dumps of the answer built from Position values."""
    from pathlib import Path

    from plakoto_site.engine.__main__ import plays, plays_text

    batch = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_requests.jsonl"
    requests = [json.loads(line) for line in batch.read_text().splitlines()[::5]]
    requests += [{"code": "W:1x4;B:19x15;T:B", "dice": [3, 3]}, {"code": "W:2,1x13;B:24x14;P:1,24;T:W",
                 "dice": [1, 1], "rules": "tapa"}, {"code": "W:24,13x7,6x7;B:18,12x7,19x7;T:B", "dice": [6, 3]}]
    for request in requests:
        assert plays_text(request) == json.dumps(plays(request), ensure_ascii=False), request
