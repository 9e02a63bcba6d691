"""A diagram's own title (a ``title:`` line in the lesson's fence, falling back to the
lesson's title) on its embed, and the gallery page listing every diagram of a language."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path
from typing import Any

from plakoto_site.site.build import build
from plakoto_site.site.project import Project

from .conftest import LESSON_EN, MiniProject

TITLED = LESSON_EN.replace("start: A lone black checker on 15.",
                           "title: White pins a lone checker\nstart: A lone black checker on 15.")


def oembed(project: MiniProject, lang: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((project.root / f"_site/{lang}/embed/pin/oembed.json").read_text())
    return document


def test_a_title_in_the_fence_names_the_embed(project: MiniProject) -> None:
    project.write("content/en/pinning.md", TITLED)
    build(Project(project.root))
    data = oembed(project, "en")
    assert data["title"] == "White pins a lone checker · Plakoto"
    assert 'title="White pins a lone checker · Plakoto"' in data["html"]
    page = (project.root / "_site/en/embed/pin/index.html").read_text()
    assert "<title>White pins a lone checker · Plakoto</title>" in page
    # The title line is not a caption: the lesson's figure shows it only in the snippet.
    lesson = (project.root / "_site/en/pinning/index.html").read_text()
    figure = lesson.split("<textarea", 1)[0]
    assert "White pins a lone checker" not in figure and "White pins it." in figure


def test_without_a_title_the_lesson_title_stands_in(project: MiniProject) -> None:
    project.write("content/en/pinning.md", TITLED)
    build(Project(project.root))
    # the Russian lesson's title, then the game's name (the mini project's catalog leaves it in English)
    assert oembed(project, "ru")["title"] == "Запирание · Plakoto"


def test_two_titles_stop_the_build_with_the_line(project: MiniProject) -> None:
    project.write("content/en/pinning.md", TITLED.replace("start:", "title: Another\nstart:"))
    done = project.run("build")
    assert done.returncode != 0
    assert "content/en/pinning.md:11:" in done.stderr and "diagram 'pin' has two titles" in done.stderr
    assert "Traceback" not in done.stderr


def project_url(snippet: str) -> str:
    return snippet.split('src="', 1)[1].split('"', 1)[0]


def test_the_gallery_lists_every_diagram_with_its_picture_and_snippet(project: MiniProject) -> None:
    project.write("content/en/pinning.md", TITLED)
    build(Project(project.root))
    site = project.root / "_site"
    gallery = (site / "en/embed/index.html").read_text()
    assert "<h2>White pins a lone checker</h2>" in gallery  # the game's own site: no " · Plakoto" after it
    assert '<img src="pin/0.svg"' in gallery and (site / "en/embed/pin/0.svg").is_file()
    snippet = unescape(gallery.split("<textarea", 1)[1].split(">", 1)[1].split("</textarea>", 1)[0])
    # The oEmbed answer is the same snippet after a hidden link (for WordPress, EMBEDDING.md).
    assert snippet.startswith('<div style="container-type:inline-size;max-width:560px"><iframe src=')
    assert oembed(project, "en")["html"] == (f'<blockquote style="display:none"><a href="{project_url(snippet)}">'
                                             f'White pins a lone checker · Plakoto</a></blockquote>{snippet}')
    assert '<a href="../pinning/index.html#pin">Pinning</a>' in gallery
    # Every page's footer links to it.
    lesson = (site / "en/pinning/index.html").read_text()
    assert '<a href="../embed/index.html">Diagrams for your site</a>' in lesson
    assert (site / "ru/embed/index.html").is_file()


def test_every_diagram_of_the_tutorial_has_its_own_title_in_every_language() -> None:
    """The gallery and the snippets name each diagram by its own title (a ``title:`` line in
    its first fence), not by its lesson's: 27 different names per language."""
    from plakoto_site.content.markdown import placements
    from plakoto_site.site.check import check

    repo = Path(__file__).resolve().parents[2]
    checked = check(Project(repo))
    for lang, lessons in checked.lessons.items():
        titles: dict[str, str] = {}
        for item in lessons:
            for placement in placements(item.tokens):
                if placement.diagram in titles:
                    continue
                assert placement.title, f"{lang}: {placement.diagram} in {item.lesson.slug} has no title: line"
                assert placement.title != item.lesson.title, (lang, placement.diagram)
                titles[placement.diagram] = placement.title
        assert len(titles) == len(checked.content.diagrams) == 27, lang
        assert len(set(titles.values())) == len(titles), lang
    assert "Pinning a lone checker" in [p.title for item in checked.lessons["en"] for p in placements(item.tokens)]
