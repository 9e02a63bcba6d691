"""Mistakes in content, reported as ``path:line: what is wrong — what to do``.

A build collects every problem first and stops once with a count, so a translator can
fix them all in one pass (as mkdocs does in strict mode).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


class Code(StrEnum):
    """What sort of problem: a short name that stays the same when the wording changes,
    for tools (``status`` sorts warnings by it) and for tests."""

    INVALID = "invalid"
    """Content the format or the rules engine refuses (the default for an error)."""
    UNREADABLE = "unreadable"
    """A file that cannot be read: missing, not UTF-8, or not valid TOML or PO."""
    UNKNOWN_KEY = "unknown-key"
    """A key the file's format does not have (a typo, usually)."""
    NOT_FOUND = "not-found"
    """A diagram, exercise, lesson, language or asset named but not there."""
    TEMPLATE = "template"
    """A page template that cannot be rendered."""
    NO_CAPTION = "no-caption"
    """A diagram step without a caption."""
    NO_TEXT = "no-text"
    """An exercise placed without the texts it needs (prompt, answer, explain)."""
    AVOID_WORD = "avoid-word"
    """A word the term table asks to avoid."""
    PARITY = "parity"
    """A translation drifting from the English structure (sections, diagrams, lists…)."""
    SAME_AS_ENGLISH = "same-as-english"
    """Translated text still the English word for word."""


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One mistake: where it is, what is wrong, and what to do about it."""

    path: str
    line: int
    message: str
    hint: str = ""
    severity: Severity = "error"
    code: Code = field(default=Code.INVALID, compare=False)
    """What sort of problem (see :class:`Code`)."""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        label = "" if self.severity == "error" else "warning: "
        hint = f" — {self.hint}" if self.hint else ""
        return f"{where}: {label}{self.message}{hint}"


@dataclass
class Problems:
    """Collects problems; ``root`` makes paths relative to the project for messages."""

    root: Path
    items: list[Problem] = field(default_factory=list)

    def where(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    def error(self, path: Path, line: int, message: str, hint: str = "", code: Code = Code.INVALID) -> None:
        self.items.append(Problem(self.where(path), line, message, hint, "error", code))

    def warning(self, path: Path, line: int, message: str, hint: str = "", code: Code = Code.INVALID) -> None:
        self.items.append(Problem(self.where(path), line, message, hint, "warning", code))

    @property
    def errors(self) -> list[Problem]:
        return sorted(p for p in self.items if p.severity == "error")

    @property
    def warnings(self) -> list[Problem]:
        return sorted(p for p in self.items if p.severity == "warning")


class ContentError(Exception):
    """Raised at the end of checking when any error was found; carries them all."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} error(s)")
        self.problems = problems
