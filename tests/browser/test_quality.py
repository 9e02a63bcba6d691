"""Quality budgets on every page of every language: accessibility (axe-core), valid HTML
(the Nu Html Checker), links and fragments that resolve, no outside requests, a CSP."""

from __future__ import annotations

import json
import posixpath
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

from .conftest import REPO, BuiltSite

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
VNU = REPO / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def _pages(site: BuiltSite) -> list[str]:
    return [p for p in site.pages() if p != "404.html"]


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(browser: Browser, site: BuiltSite, scheme: str) -> None:
    assert AXE.exists(), "run `make test`: it installs axe-core from package.json"
    # axe is injected as an inline script, which the pages' own CSP rightly forbids.
    context = browser.new_context(bypass_csp=True, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        for name in _pages(site):
            page.goto(site.url + name)
            page.add_script_tag(path=str(AXE))
            result = page.evaluate(
                "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
            )
            for violation in result["violations"]:
                targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
                found.setdefault(name, []).append(f"{violation['id']}: {violation['help']} at {targets}")
    finally:
        context.close()
    assert found == {}


@pytest.mark.browser
def test_axe_with_a_stepped_diagram(browser: Browser, site: BuiltSite) -> None:
    """The stepping state (hidden frames, disabled buttons, live region) is accessible too."""
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    try:
        name = next(p for p in _pages(site) if Path(site.folder, p).read_text().count("data-action") >= 4
                    and "data-steps=\"3\"" in Path(site.folder, p).read_text())
        page.goto(site.url + name)
        page.locator("figure[data-steps='3'] button[data-action='next']").first.click()
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS)
        assert [v["id"] for v in result["violations"]] == []
    finally:
        context.close()


def test_html_is_valid(site: BuiltSite) -> None:
    java = shutil.which("java")
    assert java and VNU.exists(), "make test installs vnu-jar; Java comes with the machine"
    done = subprocess.run(
        [java, "-jar", str(VNU), "--format", "json", "--skip-non-html", str(site.folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(done.stderr or '{"messages": []}')["messages"]
    errors = [
        f"{m.get('url', '').rsplit('/_site/', 1)[-1]}:{m.get('lastLine')}: {m['message']}"
        for m in messages
        if m.get("type") == "error"
    ]
    assert errors == []
    assert done.returncode == 0


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.csp = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        for key in ("href", "src"):
            if values.get(key) and not (tag == "link" and values.get("rel") in ("canonical", "alternate")):
                self.links.append(values[key] or "")
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp = values.get("content") or ""


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_every_internal_link_and_fragment_resolves(site: BuiltSite) -> None:
    parsed = {name: _parse(site.folder / name) for name in site.pages()}
    broken: list[str] = []
    checked = 0
    for name, page in parsed.items():
        if name == "404.html":
            continue  # it links absolutely, to wherever the site lives
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                broken.append(f"{name}: {link} leaves the site")
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), unquote(parts.path))) if parts.path else name
            if target.endswith("/") or (site.folder / target).is_dir():
                target = posixpath.join(target, "index.html")
            if not (site.folder / target).is_file():
                broken.append(f"{name}: {link} → {target} does not exist")
            elif parts.fragment and target.endswith(".html"):
                ids = parsed[target].ids if target in parsed else _parse(site.folder / target).ids
                if parts.fragment not in ids:
                    broken.append(f"{name}: {link} → no id {parts.fragment!r} in {target}")
            checked += 1
    assert checked > 100
    assert broken == []


def test_every_page_has_a_strict_content_security_policy(site: BuiltSite) -> None:
    for name in site.pages():
        csp = _parse(site.folder / name).csp
        assert "script-src 'self'" in csp, name
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, name
        html = (site.folder / name).read_text()
        assert "<script>" not in html and " on" not in html.split("<body", 1)[1].split(">", 1)[0]


@pytest.mark.browser
def test_pages_request_nothing_from_outside(page: Page, site: BuiltSite) -> None:
    outside: list[str] = []

    def route(route: Route) -> None:
        if route.request.url.startswith(site.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", route)
    for name in site.pages():
        page.goto(site.url + name)
        page.wait_for_load_state("networkidle")
    assert outside == []
