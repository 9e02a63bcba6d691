"""The pipeline end to end, through ``python build.py`` on a temporary project."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from .conftest import SECOND_EN, MiniProject


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def find(self, tag: str, **wanted: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in wanted.items())]


def parse(html: bytes) -> Links:
    links = Links()
    links.feed(html.decode())
    return links


def test_build_writes_every_page_and_says_where(project: MiniProject) -> None:
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    # 8 pages, and the play page, the board editor, the gallery of diagrams and the link viewer in each language
    assert "Built 16 pages in 2 languages (en, ru) with 1 diagram and 2 embeds in" in done.stdout
    assert "_site" in done.stdout and "file://" in done.stdout
    files = project.snapshot()
    for name in ("index.html", "404.html", "sitemap.xml", "robots.txt", "en/index.html",
                 "en/pinning/index.html", "en/moving/index.html", "ru/index.html",
                 "ru/pinning/index.html", "ru/moving/index.html", "assets/site.css", "assets/diagram.js",
                 "en/play/index.html", "ru/play/index.html", "assets/play.js", "assets/plakoto-rules.js",
                 "en/embed/index.html", "ru/embed/index.html", "en/embed/pin/index.html", "en/embed/pin/0.svg"):
        assert name in files, name
    # Bitmaps only with --png (test_pictures.py): a build for reading and writing draws none.
    assert not [name for name in files if name.endswith(".png")]


def test_pages_link_relatively_and_name_their_language(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    page = project.snapshot()["ru/pinning/index.html"]
    links = parse(page)
    assert links.find("html")[0] == {"lang": "ru", "dir": "ltr"}
    switch = {a["hreflang"]: a["href"] for a in links.find("a") if a.get("hreflang")}
    assert switch == {"en": "../../en/pinning/index.html", "ru": "index.html"}
    assert links.find("link", rel="stylesheet")[0]["href"].startswith("../../assets/site.css?v=")  # type: ignore[union-attr]
    alternates = {a["hreflang"]: a["href"] for a in links.find("link", rel="alternate") if "hreflang" in a}
    assert alternates == {
        "en": "https://example.org/plakoto/en/pinning/",
        "ru": "https://example.org/plakoto/ru/pinning/",
        "x-default": "https://example.org/plakoto/en/pinning/",
    }
    assert links.find("link", rel="canonical")[0]["href"] == "https://example.org/plakoto/ru/pinning/"



def test_the_front_page_and_the_404_offer_each_language_in_its_own_words(project: MiniProject) -> None:
    # Where a language has a home page, its title in that language under its name; the
    # English lesson stands in for no one here (English has no home page of its own).
    project.write("content/ru/_home.md", '+++\ntitle = "Плакото: шашки <не> бьют & запирают"\n'
                  'summary = "Уроки."\n+++\n\nДобро пожаловать.\n')
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    files = project.snapshot()
    for name, prefix in (("index.html", ""), ("404.html", "/plakoto/")):
        page = files[name].decode()
        assert (f'<a href="{prefix}ru/index.html" hreflang="ru" lang="ru"><span class="choose-name">Русский</span>'
                '<span class="choose-title">Плакото: шашки &lt;не&gt; бьют &amp; запирают</span></a>') in page, name
        assert f'<a href="{prefix}en/index.html" hreflang="en" lang="en"><span class="choose-name">English</span></a>' in page
def test_untranslated_lesson_falls_back_to_english_with_a_notice(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    files = project.snapshot()
    page = files["ru/moving/index.html"].decode()
    assert "This lesson is not translated yet." in page  # UI string not in the test catalog
    assert "Each number moves one checker." in page
    # A fallback page is not a Russian page: it announces no alternates at all, not even
    # the English one or x-default (they would tell search engines it is a translation).
    assert parse(files["ru/moving/index.html"]).find("link", rel="alternate") == []
    assert "hreflang" not in page.split("<body>")[0]
    english = parse(files["en/moving/index.html"]).find("link", rel="alternate")
    assert {a["hreflang"]: a["href"] for a in english} == {
        "en": "https://example.org/plakoto/en/moving/",
        "x-default": "https://example.org/plakoto/en/moving/",
    }
    sitemap = files["sitemap.xml"].decode()
    assert "ru/moving/" not in sitemap and "en/moving/" in sitemap


def test_diagram_captions_and_engine_words_are_translated(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    page = project.snapshot()["ru/pinning/index.html"].decode()
    assert "Белые запирают её." in page
    assert 'Белые: бросок 5–3, ход 20 → 15*, 13 → 10 (запись <code class="notation">20/15* 13/10</code>).' in page
    # The position in words, with Russian plural forms: 1 → шашка, 5, 6 and 8 → шашек.
    for item in ("Point 20: 1 белая шашка.", "Point 13: 6 белых шашек.", "Point 24: 8 белых шашек.",
                 "Point 13: 5 белых шашек."):
        assert f"<li>{item}</li>" in page, item
    assert 'data-play="20/15* 13/10"' in page and 'data-roll="5-3"' in page


def test_same_input_same_bytes(project: MiniProject) -> None:
    assert project.run("build", "--out", str(project.root / "one")).returncode == 0
    assert project.run("build", "--out", str(project.root / "two")).returncode == 0
    assert project.snapshot("one") == project.snapshot("two")


def test_failing_build_leaves_the_last_good_site(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    before = project.snapshot()
    around = sorted(p.name for p in project.root.iterdir())
    project.write("content/en/pinning.md", project.root.joinpath("content/en/pinning.md").read_text()
                  .replace("20/15*", "20/14"))
    project.write("content/diagrams/pin.toml", project.root.joinpath("content/diagrams/pin.toml").read_text()
                  .replace("20/15* 13/10", "20/14 13/10"))
    done = project.run("build")
    assert done.returncode == 1
    assert project.snapshot() == before
    assert sorted(p.name for p in project.root.iterdir()) == around


def test_check_writes_nothing(project: MiniProject) -> None:
    done = project.run("check")
    assert done.returncode == 0, done.stderr
    assert "Nothing was written" in done.stdout
    assert not (project.root / "_site").exists()


ERRORS = [
    # (file, text to put there, expected "path:line: message" start)
    ("content/en/pinning.md", "+++\ntitle = \"Pinning\norder = 1\n+++\n", "content/en/pinning.md:2: this TOML cannot be read"),
    ("content/en/pinning.md", "+++\norder = 1\nsummary = \"s\"\n+++\n", "content/en/pinning.md:1: the front matter needs a title"),
    ("content/en/pinning.md", "No front matter\n", "content/en/pinning.md:1: the lesson does not start with front matter"),
    ("content/en/pinning.md", "+++\ntitle = \"t\"\norder = \"one\"\nsummary = \"s\"\n+++\n", "content/en/pinning.md:3: the front matter needs order"),
    ("content/en/pinning.md", "+++\ntitle = \"t\"\norder = 1\nsummary = \"s\"\n+++\n\ntext\n\n```diagram nowhere\nstart: x\n```\n",
     "content/en/pinning.md:9: there is no diagram 'nowhere'"),
    ("content/en/pinning.md", "+++\ntitle = \"t\"\norder = 1\nsummary = \"s\"\n+++\n\n```diagram pin\nstart: x\n7: y\n```\n",
     "content/en/pinning.md:9: diagram 'pin' has no step '7'"),
    # 'pin' has one step, so 1 is its last and 2 is one past it.
    ("content/en/pinning.md", "+++\ntitle = \"t\"\norder = 1\nsummary = \"s\"\n+++\n\n```diagram pin\nstart: x\n1: y\n2: z\n```\n",
     "content/en/pinning.md:10: diagram 'pin' has no step '2'"),
    ("content/en/pinning.md", "+++\ntitle = \"t\"\norder = 1\nsummary = \"s\"\n+++\n\n```diagram pin\nstart: x\nthis line has no key\n```\n",
     "content/en/pinning.md:9: this caption line cannot be read"),
    ("content/ru/extra.md", "+++\ntitle = \"t\"\norder = 1\nsummary = \"s\"\n+++\n", "content/ru/extra.md:1: there is no English lesson 'extra'"),
    ("content/diagrams/pin.toml", DIAGRAM_BAD_PLAY := "id = \"pin\"\nstart = \"start\"\n\n[[steps]]\nname = \"pin\"\nroll = \"6-5\"\nplay = \"24/17\"\n",
     "content/diagrams/pin.toml:7: step 1 (white 6-5): illegal play '24/17': the roll 6-5 cannot move a checker from 24 to 17"),
    ("content/diagrams/pin.toml", "id = \"pin\"\nstart = \"start\"\n\n[[steps]]\nname = \"pin\"\nroll = \"6-5\"\nplay = \"24/18* 24/19\"\n",
     "content/diagrams/pin.toml:7: step 1 (white 6-5): illegal play '24/18* 24/19': the checker landing on 18 pins "
     "nothing there: leave out the * after 18 — write a legal play in the mover's own numbering: e.g. 24/19 24/18"),
    ("content/diagrams/pin.toml", "id = \"pin\"\nstart = \"W:24x14,6;B:1x11,18x2,19x2;T:W\"\n\n[[steps]]\nroll = \"6-5\"\nplay = \"6/1\"\n",
     "content/diagrams/pin.toml:6: step 1 (white 6-5): illegal play '6/1': point 1 is closed: 11 black checkers — "
     "write a legal play in the mover's own numbering: no legal play exists"),
    ("content/diagrams/pin.toml", "id = \"pin\"\nstart = \"W:24x16;B:1x15\"\n", "content/diagrams/pin.toml:2: position code 'W:24x16;B:1x15' has 16 white checkers"),
    ("content/diagrams/pin.toml", "id = \"pin\"\nstart = \"start\"\n\n[[steps]]\nname = \"pin\"\nroll = \"6-5\"\nplay = \"24/13\"\n[steps.expect]\npips = { white = 300 }\n",
     "content/diagrams/pin.toml:8: step 1: expected pips { white = 300 }, but the engine counts white 349, black 360"),
    ("content/diagrams/pin.toml", "id = \"pin\"\nstart = \"start\"\n\n[[steps]]\nname = \"pin\"\nroll = \"6-5\"\nplay = \"24/13\"\nillegal = [\"24/18 24/19\"]\n",
     "content/diagrams/pin.toml:8: step 1: '24/18 24/19' is listed as illegal, but the engine accepts it as '24/19 24/18'"),
    ("content/diagrams/pin.toml", "id = \"pin\"\nstart = \"start\"\n\n[[steps]]\nname = \"pin\"\nroll = \"6-5\"\nplay = \"24/13\"\n[steps.expect]\nresult = { winner = \"white\", points = 1, reason = \"bear-off\" }\n",
     "content/diagrams/pin.toml:8: step 1: expected result"),
    ("content/exercises/pin.toml", "position = \"W:24x8,20,13x6;B:1x10,5x4,15;T:W\"\nroll = \"5-3\"\ngoal = \"best\"\naccepted = [\"20/14 13/10\"]\n",
     "content/exercises/pin.toml:4: accepted play '20/14 13/10' is not legal here: illegal play '20/14 13/10': the roll 5-3 cannot move a checker from 20 to 14"),
    ("content/exercises/pips.toml", "position = \"start\"\nroll = \"6-5\"\ngoal = \"question\"\nquestion = \"pips\"\nside = \"black\"\nanswer = 350\n",
     "content/exercises/pips.toml:6: the answer 350 disagrees with the engine, which says 360"),
    ("content/exercises/over.toml", "position = \"W:24,13x7,6x7;B:18,12x7,19x7;T:B\"\nroll = \"6-3\"\nplay = \"7/1*\"\ngoal = \"question\"\nquestion = \"outcome\"\nanswer = { winner = \"white\", points = 2 }\n",
     "content/exercises/over.toml:6: the answer {'winner': 'white', 'points': 2} disagrees with the engine, which says {'winner': 'black', 'points': 2}"),
    ("content/en/pinning.md", "+++\ntitle = \"t\"\norder = 1\nsummary = \"s\"\n+++\n\n```exercise nowhere\nprompt: x\n```\n",
     "content/en/pinning.md:7: there is no exercise 'nowhere'"),
    ("locales/ru/LC_MESSAGES/messages.po", PO_DROP := "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"White rolls %(roll)s and plays %(play)s.\"\nmsgstr \"Белые ходят %(play)s.\"\n",
     "locales/ru/LC_MESSAGES/messages.po:6: the translation drops the placeholder %(roll)s"),
    ("locales/ru/LC_MESSAGES/messages.po", "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : 1);\\n\"\n\nmsgid \"%(count)s white checker\"\nmsgid_plural \"%(count)s white checkers\"\nmsgstr[0] \"%(count)s белая шашка\"\nmsgstr[1] \"%(count)s белых шашек\"\n",
     "locales/ru/LC_MESSAGES/messages.po:8: ru needs 3 plural forms here, but the translation has 2"),
]


@pytest.mark.parametrize(("name", "text", "expected"), ERRORS, ids=[e[2].split(": ", 1)[1][:40] for e in ERRORS])
def test_each_mistake_is_reported_with_path_and_line(project: MiniProject, name: str, text: str, expected: str) -> None:
    project.write(name, text)
    done = project.run("build")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert expected in done.stderr, done.stderr
    assert re.search(r"Build stopped: \d+ error\(s\)", done.stderr)
    assert not (project.root / "_site").exists()


def test_template_mistake_names_the_template(project: MiniProject) -> None:
    path = project.root / "templates/lesson.html"
    path.write_text(path.read_text().replace("{{ title }}", "{{ titel }}", 1))
    done = project.run("build")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "templates/lesson.html:" in done.stderr and "'titel' is undefined" in done.stderr


def test_all_mistakes_are_reported_in_one_run(project: MiniProject) -> None:
    project.write("content/en/moving.md", "no front matter\n")
    project.write("content/ru/extra.md", "+++\ntitle = \"t\"\norder = 3\nsummary = \"s\"\n+++\n")
    project.write("locales/ru/LC_MESSAGES/messages.po", PO_DROP)
    done = project.run("build")
    assert done.returncode == 1
    assert "Build stopped: 3 error(s)" in done.stderr


def test_missing_caption_is_a_warning_not_an_error(project: MiniProject) -> None:
    project.write("content/ru/pinning.md", LESSON_RU_NO_PIN_CAPTION)
    done = project.run("build")
    assert done.returncode == 0
    assert "content/ru/pinning.md:7: warning: diagram 'pin' has no caption for step(s) pin" in done.stderr


LESSON_RU_NO_PIN_CAPTION = """\
+++
title = "Запирание"
order = 1
summary = "Одинокую шашку запирают."
+++

```diagram pin
start: Одинокая чёрная шашка.
```
"""


def test_raw_html_and_script_links_come_out_inert(project: MiniProject) -> None:
    project.write("content/en/moving.md", """\
+++
title = "Moving <script>alert(1)</script>"
order = 2
summary = "s"
+++

<script>alert("x")</script>

<img src=x onerror=alert(1)>

[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=) and [ok](../pinning/index.html)

```diagram pin
start: <b onmouseover=alert(1)>caption</b> [x](javascript:alert(2))
```
""")
    assert project.run("build").returncode == 0
    page = project.snapshot()["en/moving/index.html"].decode()
    body = page.split("<main", 1)[1]
    assert "<script>" not in body and "<img" not in body and "<b " not in body
    assert "&lt;script&gt;" in body and "onerror=alert(1)&gt;" in body
    assert 'href="javascript:' not in page and 'href="data:' not in page
    assert '<a href="../pinning/index.html">ok</a>' in page
    assert "Moving &lt;script&gt;" in page
    scripts = re.findall(r"<script[^>]*>", page)
    # The site's script, and the diagram's page data (JSON, which no browser runs).
    assert scripts == ['<script src="../../assets/diagram.js?v=' + scripts[0].split("?v=")[1],
                       '<script type="application/json" class="diagram-data">']


def figures(html: bytes) -> list[tuple[dict[str, str | None], int]]:
    """Each diagram figure's attributes, and the number of frames inside it."""
    found: list[tuple[dict[str, str | None], int]] = []

    class Figures(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = dict(attrs)
            if tag == "figure" and values.get("data-plakoto-diagram"):
                found.append((values, 0))
            elif tag == "li" and "frame" in (values.get("class") or "").split() and found:
                found[-1] = (found[-1][0], found[-1][1] + 1)

    Figures().feed(html.decode())
    return found


def test_data_steps_is_the_number_of_frames(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    files = project.snapshot()
    for name in ("en/pinning/index.html", "ru/pinning/index.html", "en/embed/pin/index.html"):
        (figure, frames), = figures(files[name])
        # The start and the one step of content/diagrams/pin.toml: two frames.
        assert (figure["data-steps"], frames) == ("2", 2), name


def test_a_write_that_fails_midway_leaves_the_previous_site(project: MiniProject) -> None:
    """The disk fills up while the new site is written: the old site stays byte for byte,
    and nothing half-written is left beside it."""
    assert project.run("build").returncode == 0
    before = project.snapshot()
    around = sorted(p.name for p in project.root.iterdir())
    project.write("content/en/moving.md", SECOND_EN.replace("Each number", "Every number"))
    sizes = sorted(len(data) for data in before.values())
    limit = sizes[len(sizes) // 2]  # about half the files fit: writing fails part-way through
    done = project.run("build", file_size_limit=limit)
    assert done.returncode != 0
    assert "File too large" in done.stderr
    assert project.snapshot() == before
    assert sorted(p.name for p in project.root.iterdir()) == around
