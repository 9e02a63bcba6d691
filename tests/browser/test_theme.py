"""Boards in someone else's page follow that page's light or dark scheme: an explicit
``data-theme``, then the host's usual markers, then a ``color-scheme`` on the root, then the
system (plakoto-scheme.js); embed frames get the article's scheme from the host script."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from playwright.sync_api import Page, expect

from plakoto_site.integrations.fence import assets, plakoto_plugin

from ..conftest import ServeDirectory
from .conftest import BuiltSite

FENCE = '```plakoto pin\nstart = "W:24x10,13x3,8,6;B:1x12,5,12x2;T:W"\n[[steps]]\nroll = "3-1"\nplay = "8/5* 6/5"\n```\n'
LIGHT_NUMBERS, DARK_NUMBERS = "rgb(35, 29, 23)", "rgb(238, 230, 218)"  # palette.py: fg, light and dark


def contrast_of(one: str, two: str) -> float:
    """WCAG's contrast ratio of two CSS colours written rgb(…) / rgba(…)."""
    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def shown_background(page: Page, selector: str) -> str:
    """The background colour really shown behind an element: its own or its nearest
    ancestor's that is not transparent (white when none is)."""
    return str(page.locator(selector).first.evaluate("""e => {
        for (let at = e; at; at = at.parentElement) {
            const colour = getComputedStyle(at).backgroundColor;
            if (colour && colour !== "transparent" && !/rgba\\(.*, 0\\)$/.test(colour)) return colour;
        }
        return "rgb(255, 255, 255)";
    }"""))


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory, static_server: ServeDirectory) -> Callable[[str, str], str]:
    """Factory: a page with a figure of the markdown-it plugin, the <html> and <body> tags
    given, served on its own origin."""
    folder = tmp_path_factory.mktemp("host")
    for name, content in assets().items():
        (folder / name).write_bytes(content)
    figure = MarkdownIt("commonmark").use(plakoto_plugin).render(FENCE)
    url = static_server(folder)
    count = iter(range(1000))

    def make(html: str, body: str = "<body>") -> str:
        name = f"page{next(count)}.html"
        (folder / name).write_text(
            f'<!doctype html>{html}<head><meta charset="utf-8"><title>Host</title>'
            f'<link rel="stylesheet" href="plakoto.css"><script src="diagram.js" defer></script></head>'
            f"{body}<h1>An article</h1>{figure}</body></html>")
        return url + name

    return make


def numbers(page: Page) -> str:
    figure = page.locator("figure[data-plakoto-diagram]")
    expect(figure).to_have_attribute("data-plakoto-scheme", re.compile("light|dark"))
    return str(figure.locator(".frame:not([hidden]) .pt-num").first.evaluate("e => getComputedStyle(e).fill"))


CASES = [
    # (the system's scheme, <html>, <body>, the board's scheme)
    ("light", "<html>", "<body>", "light"),
    ("dark", "<html>", "<body>", "dark"),
    ("light", '<html class="dark">', "<body>", "dark"),
    ("dark", '<html class="light">', "<body>", "light"),
    ("light", '<html data-theme="dark">', "<body>", "dark"),
    ("light", '<html data-bs-theme="dark">', "<body>", "dark"),
    ("dark", "<html>", '<body data-md-color-scheme="default">', "light"),
    ("light", "<html>", '<body data-md-color-scheme="slate">', "dark"),
    ("light", '<html style="color-scheme: dark">', "<body>", "dark"),
    ("dark", '<html style="color-scheme: light">', "<body>", "light"),
    ("dark", '<html style="color-scheme: light dark">', "<body>", "dark"),  # both: the system's
]


@pytest.mark.browser
@pytest.mark.parametrize(("system", "html", "body", "wanted"), CASES)
def test_the_board_takes_the_hosts_scheme(page: Page, host: Callable[[str, str], str], system: str, html: str,
                                          body: str, wanted: str) -> None:
    page.emulate_media(color_scheme=system)  # type: ignore[arg-type]
    page.goto(host(html, body))
    assert numbers(page) == (DARK_NUMBERS if wanted == "dark" else LIGHT_NUMBERS)
    expect(page.locator("figure[data-plakoto-diagram]")).to_have_attribute("data-plakoto-scheme", wanted)


@pytest.mark.browser
def test_an_explicit_scheme_wins_and_a_toggle_is_followed(page: Page, host: Callable[[str, str], str]) -> None:
    page.emulate_media(color_scheme="light")
    page.goto(host("<html>", "<body>"))
    assert numbers(page) == LIGHT_NUMBERS
    page.evaluate("document.documentElement.classList.add('dark')")  # the site's own toggle
    expect(page.locator("figure")).to_have_attribute("data-plakoto-scheme", "dark")
    assert numbers(page) == DARK_NUMBERS
    page.evaluate("document.querySelector('figure').setAttribute('data-theme', 'light')")  # the author's choice
    page.evaluate("document.documentElement.classList.remove('dark'); document.documentElement.classList.add('dark')")
    expect(page.locator("figure")).to_have_attribute("data-plakoto-scheme", "light")
    assert numbers(page) == LIGHT_NUMBERS
    page.emulate_media(color_scheme="dark")  # the system changes: the explicit choice stays
    page.evaluate("document.documentElement.classList.remove('dark')")
    expect(page.locator("figure")).to_have_attribute("data-plakoto-scheme", "light")
    # The numbers read on the page's background, and on the board's own plate.
    page.evaluate("document.querySelector('figure').removeAttribute('data-theme');"
                  "document.body.style.background = '#111'; document.documentElement.classList.add('dark')")
    expect(page.locator("figure")).to_have_attribute("data-plakoto-scheme", "dark")
    assert contrast_of(numbers(page), shown_background(page, "figure")) >= 4.5


ARTICLE = """<!doctype html><html{attributes}><head><meta charset="utf-8"><title>An article</title></head><body>
<iframe id="follows" src="{site}en/embed/pin-sequence/index.html" width="560" height="600" title="A diagram"></iframe>
<iframe id="chosen" src="{site}en/embed/pin-sequence/index.html?theme=light" width="560" height="600" title="Another"></iframe>
<script src="{site}assets/plakoto-embed.js" defer></script></body></html>"""


@pytest.mark.browser
def test_the_host_script_tells_frames_the_articles_scheme(page: Page, site: BuiltSite, static_server: ServeDirectory,
                                                          tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(ARTICLE.format(attributes=' class="dark"', site=site.url))
    page.emulate_media(color_scheme="light")
    page.goto(static_server(tmp_path) + "index.html")
    follows, chosen = page.frame_locator("#follows"), page.frame_locator("#chosen")
    expect(follows.locator("html")).to_have_attribute("data-theme", "dark")
    expect(chosen.locator("html")).to_have_attribute("data-theme", "light")  # ?theme= is the author's choice
    page.evaluate("document.documentElement.classList.remove('dark')")
    expect(follows.locator("html")).to_have_attribute("data-theme", "light")
    page.evaluate("document.documentElement.classList.add('dark')")
    expect(follows.locator("html")).to_have_attribute("data-theme", "dark")
    expect(chosen.locator("html")).to_have_attribute("data-theme", "light")
