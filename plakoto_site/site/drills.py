"""The drill pages: each kind of drill a few at a time, ``<lang>/practice/drills/<kind>/<n>/``,
with links to the page before and after and back to the Practice page, which lists them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from plakoto_site.content.drills import KINDS, Drill
from plakoto_site.render.drills import drill_name, drill_summary, drill_texts
from plakoto_site.render.exercises import exercise_html

from .context import Site
from .urls import page_path, relative

Page = tuple[str, bytes]
PER_PAGE = 5
"""Drills on one page."""


def drill_slug(kind: str, page: int) -> str:
    return f"practice/drills/{kind}/{page}"


def drill_slugs(site: Site) -> list[str]:
    """Every drill page, in order: the sitemap lists them."""
    return [drill_slug(kind, page) for kind in KINDS for page in range(1, page_count(site, kind) + 1)]


def page_count(site: Site, kind: str) -> int:
    return -(-len(site.checked.content.drills.get(kind, ())) // PER_PAGE)


def drills_on(site: Site, kind: str, page: int) -> Sequence[Drill]:
    return site.checked.content.drills[kind][(page - 1) * PER_PAGE:page * PER_PAGE]


def drill_index(site: Site, lang: str, path: str) -> list[dict[str, object]]:
    """What the Practice page shows of the drills: each kind's name, its sentence, and its
    pages with the ids of their drills (for the ticks of pages solved)."""
    words = site.checked.words[lang]
    kinds: list[dict[str, object]] = []
    for kind in KINDS:
        pages = [{"number": words.number(page), "href": relative(path, page_path(lang, drill_slug(kind, page))),
                  "ids": [drill.id for drill in drills_on(site, kind, page)]}
                 for page in range(1, page_count(site, kind) + 1)]
        if pages:
            kinds.append({"kind": kind, "name": drill_name(kind, words), "summary": drill_summary(kind, words),
                          "href": pages[0]["href"], "pages": pages,
                          "ids": [drill.id for drill in site.checked.content.drills[kind]]})
    return kinds


def drill_pages(site: Site, languages: Sequence[str]) -> Iterator[Page]:
    for lang in languages:
        for kind in KINDS:
            for page in range(1, page_count(site, kind) + 1):
                yield drill_page(site, lang, kind, page)


def drill_page(site: Site, lang: str, kind: str, page: int) -> Page:
    """One page of drills, kept in the build state by all it shows: ``serve`` rebuilds
    it only when a template, the catalog or a link around it changed."""
    path = page_path(lang, drill_slug(kind, page))
    common = site.common(lang, drill_slug(kind, page), path)
    return path, site.kept_page("drill pages", lang, path, common, lambda: _drill_page(site, lang, kind, page, path, common),
                                tuple(drill.exercise.digest for drill in drills_on(site, kind, page)), page_count(site, kind))


def _drill_page(site: Site, lang: str, kind: str, page: int, path: str, common: dict[str, object]) -> str:
    words = site.checked.words[lang]
    translations = site.checked.translations[lang]
    first = (page - 1) * PER_PAGE
    exercises = [exercise_html(drill.exercise, drill_texts(drill, words), words, first + number, site.templates,
                               site.cache)
                 for number, drill in enumerate(drills_on(site, kind, page), start=1)]
    pages = page_count(site, kind)

    def link(other: int) -> str | None:
        return relative(path, page_path(lang, drill_slug(kind, other))) if 1 <= other <= pages else None

    common = {**common, **site.exercise_scripts(path, (drill.exercise for drill in drills_on(site, kind, page)))}
    html = site.templates.render(
        "drills.html", translations, **common,
        title=drill_name(kind, words),
        summary=drill_summary(kind, words),
        page=words.number(page),
        pages=words.number(pages),
        exercises=exercises,
        ids=[drill.id for drill in drills_on(site, kind, page)],
        previous=link(page - 1),
        next=link(page + 1),
        previous_number=words.number(page - 1),
        next_number=words.number(page + 1),
        practice=relative(path, page_path(lang, "practice")) + "#drills",
    )
    return html
