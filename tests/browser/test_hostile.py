"""The scripts ignore what they did not write: corrupt storage, odd fragments, hostile
messages; and the 404 page works on any host and at any path."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import BuiltSite
from .test_exercises import answer_question, spots

pytestmark = pytest.mark.browser

STORE = "plakoto-progress-en"  # one record per language


def errors_of(page: Page) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


@pytest.mark.parametrize("stored", ["null", "123", "[]", "{not json", '"solved"', '{"__proto__": "x"}'])
def test_corrupt_progress_is_ignored_and_progress_is_saved(page: Page, site: BuiltSite, stored: str) -> None:
    spot = next(s for s in spots(site) if s.exercise.goal == "question" and s.lang == "en")
    errors = errors_of(page)
    page.add_init_script(f"window.localStorage.setItem({STORE!r}, {stored!r});")
    page.goto(site.url + "en/practice/index.html")
    expect(page.locator("[data-progress]")).to_be_visible()
    assert "You have solved 0 of" in (page.locator("[data-progress]").text_content() or "")
    root = page.locator(f"[data-plakoto-exercise='{spot.exercise.id}']").first
    answer_question(root, spot, right=True)
    expect(root).to_have_attribute("data-state", "solved")
    saved = page.evaluate(f"JSON.parse(window.localStorage.getItem({STORE!r}))")
    assert saved == {spot.exercise.id: "solved"}
    assert errors == []


def test_a_fragment_that_is_not_percent_encoding_is_ignored(page: Page, site: BuiltSite) -> None:
    errors = errors_of(page)
    page.goto(site.url + "en/pinning/index.html#%")
    figure = page.locator("figure[data-plakoto-diagram]").first
    expect(figure).to_have_attribute("data-step", "0")
    figure.locator("button[data-action='next']").click()
    expect(figure).to_have_attribute("data-step", "1")
    assert errors == []


HOSTILE_STEPS = [
    "({toString() { throw new Error('hostile'); }})",
    "({valueOf() { throw new Error('hostile'); }, toString() { throw new Error('hostile'); }})",
    "1e308", "-1", "2.5", "NaN", "Infinity", "'x'.repeat(100000)", "null", "[1]", "Symbol('s')",
]


def test_hostile_messages_are_ignored(page: Page, site: BuiltSite) -> None:
    """The frame hears only its parent window; what the parent says is checked before use.
    The messages are dispatched inside the frame with the parent as their source, as a
    real postMessage from the article would arrive, so that even a getter that throws reaches
    the script."""
    embed = sorted(p for p in site.folder.glob("en/embed/*/index.html") if p.parent.name != "view")[0]
    errors = errors_of(page)
    page.goto(site.url + "en/index.html")
    page.evaluate("src => new Promise(done => { const f = document.createElement('iframe'); f.onload = done;"
                  " f.src = src; document.body.append(f); })",
                  site.url + embed.relative_to(site.folder).as_posix())
    frame = page.frames[1]
    figure = frame.locator("figure[data-plakoto-diagram]")
    expect(figure).to_have_attribute("data-step", "0")

    def send(data: str) -> None:
        frame.evaluate(f"window.dispatchEvent(new MessageEvent('message', {{data: {data}, source: window.parent}}))")

    for step in HOSTILE_STEPS:
        send(f"{{type: 'plakoto:go', step: {step}}}")
    send("{get type() { throw new Error('hostile'); }}")
    send("'plakoto:go'")
    expect(figure).to_have_attribute("data-step", "0")
    # The same message from the frame itself (not its parent) is not heard.
    frame.evaluate("window.dispatchEvent(new MessageEvent('message', {data: {type: 'plakoto:go', step: 1},"
                   " source: window}))")
    expect(figure).to_have_attribute("data-step", "0")
    send("{type: 'plakoto:go', step: 1}")
    expect(figure).to_have_attribute("data-step", "1")
    assert errors == []


def test_the_404_page_is_styled_at_any_path_on_any_host(page: Page, site: BuiltSite, static_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "mirror" / "deep" / "er"
    elsewhere.mkdir(parents=True)
    (elsewhere / "missing.html").write_bytes((site.folder / "404.html").read_bytes())
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    url = str(static_server(tmp_path / "mirror")) + "deep/er/missing.html"
    page.goto(url)
    heading = page.locator("h1")
    expect(heading).to_have_text("Page not found")
    # The site's stylesheet sets the page's font and the list's layout; unstyled, both are the browser's.
    assert page.evaluate("getComputedStyle(document.body).fontFamily") != "Times New Roman"
    assert page.evaluate("getComputedStyle(document.querySelector('.choose-languages')).listStyleType") == "none"
    assert [r for r in requests if r != url] == []
