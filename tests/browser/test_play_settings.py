"""The play page's settings (pace, a roll with no legal move, Done) and its replay captions,
driven in Chromium through the page contract (see test_play.py for the hooks ?seed, ?delay
and ?position). Expected sentences are written by hand from the catalogs and RULES.md."""

from __future__ import annotations

import json
import re
import time
from itertools import pairwise

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BuiltSite
from .test_play import BOTH_MOTHERS, GAME, Game

pytestmark = pytest.mark.browser

NO_MOVE = "W:24x15;B:18x2,19x2,20x2,21x2,22x2,23x2,1x3;T:W"
"""Black holds 18 to 23 with two checkers each: White's checkers on 24 cannot move at all."""

PIN = "W:24x8,20,13x6;B:1x10,5x4,14;T:W"
"""With 6-5 (seed 31's first roll) White can play 20/14*, pinning Black's lone checker on 14."""


def choose(page: Page, **values: str) -> None:
    """Open the settings and choose, as a reader would with the mouse."""
    box = page.locator("[data-prefs-box]")
    if not box.evaluate("d => d.open"):
        box.locator("summary").click()
    for name, value in values.items():
        page.check(f'[data-prefs] input[name="{name}"][value="{value}"]')


def saved_prefs(page: Page) -> dict[str, str]:
    return dict(json.loads(page.evaluate("localStorage.getItem('plakoto-play')"))["prefs"])


FLIGHTS = """() => new Promise(resolve => {
    const game = document.querySelector("[data-plakoto-game]"), frames = [];
    const until = performance.now() + 15000;
    function look(now) {
        if (game.querySelector(".play-layer .flying")) frames.push(now);
        if (game.dataset.state !== "computer" || now > until) resolve(frames);
        else requestAnimationFrame(look);
    }
    requestAnimationFrame(look);
})"""
"""The times of the frames in which a checker of the computer is travelling, over its turn."""


def flying_time(page: Page, site: BuiltSite, pace: str) -> float:
    """How long the computer's checkers travel in its first turn (the same dice every time)."""
    game = Game(page, site, "en", "seed=1&delay=200")
    choose(page, pace=pace)
    page.click('button[data-action="roll"]')  # 4-1
    game.click_point(24)
    game.click_point(20)
    game.click_point(24)
    game.click_point(23)
    page.click('button[data-action="done"]')
    frames: list[float] = page.evaluate(FLIGHTS)
    # Frames more than 100 ms apart belong to different moves (the pause between them).
    return sum(b - a for a, b in pairwise(frames) if b - a < 100)


@pytest.mark.real_time
def test_the_pace_sets_how_long_the_computers_checkers_travel(page: Page, site: BuiltSite) -> None:
    slow, fast = flying_time(page, site, "slow"), flying_time(page, site, "fast")
    assert slow > 2.5 * fast > 0, (slow, fast)
    # The choice is kept with the game: after a reload the form shows it.
    choose(page, pace="slow")
    page.reload()
    expect(page.locator('[data-prefs] input[name="pace"][value="slow"]')).to_be_checked()
    assert saved_prefs(page) == {"pace": "slow", "passing": "wait", "sending": "done"}


def test_the_settings_work_from_the_keyboard(page: Page, site: BuiltSite) -> None:
    Game(page, site, "en", "seed=1&delay=0")
    summary = page.locator("[data-prefs-box] summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-prefs-box]")).to_have_attribute("open", "")
    page.keyboard.press("Tab")  # into the first group, on its chosen radio: Normal
    expect(page.locator('[data-prefs] input[name="pace"][value="normal"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator('[data-prefs] input[name="pace"][value="fast"]')).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")
    assert saved_prefs(page) == {"pace": "fast", "passing": "go-on", "sending": "at-once"}


def test_with_reduced_motion_the_pace_gives_way_and_says_why(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        Game(page, site, "en", "seed=1&delay=0")
        choose(page)
        expect(page.locator("[data-prefs] [data-pace] input").first).to_be_disabled()
        expect(page.locator("[data-prefs] [data-still]")).to_have_text(
            "Your device asks for less motion, so checkers move at once, without travelling.")
    finally:
        context.close()
    page = browser.new_page()
    try:
        Game(page, site, "en", "seed=1&delay=0")
        expect(page.locator("[data-prefs] [data-pace] input").first).to_be_enabled()
        expect(page.locator("[data-prefs] [data-still]")).to_be_hidden()
    finally:
        page.close()


def test_a_roll_with_no_legal_move_waits_for_done(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={NO_MOVE}")
    page.click('button[data-action="roll"]')
    page.wait_for_timeout(3600)
    assert game.state == "passed"
    expect(page.locator("[data-log] > li")).to_have_count(1)


def test_a_roll_with_no_legal_move_can_go_on_by_itself(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={NO_MOVE}")
    choose(page, passing="go-on")
    page.click('button[data-action="roll"]')
    began = time.monotonic()
    assert game.state == "passed"
    expect(page.locator("[data-feedback]")).to_contain_text("You rolled 6–5: no legal move")
    expect(page.locator(f"{GAME} [data-die]")).to_have_count(2)
    page.wait_for_timeout(1500)
    assert game.state == "passed"  # on the board for a few seconds
    # Then the computer's turn, without Done: its play follows the pass in the record.
    expect(page.locator("[data-log] > li")).to_have_count(2, timeout=6000)
    assert time.monotonic() - began > 2.5
    assert page.locator("[data-log] > li").first.text_content() == "White rolls 6–5 and cannot move."


def test_a_turn_can_be_sent_at_once_but_a_draw_still_asks(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    choose(page, sending="at-once")
    page.click('button[data-action="roll"]')  # 4-1
    game.click_point(24)
    game.click_point(20)
    expect(page.locator("[data-log] > li")).to_have_count(0)  # a number is left: nothing sent
    game.click_point(24)
    game.click_point(23)
    # The last number played: the turn is sent without Done.
    expect(page.locator("[data-log] > li").first).to_have_text("White rolls 4–1 and plays 24/23 24/20.")
    game = Game(page, site, "en", f"seed=31&delay=0&position={BOTH_MOTHERS}")
    choose(page, sending="at-once")
    page.click('button[data-action="roll"]')  # 6-5
    game.click_point(6)
    game.click_point(1)
    assert game.state == "moving"
    expect(page.locator("[data-feedback]")).to_have_text(
        "This play ends the game in a draw. Press Done again to play it, or Undo to take it back.")


@pytest.mark.parametrize(("lang", "caption"), [
    ("en", "1. White rolls 6–5 and plays 20 → 14*, 13 → 8 (written 20/14* 13/8). A black checker is now pinned on 14."),
    ("ru", "1. У белых выпало 6–5, ход 20 → 14*, 13 → 8 (запись: 20/14* 13/8). Чёрная шашка на пункте 14 теперь заперта."),
])
def test_the_replay_caption_is_in_the_lessons_words(page: Page, site: BuiltSite, lang: str, caption: str) -> None:
    game = Game(page, site, lang, f"seed=31&delay=0&position={PIN}")
    page.click('button[data-action="roll"]')
    assert game.attr("dice") == "6-5"
    game.click_point(20)
    game.click_point(14)
    game.click_point(13)
    game.click_point(8)
    page.click('button[data-action="done"]')
    game.wait_while("computer") if game.state == "computer" else None
    page.click('button[data-action="replay"]')
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert game.attr("replay") == "1"
    expect(page.locator("[data-replay-caption]")).to_have_text(caption)


LONE = "W:24x3,13,12,11,10,9,8,7,6,5,4,3,2;B:1x15;T:W"
"""A lone white checker on every point from 2 to 13: any first move of Black's pins one."""


def test_a_pin_of_the_readers_checker_is_said_as_yours(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={LONE}")
    page.click('button[data-action="roll"]')  # 6-5
    game.click_point(24)
    game.click_point(18)
    game.click_point(24)
    game.click_point(19)
    page.click('button[data-action="done"]')
    game.wait_while("computer") if game.state == "computer" else None
    said = page.locator("[data-feedback]").text_content() or ""
    assert re.search(r"Black pinned your checker on \d+\.", said), said
    assert "A white checker is now pinned" not in said
