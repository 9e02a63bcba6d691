"""The site as a whole: every lesson of every language, read and checked together."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .diagrams import Diagram, read_diagrams, some_steps
from .drills import Drill, kept_drills
from .exercises import Exercise, check_placement, exercise_texts, read_exercises
from .lessons import Lesson, read_lesson, read_lessons
from .markdown import DIAGRAM_TOKEN, EXERCISE_TOKEN, exercise_placements, parser, placements
from .memo import Memo, remembered
from .problems import Code, Problems
from .settings import Settings, read_settings
from .terms import Term, read_terms

if TYPE_CHECKING:
    from markdown_it.token import Token


@dataclass
class LanguageContent:
    """One language's home page text and lessons as found on disk."""

    lang: str
    home: Lesson | None
    lessons: dict[str, Lesson] = field(default_factory=dict)

    def texts(self) -> list[Lesson]:
        """Every Markdown text of the language: its lessons, then its home page's."""
        return [*self.lessons.values(), *([self.home] if self.home else [])]


@dataclass
class Content:
    settings: Settings
    diagrams: dict[str, Diagram]
    languages: dict[str, LanguageContent]
    terms: list[Term] = field(default_factory=list)
    exercises: dict[str, Exercise] = field(default_factory=dict)
    drills: dict[str, tuple[Drill, ...]] = field(default_factory=dict)
    """The Practice page's drills by kind: made once a build, for every language (none
    when the lessons have no exercises, and so no Practice page)."""

    @property
    def reference(self) -> LanguageContent:
        return self.languages[self.settings.reference]


def read_content(
    content: Path, problems: Problems, languages: tuple[str, ...] | None = None, memo: Memo | None = None
) -> Content:
    """Gather: settings, diagrams and every language's lessons, in sorted order (diagrams
    and exercises replayed only when their source changed since they were kept in ``memo``)."""
    settings = read_settings(content, problems)
    site_languages = settings.languages
    if languages:
        unknown = [lang for lang in languages if lang not in settings.languages]
        for lang in unknown:
            problems.error(content / "site.toml", 1, f"there is no language {lang!r} in this site",
                           f"choose from {', '.join(settings.languages)}", Code.NOT_FOUND)
        known = [lang for lang in languages if lang not in unknown]  # an unknown one is reported, never read
        settings = Settings(settings.url, tuple(dict.fromkeys((settings.reference, *known))),
                            settings.reference, settings.repository, settings.drafts)
    diagrams = read_diagrams(content / "diagrams", problems, memo)
    terms = read_terms(content / "terms.toml", problems, site_languages)
    exercises = read_exercises(content / "exercises", problems, memo)
    found: dict[str, LanguageContent] = {}
    for lang in settings.languages:
        home_path = content / lang / "_home.md"
        home = read_lesson(home_path, lang, problems, slug="index") if home_path.exists() else None
        lessons = {lesson.slug: lesson for lesson in read_lessons(content, lang, problems)}
        found[lang] = LanguageContent(lang, home, lessons)
    return Content(settings, diagrams, found, terms, exercises)


def with_drills(content: Content, memo: Memo | None = None) -> Content:
    """``content`` with its drills (made once in ``memo``). Drills belong to the Practice
    page, which a site has when its lessons have exercises; nothing checks them before
    the pages are rendered."""
    return replace(content, drills=kept_drills(memo) if content.exercises else {})


@dataclass(frozen=True)
class CheckedLesson:
    """A lesson ready to render: parsed tokens and, if it is not translated, the English one."""

    lang: str
    lesson: Lesson
    tokens: list[Token]
    fallback: bool


def parsed(body: str, memo: Memo | None = None) -> list[Token]:
    """Markdown tokens of a lesson body, parsed once per distinct text in ``memo`` (``make
    serve`` parses again only the lesson that changed). Nothing downstream modifies tokens."""
    return remembered(memo, "markdown", body, lambda: parser().parse(body))


def check_exercises(lesson: Lesson, tokens: list[Token], exercises: dict[str, Exercise], problems: Problems) -> None:
    """Every exercise a lesson places must exist, with readable texts."""
    for placement in exercise_placements(tokens):
        line = lesson.body_line + placement.line
        exercise = exercises.get(placement.exercise)
        if exercise is None:
            problems.error(lesson.path, line, f"there is no exercise {placement.exercise!r}",
                           f"add content/exercises/{placement.exercise or '<id>'}.toml, or fix the name", Code.NOT_FOUND)
            continue
        texts, unreadable = exercise_texts(placement.content, placement.line + 1)
        for offset in unreadable:
            problems.error(lesson.path, lesson.body_line + offset, "this exercise line cannot be read",
                           "write each line as 'prompt: …', 'hint: …', 'explain: …' or 'answer: …'")
        missing = check_placement(exercise, texts)
        if missing:
            problems.warning(lesson.path, line, f"exercise {exercise.id!r} has no {', '.join(missing)}",
                             "add a line 'key: text' for each", code=Code.NO_TEXT)


def _element_id(token: Token) -> str | None:
    """The id a token gives its element on the page: a heading's ``{#id}``, a diagram's id,
    ``exercise-<id>``."""
    if token.type == "heading_open":
        found = token.attrGet("id")
        return str(found) if found else None
    if token.type == DIAGRAM_TOKEN:
        return str(token.meta["placement"].diagram) or None
    if token.type == EXERCISE_TOKEN:
        return f"exercise-{token.meta['exercise'].exercise}"
    return None


def check_ids(lesson: Lesson, tokens: list[Token], problems: Problems) -> None:
    """No id twice on a page: the same diagram or exercise placed twice, a ``{#id}`` twice."""
    seen: dict[str, int] = {}
    for token in tokens:
        element = _element_id(token)
        if element is None:
            continue
        line = lesson.body_line + (token.map[0] if token.map else 0)
        if element in seen:
            problems.error(lesson.path, line, f"the id {element!r} is already used on this page, on line {seen[element]}",
                           "place each diagram and exercise once per page, and give each heading its own {#id}")
        else:
            seen[element] = line


def check_lesson(
    lesson: Lesson, diagrams: dict[str, Diagram], problems: Problems,
    exercises: dict[str, Exercise] | None = None, memo: Memo | None = None,
) -> list[Token]:
    """Parse the Markdown and check every diagram it places against the diagram sources."""
    tokens = parsed(lesson.body, memo)
    check_exercises(lesson, tokens, exercises or {}, problems)
    check_ids(lesson, tokens, problems)
    for placement in placements(tokens):
        line = lesson.body_line + placement.line
        if not placement.diagram:
            problems.error(lesson.path, line, "this diagram fence names no diagram",
                           "write ```diagram <id>, with the id of a file in content/diagrams/")
            continue
        diagram = diagrams.get(placement.diagram)
        if diagram is None:
            problems.error(lesson.path, line, f"there is no diagram {placement.diagram!r}",
                           f"add content/diagrams/{placement.diagram}.toml, or fix the name", Code.NOT_FOUND)
            continue
        seen: set[int] = set()
        for unreadable in placement.unreadable:
            problems.error(lesson.path, lesson.body_line + unreadable,
                           "this caption line cannot be read",
                           "write each caption as 'step: text' (start, a step number or a step name)")
        for extra in placement.titles[1:]:
            problems.error(lesson.path, lesson.body_line + extra.line,
                           f"diagram {diagram.id!r} has two titles", "keep one 'title:' line")
        for title in placement.titles:
            if not title.text:
                problems.error(lesson.path, lesson.body_line + title.line,
                               f"the title of diagram {diagram.id!r} is empty",
                               "write the title after 'title:', or remove the line")
        for caption in placement.captions:
            frame = diagram.frame_of(caption.key)
            if frame is None:
                keys = ", ".join(["start"] + [diagram.step_key(f) for f in range(1, diagram.frames)])
                problems.error(lesson.path, lesson.body_line + caption.line,
                               f"diagram {diagram.id!r} has no step {caption.key!r}",
                               f"use one of: {keys}")
            elif frame in seen:
                problems.error(lesson.path, lesson.body_line + caption.line,
                               f"step {caption.key!r} of {diagram.id!r} has two captions", "keep one")
            else:
                seen.add(frame)
        missing = [diagram.step_key(f) for f in range(diagram.frames) if f not in seen]
        if missing:
            problems.warning(lesson.path, line,
                             f"diagram {diagram.id!r} has no caption for step(s) {some_steps(missing)}",
                             "add a line 'step: caption' for each", code=Code.NO_CAPTION)
    return tokens
