"""Every diagram of every language, stepped through in Chromium with buttons and keys."""

from __future__ import annotations

import html
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from plakoto_site.content.markdown import make_markdown, placements
from plakoto_site.engine import Dice, Position, RuleSet

from .conftest import BuiltSite
from .test_site import LANGUAGES, watch

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Placed:
    """A diagram as the lesson source places it: its id and expected caption per frame."""

    page: str
    diagram: str
    captions: dict[int, str]
    frames: int
    positions: tuple[dict[str, object], ...]
    """Each frame's position as the diagram source replays it (the interchange form)."""


def plain(markdown: str) -> str:
    rendered = make_markdown().renderInline(markdown)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", rendered)).split())


def replayed(diagram_id: str) -> tuple[dict[str, int], tuple[dict[str, object], ...]]:
    """The diagram's source read afresh, not through the build's own diagram objects: the
    frame each caption key names (``start``, a step's number or name) and each frame's
    position, the steps played one by one with the engine's public API."""
    source = tomllib.loads((REPO / "content" / "diagrams" / f"{diagram_id}.toml").read_text(encoding="utf-8"))
    rules = RuleSet(source.get("rules", "plakoto"))
    position = Position.from_code(source["start"])
    frames = {"start": 0}
    positions = [position]
    for number, step in enumerate(source.get("steps", []), start=1):
        frames[str(number)] = number
        if "name" in step:
            frames[step["name"]] = number
        position = position.parse_play(step["play"], Dice.parse(step["roll"]), rules).position
        positions.append(position)
    return frames, tuple(json.loads(json.dumps(p.to_json())) for p in positions)


def placed(site: BuiltSite) -> list[Placed]:
    found = []
    for lang, lessons in site.checked.lessons.items():
        for item in lessons:
            for placement in placements(item.tokens):
                frames, positions = replayed(placement.diagram)
                captions = {frames[caption.key.strip()]: plain(caption.text) for caption in placement.captions}
                found.append(Placed(f"{lang}/{item.lesson.slug}/index.html", placement.diagram, captions,
                                    len(positions), positions))
    return found


def text(locator: Locator) -> str:
    return " ".join((locator.text_content() or "").split())


SHOWN = """figure => {
    const text = element => (element ? element.textContent : "").split(/\\s+/).filter(Boolean).join(" ");
    const shown = figure.querySelectorAll(".frame:not([hidden])");
    const frame = shown[0];
    const buttons = {};
    for (const button of figure.querySelectorAll(".controls button[data-action]")) {
        let box = button.getBoundingClientRect();
        if (box.top < 0 || box.bottom > innerHeight) {
            button.scrollIntoView({block: "nearest"});
            box = button.getBoundingClientRect();
        }
        buttons[button.dataset.action] = [box.left + box.width / 2, box.top + box.height / 2];
    }
    return {step: figure.getAttribute("data-step"), count: shown.length,
            index: frame && frame.getAttribute("data-step-index"),
            position: frame && JSON.parse(frame.getAttribute("data-position") || "{}"),
            counter: text(figure.querySelector(".counter")), live: text(figure.querySelector("[data-live]")),
            frameCounter: text(frame && frame.querySelector(".frame-counter")),
            caption: text(frame && frame.querySelector(".frame-caption")),
            play: text(frame && frame.querySelector(".frame-play")), buttons};
}"""
"""What a figure shows, read in one round trip, and where its step buttons are. The stepper
changes the page as it handles a click or a key, so the change is there by the time the
mouse click or key press returns."""


class Stepper:
    """One figure, stepped by real mouse clicks on its buttons and real key presses, each
    followed by a check of everything it shows."""

    def __init__(self, page: Page, figure: Locator, spot: Placed) -> None:
        self.page, self.figure, self.spot = page, figure, spot
        self.shown: dict[str, Any] = {}

    def check(self, frame: int, *, announced: bool = False) -> None:
        spot, shown = self.spot, self.figure.evaluate(SHOWN)
        self.shown = shown
        where = f"{spot.page} {spot.diagram} frame {frame}"
        assert shown["step"] == str(frame), where
        assert shown["count"] == 1, where
        assert shown["index"] == str(frame), where
        assert shown["counter"] == shown["frameCounter"], where
        assert re.fullmatch(rf"{frame + 1}\s*/\s*{spot.frames}", shown["counter"]), (where, shown["counter"])
        if frame in spot.captions:
            assert shown["caption"] == spot.captions[frame], where
        assert shown["position"] == spot.positions[frame], where
        if announced:  # the live region reads out the step shown
            assert shown["frameCounter"] in shown["live"], where
            if frame in spot.captions and spot.captions[frame]:
                assert spot.captions[frame] in shown["live"], where
            if frame > 0:
                assert shown["play"] in shown["live"], where

    def click(self, action: str, frame: int, *, announced: bool = False) -> None:
        """A mouse click where the button is (a disabled one at the end, too), then the check."""
        x, y = self.shown["buttons"][action]
        self.page.mouse.click(x, y)
        self.check(frame, announced=announced)

    def press(self, key: str, frame: int, *, announced: bool = False) -> None:
        self.page.keyboard.press(key)
        self.check(frame, announced=announced)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_diagram_steps_with_buttons_and_keys(page: Page, site: BuiltSite, lang: str) -> None:
    """Each step of each diagram, shown by real clicks on the buttons and real key presses,
    with its counter, caption, position and what the live region announces."""
    spots = [spot for spot in placed(site) if spot.page.startswith(f"{lang}/")]
    assert spots  # at least one diagram in each language
    problems = watch(page)
    checked = 0
    for spot in spots:
        if not page.url.endswith(spot.page):
            page.goto(site.url + spot.page)
        figure = page.locator(f"figure[data-plakoto-diagram='{spot.diagram}']").first
        figure.scroll_into_view_if_needed()
        if spot.frames == 1:
            expect(figure.locator(".controls")).to_be_hidden()
            continue
        expect(figure.locator(".controls")).to_be_visible()
        last = spot.frames - 1
        stepper = Stepper(page, figure, spot)
        stepper.check(0)
        for frame in range(1, spot.frames):
            stepper.click("next", frame, announced=True)
        stepper.click("next", last)  # at the end it stays
        stepper.click("first", 0)
        stepper.click("last", last)
        for frame in range(last - 1, -1, -1):
            stepper.click("prev", frame, announced=True)
        # The keyboard, with focus on the diagram.
        figure.locator(".view").focus()
        stepper.press("End", last)
        stepper.press("Home", 0)
        for frame in range(1, spot.frames):
            stepper.press("ArrowRight", frame, announced=True)
        for frame in range(last - 1, -1, -1):
            stepper.press("ArrowLeft", frame)
        checked += 1
    assert checked > 0
    assert problems == []


def test_deep_links_and_history(page: Page, site: BuiltSite) -> None:
    """A step's address opens the board at that step; stepping names the step shown in the
    address without a history entry per step, so Back leaves the page (it used to walk back
    through the steps, and the bare address then left the board stuck)."""
    spots = [s for s in placed(site) if s.frames > 2]
    assert spots
    for spot in spots[:8]:
        page.goto(site.url + spot.page)
        figure = page.locator(f"figure[data-plakoto-diagram='{spot.diagram}']").first
        last = figure.locator(".frame").nth(spot.frames - 1)
        target = last.get_attribute("id")
        page.goto(f"{site.url}{spot.page}#{target}")
        page.reload()
        expect(figure).to_have_attribute("data-step", str(spot.frames - 1))
        page.goto(f"{site.url}{spot.page}#{spot.diagram}-1")
        page.reload()
        expect(figure).to_have_attribute("data-step", "1")
        entries = page.evaluate("history.length")
        figure.locator("button[data-action='first']").click()
        figure.locator("button[data-action='next']").click()
        figure.locator("button[data-action='next']").click()
        expect(figure).to_have_attribute("data-step", "2")
        assert page.url.endswith("#" + (figure.locator(".frame").nth(2).get_attribute("id") or ""))
        assert page.evaluate("history.length") == entries
        page.reload()
        expect(figure).to_have_attribute("data-step", "2")
    # Back after stepping leaves the page.
    page.goto(site.url + "index.html")
    page.goto(site.url + spots[0].page)
    figure = page.locator(f"figure[data-plakoto-diagram='{spots[0].diagram}']").first
    figure.locator("button[data-action='next']").click()
    figure.locator("button[data-action='next']").click()
    expect(figure).to_have_attribute("data-step", "2")
    page.go_back()
    assert page.url == site.url + "index.html"


def test_arrow_keys_step_the_board_in_view_without_focusing_it(page: Page, site: BuiltSite) -> None:
    spot = next(s for s in placed(site) if s.frames > 2)
    page.goto(site.url + spot.page)
    figure = page.locator(f"figure[data-plakoto-diagram='{spot.diagram}']").first
    figure.scroll_into_view_if_needed()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    expect(figure).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(figure).to_have_attribute("data-step", "1")
    page.keyboard.press("End")  # Home and End keep scrolling the page
    expect(figure).to_have_attribute("data-step", "1")


def test_a_sideways_swipe_steps_the_board(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        spot = next(s for s in placed(site) if s.frames > 2)
        page.goto(site.url + spot.page)
        figure = page.locator(f"figure[data-plakoto-diagram='{spot.diagram}']").first
        view = figure.locator(".view")
        view.scroll_into_view_if_needed()
        box = view.bounding_box()
        assert box
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 3

        def swipe(dx: float, dy: float = 0.0, kind: str = "touch") -> None:
            start = {"pointerType": kind, "pointerId": 7, "isPrimary": True, "clientX": x, "clientY": y}
            view.dispatch_event("pointerdown", start)
            view.dispatch_event("pointerup", {**start, "clientX": x + dx, "clientY": y + dy})

        swipe(-120)  # towards the left: on
        expect(figure).to_have_attribute("data-step", "1")
        swipe(-120, 200)  # mostly down: the page scrolls, the board stays
        swipe(-20)  # too short
        swipe(-120, kind="mouse")  # a mouse drag is not a swipe
        expect(figure).to_have_attribute("data-step", "1")
        swipe(150)  # towards the right: back
        expect(figure).to_have_attribute("data-step", "0")
    finally:
        context.close()


def test_without_javascript_every_step_is_on_the_page(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        for spot in placed(site):
            if not page.url.endswith(spot.page):
                page.goto(site.url + spot.page)
            figure = page.locator(f"figure[data-plakoto-diagram='{spot.diagram}']").first
            frames = figure.locator(".frame")
            expect(frames).to_have_count(spot.frames)
            for index in range(spot.frames):
                expect(frames.nth(index)).to_be_visible()
                assert frames.nth(index).locator("svg.board").count() == 1
            expect(figure.locator(".controls")).to_be_hidden()
    finally:
        context.close()


def test_on_a_laptop_the_board_its_caption_and_buttons_fit_one_screen(browser: Browser, site: BuiltSite) -> None:
    # 1366 x 650 is a common laptop's window: the whole figure can be seen while stepping.
    context = browser.new_context(viewport={"width": 1366, "height": 650})
    try:
        page = context.new_page()
        page.goto(site.url + "en/opening/index.html")
        figure = page.locator("figure#opening-roll")
        for step in range(3):
            if step:
                figure.locator("[data-action='next']").click()
            board = figure.locator(".frame:visible svg").bounding_box()
            controls = figure.locator(".controls").bounding_box()
            assert board is not None and controls is not None
            assert controls["y"] + controls["height"] - board["y"] <= 650
    finally:
        context.close()


@pytest.mark.parametrize(("width", "scheme"), [(360, "light"), (1280, "dark")])
def test_the_embed_box_folds_behind_a_small_control_at_the_end_of_the_controls(
        browser: Browser, site: BuiltSite, width: int, scheme: str) -> None:
    """For a learner the embed box is one icon-sized control after the step buttons, on their
    row; its name says what it is to a screen reader; Tab reaches it and Enter opens it."""
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(site.url + "en/pinning/index.html")
        figure = page.locator("figure#pin-sequence")
        summary = figure.locator(".embed-code summary")
        expect(summary).to_have_accessible_name("Embed this diagram")
        expect(summary).to_have_text("Embed this diagram")  # its only text, hidden from sight
        box, controls, last = (figure.locator(s).bounding_box() for s in
                               (".embed-code summary", ".controls", "button[data-action='last']"))
        view = figure.locator(".view").bounding_box()
        assert box and controls and last and view
        assert box["width"] <= 48 and box["height"] <= 48  # icon-sized, yet a 44-px target
        assert box["width"] >= 44 and box["height"] >= 44
        assert abs(box["y"] - controls["y"]) < 2  # on the controls' row...
        assert box["x"] >= last["x"] + last["width"]  # ...after the last button...
        assert abs(box["x"] + box["width"] - (view["x"] + view["width"])) < 2  # ...at the board's end
        expect(figure.locator(".embed-code textarea")).to_be_hidden()
        figure.locator("button[data-action='last']").focus()
        page.keyboard.press("Tab")
        expect(summary).to_be_focused()
        page.keyboard.press("Enter")
        expect(figure.locator(".embed-code textarea")).to_be_visible()
        opened = figure.locator(".embed-code").bounding_box()
        assert opened and opened["width"] >= view["width"] - 2  # open, it takes the whole width
        now, row = summary.bounding_box(), figure.locator(".controls").bounding_box()
        assert now and row and now["x"] == box["x"] and abs(now["y"] - row["y"]) < 2  # the control stays put
        figure.locator("button[data-action='next']").click()  # the step buttons still take clicks
        expect(figure).to_have_attribute("data-step", "1")
        summary.click()
        expect(figure.locator(".embed-code textarea")).to_be_hidden()
    finally:
        context.close()
