"""The site's oEmbed shape: one answer per width for each embed, a document per language
that finds them by address (listed by the site's root document), and discovery links on
lesson pages."""

from __future__ import annotations

import functools
import json
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote
from urllib.request import urlopen

from plakoto_site.commands.serve import Builds, _Handler, _Server
from plakoto_site.render.embed import best_width
from plakoto_site.site.build import build
from plakoto_site.site.oembed import endpoint, respond
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


def endpoint_answer(site: Path, query: str, host: str = "") -> tuple[int, dict[str, Any] | str]:
    status, body = respond(site, query, host)
    return status.value, (json.loads(body) if status.value == 200 else body.decode())


def test_the_endpoint_answers_maxwidth_maxheight_and_the_step_of_the_address(project: MiniProject) -> None:
    build(Project(project.root))
    site = project.root / "_site"
    pin = quote(f"{SITE}en/embed/pin/", safe="")
    status, data = endpoint_answer(site, f"url={pin}&maxwidth=400&format=json")
    assert status == 200 and isinstance(data, dict)
    assert (data["width"], data["height"]) == (400, 440)  # by hand, as above
    assert 'width="400" height="440"' in data["html"] and f'src="{SITE}en/embed/pin/index.html"' in data["html"]
    # maxheight too: 800 wide is 788 high, 640 is 649, 560 is 579: 560 is the widest under 600
    status, data = endpoint_answer(site, f"url={pin}&maxwidth=1000&maxheight=600")
    assert isinstance(data, dict) and data["width"] == 560
    status, data = endpoint_answer(site, f"url={pin}&maxwidth=100")  # nothing fits: the narrowest
    assert isinstance(data, dict) and data["width"] == 320
    status, data = endpoint_answer(site, f"url={pin}")
    assert isinstance(data, dict) and data["width"] == 560
    # ?step= in the pasted address opens the frame at that step; index.html as pasted too
    stepped = quote(f"{SITE}ru/embed/pin/index.html?step=1", safe="")
    status, data = endpoint_answer(site, f"url={stepped}&maxwidth=480")
    assert isinstance(data, dict) and data["width"] == 480
    assert f'src="{SITE}ru/embed/pin/index.html?step=1"' in data["html"]
    assert f'href="{SITE}ru/embed/pin/index.html?step=1"' in data["html"]


def test_the_endpoint_refuses_with_the_status_the_spec_names(project: MiniProject) -> None:
    build(Project(project.root))
    site = project.root / "_site"
    pin = quote(f"{SITE}en/embed/pin/", safe="")
    assert endpoint_answer(site, f"url={pin}&format=xml")[0] == 501
    assert endpoint_answer(site, f"url={pin}&maxwidth=wide") == (
        400, "maxwidth= must be a whole number of pixels, e.g. maxwidth=400\n")
    assert endpoint_answer(site, f"url={quote(SITE + 'en/embed/nothing/')}")[0] == 404
    assert endpoint_answer(site, f"url={quote('https://elsewhere.example/en/embed/pin/')}")[0] == 404
    assert endpoint_answer(site, f"url={quote(SITE + 'en/pinning/')}")[0] == 404
    assert endpoint_answer(site, "maxwidth=400")[0] == 400
    assert endpoint_answer(site, f"url={quote(SITE + 'en/embed/pin/?step=%3Cb%3E')}")[0] == 400


def test_serve_and_a_wsgi_host_answer_the_endpoint(project: MiniProject, static_server) -> None:  # type: ignore[no-untyped-def]
    build(Project(project.root))
    site = project.root / "_site"
    # serve builds for content/site.toml's address, and is asked with its own: both are found
    handler = functools.partial(_Handler, directory=str(site), builds=Builds())
    server = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        own = f"http://127.0.0.1:{server.server_address[1]}"
        pasted = quote(f"{own}/plakoto/en/embed/pin/?step=1", safe="")
        with urlopen(f"{own}/oembed?url={pasted}&maxwidth=400") as response:
            assert response.headers["Content-Type"] == "application/json; charset=utf-8"
            data = json.loads(response.read())
        assert data["width"] == 400 and f'src="{SITE}en/embed/pin/index.html?step=1"' in data["html"]
    finally:
        server.shutdown()
        server.server_close()
    started: list[str] = []
    body = endpoint(site)({"QUERY_STRING": f"url={quote(SITE + 'en/embed/pin/')}&maxwidth=640"},
                          lambda status, headers: started.append(status))
    assert started == ["200 OK"] and json.loads(b"".join(body))["width"] == 640
