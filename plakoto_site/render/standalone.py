"""Boards as standalone SVG files: one picture per step, or a filmstrip of every step,
each with its own stylesheet (light or dark), so a file shows the same board as the page
with nothing else loaded."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from markupsafe import escape

from plakoto_site.content.memo import Memo

from . import palette
from .layout import FONT, HEIGHT, WIDTH, XML
from .svg import Board


def picture(drawn: Board, *, lang: str, description: str, position_json: str, memo: Memo | None = None,
            scheme: int = palette.LIGHT) -> str:
    """A standalone SVG file of one board: its title and a description in words, its own
    stylesheet (in one ``scheme``, light or dark) and shapes, and the position as data
    (``data-position``)."""
    return (
        f'{XML}<svg xmlns="http://www.w3.org/2000/svg" lang="{escape(lang)}" data-position="{escape(position_json)}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" class="board" direction="ltr" '
        f'role="img" font-family="{FONT}"><title>{escape(drawn.labels.title)}</title>'
        f"<desc>{escape(description)}</desc><style>{PICTURE_STYLES[scheme]}</style>"
        f"{drawn.shapes(memo)}</svg>\n"
    )


PICTURE_STYLES = {scheme: palette.picture_style(scheme=scheme) for scheme in (palette.LIGHT, palette.DARK)}
STRIP_STYLES = {scheme: palette.picture_style(strip=True, scheme=scheme) for scheme in (palette.LIGHT, palette.DARK)}
STRIP_GAP = 24
STRIP_FONT = 18
STRIP_LINE = 23
STRIP_LINES = 3
"""A filmstrip's label under each board: at most this many lines of ``STRIP_FONT``, wrapped
at spaces within the board's width, the last shortened with "…" when the words need more."""
STRIP_EM = 0.62
"""A generous width of one letter, in ems, for the wrapping: wider than the average letter
of the sans-serif fonts pictures are drawn in (DejaVu Sans, the widest of them, averages
about 0.55 em), so a line never runs past its board."""


def label_lines(text: str, width: float = WIDTH - 24, font: float = STRIP_FONT, most: int = STRIP_LINES) -> list[str]:
    """``text`` wrapped at spaces into lines that fit ``width`` (:data:`STRIP_EM`), at most
    ``most`` of them; a word longer than a line is cut, and text left over ends in "…"."""
    fits = max(1, int(width / (font * STRIP_EM)))
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < most:
        line = words.pop(0)
        if len(line) > fits:
            words.insert(0, line[fits - 1:])
            line = line[: fits - 1] + "-"
        while words and len(line) + 1 + len(words[0]) <= fits:
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        last = lines[-1]
        lines[-1] = (last if len(last) < fits else last[: fits - 1].rstrip()) + "…"
    return lines


def filmstrip(frames: Sequence[tuple[Board, str]], *, lang: str, title: str, memo: Memo | None = None,
              scheme: int = palette.LIGHT) -> str:
    """Every board side by side, each with a line of text under it; one standalone SVG in
    one ``scheme``, light or dark."""
    return "".join(filmstrip_pieces(frames, lang=lang, title=title, memo=memo, scheme=scheme))


def filmstrip_pieces(frames: Sequence[tuple[Board, str]], *, lang: str, title: str, memo: Memo | None = None,
                     scheme: int = palette.LIGHT) -> Iterator[str]:
    """:func:`filmstrip` a board at a time (a 10,000-step diagram's is tens of megabytes)."""
    width = len(frames) * WIDTH + (len(frames) - 1) * STRIP_GAP
    labels = [label_lines(caption) for _, caption in frames]
    height = HEIGHT + 12 + STRIP_LINE * max(len(lines) for lines in labels) + 8
    yield (
        f'{XML}<svg xmlns="http://www.w3.org/2000/svg" lang="{escape(lang)}" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" font-family="{FONT}"><title>{escape(title)}</title>'
        f'<style>{STRIP_STYLES[scheme]}</style><rect class="sheet" width="{width}" height="{height}"/>'
    )
    for index, (drawn, _) in enumerate(frames):
        x = index * (WIDTH + STRIP_GAP)
        lines = "".join(f'<tspan x="{x + 12}" dy="{STRIP_LINE if n else 0}">{escape(line)}</tspan>'
                        for n, line in enumerate(labels[index]))
        yield (
            f'<svg x="{x}" y="0" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" class="board" '
            f'direction="ltr"><title>{escape(drawn.labels.title)}</title>{drawn.shapes(memo)}</svg>'
            f'<text class="caption" x="{x + 12}" y="{HEIGHT + 12 + STRIP_FONT}" font-size="{STRIP_FONT}">{lines}</text>'
        )
    yield "</svg>\n"
