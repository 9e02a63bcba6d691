"""Parity: a translation carries what its English lesson carries, section by section.

Sections are matched by heading id (``## Wording of your own {#the-mother-rule}``); the
text before the first heading is a section too. Within each section a translation keeps
the same diagrams and exercises in the same order, the same number of lists and tables,
and every notation example the English shows in a code span (```24/18(2)```). Wording,
sentences and paragraphs are the translator's own; only these landmarks are compared.

Everything is read from the markdown-it token stream of the lesson, never from HTML.
A drift is a warning for ``build`` (the site is still built) with ``path:line``, what is
missing and what to do; ``status`` counts the lesson as incomplete and ``--strict`` fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from plakoto_site.content.lessons import Lesson
from plakoto_site.content.markdown import DIAGRAM_TOKEN, EXERCISE_TOKEN
from plakoto_site.content.problems import Code, Problems

if TYPE_CHECKING:
    from collections.abc import Mapping

    from markdown_it.token import Token

_MOVE = r"\d{1,2}\*?(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?"
NOTATION = re.compile(rf"^{_MOVE}(?:[ ,]+{_MOVE})*$")
"""A code span that is a play or part of one: ``24/18(2)``, ``20/15*/12``, ``6/off 5/off``."""


@dataclass
class Section:
    """One heading and what follows it, up to the next heading of any level."""

    id: str | None
    title: str
    line: int
    """The file line of the heading (of the first body line for the opening section)."""
    named: bool = True
    """False when the heading has no ``{#id}`` (its id, if any, was guessed by position)."""
    diagrams: list[str] = field(default_factory=list)
    exercises: list[str] = field(default_factory=list)
    lists: int = 0
    tables: int = 0
    notation: list[str] = field(default_factory=list)


def is_notation(code: str) -> bool:
    return bool(NOTATION.match(code.strip()))


def sections(lesson: Lesson, tokens: list[Token]) -> list[Section]:
    """The lesson cut at its headings, with the landmarks of each part."""
    found = [Section("", "(the text before the first heading)", lesson.body_line)]
    for index, token in enumerate(tokens):
        line = lesson.body_line + (token.map[0] if token.map else 0)
        current = found[-1]
        if token.type == "heading_open":
            heading_id = token.attrGet("id")
            title = tokens[index + 1].content.strip() if index + 1 < len(tokens) else ""
            found.append(Section(str(heading_id) if heading_id else None, title, line, named=bool(heading_id)))
        elif token.type == DIAGRAM_TOKEN:
            current.diagrams.append(token.meta["placement"].diagram)
        elif token.type == EXERCISE_TOKEN:
            current.exercises.append(token.meta["exercise"].exercise)
        elif token.type in ("bullet_list_open", "ordered_list_open") and token.level == 0:
            current.lists += 1
        elif token.type == "table_open":
            current.tables += 1
        elif token.type == "inline":
            current.notation += [c.content.strip() for c in token.children or []
                                 if c.type == "code_inline" and is_notation(c.content)]
    return found


def _where(lesson: Lesson) -> str:
    parts = lesson.path.parts
    return "/".join(parts[-3:])


def check_parity(english: Lesson, english_tokens: list[Token], translated: Lesson,
                 tokens: list[Token], problems: Problems) -> None:
    """Warn, with ``path:line``, wherever the translation drops or moves a landmark."""
    reference = sections(english, english_tokens)
    ours = sections(translated, tokens)
    source = _where(english)
    _guess_ids(reference, ours, translated, problems)
    english_ids = [s.id for s in reference]
    by_id = {s.id: s for s in reference}
    present = {s.id for s in ours}
    for section in ours[1:]:
        if section.id is not None and section.id not in by_id:
            known = ", ".join(f"{{#{i}}}" for i in english_ids[1:] if i and i not in present)
            problems.warning(translated.path, section.line,
                             f"the heading {{#{section.id}}} has no English heading with that id",
                             f"use the id of the English heading it translates ({source})"
                             + (f"; ids not used yet: {known}" if known else ""), code=Code.PARITY)
    _missing_sections(reference, ours, translated, source, problems)
    _order(reference, ours, translated, source, problems)
    for section in ours:
        english_section = by_id.get(section.id)
        if english_section is not None and section.named:
            _compare(english_section, section, translated, source, reference, problems)


def check_heading_ids(english: Lesson, tokens: list[Token], problems: Problems) -> None:
    """Every heading of the reference language needs an id: translations are matched by it."""
    for section in sections(english, tokens)[1:]:
        if section.id is None:
            problems.warning(english.path, section.line, f"the heading {section.title!r} has no id",
                             "end it with {#an-id}: translations are matched to the English by heading id",
                             code=Code.PARITY)


def _guess_ids(reference: list[Section], ours: list[Section], translated: Lesson, problems: Problems) -> None:
    """Report each heading without an id; when the headings line up one to one, take the
    English id at the same place so the rest of the comparison still means something."""
    line_up = len(reference) == len(ours)
    for index, section in enumerate(ours[1:], start=1):
        if section.named:
            continue
        guess = reference[index].id if line_up else None
        hint = (f"end it with {{#{guess}}}, the id of the English heading in the same place "
                f"({reference[index].title!r})" if guess else
                "end it with the {#id} of the English heading it translates")
        problems.warning(translated.path, section.line, f"the heading {section.title!r} has no id", hint, code=Code.PARITY)
        section.id = guess


def _missing_sections(reference: list[Section], ours: list[Section], translated: Lesson, source: str,
                      problems: Problems) -> None:
    present = {s.id: s for s in ours}
    last_line = translated.body_line + translated.body.count("\n")
    for index, section in enumerate(reference[1:], start=1):
        if section.id is None or section.id in present:
            continue
        following = next((present[s.id] for s in reference[index + 1:] if s.id in present), None)
        line = following.line if following else last_line
        problems.warning(
            translated.path, line,
            f"the section {{#{section.id}}} is missing (English: {section.title!r}, {source}:{section.line})",
            f"add a heading ending in {{#{section.id}}} "
            + ("before this line" if following else "at the end")
            + ", with its text, diagrams and exercises, as the English section has them", code=Code.PARITY)


def _order(reference: list[Section], ours: list[Section], translated: Lesson, source: str,
           problems: Problems) -> None:
    ours_ids = [s.id for s in ours if s.id]
    english = [s.id for s in reference if s.id and s.id in ours_ids]
    mine = [i for i in ours_ids if i in english]
    for index, (want, have) in enumerate(zip(english, mine, strict=False)):
        if want != have:
            section = next(s for s in ours if s.id == have)
            problems.warning(translated.path, section.line,
                             f"the section {{#{have}}} comes here, but the English has {{#{want}}} first",
                             f"put the sections in the English order ({source}): "
                             + ", ".join(f"{{#{i}}}" for i in english[index:]), code=Code.PARITY)
            return


def _compare(english: Section, ours: Section, translated: Lesson, source: str,
             reference: list[Section], problems: Problems) -> None:
    name = f"{{#{ours.id}}}" if ours.id else "before the first heading"
    where = f"{source}:{english.line}"
    for noun, theirs, mine in (("diagram", english.diagrams, ours.diagrams),
                               ("exercise", english.exercises, ours.exercises)):
        _figures(noun, theirs, mine, name, where, ours, translated, reference, problems)
    for noun, theirs_count, my_count in (("list", english.lists, ours.lists), ("table", english.tables, ours.tables)):
        if theirs_count != my_count:
            problems.warning(
                translated.path, ours.line,
                f"section {name} has {_count(my_count, noun)}, the English {theirs_count} ({where})",
                f"keep each {noun} of the English section as a {noun} (word the items your own way)", code=Code.PARITY)
    for example in dict.fromkeys(english.notation):
        if example not in ours.notation:
            problems.warning(translated.path, ours.line,
                             f"section {name} does not show the notation example `{example}` ({where})",
                             f"explain it here as the English does, writing `{example}` exactly so", code=Code.PARITY)


def _figures(noun: str, theirs: list[str], mine: list[str], name: str, where: str, ours: Section,
             translated: Lesson, reference: list[Section], problems: Problems) -> None:
    if theirs == mine:
        return
    missing = [x for x in theirs if x not in mine]
    extra = [x for x in mine if x not in theirs]
    for item in missing:
        problems.warning(translated.path, ours.line, f"section {name} lacks the {noun} {item!r} ({where})",
                         f"place ```{noun} {item}``` in this section, with its captions, as the English does",
                         code=Code.PARITY)
    for item in extra:
        home = next((s for s in reference if item in (s.diagrams if noun == "diagram" else s.exercises)), None)
        hint = (f"move it to section {{#{home.id}}}, where the English has it" if home and home.id else
                "the English lesson does not place it: remove it, or ask for it in the English first")
        problems.warning(translated.path, ours.line, f"section {name} has the {noun} {item!r}, the English does not",
                         hint, code=Code.PARITY)
    if not missing and not extra:
        problems.warning(translated.path, ours.line,
                         f"section {name} places its {noun}s in another order than the English ({where})",
                         f"place them in the English order: {', '.join(theirs)}", code=Code.PARITY)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


# -- text left in English ----------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
MIN_WORDS = 3
"""A block is only compared when it has at least this many words that are not names."""


def _words(token: Token) -> list[str]:
    """The words of an inline token, leaving out code spans (notation, position codes),
    emphasised text (book titles) and numbers."""
    found: list[str] = []
    emphasis = 0
    for child in token.children or []:
        if child.type == "em_open":
            emphasis += 1
        elif child.type == "em_close":
            emphasis -= 1
        elif child.type == "text" and not emphasis:
            found += _WORD.findall(child.content)
    return found


def _key(words: list[str]) -> str | None:
    """What two blocks must share to count as the same text: their words, ignoring case.
    Blocks with fewer than :data:`MIN_WORDS` lower-case words (names, titles, a lone term)
    are never reported."""
    if sum(1 for w in words if w[:1].islower()) < MIN_WORDS:
        return None
    return " ".join(w.lower() for w in words)


def texts(lesson: Lesson, tokens: list[Token]) -> list[tuple[int, str]]:
    """Each paragraph, heading, list item paragraph, table cell and caption: its line and key."""
    found = []
    for token in tokens:
        line = lesson.body_line + (token.map[0] if token.map else 0)
        if token.type == "inline":
            key = _key(_words(token))
            if key:
                found.append((line, key))
        elif token.type == DIAGRAM_TOKEN:
            for caption in token.meta["placement"].captions:
                key = _key(_WORD.findall(caption.text))
                if key:
                    found.append((lesson.body_line + caption.line, key))
    return found


def text_lines(lesson: Lesson, tokens: list[Token]) -> dict[str, int]:
    """Each block's key (see :func:`texts`) and the line it is on: the English blocks
    :func:`check_same_as_english` looks a translation's up in."""
    return {key: line for line, key in texts(lesson, tokens)}


def check_same_as_english(english: Lesson, source: Mapping[str, int], translated: Lesson,
                          tokens: list[Token], problems: Problems) -> None:
    """Warn where a translation still holds a block of the English text word for word
    (``source``: the English lesson's :func:`text_lines`)."""
    where = _where(english)
    for line, key in texts(translated, tokens):
        if key in source:
            problems.warning(translated.path, line,
                             f"this text is the same as the English ({where}:{source[key]})",
                             "translate it (names, notation and numbers may stay as they are)", code=Code.SAME_AS_ENGLISH)


STRUCTURE_KEYS = ("order", "kind")
"""Front-matter keys that place a page in the site, the same in every language."""


def check_structure_keys(english: Lesson, translated: Lesson, problems: Problems) -> None:
    """``order`` and ``kind`` as the English lesson has them: each difference an error at
    the key's line (the first line of the front matter when the key is missing)."""
    for key in STRUCTURE_KEYS:
        want, have = getattr(english, key), getattr(translated, key)
        if want == have:
            continue
        shown = f'"{want}"' if isinstance(want, str) else str(want)
        problems.error(translated.path, _key_line(translated, key),
                       f"{key} = {have!r} differs from the English lesson's {key} = {shown}",
                       f"write {key} = {shown}, as in content/{english.lang}/{english.path.name}: "
                       "it places the page in the site, the same in every language")


def copied_from(translated: Lesson, others: list[Lesson], problems: Problems) -> None:
    """A warning when the translation's text is another language's lesson word for word
    (a lesson started from a neighbouring language and not yet translated)."""
    for other in others:
        if other.lang != translated.lang and other.body.strip() == translated.body.strip() and other.body.strip():
            problems.warning(translated.path, translated.body_line,
                             f"this lesson is the same text as content/{other.lang}/{other.path.name}",
                             f"translate it into {translated.lang} (its marks are {other.lang}'s: mark it again "
                             f"with python build.py status --mark {translated.lang}/{translated.slug} once translated)",
                             Code.SAME_AS_ENGLISH)
            return


def _key_line(lesson: Lesson, key: str) -> int:
    try:
        lines = lesson.path.read_text(encoding="utf-8-sig").split("\n")
    except (OSError, ValueError):
        return 1
    for number, line in enumerate(lines[:lesson.body_line], start=1):
        if re.match(rf"\s*{key}\s*=", line):
            return number
    return 1
