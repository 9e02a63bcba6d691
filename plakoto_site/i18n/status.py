"""Translation status: which lessons are translated, missing or stale, and what changed.

A translation records which revision of the English lesson it translates: one short hash
per block of the English text (title, summary, each paragraph, list, table, heading and
diagram), in its front matter as ``translates = "…"``, written by
``python build.py status --mark el/pinning``. A diagram's block includes its steps, so a
changed play marks its captions stale too. Nothing depends on git or on file times.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from plakoto_site.content.diagrams import Diagram
from plakoto_site.content.lessons import FENCE, Lesson
from plakoto_site.content.markdown import DIAGRAM_TOKEN, make_markdown
from plakoto_site.content.problems import Problem

from .catalogs import CatalogStats

KEY = "translates"


@dataclass(frozen=True, slots=True)
class Block:
    """One translatable block of an English lesson: where it is and its text."""

    line: int
    text: str
    digest: str


def blocks(lesson: Lesson, diagrams: dict[str, Diagram]) -> list[Block]:
    """The English lesson cut into blocks, each with a short hash of its content."""
    found = [_block(2, f"title: {lesson.title}"), _block(2, f"summary: {lesson.summary}")]
    lines = lesson.body.splitlines()
    for token in make_markdown().parse(lesson.body):
        if token.level != 0 or token.map is None or token.nesting == -1:
            continue
        start, end = token.map
        text = "\n".join(lines[start:end]).strip()
        if token.type == DIAGRAM_TOKEN:
            diagram = diagrams.get(token.meta["placement"].diagram)
            if diagram is not None:
                steps = "; ".join(f"{s.dice} {s.play.notation() if s.play else '-'}" for s in diagram.steps)
                text += f"\n[{diagram.rules.value} {diagram.start.code()} {steps}]"
        if text:
            found.append(_block(lesson.body_line + start, text))
    return found


def _block(line: int, text: str) -> Block:
    return Block(line, text, hashlib.sha256(text.encode()).hexdigest()[:8])


def fingerprint(english: Lesson, diagrams: dict[str, Diagram]) -> str:
    return " ".join(block.digest for block in blocks(english, diagrams))


@dataclass(frozen=True, slots=True)
class LessonStatus:
    slug: str
    state: str
    """``translated``, ``missing`` or ``stale``."""
    changed: int = 0
    """English blocks new or changed since the translation was marked."""
    removed: int = 0
    marked: bool = True


@dataclass
class LanguageStatus:
    lang: str
    lessons: list[LessonStatus] = field(default_factory=list)
    captions: list[Problem] = field(default_factory=list)
    catalog: CatalogStats | None = None
    words: list[Problem] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        catalog_done = self.catalog is None or (
            self.catalog.translated == self.catalog.total and not self.catalog.fuzzy
        )
        return all(item.state == "translated" for item in self.lessons) and not self.captions and catalog_done


def compare(english: Lesson, translated: Lesson | None, diagrams: dict[str, Diagram]) -> LessonStatus:
    if translated is None:
        return LessonStatus(english.slug, "missing")
    recorded = translated.meta.get(KEY)
    if not isinstance(recorded, str):
        return LessonStatus(english.slug, "stale", len(blocks(english, diagrams)), 0, marked=False)
    old = set(recorded.split())
    current = [block.digest for block in blocks(english, diagrams)]
    changed = sum(1 for digest in current if digest not in old)
    removed = len(old - set(current))
    state = "translated" if not changed and not removed else "stale"
    return LessonStatus(english.slug, state, changed, removed)


def changes(english: Lesson, translated: Lesson, diagrams: dict[str, Diagram]) -> tuple[list[Block], int]:
    """The English blocks new or changed since the translation was marked, and how many
    recorded blocks are gone."""
    recorded = translated.meta.get(KEY)
    old = set(recorded.split()) if isinstance(recorded, str) else set()
    current = blocks(english, diagrams)
    return [b for b in current if b.digest not in old], len(old - {b.digest for b in current})


def mark(translated: Lesson, english: Lesson, diagrams: dict[str, Diagram]) -> None:
    """Record in the translation's front matter that it matches the English lesson now."""
    text = translated.path.read_text(encoding="utf-8")
    lines = text.split("\n")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    value = f'{KEY} = "{fingerprint(english, diagrams)}"'
    for index in range(1, end):
        if re.match(rf"^\s*{KEY}\s*=", lines[index]):
            lines[index] = value
            break
    else:
        lines.insert(end, value)
    translated.path.write_text("\n".join(lines), encoding="utf-8")


def is_under(path: str, folder: Path, root: Path) -> bool:
    try:
        return Path(root, path).resolve().is_relative_to(folder.resolve())
    except OSError:
        return False
