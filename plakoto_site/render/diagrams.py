"""A diagram as HTML: every frame on the page (board, caption, the position in words),
and controls the script reveals to step through them one at a time.

The attributes here are a public contract (see EMBEDDING.md and the browser tests):
``data-plakoto-diagram``, ``data-rules``, ``data-step`` on the root; ``data-step-index``,
``data-position``, ``data-roll``, ``data-side``, ``data-play``, ``data-result`` on each
frame; ``button[data-action]`` for the controls.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from markupsafe import Markup, escape

from plakoto_site.content.diagrams import Diagram, Step
from plakoto_site.engine import Position, Side
from plakoto_site.i18n.words import Words

from . import svg

ICONS = {
    "first": "M5 5h2.5v14H5zM19 5v14l-10-7z",
    "prev": "M17 5v14L6 12z",
    "next": "M7 5v14l11-7z",
    "last": "M16.5 5H19v14h-2.5zM5 5v14l10-7z",
}
"""Button glyphs drawn as paths: every system draws them, unlike ⏮ and ⏭."""


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def frame_id(diagram: Diagram, frame: int) -> str:
    """The element id and URL fragment of a frame: ``pin-sequence-pin`` or ``opening-roll-2``."""
    return f"{diagram.id}-{diagram.step_key(frame) if frame else 0}"


def position_words(words: Words, position: Position, step: Step | None) -> list[str]:
    """The text alternative: every occupied point, pips, borne off, the play, the result."""
    items: list[str] = []
    if step is not None:
        items.append(play_sentence(words, step))
    items += [words.point(position, info.point) for info in position.points()]
    items += [words.pips(position), words.borne_off(position)]
    if step is not None and step.outcome is not None:
        items.append(words.outcome(step.outcome))
    else:
        items.append(words.to_play(position.turn))
    return items


def play_sentence(words: Words, step: Step) -> str:
    if step.play is None:
        return words.cannot_move(step.side, step.dice)
    return words.played(step.side, step.dice, step.play.notation())


def frame_board(diagram: Diagram, frame: int, words: Words) -> svg.Board:
    """What a frame's board shows, with its words as plain text: the same board in the
    lesson, the embed page, the picture and the filmstrip."""
    position = diagram.position(frame)
    step = diagram.steps[frame - 1] if frame else None
    plain = Words(words.language, words.translations)
    labels = svg.Labels(
        title=plain.board_title(position, frame, diagram.frames, step.outcome if step else None),
        white_info=plain.board_info(Side.WHITE, position),
        black_info=plain.board_info(Side.BLACK, position),
    )
    if step is None:
        return svg.Board(position, labels)
    return svg.Board(position, labels, last=step.play, dice=step.dice, roller=step.side)


def board_svg(diagram: Diagram, frame: int, words: Words) -> str:
    """A frame's board inside a page, named by its frame's id."""
    element = frame_id(diagram, frame)
    return svg.inline(frame_board(diagram, frame, words), element_id=f"{element}-board", describedby=f"{element}-words")


_FRAMES: dict[tuple[object, ...], Markup] = {}
"""Frames already rendered, by everything they show: a lesson and its embed page share
them, and ``make serve`` renders again only what changed."""


def diagram_fingerprint(diagram: Diagram) -> str:
    """A short digest of everything a diagram shows. Computed once per diagram and shared
    by its frames' keys: a key holding every step would make a diagram of n steps cost n²."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{diagram.id}\n{diagram.rules.value}\n{diagram.start.code()}\n".encode())
    for step in diagram.steps:
        digest.update(f"{step.name}|{step.dice}|{step.play.notation() if step.play else ''}\n".encode())
    return digest.hexdigest()


def _frame(diagram: Diagram, fingerprint: str, frame: int, caption: Markup, words: Words) -> Markup:
    key = (fingerprint, frame, str(caption), words.language.code, words.fingerprint, words.markup)
    if key not in _FRAMES:
        if len(_FRAMES) > 20_000:
            _FRAMES.clear()
        _FRAMES[key] = _render_frame(diagram, frame, caption, words)
    return _FRAMES[key]


def _render_frame(diagram: Diagram, frame: int, caption: Markup, words: Words) -> Markup:
    position = diagram.position(frame)
    step = diagram.steps[frame - 1] if frame else None
    element = frame_id(diagram, frame)
    attributes: dict[str, str] = {
        "id": element,
        "class": "frame",
        "data-step-index": str(frame),
        "data-step-name": diagram.step_key(frame),
        "data-position": _json(position.to_json()),
    }
    if step is not None:
        attributes["data-roll"] = f"{step.dice.high}-{step.dice.low}"
        attributes["data-side"] = step.side.value
        attributes["data-play"] = step.play.notation() if step.play else ""
        if step.outcome is not None:
            attributes["data-result"] = _json(step.outcome.to_json())
    head = "".join(f" {name}=\"{escape(value)}\"" for name, value in attributes.items())
    play = Markup('<p class="frame-play">%s</p>') % play_sentence(words, step) if step else Markup("")
    result = (
        Markup('<p class="frame-result">%s</p>') % words.outcome(step.outcome)
        if step is not None and step.outcome is not None
        else Markup("")
    )
    items = Markup("").join(Markup("<li>%s</li>") % item for item in position_words(words, position, step))
    return Markup(
        "<li{head}>"
        '<div class="frame-board">{board}</div>'
        '<div class="frame-text">'
        '<p class="frame-counter">{counter}</p>'
        "{play}"
        '<div class="frame-caption">{caption}</div>'
        "{result}"
        '<details class="frame-words"><summary>{summary}</summary>'
        '<ul id="{element}-words">{items}</ul></details>'
        "</div></li>"
    ).format(
        head=Markup(head),
        board=Markup(board_svg(diagram, frame, words)),
        counter=words.step_counter(frame, diagram.frames),
        play=play,
        caption=caption,
        result=result,
        # TRANSLATORS: The folding box under each board that lists the position point by point (for
        # screen readers and for anyone).
        summary=words.gettext("The position in words"),
        element=element,
        items=items,
    )


@dataclass(frozen=True)
class EmbedLinks:
    """Where a diagram's embed files are: relative links for the page, absolute for authors."""

    page: str
    picture: str
    filmstrip: str
    oembed: str
    iframe: str
    absolute_picture: str
    absolute_oembed: str


def embed_details(diagram: Diagram, links: EmbedLinks, words: Words) -> Markup:
    """The "Embed" control: the iframe snippet in a text field (usable without JavaScript),
    a copy button the script reveals, picture links and the oEmbed address."""
    field = f"{diagram.id}-embed-code"
    return Markup(
        '<details class="embed-code"><summary>{summary}</summary>'
        '<p><label for="{field}">{paste}</label></p>'
        '<textarea id="{field}" readonly rows="4" spellcheck="false">{iframe}</textarea>'
        '<p><button type="button" class="copy" data-copy="{field}" data-done="{copied}" hidden>{copy}</button></p>'
        '<p>{pictures} <a href="{picture}">{first}</a> · <a href="{filmstrip}">{all}</a></p>'
        '<p>{oembed_label} <a href="{oembed}"><code>{absolute_oembed}</code></a></p>'
        "</details>"
    ).format(
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: its folding title.
        summary=words.gettext("Embed this diagram"),
        field=field,
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: the label of the code to copy.
        paste=words.gettext("Paste this into your article or forum post:"),
        iframe=links.iframe,
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: the button that copies the code.
        copy=words.gettext("Copy"),
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: what the copy button says once it has copied.
        copied=words.gettext("Copied"),
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: followed by two picture links.
        pictures=words.gettext("Where frames are not allowed, use a picture:"),
        picture=links.picture,
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: a link to a picture of the diagram's first step.
        first=words.gettext("the first step (SVG)"),
        filmstrip=links.filmstrip,
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: a link to a picture of every step side by side.
        all=words.gettext("all steps in one picture (SVG)"),
        # TRANSLATORS: The "Embed this diagram" box under each diagram, for people who want to show
        # it on their own site: followed by a technical address; oEmbed is a standard's name.
        oembed_label=words.gettext("oEmbed:"),
        oembed=links.oembed,
        absolute_oembed=links.absolute_oembed,
    )


def diagram_html(
    diagram: Diagram, captions: Mapping[int, Markup], words: Words, embed: EmbedLinks | None = None
) -> Markup:
    """The whole figure; ``captions`` maps frame numbers to caption HTML."""
    fingerprint = diagram_fingerprint(diagram)
    frames = Markup("").join(_frame(diagram, fingerprint, f, captions.get(f, Markup("")), words)
                             for f in range(diagram.frames))
    controls = Markup("").join(
        Markup('<button type="button" class="control" data-action="{action}" aria-label="{label}">'
               '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
               '<path d="{icon}"/></svg></button>').format(action=action, label=label, icon=ICONS[action])
        for action, label in (
            # TRANSLATORS: A diagram's button (an icon; this is its name for screen readers): go to
            # the first step.
            ("first", words.gettext("First step")),
            # TRANSLATORS: A diagram's button (an icon; this is its name for screen readers): one
            # step back.
            ("prev", words.gettext("Previous step")),
            # TRANSLATORS: A diagram's button (an icon; this is its name for screen readers): one
            # step on.
            ("next", words.gettext("Next step")),
            # TRANSLATORS: A diagram's button (an icon; this is its name for screen readers): go to
            # the last step.
            ("last", words.gettext("Last step")),
        )
    )
    attribute = Markup(' data-embed-url="{url}"').format(url=embed.page) if embed else Markup("")
    details = embed_details(diagram, embed, words) if embed else Markup("")
    return Markup(
        '<figure class="diagram" id="{id}" data-plakoto-diagram="{id}" data-rules="{rules}"'
        ' data-step="0" data-steps="{count}"{embed}>'
        '<div class="view" data-label="{label}"><ol class="frames">{frames}</ol></div>'
        '<div class="controls" hidden>{controls}'
        '<span class="counter" aria-hidden="true">{counter}</span></div>'
        '<p class="live visually-hidden" aria-live="polite" data-live></p>'
        "{details}</figure>"
    ).format(
        id=diagram.id,
        rules=diagram.rules.value,
        count=diagram.frames,
        embed=attribute,
        details=details,
        # TRANSLATORS: Read by screen readers when the reader reaches a diagram.
        label=words.gettext("Diagram: use the buttons or the arrow keys to step through it"),
        frames=frames,
        controls=controls,
        counter=words.step_counter(0, diagram.frames),
    )
