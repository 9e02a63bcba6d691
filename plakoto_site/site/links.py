"""Every link a lesson's text carries goes somewhere: to a page of the site (in any
language, a page English stands in for included) and, with a ``#fragment``, to an id on
that page. A broken one is ``content/xx/lesson.md:LINE: link to … goes nowhere — did you
mean …?``, found at ``check`` as at ``build``, before anything is written."""

from __future__ import annotations

import difflib
import posixpath
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from plakoto_site.content.markdown import DIAGRAM_TOKEN, EXERCISE_TOKEN
from plakoto_site.content.problems import Code, Problems
from plakoto_site.content.site import CheckedLesson, Content

from .project import ASSETS
from .urls import is_external, page_path, relative

PAGE_IDS = frozenset({"main", "lessons", "more", "drills", "record", "play-data"})
"""Ids the page layouts themselves give (templates/*.html)."""
BUILT = ("play", "practice", "embed", "editor")
"""Pages of each language the build makes itself, beside the lessons."""


@dataclass(frozen=True, slots=True)
class Link:
    href: str
    line: int


def page_ids(tokens: Sequence[Token]) -> set[str]:
    """The ids a lesson page carries: its headings', its diagrams' and exercises'."""
    ids = set(PAGE_IDS)
    for token in tokens:
        if token.type == "heading_open" and token.attrGet("id"):
            ids.add(str(token.attrGet("id")))
        elif token.type == DIAGRAM_TOKEN:
            ids.add(token.meta["placement"].diagram)
        elif token.type == EXERCISE_TOKEN:
            exercise = token.meta["exercise"]
            name = getattr(exercise, "name", None) or getattr(exercise, "id", None)
            if name:
                ids.update({str(name), f"exercise-{name}", f"x-{name}"})
    return ids


def links(checked: CheckedLesson) -> Iterator[Link]:
    """Every link (and picture) of the lesson's text, with the line it is on."""
    lines = checked.lesson.body.split("\n")
    for token in checked.tokens:
        if token.type != "inline" or token.map is None or not token.children:
            continue
        start, end = token.map
        for child in token.children:
            if child.type not in ("link_open", "image"):
                continue
            href = str(child.attrGet("href" if child.type == "link_open" else "src") or "")
            at = next((i for i in range(start, end) if href and href in lines[i]), start)
            yield Link(href, checked.lesson.body_line + at)


class Site:
    """The files and ids of the site as the build will make them, for links to be checked."""

    def __init__(self, content: Content, pages: dict[str, list[CheckedLesson]],
                 homes: dict[str, CheckedLesson]) -> None:
        self.files: set[str] = set()
        self.ids: dict[str, set[str]] = {}
        reference = content.reference
        self.files.update({"index.html", "404.html", "sitemap.xml", *(f"assets/{name}" for name in ASSETS)})
        for lang in content.languages:
            self.files.add(page_path(lang))
            self.files.update(f"{lang}/embed/{name}/index.html" for name in content.diagrams)
            self.files.update(page_path(lang, name) for name in BUILT)
            self.files.update(page_path(lang, slug) for slug in reference.lessons)
            if lang in homes:
                self.ids[page_path(lang)] = page_ids(homes[lang].tokens)
            for lesson in pages.get(lang, []):
                self.ids[page_path(lang, lesson.lesson.slug)] = page_ids(lesson.tokens)

    def problem(self, source: str, href: str) -> tuple[str, str] | None:
        """What is wrong with ``href`` on the page ``source``, and a suggestion; ``None``
        when it goes somewhere (or leaves the site)."""
        if is_external(href) and not href.startswith("#"):
            return None
        path, _, fragment = href.partition("#")
        target = posixpath.normpath(posixpath.join(posixpath.dirname(source), path)) if path else source
        if target.endswith("/") or path.endswith("/") or (path and "." not in posixpath.basename(target)):
            target = posixpath.join(target, "index.html")
        if target not in self.files:
            guess = self._page_for(fragment, source) if fragment else None
            guess = guess or next(iter(difflib.get_close_matches(target, sorted(self.files), 1, 0.6)), None)
            return "goes nowhere", self._suggest(source, guess, fragment)
        ids = self.ids.get(target)
        if not fragment or ids is None or fragment in ids:
            return None
        near = difflib.get_close_matches(fragment, sorted(ids - PAGE_IDS), 1, 0.6)
        elsewhere = self._page_for(fragment, source)
        if near:
            return "goes to no place on that page", self._suggest(source, target, near[0])
        if elsewhere is None:
            return "goes to no place on that page", ("the part after # must be the id of a heading on that page "
                                                     "(the {#id} at the end of the heading)")
        return "goes to no place on that page", self._suggest(source, elsewhere, fragment)

    def _page_for(self, fragment: str, source: str) -> str | None:
        """The one page of ``source``'s language with the id ``fragment``, if just one has it."""
        lang = source.split("/", 1)[0]
        found = [page for page, ids in self.ids.items() if page.startswith(f"{lang}/") and fragment in ids
                 and fragment not in PAGE_IDS]
        return found[0] if len(found) == 1 else None

    @staticmethod
    def _suggest(source: str, target: str | None, fragment: str) -> str:
        if target is None:
            return "link to a page of the site, as the English lesson does"
        link = relative(source, target)
        if "/" not in link and posixpath.dirname(source).count("/"):  # the page itself, as lessons link
            link = f"../{posixpath.basename(posixpath.dirname(target))}/{link}"
        return f"did you mean {link}{f'#{fragment}' if fragment else ''}?"


def check_links(site: Site, pages: Iterable[CheckedLesson], problems: Problems) -> None:
    """Each link of each page (translations and the reference; pages English stands in for
    were checked with English) that goes nowhere, as an error at its line."""
    for checked in pages:
        if checked.fallback:
            continue
        slug = None if checked.lesson.path.stem == "_home" else checked.lesson.slug
        source = page_path(checked.lang, slug)
        for link in links(checked):
            found = site.problem(source, link.href)
            if found is not None:
                why, hint = found
                problems.error(checked.lesson.path, link.line, f"link to {link.href} {why}", hint, Code.NOT_FOUND)
