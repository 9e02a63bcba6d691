"""Bitmaps of the standalone pictures, for places that show no SVG: link previews (Open
Graph and Twitter cards), chat apps, e-mail. Rasterised at build time by resvg (resvg-py:
a wheel with the renderer inside, no system library needed)."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import resvg_py
from markupsafe import escape

from plakoto_site.content.memo import Memo, remembered

from . import palette, standalone, svg

CARD_WIDTH, CARD_HEIGHT = 1200, 630
"""The size of a link preview's picture (Open Graph, Twitter's large card)."""
CARD_MARGIN = 15

FONT_FOLDERS = (
    Path("/usr/share/fonts/truetype/dejavu"),  # Debian, Ubuntu
    Path("/usr/share/fonts/dejavu-sans-fonts"),  # Fedora
    Path("/usr/share/fonts/TTF"),  # Arch
)
FONT_FILES = tuple(str(folder / name) for folder in FONT_FOLDERS
                   for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf") if (folder / name).is_file())
"""DejaVu Sans, regular and bold, when the system has it: the point numbers and labels
are drawn with it. resvg's own default for ``sans-serif`` is Arial, which Linux systems
rarely have: without a family it knows, the labels would silently vanish from the bitmap."""


def _raster(picture: str, zoom: int = 1) -> bytes:
    if FONT_FILES:
        data = resvg_py.svg_to_bytes(svg_string=picture, skip_system_fonts=True, font_files=list(FONT_FILES),
                                     sans_serif_family="DejaVu Sans", zoom=zoom)
    else:
        data = resvg_py.svg_to_bytes(svg_string=picture, zoom=zoom)
    return bytes(data)


def png(picture: str, memo: Memo | None = None, store: Path | None = None, zoom: int = 1) -> bytes:
    """A standalone SVG picture as PNG, at its own size times ``zoom`` (2: for screens of
    two device pixels to a CSS pixel). What is not drawn (``<title>``,
    ``<desc>``, data) is left out first, so the same board in two languages whose labels
    agree is one bitmap. The same bitmap is drawn once a build (``memo``), and once ever
    with a ``store``: a folder of bitmaps named by what they show, kept between builds as
    MkDocs's social cards keep theirs in ``.cache/``; rasterising costs ~40 ms a picture."""
    drawn = _UNDRAWN.sub("", picture)
    key = hashlib.blake2b(f"{resvg_py.__version__} {FONT_FILES} {zoom} {drawn}".encode(), digest_size=16).hexdigest()
    return remembered(memo, "png", key, lambda: _stored(store, key, drawn, zoom))


_UNDRAWN = re.compile(r"<title>[^<]*</title>|<desc>[^<]*</desc>| data-position=\"[^\"]*\"")


def _stored(store: Path | None, key: str, drawn: str, zoom: int = 1) -> bytes:
    if store is None:
        return _raster(drawn, zoom)
    path = store / f"{key}.png"
    if path.is_file():
        return path.read_bytes()
    data = _raster(drawn, zoom)
    store.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{key}.{os.getpid()}.tmp")
    partial.write_bytes(data)
    partial.replace(path)  # whole or not at all, also when two processes draw the same
    return data


CARD_TITLE = 64
"""The band above the board where a card writes the diagram's title."""


def card(picture: str, memo: Memo | None = None, store: Path | None = None, title: str = "") -> bytes:
    """A link preview's picture: ``title`` on one line at the top (shortened with "…" when
    long), then the board of ``picture`` (a standalone light SVG), centred on a
    :data:`CARD_WIDTH` × :data:`CARD_HEIGHT` sheet of the page's background."""
    band = CARD_TITLE if title else 0
    height = CARD_HEIGHT - 2 * CARD_MARGIN - band
    width = round(height * svg.WIDTH / svg.HEIGHT)
    body = picture.split("\n", 1)[1] if picture.startswith("<?xml") else picture
    placed = re.sub(r'width="[0-9.]+" height="[0-9.]+"',
                    f'x="{(CARD_WIDTH - width) // 2}" y="{CARD_MARGIN + band}" width="{width}" height="{height}"', body,
                    count=1)
    words = ""
    if title:
        line = standalone.label_lines(title, width=CARD_WIDTH - 2 * CARD_MARGIN, font=40, most=1)[0]
        words = (f'<text x="{CARD_WIDTH // 2}" y="{CARD_MARGIN + 44}" text-anchor="middle" font-size="40" '
                 f'font-weight="bold" font-family="{svg.FONT}" fill="{palette.COLOURS["fg"][palette.LIGHT]}">'
                 f"{escape(line)}</text>")
    sheet = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
             f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}"><rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
             f'fill="{palette.COLOURS["bg"][palette.LIGHT]}"/>{words}{placed}</svg>')
    return png(sheet, memo, store)
