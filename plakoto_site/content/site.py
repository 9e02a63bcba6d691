"""The site as a whole: settings, and every lesson of every language, checked together."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from babel import Locale, UnknownLocaleError
from markdown_it.token import Token

from .diagrams import Diagram, read_diagrams, some_steps
from .exercises import Exercise, check_placement, exercise_texts, read_exercises
from .lessons import Lesson, read_lesson, read_lessons
from .markdown import DIAGRAM_TOKEN, EXERCISE_TOKEN, exercise_placements, parser, placements
from .problems import Problems
from .toml import KeyLines, read_source, read_toml, unknown_keys

DEFAULT_LANGUAGES = ("en", "ru", "el", "uk")


@dataclass(frozen=True)
class Settings:
    """``content/site.toml``: where the site lives and which languages it has."""

    url: str = "https://plakoto.example/"
    languages: tuple[str, ...] = DEFAULT_LANGUAGES
    reference: str = "en"
    repository: str = ""
    drafts: tuple[str, ...] = ()
    """Languages built for preview only: left out of the language switcher, the sitemap,
    the hreflang links and the site's front page, until they are complete."""

    @property
    def published(self) -> tuple[str, ...]:
        return tuple(lang for lang in self.languages if lang not in self.drafts)


@dataclass
class LanguageContent:
    """One language's home page text and lessons as found on disk."""

    lang: str
    home: Lesson | None
    lessons: dict[str, Lesson] = field(default_factory=dict)


@dataclass(frozen=True)
class Term:
    """One row of ``content/terms.toml``: a language's words, and those to avoid."""

    id: str
    words: dict[str, list[str]]
    avoid: dict[str, list[str]]


@dataclass
class Content:
    settings: Settings
    diagrams: dict[str, Diagram]
    languages: dict[str, LanguageContent]
    terms: list[Term] = field(default_factory=list)
    exercises: dict[str, Exercise] = field(default_factory=dict)

    @property
    def reference(self) -> LanguageContent:
        return self.languages[self.settings.reference]


_URL_FORBIDDEN = set('"<>\\^`{|}')


def url_problem(url: object) -> str | None:
    """Why ``url`` cannot be the site's address (http or https, a host, nothing that could
    end an attribute or a line in the files it is written into), or ``None``."""
    if not isinstance(url, str):
        return "is not text"
    try:
        parts = urlsplit(url)
    except ValueError as error:
        return f"cannot be read as a web address ({error})"
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "is not a web address: it must start with http:// or https:// and name a host"
    if any(char.isspace() or not char.isprintable() or char in _URL_FORBIDDEN for char in url):
        return 'holds a space, a line break or one of " < > \\ ^ ` { | }: write them %-encoded'
    if parts.query or parts.fragment or "?" in url or "#" in url:
        return "carries a ? or # part; give only the folder the site lives in"
    return None


SETTINGS = ("url", "languages", "reference", "repository", "drafts")
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2})?$")


def language_problem(code: str) -> str | None:
    """Why ``code`` cannot be a language of the site (Babel must know it), or ``None``."""
    if not LANGUAGE_CODE.match(code):
        return "is not a language code such as en, el or pt_BR"
    try:
        Locale.parse(code)
    except (ValueError, TypeError, UnknownLocaleError):
        return "is not a language Babel knows"
    return None


def read_settings(content: Path, problems: Problems) -> Settings:
    path = content / "site.toml"
    if not path.exists():
        return Settings()
    text = read_source(path, problems)
    if text is None:
        return Settings()
    data = read_toml(text, path, problems) or {}
    lines = KeyLines(text)
    for key, hint in unknown_keys(data, SETTINGS):
        problems.error(path, lines.of(key), f"site.toml has an unknown key {key!r}", hint)
    settings: dict[str, Any] = {}
    url = data.get("url", Settings.url)
    why = url_problem(url)
    if why is not None:
        problems.error(path, lines.of("url"), f"url {url!r} {why}",
                       'write the address the site will live at, e.g. url = "https://example.org/plakoto/"')
    else:
        settings["url"] = url if url.endswith("/") else url + "/"
    languages = data.get("languages", list(DEFAULT_LANGUAGES))
    if not isinstance(languages, list) or not all(isinstance(x, str) for x in languages) or not languages:
        problems.error(path, lines.of("languages"), "languages must be a list of language codes",
                       'write languages = ["en", "ru", "el", "uk"]')
    elif any(language_problem(code) for code in languages) or len(set(languages)) != len(languages):
        for code in languages:
            why = language_problem(code)
            if why:
                problems.error(path, lines.of("languages"), f"the language {code!r} {why}",
                               "write the code of a language, e.g. \"el\" for Greek")
        if len(set(languages)) != len(languages):
            problems.error(path, lines.of("languages"), "a language is listed twice", "list each language once")
    else:
        settings["languages"] = tuple(languages)
    reference = data.get("reference", "en")
    if reference not in settings.get("languages", DEFAULT_LANGUAGES):
        problems.error(path, lines.of("reference"), f"the reference language {reference!r} is not in languages")
    else:
        settings["reference"] = reference
    if isinstance(data.get("repository"), str):
        settings["repository"] = data["repository"]
    drafts = data.get("drafts", [])
    known = settings.get("languages", DEFAULT_LANGUAGES)
    if not isinstance(drafts, list) or not all(isinstance(x, str) and x in known and x != reference for x in drafts):
        problems.error(path, lines.of("drafts"), f"drafts {drafts!r} must list languages of the site other than "
                       f"the reference", 'write e.g. drafts = ["ar"], or remove the line once the language is complete')
    else:
        settings["drafts"] = tuple(drafts)
    return Settings(**settings)


def read_content(content: Path, problems: Problems, languages: tuple[str, ...] | None = None) -> Content:
    """Gather: settings, diagrams and every language's lessons, in sorted order."""
    settings = read_settings(content, problems)
    site_languages = settings.languages
    if languages:
        unknown = [lang for lang in languages if lang not in settings.languages]
        for lang in unknown:
            problems.error(content / "site.toml", 1, f"there is no language {lang!r} in this site",
                           f"choose from {', '.join(settings.languages)}")
        settings = Settings(settings.url, tuple(dict.fromkeys((settings.reference, *languages))),
                            settings.reference, settings.repository, settings.drafts)
    diagrams = read_diagrams(content / "diagrams", problems)
    terms = read_terms(content / "terms.toml", problems, site_languages)
    exercises = read_exercises(content / "exercises", problems)
    found: dict[str, LanguageContent] = {}
    for lang in settings.languages:
        home_path = content / lang / "_home.md"
        home = read_lesson(home_path, lang, problems, slug="index") if home_path.exists() else None
        lessons = {lesson.slug: lesson for lesson in read_lessons(content, lang, problems)}
        found[lang] = LanguageContent(lang, home, lessons)
    return Content(settings, diagrams, found, terms, exercises)


def read_terms(path: Path, problems: Problems, languages: tuple[str, ...] = DEFAULT_LANGUAGES) -> list[Term]:
    """The term table; each ``avoid`` entry is a stem that matches every form of the word
    (see :func:`avoid_pattern`)."""
    if not path.exists():
        return []
    text = read_source(path, problems)
    if text is None:
        return []
    data = read_toml(text, path, problems) or {}
    lines = _TableLines(text)
    terms = []
    for term_id, row in data.items():
        if not isinstance(row, dict):
            problems.error(path, lines.top.get(term_id, 1), f"{term_id!r} must be a table: [{term_id}]")
            continue
        line = lines.tables.get(term_id, 1)
        avoid = row.get("avoid", {})
        words = {k: v for k, v in row.items() if k != "avoid"}
        if not isinstance(avoid, dict):
            problems.error(path, line, f"[{term_id}]: avoid must hold a list per language, e.g. avoid.en = [\"stone\"]")
            continue
        unknown = [key for key in (*words, *avoid) if key not in languages]
        for key, hint in unknown_keys(unknown, (*languages, "avoid")):
            problems.error(path, line, f"[{term_id}]: {key!r} is not a language of this site", hint)
        valid = all(isinstance(v, list) and all(isinstance(w, str) for w in v) for v in [*words.values(), *avoid.values()])
        if not valid:
            problems.error(path, line, f"[{term_id}]: every language needs a list of words, e.g. en = [\"pin\"]")
            continue
        if not unknown:
            terms.append(Term(term_id, words, avoid))
    return terms


class _TableLines:
    """Where each top-level key and each ``[table]`` header of the term table stands."""

    def __init__(self, text: str) -> None:
        self.top: dict[str, int] = {}
        self.tables: dict[str, int] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            header = re.match(r"^\s*\[\s*([\w-]+)\s*\]", raw)
            key = re.match(r"^\s*([\w-]+)\s*=", raw)
            if header:
                self.tables.setdefault(header[1], number)
            elif key and not self.tables:
                self.top.setdefault(key[1], number)


_WORD = re.compile(r"\w+(?:['’ʼ]\w+)*")
_VOWELS = set("aeiouyаеёиоуыэюяіїєαεηιουω")
_FLEETING = "оеёєіи"
"""Vowels that come and go between a stem's last two consonants in Russian and Ukrainian
declension: фишка – фишек, фішка – фішок, лунка – лунок."""


def fold(word: str) -> str:
    """A word as the words-to-avoid check compares it: lower case, without accents or
    diacritics (Greek πιόνι = πιονι), ё as е, any apostrophe as '."""
    decomposed = unicodedata.normalize("NFD", word.casefold().replace("ё", "е").replace("’", "'").replace("ʼ", "'"))
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def avoid_pattern(stem: str) -> re.Pattern[str]:
    """Every form of the words a stem starts: the stem and any ending, and, where the stem
    ends in two consonants, with a fleeting vowel between them (фішк finds фішка, фішки,
    фішок; лунк finds лунок)."""
    folded = fold(stem)
    if len(folded) >= 3 and not {folded[-1], folded[-2]} & _VOWELS and folded[-1].isalpha() and folded[-2].isalpha():
        body = re.escape(folded[:-1]) + f"[{_FLEETING}]?" + re.escape(folded[-1])
    else:
        body = re.escape(folded)
    return re.compile(rf"{body}\w*")


def check_words(lesson: Lesson, terms: list[Term], problems: Problems) -> None:
    """Warn, with ``path:line``, where a lesson uses a word the term table asks to avoid:
    any form of it (see :func:`avoid_pattern`), in any case, with or without accents."""
    patterns = [(avoid_pattern(word), term) for term in terms for word in term.avoid.get(lesson.lang, [])]
    if not patterns:
        return
    found: dict[str, Term | None] = {}  # a lesson repeats its words: each is judged once
    for offset, line in enumerate(lesson.body.splitlines()):
        for word in _WORD.findall(line):
            if word not in found:
                folded = fold(word)
                found[word] = next((term for pattern, term in patterns if pattern.fullmatch(folded)), None)
            term = found[word]
            if term is not None:
                preferred = " / ".join(term.words.get(lesson.lang, [])) or term.id
                problems.warning(lesson.path, lesson.body_line + offset,
                                 f"{word!r}: the term table says {preferred!r} for this",
                                 f"use the site's word (content/terms.toml, [{term.id}])", kind="words")


@dataclass(frozen=True)
class CheckedLesson:
    """A lesson ready to render: parsed tokens and, if it is not translated, the English one."""

    lang: str
    lesson: Lesson
    tokens: list[Token]
    fallback: bool


_PARSED: dict[str, list[Token]] = {}


def parsed(body: str) -> list[Token]:
    """Markdown tokens of a lesson body, parsed once per distinct text (``make serve``
    parses again only the lesson that changed). Nothing downstream modifies tokens."""
    if body not in _PARSED:
        if len(_PARSED) > 2_000:
            _PARSED.clear()
        _PARSED[body] = parser().parse(body)
    return _PARSED[body]


def check_exercises(lesson: Lesson, tokens: list[Token], exercises: dict[str, Exercise], problems: Problems) -> None:
    """Every exercise a lesson places must exist, with readable texts."""
    for placement in exercise_placements(tokens):
        line = lesson.body_line + placement.line
        exercise = exercises.get(placement.exercise)
        if exercise is None:
            problems.error(lesson.path, line, f"there is no exercise {placement.exercise!r}",
                           f"add content/exercises/{placement.exercise or '<id>'}.toml, or fix the name")
            continue
        texts, unreadable = exercise_texts(placement.content, placement.line + 1)
        for offset in unreadable:
            problems.error(lesson.path, lesson.body_line + offset, "this exercise line cannot be read",
                           "write each line as 'prompt: …', 'hint: …', 'explain: …' or 'answer: …'")
        missing = check_placement(exercise, texts)
        if missing:
            problems.warning(lesson.path, line, f"exercise {exercise.id!r} has no {', '.join(missing)}",
                             "add a line 'key: text' for each")


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
    exercises: dict[str, Exercise] | None = None,
) -> list[Token]:
    """Parse the Markdown and check every diagram it places against the diagram sources."""
    tokens = parsed(lesson.body)
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
                           f"add content/diagrams/{placement.diagram}.toml, or fix the name")
            continue
        seen: set[int] = set()
        for unreadable in placement.unreadable:
            problems.error(lesson.path, lesson.body_line + unreadable,
                           "this caption line cannot be read",
                           "write each caption as 'step: text' (start, a step number or a step name)")
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
                             "add a line 'step: caption' for each", kind="caption")
    return tokens
