"""The site's oEmbed shape: one answer per width for each embed, a document per language
that finds them by address (listed by the site's root document), and discovery links on
lesson pages."""

from __future__ import annotations

import json

from plakoto_site.render.embed import best_width
from plakoto_site.site.build import build
from plakoto_site.site.project import Project

from .conftest import MiniProject

SITE = "https://example.org/plakoto/"


def test_each_embed_has_an_answer_per_width_found_by_its_address(project: MiniProject) -> None:
    build(Project(project.root))
    site = project.root / "_site"
    root = json.loads((site / "oembed.json").read_text())
    assert root["widths"] == [320, 400, 480, 560, 640, 800]
    assert root["documents"] == {"en": f"{SITE}en/embed/oembed.json", "ru": f"{SITE}ru/embed/oembed.json"}
    document = json.loads((site / "en/embed/oembed.json").read_text())
    assert sorted(document["embeds"]) == [f"{SITE}en/embed/pin/"]
    assert sorted(json.loads((site / "ru/embed/oembed.json").read_text())["embeds"]) == [f"{SITE}ru/embed/pin/"]
    answers = document["embeds"][f"{SITE}en/embed/pin/"]["answers"]
    # Heights by hand: the board (width - 24) * 526 / 604, and 112 pixels of controls.
    assert [(a["width"], a["height"]) for a in answers] == [
        (320, 370), (400, 440), (480, 510), (560, 579), (640, 649), (800, 788)]
    for answer in answers:
        data = json.loads((site / answer["url"].removeprefix(SITE)).read_text())
        assert (data["width"], data["height"]) == (answer["width"], answer["height"])
        assert f'width="{answer["width"]}" height="{answer["height"]}"' in data["html"]
    assert json.loads((site / "en/embed/pin/oembed.json").read_text())["width"] == 560


def test_lesson_pages_announce_their_first_diagrams_oembed(project: MiniProject) -> None:
    build(Project(project.root))
    lesson = (project.root / "_site/ru/pinning/index.html").read_text()
    assert (f'<link rel="alternate" type="application/json+oembed" href="{SITE}ru/embed/pin/oembed.json" '
            'title="Запирание">') in lesson
    play = (project.root / "_site/ru/play/index.html").read_text()
    assert "json+oembed" not in play  # no diagram of its own


def test_the_widest_answer_that_fits_is_chosen() -> None:
    assert best_width(2) == 800
    assert best_width(2, maxwidth=600) == 560
    assert best_width(2, maxwidth=800, maxheight=450) == 400
    assert best_width(1, maxwidth=800, maxheight=460) == 480  # one step, no controls: 510 - 52 = 458 high
    assert best_width(2, maxwidth=100) == 320
