"""Everything an article needs to show a diagram: an embed page for an iframe, a static
SVG per step and a filmstrip of all steps (for places that allow no iframes), and oEmbed.

Files for diagram ``d`` in language ``xx``, relative to the site root::

    xx/embed/d/index.html     the embed page: ?step=2 (or a step name), ?theme=dark
    xx/embed/d/0.svg, 1.svg…  one picture per step, its words in that language, light
    xx/embed/d/0.dark.svg…    the same in the dark scheme (neither follows the reader's system)
    xx/embed/d/0.png, 1.png…  the light pictures as bitmaps (0.dark.png: dark; 0@2x.png, 0.dark@2x.png: twice as large)
    xx/embed/d/card.png       the title and the card step (card = "step", by default the last) on a 1200×630 sheet, for link previews
    xx/embed/d/filmstrip.svg  every step side by side (filmstrip.dark.svg: dark)
    xx/embed/d/oembed.json    for platforms that discover embeds by oEmbed (560 wide)
    xx/embed/d/oembed-320.json…  the same for each of WIDTHS
    oembed.json               the site's oEmbed document: every embed's answers by address

A diagram of more than :data:`PICTURED_STEPS` steps has the pictures of its start only, and
no filmstrip.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from markupsafe import Markup, escape

from plakoto_site.content.diagrams import Diagram
from plakoto_site.content.memo import Memo
from plakoto_site.i18n.words import Words

from . import palette, standalone, svg
from .diagrams import frame_board, frame_position, frame_words, play_sentence

WIDTH = 560
"""The suggested iframe width, in CSS pixels."""

WIDTHS = (320, 400, 480, 560, 640, 800)
"""The widths an oEmbed answer is written for (``oembed-<width>.json``): a static site
cannot read ``maxwidth`` from the query, so each embed has one answer per width."""

_DARK = ".dark"

PICTURED_STEPS = 100
"""The longest diagram, in steps (the start counts), drawn as a picture per step and a
filmstrip. A longer one has the pictures of its start (and ``card.png``) only, which is what
its embed box, the gallery and oEmbed link to; its steps are in its embed page. A whole game
fits; a 10,000-step diagram would otherwise add 80,000 files and 650 MB (four languages, two
schemes), more than some hosts publish (GitHub Pages: 1 GB a site), and a filmstrip six
million pixels wide that no one can look at."""

PADDING_X = 24
"""The embed page's padding left and right together (``body.embed main`` in site.css)."""
CHROME = 8 + 4 + (4 + 44)
"""What the compact embed page holds besides the board and its controls, in CSS pixels, as
site.css lays it out: the page's padding (top 8, bottom 4) and the line with "Show the text"
and the link back (4 above, 44 high)."""
CONTROLS = 8 + 44
"""The step controls (8 above, 44 high); a diagram of one step has none."""


def compact_height(width: int, steps: int) -> int:
    """The compact embed page's height when ``width`` CSS pixels wide: the board (as wide as
    the page less its padding, in the picture's proportions), :data:`CHROME` and, with more
    than one step, the :data:`CONTROLS`. The text of each step is folded behind a button, so
    every step is as tall; tests/browser checks this against the page a browser lays out."""
    return math.ceil((width - PADDING_X) * svg.HEIGHT / svg.WIDTH + CHROME + (CONTROLS if steps > 1 else 0))


def fluid_height(width: int, height: int) -> str:
    """The CSS height of a frame ``height`` pixels high at ``width``, at any width: the board
    grows with the frame's width in the picture's proportions and the rest stays as high, so
    the height is ``HEIGHT/WIDTH`` of the width (``cqw``: of the box the snippet puts around
    the frame) plus what is left at ``width``, rounded up (a pixel of blank, never a scroll
    bar). A browser without container units (before 2023) keeps the ``height`` attribute."""
    ratio = svg.HEIGHT / svg.WIDTH
    return f"calc({100 * ratio:.4f}cqw + {math.ceil(height - width * ratio)}px)"


def plain(html: str) -> str:
    """Caption HTML as one line of text: tags dropped, entities read, spaces collapsed."""
    if "<" not in html and "&" not in html:  # most of a board's words: only the spaces to collapse
        return " ".join(str.split(html))  # not Markup.split, which makes a Markup of each word
    return Markup(html).striptags()


def _attribute(value: str) -> str:
    """A value for a double-quoted attribute of the snippet an author reads and pastes:
    markupsafe's escaping, but an apostrophe stays as written (easier to read)."""
    return str(escape(value)).replace("&#39;", "'")


@dataclass(frozen=True)
class Embed:
    """One diagram in one language, and where its files live (relative to the root)."""

    diagram: Diagram
    lang: str
    title: str
    captions: Mapping[int, Markup]
    folder: str

    @property
    def page(self) -> str:
        return f"{self.folder}/index.html"

    def picture(self, frame: int, scheme: int = palette.LIGHT) -> str:
        return f"{self.folder}/{frame}{_DARK if scheme == palette.DARK else ''}.svg"

    def png(self, frame: int, scheme: int = palette.LIGHT, zoom: int = 1) -> str:
        """``0.png``; ``0.dark.png`` in the dark scheme; ``0@2x.png``, ``0.dark@2x.png`` twice as large."""
        return f"{self.folder}/{frame}{_DARK if scheme == palette.DARK else ''}{'@2x' if zoom == 2 else ''}.png"

    @property
    def card(self) -> str:
        return f"{self.folder}/card.png"

    @property
    def step_by_step(self) -> bool:
        """Whether each step is drawn as a picture and all of them as a filmstrip: a diagram
        of at most :data:`PICTURED_STEPS` steps is, a longer one has the start's pictures only."""
        return self.diagram.frames <= PICTURED_STEPS

    def filmstrip_in(self, scheme: int) -> str:
        return f"{self.folder}/filmstrip{_DARK if scheme == palette.DARK else ''}.svg"

    @property
    def filmstrip(self) -> str | None:
        """The light filmstrip, or None for a diagram too long for one (:data:`PICTURED_STEPS`)."""
        return self.filmstrip_in(palette.LIGHT) if self.step_by_step else None

    @property
    def oembed(self) -> str:
        return f"{self.folder}/oembed.json"

    def height(self, words: Words, width: int = WIDTH) -> int:
        """The embed page's height at ``width``: every step is as tall (see :func:`compact_height`)."""
        return compact_height(width, self.diagram.frames)

    def oembed_at(self, width: int) -> str:
        """The oEmbed answer for frames ``width`` wide (one of :data:`WIDTHS`)."""
        return f"{self.folder}/oembed-{width}.json"

    def iframe(self, base_url: str, words: Words, width: int = WIDTH) -> str:
        """The snippet an author pastes into an article: the frame in a box at most ``width``
        wide whose height follows its width (:func:`fluid_height`), so a phone that narrows
        the frame gets no blank under the board."""
        height = self.height(words, width)
        return (
            f'<div style="container-type:inline-size;max-width:{width}px">'
            f'<iframe src="{_attribute(base_url + self.page)}" width="{width}" height="{height}" '
            f'title="{_attribute(self.title)}" loading="lazy" '
            f'style="display:block;width:100%;height:{fluid_height(width, height)};border:0"></iframe></div>'
        )

    def oembed_html(self, base_url: str, words: Words, width: int = WIDTH) -> str:
        """The oEmbed answer's HTML: the snippet after a hidden link to the embed page. A
        consumer that keeps the HTML shows the snippet; WordPress, for a provider it does not
        trust, keeps only the link and the frame (src, width, height, title), shows the link
        until the frame says its height (embed-frame.js), then the frame at that height."""
        link = f'<a href="{_attribute(base_url + self.page)}">{escape(self.title)}</a>'
        return f'<blockquote style="display:none">{link}</blockquote>{self.iframe(base_url, words, width)}'

    def oembed_json(self, base_url: str, words: Words, provider: str, width: int = WIDTH, png: bool = True) -> str:
        """The oEmbed answer for frames ``width`` wide; its thumbnail is the start's PNG, or
        its SVG when the build drew no bitmaps."""
        return json.dumps(
            {
                "version": "1.0",
                "type": "rich",
                "title": self.title,
                "provider_name": provider,
                "provider_url": base_url,
                "html": self.oembed_html(base_url, words, width),
                "width": width,
                "height": self.height(words, width),
                "thumbnail_url": f"{base_url}{self.png(0) if png else self.picture(0)}",
                "thumbnail_width": svg.WIDTH,
                "thumbnail_height": svg.HEIGHT,
            },
            ensure_ascii=False,
            indent=2,
        ) + "\n"


def best_width(steps: int, maxwidth: int | None = None, maxheight: int | None = None) -> int:
    """The oEmbed answer to pick for a consumer's ``maxwidth`` and ``maxheight``: the widest
    of :data:`WIDTHS` that fits both, else the narrowest. (The WordPress plugin in
    integrations/ picks the same way; a static site cannot read the query.)"""
    fitting = [width for width in WIDTHS if (maxwidth is None or width <= maxwidth)
               and (maxheight is None or compact_height(width, steps) <= maxheight)]
    return max(fitting) if fitting else WIDTHS[0]


SCHEMES = (palette.LIGHT, palette.DARK)
"""The schemes every picture and filmstrip is drawn in."""


def picture(embed: Embed, frame: int, words: Words, memo: Memo | None = None, scheme: int = palette.LIGHT) -> str:
    """A standalone SVG of one step: its title, a description in words, in one ``scheme``."""
    return pictures(embed, frame, words, memo, (scheme,))[scheme]


def pictures(embed: Embed, frame: int, words: Words, memo: Memo | None = None,
             schemes: Sequence[int] = SCHEMES) -> dict[int, str]:
    """:func:`picture` in each of ``schemes``, its words and board made once for all."""
    diagram = embed.diagram
    step = diagram.steps[frame - 1] if frame else None
    plain_words = Words(words.language, words.translations)
    title = f"{embed.title} — {plain_words.step_label(frame, diagram.frames)}"
    description = " ".join(
        [plain(embed.captions.get(frame, Markup("")))]
        + ([plain(play_sentence(plain_words, step))] if step else [])
        + [plain(item) for item in frame_words(diagram, frame, words, memo)]
    ).strip()
    drawn = frame_board(diagram, frame, words, memo)
    drawn = replace(drawn, labels=replace(drawn.labels, title=title))
    position_json = frame_position(diagram, frame, memo)
    return {scheme: standalone.picture(drawn, lang=words.language.code, description=description,
                                position_json=position_json, memo=memo, scheme=scheme)
            for scheme in schemes}


def filmstrip(embed: Embed, words: Words, memo: Memo | None = None, scheme: int = palette.LIGHT) -> str:
    """Every step side by side, each with its play written under it."""
    return "".join(filmstrip_pieces(filmstrip_frames(embed, words, memo), embed, words, memo, scheme))


def filmstrip_frames(embed: Embed, words: Words, memo: Memo | None = None) -> list[tuple[svg.Board, str]]:
    """Each step's board and the words under it in the filmstrip, for every scheme."""
    diagram = embed.diagram
    plain_words = Words(words.language, words.translations)
    frames = []
    for frame in range(diagram.frames):
        step = diagram.steps[frame - 1] if frame else None
        text = plain_words.step_label(frame, diagram.frames) + (
            ": " + plain(play_sentence(plain_words, step)) if step else "")
        frames.append((frame_board(diagram, frame, words, memo), text))
    return frames


def filmstrip_pieces(frames: Sequence[tuple[svg.Board, str]], embed: Embed, words: Words, memo: Memo | None = None,
                     scheme: int = palette.LIGHT) -> Iterator[str]:
    """:func:`filmstrip` of :func:`filmstrip_frames` a board at a time, as it is written."""
    return standalone.filmstrip_pieces(frames, lang=words.language.code, title=embed.title, memo=memo, scheme=scheme)
