"""Everything an article needs to show a diagram: an embed page for an iframe, a static
SVG per step and a filmstrip of all steps (for places that allow no iframes), and oEmbed.

Files for diagram ``d`` in language ``xx``, relative to the site root::

    xx/embed/d/index.html     the embed page: ?step=2 (or a step name), ?theme=dark
    xx/embed/d/0.svg, 1.svg…  one picture per step, its words in that language
    xx/embed/d/filmstrip.svg  every step side by side
    xx/embed/d/oembed.json    for platforms that discover embeds by oEmbed
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from html import unescape
from xml.sax.saxutils import escape, quoteattr

from markupsafe import Markup

from plakoto_site.content.diagrams import Diagram
from plakoto_site.content.memo import Memo
from plakoto_site.i18n.words import Words

from . import svg
from .diagrams import board_svg, play_sentence, position_words

WIDTH = 560
"""The suggested iframe width, in CSS pixels."""

# Dark colours for standalone pictures; the light ones are the SVG's own attributes.
DARK_STYLE = (
    "@media (prefers-color-scheme: dark){"
    ".felt{fill:#3a3026}.wood{fill:#1f1812}.pt-a{fill:#a0552e}.pt-b{fill:#35627d}"
    ".pt-num,.info,.off-count,.caption{fill:#eee6da}.ck-white,.off-white,.die-white{fill:#f3ede2;stroke:#0d0b09}"
    ".ck-black,.off-black,.die-black{fill:#0e0c0a;stroke:#9a8f80}.pip-black,.on-white{fill:#0e0c0a}"
    ".pip-white,.on-black{fill:#f3ede2}.ck-pinned{stroke:#ff8a3d}.ring-moved,.from-mark,.off-moved{stroke:#56b4e9}"
    ".sheet{fill:#191512}}"
)


def plain(html: str) -> str:
    """Caption HTML as one line of text."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


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

    def picture(self, frame: int) -> str:
        return f"{self.folder}/{frame}.svg"

    @property
    def filmstrip(self) -> str:
        return f"{self.folder}/filmstrip.svg"

    @property
    def oembed(self) -> str:
        return f"{self.folder}/oembed.json"

    def height(self, words: Words) -> int:
        """A height that shows the tallest step without a scrollbar at :data:`WIDTH`."""
        board = math.ceil(WIDTH * svg.HEIGHT / svg.WIDTH)
        tallest = 0
        for frame in range(self.diagram.frames):
            step = self.diagram.steps[frame - 1] if frame else None
            text = plain(self.captions.get(frame, Markup(""))) + " " + (
                plain(play_sentence(words, step)) if step else "")
            tallest = max(tallest, math.ceil(len(text) / 52) + (1 if step else 0))
        return board + 28 * tallest + 190

    def iframe(self, base_url: str, words: Words) -> str:
        """The snippet an author pastes into an article."""
        return (
            f'<iframe src={quoteattr(base_url + self.page)} width="{WIDTH}" height="{self.height(words)}" '
            f'title={quoteattr(self.title)} loading="lazy" style="border:0;max-width:100%"></iframe>'
        )

    def oembed_json(self, base_url: str, words: Words, provider: str) -> str:
        return json.dumps(
            {
                "version": "1.0",
                "type": "rich",
                "title": self.title,
                "provider_name": provider,
                "provider_url": base_url,
                "html": self.iframe(base_url, words),
                "width": WIDTH,
                "height": self.height(words),
                "thumbnail_url": f"{base_url}{self.picture(0)}",
                "thumbnail_width": svg.WIDTH,
                "thumbnail_height": svg.HEIGHT,
            },
            ensure_ascii=False,
            indent=2,
        ) + "\n"


def picture(embed: Embed, frame: int, words: Words, memo: Memo | None = None) -> str:
    """A standalone SVG of one step: its title, a description in words, light and dark."""
    diagram = embed.diagram
    step = diagram.steps[frame - 1] if frame else None
    plain_words = Words(words.language, words.translations)
    title = f"{embed.title} — {plain_words.step_label(frame, diagram.frames)}"
    description = " ".join(
        [plain(embed.captions.get(frame, Markup("")))]
        + [plain(str(item)) for item in position_words(plain_words, diagram.position(frame), step)]
    ).strip()
    body = board_svg(diagram, frame, words, standalone=True, stylesheet=DARK_STYLE, memo=memo)
    head = f"<title>{escape(title)}</title><desc>{escape(description)}</desc>"
    position = quoteattr(json.dumps(diagram.position(frame).to_json(), separators=(",", ":")))
    opening = body[: body.index(">") + 1]
    rest = body[len(opening):]
    rest = re.sub(r"<title[^>]*>.*?</title>", "", rest, count=1)
    opening = opening.replace("<svg", f'<svg lang="{words.language.code}" data-position={position}', 1)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + opening + head + rest + "\n"


def filmstrip(embed: Embed, words: Words, memo: Memo | None = None) -> str:
    """Every step side by side, each with its play written under it."""
    diagram = embed.diagram
    plain_words = Words(words.language, words.translations)
    gap, label = 24, 64
    width = diagram.frames * svg.WIDTH + (diagram.frames - 1) * gap
    height = svg.HEIGHT + label
    parts = [f'<rect class="sheet" width="{width}" height="{height}" fill="#fdfaf4"/>']
    for frame in range(diagram.frames):
        x = frame * (svg.WIDTH + gap)
        board = board_svg(diagram, frame, words, standalone=False, memo=memo)
        board = board.replace("<svg", f'<svg x="{x}" y="0" width="{svg.WIDTH}" height="{svg.HEIGHT}"', 1)
        parts.append(board)
        step = diagram.steps[frame - 1] if frame else None
        text = plain_words.step_label(frame, diagram.frames) + (
            ": " + plain(play_sentence(plain_words, step)) if step else "")
        parts.append(
            f'<text class="caption" x="{x + 12}" y="{svg.HEIGHT + 34}" font-size="20" fill="#2b2118">'
            f"{escape(text)}</text>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" lang="{words.language.code}" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" '
        f'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif">'
        f"<title>{escape(embed.title)}</title><style>{DARK_STYLE}</style>{''.join(parts)}</svg>\n"
    )
