"""Translation status: which lessons are translated, missing or stale, and what changed.

A translation records which revision of the English lesson it translates: one short hash
per block of the English text (title, summary, each paragraph, list, table, heading and
diagram), in its front matter as ``translates = "…"``, written by
``python build.py status --mark el/pinning``. A diagram's block includes its steps, so a
changed play marks its captions stale too. Nothing depends on git or on file times.

Marking records two more things, so the tools can be trusted:

- ``marked_text = "…"`` in the front matter: a short hash of the translation's own text
  (title, summary and body) at that moment. ``--mark`` refuses a stale translation whose
  text still has this hash, that is, one nobody has edited since the English changed.
- ``locales/<lang>/marked-english/<lesson>.json``: the English blocks as they were, so
  ``--diff`` can print the old English text beside the new one.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from plakoto_site.content.diagrams import Diagram
from plakoto_site.content.lessons import FENCE, Lesson
from plakoto_site.content.markdown import DIAGRAM_TOKEN, make_markdown
from plakoto_site.content.problems import Problem

from .catalogs import CatalogStats

KEY = "translates"
TEXT_KEY = "marked_text"
SNAPSHOTS = "marked-english"


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
    gaps: int = 0
    """Parity problems: sections, diagrams, exercises, lists, tables or notation the English
    has and the translation lacks (see :mod:`plakoto_site.i18n.parity`)."""
    same: int = 0
    """Blocks still word for word the English text."""

    @property
    def complete(self) -> bool:
        return self.state == "translated" and not self.gaps and not self.same


@dataclass(frozen=True, slots=True)
class ChangedBlock:
    """For ``status``: a changed English block (``path:line``; ``removed`` when gone) and the
    translated block answering it, and whether that one was edited since the mark."""

    lesson: str
    english: str
    translation: str
    untouched: bool
    removed: bool = False


@dataclass
class LanguageStatus:
    lang: str
    lessons: list[LessonStatus] = field(default_factory=list)
    captions: list[Problem] = field(default_factory=list)
    catalog: CatalogStats | None = None
    words: list[Problem] = field(default_factory=list)
    parity: list[Problem] = field(default_factory=list)
    same: list[Problem] = field(default_factory=list)
    draft: bool = False
    answers: list[ChangedBlock] = field(default_factory=list)
    """Each English block changed since its translation was marked, and the block answering it."""

    @property
    def complete(self) -> bool:
        catalog_done = self.catalog is None or (
            self.catalog.translated == self.catalog.total and not self.catalog.fuzzy
        )
        return all(item.complete for item in self.lessons) and not self.captions and catalog_done


def compare(english: Lesson, translated: Lesson | None, diagrams: dict[str, Diagram],
            name: str | None = None) -> LessonStatus:
    """``name``: how status calls the lesson (``_home`` for the home page's text)."""
    name = name or english.slug
    if translated is None:
        return LessonStatus(name, "missing")
    recorded = translated.meta.get(KEY)
    if not isinstance(recorded, str):
        return LessonStatus(name, "stale", len(blocks(english, diagrams)), 0, marked=False)
    old = set(recorded.split())
    current = [block.digest for block in blocks(english, diagrams)]
    changed = sum(1 for digest in current if digest not in old)
    removed = len(old - set(current))
    state = "translated" if not changed and not removed else "stale"
    return LessonStatus(name, state, changed, removed)


def changes(english: Lesson, translated: Lesson, diagrams: dict[str, Diagram]) -> tuple[list[Block], int]:
    """The English blocks new or changed since the translation was marked, and how many
    recorded blocks are gone."""
    recorded = translated.meta.get(KEY)
    old = set(recorded.split()) if isinstance(recorded, str) else set()
    current = blocks(english, diagrams)
    return [b for b in current if b.digest not in old], len(old - {b.digest for b in current})


@dataclass(frozen=True, slots=True)
class Change:
    """One run of English blocks that changed: as they were when marked, and as they are."""

    old: list[Block]
    new: list[Block]


def snapshot_path(locales: Path, lang: str, name: str) -> Path:
    return locales / lang / SNAPSHOTS / f"{name}.json"


def read_snapshot(path: Path, key: str = "blocks") -> list[Block] | None:
    """The English blocks recorded when the translation was marked (with ``key``
    ``"translation"``: the translation's own blocks then), or ``None``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [_block(int(item["line"]), str(item["text"])) for item in data[key]]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_snapshot(path: Path, english: Lesson, diagrams: dict[str, Diagram], translated: Lesson | None = None) -> None:
    data: dict[str, object] = {"english": english.path.name,
                               "blocks": [{"line": b.line, "text": b.text} for b in blocks(english, diagrams)]}
    if translated is not None:
        data["translation"] = [{"line": b.line, "text": b.text} for b in blocks(translated, diagrams)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def paired_changes(old: list[Block], current: list[Block]) -> list[Change]:
    """The old and the new English blocks, lined up: unchanged blocks drop out, a rewritten
    block is shown with what it replaced."""
    matcher = difflib.SequenceMatcher(None, [b.digest for b in old], [b.digest for b in current], autojunk=False)
    return [Change(old[i1:i2], current[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def own_text(translated: Lesson) -> str:
    """A short hash of what the translator wrote: title, summary and body."""
    text = f"{translated.title}\n{translated.summary}\n{translated.body}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def unedited_since_marked(translated: Lesson) -> bool | None:
    """Whether the translation's text is still what it was when last marked (``None``: it
    was marked before this was recorded, so nobody can tell)."""
    recorded = translated.meta.get(TEXT_KEY)
    if not isinstance(recorded, str):
        return None
    return recorded == own_text(translated)


def mark(translated: Lesson, english: Lesson, diagrams: dict[str, Diagram], locales: Path | None = None) -> None:
    """Record in the translation's front matter that it matches the English lesson now,
    with the hash of its own text; keep the English blocks under ``locales/`` for ``--diff``."""
    text = translated.path.read_text(encoding="utf-8")
    lines = text.split("\n")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    for key, value in ((KEY, fingerprint(english, diagrams)), (TEXT_KEY, own_text(translated))):
        entry = f'{key} = "{value}"'
        for index in range(1, end):
            if re.match(rf"^\s*{key}\s*=", lines[index]):
                lines[index] = entry
                break
        else:
            lines.insert(end, entry)
            end += 1
    translated.path.write_text("\n".join(lines), encoding="utf-8")
    if locales is not None:
        write_snapshot(snapshot_path(locales, translated.lang, translated.path.stem), english, diagrams, translated)


@dataclass(frozen=True, slots=True)
class Answer:
    """A changed English block and the translated block that answers it: where each is now,
    and whether the translated one is still as it was when the translation was marked."""

    english: Block | None
    """The English block now (``None``: removed from the English)."""
    was: Block
    """The English block as it was at the mark."""
    translated: Block
    """The translated block now (or as it was, when it cannot be found any more)."""
    untouched: bool
    parts: list[tuple[int, str]] = field(default_factory=list)
    """In an edited diagram or list: the captions or items answering changed English ones
    that are still as they were, each with its line in the block."""


def answers(old: list[Block], current: list[Block], old_translation: list[Block],
            translation: list[Block], diagrams: dict[str, Diagram] | None = None) -> list[Answer] | None:
    """Each English block changed or removed since the mark, with the translated block in
    the same place then, and whether that one is untouched (the same words, spacing aside).
    In a diagram or a list edited elsewhere, the caption of a changed step or the item in
    a changed item's place that is still as it was counts as untouched too (``parts``).
    ``None`` when the translation then did not have the English's blocks one for one."""
    if len(old) != len(old_translation):
        return None
    now = {" ".join(b.text.split()): b for b in translation}
    matcher = difflib.SequenceMatcher(None, [b.digest for b in old], [b.digest for b in current], autojunk=False)
    found = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("equal", "insert"):
            continue
        for offset, index in enumerate(range(i1, i2)):
            then = old_translation[index]
            still = now.get(" ".join(then.text.split()))
            english = current[j1 + offset] if j1 + offset < j2 else None
            if still is None and len(translation) == len(old_translation):
                still_at = translation[index]
                parts = untouched_parts(old[index].text, english.text, then.text, still_at.text, diagrams or {}) \
                    if english is not None else []
                found.append(Answer(english, old[index], still_at, bool(parts), parts))
            else:
                found.append(Answer(english, old[index], still or then, still is not None))
    return found


ITEM = re.compile(r"^(?:[-*+]|\d{1,9}[.)])\s")


def parts(text: str, diagrams: dict[str, Diagram]) -> dict[tuple[str, int], tuple[int, str]]:
    """A diagram block's captions by the frame they caption, or a list's items by place:
    each with its line in the block and its words (spacing aside)."""
    lines = text.split("\n")
    name = FENCE_LINE.match(lines[0])
    found: dict[tuple[str, int], tuple[int, str]] = {}
    if name is not None:
        diagram = diagrams.get(name.group(1))
        for index, line in enumerate(lines[1:], start=1):
            key = CAPTION.match(line)
            frame = diagram.frame_of(key.group(1)) if diagram is not None and key else None
            if frame is not None:
                found[("step", frame)] = (index, " ".join(line[key.end():].split()) if key else "")
        return found
    if not ITEM.match(lines[0]):
        return found
    number = -1
    for index, line in enumerate(lines):
        item = ITEM.match(line)
        if item is not None:
            number += 1
            found[("item", number)] = (index, "")
            line = line[item.end():]
        if number >= 0:
            at, words = found[("item", number)]
            found[("item", number)] = (at, " ".join(f"{words} {line}".split()))
    return found


def untouched_parts(english_then: str, english_now: str, translated_then: str, translated_now: str,
                    diagrams: dict[str, Diagram]) -> list[tuple[int, str]]:
    """The captions (of a diagram) or items (of a list) whose English changed while the
    translated one in the same step or place is as it was: each with its line in the
    translated block now, and its text."""
    was, now = parts(english_then, diagrams), parts(english_now, diagrams)
    changed = {key for key in was.keys() | now.keys() if was.get(key, (0, ""))[1] != now.get(key, (0, ""))[1]}
    mine_then, mine_now = parts(translated_then, diagrams), parts(translated_now, diagrams)
    lines = translated_now.split("\n")
    return [(mine_now[key][0], lines[mine_now[key][0]]) for key in sorted(changed)
            if key in mine_then and key in mine_now and mine_then[key][1] == mine_now[key][1]]


FENCE_LINE = re.compile(r"^```diagram\s+(\S+)")
MOVES = re.compile(r"^\[(\w+) (\S+) (.*)\]$")
CAPTION = re.compile(r"^([^\s:]+):\s")


def shown(text: str) -> str:
    """A block as ``--diff`` prints it: a diagram's closing record of its moves said in words."""
    lines = text.split("\n")
    found = MOVES.match(lines[-1]) if FENCE_LINE.match(lines[0]) else None
    if found is not None:
        lines[-1] = f"(the diagram's moves: {found.group(1)}, from {found.group(2)}: {found.group(3)})"
    return "\n".join(lines)


def changed_words(old: str, new: str) -> list[tuple[int, str]]:
    """The lines of ``new`` that differ from ``old``, each with its index in the block and
    the words changed (:func:`word_diff`); a line only removed has the index it had."""
    a, b = shown(old).split("\n"), shown(new).split("\n")
    found: list[tuple[int, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i2 - i1 == j2 - j1:
            found.extend((j1 + k, word_diff(a[i1 + k], b[j1 + k])) for k in range(i2 - i1))
            continue
        found.extend((i, "[-" + a[i] + "-]") for i in range(i1, i2))
        found.extend((j, "{+" + b[j] + "+}") for j in range(j1, j2))
    return found


def caption_answers(english: str, translated: str, lines: list[int], diagrams: dict[str, Diagram]) -> list[int]:
    """For the caption lines ``lines`` of an English diagram block, the lines of the
    translated block captioning the same steps (``1:`` in one, ``pinned-cannot-move:`` in
    the other)."""
    name = FENCE_LINE.match(english.split("\n", 1)[0])
    diagram = diagrams.get(name.group(1)) if name else None
    if diagram is None:
        return []
    english_lines, translated_lines = english.split("\n"), translated.split("\n")

    def frame(line: str) -> int | None:
        key = CAPTION.match(line)
        return diagram.frame_of(key.group(1)) if key else None

    frames = {frame(english_lines[i]) for i in lines if i < len(english_lines)} - {None}
    return [i for i, line in enumerate(translated_lines) if i and frame(line) in frames]


def word_diff(old: str, new: str) -> str:
    """The words of ``old`` and ``new``: removed ones as ``[-…-]``, added ones as ``{+…+}``."""
    a, b = old.split(), new.split()
    out: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.extend(a[i1:i2])
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def is_under(path: str, folder: Path, root: Path) -> bool:
    try:
        return Path(root, path).resolve().is_relative_to(folder.resolve())
    except OSError:
        return False
