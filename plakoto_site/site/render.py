"""Render: every file of the site, in memory, one generator per kind of output."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .context import Site
from .embeds import embed_links, embed_pages, find_embeds, gallery_pages, oembed_document
from .pages import asset_files, home_pages, lesson_pages, play_pages, practice_pages, root_pages
from .sitemap import search_files


def render(site: Site, languages: Sequence[str] | None = None, shared: bool = True) -> dict[str, bytes]:
    """The site's files by name, sorted: the pages and embeds of ``languages`` (every
    language by default) and, with ``shared``, what belongs to no language: the front
    page, the sitemap and the assets. A language's files depend on nothing rendered for
    another, so languages can be rendered apart (see :func:`~plakoto_site.site.build.build`)."""
    chosen = [language.code for language in site.languages] if languages is None else list(languages)
    embeds = find_embeds(site)
    generators = [
        home_pages(site, chosen),
        lesson_pages(site, partial(embed_links, site, embeds), chosen),
        practice_pages(site, chosen),
        play_pages(site, chosen),
        embed_pages(site, embeds, chosen),
        gallery_pages(site, embeds, chosen),
    ]
    if shared:
        generators += [root_pages(site), search_files(site), asset_files(site), oembed_document(site, embeds)]
    files = {name: data for generator in generators for name, data in generator}
    return dict(sorted(files.items()))
