"""Mistakes in content, reported as ``path:line: what is wrong — what to do``.

A build collects every problem first and stops once with a count, so a translator can
fix them all in one pass (as mkdocs does in strict mode).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One mistake: where it is, what is wrong, and what to do about it."""

    path: str
    line: int
    message: str
    hint: str = ""
    severity: Severity = "error"
    kind: str = field(default="", compare=False)
    """What sort of problem, for ``status`` to sort warnings into: ``caption``, ``words``,
    ``parity`` (a translation drifting from the English structure), ``same-as-english``."""

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

    def error(self, path: Path, line: int, message: str, hint: str = "") -> None:
        self.items.append(Problem(self.where(path), line, message, hint))

    def warning(self, path: Path, line: int, message: str, hint: str = "", kind: str = "") -> None:
        self.items.append(Problem(self.where(path), line, message, hint, "warning", kind))

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
