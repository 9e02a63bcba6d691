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
    slugs += ["play", "editor"]
    front = [lang.code for lang in site.published]
    # The root page chooses a language: it is the front pages' x-default, as in their heads.
    lines += _entry(site, site.base_url, front, None, site.base_url)
    for slug in slugs:
        present = [lang.code for lang in site.published if site.translated(lang.code, slug)]
        default = site.base_url if slug is None else site.base_url + page_url(site.reference, slug)
        for lang in present:
            lines += _entry(site, site.base_url + page_url(lang, slug), present, slug, default)
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def _entry(site: Site, loc: str, languages: list[str], slug: str | None, default: str) -> list[str]:
    """One ``<url>``: its address, the same page in each of ``languages``, and x-default."""
    lines = [f"  <url><loc>{escape(loc)}</loc>"]
    for other in languages:
        url = escape(site.base_url + page_url(other, slug))
        lines.append(f'    <xhtml:link rel="alternate" hreflang="{other}" href="{url}"/>')
    lines.append(f'    <xhtml:link rel="alternate" hreflang="x-default" href="{escape(default)}"/>')
    lines.append("  </url>")
    return lines


def search_files(site: Site) -> Iterator[tuple[str, bytes]]:
    yield "sitemap.xml", sitemap(site).encode()
    yield "robots.txt", f"User-agent: *\nAllow: /\nSitemap: {site.base_url}sitemap.xml\n".encode()
