"""The board editor, /<lang>/editor/, driven as an author would: a position made by tapping
the points, plays chosen with chosen dice, captions written, and the copied source given to
the real ``build.py diagram``, which must accept it and draw the same positions. The
expected positions are written here by hand from the taps and the plays (RULES.md), not read
from the editor."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ..conftest import ServeDirectory
from .conftest import REPO, BuiltSite
from .test_play import Game
from .test_quality import AXE, AXE_TAGS

pytestmark = pytest.mark.browser

EDITOR = "[data-plakoto-editor]"

# White: 8 on 24, 4 on 13, 2 on 8, and one pinned under Black's 12; Black: 8 on 1, 5 on 12, 2 on 17.
TAPS = {"white": {24: 8, 13: 4, 8: 2}, "black": {1: 8, 12: 5, 17: 2}}
SET_UP = {"board": [-8, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, -5, 4, 0, 0, 0, -2, 0, 0, 0, 0, 0, 0, 8],
          "pinned": [12], "off": {"white": 0, "black": 0}, "turn": "white"}
# White 6-4: 24/18 13/9 (chosen in the list of legal plays).
AFTER_WHITE = {"board": [-8, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, -5, 3, 0, 0, 0, -2, 1, 0, 0, 0, 0, 0, 7],
               "pinned": [12], "off": {"white": 0, "black": 0}, "turn": "black"}
# Black 3-1, written in Black's own numbering: 24/21 24/23, from the board's 1 to 4 and to 2.
AFTER_BLACK = {"board": [-6, -1, 0, -1, 0, 0, 0, 2, 1, 0, 0, -5, 3, 0, 0, 0, -2, 1, 0, 0, 0, 0, 0, 7],
               "pinned": [12], "off": {"white": 0, "black": 0}, "turn": "white"}
# The same diagram as a MkDocs fence: each caption under its own step (the start's before them).
FENCE = """```plakoto running-early-pinned-later
start = "W:24x8,13x4,8x2;B:1x8,12x5,17x2;P:12;T:W"
caption = "White has a checker pinned under Black's 12."

[[steps]]
roll = "6-4"
play = "24/18 13/9"
caption = "White runs a back checker."

[[steps]]
roll = "3-1"
play = "24/23 24/21"
caption = "Black splits **both** ways."
```
"""


def open_editor(page: Page, site: BuiltSite, lang: str = "en", fragment: str = "") -> list[str]:
    """Open the editor; the page's errors are gathered in the list returned."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site.url}{lang}/editor/{fragment}")
    expect(page.locator(EDITOR)).to_be_visible()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    return errors


def tap(page: Page, point: int, times: int = 1) -> None:
    for _ in range(times):
        page.click(f'{EDITOR} button[data-point="{point}"]')


def position(page: Page) -> object:
    return json.loads(page.locator(EDITOR).get_attribute("data-position") or "null")


def roll(page: Page, high: int, low: int) -> None:
    page.check(f'{EDITOR} input[name="die0"][value="{high}"]')
    page.check(f'{EDITOR} input[name="die1"][value="{low}"]')


def make_the_diagram(page: Page) -> None:
    """The done-when path: tap a position, play two plays, caption them."""
    page.click(f'{EDITOR} button[data-action="clear"]')
    for side, points in TAPS.items():
        page.check(f'{EDITOR} input[name="tool"][value="{side}"]')
        for point, count in points.items():
            tap(page, point, count)
    expect(page.locator("[data-status]")).to_contain_text("White's checkers: 14 of 15")
    expect(page.locator("[data-status]")).to_contain_text("come to 14")
    page.check(f'{EDITOR} input[name="tool"][value="pinned"]')
    tap(page, 12)
    expect(page.locator("[data-status]")).to_contain_text("White's checkers: 15 of 15 · Black's checkers: 15 of 15")
    assert position(page) == SET_UP
    expect(page.locator(f'{EDITOR} button[data-point="12"]')).to_have_attribute(
        "aria-label", "Point 12: black checkers: 5, with a white checker pinned beneath")
    page.click(f'{EDITOR} button[data-action="moves"]')
    roll(page, 6, 4)
    page.select_option(f"{EDITOR} select[name=plays]", label="24/18 13/9")
    page.click(f'{EDITOR} button[data-action="play"]')
    assert position(page) == AFTER_WHITE
    roll(page, 3, 1)
    page.fill(f"{EDITOR} input[name=written]", "24/21 24/23")
    page.click(f'{EDITOR} button[data-action="write"]')
    assert position(page) == AFTER_BLACK
    expect(page.locator("[data-steps] > li .ed-play")).to_have_text([
        "White rolls 6–4 and plays 24/18 13/9.", "Black rolls 3–1 and plays 24/23 24/21 (board 1 → 2, 1 → 4)."])
    page.fill("#ed-title", "Running early, pinned later")
    page.fill("#ed-caption-0", "White has a checker pinned under Black's 12.")
    page.fill("#ed-caption-1", "White runs a back checker.")
    page.fill("#ed-caption-2", "Black splits **both** ways.")
    settled(page, "Black splits **both** ways.")


def carried(link: str) -> str:
    """The source a link's "#1." fragment carries, read with Python's zlib (EMBEDDING.md:
    the source deflated, in base64url without padding)."""
    payload = link.split("#1.", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).decode("utf-8")


def settled(page: Page, last: str) -> None:
    """Wait until the outputs show the text typed last: a caption is drawn a moment after the
    typing stops, and the link after the source (it is packed on its own)."""
    source = page.locator(f'{EDITOR} textarea[data-output="toml"]')
    expect(source).to_have_value(re.compile(re.escape(last)))
    link = page.locator(f'{EDITOR} textarea[data-output="link"]')
    for _ in range(50):
        if "#1." in link.input_value() and carried(link.input_value()) == source.input_value():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the link does not carry the source shown:\n{source.input_value()}")


def preview_positions(page: Page, selector: str = "[data-preview] plakoto-diagram") -> list[object]:
    """Step through a drawn diagram (by default the preview: the viewer, as the link shows it)
    from its first step and read each step's position."""
    shown = page.locator(selector)
    found = []
    count = int((shown.locator(".plakoto-counter").text_content() or "1 / 1").split("/")[1])
    first = shown.get_by_role("button", name="First step")
    if first.is_enabled():
        first.click()
    for step in range(count):
        if step:
            shown.get_by_role("button", name="Next step").click()
        expect(shown).to_have_attribute("data-step", str(step))
        found.append(json.loads(shown.get_attribute("data-position") or "null"))
    return found


def copied(page: Page, kind: str) -> str:
    page.click(f'{EDITOR} button[data-copy="{kind}"]')
    expect(page.locator("[data-status]")).to_contain_text("Copied.")
    text = str(page.evaluate("navigator.clipboard.readText()"))
    assert text == page.locator(f'{EDITOR} textarea[data-output="{kind}"]').input_value()
    return text


def built_positions(html: str) -> list[object]:
    return [json.loads(m.replace("&#34;", '"').replace("&quot;", '"'))
            for m in re.findall(r'class="frame"[^>]*data-position="([^"]*)"', html)]


def test_done_when_a_tapped_position_and_two_plays_build_as_the_editor_shows_them(
        page: Page, site: BuiltSite, tmp_path: Path) -> None:
    errors = open_editor(page, site)
    make_the_diagram(page)
    expect(page.locator("[data-preview] plakoto-diagram .plakoto-counter")).to_have_text("3 / 3")  # the step just played
    shown = preview_positions(page)
    assert shown == [SET_UP, AFTER_WHITE, AFTER_BLACK]
    steps = [json.loads(li.get_attribute("data-position") or "") for li in page.locator("[data-steps] > li").all()]
    assert steps == [AFTER_WHITE, AFTER_BLACK]
    expect(page.locator("#ed-code")).to_have_value("W:24x8,13x4,8x2;B:1x8,12x5,17x2;P:12;T:W")
    source = copied(page, "toml")
    assert 'start = "W:24x8,13x4,8x2;B:1x8,12x5,17x2;P:12;T:W"' in source
    assert 'play = "24/18 13/9"' in source and 'play = "24/23 24/21"' in source
    file = tmp_path / "from-the-editor.toml"
    file.write_text(source, encoding="utf-8")
    done = subprocess.run([sys.executable, str(REPO / "build.py"), "diagram", str(file), "--out", str(tmp_path / "out"),
                           "--base-url", "https://example.org/d/"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    built = (tmp_path / "out" / "en" / "embed" / "running-early-pinned-later" / "index.html").read_text(encoding="utf-8")
    assert built_positions(built) == shown
    assert "White runs a back checker." in built and "<strong>both</strong>" in built
    assert "Running early, pinned later" in built
    assert errors == []


def test_the_copied_link_opens_the_same_steps_on_the_view_page(page: Page, site: BuiltSite) -> None:
    open_editor(page, site)
    make_the_diagram(page)
    shown = preview_positions(page)
    link = copied(page, "link")
    assert link.startswith(f"{site.url}en/embed/view/#1.")
    snippet = page.locator(f'{EDITOR} textarea[data-output="iframe"]').input_value()
    assert f'<iframe src="{link}"' in snippet and 'title="Running early, pinned later"' in snippet
    assert carried(link) == page.locator(f'{EDITOR} textarea[data-output="toml"]').input_value()
    expect(page.locator(f'{EDITOR} textarea[data-output="fence"]')).to_have_value(FENCE)
    page.goto(link)
    viewed = preview_positions(page, "plakoto-diagram")
    assert viewed == shown
    expect(page.locator("plakoto-diagram .plakoto-title")).to_have_text("Running early, pinned later")
    # The editor keeps the diagram in its own address: a reload opens it again.
    page.goto(f"{site.url}en/editor/{link[link.index('#'):]}")
    expect(page.locator("[data-steps] > li")).to_have_count(2)
    expect(page.locator("#ed-caption-1")).to_have_value("White runs a back checker.")
    assert position(page) == AFTER_BLACK


def test_a_wrong_setup_is_explained_and_gives_nothing_to_copy(page: Page, site: BuiltSite) -> None:
    open_editor(page, site)
    status = page.locator("[data-status]")
    page.click(f'{EDITOR} button[data-action="opening"]')
    tap(page, 13)  # a sixteenth white checker
    expect(status).to_contain_text("That side already has 15 checkers.")
    page.check(f'{EDITOR} input[name="tool"][value="erase"]')
    tap(page, 24)
    expect(status).to_contain_text("White's checkers (on the board, pinned and borne off) come to 14, "
                                   "but each side has exactly 15")
    assert page.locator(f'{EDITOR} textarea[data-output="toml"]').input_value() == ""
    expect(page.locator("[data-preview] plakoto-diagram")).to_have_count(0)
    page.click(f'{EDITOR} button[data-action="moves"]')
    expect(status).to_contain_text("Put the position right first")
    expect(page.locator(EDITOR)).to_have_attribute("data-mode", "setup")
    page.fill(f"{EDITOR} input[name=off-white]", "1")
    page.locator(f"{EDITOR} input[name=off-white]").dispatch_event("change")
    expect(status).to_contain_text("The position is ready.")
    assert "W:24x14;B:1x15;T:W" in page.locator(f'{EDITOR} textarea[data-output="toml"]').input_value()
    page.fill("#ed-code", "W:24x15;B:1x15;P:7;T:W")
    page.click(f'{EDITOR} button[data-action="code"]')
    expect(status).to_contain_text("This position code cannot be read: point 7 is listed as pinned but is empty")
    page.check(f'{EDITOR} input[name="tool"][value="pinned"]')
    tap(page, 5)
    expect(status).to_contain_text("put checkers on point 5 first")


def test_black_to_play_is_written_into_the_code_and_the_source(page: Page, site: BuiltSite) -> None:
    open_editor(page, site)
    page.click(f'{EDITOR} button[data-action="opening"]')
    page.check(f'{EDITOR} input[name="turn"][value="black"]')
    expect(page.locator("#ed-code")).to_have_value("W:24x15;B:1x15;T:B")
    expect(page.locator(f'{EDITOR} textarea[data-output="toml"]')).to_have_value(
        re.compile(re.escape('start = "W:24x15;B:1x15;T:B"')))
    assert position(page) == {"board": [-15] + [0] * 22 + [15], "pinned": [], "off": {"white": 0, "black": 0},
                              "turn": "black"}
    page.click(f'{EDITOR} button[data-action="moves"]')
    roll(page, 6, 5)
    page.fill(f"{EDITOR} input[name=written]", "24/18 24/19")  # Black's own numbers (board 1 to 7 and to 6), written back in the engine's order
    page.click(f'{EDITOR} button[data-action="write"]')
    expect(page.locator("[data-steps] > li .ed-play")).to_have_text(["Black rolls 6–5 and plays 24/19 24/18 (board 1 → 6, 1 → 7)."])
    assert position(page) == {"board": [-13, 0, 0, 0, 0, -1, -1] + [0] * 16 + [15], "pinned": [],
                              "off": {"white": 0, "black": 0}, "turn": "white"}


def test_a_black_checker_moved_twice_reads_as_one_chain_in_board_numbers(page: Page, site: BuiltSite) -> None:
    """The step line writes Black's board numbers as the lessons and the play page do."""
    open_editor(page, site, "ru")
    page.click(f'{EDITOR} button[data-action="opening"]')
    page.check(f'{EDITOR} input[name="turn"][value="black"]')
    page.click(f'{EDITOR} button[data-action="moves"]')
    roll(page, 6, 5)
    page.fill(f"{EDITOR} input[name=written]", "24/18 18/13")
    page.click(f'{EDITOR} button[data-action="write"]')
    expect(page.locator("[data-steps] > li .ed-play")).to_have_text(
        ["У чёрных выпало 6–5, ход 24/13 (по доске: 1 → 7 → 12)."])


def test_erasing_the_checker_above_a_pinned_one_frees_it(page: Page, site: BuiltSite) -> None:
    """The eraser takes the top checker; under the last one, the pinned checker is free and
    holds the point (here a black checker pinned on 6 by White's lone checker)."""
    open_editor(page, site)
    page.fill("#ed-code", "W:24x14,6;B:1x14;P:6;T:W")
    page.click(f'{EDITOR} button[data-action="code"]')
    board = [-14, 0, 0, 0, 0, 1] + [0] * 17 + [14]
    assert position(page) == {"board": board, "pinned": [6], "off": {"white": 0, "black": 0}, "turn": "white"}
    page.check(f'{EDITOR} input[name="tool"][value="erase"]')
    tap(page, 6)
    board[5] = -1
    assert position(page) == {"board": board, "pinned": [], "off": {"white": 0, "black": 0}, "turn": "white"}
    tap(page, 6)  # and then the freed checker itself
    board[5] = 0
    assert position(page) == {"board": board, "pinned": [], "off": {"white": 0, "black": 0}, "turn": "white"}


def test_a_tampered_link_shows_a_message_not_a_board(page: Page, site: BuiltSite) -> None:
    open_editor(page, site)
    make_the_diagram(page)
    link = page.locator(f'{EDITOR} textarea[data-output="link"]').input_value()
    payload = link.split("#1.")[1]
    middle = len(payload) // 2
    tampered = payload[:middle] + ("A" if payload[middle] != "A" else "B") + payload[middle + 1:]
    page.goto(f"{site.url}en/editor/#1.{tampered}")
    page.reload()
    expect(page.locator("[data-status]")).to_contain_text("This link's diagram is damaged.")
    expect(page.locator("[data-steps] > li")).to_have_count(0)


def test_a_pasted_source_with_an_illegal_play_says_why(page: Page, site: BuiltSite) -> None:
    open_editor(page, site)
    page.fill("#ed-paste", 'start = "start"\n[[steps]]\nroll = "6-5"\nplay = "24/13 13/8"\n')
    page.click(f'{EDITOR} button[data-action="paste"]')
    expect(page.locator("[data-status]")).to_contain_text("This diagram has a mistake and cannot be opened: line 4:")


def test_the_play_page_opens_the_whole_game_in_the_editor(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=8&delay=0")
    game.setup(opponent="two-players")
    page.click('button[data-action="roll"]')
    # Seed 8: Black starts with 4-1. Two plays by hand, then the record is taken to the editor.
    game.click_point(1)
    game.click_point(5)
    game.click_point(1)
    game.click_point(2)
    page.click('button[data-action="done"]')
    page.click('button[data-action="roll"]')
    first = game.plays()[0]
    game.play(first)
    shown = json.loads(game.attr("position"))
    record = [li.text_content() for li in page.locator("[data-log] > li").all()]
    assert len(record) == 2
    page.click('button[data-action="copy-editor"]')
    page.wait_for_url(re.compile(r"/en/editor/index\.html#1\."))
    expect(page.locator("[data-steps] > li")).to_have_count(2)
    expect(page.locator("[data-steps] > li .ed-play")).to_have_text(notation(record))
    assert position(page) == shown
    expect(page.locator("#ed-title")).to_have_value("A game of Plakoto")
    # The same game pasted as the record "Copy the game" gives.
    page.go_back()
    page.click('button[data-action="copy-game"]')
    text = page.locator("[data-export]").input_value()
    page.goto(f"{site.url}en/editor/")
    page.fill("#ed-paste", text)
    page.click(f'{EDITOR} button[data-action="paste"]')
    expect(page.locator("[data-steps] > li .ed-play")).to_have_text(notation(record))
    assert position(page) == shown


def notation(record: list[str | None]) -> list[re.Pattern[str]]:
    """The record's lines up to the board's numbers (the editor writes a play's moves in the
    engine's order, the play page in the order they were made)."""
    return [re.compile("^" + re.escape((line or "").split(" (board")[0])) for line in record]


def test_a_greek_game_record_opens_too(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "el", "seed=1&delay=0")
    game.setup(opponent="two-players")
    page.click('button[data-action="roll"]')
    game.play(game.plays()[0])
    shown = json.loads(game.attr("position"))
    page.click('button[data-action="copy-game"]')
    text = page.locator("[data-export]").input_value()
    open_editor(page, site, "el")
    page.fill("#ed-paste", text)
    page.click(f'{EDITOR} button[data-action="paste"]')
    expect(page.locator("[data-steps] > li")).to_have_count(1)
    assert position(page) == shown


def test_every_language_has_the_page_and_the_foot_links_it(site: BuiltSite) -> None:
    for lang in ("en", "ru", "el", "uk"):
        html = (site.folder / lang / "editor" / "index.html").read_text(encoding="utf-8")
        assert "plakoto-viewer.js" in html and "editor.js" in html and 'class="site-header"' in html
        home = (site.folder / lang / "index.html").read_text(encoding="utf-8")
        assert 'href="editor/index.html"' in home, lang


def test_without_javascript_the_page_says_so(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{site.url}ru/editor/")
        expect(page.locator(".notice")).to_contain_text("JavaScript")
        expect(page.locator(EDITOR)).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_and_a_phone_360_px_wide(browser: Browser, site: BuiltSite, scheme: str) -> None:
    context = browser.new_context(bypass_csp=True, color_scheme=scheme,  # type: ignore[arg-type]
                                  viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(f"{site.url}uk/editor/")
        page.click(f'{EDITOR} button[data-action="moves"]')
        page.click(f'{EDITOR} button[data-action="play"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", AXE_TAGS)
        assert [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]] == []
    finally:
        context.close()


def test_keyboard_sets_up_a_point(page: Page, site: BuiltSite) -> None:
    open_editor(page, site)
    page.click(f'{EDITOR} button[data-action="clear"]')
    page.focus(f'{EDITOR} button[data-point="24"]')
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    board = position(page)["board"]  # type: ignore[index]
    assert board[22] == 2 and sum(abs(v) for v in board) == 2


def test_served_from_a_sub_path_the_link_names_it(page: Page, site: BuiltSite, static_server: ServeDirectory) -> None:
    url = static_server(site.folder.parent)
    page.goto(f"{url}_site/el/editor/index.html")
    page.click(f'{EDITOR} button[data-action="moves"]')
    page.click(f'{EDITOR} button[data-action="play"]')
    link = page.locator(f'{EDITOR} textarea[data-output="link"]')
    expect(link).to_have_value(re.compile(re.escape(f"{url}_site/el/embed/view/index.html#1.")))
