"""The MkDocs plugin ``plakoto`` in a small MkDocs site built by the real ``mkdocs build``,
and the same fence through markdown-it-py from Python."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from plakoto_site.integrations.fence import DiagramSourceError, plakoto_plugin

REPO = Path(__file__).resolve().parents[2]
MKDOCS = Path(sys.executable).parent / "mkdocs"

# White 3-1 from W:24x10,13x3,8,6 with a lone black checker on 5: 8/5 and 6/5 land on it,
# the first pins it (RULES.md: landing on a lone checker pins it).
PINS = '''\
---
title: Pins
---
# Pins

```plakoto pin-on-five
start = "W:24x10,13x3,8,6;B:1x12,5,12x2;T:W"
caption = "Black has left a single checker on the 5 point."

[[steps]]
roll = "3-1"
play = "8/5* 6/5"
caption = "White lands on it with **two** checkers."
```

After the board.
'''


def site(tmp_path: Path, pages: dict[str, str], plugin: str = "  - plakoto\n") -> Path:
    (tmp_path / "mkdocs.yml").write_text(f"site_name: Someone else's site\nplugins:\n{plugin}")
    for name, text in pages.items():
        path = tmp_path / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def build(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MKDOCS), "build"], cwd=root, capture_output=True, text=True, timeout=120)


def test_a_fence_becomes_the_checked_figure_with_its_assets(tmp_path: Path) -> None:
    root = site(tmp_path, {"index.md": "# Home\n\nNo diagram here.\n", "sub/pins.md": PINS},
                plugin="  - search\n  - plakoto\n")
    done = build(root)
    assert done.returncode == 0, done.stderr
    page = (root / "site/sub/pins/index.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure class="diagram" id="pin-on-five" data-plakoto-diagram="pin-on-five"[^>]*'
                       r'data-steps="2"', page)
    assert figure, page[:2000]
    assert 'data-step-index="1"' in page and 'data-play="8/5* 6/5"' in page
    assert "single checker on the 5 point." in page
    assert "White lands on it with <strong>two</strong> checkers." in page
    assert "After the board." in page and "plakotofigure" not in page
    # Linked relative to the page, so the site works from any sub-path.
    assert '<link rel="stylesheet" href="../../assets/plakoto/plakoto.css"><script src="../../assets/plakoto/diagram.js" defer></script>' in page
    assert '<script src="../../assets/plakoto/diagram.js" defer></script>' in page
    script = (root / "site/assets/plakoto/diagram.js").read_text()
    assert "PlakotoSteppers" in script and "PlakotoScheme.follow(" in script
    stylesheet = (root / "site/assets/plakoto/plakoto.css").read_text()
    assert "figure.diagram[data-plakoto-diagram]" in stylesheet
    assert "--plakoto-checker-white:#fbf8f0;" in stylesheet  # as the lessons draw
    assert '[data-md-color-scheme="slate"] figure.diagram[data-plakoto-diagram]' in stylesheet
    # Every board draws all of itself: nothing a script rewriting links could break.
    assert "<use" not in page and page.count('class="base"') == 2
    # The search index has the page's text, not the boards' (point numbers, pip counts).
    index = (root / "site/search/search_index.json").read_text(encoding="utf-8")
    assert "After the board." in index and "pips" not in index and "Step 1 of 2" not in index
    # A page without a figure links nothing of ours.
    assert "assets/plakoto" not in (root / "site/index.html").read_text(encoding="utf-8")


def test_an_illegal_play_stops_the_build_with_file_line_and_reason(tmp_path: Path) -> None:
    bad_pins = PINS.replace('play = "8/5* 6/5"', 'play = "8/2 6/5"')
    home = '# Home\n\n```plakoto\nstart = "start"\n\n[[steps]]\nroll = "6-5"\nplay = "24/17"\n```\n'
    root = site(tmp_path, {"index.md": home, "sub/pins.md": bad_pins})
    done = build(root)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    # Line 12 of the file, front matter counted; every mistake of the site in one run.
    assert ("docs/sub/pins.md:12: step 1 (white 3-1): illegal play '8/2 6/5': the roll 3-1 cannot move "
            "a checker from 8 to 2 (6 pips)") in done.stderr
    assert ("docs/index.md:8: step 1 (white 6-5): illegal play '24/17': the roll 6-5 cannot move "
            "a checker from 24 to 17 (7 pips)") in done.stderr
    assert "2 diagram error(s)" in done.stderr
    assert not (root / "site/sub/pins/index.html").exists()


def test_a_fence_inside_a_list_is_refused(tmp_path: Path) -> None:
    nested = "# Home\n\n- a list item\n\n  ```plakoto\n  start = \"start\"\n  ```\n"
    done = build(site(tmp_path, {"index.md": nested}))
    assert done.returncode == 1
    assert "docs/index.md:5: a plakoto fence must stand at the top level of the page" in done.stderr


def test_the_figure_speaks_the_configured_language(tmp_path: Path) -> None:
    root = site(tmp_path, {"index.md": PINS}, plugin="  - search\n  - plakoto:\n      lang: el\n")
    done = build(root)
    assert done.returncode == 0, done.stderr
    page = (root / "site/index.html").read_text(encoding="utf-8")
    # The play in the board's numbers, then as written (the Greek catalog's sentence).
    assert ('Τα Λευκά φέρνουν 3–1 και παίζουν 8 → 5*, 6 → 5 (γραφή: '
            '<code class="notation">8/5* 6/5</code>).') in page


def test_a_language_without_a_catalog_is_refused_in_words(tmp_path: Path) -> None:
    done = build(site(tmp_path, {"index.md": PINS}, plugin="  - plakoto:\n      lang: xx\n"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "plakoto: there is no catalog for the language 'xx': use one of en, " in done.stderr


def test_the_markdown_it_plugin_draws_and_refuses() -> None:
    md = MarkdownIt("commonmark").use(plakoto_plugin)
    html = md.render("Text.\n\n```plakoto\nstart = \"start\"\n[[steps]]\nroll = \"6-5\"\nplay = \"24/13\"\n```\n")
    assert 'data-plakoto-diagram="plakoto-1"' in html and 'data-play="24/13"' in html
    assert html.count('class="base"') == 2 and "<use" not in html  # each board draws all of itself
    two = md.render("```plakoto a\nstart = \"start\"\n```\n\n```plakoto b\nstart = \"start\"\n```\n")
    assert two.count("data-plakoto-diagram=") == 2 and two.count('class="base"') == 2
    with pytest.raises(DiagramSourceError) as raised:
        md.render("Text.\n\n```plakoto\nstart = \"start\"\n[[steps]]\nroll = \"6-5\"\nplay = \"24/18*\"\n```\n",
                  {"path": "guide.md"})
    assert str(raised.value).startswith("guide.md:7: step 1 (white 6-5): illegal play '24/18*'")


def test_a_caption_is_markdown_text_never_markup() -> None:
    md = MarkdownIt("commonmark").use(plakoto_plugin)
    html = md.render('```plakoto\nstart = "start"\ncaption = "<script>alert(1)</script> and *this*"\n```\n')
    assert "&lt;script&gt;alert(1)&lt;/script&gt; and <em>this</em>" in html
    assert "<script>alert" not in html


def test_captions_in_the_wrong_form_are_refused_with_their_line() -> None:
    md = MarkdownIt("commonmark").use(plakoto_plugin)
    text = '# T\n\n```plakoto\nstart = "start"\n\n[captions.en]\nstart = "x"\n```\n'
    with pytest.raises(DiagramSourceError) as raised:
        md.render(text, {"path": "guide.md"})
    assert str(raised.value) == ("guide.md:6: unknown key 'captions' — write caption = \"…\" for the start, "
                                 "and one in each [[steps]]")


LINKED = '''\
# Linked

```plakoto linked
start = "start"
caption = "See [the pins](pins.md#pin-on-five) and [the start](../index.md)."
```
'''


def test_caption_links_to_pages_are_resolved_as_mkdocs_resolves_them(tmp_path: Path) -> None:
    root = site(tmp_path, {"index.md": "# Home\n", "sub/pins.md": PINS, "sub/linked.md": LINKED})
    done = subprocess.run([str(MKDOCS), "build", "--strict"], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    page = (root / "site/sub/linked/index.html").read_text(encoding="utf-8")
    # MkDocs's own URLs, relative to the page: sub/linked/ -> sub/pins/ and the home page
    assert '<a href="../pins/#pin-on-five">the pins</a>' in page
    assert '<a href="../../">the start</a>' in page


def test_a_caption_link_to_a_missing_page_is_a_warning_strict_stops_on(tmp_path: Path) -> None:
    broken = LINKED.replace("pins.md#pin-on-five", "nowhere.md")
    root = site(tmp_path, {"index.md": "# Home\n", "sub/linked.md": broken})
    done = subprocess.run([str(MKDOCS), "build", "--strict"], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "plakoto: sub/linked.md: a diagram caption links to 'nowhere.md', which is not a page of the docs" in done.stderr
    assert build(root).returncode == 0  # without --strict: built, with the warning
