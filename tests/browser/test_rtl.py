"""Adding a language: a test-only fifth language written right to left (Arabic, the home
of mahbusa), with no lessons and no catalog yet — every page builds from English fallbacks."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def boxes(page: Page) -> dict[str, float]:
    found: dict[str, float] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('figure .controls button')].map(
            b => [b.dataset.action, b.getBoundingClientRect().x]))"""
    )
    return found


def board_points(page: Page) -> list[object]:
    """Each shape as drawn (the points and their numbers, the checkers), with its x
    relative to the board."""
    drawn: list[object] = page.evaluate(
        """() => { const svg = document.querySelector('figure .frame:not([hidden]) svg.board');
                   const left = svg.getBoundingClientRect().x;
                   // the points, their numbers and the checkers inherit the board's direction
                   return [getComputedStyle(svg).direction, ...[...svg.querySelectorAll('polygon, text, circle')].map(
                       e => [e.getAttribute('class'), e.textContent,
                             Math.round(e.getBoundingClientRect().x - left)])]; }"""
    )
    return drawn


def test_right_to_left_language_mirrors_the_page_not_the_board(page: Page, arabic: str) -> None:
    page.goto(arabic + "ar/pinning/index.html")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "ar"
    assert page.locator(".notice").count() == 0  # this lesson is translated
    rtl_buttons = boxes(page)
    assert rtl_buttons["first"] > rtl_buttons["prev"] > rtl_buttons["next"] > rtl_buttons["last"]
    rtl_board = board_points(page)
    assert rtl_board[0] == "ltr" and len(rtl_board) > 10  # the frame, the checkers, the marks
    # The arrow keys follow the reading direction: ArrowLeft goes forward.
    page.locator("figure .view").focus()
    page.keyboard.press("ArrowLeft")
    assert page.locator("figure").get_attribute("data-step") == "1"
    page.keyboard.press("ArrowRight")
    assert page.locator("figure").get_attribute("data-step") == "0"

    page.goto(arabic + "en/pinning/index.html")
    assert page.locator("html").get_attribute("dir") == "ltr"
    ltr_buttons = boxes(page)
    assert ltr_buttons["first"] < ltr_buttons["prev"] < ltr_buttons["next"] < ltr_buttons["last"]
    assert board_points(page) == rtl_board  # the board is drawn the same way


def test_every_page_of_the_new_language_builds_with_fallbacks(page: Page, arabic: str) -> None:
    page.goto(arabic + "ar/index.html")
    assert page.locator("html").get_attribute("dir") == "rtl"
    links = page.locator(".toc a")
    assert links.count() == 2
    assert links.nth(0).get_attribute("lang") is None  # translated
    assert links.nth(1).get_attribute("lang") == "en"  # the English fallback
    page.goto(arabic + "ar/moving/index.html")
    notice = page.locator(".notice")
    assert "not translated yet" in (notice.text_content() or "")  # no Arabic catalog: English UI
    assert page.locator(".lesson-body").get_attribute("dir") == "ltr"  # English reads left to right
    # A fallback page is not an Arabic page: it offers no alternates at all.
    assert page.locator("link[rel=alternate]").count() == 0
