"""A diagram as HTML: every frame on the page (board, caption, the position in words),
and controls the script reveals to step through them one at a time. The markup is in
``templates/macros/diagram.html``; this module gathers what it shows.

The attributes here are a public contract (see EMBEDDING.md and the browser tests):
``data-plakoto-diagram``, ``data-rules``, ``data-step`` on the root; ``data-step-index``,
``data-position``, ``data-roll``, ``data-side``, ``data-play``, ``data-result`` on each
frame; ``button[data-action]`` for the controls. The script's data (frame ids, step names,
anchors) is ``<script type="application/json" class="diagram-data">``, typed as
``DiagramData`` in ``templates/assets/diagram.js``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinja2 import UndefinedError
from markupsafe import Markup

from plakoto_site.content.diagrams import Diagram, Step
from plakoto_site.content.memo import Memo, remembered
from plakoto_site.engine import Dice, Play, Position, Side
from plakoto_site.i18n.words import Words

from . import svg
from .escaping import script_json

if TYPE_CHECKING:
    from .templates import Templates

def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def frame_id(diagram: Diagram, frame: int) -> str:
    """The element id and URL fragment of a frame: ``pin-sequence-pin`` or ``opening-roll-2``."""
    return f"{diagram.id}-{diagram.step_key(frame) if frame else 0}"


def frame_anchors(diagram: Diagram, frame: int) -> list[str]:
    """Every URL fragment that shows a frame: its id, and the diagram's id followed by the
    frame's number or its step's name (``opening-roll-2``, ``opening-roll-start``)."""
    return list(dict.fromkeys((frame_id(diagram, frame), f"{diagram.id}-{frame}",
                               f"{diagram.id}-{diagram.step_key(frame)}")))


def diagram_data(diagram: Diagram) -> dict[str, object]:
    """The page data of ``<script class="diagram-data">``: each frame's id, step name and
    anchors, so the script derives none of them. Its shape is the ``DiagramData`` typedef
    of ``templates/assets/diagram.js``."""
    return {
        "id": diagram.id,
        "frames": [
            {"id": frame_id(diagram, frame), "name": diagram.step_key(frame), "anchors": frame_anchors(diagram, frame)}
            for frame in range(diagram.frames)
        ],
    }


def board_words(words: Words, position: Position, step: Step | None, memo: Memo | None = None) -> list[str]:
    """The text alternative after the play: every occupied point, pips, borne off, the
    result or whose turn it is. A point's line is made once per language in ``memo``: a
    step changes a few points, and the others read as before."""
    items = [remembered(memo, "point words", (words.language.code, words.fingerprint, words.markup, info.point,
                                              position.board[info.point - 1], info.point in position.pinned),
                        lambda: words.point(position, info.point))  # noqa: B023 (made at once)
             for info in position.points()]
    items += [words.pips(position), words.borne_off(position)]
    if step is not None and step.outcome is not None:
        items.append(words.outcome(step.outcome))
    else:
        items.append(words.to_play(position.turn))
    return items


def frame_words(diagram: Diagram, frame: int, words: Words, memo: Memo | None = None) -> list[str]:
    """A frame's :func:`board_words` as plain text, made once per language in ``memo``:
    its figure in a lesson and its pictures show them after the play, each in its own
    markup."""
    key = (diagram.digest, frame, words.language.code, words.fingerprint)
    return remembered(memo, "frame words", key, lambda: board_words(
        Words(words.language, words.translations, fingerprint=words.fingerprint), diagram.position(frame),
        diagram.steps[frame - 1] if frame else None, memo))


def frame_position(diagram: Diagram, frame: int, memo: Memo | None = None) -> str:
    """A frame's position as JSON (``data-position``), made once in ``memo`` for every
    language: its figure and its pictures carry it."""
    return remembered(memo, "frame positions", (diagram.digest, frame), lambda: _json(diagram.position(frame).to_json()))


def play_sentence(words: Words, step: Step) -> str:
    if step.play is None:
        return words.cannot_move(step.side, step.dice)
    return words.played(step.play)


def frame_board(diagram: Diagram, frame: int, words: Words, memo: Memo | None = None) -> svg.Board:
    """What a frame's board shows, with its words as plain text: the same board in the
    lesson, the embed page, the picture and the filmstrip, made once per language in
    ``memo``."""
    key = (diagram.digest, frame, words.language.code, words.fingerprint)
    return remembered(memo, "frame boards", key, lambda: _frame_board(diagram, frame, words))


def _frame_board(diagram: Diagram, frame: int, words: Words) -> svg.Board:
    position = diagram.position(frame)
    step = diagram.steps[frame - 1] if frame else None
    plain = Words(words.language, words.translations)
    outcome = step.outcome if step else None
    labels = svg.Labels(
        title=plain.board_title(position, frame, diagram.frames, outcome),
        white_info=plain.board_info(Side.WHITE, position),
        black_info=plain.board_info(Side.BLACK, position),
        turn="" if outcome is not None else plain.turn_mark(position.turn),
    )
    return svg.Board(position, labels, *_marks(step))


def draw_frames(diagram: Diagram, memo: Memo) -> None:
    """Draw every frame's board into ``memo`` ahead, without its words (:func:`svg.drawn`)."""
    for frame in range(diagram.frames):
        svg.drawn(diagram.position(frame), *_marks(diagram.steps[frame - 1] if frame else None), memo=memo)


def _marks(step: Step | None) -> tuple[Play | None, Dice | None, Side | None]:
    """What a frame's board marks of the step that led to it: the play, the roll, who rolled."""
    return (None, None, None) if step is None else (step.play, step.dice, step.side)


def board_svg(diagram: Diagram, frame: int, words: Words, memo: Memo | None = None) -> str:
    """A frame's board inside a page, named by its frame's id."""
    element = frame_id(diagram, frame)
    return svg.inline(frame_board(diagram, frame, words, memo), element_id=f"{element}-board",
                      describedby=f"{element}-words", memo=memo)


def _frame(diagram: Diagram, frame: int, caption: Markup, words: Words,
           templates: Templates, memo: Memo | None) -> Markup:
    """A frame, rendered once per build state by everything it shows: a lesson and its
    embed page share it, and ``make serve`` renders again only what changed."""
    key = (diagram.digest, frame, str(caption), words.language.code, words.fingerprint, words.markup,
           templates.version("macros/diagram.html"))
    return remembered(memo, "frames", key, lambda: _render_frame(diagram, frame, caption, words, templates, memo))


def _render_frame(diagram: Diagram, frame: int, caption: Markup, words: Words,
                  templates: Templates, memo: Memo | None) -> Markup:
    step = diagram.steps[frame - 1] if frame else None
    outcome = step.outcome if step is not None else None
    sentence = play_sentence(words, step) if step else None
    return templates.macro("macros/diagram.html", "frame", words.translations)(FrameView(
        id=frame_id(diagram, frame),
        index=frame,
        name=diagram.step_key(frame),
        position=frame_position(diagram, frame, memo),
        roll=f"{step.dice.high}-{step.dice.low}" if step else "",
        side=step.side.value if step else "",
        play=(step.play.notation() if step.play else "") if step else "",
        result=_json(outcome.to_json()) if outcome is not None else None,
        board=Markup(board_svg(diagram, frame, words, memo)),
        counter=words.step_counter(frame, diagram.frames),
        sentence=sentence,
        caption=caption,
        outcome=words.outcome(outcome) if outcome is not None else None,
        # The play with its notation marked up, then the board's words (the template escapes them).
        words=([sentence] if sentence is not None else []) + frame_words(diagram, frame, words, memo),
    ))


@dataclass(frozen=True)
class FrameView:
    """What the ``frame`` macro shows: the attributes, then the texts (``str`` is escaped,
    :class:`Markup` is not)."""

    id: str
    index: int
    name: str
    position: str
    """The position as JSON (``data-position``)."""
    roll: str
    """``6-5``, or empty for the starting frame (then no ``data-roll``, ``data-side``, ``data-play``)."""
    side: str
    play: str
    result: str | None
    """The outcome as JSON (``data-result``), when the game ends here."""
    board: Markup
    counter: str
    sentence: str | None
    caption: Markup
    outcome: str | None
    words: list[str]


@dataclass(frozen=True)
class EmbedLinks:
    """Where a diagram's embed files are: relative links for the page, absolute for authors."""

    page: str
    picture: str
    filmstrip: str | None
    """None for a diagram too long for a filmstrip (:data:`.embed.PICTURED_STEPS`)."""
    oembed: str
    iframe: str
    absolute_picture: str
    absolute_oembed: str


@dataclass(frozen=True)
class FigureView:
    """What the ``figure`` macro shows."""

    id: str
    rules: str
    frames: Sequence[Markup]
    counter: str
    embed: EmbedLinks | None
    data: Markup
    """:func:`diagram_data` as JSON for ``<script class="diagram-data">``."""


def diagram_html(
    diagram: Diagram, captions: Mapping[int, Markup], words: Words, templates: Templates,
    embed: EmbedLinks | None = None, memo: Memo | None = None,
) -> Markup:
    """The whole figure, from the ``figure`` macro of ``templates/macros/diagram.html``;
    ``captions`` maps frame numbers to caption HTML."""
    frames = [_frame(diagram, f, captions.get(f, Markup("")), words, templates, memo)
              for f in range(diagram.frames)]
    return _figure(diagram, frames, words, templates, embed, memo)


def _figure(diagram: Diagram, frames: Sequence[Markup], words: Words, templates: Templates,
            embed: EmbedLinks | None, memo: Memo | None) -> Markup:
    return templates.macro("macros/diagram.html", "figure", words.translations)(FigureView(
        id=diagram.id,
        rules=diagram.rules.value,
        frames=frames,
        counter=words.step_counter(0, diagram.frames),
        embed=embed,
        data=remembered(memo, "diagram data", diagram.digest, lambda: script_json(diagram_data(diagram))),
    ))


FRAMES = "\0frames\0"
"""Where :func:`figure_pieces` writes the frames: no figure's text holds it."""


class _Frames(Sequence[Markup]):
    """A figure's frames as the ``figure`` macro sees them in :func:`figure_pieces`: as many
    as there are, shown as one marker where they all go."""

    def __init__(self, count: int) -> None:
        self.length = count

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: int) -> Markup:  # type: ignore[override]
        raise IndexError(index)  # only looped over (once), never indexed: see figure_pieces

    def __iter__(self) -> Iterator[Markup]:
        yield Markup(FRAMES)


def figure_pieces(
    diagram: Diagram, captions: Mapping[int, Markup], words: Words, templates: Templates,
    embed: EmbedLinks | None = None, memo: Memo | None = None,
) -> Iterator[str]:
    """:func:`diagram_html` a piece at a time: the figure up to its frames, each frame, the
    rest; a page writes a long diagram frame by frame. A ``figure`` macro (a theme's) that
    shows its frames other than once in a loop gets them all at once, as from
    :func:`diagram_html`."""
    try:
        shell = str(_figure(diagram, _Frames(diagram.frames), words, templates, embed, memo))
    except UndefinedError:  # the macro picks a frame by its number: it gets them all
        shell = ""
    head, found, tail = shell.partition(FRAMES)
    if not found or FRAMES in tail:
        yield str(diagram_html(diagram, captions, words, templates, embed, memo))
        return
    yield head
    for frame in range(diagram.frames):
        yield _frame(diagram, frame, captions.get(frame, Markup("")), words, templates, memo)
    yield tail
