"""One escaping path: what a translator, an author or a command line puts into the site
reaches HTML, XML, JSON and text files as text, never as markup, a new line or a link."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

from plakoto_site.render.escaping import catalog_text, script_json

from .conftest import PO_RU, MiniProject

EXERCISE = """\
position = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"
roll = "5-3"
goal = "any"
"""

PLACED = """

```exercise pin-it
prompt: Pin the lone checker.
answer: 20/15* 13/10.
```
"""


def with_exercise(project: MiniProject) -> None:
    project.write("content/exercises/pin-it.toml", EXERCISE)
    for name in ("content/en/pinning.md", "content/ru/pinning.md"):
        path = project.root / name
        path.write_text(path.read_text() + PLACED)


def with_messages(project: MiniProject, *entries: tuple[str, str]) -> None:
    extra = "".join(f'\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n' for msgid, msgstr in entries)
    project.write("locales/ru/LC_MESSAGES/messages.po", PO_RU + extra)


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def tags(html: bytes) -> Tags:
    parser = Tags()
    parser.feed(html.decode())
    return parser


HOSTILE = '<meta http-equiv=\\"refresh\\" content=\\"0;url=https://evil.example/\\">'


def test_a_translation_cannot_add_markup_to_a_page(project: MiniProject) -> None:
    with_messages(project, ("Plakoto", HOSTILE))
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    page = project.snapshot()["ru/pinning/index.html"]
    assert not any(tag == "meta" and (attrs.get("http-equiv") or "") == "refresh" for tag, attrs in tags(page).tags)
    assert b"&lt;meta http-equiv=&#34;refresh&#34;" in page


def test_the_boards_turn_words_are_text_not_markup(project: MiniProject) -> None:
    turn = "Ход <b>чёрных</b> & всё"
    with_messages(project, ("White to play", turn.replace("чёрных", "белых")), ("Black to play", turn))
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    built = project.snapshot()
    page = built["ru/pinning/index.html"].decode()
    assert "Ход &lt;b&gt;чёрных&lt;/b&gt; &amp; всё" in page and "<b>чёрных</b>" not in page
    picture = ET.fromstring(built["ru/embed/pin/1.svg"])  # still XML
    assert turn in "".join(picture.itertext())


def test_the_progress_attribute_holds_the_translation_whole(project: MiniProject) -> None:
    with_exercise(project)
    text = 'Решено %(solved)s из %(total)s\\"><img src=x onerror=alert(1)>'
    with_messages(project, ("You have solved %(solved)s of %(total)s exercises in this browser.", text))
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    found = tags(project.snapshot()["ru/practice/index.html"])
    progress = [attrs for tag, attrs in found.tags if tag == "p" and "data-progress" in attrs]
    assert [p["data-progress"] for p in progress] == ['Решено %(solved)s из %(total)s"><img src=x onerror=alert(1)>']
    assert not any(tag == "img" for tag, _ in found.tags)


def test_json_in_pages_survives_script_and_comment_openers(project: MiniProject) -> None:
    with_exercise(project)
    # The position in words travels in the exercise's words as JSON, point by point.
    with_messages(project, ("Point %(point)s: %(checkers)s.", "<!--<script> %(point)s: %(checkers)s."))
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    page = project.snapshot()["ru/pinning/index.html"].decode()
    data = re.findall(r'<script type="application/json" class="xwords">(.*?)</script>', page, re.S)
    assert len(data) == 1
    assert "<" not in data[0] and ">" not in data[0]
    assert "<!--<script> 15: " in json.dumps(json.loads(data[0]), ensure_ascii=False)


def test_script_json_escapes_every_character_that_could_end_the_element() -> None:
    value = {"a": "</script><!--<script>&amp;\u2028"}
    text = str(script_json(value))
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert text == '{"a":"\\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e\\u0026amp;\\u2028"}'
    assert json.loads(text) == value


def test_catalog_text_is_text_and_gives_way_when_its_percent_signs_do_not_fit() -> None:
    assert str(catalog_text("<b>Пла</b>", "Plakoto")) == "&lt;b&gt;Пла&lt;/b&gt;"
    assert str(catalog_text("Урок %s", "Lesson %(number)s")) == "Lesson %(number)s"
    assert str(catalog_text("Урок 50%", "Lesson %(number)s")) == "Lesson %(number)s"
    assert str(catalog_text("Урок %(nomber)s", "Lesson %(number)s")) == "Lesson %(number)s"
    assert str(catalog_text("Урок %(number)s, 100%%", "Lesson %(number)s")) == "Урок %(number)s, 100%%"


def test_a_stray_percent_in_a_translation_is_a_path_line_error(project: MiniProject) -> None:
    with_messages(project, ("Lesson %(number)s", "Урок %s"), ("Plakoto", "Плакото 100%"))
    done = project.run("check")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    po = (project.root / "locales/ru/LC_MESSAGES/messages.po").read_text().splitlines()
    for msgid in ("Lesson %(number)s", "Plakoto"):
        line = po.index(f'msgid "{msgid}"') + 2  # the msgstr's line, under its msgid
        assert f"locales/ru/LC_MESSAGES/messages.po:{line}: the translation has a % sign that is not a placeholder" in done.stderr


def test_a_positional_placeholder_stops_the_build_instead_of_printing_a_dict(project: MiniProject) -> None:
    with_messages(project, ("Lesson %(number)s", "Урок %s"))
    done = project.run("build")
    assert done.returncode == 1
    assert "the translation has a % sign that is not a placeholder" in done.stderr
    assert not (project.root / "_site").exists()


def test_base_url_must_be_a_web_address(project: MiniProject) -> None:
    for bad in ("javascript:alert(1)//", "https://example.org/\nDisallow: /", 'https://example.org/"><script>',
                "ftp://example.org/", "example.org", "https://example.org/?a=1"):
        done = project.run("build", "--base-url", bad)
        assert done.returncode == 2, bad
        assert "argument --base-url" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (project.root / "_site").exists()


def test_the_site_url_in_site_toml_must_be_a_web_address(project: MiniProject) -> None:
    project.write("content/site.toml", 'languages = ["en", "ru"]\nurl = "javascript:alert(1)//"\n')
    done = project.run("build")
    assert done.returncode == 1
    assert "content/site.toml:2: url 'javascript:alert(1)//' is not a web address" in done.stderr


def test_the_site_address_is_escaped_in_every_file(project: MiniProject) -> None:
    done = project.run("build", "--base-url", "https://example.org/a&b/")
    assert done.returncode == 0, done.stderr
    files = project.snapshot()
    oembed = json.loads(files["en/embed/pin/oembed.json"])
    assert '><iframe src="https://example.org/a&amp;b/en/embed/pin/index.html"' in oembed["html"]
    assert b'<loc>https://example.org/a&amp;b/en/</loc>' in files["sitemap.xml"]
    assert files["robots.txt"] == b"User-agent: *\nAllow: /\nSitemap: https://example.org/a&b/sitemap.xml\n"
    canonical = [a["href"] for t, a in tags(files["en/pinning/index.html"]).tags if t == "link" and a.get("rel") == "canonical"]
    assert canonical == ["https://example.org/a&b/en/pinning/"]
    # The copy-paste snippet: the iframe's own text, escaped once more inside the textarea.
    assert b"&lt;iframe src=&#34;https://example.org/a&amp;amp;b/en/embed/pin/index.html&#34;" in files["en/pinning/index.html"]


def test_the_404_page_needs_nothing_from_the_production_host(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    page = project.snapshot()["404.html"]
    found = tags(page)
    addresses = [value for _, attrs in found.tags for key, value in attrs.items() if key in ("href", "src") and value]
    assert not any(address.startswith(("http:", "https:", "//")) for address in addresses), addresses
    assert not [a for t, a in found.tags if t == "link" and a.get("rel") == "stylesheet"]
    assert b"<style>" in page and b"example.org" not in page
