"""``sitemap.xml`` both ways: every page a search engine should find is listed, every listed
address is an indexable page, and each entry's alternates are the ones its page's head gives
(``x-default`` the reference page, or the root page that chooses a language)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from .conftest import MiniProject

BASE = "https://example.org/plakoto/"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def head(page: Path) -> tuple[str, bool, dict[str, str]]:
    """A page's canonical address, whether it says noindex, and its hreflang alternates."""
    html = page.read_text(encoding="utf-8")
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', html)
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', html))
    return canonical.group(1) if canonical else "", 'content="noindex"' in html, alternates


def entries(site: MiniProject) -> dict[str, dict[str, str]]:
    """Each ``<loc>`` with its alternates, hreflang → address."""
    root = ET.parse(site.root / "_site" / "sitemap.xml").getroot()
    return {
        url.findtext("s:loc", namespaces=NS) or "": {
            link.get("hreflang") or "": link.get("href") or "" for link in url.findall("x:link", NS)}
        for url in root.findall("s:url", NS)
    }


def built(project: MiniProject) -> dict[str, dict[str, str]]:
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    return entries(project)


def test_the_sitemap_lists_the_pages_written_out_by_hand(project: MiniProject) -> None:
    # The mini project: two languages, the root page that chooses one, the front pages, the
    # lessons (Moving has no Russian text: its Russian page is English, so not listed), and
    # the play page and the board editor.
    assert set(built(project)) == {BASE + page for page in (
        "", "en/", "ru/", "en/pinning/", "ru/pinning/", "en/moving/", "en/play/", "ru/play/", "en/editor/", "ru/editor/")}


def test_every_listed_address_is_an_indexable_page_with_the_same_alternates(project: MiniProject) -> None:
    listed = built(project)
    for url, alternates in listed.items():
        page = project.root / "_site" / url.removeprefix(BASE) / "index.html"
        canonical, noindex, in_head = head(page)
        assert (canonical, noindex) == (url, False), url
        assert in_head == alternates, url


def test_the_sitemaps_x_default_is_the_reference_page(project: MiniProject) -> None:
    alternates = built(project)
    assert alternates[BASE + "ru/pinning/"] == {
        "en": BASE + "en/pinning/", "ru": BASE + "ru/pinning/", "x-default": BASE + "en/pinning/"}
    assert alternates[BASE + "ru/play/"]["x-default"] == BASE + "en/play/"
    assert alternates[BASE + "en/moving/"] == {"en": BASE + "en/moving/", "x-default": BASE + "en/moving/"}
    assert alternates[BASE + "ru/"] == {"en": BASE + "en/", "ru": BASE + "ru/", "x-default": BASE}
