"""Nothing moves when a page's script starts: what the script writes first already has its
place in the page, so a reader on a slow phone does not see the text jump under a finger.

Each page is loaded twice at the same size: once with its script refused by the network
(JavaScript on, so the page is laid out as the script will find it), once whole; the
tops of what comes after the script's first lines are the same in both."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BuiltSite

pytestmark = pytest.mark.browser


def tops(page: Page, selectors: list[str]) -> dict[str, float]:
    found = {}
    for selector in selectors:
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        found[selector] = round(box["y"], 1)
    return found


def laid_out(browser: Browser, url: str, width: int, script: str | None, ready: str,
             selectors: list[str]) -> dict[str, float]:
    """The tops of ``selectors`` on the page at ``url``, ``width`` pixels wide, with the
    asset ``script`` refused (``None``: the whole page, once ``ready`` is visible)."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    try:
        if script is not None:
            page.route(f"**/assets/{script}*", lambda route: route.abort())
        page.goto(url)
        if script is None:
            expect(page.locator(ready)).to_be_visible()
        return tops(page, selectors)
    finally:
        context.close()


PRACTICE = ["h2#drills", "ul.drill-kinds"]
PLAY = [".game-board", ".game-controls", ".game-feedback", ".game-rule", ".game-settings"]


@pytest.mark.parametrize("lang", ["en", "ru", "el", "uk"])
@pytest.mark.parametrize("width", [360, 1280])
def test_the_practice_count_moves_nothing(browser: Browser, site: BuiltSite, lang: str, width: int) -> None:
    url = f"{site.url}{lang}/practice/index.html"
    before = laid_out(browser, url, width, "exercise.js", ".progress", PRACTICE)
    after = laid_out(browser, url, width, None, ".progress", PRACTICE)  # shown once counted
    assert after == before


@pytest.mark.parametrize("lang", ["en", "ru", "el", "uk"])
@pytest.mark.parametrize("width", [360, 1280])
def test_the_play_page_moves_nothing_when_its_script_starts(browser: Browser, site: BuiltSite, lang: str,
                                                         width: int) -> None:
    url = f"{site.url}{lang}/play/index.html"
    before = laid_out(browser, url, width, "play.js", "", PLAY)
    after = laid_out(browser, url, width, None, '[data-action="roll"]:enabled', PLAY)
    assert after == before


@pytest.mark.parametrize("width", [360, 1280])
def test_the_editor_keeps_its_footer_below_the_first_screen(browser: Browser, site: BuiltSite, width: int) -> None:
    """The editor is drawn by its script: until then the page keeps a screen's height, so
    the footer is never seen in the first screen and then pushed away (a layout shift of
    0.27 in Lighthouse, before)."""
    url = f"{site.url}en/editor/index.html"
    before = laid_out(browser, url, width, "editor.js", "", ["footer"])
    after = laid_out(browser, url, width, None, "[data-plakoto-editor]", ["footer"])
    assert before["footer"] >= 800 and after["footer"] >= 800, (before, after)


def test_without_javascript_the_practice_count_and_the_match_are_not_shown(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{site.url}el/practice/index.html")
        expect(page.locator("[data-progress]")).to_be_hidden()
        expect(page.locator("ul.drill-kinds")).to_be_visible()
        page.goto(f"{site.url}el/play/index.html")
        expect(page.locator("[data-score]")).to_be_hidden()
        expect(page.locator("[data-feedback]")).to_be_hidden()
        expect(page.locator(".game-board")).to_be_visible()
    finally:
        context.close()
