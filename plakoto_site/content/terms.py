"""``content/terms.toml``: the site's words in each language, and the words to avoid,
looked for in every lesson in any form."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .lessons import Lesson
from .memo import Memo, remembered
from .problems import Code, Problems
from .settings import DEFAULT_LANGUAGES
from .toml import KeyLines, read_source, read_toml, unknown_keys


@dataclass(frozen=True)
class Term:
    """One row of ``content/terms.toml``: a language's words, and those to avoid."""

    id: str
    words: dict[str, list[str]]
    avoid: dict[str, list[str]]
    note: dict[str, str] = field(default_factory=dict)
    """``note = "…"`` (key ``""``) or ``note.ru = "…"``: what the word means here."""



def read_terms(path: Path, problems: Problems, languages: tuple[str, ...] = DEFAULT_LANGUAGES) -> list[Term]:
    """The term table; each ``avoid`` entry is a stem that matches every form of the word
    (see :func:`avoid_pattern`)."""
    if not path.exists():
        return []
    text = read_source(path, problems)
    if text is None:
        return []
    data = read_toml(text, path, problems) or {}
    lines = KeyLines(text)
    terms = []
    for term_id, row in data.items():
        if not isinstance(row, dict):
            problems.error(path, lines.of(term_id), f"{term_id!r} must be a table: [{term_id}]")
            continue
        line = lines.table(term_id)
        avoid = row.get("avoid", {})
        note = row.get("note", "")
        words = {k: v for k, v in row.items() if k not in ("avoid", "note")}
        if not isinstance(note, str | dict):
            problems.error(path, line, f"[{term_id}]: note must be a text, e.g. note = \"what the word means here\"")
            continue
        if not isinstance(avoid, dict):
            problems.error(path, line, f"[{term_id}]: avoid must hold a list per language, e.g. avoid.en = [\"stone\"]")
            continue
        unknown = [key for key in (*words, *avoid) if key not in languages]
        for key, hint in unknown_keys(unknown, (*languages, "avoid", "note")):
            problems.error(path, line, f"[{term_id}]: {key!r} is not a language of this site", hint,
                           Code.UNKNOWN_KEY)
        valid = all(isinstance(v, list) and all(isinstance(w, str) for w in v) for v in [*words.values(), *avoid.values()])
        if not valid:
            problems.error(path, line, f"[{term_id}]: every language needs a list of words, e.g. en = [\"pin\"]")
            continue
        if not unknown:
            by_lang = note if isinstance(note, dict) else {"": note} if note else {}
            terms.append(Term(term_id, words, avoid, {k: str(v) for k, v in by_lang.items()}))
    return terms


_WORD = re.compile(r"\w+(?:['’ʼ]\w+)*")
_OTHER = re.compile(r"[^\w\s]")
_VOWELS = set("aeiouyаеёиоуыэюяіїєαεηιουω")
_FLEETING = "оеёєіи"
"""Vowels that come and go between a stem's last two consonants in Russian and Ukrainian
declension: фишка – фишек, фішка – фішок, лунка – лунок."""


def fold(word: str) -> str:
    """A word as the words-to-avoid check compares it: lower case, without accents or
    diacritics (Greek πιόνι = πιονι), ё as е, any apostrophe as '."""
    folded = word.casefold().replace("ё", "е").replace("’", "'").replace("ʼ", "'")
    if folded.isascii():  # nothing to take off: most words of the English lessons
        return folded
    decomposed = unicodedata.normalize("NFD", folded)
    # The marks are among the few characters neither a letter, a digit nor a space: look
    # those up, then take the marks off in one pass (a lesson's words are folded at once).
    marks = "".join(sorted(c for c in set(_OTHER.findall(decomposed)) if unicodedata.combining(c)))
    return unicodedata.normalize("NFC", re.sub(f"[{re.escape(marks)}]", "", decomposed) if marks else decomposed)


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


def check_words(lesson: Lesson, terms: list[Term], problems: Problems, memo: Memo | None = None) -> None:
    """Warn, with ``path:line``, where a lesson uses a word the term table asks to avoid:
    any form of it (see :func:`avoid_pattern`), in any case, with or without accents. The
    findings are kept in ``memo`` by the lesson's text and the table's words."""
    avoided = tuple((term.id, tuple(term.avoid.get(lesson.lang, ())), tuple(term.words.get(lesson.lang, ())))
                    for term in terms)
    key = (lesson.lang, lesson.body, avoided)
    # The lessons of a language share most of their words: each is judged once for all.
    judged: dict[str, Term | None] = remembered(memo, "judged words", (lesson.lang, avoided), dict)
    for offset, message, hint in remembered(memo, "avoided words", key, lambda: _avoided(lesson, terms, judged)):
        problems.warning(lesson.path, lesson.body_line + offset, message, hint, code=Code.AVOID_WORD)


def _avoided(lesson: Lesson, terms: list[Term], judged: dict[str, Term | None]) -> list[tuple[int, str, str]]:
    """Each use of a word to avoid: its line in the body, the message and the hint.
    ``judged`` holds the words of the lesson's language already judged (and gets its new ones)."""
    avoided = [(avoid_pattern(word), term) for term in terms for word in term.avoid.get(lesson.lang, [])]
    found: list[tuple[int, str, str]] = []
    if not avoided:
        return found
    # One pattern, an alternative each (a group of its own, in the table's order): the
    # first that matches the whole word names the term, as trying them one by one would.
    anyone = re.compile("|".join(f"({pattern.pattern})" for pattern, _ in avoided))
    # The lesson's words judged at once (a word never spans lines); folding them is folding
    # them joined by newlines, which nothing folds or composes with.
    words = set(_WORD.findall(lesson.body))
    new = [word for word in words if word not in judged]
    if new:
        for word, folded in zip(new, fold("\n".join(new)).split("\n"), strict=True):
            match = anyone.fullmatch(folded)
            judged[word] = avoided[match.lastindex - 1][1] if match and match.lastindex else None
    if all(judged[word] is None for word in words):
        return found  # most lessons: no line to look for
    for offset, line in enumerate(lesson.body.splitlines()):
        for word in _WORD.findall(line):
            term = judged[word]
            if term is not None:
                preferred = " / ".join(term.words.get(lesson.lang, [])) or term.id
                found.append((offset, f"{word!r}: the term table says {preferred!r} for this",
                              f"use the site's word (content/terms.toml, [{term.id}])"))
    return found


def avoided_in(lang: str, texts: list[tuple[int, str]], terms: list[Term]) -> list[tuple[int, str, Term]]:
    """Each word of short texts (a lesson's title and summary, a catalog's translations)
    the term table asks to avoid in ``lang``: its line (of each ``(line, text)``), the word
    and the term. Every distinct word is folded and judged once, against one pattern."""
    avoided = [(avoid_pattern(word), term) for term in terms for word in term.avoid.get(lang, [])]
    if not avoided:
        return []
    anyone = re.compile("|".join(f"({pattern.pattern})" for pattern, _ in avoided))
    words = sorted({word for _, text in texts for word in _WORD.findall(text)})
    judged: dict[str, Term | None] = {}
    for word, folded in zip(words, fold("\n".join(words)).split("\n"), strict=True):
        match = anyone.fullmatch(folded)
        judged[word] = avoided[match.lastindex - 1][1] if match and match.lastindex else None
    if all(term is None for term in judged.values()):
        return []
    return [(line, word, term) for line, text in texts for word in _WORD.findall(text)
            if (term := judged[word]) is not None]


def warn_avoided(path: Path, lang: str, found: list[tuple[int, str, Term]], problems: Problems,
                 where: str = "") -> None:
    for line, word, term in found:
        preferred = " / ".join(term.words.get(lang, [])) or term.id
        problems.warning(path, line, f"{word!r}{where}: the term table says {preferred!r} for this",
                         f"use the site's word (content/terms.toml, [{term.id}])", code=Code.AVOID_WORD)


def check_front_matter(lesson: Lesson, terms: list[Term], problems: Problems) -> None:
    """The words to avoid in a lesson's title and summary, at the line of their key (the
    file is read again only when one is found)."""
    if avoided_in(lesson.lang, [(0, lesson.title), (0, lesson.summary)], terms):
        warn_avoided(lesson.path, lesson.lang, avoided_in(lesson.lang, front_matter_texts(lesson), terms), problems)


def front_matter_texts(lesson: Lesson) -> list[tuple[int, str]]:
    """A lesson's title and summary, each with the line of its key in the file."""
    try:
        lines = lesson.path.read_text(encoding="utf-8-sig").split("\n")[:lesson.body_line]
    except (OSError, ValueError):
        lines = []

    def line_of(key: str) -> int:
        return next((n for n, text in enumerate(lines, start=1) if re.match(rf"\s*{key}\s*=", text)), 1)

    return [(line_of("title"), lesson.title), (line_of("summary"), lesson.summary)]


def notes(path: Path) -> dict[str, str]:
    """Each term's note: its ``note`` key, or else the comment lines right above its
    ``[id]`` line in ``content/terms.toml``."""
    try:
        lines = path.read_text(encoding="utf-8-sig").split("\n")
    except (OSError, ValueError):
        return {}
    found: dict[str, str] = {}
    for index, line in enumerate(lines):
        header = re.match(r"\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
        if header is None:
            continue
        comments: list[str] = []
        above = index - 1
        while above >= 0 and lines[above].lstrip().startswith("#"):
            comments.insert(0, lines[above].lstrip()[1:].strip())
            above -= 1
        if comments:  # right above the [id] line (the file's opening comment ends with a blank line)
            found[header.group(1).strip().strip('"')] = " ".join(comments)
    return found
