"""The MkDocs plugin in a Material for MkDocs site (mkdocs-material from the registry), as
authors use it: instant navigation (which rewrites every ``href`` of the page it loads) and
the palette toggle (which sets ``data-md-color-scheme`` on the body)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..browser.test_theme import contrast_of, shown_background
from ..conftest import ServeDirectory
from .test_mkdocs import PINS

MKDOCS = Path(sys.executable).parent / "mkdocs"

CONFIG = """\
site_name: An article site
site_url: {url}
theme:
  name: material
  features:
    - navigation.instant
  palette:
    - scheme: default
      toggle:
        icon: material/brightness-7
        name: Switch to dark mode
    - scheme: slate
      toggle:
        icon: material/brightness-4
        name: Switch to light mode
plugins:
  - search
  - plakoto
"""

HOME = "# Home\n\nNo diagram on this page: read about [pins](sub/pins.md).\n"


@pytest.fixture(scope="module")
def material(tmp_path_factory: pytest.TempPathFactory, static_server: ServeDirectory) -> str:
    root = tmp_path_factory.mktemp("material")
    (root / "site").mkdir()
    url = static_server(root / "site")
    (root / "mkdocs.yml").write_text(CONFIG.format(url=url))
    (root / "docs" / "sub").mkdir(parents=True)
    (root / "docs" / "index.md").write_text(HOME)
    (root / "docs" / "sub" / "pins.md").write_text(PINS)
    done = subprocess.run([str(MKDOCS), "build"], cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return url


@pytest.mark.browser
def test_instant_navigation_to_a_diagram_shows_and_steps_it(page: Page, material: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(material)
    expect(page.locator("figure[data-plakoto-diagram]")).to_have_count(0)
    page.locator("article a", has_text="pins").click()
    page.wait_for_url("**/sub/pins/")
    figure = page.locator("figure[data-plakoto-diagram='pin-on-five']")
    # until the script has taken the figure, every frame shows (as without JavaScript)
    expect(figure.locator(".frame:not([hidden])")).to_have_count(1)
    expect(figure.locator(".frame:not([hidden]) svg.board")).to_be_visible()
    expect(figure).to_have_attribute("data-step", "0")
    figure.locator("button[data-action='next']").click()
    expect(figure).to_have_attribute("data-step", "1")
    # back home and to the diagram again: still one working figure
    page.go_back()
    page.wait_for_url(material)
    page.locator("article a", has_text="pins").click()
    expect(figure).to_have_attribute("data-step", "0")
    figure.locator("button[data-action='next']").click()
    expect(figure).to_have_attribute("data-step", "1")
    assert errors == []


@pytest.mark.browser
@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_board_follows_the_palette_toggle(page: Page, material: str, system: str) -> None:
    page.emulate_media(color_scheme=system)  # type: ignore[arg-type]
    page.goto(material + "sub/pins/")
    figure = page.locator("figure[data-plakoto-diagram='pin-on-five']")
    number = figure.locator(".frame:not([hidden]) .pt-num").first
    for scheme, wanted in (("slate", "dark"), ("default", "light"), ("slate", "dark")):
        if page.locator("body").get_attribute("data-md-color-scheme") != scheme:
            page.locator("form[data-md-component='palette'] label:visible").first.click()
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)
        expect(figure).to_have_attribute("data-plakoto-scheme", wanted)
        fill = number.evaluate("e => getComputedStyle(e).fill")
        # on the page's own background, and on the board's plate under the numbers
        assert contrast_of(fill, shown_background(page, "article")) >= 4.5, (scheme, fill)
        plate = figure.locator(".frame:not([hidden]) .plate").evaluate("e => getComputedStyle(e).fill")
        assert contrast_of(fill, plate) >= 4.5
    if system == "light":
        page.screenshot(path=str(Path("test-results") / "material-slate.png"), full_page=False)


@pytest.mark.browser
def test_on_a_phone_the_boards_numbers_stay_readable(page: Page, material: str) -> None:
    """At 360 pixels the board is drawn at about half size: the point numbers and pip lines
    get larger letters (as in the lessons), some 10 pixels high on the screen, not 7."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(material + "sub/pins/")
    frame = page.locator("figure[data-plakoto-diagram='pin-on-five'] .frame:not([hidden])")
    for selector in (".pt-num", ".info"):
        # the letters' size on the screen: the font size in board units, times the board's scale
        shown = frame.locator(selector).first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize) * e.ownerSVGElement.getBoundingClientRect().width"
            " / e.ownerSVGElement.viewBox.baseVal.width")
        assert shown >= 10, (selector, shown)
