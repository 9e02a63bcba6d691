"""Lesson Markdown: CommonMark plus tables, raw HTML off, and a ``diagram`` fence.

A lesson places a diagram with a fenced block naming it, holding that language's caption
for each step (``start`` or 0 is the starting position; then step numbers or names)::

    ```diagram opening-roll
    start: Fifteen checkers each, all on their mother point.
    1: White opens with 6–5 and brings two checkers down.
    black-answers: Black replies from its own mother point.
    ```

A ``title:`` line names the diagram in that language where it is shown on its own (an
embed's iframe and oEmbed title, the gallery); without it the lesson's title stands in.
A caption may run on over lines indented by spaces. The core rule below turns such
fences into ``plakoto_diagram`` tokens; the render layer draws them.

markdown-it-py is imported when the parser is first made: a command that parses no lesson
never waits for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .names import NAME

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_core import StateCore
    from markdown_it.token import Token

DIAGRAM_TOKEN = "plakoto_diagram"
EXERCISE_TOKEN = "plakoto_exercise"
_KEY_TEXT = re.compile(r"^([\w-]+)\s*:\s*(.*)$")


@dataclass(frozen=True, slots=True)
class KeyText:
    """One ``key: text`` line of a fence (a diagram's caption, an exercise's prompt…)."""

    key: str
    text: str
    line: int
    """Line within the lesson body, counted from 0."""


Caption = KeyText


@dataclass(frozen=True, slots=True)
class Placement:
    """A diagram fence: which diagram, its captions, its titles (the ``title:`` lines; one
    is right) and lines it could not read."""

    diagram: str
    captions: tuple[Caption, ...]
    line: int
    unreadable: tuple[int, ...] = ()
    titles: tuple[KeyText, ...] = ()

    @property
    def title(self) -> str | None:
        """The diagram's own title in this language, if the fence gives one."""
        return self.titles[0].text if self.titles else None


def key_texts(content: str, first_line: int) -> tuple[list[KeyText], list[int]]:
    """The ``key: text`` lines of a fence's content, a text running on over indented lines;
    and the lines that are neither. The one reader of diagram and exercise fences."""
    found: list[KeyText] = []
    unreadable: list[int] = []
    for offset, raw in enumerate(content.splitlines()):
        line = first_line + offset
        if not raw.strip():
            continue
        if raw[:1].isspace() and found:
            last = found[-1]
            found[-1] = KeyText(last.key, f"{last.text} {raw.strip()}", last.line)
            continue
        match = _KEY_TEXT.match(raw)
        if match:
            found.append(KeyText(match[1], match[2].strip(), line))
        else:
            unreadable.append(line)
    return found, unreadable


@dataclass(frozen=True, slots=True)
class ExercisePlacement:
    """An exercise fence: which exercise, its texts by key, and lines it could not read."""

    exercise: str
    content: str
    line: int


def _diagram_fences(state: StateCore) -> None:
    for token in state.tokens:
        if token.type != "fence":
            continue
        words = token.info.split()
        if words and words[0] == "exercise":
            token.type = EXERCISE_TOKEN
            start = token.map[0] if token.map else 0
            token.meta = {"exercise": ExercisePlacement(words[1] if len(words) > 1 else "", token.content, start)}
            continue
        if not words or words[0] != "diagram":
            continue
        start = token.map[0] if token.map else 0
        texts, unreadable = key_texts(token.content, start + 1)
        captions = tuple(text for text in texts if text.key != "title")
        titles = tuple(text for text in texts if text.key == "title")
        token.type = DIAGRAM_TOKEN
        token.meta = {
            "placement": Placement(
                words[1] if len(words) > 1 else "", captions, start, tuple(unreadable), titles
            )
        }


_HEADING_ID = re.compile(rf"\s*\{{#({NAME})\}}\s*$")


def _heading_ids(state: StateCore) -> None:
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or index + 1 >= len(tokens):
            continue
        inline = tokens[index + 1]
        match = _HEADING_ID.search(inline.content)
        if match:
            token.attrSet("id", match[1])
            inline.content = inline.content[: match.start()]
            if inline.children:
                last = inline.children[-1]
                last.content = _HEADING_ID.sub("", last.content)


def heading_id_plugin(md: MarkdownIt) -> None:
    """``## Pinning {#pin}`` gives the heading ``id="pin"``, the same in every language,
    so links such as ``../glossary/index.html#pin`` work whatever the heading says."""
    md.core.ruler.after("inline", "plakoto_heading_ids", _heading_ids)


def diagram_plugin(md: MarkdownIt) -> None:
    """Turn ``diagram <id>`` fences into ``plakoto_diagram`` tokens with a :class:`Placement`."""
    md.core.ruler.after("block", "plakoto_diagrams", _diagram_fences)


def make_markdown() -> MarkdownIt:
    """The one Markdown parser of the site: CommonMark, tables, no raw HTML, diagrams."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.use(diagram_plugin).use(heading_id_plugin)
    return md


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """A shared instance for parsing only (parsing keeps no state between documents)."""
    return make_markdown()


def placements(tokens: list[Token]) -> list[Placement]:
    return [token.meta["placement"] for token in tokens if token.type == DIAGRAM_TOKEN]


def exercise_placements(tokens: list[Token]) -> list[ExercisePlacement]:
    return [token.meta["exercise"] for token in tokens if token.type == EXERCISE_TOKEN]
