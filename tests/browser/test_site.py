"""Pages in a real browser: the language switcher, the sitemap, a phone's width, the folds.
(Each page's load, errors and axe: test_quality.py.)"""

from __future__ import annotations

import re
import tomllib

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request

from .conftest import REPO, BuiltSite

pytestmark = pytest.mark.browser

LANGUAGES = tuple(tomllib.loads((REPO / "content" / "site.toml").read_text(encoding="utf-8"))["languages"])


def watch(page: Page) -> list[str]:
    """Console errors, page errors and failed requests, as they happen."""
    problems: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            problems.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    def failed(request: Request) -> None:
        # Leaving a page cancels what it was still loading (the icon, fetched last): that is
        # the browser's doing; a missing file answers 404, below.
        if request.failure != "net::ERR_ABORTED":
            problems.append(f"request failed: {request.url} ({request.failure})")

    page.on("requestfailed", failed)
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    return problems


def test_language_switcher_keeps_the_lesson(page: Page, site: BuiltSite) -> None:
    languages = site.checked.content.settings.languages
    slug = next(iter(site.checked.content.reference.lessons))
    page.goto(f"{site.url}{languages[0]}/{slug}/index.html")
    for lang in languages[1:] + languages[:1]:
        page.locator(".languages summary").click()  # the languages fold into one control
        page.locator(f".languages a[hreflang='{lang}']").click()
        page.wait_for_load_state("load")
        assert page.url == f"{site.url}{lang}/{slug}/index.html"
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator(f".languages a[hreflang='{lang}']").get_attribute("aria-current") == "page"


def test_sitemap_lists_pages_that_exist(site: BuiltSite) -> None:
    sitemap = (site.folder / "sitemap.xml").read_text()
    urls = set(re.findall(r'(?:<loc>|href=")([^<"]+)', sitemap))
    assert urls
    for url in urls:
        path = url.removeprefix(site.url)
        assert (site.folder / path / "index.html").exists() or (site.folder / path).is_file(), url


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_a_360_pixel_phone(page: Page, site: BuiltSite, lang: str) -> None:
    """Each page of a language (the root's with the first) loaded on a phone's width: no
    wider than the screen, and no console error or failed request there either (the
    drill pages had a test of their own for that)."""
    problems = watch(page)
    page.set_viewport_size({"width": 360, "height": 740})
    wide = []
    names = [name for name in site.pages()
             if name.startswith(f"{lang}/") or ("/" not in name and lang == LANGUAGES[0])]
    assert names
    for name in names:
        if name.split("/")[1:2] == ["embed"] and name.count("/") == 3:
            continue  # an embed's own page (xx/embed/<diagram>/): sized to its frame, see test_embed.py
        page.goto(site.url + name)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide.append(f"{name}: {width}px")
    assert wide == []
    assert problems == []


def test_every_fold_shows_that_it_opens(page: Page, site: BuiltSite) -> None:
    # A summary laid out as flex loses the browser's triangle: ours is a chevron drawn by
    # the stylesheet, pointing sideways while closed and down once open.
    page.goto(site.url + "en/board/index.html")
    turns = """s => getComputedStyle(s, '::before').transform"""
    for selector in (".frame-words summary", ".xhint summary", "[data-goal=question] .xanswer summary"):
        summary = page.locator(selector).first
        closed = summary.evaluate(turns)
        assert closed not in ("none", ""), selector
        summary.evaluate("s => { s.parentElement.open = true; }")
        assert summary.evaluate(turns) != closed, selector


def test_a_phone_can_read_the_boards_numbers_and_pip_lines(browser: Browser, site: BuiltSite) -> None:
    # At 360 px the board is drawn at about half its size: its 15- and 16-unit letters came
    # out 8 pixels high. The stylesheet gives them more units there.
    context = browser.new_context(viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.goto(site.url + "en/pinning/index.html")
        shown = """([text, board]) => parseFloat(getComputedStyle(document.querySelector(text)).fontSize)
            * document.querySelector(board).getBoundingClientRect().width / 604"""
        for text, board in ((".pt-num", ".frame-board svg"), (".frame-board .info", ".frame-board svg"),
                            (".xstatic .info", ".xstatic svg")):
            assert page.evaluate(shown, [text, board]) >= 10, text
    finally:
        context.close()
