"""Exercise sources: a position, a roll and a goal, checked by the engine.

    id = "larger-number"
    rules = "plakoto"
    position = "W:24x14,10;B:1x11,18x2,19x2;T:W"
    roll = "6-5"
    goal = "best"                 # "any": any legal play; "best": one of `accepted`
    accepted = ["10/4"]           #   (each must be legal; the build checks)

    goal = "question"             # or a question the engine answers:
    question = "pips"             #   "pips" (of `side`), "can-bear-off", "outcome"
    side = "black"
    answer = 167                  #   optional: the build checks it agrees with the engine

A lesson places it with a fence ``exercise <id>`` holding that language's ``prompt``,
``hint``, ``explain`` (for a legal play that is not the best, when :mod:`.reasons` cannot
tell why), ``answer`` and, for a question to choose the answer of, ``wrong-<choice>`` for
each wrong choice: why it is wrong.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plakoto_site.engine import Dice, EngineError, Play, Position, RuleSet, Side
from plakoto_site.engine.tree import Node, play_tree

from .markdown import key_texts
from .memo import Memo
from .problems import Code, Problems
from .toml import KeyLines, read_source, read_sources, read_toml, unknown_keys

GOALS = ("any", "best", "question")
QUESTIONS = ("pips", "can-bear-off", "outcome")
KEYS = {"id", "rules", "position", "roll", "goal", "accepted", "question", "side", "answer", "play"}
CHOICES = {"can-bear-off": ("yes", "no"), "legal": ("yes", "no"),
           "outcome": ("white-1", "white-2", "black-1", "black-2", "draw", "goes-on")}
"""The answers a question offers to choose from, as the values of its controls."""
EXERCISE_TEXTS = ("prompt", "hint", "explain", "answer", *sorted({f"wrong-{c}" for cs in CHOICES.values() for c in cs}))
"""The keys of a lesson's exercise fence: ``wrong-<choice>`` says why that choice is wrong."""
DRILL_PREFIX = "drill-"
"""The ids of the drills the build makes (:mod:`.drills`): no exercise file may take one."""


@dataclass(frozen=True)
class Exercise:
    """A checked exercise. For a move goal, ``tree`` holds every partial play; for a
    question, ``answer`` is the engine's answer (``True``/``False``, a number, or an
    outcome as ``{"winner", "points", "reason"}`` / ``None`` when the game goes on)."""

    id: str
    rules: RuleSet
    position: Position
    dice: Dice
    goal: str
    accepted: tuple[Play, ...]
    question: str
    side: Side
    answer: object
    asked: Position
    tree: tuple[Node, ...]
    path: Path
    digest: str = ""
    """A digest of the source text: what a rendered exercise is kept by between builds."""


def read_exercises(folder: Path, problems: Problems, memo: Memo | None = None) -> dict[str, Exercise]:
    """Every ``*.toml`` under ``folder``, checked; the broken ones are left out."""
    return read_sources(folder, problems, read_exercise, memo)


def read_exercise(path: Path, problems: Problems) -> Exercise | None:
    text = read_source(path, problems)
    if text is None:
        return None
    data = read_toml(text, path, problems)
    if data is None:
        return None
    lines = KeyLines(text)
    errors = len(problems.errors)

    def error(key: str, message: str, hint: str = "", code: Code = Code.INVALID) -> None:
        problems.error(path, lines.of(key), message, hint, code)

    for key, hint in unknown_keys(data, KEYS):
        error(key, f"unknown key {key!r}", hint, Code.UNKNOWN_KEY)
    if data.get("id", path.stem) != path.stem:
        error("id", f"the id {data.get('id')!r} must equal the file name {path.stem!r}")
    if path.stem.startswith(DRILL_PREFIX):
        problems.error(path, lines.of("id") if "id" in data else 1,
                       f"the name {path.stem!r} is taken: the build names its drills {DRILL_PREFIX}…",
                       f"rename the file so that it does not start with {DRILL_PREFIX!r}")
    read = {
        "rules": lambda: RuleSet.parse(data.get("rules", "plakoto")),
        "position": lambda: Position.from_code(str(data.get("position", ""))),
        "roll": lambda: Dice.parse(str(data.get("roll", ""))),
    }
    values: dict[str, Any] = {}
    for key, reader in read.items():
        try:
            values[key] = reader()
        except EngineError as problem:
            error(key, str(problem))
    if len(values) < len(read):
        return None
    rules, position, dice = values["rules"], values["position"], values["roll"]
    goal = data.get("goal", "any")
    if goal not in GOALS:
        error("goal", f"goal {goal!r} is not known", 'write goal = "any", "best" or "question"')
        return None
    accepted: list[Play] = []
    if goal == "best":
        texts = data.get("accepted", [])
        if not isinstance(texts, list) or not texts:
            error("accepted", "a best-play exercise needs accepted = [\"…\"]", "list the plays you accept")
        for written in texts if isinstance(texts, list) else []:
            try:
                accepted.append(position.parse_play(str(written), dice, rules))
            except EngineError as problem:
                error("accepted", f"accepted play {written!r} is not legal here: {problem}",
                      "correct the play, or the position")
    side = Side.parse(data.get("side", position.turn.value))
    question, answer, asked = str(data.get("question", "")), None, position
    if goal == "question":
        if question not in QUESTIONS:
            error("question", f"question {question!r} is not known", f"use one of: {', '.join(QUESTIONS)}")
            return None
        if "play" in data:
            try:
                asked = position.play(str(data["play"]), dice, rules)
            except EngineError as problem:
                error("play", f"play {data['play']!r}: {problem}")
                return None
        answer = engine_answer(question, asked, side, rules)
        if "answer" in data and data["answer"] != _comparable(answer):
            error("answer", f"the answer {data['answer']!r} disagrees with the engine, which says {_comparable(answer)!r}",
                  "correct the answer, or the position")
    tree: tuple[Node, ...] = ()
    if goal != "question":
        try:
            tree = tuple(play_tree(position, dice, rules))
        except EngineError as problem:
            error("position", str(problem))
            return None
        if not any(node.play for node in tree):
            error("roll", f"nothing can be played with {dice} here", "choose a roll that moves")
    if len(problems.errors) > errors:
        return None
    return Exercise(path.stem, rules, position, dice, goal, tuple(accepted), question, side, answer,
                    asked, tree, path, hashlib.blake2b(text.encode(), digest_size=16).hexdigest())


def engine_answer(question: str, position: Position, side: Side, rules: RuleSet) -> object:
    if question == "pips":
        return position.pips(side)
    if question == "can-bear-off":
        return position.can_bear_off(side)
    outcome = position.outcome(rules)
    return outcome.to_json() if outcome else None


def _comparable(answer: object) -> object:
    """The engine's answer as an author would write it in TOML."""
    if isinstance(answer, dict):
        winner = answer["winner"] or "none"
        return {"winner": winner, "points": answer["points"]}
    return "goes-on" if answer is None else answer


def expected_choice(exercise: Exercise) -> str:
    """The engine's answer to a question, as the value of the control that gives it."""
    answer = exercise.answer
    if exercise.question == "pips":
        return str(answer)
    if exercise.question in ("can-bear-off", "legal"):
        return "yes" if answer else "no"
    if isinstance(answer, dict):
        return f"{answer['winner']}-{answer['points']}" if answer["winner"] else "draw"
    return "goes-on"


def wrong_choices(exercise: Exercise) -> list[str]:
    """The answers to choose from that are wrong: each needs a sentence saying why."""
    if exercise.goal != "question":
        return []
    right = expected_choice(exercise)
    return [choice for choice in CHOICES.get(exercise.question, ()) if choice != right]


def exercise_texts(content: str, first_line: int) -> tuple[dict[str, str], list[int]]:
    """The ``key: text`` lines of an exercise fence (see :func:`key_texts`); a line whose
    key is not one of :data:`EXERCISE_TEXTS` cannot be read."""
    found, unreadable = key_texts(content, first_line)
    texts: dict[str, str] = {}
    for entry in found:
        if entry.key in EXERCISE_TEXTS:
            texts[entry.key] = entry.text
        else:
            unreadable.append(entry.line)
    return texts, sorted(unreadable)


def check_placement(exercise: Exercise | None, texts: dict[str, str]) -> list[str]:
    """What a lesson's fence is missing for this exercise."""
    if exercise is None:
        return []
    missing = [key for key in ("prompt", "answer") if not texts.get(key)]
    missing += [f"wrong-{choice}" for choice in wrong_choices(exercise) if not texts.get(f"wrong-{choice}")]
    if exercise.goal == "best" and not texts.get("explain"):
        missing.append("explain")
    return missing


