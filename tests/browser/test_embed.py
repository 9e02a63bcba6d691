"""Embedding: a diagram inside another site's article (another origin), its messages,
the per-step pictures, the filmstrip and oEmbed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from plakoto_site.content.markdown import placements
from plakoto_site.engine import Position
from plakoto_site.render.embed import compact_height

from ..conftest import ServeDirectory
from .conftest import BuiltSite

NS = {"s": "http://www.w3.org/2000/svg"}
LIGHT_BACKGROUND = "rgb(253, 250, 244)"
DARK_BACKGROUND = "rgb(25, 21, 18)"

ARTICLE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An article</title></head>
<body><h1>My article about Plakoto</h1>
<iframe id="board" src="{src}" width="560" height="{height}" title="A Plakoto diagram"></iframe>
<script>
  window.received = [];
  window.addEventListener("message", function (event) {{ window.received.push(event.data); }});
  function go(step) {{ document.getElementById("board").contentWindow.postMessage({{type: "plakoto:go", step: step}}, "*"); }}
</script></body></html>"""


# As WordPress 6.1 shows an oEmbed from a provider it does not trust: a sandbox without
# allow-same-origin (the frame has an opaque origin), the style and every other attribute gone.
SANDBOXED = ARTICLE.replace('<iframe id="board"', '<iframe id="board" class="wp-embedded-content" '
                                                  'sandbox="allow-scripts" security="restricted"')


def embeds(site: BuiltSite, lang: str = "*") -> list[Path]:
    """Each diagram's embed page; ``<lang>/embed/view/`` draws a diagram from its link and is
    no diagram's own."""
    return sorted(p for p in site.folder.glob(f"{lang}/embed/*/index.html") if p.parent.name != "view")


@pytest.fixture
def article(site: BuiltSite, static_server: ServeDirectory, tmp_path: Path) -> Callable[..., str]:
    def make(src: str, height: int = 800, page: str = ARTICLE) -> str:
        folder = tmp_path / "article"
        folder.mkdir(exist_ok=True)
        (folder / "index.html").write_text(page.format(src=src, height=height))
        return str(static_server(folder)) + "index.html"

    return make


def frame(page: Page) -> FrameLocator:
    return page.frame_locator("#board")


def messages(page: Page, kind: str) -> list[dict[str, Any]]:
    return [m for m in page.evaluate("window.received") if isinstance(m, dict) and m.get("type") == kind]


@pytest.mark.browser
def test_an_article_on_another_origin_embeds_and_drives_a_diagram(page: Page, site: BuiltSite, article) -> None:  # type: ignore[no-untyped-def]
    url = article(site.url + "ru/embed/pin-sequence/index.html")
    assert url.split("/")[2] != site.url.split("/")[2]  # another origin (port)
    page.goto(url)
    history = page.evaluate("history.length")
    figure = frame(page).locator("figure[data-plakoto-diagram='pin-sequence']")
    expect(figure).to_have_attribute("data-step", "0")
    expect(frame(page).locator(".frame:not([hidden]) svg.board")).to_be_visible()
    page.wait_for_function("window.received.some(m => m && m.type === 'plakoto:resize')")
    height = messages(page, "plakoto:resize")[-1]["height"]
    assert 400 < height < 1200

    frame(page).locator("button[data-action='next']").click()
    expect(figure).to_have_attribute("data-step", "1")
    page.wait_for_function("window.received.some(m => m && m.type === 'plakoto:step')")
    assert messages(page, "plakoto:step")[-1] == {"type": "plakoto:step", "diagram": "pin-sequence", "step": 1}

    frame(page).locator(".view").focus()
    page.keyboard.press("Home")
    expect(figure).to_have_attribute("data-step", "0")
    page.keyboard.press("End")
    expect(figure).to_have_attribute("data-step", "1")

    page.evaluate("go(0)")
    expect(figure).to_have_attribute("data-step", "0")
    page.evaluate("go('pin')")  # a step name works too
    expect(figure).to_have_attribute("data-step", "1")
    assert page.evaluate("history.length") == history  # stepping inside the frame adds no history


@pytest.mark.browser
def test_step_and_theme_parameters(page: Page, site: BuiltSite) -> None:
    base = site.url + "en/embed/opening-roll/index.html"
    page.goto(base + "?step=2&theme=dark")
    expect(page.locator("figure")).to_have_attribute("data-step", "2")
    assert page.locator("html").get_attribute("data-theme") == "dark"
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.goto(base + "?step=1&theme=light")
    expect(page.locator("figure")).to_have_attribute("data-step", "1")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light and light == LIGHT_BACKGROUND and dark == DARK_BACKGROUND
    name = page.locator(".frame").nth(1).get_attribute("data-step-name")
    page.goto(f"{base}?step={name}")
    expect(page.locator("figure")).to_have_attribute("data-step", "1")


@pytest.mark.browser
def test_no_scrollbars_at_the_suggested_size(page: Page, site: BuiltSite) -> None:
    pages = embeds(site)
    assert len(pages) > 100
    for path in pages:
        oembed = json.loads((path.parent / "oembed.json").read_text())
        page.set_viewport_size({"width": oembed["width"], "height": oembed["height"]})
        page.goto(site.url + path.relative_to(site.folder).as_posix())
        steps = int(page.locator("figure").get_attribute("data-steps") or "1")
        for step in range(steps):
            if step:
                page.locator("button[data-action='next']").click()
            overflow = page.evaluate("[document.documentElement.scrollHeight - innerHeight,"
                                     " document.documentElement.scrollWidth - innerWidth]")
            assert overflow[0] <= 0 and overflow[1] <= 0, (path, step, overflow)
            # Not too tall either: the suggested height is the page's own, within a few pixels.
            content = page.evaluate("document.documentElement.getBoundingClientRect().height")
            assert abs(content - oembed["height"]) <= 3, (path, step, content, oembed["height"])


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 800])
def test_the_height_computed_at_build_time_is_the_real_height_at_any_width(page: Page, site: BuiltSite,
                                                                           width: int) -> None:
    pages = embeds(site, "el")
    assert len(pages) == 27
    for path in pages:
        page.set_viewport_size({"width": width, "height": 1000})
        page.goto(site.url + path.relative_to(site.folder).as_posix())
        steps = int(page.locator("figure").get_attribute("data-steps") or "1")
        for step in range(steps):
            if step:
                page.locator("button[data-action='next']").click()
            content = page.evaluate("document.documentElement.getBoundingClientRect().height")
            expected = compact_height(width, steps)
            assert abs(content - expected) <= 3, (path, step, content, expected)


@pytest.mark.browser
def test_the_compact_embed_unfolds_its_text_and_says_its_new_height(page: Page, site: BuiltSite, article) -> None:  # type: ignore[no-untyped-def]
    page.goto(article(site.url + "uk/embed/pin-sequence/index.html"))
    first = wait_for(page, "plakoto:resize")["height"]
    assert abs(first - compact_height(560, 2)) <= 3
    caption = frame(page).locator(".frame:not([hidden]) .frame-caption")
    expect(caption).to_be_hidden()
    toggle = frame(page).locator("button[data-action='text']")
    toggle.click()
    expect(caption).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    grown = wait_for(page, "plakoto:resize", 2)["height"]
    assert grown > first + 20
    toggle.click()
    expect(caption).to_be_hidden()
    assert abs(wait_for(page, "plakoto:resize", 3)["height"] - first) <= 1


def test_pictures_show_the_same_positions_as_the_page(site: BuiltSite) -> None:
    checked = 0
    for path in embeds(site):
        html = path.read_text()
        page_title = unescape(html.split("<title>", 1)[1].split("</title>", 1)[0])
        positions = [json.loads(p.replace("&#34;", '"').replace("&quot;", '"'))
                     for p in __import__("re").findall(r'data-position="([^"]*)"', html)]
        assert positions
        for frame_number, expected in enumerate(positions):
            root = ET.parse(path.parent / f"{frame_number}.svg").getroot()
            assert json.loads(root.get("data-position") or "{}") == expected
            title = root.findtext("s:title", namespaces=NS) or ""
            assert title.startswith(page_title + " — "), (path, frame_number, title)
            position = Position.from_json(expected)
            # Columns and rows from where the picture writes each point's number; that
            # they run as on a real board is tests/render/test_svg.py's business.
            labels = {int(t.text or 0): (t.get("x"), float(t.get("y") or 0))
                      for t in root.iterfind(".//s:text", NS) if t.get("class") == "pt-num"}
            middle = (labels[1][1] + labels[24][1]) / 2
            # Each checker is a circle of class "ck" (no <use>: tests/site/test_pictures.py).
            checkers = [c for c in root.iterfind(".//s:circle", NS) if "ck" in (c.get("class") or "").split()]
            for info in position.points():
                x = labels[info.point][0]
                top = info.point >= 13
                drawn = [c for c in checkers if c.get("cx") == x
                         and (float(c.get("cy") or 0) < middle) == top and float(c.get("cy") or 0) < labels[1][1]]
                shown = min(info.count, 4 if info.pinned else 5) + (1 if info.pinned else 0)
                assert len(drawn) == shown, (path, frame_number, info)
            checked += 1
        strip = ET.parse(path.parent / "filmstrip.svg").getroot()
        assert len(strip.findall("s:svg", NS)) == len(positions)
    assert checked > 200


def test_oembed_is_valid_and_points_to_pages_that_exist(site: BuiltSite) -> None:
    for path in embeds(site):
        data = json.loads((path.parent / "oembed.json").read_text())
        assert data["version"] == "1.0" and data["type"] == "rich"
        assert isinstance(data["width"], int) and isinstance(data["height"], int)
        lang = path.relative_to(site.folder).parts[0]
        catalog = site.checked.translations[lang]
        # the diagram's own title (the title: line of its fence), then the game's name
        titles: dict[str, str | None] = {}
        for item in site.checked.lessons[lang]:  # as the first lesson that places it names it
            for placement in placements(item.tokens):
                titles.setdefault(placement.diagram, placement.title)
        own, _, plakoto = data["title"].rpartition(" · ")
        assert own == titles[path.parent.name] and plakoto == catalog.gettext("Plakoto"), data["title"]
        assert data["provider_name"] == catalog.gettext("Plakoto, step by step"), path
        src = data["html"].split('src="', 1)[1].split('"', 1)[0]
        for url in (src, data["thumbnail_url"], data["provider_url"]):
            assert url.startswith(site.url), url
            target = site.folder / url.removeprefix(site.url)
            assert target.is_file() or (target / "index.html").is_file(), url
        page = path.read_text()
        assert 'type="application/json+oembed"' in page
        assert f'href="{site.url}{path.parent.relative_to(site.folder).as_posix()}/oembed.json"' in page


def test_lesson_diagrams_offer_their_embed(site: BuiltSite) -> None:
    lesson = (site.folder / "el/pinning/index.html").read_text()
    assert 'data-embed-url="../embed/pin-sequence/index.html"' in lesson
    assert "<textarea" in lesson and "&lt;iframe src=&#34;" + site.url + "el/embed/pin-sequence/index.html" in lesson


def wait_for(page: Page, kind: str, count: int = 1) -> dict[str, Any]:
    page.wait_for_function(f"window.received.filter(m => m && m.type === {kind!r}).length >= {count}")
    return messages(page, kind)[count - 1]


@pytest.mark.browser
@pytest.mark.parametrize("host_page", [ARTICLE, SANDBOXED], ids=["plain", "wordpress-like-sandbox"])
def test_the_frame_says_it_is_ready_obeys_a_theme_and_answers_a_wrong_step(
        page: Page, site: BuiltSite, article: Callable[..., str], host_page: str) -> None:
    # The article is on 127.0.0.1, the frame on localhost: two origins, as a blog and the tutorial.
    src = site.url.replace("127.0.0.1", "localhost") + "en/embed/pin-sequence/index.html"
    page.goto(article(src, page=host_page))
    assert page.url.split("/")[2].split(":")[0] == "127.0.0.1"
    ready = wait_for(page, "plakoto:ready")
    assert ready["diagram"] == "pin-sequence" and ready["step"] == 0
    assert ready["steps"] == 2 and ready["names"] == ["start", "pin"]
    assert ready["theme"] in ("light", "dark")

    figure = frame(page).locator("figure[data-plakoto-diagram='pin-sequence']")
    page.evaluate("go(2)")  # only 0 and 1 exist
    error = wait_for(page, "plakoto:error")
    assert error["step"] == 0 and "no step 2" in error["message"] and "0 to 1" in error["message"]
    assert "start, pin" in error["message"]
    page.evaluate("go('nowhere')")
    assert "no step \"nowhere\"" in wait_for(page, "plakoto:error", 2)["message"]
    expect(figure).to_have_attribute("data-step", "0")
    page.evaluate("go(1)")
    expect(figure).to_have_attribute("data-step", "1")
    assert len(messages(page, "plakoto:error")) == 2

    body = frame(page).locator("body")
    page.evaluate("document.getElementById('board').contentWindow.postMessage("
                  "{type: 'plakoto:theme', theme: 'dark'}, '*')")
    expect(frame(page).locator("html")).to_have_attribute("data-theme", "dark")
    expect(body).to_have_css("background-color", DARK_BACKGROUND)
    page.evaluate("document.getElementById('board').contentWindow.postMessage("
                  "{type: 'plakoto:theme', theme: 'light'}, '*')")
    expect(body).to_have_css("background-color", LIGHT_BACKGROUND)
    page.evaluate("document.getElementById('board').contentWindow.postMessage("
                  "{type: 'plakoto:theme', theme: 'blue'}, '*')")
    assert "theme" in wait_for(page, "plakoto:error", 3)["message"]

    # The height it reports is the height of its content, and fits the frame suggested.
    height = messages(page, "plakoto:resize")[-1]["height"]
    content = frame(page).locator("html").evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
    assert abs(height - content) <= 2 and 400 < height <= 800


# A second frame in the same article, which can reach its sibling through parent.frames.
WITH_SIBLING = ARTICLE.replace("<script>", """<iframe id="sibling" title="another widget" srcdoc="<script>
  function attack(message) {{ parent.frames[0].postMessage(message, '*'); }}
</script>"></iframe>
<script>""", 1)


@pytest.mark.browser
def test_only_the_parent_window_drives_the_frame(page: Page, site: BuiltSite, article: Callable[..., str]) -> None:
    src = site.url + "en/embed/pin-sequence/index.html"
    page.goto(article(src, page=WITH_SIBLING))
    wait_for(page, "plakoto:ready")
    figure = frame(page).locator("figure[data-plakoto-diagram='pin-sequence']")
    # the frame hears the messages (a listener of the test's own records them), obeys none
    frame(page).locator("html").evaluate("""() => { window.heard = [];
        window.addEventListener('message', e => window.heard.push(e.data)); }""")
    page.evaluate("document.getElementById('sibling').contentWindow.attack({type: 'plakoto:go', step: 1})")
    page.evaluate("document.getElementById('sibling').contentWindow.attack({type: 'plakoto:theme', theme: 'dark'})")
    frame(page).locator("html").evaluate("() => new Promise(r => { const t = () => window.heard.length >= 2 ? r() : setTimeout(t, 20); t(); })")
    expect(figure).to_have_attribute("data-step", "0")
    assert frame(page).locator("html").get_attribute("data-theme") is None
    page.evaluate("go(1)")  # the article itself is obeyed
    expect(figure).to_have_attribute("data-step", "1")

    # a page that opened the diagram in a window of its own
    with page.expect_popup() as opened:
        page.evaluate(f"window.popup = window.open({src!r})")
    popup = opened.value
    expect(popup.locator("figure")).to_have_attribute("data-step", "0")
    popup.evaluate("() => { window.heard = []; window.addEventListener('message', e => window.heard.push(e.data)); }")
    page.evaluate("window.popup.postMessage({type: 'plakoto:go', step: 1}, '*')")
    popup.wait_for_function("window.heard.length >= 1")
    expect(popup.locator("figure")).to_have_attribute("data-step", "0")
    popup.close()


@pytest.mark.browser
def test_embed_this_step_gives_the_snippet_for_the_step_shown(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "en/pinning/index.html")
    figure = page.locator("figure#pin-sequence")
    figure.locator(".embed-code summary").click()
    code = figure.locator(".embed-code textarea")
    first = code.input_value()
    assert 'src="' + site.url + 'en/embed/pin-sequence/index.html"' in first
    figure.locator("button[data-action='next']").click()
    assert code.input_value() == first  # not ticked: the snippet opens at the start
    figure.locator("input[data-embed-step]").check()
    assert 'src="' + site.url + 'en/embed/pin-sequence/index.html?step=pin"' in code.input_value()
    figure.locator("button[data-action='first']").click()
    assert code.input_value() == first
    figure.locator("button[data-action='last']").click()
    figure.locator("input[data-embed-step]").uncheck()
    assert code.input_value() == first


def test_the_gallery_lists_all_diagrams_of_each_language(site: BuiltSite) -> None:
    for lang in site.checked.lessons:
        gallery = (site.folder / lang / "embed/index.html").read_text()
        listed = [p.parent.name for p in embeds(site, lang)]
        assert len(listed) == 27
        for name in listed:
            assert f'<section class="gallery-item" id="{name}">' in gallery
            assert f'<img src="{name}/0.svg"' in gallery



@pytest.mark.browser
def test_the_gallery_shows_each_picture_in_the_readers_scheme(page: Page, site: BuiltSite) -> None:
    # A standalone picture keeps one scheme (another site's <img> must match that site):
    # the gallery offers the dark one where the reader's system is dark, whose words and
    # point numbers would be dark on dark in the light one.
    schemes: tuple[tuple[Literal["light", "dark"], str], ...] = (
        ("light", "/start-position/0.svg"), ("dark", "/start-position/0.dark.svg"))
    for scheme, ending in schemes:
        page.emulate_media(color_scheme=scheme)
        page.goto(site.url + "ru/embed/index.html")
        picture = page.locator("#start-position img")
        expect(picture).to_have_js_property("complete", True)
        shown = picture.evaluate("img => [img.currentSrc, img.naturalWidth]")
        assert shown[0].endswith(ending) and shown[1] > 0, (scheme, shown)


HOSTED = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>
<script src="{script}" defer></script></head><body><h1>A post</h1>
<iframe id="board" src="{{src}}" width="560" height="{{height}}" title="A diagram" style="border:0"></iframe>
<iframe id="other" srcdoc="<p>not ours</p>" width="300" height="{{height}}" style="border:0"></iframe>
<script>window.received = [];</script></body></html>"""


@pytest.mark.browser
def test_the_host_script_resizes_frames_live(page: Page, site: BuiltSite, article) -> None:  # type: ignore[no-untyped-def]
    host = site.url.replace("127.0.0.1", "localhost")
    url = article(host + "en/embed/pin-sequence/index.html", height=150,
                  page=HOSTED.format(script=host + "assets/plakoto-embed.js"))
    page.goto(url)
    board = page.locator("#board")
    page.wait_for_function("document.getElementById('board').getBoundingClientRect().height > 300")
    height = board.evaluate("e => e.getBoundingClientRect().height")
    assert abs(height - compact_height(560, 2)) <= 3
    frame(page).locator("button[data-action='text']").click()
    page.wait_for_function(f"document.getElementById('board').getBoundingClientRect().height > {height + 20}")
    inside = frame(page).locator("html").evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
    assert abs(board.evaluate("e => e.getBoundingClientRect().height") - inside) <= 2
    assert page.locator("#other").evaluate("e => e.getBoundingClientRect().height") == 150  # not ours


PHONE_ARTICLE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A post</title>
<style>body {{ margin: 0 }} main {{ max-width: 680px; margin: 0 auto; padding: 0 24px }}</style></head>
<body><main><h1>A post</h1><p>Before the diagram.</p>
{snippet}
<p id="after">After the diagram.</p></main></body></html>"""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [360, 800])
@pytest.mark.parametrize("diagram", ["pin-sequence", "start-position"])  # two steps, and one
def test_the_snippet_fits_its_content_at_a_phones_width_without_a_script(
        page: Page, site: BuiltSite, static_server: ServeDirectory, tmp_path: Path, viewport: int,
        diagram: str) -> None:
    # The snippet as an author copies it (the oEmbed answer's html is the same), in a post
    # whose column is 360 - 2 × 24 = 312 pixels on a phone and 560 on a desktop: no script.
    snippet = json.loads((site.folder / f"en/embed/{diagram}/oembed.json").read_text())["html"]
    (tmp_path / "index.html").write_text(PHONE_ARTICLE.format(snippet=snippet))
    page.set_viewport_size({"width": viewport, "height": 900})
    page.goto(str(static_server(tmp_path)) + "index.html")
    board = page.locator("iframe")
    inside = page.frame_locator("iframe")
    expect(inside.locator("figure[data-plakoto-diagram]")).to_be_visible()
    # Measured once the frame has its stylesheet: the figure is in its DOM, and can be laid
    # out, before then (a loaded machine once measured the unstyled page, 587 px high).
    frame = board.element_handle().content_frame()
    assert frame is not None
    frame.wait_for_load_state("load")
    box = board.bounding_box()
    assert box is not None
    assert box["width"] == {360: 312, 800: 560}[viewport]
    steps = int(inside.locator("figure").get_attribute("data-steps") or "1")
    for step in range(steps):
        if step:
            inside.locator("button[data-action='next']").click()
            expect(inside.locator("figure")).to_have_attribute("data-step", str(step))
        content, scroll, view = inside.locator("html").evaluate(
            "e => [e.getBoundingClientRect().height, e.scrollHeight, innerHeight]")
        assert scroll <= view, (diagram, step, "cut: the frame scrolls", scroll, view)
        blank = box["height"] - content
        assert 0 <= blank < 4, (diagram, step, "blank under the board", blank)
    # The text after the frame starts right under it.
    after = page.locator("#after").bounding_box()
    assert after is not None and after["y"] - (box["y"] + box["height"]) < 24


# What WordPress 6.1 makes of the oEmbed answer of a provider it does not trust (seen on a
# real WordPress: wp_filter_oembed_result): the link, and the frame hidden, sandboxed and
# given a secret; then its wp-embed script, here in the few lines that matter (WordPress's
# wp-includes/js/wp-embed.js): a {message: "height", value, secret} from the frame shows it
# at that height (200 to 1000) and hides the link.
WORDPRESS_UNTRUSTED = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A post</title>
<style>body {{ margin: 0 }} main {{ max-width: 680px; margin: 0 auto; padding: 0 24px }}
.wp-block-embed {{ margin: 0 }} .wp-block-embed iframe {{ max-width: 100% }}</style></head>
<body><main><h1>A post</h1><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">
<blockquote class="wp-embedded-content" data-secret="Xy12ab"><a href="{src}">A diagram</a></blockquote><iframe
 class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; clip: rect(1px, 1px, 1px, 1px);"
 title="A diagram" src="{src}#?secret=Xy12ab" data-secret="Xy12ab" width="560" height="{height}"></iframe></div></figure>
<script>
  window.received = [];
  window.addEventListener("message", function (e) {{
    var d = e.data; window.received.push(d);
    if (!d || !d.secret || /[^a-zA-Z0-9]/.test(d.secret)) return;
    document.querySelectorAll('blockquote[data-secret="' + d.secret + '"]').forEach(function (b) {{ b.style.display = "none"; }});
    document.querySelectorAll('iframe[data-secret="' + d.secret + '"]').forEach(function (f) {{
      if (e.source !== f.contentWindow) return;
      f.removeAttribute("style");
      if (d.message === "height") f.height = Math.min(1000, Math.max(200, parseInt(d.value, 10)));
    }});
  }});
</script></main></body></html>"""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [360, 800])
def test_wordpress_without_the_plugin_shows_the_frame_at_its_height(page: Page, site: BuiltSite,
                                                                    article: Callable[..., str], viewport: int) -> None:
    page.set_viewport_size({"width": viewport, "height": 900})
    page.goto(article(site.url + "en/embed/pin-sequence/index.html", height=579, page=WORDPRESS_UNTRUSTED))
    board = page.locator("iframe")
    page.wait_for_function("!document.querySelector('iframe').hasAttribute('style')")
    expect(page.locator("blockquote")).to_be_hidden()
    width = {360: 312, 800: 560}[viewport]
    expected = compact_height(width, 2)
    page.wait_for_function(f"Math.abs(document.querySelector('iframe').height - {expected}) <= 2")
    inside = page.frame_locator("iframe")
    inside.locator("button[data-action='next']").click()
    expect(inside.locator("figure")).to_have_attribute("data-step", "1")
    content = inside.locator("html").evaluate("e => e.getBoundingClientRect().height")
    assert abs(int(board.get_attribute("height") or 0) - content) <= 2
    inside.locator("button[data-action='text']").click()  # unfolded, the frame grows
    page.wait_for_function(f"document.querySelector('iframe').height > {expected + 20}")


@pytest.mark.browser
def test_filmstrip_labels_stay_under_their_own_board(page: Page, site: BuiltSite) -> None:
    """Every filmstrip of every diagram in every language, as a browser lays out its words:
    each label lies within its board's column and on the sheet (none runs into the next)."""
    strips = sorted(site.folder.glob("*/embed/*/filmstrip.svg"))
    assert len(strips) == 27 * 4
    outside = []
    for path in strips:
        page.goto(site.url + path.relative_to(site.folder).as_posix())
        found = page.evaluate("""() => {
            const root = document.documentElement, sheet = +root.getAttribute("height");
            const boards = [...root.querySelectorAll(":scope > svg.board")].map(b => [+b.getAttribute("x"), +b.getAttribute("width")]);
            return [...root.querySelectorAll("text.caption")].map((t, i) => {
                const box = t.getBBox();
                return {left: box.x, right: box.x + box.width, bottom: box.y + box.height, column: boards[i], sheet};
            });
        }""")
        for index, label in enumerate(found):
            x, width = label["column"]
            if not (x <= label["left"] and label["right"] <= x + width and label["bottom"] <= label["sheet"]):
                outside.append((path.relative_to(site.folder).as_posix(), index, label))
    assert outside == []
