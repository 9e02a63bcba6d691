"""JSON Lines command line: ``python -m plakoto_site.engine plays|apply|position``.

One JSON object per input line, one per output line, in order. Errors are answers
(``{"error": "..."}``); the exit status is 0 when every line was answered.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TextIO

from .dice import Dice
from .errors import EngineError
from .position import Position
from .rules import Outcome
from .side import RuleSet, Side

Answer = dict[str, object]


def _result(outcome: Outcome | None) -> dict[str, object] | None:
    return outcome.to_json() if outcome else None


def _request(line: str) -> Mapping[str, object]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        raise EngineError(f"not a JSON object: {error.msg} at column {error.colno}") from None
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
    return {
        "plays": [
            {"play": play.notation(), "position": play.position.to_json(), "result": _result(play.outcome)}
            for play in position.legal_plays(dice, rules)
        ]
    }


def apply(request: Mapping[str, object]) -> Answer:
    """``{"position", "dice", "play", "rules"}`` → the position after the play, or an error."""
    position, dice, rules = _position(request), _dice(request), _rules(request)
    text = request.get("play")
    if not isinstance(text, str):
        raise EngineError("missing 'play', e.g. \"24/19 24/18\"")
    play = position.parse_play(text, dice, rules)
    return {"position": play.position.to_json(), "result": _result(play.outcome)}


def describe(request: Mapping[str, object]) -> Answer:
    """``{"position"}`` or ``{"code"}`` → both forms, pips, borne off and the result."""
    position, rules = _position(request), _rules(request)
    return {
        "position": position.to_json(),
        "code": position.code(),
        "pips": {side.value: position.pips(side) for side in Side},
        "off": {side.value: position.off(side) for side in Side},
        "result": _result(position.outcome(rules)),
    }


VERBS: dict[str, Callable[[Mapping[str, object]], Answer]] = {
    "plays": plays,
    "apply": apply,
    "position": describe,
}


def answer(verb: str, line: str) -> Answer:
    """One input line → one answer; every engine or input error becomes ``{"error"}``."""
    try:
        return VERBS[verb](_request(line))
    except EngineError as error:
        return {"error": str(error)}


def run(verb: str, lines: Iterable[str], out: TextIO) -> None:
    for line in lines:
        if line.strip():
            out.write(json.dumps(answer(verb, line), ensure_ascii=False) + "\n")
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
    run(args.verb, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
