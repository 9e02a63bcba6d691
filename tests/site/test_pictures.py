"""The embed pictures and filmstrips are XML, whatever the author writes: a lesson title and
captions holding ``& < "`` come out as text, never as markup."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

from .conftest import REPO, MiniProject

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
    assert sorted(p.name for p in folder.glob("*.svg")) == [
        "0.dark.svg", "0.svg", "1.dark.svg", "1.svg", "filmstrip.dark.svg", "filmstrip.svg"]
    start = ET.parse(folder / "0.svg").getroot()
    assert start.findtext("s:title", namespaces=NS) == TITLE + " · Plakoto — Step 1 of 2"
    # Each picture describes its own step, worked out by hand from the diagram: the start has
    # no play; the pin step plays 5-3 (pips: White 24×8 + 20 + 13×6 = 290, then 282).
    assert start.findtext("s:desc", namespaces=NS) == (
        'Black & White <b>both</b> say "go". Point 1: 10 black checkers. Point 5: 4 black checkers. '
        "Point 13: 6 white checkers. Point 15: 1 black checker. Point 20: 1 white checker. "
        "Point 24: 8 white checkers. Pip count: White 290, Black 330. Borne off: White 0, Black 0. "
        "White to play.")
    pin = ET.parse(folder / "1.svg").getroot()
    assert pin.findtext("s:title", namespaces=NS) == TITLE + " · Plakoto — Step 2 of 2"
    assert pin.findtext("s:desc", namespaces=NS) == (
        'White pins it & <i>keeps</i> it "pinned". White rolls 5–3 and plays 20 → 15*, 13 → 10 '
        "(written 20/15* 13/10). Point 1: 10 black checkers. Point 5: 4 black checkers. "
        "Point 10: 1 white checker. Point 13: 5 white checkers. "
        "Point 15: 1 white checker, with a black checker pinned beneath. Point 24: 8 white checkers. "
        "Pip count: White 282, Black 330. Borne off: White 0, Black 0. Black to play.")
    strip = ET.parse(folder / "filmstrip.svg").getroot()
    assert strip.findtext("s:title", namespaces=NS) == TITLE + " · Plakoto"
    assert len(strip.findall("s:svg", NS)) == 2
    # And every other picture of the site, in every language, parses too.
    pictures = sorted((project.root / "_site").glob("*/embed/*/*.svg"))
    assert len(pictures) == 12  # en and ru: 0.svg, 1.svg, filmstrip.svg, each light and dark
    for path in pictures:
        ET.parse(path)


def references(document: str) -> tuple[set[str], set[str]]:
    """The ids a page or picture defines, and the ids it points at (``aria-labelledby``,
    ``aria-describedby``)."""
    defined = set(re.findall(r'\sid="([^"]+)"', document))
    wanted: set[str] = set()
    for names in re.findall(r'\saria-(?:labelledby|describedby)="([^"]+)"', document):
        wanted.update(names.split())
    return defined, wanted


def test_every_board_draws_all_of_itself_and_names_what_is_in_its_file(project: MiniProject) -> None:
    """A board draws its plate, points and checkers itself, with no ``<use>`` of a shape
    elsewhere (scripts that rewrite a page's links break on those); every name it points at
    is in its own file (a picture is opened alone)."""
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    site = project.root / "_site"
    files = sorted(site.glob("**/*.html")) + sorted(site.glob("*/embed/*/*.svg"))
    drawn = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        defined, wanted = references(text)
        assert wanted <= defined, (path.relative_to(site).as_posix(), sorted(wanted - defined))
        assert "<use" not in text, path.relative_to(site).as_posix()
        drawn += 'class="base"' in text
    # en and ru: the lesson, the embed page, 0.svg, 1.svg, filmstrip.svg (each light and
    # dark), the play page, the board editor and the page that draws a diagram from a link
    assert drawn == 2 * (1 + 1 + 6 + 1 + 1 + 1)


def test_pictures_carry_the_sites_colours_light_and_dark(project: MiniProject) -> None:
    """One palette: the site's stylesheet declares the board's colours as custom properties,
    light and dark, and a picture opened alone carries the same colours in its own style,
    those of its one scheme (written out, for programs that read no custom properties); no
    shape names a colour."""
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
        for _, rule, light, dark in colours:
            # 0.svg light, 0.dark.svg dark: a fixed theme, whatever the viewer's setting.
            wanted, unwanted = (dark, light) if path.name.endswith(".dark.svg") else (light, dark)
            assert f"{rule}{wanted}" in style and f"{rule}{unwanted}" not in style, (path.name, rule)
        assert not re.search(r'(?:fill|stroke)="#', text.replace(style, "")), path.name


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk, the first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def pixels(data: bytes) -> list[tuple[int, int, int]]:
    """The colours of an 8-bit RGB or RGBA PNG without interlacing, row by row (an
    independent reader: the PNG specification's five filters)."""
    width, height = png_size(data)
    colour_type = data[25]
    channels = {2: 3, 6: 4}[colour_type]
    packed, at = b"", 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        if data[at + 4:at + 8] == b"IDAT":
            packed += data[at + 8:at + 8 + length]
        at += 12 + length
    raw, stride, out = zlib.decompress(packed), width * channels, []
    previous = bytearray(stride)
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                guess = min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))[2]
                line[i] = (line[i] + guess) & 255
        out += [tuple(line[i:i + 3]) for i in range(0, stride, channels)]
        previous = line
    return out  # type: ignore[return-value]


def test_pictures_come_in_a_fixed_light_and_dark_theme_with_a_png_per_step(project: MiniProject) -> None:
    done = project.run("build", "--png")
    assert done.returncode == 0, done.stderr
    folder = project.root / "_site/en/embed/pin"
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith("oembed")) == [
        "0.dark.png", "0.dark.svg", "0.dark@2x.png", "0.png", "0.svg", "0@2x.png",
        "1.dark.png", "1.dark.svg", "1.dark@2x.png", "1.png", "1.svg", "1@2x.png", "card.png",
        "filmstrip.dark.svg", "filmstrip.svg", "index.html"]
    for name in ("0.svg", "1.svg", "filmstrip.svg", "0.dark.svg", "1.dark.svg", "filmstrip.dark.svg"):
        text = (folder / name).read_text()
        # Inside another site's <img> a picture must not follow the reader's system setting.
        assert "prefers-color-scheme" not in text, name
        light, dark = ".felt{fill:#e9dcc3}" in text, ".felt{fill:#3a3026}" in text
        assert (light, dark) == ((False, True) if ".dark." in name else (True, False)), name
    for frame in (0, 1):
        root = ET.parse(folder / f"{frame}.svg").getroot()
        size = (int(root.get("width") or 0), int(root.get("height") or 0))
        assert png_size((folder / f"{frame}.png").read_bytes()) == size
        assert png_size((folder / f"{frame}.dark.png").read_bytes()) == size
        assert png_size((folder / f"{frame}@2x.png").read_bytes()) == (2 * size[0], 2 * size[1])
        assert png_size((folder / f"{frame}.dark@2x.png").read_bytes()) == (2 * size[0], 2 * size[1])
        # the felt's colour (site.css's light #e9dcc3, dark #3a3026) covers much of each board
        for name, felt, other in ((f"{frame}.png", (0xe9, 0xdc, 0xc3), (0x3a, 0x30, 0x26)),
                                  (f"{frame}.dark@2x.png", (0x3a, 0x30, 0x26), (0xe9, 0xdc, 0xc3))):
            colours = pixels((folder / name).read_bytes())
            assert colours.count(felt) > len(colours) // 10 and other not in colours, name
    gallery = (project.root / "_site/en/embed/index.html").read_text()
    assert ('<a href="pin/0.png">light</a> (<a href="pin/0@2x.png">2×</a>)\n'
            '      · <a href="pin/0.dark.png">dark</a> (<a href="pin/0.dark@2x.png">2×</a>)') in gallery
    assert png_size((folder / "card.png").read_bytes()) == (1200, 630)


def test_every_page_has_a_link_preview_with_its_first_diagram(project: MiniProject) -> None:
    done = project.run("build", "--png")
    assert done.returncode == 0, done.stderr
    site = project.root / "_site"
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 8
    for page in pages:
        if page.name == "404.html" or page.parent.name == "view":
            continue  # the page that draws a diagram from its address has none of its own
        html = page.read_text()
        image = re.search(r'<meta property="og:image" content="https://example.org/plakoto/([^"]+)">', html)
        assert image, page
        assert (site / image[1]).is_file() and image[1].endswith("/embed/pin/card.png"), page
        assert '<meta name="twitter:card" content="summary_large_image">' in html, page
        assert '<meta property="og:image:width" content="1200">' in html, page
    lesson = (site / "ru/pinning/index.html").read_text()
    assert '<meta property="og:image" content="https://example.org/plakoto/ru/embed/pin/card.png">' in lesson
    assert '<meta property="og:title" content="Запирание">' in lesson


def test_without_png_there_is_no_bitmap_and_no_preview_image(project: MiniProject) -> None:
    """A build for reading and writing skips the bitmaps (~40 ms each); its pages then name
    no picture a link preview could not find, but keep their titles and descriptions."""
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    site = project.root / "_site"
    assert not list(site.rglob("*.png"))
    lesson = (site / "ru/pinning/index.html").read_text()
    assert "og:image" not in lesson and '<meta name="twitter:card" content="summary">' in lesson
    assert '<meta property="og:title" content="Запирание">' in lesson


def test_a_build_without_bitmaps_never_loads_the_rasteriser(project: MiniProject) -> None:
    """resvg (a binary wheel, some milliseconds to load) is loaded by a build with ``--png``
    only: Python lists every module a process imports under ``-X importtime``."""
    done = subprocess.run([sys.executable, "-X", "importtime", str(REPO / "build.py"), "--root", str(project.root),
                           "build"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "plakoto_site.site.embeds" in imported  # the embeds were rendered, in this process or its copy
    assert "resvg_py" not in imported and "plakoto_site.render.png" not in imported


def test_a_bitmap_is_drawn_once_and_then_read_from_the_store(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from plakoto_site.render import png

    picture = ('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><title>A</title>'
               '<rect width="4" height="2" fill="#000"/></svg>')
    drawn = png.png(picture, store=tmp_path)
    assert png_size(drawn) == (4, 2)
    [stored] = list(tmp_path.iterdir())
    assert stored.read_bytes() == drawn
    stored.write_bytes(b"kept")  # the store is read, not drawn again; the title is not drawn
    assert png.png(picture.replace("<title>A</title>", "<title>B</title>"), store=tmp_path) == b"kept"
