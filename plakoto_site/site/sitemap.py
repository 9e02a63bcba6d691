"""For search engines: ``sitemap.xml`` with every language of each page, and ``robots.txt``."""

from __future__ import annotations

from collections.abc import Iterator

from markupsafe import escape

from .context import Site
from .drills import drill_slugs
from .urls import page_url


def sitemap(site: Site) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    slugs: list[str | None] = [None, *site.checked.content.reference.lessons]
    if site.checked.content.exercises:
        slugs += ["practice", *drill_slugs(site)]
    slugs.append("play")
    for slug in slugs:
        present = [lang.code for lang in site.published if site.translated(lang.code, slug)]
        for lang in present:
            lines.append(f"  <url><loc>{escape(site.base_url + page_url(lang, slug))}</loc>")
            for other in present:
                url = escape(site.base_url + page_url(other, slug))
                lines.append(f'    <xhtml:link rel="alternate" hreflang="{other}" href="{url}"/>')
            url = escape(site.base_url + page_url(site.reference, slug))
            lines.append(f'    <xhtml:link rel="alternate" hreflang="x-default" href="{url}"/>')
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def search_files(site: Site) -> Iterator[tuple[str, bytes]]:
    yield "sitemap.xml", sitemap(site).encode()
    yield "robots.txt", f"User-agent: *\nAllow: /\nSitemap: {site.base_url}sitemap.xml\n".encode()
