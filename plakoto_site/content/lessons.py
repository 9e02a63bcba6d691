"""Lessons: one Markdown file per lesson per language, with TOML front matter.

    +++
    title = "The game and the board"
    order = 1
    summary = "What Plakoto is, the board, and where the checkers start."
    +++

    Text in Markdown…

The file name is the lesson's slug (``content/en/board.md`` → ``/en/board/``) and is the
same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .names import SLUG
from .problems import Code, Problems
from .toml import KeyLines, read_source, read_toml, unknown_keys

FENCE = "+++"
KINDS = ("lesson", "page")
FRONT_MATTER = ("title", "order", "summary", "kind", "slug", "translates", "marked_text")
"""The keys a lesson's front matter may hold (``translates`` and ``marked_text`` are written
by ``build.py status --mark``)."""
RESERVED = ("practice", "embed", "play", "editor", "assets", "index", "404", "sitemap", "robots")
"""Names the build gives to pages and folders of its own: no lesson may take them."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson in one language, as read from its file."""

    lang: str
    slug: str
    path: Path
    title: str
    order: int
    summary: str
    body: str
    body_line: int
    """The file line on which ``body`` starts, so Markdown line numbers can be reported."""
    kind: str = "lesson"
    """``lesson`` (numbered, with exercises and pager) or ``page`` (glossary, about)."""
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
    """The whole front matter, for keys other layers read (such as ``translates``)."""


def read_lesson(path: Path, lang: str, problems: Problems, slug: str | None = None) -> Lesson | None:
    """Read one lesson file, or record what is wrong with it and return ``None``."""
    text = read_source(path, problems)
    if text is None:
        return None
    slug = slug or path.stem
    if not SLUG.match(slug):
        problems.error(
            path, 1, f"the file name {slug!r} is not a valid slug",
            "use lowercase letters, digits and hyphens, the same name in every language",
        )
        return None
    if slug in RESERVED and not path.stem.startswith("_"):
        problems.error(path, 1, f"the file name {slug!r} is taken by a page the build makes itself",
                       f"rename the lesson (in every language); these names are reserved: {', '.join(RESERVED)}")
        return None
    lines = text.splitlines()
    if not lines or lines[0].strip() != FENCE:
        problems.error(
            path, 1, "the lesson does not start with front matter",
            f'put a line "{FENCE}", then title, order and summary, then "{FENCE}" at the top',
        )
        return None
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    except StopIteration:
        problems.error(path, 1, "the front matter is never closed", f'add a line "{FENCE}" after it')
        return None
    meta = read_toml("\n".join(lines[1:end]), path, problems, first_line=2)
    if meta is None:
        return None
    fields = _check_fields(meta, path, problems, lines[1:end])
    if fields is None:
        return None
    title, order, summary, kind = fields
    body = "\n".join(lines[end + 1 :]) + "\n"
    return Lesson(lang, slug, path, title, order, summary, body, end + 2, kind, meta)


def _check_fields(
    meta: dict[str, Any], path: Path, problems: Problems, front: list[str]
) -> tuple[str, int, str, str] | None:
    line_of = KeyLines("\n".join(front), first_line=2).of
    ok = True
    for key, hint in unknown_keys(meta, FRONT_MATTER):
        problems.error(path, line_of(key), f"the front matter has an unknown key {key!r}", hint,
                       Code.UNKNOWN_KEY)
        ok = False
    for key in ("title", "summary"):
        if not isinstance(meta.get(key), str) or not meta[key].strip():
            problems.error(path, line_of(key), f"the front matter needs a {key}", f'add {key} = "…"')
            ok = False
    order = meta.get("order", 0 if path.stem.startswith("_") else None)
    if not isinstance(order, int) or isinstance(order, bool):
        problems.error(
            path, line_of("order"), "the front matter needs order = a whole number",
            "copy the order from the English lesson",
        )
        ok = False
    if "slug" in meta and meta["slug"] != path.stem and not path.stem.startswith("_"):
        problems.error(
            path, line_of("slug"), f"slug {meta['slug']!r} differs from the file name {path.stem!r}",
            "remove the slug line, or rename the file: the file name is the slug",
        )
        ok = False
    kind = meta.get("kind", "lesson")
    if kind not in KINDS:
        problems.error(path, line_of("kind"), f"kind {kind!r} is not known",
                       'write kind = "lesson" or kind = "page" (glossary, about)')
        ok = False
    if not ok:
        return None
    return meta["title"].strip(), int(order or 0), meta["summary"].strip(), str(kind)


def read_lessons(content: Path, lang: str, problems: Problems) -> list[Lesson]:
    """Every lesson of one language, in their order."""
    folder = content / lang
    lessons = [
        lesson
        for path in sorted(folder.glob("*.md"))
        if not path.name.startswith("_")
        and (lesson := read_lesson(path, lang, problems)) is not None
    ]
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.slug))
