"""The embed pictures and filmstrips are XML, whatever the author writes: a lesson title and
captions holding ``& < "`` come out as text, never as markup."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .conftest import MiniProject

NS = {"s": "http://www.w3.org/2000/svg"}

TITLE = 'Pins & <blots> "here"'

LESSON = """\
+++
title = 'Pins & <blots> "here"'
order = 1
summary = "s"
+++

Text.

```diagram pin
start: Black & White <b>both</b> say "go".
pin: White pins it & <i>keeps</i> it "pinned".
```
"""


def test_pictures_and_filmstrips_are_xml_with_the_words_as_written(project: MiniProject) -> None:
    project.write("content/en/pinning.md", LESSON)
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    folder = project.root / "_site" / "en" / "embed" / "pin"
    assert sorted(p.name for p in folder.glob("*.svg")) == ["0.svg", "1.svg", "filmstrip.svg"]
    start = ET.parse(folder / "0.svg").getroot()
    assert (start.findtext("s:title", namespaces=NS) or "").startswith(TITLE + " · Plakoto — ")
    assert (start.findtext("s:desc", namespaces=NS) or "").startswith('Black & White <b>both</b> say "go". ')
    pin = ET.parse(folder / "1.svg").getroot()
    assert (pin.findtext("s:desc", namespaces=NS) or "").startswith('White pins it & <i>keeps</i> it "pinned". ')
    strip = ET.parse(folder / "filmstrip.svg").getroot()
    assert strip.findtext("s:title", namespaces=NS) == TITLE + " · Plakoto"
    assert len(strip.findall("s:svg", NS)) == 2
    # And every other picture of the site, in every language, parses too.
    pictures = sorted((project.root / "_site").glob("*/embed/*/*.svg"))
    assert len(pictures) == 6  # en and ru: 0.svg, 1.svg, filmstrip.svg
    for path in pictures:
        ET.parse(path)


def references(document: str) -> tuple[set[str], set[str]]:
    """The ids a page or picture defines, and the ids it points at (``href="#…"`` of its
    ``<use>`` shapes, ``aria-labelledby``, ``aria-describedby``)."""
    defined = set(re.findall(r'\sid="([^"]+)"', document))
    wanted = set(re.findall(r'<use href="#([^"]+)"', document))
    for names in re.findall(r'\saria-(?:labelledby|describedby)="([^"]+)"', document):
        wanted.update(names.split())
    return defined, wanted


def test_every_shape_and_name_a_board_points_at_is_in_its_own_file(project: MiniProject) -> None:
    """A board draws its checkers and points from shapes defined once per file: each page,
    each picture and each filmstrip must hold every one it uses (a picture is opened alone)."""
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    site = project.root / "_site"
    files = sorted(site.glob("**/*.html")) + sorted(site.glob("*/embed/*/*.svg"))
    drawn = 0
    for path in files:
        defined, wanted = references(path.read_text(encoding="utf-8"))
        assert wanted <= defined, (path.relative_to(site).as_posix(), sorted(wanted - defined))
        drawn += "pk_board" in wanted
    # en and ru: the lesson, the embed page, 0.svg, 1.svg, filmstrip.svg and the play page
    assert drawn == 2 * (1 + 1 + 3 + 1)


def test_pictures_carry_the_sites_colours_light_and_dark(project: MiniProject) -> None:
    """One palette: the site's stylesheet declares the board's colours as custom properties,
    light and dark, and a picture opened alone carries the same colours in its own style
    (written out, for programs that read no custom properties); no shape names a colour."""
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    site = project.root / "_site"
    stylesheet = (site / "assets" / "site.css").read_text(encoding="utf-8")
    light_page, dark_page = stylesheet.split("prefers-color-scheme: dark", 1)
    # The board's felt and wood, and a black checker's edge (lighter in the dark scheme, so
    # that the frame and Black's checkers stand out from a dark page).
    colours = [("board", ".felt{fill:", "#e9dcc3", "#3a3026"), ("frame", ".wood{fill:", "#6b4a2b", "#84603e"),
               ("checker-black-edge", "stroke:", "#000", "#d8cab4")]
    for name, _, light, dark in colours:
        assert f"--{name}:{light};" in light_page and f"--{name}:{dark};" in dark_page.split("}}", 1)[0]
    assert ".felt{fill:var(--board)}" in stylesheet
    pictures = sorted(site.glob("*/embed/*/*.svg"))
    assert pictures
    for path in pictures:
        text = path.read_text(encoding="utf-8")
        style = text.split("<style>", 1)[1].split("</style>", 1)[0]
        light_style, dark_style = style.split("@media (prefers-color-scheme: dark)", 1)
        for _, rule, light, dark in colours:
            assert f"{rule}{light}" in light_style and f"{rule}{dark}" in dark_style, (path.name, rule)
        assert not re.search(r'(?:fill|stroke)="#', text.replace(style, "")), path.name
