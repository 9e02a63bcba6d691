"""Gather and check: every language read and checked before anything is rendered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from plakoto_site.content.lessons import Lesson
from plakoto_site.content.memo import Memo, remembered
from plakoto_site.content.problems import Code, ContentError, Problem, Problems
from plakoto_site.content.site import (
    CheckedLesson,
    Content,
    check_lesson,
    parsed,
    read_content,
    with_drills,
)
from plakoto_site.content.terms import (
    Term,
    avoided_in,
    check_front_matter,
    check_words,
    warn_avoided,
)
from plakoto_site.i18n.catalogs import CatalogStats, LanguageCatalog, catalog_path, language_catalog
from plakoto_site.i18n.languages import language
from plakoto_site.i18n.parity import (
    check_heading_ids,
    check_parity,
    check_same_as_english,
    check_structure_keys,
    copied_from,
    text_lines,
)
from plakoto_site.i18n.pofile import read_strictly
from plakoto_site.i18n.words import Words

from . import links
from .project import ASSETS, Project

if TYPE_CHECKING:
    from babel.support import NullTranslations
    from markdown_it.token import Token


@dataclass
class Checked:
    """Everything read, and the languages checked: ready to render."""

    content: Content
    lessons: dict[str, list[CheckedLesson]]
    words: dict[str, Words]
    translations: dict[str, NullTranslations]
    warnings: list[Problem]
    catalogs: dict[str, CatalogStats] = field(default_factory=dict)
    homes: dict[str, CheckedLesson] = field(default_factory=dict)
    """Each language's home page text (the reference's where it has none), parsed."""


def check(project: Project, languages: tuple[str, ...] | None = None, memo: Memo | None = None) -> Checked:
    """Gather and check everything; raise :class:`ContentError` with every error found.
    ``memo`` is the build state: sources and Markdown already read in it are not read again."""
    content, problems = gather(project, languages, memo)
    checked = check_languages(project, content, list(content.languages), problems, memo)
    return verdict(checked, problems)


def gather(project: Project, languages: tuple[str, ...] | None = None,
           memo: Memo | None = None, drills: bool = True) -> tuple[Content, Problems]:
    """Read every source (settings, diagrams and exercises replayed through the engine,
    every language's lessons) and check what belongs to no language: the assets. With
    ``drills``, make the drills too; without, the caller adds them (:func:`with_drills`)."""
    problems = Problems(project.root)
    content = read_content(project.content, problems, languages, memo)
    check_assets(project, problems)
    return with_drills(content, memo) if drills else content, problems


def check_languages(project: Project, content: Content, languages: Sequence[str], problems: Problems,
                    memo: Memo | None = None) -> Checked:
    """Check the catalogs and lessons of ``languages`` (each depends only on itself and the
    reference's lessons), adding to ``problems``; the result holds only these languages."""
    checked = Checked(content, {}, {}, {}, [])
    for lang in languages:
        catalog = _catalog(project, lang, content.settings.reference, problems, memo)
        checked.translations[lang] = catalog.translations
        if catalog.stats is not None:
            checked.catalogs[lang] = catalog.stats
        checked.words[lang] = Words(language(lang, memo), catalog.translations, markup=True, fingerprint=catalog.digest)
        checked.lessons[lang] = _check_lessons(project, content, lang, problems, memo)
        home = _check_home(project, content, lang, problems, memo)
        if home is not None:
            checked.homes[lang] = home
        check_avoided_words(content, [lang], problems, memo, project.locales)
    site = links.Site(content, checked.lessons, checked.homes)
    for lang in languages:
        home = checked.homes.get(lang)
        links.check_links(site, [*checked.lessons[lang], *([home] if home else [])], problems)
    return checked


def check_avoided_words(content: Content, languages: Sequence[str], problems: Problems,
                        memo: Memo | None = None, locales: Path | None = None) -> None:
    """Warn where the lessons and home page of ``languages`` use a word the term table asks
    to avoid (:func:`~plakoto_site.content.terms.check_words`): a language's own texts, in
    the reference's order (the reference's stand-ins are checked with the reference). It
    needs no catalog and no parsed text."""
    reference = content.reference
    for lang in languages:
        found = content.languages[lang]
        for slug in reference.lessons:
            lesson = found.lessons.get(slug)
            if lesson is not None:
                check_words(lesson, content.terms, problems, memo)
                check_front_matter(lesson, content.terms, problems)
        if found.home is not None:
            check_words(found.home, content.terms, problems, memo)
        if locales is not None and lang != content.settings.reference:
            check_catalog_words(catalog_path(locales, lang), lang, content.terms, problems, memo)


def check_catalog_words(path: Path, lang: str, terms: list[Term], problems: Problems,
                        memo: Memo | None = None) -> None:
    """The words to avoid in a catalog's translations, each at its msgstr's line; found
    once per text of the file and of the table in ``memo``."""
    try:
        data = path.read_bytes()
    except OSError:
        return
    table = tuple((t.id, tuple(t.avoid.get(lang, ())), tuple(t.words.get(lang, ()))) for t in terms)

    def find() -> list[tuple[int, str, Term]]:
        po = read_strictly(data, path, Problems(problems.root), lang)  # its mistakes: with the catalog's
        if po is None:
            return []
        texts = [(entry.string_lines[index], text) for entry in po.entries.values() if entry.id
                 for index, text in entry.strings.items() if text]
        return avoided_in(lang, texts, terms)

    found = remembered(memo, "catalog words", (path.as_posix(), lang, data, table), find)
    warn_avoided(path, lang, found, problems, " (in an interface text)")


def _catalog(project: Project, lang: str, reference: str, problems: Problems, memo: Memo | None) -> LanguageCatalog:
    """A language's catalog, read, checked and compiled once per text of its PO file in
    ``memo`` (``serve`` rebuilds without compiling the catalogs again); its problems are
    reported on every build."""
    path = catalog_path(project.locales, lang)
    text = path.read_bytes() if lang != reference and path.is_file() else b""

    def read() -> tuple[LanguageCatalog, list[Problem]]:
        found = Problems(project.root)
        return language_catalog(project.locales, lang, reference, found), found.items

    catalog, found = remembered(memo, "catalogs", (path.as_posix(), lang, reference, text), read)
    problems.items.extend(found)
    return catalog


def verdict(checked: Checked, problems: Problems) -> Checked:
    """Raise :class:`ContentError` with every problem when any is an error; else the
    warnings go with ``checked``."""
    if problems.errors:
        raise ContentError(problems.errors + problems.warnings)
    checked.warnings = problems.warnings
    return checked


def _check_lessons(
    project: Project, content: Content, lang: str, problems: Problems, memo: Memo | None
) -> list[CheckedLesson]:
    """A language's lessons in the reference's order; English stands in for a missing one."""
    reference, found = content.reference, content.languages[lang]
    for slug, lesson in found.lessons.items():
        if slug not in reference.lessons:
            problems.error(lesson.path, 1, f"there is no English lesson {slug!r} for this translation",
                           f"name the file after the English lesson it translates (content/{reference.lang}/…)",
                           Code.NOT_FOUND)
    checked = []
    for slug, english in reference.lessons.items():
        translated = found.lessons.get(slug)
        if translated is None:
            # The English page stands in; its problems were reported with English.
            tokens = check_lesson(english, content.diagrams, Problems(project.root), content.exercises, memo)
            checked.append(CheckedLesson(lang, english, tokens, fallback=True))
            continue
        tokens = check_lesson(translated, content.diagrams, problems, content.exercises, memo)
        if lang == reference.lang:
            check_heading_ids(english, tokens, problems)
        else:
            check_translation(english, translated, tokens, problems, memo)
            copied_from(translated, _copy_sources(project, content, lang, slug), problems)
        checked.append(CheckedLesson(lang, translated, tokens, fallback=False))
    return checked


def _copy_sources(project: Project, content: Content, lang: str, slug: str) -> list[Lesson]:
    """The other translations of ``slug`` that ``lang``'s could have been copied from: of two
    with the same text, the copy is the one never marked in its own language (no
    ``locales/<lang>/marked-english/``), or else the later language of the site."""
    def marked(code: str) -> bool:
        return (project.locales / code / "marked-english" / f"{slug}.md").with_suffix(".json").is_file()

    order = list(content.languages)
    sources = []
    for other in order:
        lesson = content.languages[other].lessons.get(slug)
        if other in (lang, content.settings.reference) or lesson is None:
            continue
        if marked(lang) and (not marked(other) or order.index(other) > order.index(lang)):
            continue
        sources.append(lesson)
    return sources


def _check_home(
    project: Project, content: Content, lang: str, problems: Problems, memo: Memo | None
) -> CheckedLesson | None:
    """The home page's text; the reference's stands in (checked with the reference)."""
    reference, home = content.reference.home, content.languages[lang].home
    if home is None:
        if reference is None:
            return None
        tokens = check_lesson(reference, content.diagrams, Problems(project.root), memo=memo)
        return CheckedLesson(lang, reference, tokens, fallback=True)
    tokens = check_lesson(home, content.diagrams, problems, memo=memo)
    if lang != content.settings.reference and reference is not None:
        check_translation(reference, home, tokens, problems, memo)
    return CheckedLesson(lang, home, tokens, fallback=False)


def check_assets(project: Project, problems: Problems) -> None:
    """The files every site carries (stylesheet, scripts, icon) must be there."""
    for name in ASSETS:
        path = project.asset(name)
        if not path.is_file():
            problems.error(path, 0, "this file of the site is missing",
                           f"restore it (git checkout templates/assets/{name}); every page needs it", Code.NOT_FOUND)


def check_translation(
    english: Lesson, translated: Lesson, tokens: list[Token], problems: Problems, memo: Memo | None = None
) -> None:
    """What a translation must keep of its English lesson (see :mod:`plakoto_site.i18n.parity`).
    The findings are kept in ``memo`` by both lessons (``make serve`` compares again only
    the translations of a lesson edited, and the lessons edited)."""
    def compare() -> list[Problem]:
        found = Problems(problems.root)
        english_tokens = parsed(english.body, memo)
        check_structure_keys(english, translated, found)
        check_parity(english, english_tokens, translated, tokens, found)
        check_same_as_english(english, english_texts(english, memo), translated, tokens, found)
        return found.items

    problems.items.extend(remembered(memo, "translations compared", (problems.root, english, translated), compare))


def english_texts(english: Lesson, memo: Memo | None = None) -> Mapping[str, int]:
    """The English lesson's blocks of text by line (:func:`~plakoto_site.i18n.parity.text_lines`),
    found once in ``memo`` for all its translations."""
    return remembered(memo, "English texts", english, lambda: text_lines(english, parsed(english.body, memo)))
