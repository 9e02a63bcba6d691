"""Render: every file of the site, in memory, one generator per kind of output; a template
that cannot be rendered is reported as a problem of the content, with its file and line."""

from __future__ import annotations

import traceback
from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path

from jinja2 import TemplateError

from plakoto_site.content.problems import Code, ContentError, Problem

from .context import Site
from .drills import drill_pages
from .embeds import (
    embed_links,
    embed_pages,
    find_embeds,
    gallery_pages,
    oembed_documents,
    oembed_index,
    view_pages,
)
from .files import Content, joined
from .pages import (
    asset_files,
    editor_pages,
    home_pages,
    lesson_pages,
    play_pages,
    practice_pages,
    root_pages,
)
from .sitemap import search_files


def render(site: Site, languages: Sequence[str] | None = None, shared: bool = True) -> dict[str, bytes]:
    """The site's files by name, sorted (see :func:`each_file`), each whole."""
    return dict(sorted((name, joined(content)) for name, content in each_file(site, languages, shared)))


def each_file(site: Site, languages: Sequence[str] | None = None, shared: bool = True) -> Iterator[tuple[str, Content]]:
    """The site's files, one at a time as they are rendered (a build writes each as it
    comes and keeps none): the pages and embeds of ``languages`` (every language by
    default) and, with ``shared``, what belongs to no language: the front page, the
    sitemap and the assets. A file comes whole or in pieces made as they are written (a
    page with a long diagram), each file's before the next file is asked for. A language's files depend on nothing rendered for another, so
    languages can be rendered apart (see :func:`~plakoto_site.site.build.write_site`)."""
    chosen = [language.code for language in site.languages] if languages is None else list(languages)
    try:
        embeds = find_embeds(site, chosen)
        for lang in chosen:  # one language after the other: each lets go of its frames when done
            one = [lang]
            for generator in (
                home_pages(site, one),
                lesson_pages(site, partial(embed_links, site, embeds), one),
                practice_pages(site, one),
                drill_pages(site, one),
                play_pages(site, one),
                editor_pages(site, one),
                embed_pages(site, embeds, one),
                gallery_pages(site, embeds, one),
                view_pages(site, one),
                oembed_documents(site, embeds, one),
            ):
                for name, content in generator:
                    yield name, content if isinstance(content, bytes) else _reported(site, content)
            site.cache.language_done()
        if shared:
            for generator in (root_pages(site), search_files(site), asset_files(site), oembed_index(site)):
                yield from generator
    except TemplateError as error:
        raise ContentError([template_problem(site.project.root, error)]) from None


def _reported(site: Site, pieces: Iterable[bytes]) -> Iterator[bytes]:
    """A file's pieces, a template's mistake met while making them reported as above."""
    try:
        yield from pieces
    except TemplateError as error:
        raise ContentError([template_problem(site.project.root, error)]) from None


def template_problem(root: Path, error: TemplateError) -> Problem:
    """Where in which template: Jinja puts template lines into the traceback."""
    where, line = "templates", 0
    filename = getattr(error, "filename", None)
    if filename:
        where, line = filename, getattr(error, "lineno", 0) or 0
    else:
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename.endswith(".html"):
                where, line = frame.filename, frame.lineno or 0
    path = Path(where)
    if path.is_absolute() and path.is_relative_to(root):
        where = path.relative_to(root).as_posix()
    return Problem(where, line, f"template error: {error.message or error}",
                   "check the name in the template against the names the pipeline passes",
                   code=Code.TEMPLATE)
