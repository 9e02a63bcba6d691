"""The frame on a 360 × 740 phone: diagram buttons that stay under the thumb, a header of
at most 64 px on every kind of page, and the progress map on the home and Practice pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import BuiltSite

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


@pytest.fixture()
def phone(browser: Browser) -> BrowserContext:  # type: ignore[misc]
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    yield context
    context.close()


@pytest.mark.parametrize("lesson", ["pinning", "bearing-off"])  # lessons 4 and 6
def test_next_stays_under_the_thumb_on_every_diagram(phone: BrowserContext, site: BuiltSite, lesson: str) -> None:
    page = phone.new_page()
    page.goto(f"{site.url}en/{lesson}/index.html")
    figures = page.locator("figure[data-plakoto-diagram].js-stepper")
    assert figures.count() >= 3
    for i in range(figures.count()):
        figure = figures.nth(i)
        figure.evaluate("f => window.scrollTo(0, f.getBoundingClientRect().top + window.scrollY - 8)")
        box = figure.locator("button[data-action='next']").bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        # the board, the first line of the caption and the buttons on one screen
        board = figure.locator(".frame:not([hidden]) .frame-board").bounding_box()
        line = figure.locator(".frame:not([hidden]) .frame-text").bounding_box()
        assert board is not None and line is not None
        assert board["y"] >= 0 and box["y"] + box["height"] <= 740 and line["y"] + 24 <= 740, (lesson, i)
        steps = int(figure.get_attribute("data-steps") or "0")
        for step in range(1, min(5, steps - 1) + 1):
            page.mouse.click(x, y)  # the same spot each time
            expect(figure).to_have_attribute("data-step", str(step))
        assert steps > 1


def test_a_swipe_on_the_board_still_steps(phone: BrowserContext, site: BuiltSite) -> None:
    page = phone.new_page()
    page.goto(f"{site.url}en/pinning/index.html")
    figure = page.locator("figure[data-plakoto-diagram].js-stepper").first
    figure.scroll_into_view_if_needed()
    view = figure.locator(".view")
    view.dispatch_event("pointerdown", {"pointerType": "touch", "clientX": 250, "clientY": 300, "pointerId": 7})
    view.dispatch_event("pointerup", {"pointerType": "touch", "clientX": 120, "clientY": 305, "pointerId": 7})
    expect(figure).to_have_attribute("data-step", "1")


PAGE_KINDS = ["en/index.html", "ru/index.html", "el/pinning/index.html", "uk/bearing-off/index.html",
              "el/practice/index.html", "ru/practice/drills/pips/1/index.html", "el/play/index.html",
              "uk/glossary/index.html", "el/embed/index.html", "ru/questions/index.html"]


@pytest.mark.parametrize("name", PAGE_KINDS)
def test_the_header_is_one_short_line_on_a_phone(phone: BrowserContext, site: BuiltSite, name: str) -> None:
    page = phone.new_page()
    page.goto(site.url + name)
    height = page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height")
    assert height <= 64, (name, height)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the languages open from one control, without JavaScript too (a <details>)
    page.locator(".languages summary").click()
    other = page.locator(".languages a:not([aria-current])").first
    expect(other).to_be_visible()


def test_the_languages_open_without_javascript(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False, **PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(site.url + "en/moving/index.html")
        page.locator(".languages summary").click()
        page.locator(".languages a[hreflang='ru']").click()
        expect(page).to_have_url(f"{site.url}ru/moving/index.html")
    finally:
        context.close()


def solve_two_and_a_drill(page: Page, site: BuiltSite, lang: str) -> list[str]:
    """Solve lesson 7's two exercises and the first pip drill; their ids."""
    page.goto(f"{site.url}{lang}/scoring/index.html")
    double = page.locator("[data-plakoto-exercise='double-game']")
    double.locator("input[value='white-2']").check()
    double.locator("button[type=submit]").click()
    expect(double).to_have_attribute("data-state", "solved")
    pips = page.locator("[data-plakoto-exercise='count-pips']")
    pips.locator("input[type=number]").fill("7")  # 23x2 and 24x3 in Black's numbering: 4 + 3
    pips.locator("button[type=submit]").click()
    expect(pips).to_have_attribute("data-state", "solved")
    expect(page.locator(".lesson-count")).to_have_text(
        {"en": "2 of 2 exercises solved", "el": "Λυμένες ασκήσεις: 2 από 2"}[lang])
    drill = site.checked.content.drills["pips"][0]
    page.goto(f"{site.url}{lang}/practice/drills/pips/1/index.html")
    root = page.locator(f"[data-plakoto-exercise='{drill.id}']")
    root.locator("input[type=number]").fill(str(drill.exercise.answer))
    root.locator("button[type=submit]").click()
    expect(root).to_have_attribute("data-state", "solved")
    return ["double-game", "count-pips", drill.id]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_progress_map_shows_what_was_solved_after_a_reload(phone: BrowserContext, site: BuiltSite,
                                                               lang: str) -> None:
    page = phone.new_page()
    solved = solve_two_and_a_drill(page, site, lang)
    drills = sum(len(kind) for kind in site.checked.content.drills.values())
    lessons = len(site.checked.content.exercises)
    for where in ("index.html", "practice/index.html"):
        page.goto(f"{site.url}{lang}/{where}")
        page.reload()
        cells = page.locator("[data-progress-map] i[data-id]")
        expect(cells).to_have_count(lessons + drills)  # every lesson exercise and every drill
        expect(page.locator("[data-progress-map] i.on")).to_have_count(3)
        for id in solved:
            expect(page.locator(f"[data-progress-map] i[data-id='{id}']")).to_have_class("on")
        scoring = page.locator("[data-progress-map] li", has=page.locator("i[data-id='double-game']"))
        expect(scoring.locator(".pm-count")).to_have_text({"en": "2 of 2 solved", "el": "λυμένες 2 από 2"}[lang])
        # a lesson with nothing solved counts none of its exercises
        untouched = page.locator("[data-progress-map] li[data-ids]").filter(
            has=page.locator("i[data-id]"), has_not=page.locator("i.on")).first
        expect(untouched.locator(".pm-count")).to_have_text(
            re.compile({"en": r"^0 of \d+ solved$", "el": r"^λυμένες 0 από \d+$"}[lang]))
    # the Practice page's count takes in the drills
    sentence = site.checked.translations[lang].gettext("You have solved %(solved)s of %(total)s exercises in this browser.")
    expect(page.locator("[data-progress]")).to_have_text(sentence % {"solved": 3, "total": lessons + drills})
    # another language keeps its own record
    other = "ru" if lang == "en" else "uk"
    page.goto(f"{site.url}{other}/index.html")
    expect(page.locator("[data-progress-map] i.on")).to_have_count(0)
    # and the record can be cleared
    page.goto(f"{site.url}{lang}/index.html")
    page.locator("[data-action='clear-progress']").click()
    expect(page.locator("[data-progress-map] i.on")).to_have_count(0)
    page.reload()
    expect(page.locator("[data-progress-map] i.on")).to_have_count(0)


def test_the_home_page_shows_a_board_and_the_first_lesson(phone: BrowserContext, site: BuiltSite) -> None:
    page = phone.new_page()
    page.goto(f"{site.url}en/index.html")
    board = page.locator(".home-board svg")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box is not None and box["y"] + box["height"] < 740
    expect(page.locator(".start-link")).to_have_attribute("href", "board/index.html")


def test_an_exercise_board_takes_the_phones_width(phone: BrowserContext, site: BuiltSite) -> None:
    page = phone.new_page()
    page.goto(f"{site.url}en/moving/index.html")
    board = page.locator("[data-plakoto-exercise='make-a-point'] .xstatic svg")
    box = board.bounding_box()
    assert box is not None and box["width"] >= 355
    # the point numbers are drawn in the board's own units, which the board's width scales
    units = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.board .pt-num')).fontSize)")
    width = board.evaluate("svg => svg.viewBox.baseVal.width")
    assert units * box["width"] / width >= 11
