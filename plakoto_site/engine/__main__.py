"""JSON Lines command line: ``python -m plakoto_site.engine plays|apply|position``.

One JSON object per input line, one per output line, in order. Errors are answers
(``{"error": "..."}``); the exit status is 0 when every line was answered.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import BinaryIO, TypeVar

from .dice import Dice
from .errors import EngineError
from .limits import MAX_DEPTH, MAX_DIGITS, MAX_LINE
from .plays import positions_json_text
from .position import Position
from .rules import Outcome
from .side import RuleSet, Side

Answer = dict[str, object]


def _result(outcome: Outcome | None) -> dict[str, object] | None:
    return outcome.to_json() if outcome else None


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')
"""A string (to its closing quote, or to the end of an unterminated one) or a bracket.
A match that starts at a quote cannot fail, so no character is read twice."""


def _too_deep(line: str) -> bool:
    """Whether arrays and objects nest deeper than :data:`MAX_DEPTH`, brackets inside
    strings not counted: one pass over the line."""
    if line.count("[") + line.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for token in _TOKENS.findall(line):
        depth += _NESTING.get(token, 0)
        if depth > MAX_DEPTH:
            return True
    return False


_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def _request(line: str) -> Mapping[str, object]:
    """Read one line, checked in this order: blank, nesting, JSON syntax, numbers, shape."""
    if not line.strip():
        raise EngineError("empty line: each line must be one JSON object")
    if _too_deep(line):
        raise EngineError(f"the line nests too deeply: at most {MAX_DEPTH} levels")
    numbers: list[str] = []

    def whole(text: str) -> int:
        if len(text.lstrip("-")) > MAX_DIGITS:
            numbers.append(f"a number in the line has more than {MAX_DIGITS} digits")
            return 0
        return int(text)

    def fraction(text: str) -> float:
        numbers.append(f"numbers must be whole, like 6, not {text[:MAX_DIGITS]}")
        return 0.0

    def constant(text: str) -> float:
        raise ValueError(f"{text} is not JSON")

    try:
        request = json.loads(line, parse_int=whole, parse_float=fraction, parse_constant=constant)
    except (ValueError, RecursionError):
        raise EngineError("not a JSON object: the line is not valid JSON") from None
    if numbers:
        raise EngineError(numbers[0])
    if not isinstance(request, dict):
        raise EngineError("each line must be a JSON object")
    return request


def _position(request: Mapping[str, object]) -> Position:
    if "code" in request and "position" not in request:
        return Position.from_code(str(request["code"]))
    if "position" not in request:
        raise EngineError("missing 'position' (the interchange JSON form) or 'code'")
    return Position.from_json(request["position"])


def _rules(request: Mapping[str, object]) -> RuleSet:
    return RuleSet.parse(request.get("rules", "plakoto"))


def _dice(request: Mapping[str, object]) -> Dice:
    if "dice" not in request:
        raise EngineError("missing 'dice', e.g. [6, 5]")
    return Dice.from_list(request["dice"])


def plays(request: Mapping[str, object]) -> Answer:
    """``{"position", "dice", "rules"}`` → every legal play, one per resulting position."""
    position, dice, rules = _position(request), _dice(request), _rules(request)
    position = position.with_rules(rules)
    return {
        "plays": [
            {"play": play.notation(), "position": play.position.to_json(), "result": _result(play.outcome)}
            for play in position.legal_plays(dice)
        ]
    }


def plays_text(request: Mapping[str, object]) -> str:
    """:func:`plays`, already as its JSON line (without the newline): the same bytes as
    ``json.dumps(plays(request), ensure_ascii=False)``, written without building the
    positions and dictionaries (notation is ASCII and needs no escaping)."""
    position, dice, rules = _position(request), _dice(request), _rules(request)
    position = position.with_rules(rules)
    legal = position.legal_plays(dice)
    entries = [
        f'{{"play": "{play.notation()}", "position": {text}, '
        f'"result": {"null" if play.ended is None else json.dumps(play.ended.to_json())}}}'
        for play, text in zip(legal, positions_json_text(position, legal), strict=True)
    ]
    return '{"plays": [' + ", ".join(entries) + "]}"


def apply(request: Mapping[str, object]) -> Answer:
    """``{"position", "dice", "play", "rules"}`` → the position after the play, or an error."""
    position, dice, rules = _position(request), _dice(request), _rules(request)
    position = position.with_rules(rules)
    text = request.get("play")
    if not isinstance(text, str):
        raise EngineError("missing 'play', e.g. \"24/19 24/18\"")
    play = position.parse_play(text, dice)
    return {"position": play.position.to_json(), "result": _result(play.outcome)}


def describe(request: Mapping[str, object]) -> Answer:
    """``{"position"}`` or ``{"code"}`` → both forms, pips, borne off and the result."""
    position = _position(request).with_rules(_rules(request))
    return {
        "position": position.to_json(),
        "code": position.code(),
        "pips": {side.value: position.pips(side) for side in Side},
        "off": {side.value: position.off(side) for side in Side},
        "result": _result(position.outcome()),
    }


VERBS: dict[str, Callable[[Mapping[str, object]], Answer]] = {
    "plays": plays,
    "apply": apply,
    "position": describe,
}


Found = TypeVar("Found", Answer, str)


def answer(verb: str, line: bytes | str) -> Answer:
    """One input line → one answer; every engine or input error becomes ``{"error"}``, and
    so does anything else that goes wrong: the command answers every line and never dies."""
    return _guarded(lambda: VERBS[verb](_request(_text(line))))


def answer_text(verb: str, line: bytes | str) -> Answer | str:
    """:func:`answer`, with the ``plays`` verb's answer already written as JSON text."""
    if verb != "plays":
        return answer(verb, line)
    return _guarded(lambda: plays_text(_request(_text(line))))


def _guarded(respond: Callable[[], Found]) -> Found | Answer:
    try:
        return respond()
    except EngineError as error:
        return {"error": str(error)}
    except RecursionError:
        return {"error": f"the line nests too deeply: at most {MAX_DEPTH} levels"}
    except Exception as error:  # a bug: still an answer, so the lines after it get theirs
        return {"error": f"internal error, please report it: {type(error).__name__}"}


def _text(line: bytes | str) -> str:
    """The line as text, checked first for its length in bytes, then for UTF-8."""
    size = len(line) if isinstance(line, bytes) else len(line.encode("utf-8", "surrogatepass"))
    if size > MAX_LINE:
        raise EngineError(f"the line is too long: at most {MAX_LINE} bytes")
    if isinstance(line, str):
        return line
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        raise EngineError("the line is not valid UTF-8 text") from None


def encode(answer: Answer | str) -> bytes:
    """One output line: JSON in UTF-8 (a lone surrogate the input escaped stays escaped)."""
    text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    return (text + "\n").encode("utf-8", "backslashreplace")


def read_lines(stream: BinaryIO) -> Iterator[bytes]:
    """Each line without its newline (a last one without a newline too). Of a line longer
    than :data:`MAX_LINE` bytes only the first ``MAX_LINE + 1`` are kept, enough for its
    answer to say so: memory stays bounded whatever comes in."""
    while line := stream.readline(MAX_LINE + 1):
        if line.endswith(b"\n"):
            yield line[:-1]
            continue
        if len(line) > MAX_LINE:
            while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
                pass
        yield line


def run(verb: str, lines: Iterable[bytes], out: BinaryIO | io.RawIOBase) -> None:
    """Answer every line, blank ones included, each flushed as it is written."""
    for line in lines:
        out.write(encode(answer_text(verb, line)))
        out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m plakoto_site.engine",
        description="The Plakoto rules engine over JSON Lines: one request per line on "
        "stdin, one answer per line on stdout.",
        epilog='example: echo \'{"code": "start", "dice": [6, 5]}\' | python -m plakoto_site.engine plays',
    )
    parser.add_argument(
        "verb",
        choices=sorted(VERBS),
        help="plays: list legal plays; apply: play one; position: describe a position",
    )
    args = parser.parse_args(argv)
    # A closed standard input is no request at all; a closed output fails at the first answer.
    source = sys.stdin.buffer if sys.stdin is not None else io.BytesIO()
    out = sys.stdout.buffer if sys.stdout is not None else _Closed()
    try:
        run(args.verb, read_lines(source), out)
    except OSError:  # closed, gone or full: the answers are lost, and nobody is left to tell
        _quiet_stdout()
        return 1
    return 0


class _Closed(io.RawIOBase):
    """Standard output that was closed before the command started."""

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        raise BrokenPipeError("standard output is closed")


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that Python's own flush at exit finds
    nothing to complain about."""
    if sys.stdout is None:
        return
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
