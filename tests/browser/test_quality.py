"""Quality budgets on every page of every language: loads without errors, accessibility
(axe-core, light and dark), valid HTML (the Nu Html Checker), links and fragments that
resolve, alternates that answer, no outside requests, a CSP."""

from __future__ import annotations

import json
import posixpath
import shutil
import subprocess
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Request, Route

from .conftest import REPO, BuiltSite
from .test_site import LANGUAGES, watch

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
VNU = REPO / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def _pages(site: BuiltSite) -> list[str]:
    return [p for p in site.pages() if p != "404.html"]


KINDS = ("pages", "practice", "embed")
"""The site's pages in twelve groups, a language's lessons and other pages, its practice
pages (the drills), its embeds, so the test workers share the walk evenly."""


def _group(name: str) -> str:
    """``en-practice`` for ``en/practice/drills/pips/1/index.html``; the pages outside the
    language folders (the root's language picker) go with the first language's pages."""
    parts = name.split("/")
    if parts[0] not in LANGUAGES:
        return f"{LANGUAGES[0]}-pages"
    return f"{parts[0]}-{parts[1] if parts[1] in KINDS else 'pages'}"


@pytest.mark.browser
@pytest.mark.parametrize("group", [f"{lang}-{kind}" for lang in LANGUAGES for kind in KINDS])
def test_every_page_loads_cleanly_and_passes_axe_light_and_dark(
        browser: Browser, site: BuiltSite, group: str) -> None:
    """Each page visited once, and everything checked there: no console error or warning,
    no failed request, nothing asked of another origin, one heading that starts the title
    (a lesson's own title in its language), the alternate and canonical links answer, and
    axe finds nothing, in light and then in dark.

    The page keeps its Content Security Policy: axe is evaluated through the DevTools
    protocol, not added as an inline script, so a blocked inline script or style of the
    site's own still shows as a console error. Dark is the same page with the reader's
    scheme switched (``emulate_media``): only colours change there, so axe's colour rules
    run again (the rules of ``AXE_TAGS`` tagged ``cat.color``: contrast and links told
    apart by colour), not the whole set."""
    assert site.checked.content.settings.languages == LANGUAGES  # every page is in a group
    assert AXE.exists(), "run `make test`: it installs axe-core from package.json"
    axe = AXE.read_text(encoding="utf-8")
    pages = [name for name in _pages(site) if _group(name) == group]
    assert pages, group
    lessons = {f"{lang}/{item.lesson.slug}/index.html": item.lesson.title
               for lang, items in site.checked.lessons.items() for item in items}
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page)
    outside: list[str] = []

    def route(route: Route) -> None:
        if route.request.url.startswith(site.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", route)
    loading: set[Request] = set()  # the requests that have not answered yet
    page.on("request", lambda request: loading.add(request))
    page.on("requestfinished", lambda request: loading.discard(request))
    page.on("requestfailed", lambda request: loading.discard(request))
    found: dict[str, list[str]] = {}
    alternates: set[str] = set()
    try:
        for name in pages:
            page.emulate_media(color_scheme="light")
            page.goto(site.url + name)
            heading = page.locator("h1")
            assert heading.count() == 1, name
            shown = " ".join((heading.text_content() or "").split())
            assert shown and page.title().startswith(shown), (name, shown, page.title())
            if name in lessons:
                assert shown == lessons[name], name  # the lesson's own title, in its language
            alternates.update(page.eval_on_selector_all(
                "link[rel=alternate][hreflang], link[rel=canonical]",
                "links => links.map(link => link.getAttribute('href'))"))
            page.evaluate(axe)
            for scheme, run in (("light", AXE_ALL), ("dark", AXE_COLOUR)):
                if scheme == "dark":
                    page.emulate_media(color_scheme="dark")
                for violation in page.evaluate(run, AXE_TAGS):
                    targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
                    found.setdefault(f"{name} ({scheme})", []).append(
                        f"{violation['id']}: {violation['help']} at {targets}")
            answered(page, loading)  # what the page still fetches answers too
    finally:
        context.close()
    assert found == {}
    assert problems == []
    assert outside == []
    for href in sorted(alternates):
        assert href.startswith(site.url), href
        with urllib.request.urlopen(href) as response:  # noqa: S310 - our own loopback server
            assert response.status == 200, href


def answered(page: Page, loading: set[Request]) -> None:
    """Wait until every request the page made has answered (``watch`` has seen any that
    failed). Not ``networkidle``, which waits half a second more on every page: 2 minutes
    of the walk."""
    for _ in range(500):
        if not loading:
            return
        page.wait_for_timeout(20)  # events arrive while Playwright waits
    raise AssertionError(f"still loading after 10 s: {sorted(r.url for r in loading)}")


AXE_ALL = """tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
    .then(result => result.violations)"""
"""Every rule of ``tags``; ``resultTypes`` keeps axe from describing each passing node, which
is most of its time on a page of boards (the violations are reported in full)."""
AXE_COLOUR = """tags => axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'rule',
    values: axe.getRules(tags).filter(rule => rule.tags.includes('cat.color')).map(rule => rule.ruleId)}})
    .then(result => result.violations)"""


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
        result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", AXE_TAGS)
        assert [v["id"] for v in result["violations"]] == []
    finally:
        context.close()


JAVA_OPTIONS = ["-Xss8m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
"""The checker's Java, for one run of a few seconds: the quick compiler only, whose work pays
off within such a run where the optimising compiler's never did (5.4 against 12.4 processor
seconds for the same 2,006 messages, 2026-12-04); one garbage collector thread; and the
deeper stack that the quick compiler's code needs for the checker's HTML schema (without
it the checker stops: "StackOverflowError while evaluating HTML schema")."""


def test_html_is_valid(site: BuiltSite) -> None:
    java = shutil.which("java")
    assert java and VNU.exists(), "make test installs vnu-jar; Java comes with the machine"
    done = subprocess.run(
        [java, *JAVA_OPTIONS, "-jar", str(VNU), "--format", "json", "--skip-non-html", str(site.folder)],
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
