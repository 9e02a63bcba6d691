"""A diagram carried in a link: ``build.py diagram --link FILE`` prints an address of the
built site's ``<lang>/embed/view/`` page, which draws the same steps as the figure the build
makes of the file; a damaged link shows a message, never a board."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from ..conftest import ServeDirectory
from .conftest import REPO, BuiltSite

EXAMPLE = REPO / "examples" / "my-diagram.toml"

SHAPES = """svg => [...svg.querySelectorAll("circle, rect")]
    .filter(e => !e.closest(".base") && !e.classList.contains("from-mark"))
    .map(e => [e.tagName, e.getAttribute("class").replace(" ck-moved", ""),
               +(e.getAttribute("cx") || e.getAttribute("x")), +(e.getAttribute("cy") || e.getAttribute("y"))])
    .sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "build.py"), "diagram", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def link(site: BuiltSite, lang: str = "en") -> str:
    done = run("--link", str(EXAMPLE), "--base-url", site.url, "--lang", lang)
    assert done.returncode == 0, done.stderr
    address = done.stdout.strip()
    assert address.startswith(f"{site.url}{lang}/embed/view/#1.")
    return address


def steps_of_the_built_figure(page: Page, static_server: ServeDirectory, tmp_path: Path) -> list[list[list[object]]]:
    out = tmp_path / "built"
    done = run(str(EXAMPLE), "--out", str(out), "--base-url", "http://127.0.0.1/")
    assert done.returncode == 0, done.stderr
    page.goto(static_server(out) + "en/embed/pin-on-five/index.html")
    frames = page.locator("figure[data-plakoto-diagram] .frame svg.board")
    return [frames.nth(i).evaluate(SHAPES) for i in range(frames.count())]


def viewer(page: Page) -> Locator:
    return page.locator("plakoto-diagram")


@pytest.mark.browser
def test_the_link_draws_the_steps_of_the_built_figure(page: Page, site: BuiltSite, static_server: ServeDirectory,
                                                      tmp_path: Path) -> None:
    built = steps_of_the_built_figure(page, static_server, tmp_path)
    assert len(built) == 2  # the start and the pin
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link(site))
    shown = viewer(page)
    expect(shown.locator("svg.board")).to_have_count(1)
    expect(shown.locator(".plakoto-title")).to_have_text("Pinning a lone checker on the 5 point")
    expect(shown.locator(".plakoto-caption")).to_have_text("Black has left a single checker on White's 5 point.")
    drawn: list[list[list[object]]] = []
    for step in range(len(built)):
        if step:
            shown.get_by_role("button", name="Next step").click()
        expect(shown).to_have_attribute("data-step", str(step))
        drawn.append(shown.locator("svg.board").evaluate(SHAPES))
    for one, two in zip(drawn, built, strict=True):
        assert sorted(map(tuple, one)) == sorted(map(tuple, two)), (set(map(tuple, one)) ^ set(map(tuple, two)))
    assert drawn == built
    expect(shown.get_by_role("button", name="Next step")).to_be_disabled()
    assert errors == []


@pytest.mark.browser
def test_the_link_speaks_the_language_it_names(page: Page, site: BuiltSite) -> None:
    page.goto(link(site, "ru"))
    expect(viewer(page).locator(".plakoto-caption")).to_have_text("Чёрные оставили одинокую шашку на пятом пункте белых.")
    expect(viewer(page).locator(".turn-text")).to_have_text("Ход белых")


@pytest.mark.browser
@pytest.mark.parametrize("damage", ["one letter changed", "cut short", "no version", "not base64"])
def test_a_damaged_link_shows_a_message_not_a_board(page: Page, site: BuiltSite, damage: str) -> None:
    address = link(site)
    base, payload = address.split("#1.")
    middle = len(payload) // 2
    damaged = {
        "one letter changed": f"{base}#1.{payload[:middle]}{'A' if payload[middle] != 'A' else 'B'}{payload[middle + 1:]}",
        "cut short": f"{base}#1.{payload[:-6]}",
        "no version": f"{base}#{payload}",
        "not base64": f"{base}#1.{payload[:10]}!!{payload[10:]}",
    }[damage]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(damaged)
    expect(viewer(page).locator(".plakoto-error")).to_contain_text("damaged")
    expect(page.locator("svg.board")).to_have_count(0)
    assert errors == []
