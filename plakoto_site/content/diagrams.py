"""Diagram sources: a start, then a roll and a play per step, replayed by the engine.

    id = "pin-sequence"
    rules = "plakoto"
    start = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"

    [[steps]]
    name = "pin"
    roll = "5-3"
    play = "20/15* 13/10"
    illegal = ["20/14 13/11"]
    [steps.expect]
    pips = { white = 282, black = 330 }

Every position shown on the site comes out of :meth:`Position.parse_play`, so a diagram
can never show an impossible position or a wrong pip count.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from plakoto_site.engine import (
    Dice,
    EngineError,
    Outcome,
    Play,
    Position,
    RuleSet,
    Side,
)

from .memo import Memo
from .names import SLUG
from .problems import Code, Problems
from .toml import KeyLines, read_source, read_sources, read_toml, unknown_keys

DIAGRAM_ID = SLUG
STEP_KEYS = {"name", "roll", "play", "illegal", "expect"}
EXPECT_KEYS = {"pips", "off", "result"}


@dataclass(frozen=True, slots=True)
class Refuted:
    """A play the source says cannot be made here, with the engine's reason."""

    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a diagram: who rolled what, the play (``None`` when nothing could be
    played), and the position it leads to."""

    index: int
    name: str
    side: Side
    dice: Dice
    play: Play | None
    position: Position
    outcome: Outcome | None
    refuted: tuple[Refuted, ...]
    line: int


@dataclass(frozen=True, slots=True)
class Diagram:
    """A checked diagram: the start and its steps. Frame 0 is the start."""

    id: str
    rules: RuleSet
    start: Position
    steps: tuple[Step, ...]
    path: Path
    digest: str
    """A digest of the source text and the id: everything the diagram shows comes from
    them, so its frames, boards and figure are kept by it in the build state (a key
    holding every step would make a diagram of n steps cost n²)."""
    card: int = -1
    """The frame a link preview shows (``card = "step-name"`` in the source): by default
    the last, where the diagram makes its point. See :attr:`card_frame`."""

    @property
    def card_frame(self) -> int:
        return self.card if self.card >= 0 else self.frames - 1

    @property
    def frames(self) -> int:
        return len(self.steps) + 1

    def position(self, frame: int) -> Position:
        return self.start if frame == 0 else self.steps[frame - 1].position

    def step_key(self, frame: int) -> str:
        """The name used in links to a frame: the step's name, or its number."""
        if frame == 0:
            return "start"
        step = self.steps[frame - 1]
        return step.name or str(frame)

    def frame_of(self, key: str) -> int | None:
        """The frame a caption key names: ``start``, a number, or a step name."""
        key = key.strip()
        if key == "start":
            return 0
        if re.fullmatch(r"[0-9]{1,9}", key):
            frame = int(key)
            return frame if frame < self.frames else None
        for step in self.steps:
            if step.name == key:
                return step.index
        return None


def read_diagrams(folder: Path, problems: Problems, memo: Memo | None = None) -> dict[str, Diagram]:
    """Every ``*.toml`` under ``folder``, replayed; the broken ones are left out."""
    return read_sources(folder, problems, read_diagram, memo)


def read_diagram(
    path: Path, problems: Problems, text: str | None = None, *, standalone: bool = False
) -> Diagram | None:
    """Read and replay one diagram source, recording every problem found. A ``standalone``
    file (an author's own diagram) may also hold ``title`` and ``[captions.<lang>]``, and
    its id need not be its file name."""
    text = read_source(path, problems) if text is None else text
    if text is None:
        return None
    data = read_toml(text, path, problems)
    if data is None:
        return None
    return diagram_from_data(path, text, data, problems, standalone=standalone)


def diagram_from_data(
    path: Path, text: str, data: dict[str, Any], problems: Problems, *, standalone: bool = False
) -> Diagram | None:
    """Replay a diagram source already read from ``text`` (which gives the line numbers),
    for a caller that takes its own keys out first: the MkDocs fence's ``caption``."""
    return _Replay(path, text, data, problems, standalone).run()


class _Replay:
    def __init__(
        self, path: Path, text: str, data: dict[str, Any], problems: Problems, standalone: bool = False
    ) -> None:
        self.path, self.data, self.problems = path, data, problems
        self.text = text
        self.lines = KeyLines(text)
        self.failed = False
        self.standalone = standalone

    def error(self, line: int, message: str, hint: str = "", code: Code = Code.INVALID) -> None:
        self.failed = True
        self.problems.error(self.path, line, message, hint, code)

    def run(self) -> Diagram | None:
        data = self.data
        known = {"id", "rules", "start", "steps", "card"} | ({"title", "captions"} if self.standalone else set())
        for key, hint in unknown_keys(data, known):
            self.error(self.lines.of(key), f"unknown key {key!r}", hint, Code.UNKNOWN_KEY)
        diagram_id = data.get("id", self.path.stem)
        if not DIAGRAM_ID.match(str(diagram_id)) or (diagram_id != self.path.stem and not self.standalone):
            self.error(
                self.lines.of("id"), f"the id {diagram_id!r} must equal the file name {self.path.stem!r}",
                "use lowercase letters, digits and hyphens, and name the file after the id",
            )
        try:
            rules = RuleSet.parse(data.get("rules", "plakoto"))
        except EngineError as error:
            self.error(self.lines.of("rules"), str(error))
            return None
        start_code = data.get("start", "start")
        try:
            start = Position.from_code(str(start_code))
        except EngineError as error:
            self.error(self.lines.of("start"), str(error), "see the position code in the README")
            return None
        steps = data.get("steps", [])
        if not isinstance(steps, list):
            self.error(self.lines.of("steps"), "steps must be [[steps]] tables")
            return None
        replayed = self.replay(start, rules, steps)
        if self.failed or replayed is None:
            return None
        # The id too: a source that names none takes its file's name.
        digest = hashlib.blake2b(f"{diagram_id}\n{self.text}".encode(), digest_size=16).hexdigest()
        diagram = Diagram(str(diagram_id), rules, start, tuple(replayed), self.path, digest)
        if "card" not in data:
            return diagram
        frame = diagram.frame_of(str(data["card"]))
        if frame is None:
            keys = ", ".join(diagram.step_key(f) for f in range(diagram.frames))
            self.error(self.lines.of("card"), f"card = {data['card']!r} names no step of {diagram.id!r}",
                       f"name the step the link preview shows: one of {keys}")
            return None
        return replace(diagram, card=frame)

    def replay(self, start: Position, rules: RuleSet, steps: list[Any]) -> list[Step] | None:
        position, replayed, names = start, [], set()
        for index, source in enumerate(steps):
            frame = index + 1
            line = self.lines.in_table("steps", index)
            if not isinstance(source, dict):
                self.error(line, f"step {frame} is not a table")
                return None
            for key, hint in unknown_keys(source, STEP_KEYS):
                self.error(self.lines.in_table("steps", index, key), f"step {frame}: unknown key {key!r}", hint,
                           Code.UNKNOWN_KEY)
            finished = position.outcome(rules)
            if finished:
                self.error(line, f"step {frame} comes after the game ended at step {index}",
                           "remove the steps after the end of the game")
                return None
            name = str(source.get("name", ""))
            if name and (not DIAGRAM_ID.match(name) or name.isdigit() or name == "start" or name in names):
                self.error(self.lines.in_table("steps", index, "name"),
                           f"step {frame}: the name {name!r} is not usable",
                           "use a unique name of lowercase letters, digits and hyphens (not a number, not 'start')")
            names.add(name)
            step = self.step(position, rules, frame, index, source, name)
            if step is None:
                return None
            self.check_expectations(step, source.get("expect", {}), index, rules)
            replayed.append(step)
            position = step.position
        return replayed

    def step(
        self, position: Position, rules: RuleSet, frame: int, index: int, source: dict[str, Any], name: str
    ) -> Step | None:
        roll_line = self.lines.in_table("steps", index, "roll")
        play_line = self.lines.in_table("steps", index, "play")
        try:
            dice = Dice.parse(str(source.get("roll", "")))
        except EngineError as error:
            self.error(roll_line, f"step {frame}: {error}")
            return None
        text = source.get("play")
        if not isinstance(text, str):
            self.error(play_line, f"step {frame} has no play", 'add play = "…" in the mover\'s own numbering')
            return None
        side = position.turn
        refuted = self.refute(position, rules, dice, frame, index, source.get("illegal", []))
        if not text.strip():
            if position.legal_plays(dice, rules):
                self.error(play_line, f"step {frame}: {side.value} can play {dice}, so the play cannot be empty")
                return None
            after = position.pass_turn()
            return Step(frame, name, side, dice, None, after, None, refuted, play_line)
        try:
            play = position.parse_play(text, dice, rules)
        except EngineError as error:
            once = star_once(text)
            if once is not None and _reads(position, once, dice, rules):
                self.error(play_line, f"step {frame} ({side.value} {dice}): illegal play {text!r}: a * before a "
                           "repeat claims a pin for every checker it repeats, but only the first checker to land "
                           "pins", f'write the * once: play = "{once}"')
                return None
            try:
                legal = position.legal_plays(dice, rules)
            except EngineError:
                legal = []  # the game is already over
            example = f"e.g. {legal[0].notation() or 'no move (a pass)'}" if legal else "no legal play exists"
            self.error(play_line, f"step {frame} ({side.value} {dice}): {error}",
                       f"write a legal play in the mover's own numbering: {example}")
            return None
        return Step(frame, name, side, dice, play, play.position, play.outcome, refuted, play_line)

    def refute(
        self, position: Position, rules: RuleSet, dice: Dice, frame: int, index: int, texts: Any
    ) -> tuple[Refuted, ...]:
        line = self.lines.in_table("steps", index, "illegal")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            self.error(line, f"step {frame}: illegal must be a list of plays", 'write illegal = ["13/7 13/8"]')
            return ()
        refuted = []
        for text in texts:
            try:
                play = position.parse_play(text, dice, rules)
            except EngineError as error:
                refuted.append(Refuted(text, str(error).split(": ", 1)[-1]))
                continue
            self.error(line, f"step {frame}: {text!r} is listed as illegal, but the engine accepts it as {play.notation()!r}",
                       "remove it from illegal, or change the position")
        return tuple(refuted)

    def check_expectations(self, step: Step, expect: Any, index: int, rules: RuleSet) -> None:
        line = self.lines.in_table("steps", index, "expect")
        frame = step.index
        if not isinstance(expect, dict):
            self.error(line, f"step {frame}: expect must be a table")
            return
        for key, hint in unknown_keys(expect, EXPECT_KEYS):
            self.error(line, f"step {frame}: unknown expectation {key!r}", hint, Code.UNKNOWN_KEY)
        position = step.position
        for key, actual in (
            ("pips", {side.value: position.pips(side) for side in Side}),
            ("off", {side.value: position.off(side) for side in Side}),
        ):
            wanted = expect.get(key)
            if wanted is None:
                continue
            if not isinstance(wanted, dict) or any(actual.get(k) != v for k, v in wanted.items()):
                shown = ", ".join(f"{k} {v}" for k, v in actual.items())
                self.error(line, f"step {frame}: expected {key} {_show(wanted)}, but the engine counts {shown}",
                           "correct the expectation, or the play")
        if "result" in expect:
            self.check_result(step, expect["result"], line)

    def check_result(self, step: Step, wanted: Any, line: int) -> None:
        actual = step.outcome
        frame = step.index
        actual_text = _show(actual.to_json()) if actual else '"none" (the game goes on)'
        if wanted == "none":
            if actual is not None:
                self.error(line, f"step {frame}: expected the game to go on, but it ends: {actual_text}")
            return
        if not isinstance(wanted, dict):
            self.error(line, f"step {frame}: result must be \"none\" or {{ winner, points, reason }}")
            return
        normal = dict(wanted)
        if normal.get("winner") == "none":
            normal["winner"] = None
        if actual is None or any(actual.to_json().get(k) != v for k, v in normal.items()):
            self.error(line, f"step {frame}: expected result {_show(wanted)}, but the engine says {actual_text}",
                       "correct the expectation, or the play")


_STARRED_REPEAT = re.compile(r"^(?P<path>\S*\*\S*)\((?P<times>[2-4])\)$")


def star_once(text: str) -> str | None:
    """``text`` with each starred repeat written out, the ``*`` kept on the first checker
    only (``24/12*(2)`` is ``24/12* 24/12``), or None when it has no starred repeat."""
    words = re.split(r"[\s,;]+", text.strip())
    out = []
    for word in words:
        found = _STARRED_REPEAT.match(word)
        if found:
            path = found["path"]
            out += [path] + [path.replace("*", "")] * (int(found["times"]) - 1)
        else:
            out.append(word)
    return " ".join(out) if any(_STARRED_REPEAT.match(w) for w in words) else None


def _reads(position: Position, text: str, dice: Dice, rules: RuleSet) -> bool:
    try:
        position.parse_play(text, dice, rules)
    except EngineError:
        return False
    return True


def some_steps(keys: list[str], shown: int = 12) -> str:
    """Step keys for a message: all of a short list, the first few of a long one."""
    if len(keys) <= shown:
        return ", ".join(keys)
    return f"{', '.join(keys[:shown])} … and {len(keys) - shown} more"


def _show(value: object) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + " }"
    if value is None:
        return "none"
    return str(value) if not isinstance(value, str) else f'"{value}"'
