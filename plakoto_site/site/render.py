"""Render: every file of the site, in memory, one generator per kind of output."""

from __future__ import annotations

from functools import partial

from .context import Site
from .embeds import embed_links, embed_pages, find_embeds
from .pages import asset_files, home_pages, lesson_pages, practice_pages, root_pages
from .sitemap import search_files


def render(site: Site) -> dict[str, bytes]:
    """The whole site by file name, sorted: pages, embeds, front page, sitemap, assets."""
    embeds = find_embeds(site)
    generators = (
        home_pages(site),
        lesson_pages(site, partial(embed_links, site, embeds)),
        practice_pages(site),
        embed_pages(site, embeds),
        root_pages(site),
        search_files(site),
        asset_files(site),
    )
    files = {name: data for generator in generators for name, data in generator}
    return dict(sorted(files.items()))
