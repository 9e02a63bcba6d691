"""The drill pages in Chromium: a pip count answered wrong then right, a written play
judged both ways with the engine's reason shown, a legal play found on the board, the
pages' links, the ticks, the answer without JavaScript, and axe on each kind of page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from plakoto_site.engine import OFF, Side
from plakoto_site.site.drills import PER_PAGE

from .conftest import BuiltSite
from .test_exercises import path_to, play
from .test_quality import AXE, AXE_TAGS

pytestmark = pytest.mark.browser

PIPS = "en/practice/drills/pips/1/index.html"
LEGAL = "en/practice/drills/legal/1/index.html"


def answer(root: Locator, value: str) -> None:
    form = root.locator(".xquestion")
    number = form.locator("input[type=number]")
    if number.count():
        number.fill(value)
    else:
        form.locator(f"input[value='{value}']").check()
    form.locator("button[type=submit]").click()


def test_a_pip_count_answered_wrong_then_right(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + PIPS)
    root = page.locator("[data-plakoto-exercise='drill-pips-1']")
    expect(root.locator(".xprompt")).to_have_text("How many pips does White have?")
    answer(root, "134")
    expect(root).to_have_attribute("data-state", "illegal")
    # White has 135: 134 is one pip short, the checker on point 1
    expect(root.locator("[data-feedback]")).to_have_text("134 is one checker short: did you leave out one on point 1?")
    # W:22,15,9,5x2,4x2,2,1x3;B:10,12x2,14x2,17,19x2,21,23,24x3;P:2,12,14,19,21,22, counted
    # by hand in tests/site/test_drills.py
    answer(root, "135")
    expect(root).to_have_attribute("data-state", "solved")
    expect(root.locator(".xbadge")).to_have_text("Solved")


def test_is_this_play_legal_both_ways_with_the_reason(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + LEGAL)
    pinned = page.locator("[data-plakoto-exercise='drill-legal-5']")
    expect(pinned.locator(".xprompt")).to_have_text("White rolls 4–1 and plays 21/17 19/18. Is this play legal?")
    explain = pinned.locator(".xexplain")
    answer(pinned, "yes")
    expect(pinned).to_have_attribute("data-state", "illegal")
    expect(explain).to_be_hidden()
    answer(pinned, "no")
    expect(pinned).to_have_attribute("data-state", "solved")
    # a white checker lies pinned beneath the black one on 21
    expect(explain).to_be_visible()
    expect(explain).to_have_text("No: this play is not legal. The checker on 21 is pinned: it cannot move until it is released.")
    legal = page.locator("[data-plakoto-exercise='drill-legal-2']")
    answer(legal, "no")
    expect(legal).to_have_attribute("data-state", "illegal")
    answer(legal, "yes")
    expect(legal).to_have_attribute("data-state", "solved")
    expect(legal.locator(".xexplain")).to_have_text("Yes: this play is legal.")


def test_the_reason_in_another_language(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "uk/practice/drills/legal/1/index.html")
    closed = page.locator("[data-plakoto-exercise='drill-legal-3']")
    answer(closed, "no")
    expect(closed).to_have_attribute("data-state", "solved")
    # 24/22 with the 2 of a 4-2: three black checkers stand on 22
    expect(closed.locator(".xexplain")).to_have_text(
        "Ні: такий хід не дозволено. Пункт 22 закритий: там стоять 3 шашки суперника.")


def test_find_a_legal_play_on_the_board(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "ru/practice/drills/find/1/index.html")
    exercise = site.checked.content.drills["find"][0].exercise
    root = page.locator(f"[data-plakoto-exercise='{exercise.id}']")
    expect(root.locator(".xdice")).to_be_visible()
    clicks = path_to(exercise, "accepted")
    assert clicks
    play(root, clicks)
    expect(root).to_have_attribute("data-state", "solved")
    expect(root.locator("[data-feedback]")).to_contain_text("Верно!")


def test_a_checker_borne_off_is_named_in_the_pages_language(page: Page, site: BuiltSite) -> None:
    """The list of moves puts a move in the board's numbers together from the play tree,
    which has no words, and the page's word for "off": Black's here, in Russian."""
    number, exercise, start = next(
        (number, drill.exercise, Side.BLACK.own(attempt.start))
        for number, drill in enumerate(site.checked.content.drills["find"], start=1)
        if drill.exercise.position.turn is Side.BLACK
        for attempt in drill.exercise.tree[0].tries if attempt.end == OFF and attempt.child is not None)
    page.goto(site.url + f"ru/practice/drills/find/{-(-number // PER_PAGE)}/index.html")
    root = page.locator(f"[data-plakoto-exercise='{exercise.id}']")
    play(root, [(str(start), "off")])
    # Black's checker on its own 25 - start, borne off: "4/off" in Black's numbering
    expect(root.locator(".xmoves")).to_contain_text(f"{start} → за доску")
    expect(root.locator(".xmoves")).to_contain_text(f"{25 - start}/off")


def test_next_previous_and_back_to_practice(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + PIPS)
    expect(page.locator("a[rel='prev']")).to_have_count(0)
    page.locator("a[rel='next']").click()
    expect(page).to_have_url(site.url + "en/practice/drills/pips/2/index.html")
    expect(page.locator(".lesson-number")).to_have_text("Page 2 of 6")
    expect(page.locator("[data-plakoto-exercise='drill-pips-6']")).to_be_visible()
    page.locator("a[rel='prev']").click()
    expect(page).to_have_url(site.url + PIPS)
    page.locator("a.pager-back").click()
    expect(page).to_have_url(site.url + "en/practice/index.html#drills")
    page.locator("h3 a", has_text="Is this play legal?").click()
    expect(page).to_have_url(site.url + LEGAL)


def test_a_tick_for_a_page_solved_here_and_on_the_practice_page(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + PIPS)
    page.evaluate("""() => localStorage.setItem('plakoto-progress-en', JSON.stringify(
        {'drill-pips-2': 'solved', 'drill-pips-3': 'solved', 'drill-pips-4': 'solved', 'drill-pips-5': 'solved'}))""")
    page.reload()
    expect(page.locator("h1 .xtick")).to_have_count(0)  # four of the five
    root = page.locator("[data-plakoto-exercise='drill-pips-1']")
    answer(root, "135")
    expect(root).to_have_attribute("data-state", "solved")
    expect(page.locator("h1 .xtick")).to_have_count(1)
    page.goto(site.url + "en/practice/index.html")
    tick = page.locator("ol.drill-pages li:has(a[href='drills/pips/1/index.html']) .xtick")
    expect(tick).to_have_count(1)
    expect(tick).to_have_attribute("aria-label", "Every exercise of this page solved")
    expect(page.locator("ol.drill-pages .xtick")).to_have_count(1)
    expect(page.locator("h3 .xtick")).to_have_count(0)  # the other 25 of the kind are not solved


def test_without_javascript_the_answer_is_a_disclosure(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site.url + LEGAL)
        root = page.locator("[data-plakoto-exercise='drill-legal-5']")
        expect(root.locator(".xquestion")).to_be_hidden()
        expect(root.locator(".xstatic svg")).to_be_visible()
        root.locator("details.xanswer summary").click()
        expect(root.locator("details.xanswer")).to_contain_text("The checker on 21 is pinned")
        page.goto(site.url + PIPS)
        root = page.locator("[data-plakoto-exercise='drill-pips-1']")
        root.locator("details.xanswer summary").click()
        expect(root.locator("details.xanswer")).to_contain_text("White has 135 pips.")
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_drill_pages(browser: Browser, site: BuiltSite, scheme: str) -> None:
    context = browser.new_context(bypass_csp=True, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        for name in (PIPS, LEGAL, "ru/practice/drills/find/1/index.html", "el/practice/drills/legal/6/index.html",
                     "en/practice/index.html"):
            page.goto(site.url + name)
            if name == LEGAL:  # answered: the reason shown
                answer(page.locator("[data-plakoto-exercise='drill-legal-5']"), "no")
            page.add_script_tag(path=str(AXE))
            result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", AXE_TAGS)
            for violation in result["violations"]:
                found.setdefault(name, []).append(f"{violation['id']}: {[n['target'] for n in violation['nodes'][:3]]}")
    finally:
        context.close()
    assert found == {}


def test_each_language_has_a_practice_page_and_eighteen_drill_pages(site: BuiltSite) -> None:
    """Their load, errors and width on a phone: test_site.py's phone walk and
    test_quality.py's walk, which visit every page."""
    names = [name for name in site.pages() if "/practice/" in name]
    assert len(names) == 4 * (1 + 3 * 6)
