"""The board as SVG, drawn in Python (as ``chess.svg.board()`` draws a chessboard).

Absolute numbering, White's home bottom right: points 13–24 run along the top from left
to right, 12–1 along the bottom.

Every board draws everything itself: the plate, the wood, the points and their numbers
(:data:`BASE`), and each checker, die and mark of a move as a small shape (:data:`SHAPES`),
with no ``<use>`` of shapes elsewhere in the page (scripts that rewrite a page's links break
on those). A board is drawn once per build (:func:`shapes`) and shared by the lesson, the
embed page, the picture and the filmstrip.

No colour is named here: shapes carry classes, and the stylesheet gives them the palette's
custom properties (:mod:`plakoto_site.render.palette`), light or dark.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from markupsafe import escape

from plakoto_site.content.memo import Memo, remembered
from plakoto_site.engine import OFF, Dice, Play, Position, Side

from .layout import (
    BAR,
    BORDER,
    COUNT_DY,
    COUNT_FONT,
    DICE_APART,
    DICE_X,
    FONT,
    GAP,
    HEIGHT,
    INFO_FONT,
    INFO_LINE,
    INFO_MARK_DY,
    INFO_MARK_X,
    INFO_TEXT_X,
    INFO_Y,
    INNER_BOTTOM,
    INNER_TOP,
    INNER_W,
    LABEL,
    LEFT,
    MIDDLE,
    OFF_COUNT_Y,
    OFF_GAP,
    OFF_X,
    OFF_Y,
    PH,
    PIN_SHIFT,
    PIP_STEP,
    PW,
    STACK_CHECKERS,
    STACK_CHECKERS_PINNED,
    TRAY,
    TRAY_X,
    TURN_FONT,
    TURN_R,
    TURN_TEXT_DY,
    TURN_TEXT_X,
    TURN_X,
    WIDTH,
    R,
    is_top,
    pin_mark_dy,
    point_x,
    slot_y,
)
from .layout import (
    D as D,
)


@dataclass(frozen=True)
class Labels:
    """The few words drawn on the board, in the page's language."""

    title: str
    white_info: str = ""
    black_info: str = ""
    turn: str = ""
    """Whose turn it is ("Black to play"), drawn on the board beside a checker of that
    side; empty once the game is over, and then nothing is drawn."""


# -- what every board shares ------------------------------------------------------------------

COLOUR = {Side.WHITE: "white", Side.BLACK: "black"}

PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}
"""Where a die face's pips are, in steps of 8 from its centre."""


def _wood_and_points() -> str:
    """The plate under everything, the frame, the bar, the trays, the points and their
    numbers. The plate takes the board's own page colour, so the numbers and the lines under
    the board, drawn on it, read in the board's scheme on any page's background."""
    outer_w = BORDER + INNER_W + BORDER
    parts = [
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="8" class="plate"/>',
        f'<rect x="0" y="{LABEL}" width="{outer_w}" height="{2 * PH + GAP + 2 * BORDER}" rx="6" class="wood"/>',
        f'<rect x="{LEFT}" y="{INNER_TOP}" width="{INNER_W}" height="{2 * PH + GAP}" class="felt"/>',
        f'<rect x="{LEFT + 6 * PW}" y="{INNER_TOP}" width="{BAR}" height="{2 * PH + GAP}" class="wood bar"/>',
        f'<rect x="{TRAY_X}" y="{INNER_TOP}" width="{TRAY}" height="{PH}" rx="4" class="wood tray"/>',
        f'<rect x="{TRAY_X}" y="{INNER_BOTTOM - PH}" width="{TRAY}" height="{PH}" rx="4" class="wood tray"/>',
    ]
    numbers = []
    for point in range(1, 25):
        x = point_x(point)
        base = INNER_TOP if is_top(point) else INNER_BOTTOM
        tip = base + (PH - 6) * (1 if is_top(point) else -1)
        kind = "a" if point % 2 else "b"
        parts.append(f'<polygon points="{x - PW / 2 + 1:g},{base:g} {x + PW / 2 - 1:g},{base:g} {x:g},{tip:g}" '
                     f'class="pt pt-{kind}"/>')
        label_y = LABEL - 6 if is_top(point) else INNER_BOTTOM + BORDER + LABEL - 5
        numbers.append(f'<text x="{x:g}" y="{label_y:g}" class="pt-num">{point}</text>')
    parts.append(f'<g text-anchor="middle" font-size="15">{"".join(numbers)}</g>')
    return f'<g class="base">{"".join(parts)}</g>'


BASE = _wood_and_points()
"""What every board starts with: the plate, the wood, the points and their numbers. Each
board carries its own copy: no ``<use href>`` to a shape elsewhere in the page, which
scripts that rewrite a page's links (Material for MkDocs's instant navigation sets every
``href``; a ``<use>``'s is read-only) break on."""


@dataclass(frozen=True)
class Shape:
    """A small shape a board draws many times (a checker, a die, a mark), centred on the
    place it is given: ``{colour}`` in an attribute stands for ``white`` or ``black``; a
    rectangle's corner is ``(dx, dy)`` from that place."""

    tag: str
    attributes: tuple[tuple[str, str], ...]
    dx: float = 0
    dy: float = 0

    def at(self, x: float, y: float, colour: str = "", more: str = "", also: str = "") -> str:
        """The shape at ``(x, y)`` in ``colour``, with the classes ``also`` and the
        attributes ``more`` (written out, with their leading space)."""
        attrs = "".join(f' {k}="{v.replace("{colour}", colour)}{" " + also if k == "class" and also else ""}"'
                        for k, v in self.attributes)
        place = f'cx="{x:g}" cy="{y:g}"' if self.tag == "circle" else f'x="{x + self.dx:g}" y="{y + self.dy:g}"'
        return f"<{self.tag} {place}{attrs}{more}/>"


_CHECKER = ("r", f"{R - 1}")
SHAPES: dict[str, Shape] = {
    "checker": Shape("circle", (_CHECKER, ("stroke-width", "1.5"), ("class", "ck ck-{colour}"))),
    # a checker of this colour pinned beneath one of the other
    "pinned": Shape("circle", (_CHECKER, ("stroke-width", "4"), ("class", "ck ck-{colour} ck-pinned"))),
    "off": Shape("rect", (("width", f"{TRAY - 12}"), ("height", "10"), ("rx", "3"), ("stroke-width", "1"),
                          ("class", "off off-{colour}"))),
    "offMoved": Shape("rect", (("width", f"{TRAY - 12}"), ("height", "10"), ("rx", "3"), ("stroke-width", "2"),
                               ("class", "off off-{colour} off-moved"))),
    "die": Shape("rect", (("width", "30"), ("height", "30"), ("rx", "5"), ("stroke-width", "1.5"),
                          ("class", "die die-{colour}")), -15, -15),
    # a pip on a die of the other colour
    "pip": Shape("circle", (("r", "3"), ("class", "die-pip pip-{colour}"))),
    "line": Shape("circle", (("r", "7"), ("stroke-width", "1.5"), ("class", "line-mark ck-{colour}"))),
    "turn": Shape("circle", (("r", f"{TURN_R}"), ("stroke-width", "2"), ("class", "turn-mark ck-{colour}"))),
    # the marker on a pinned checker, in the part of it its pinner leaves visible
    "pin": Shape("circle", (("r", "6.5"), ("stroke-width", "2"), ("class", "pin-mark"))),
    "ring": Shape("circle", (("r", f"{R + 2}"), ("fill", "none"), ("stroke-width", "3"), ("class", "ring-moved"))),
    "from": Shape("circle", (("r", f"{R - 4}"), ("fill", "none"), ("stroke-width", "2.5"),
                             ("stroke-dasharray", "4 3"), ("class", "from-mark"))),
}
"""Every small shape of a board, by name; the board script (``board.js``) draws the same
from this table (:func:`.board.geometry`)."""


# -- what one position shows ------------------------------------------------------------------


def _moved(play: Play | None) -> tuple[Counter[int], list[int], dict[int, int]]:
    """Absolute destination counts, start points, and for each destination its origin."""
    if play is None:
        return Counter(), [], {}
    arrivals: Counter[int] = Counter()
    starts: list[int] = []
    origin: dict[int, int] = {}
    landed_on: dict[int, int] = {}
    for move in play.moves:
        start = move.start
        first = landed_on.pop(start, start) if arrivals[start] else start
        if arrivals[start]:
            arrivals[start] -= 1
        else:
            starts.append(start)
        end = move.end
        arrivals[end] += 1
        origin[end] = first
        if end != OFF:
            landed_on[end] = first
    return +arrivals, starts, origin


def _stack(position: Position, point: int, arrivals: Counter[int], origin: dict[int, int]) -> list[str]:
    owner = position.owner(point)
    if owner is None:
        return []
    x = point_x(point)
    count = abs(position.board[point - 1])
    parts = []
    first_slot = 0.0
    shown = STACK_CHECKERS
    if point in position.pinned:
        y = slot_y(point, 0)
        parts.append(SHAPES["pinned"].at(x, y, COLOUR[owner.other]) + SHAPES["pin"].at(x, y + pin_mark_dy(point)))
        first_slot, shown = PIN_SHIFT, STACK_CHECKERS_PINNED
    visible = min(count, shown)
    checker = SHAPES["checker"]
    moved_from = visible - arrivals.get(point, 0)
    for index in range(visible):
        y = slot_y(point, first_slot + index)
        if index < moved_from:
            parts.append(checker.at(x, y, COLOUR[owner]))
            continue
        start = origin.get(point)
        offset = "" if start is None else f' data-dx="{point_x(start) - x:g}" data-dy="{slot_y(start, 0) - y:g}"'
        parts.append(checker.at(x, y, COLOUR[owner], offset, also="ck-moved") + SHAPES["ring"].at(x, y))
    if count > visible:
        y = slot_y(point, first_slot + visible - 1)
        parts.append(f'<text x="{x:g}" y="{y + COUNT_DY:g}" class="ck-count on-{owner.value}" text-anchor="middle" '
                     f'font-size="{COUNT_FONT}" font-weight="bold">{count}</text>')
    return parts


def _from_marks(starts: list[int], position: Position) -> list[str]:
    marks = []
    for point in starts:
        height = abs(position.board[point - 1]) if position.owner(point) else 0
        slot = min(height, 5) + (PIN_SHIFT if point in position.pinned else 0)
        y = slot_y(point, slot) if slot < 5 else slot_y(point, 4.5)
        marks.append(SHAPES["from"].at(point_x(point), y))
    return marks


def _tray(position: Position, side: Side, highlight: int) -> list[str]:
    count = position.off(side)
    parts = []
    for index in range(count):
        y = OFF_Y[COLOUR[side]] + (index * OFF_GAP if side is Side.BLACK else -index * OFF_GAP)
        shape = SHAPES["offMoved" if index >= count - highlight else "off"]
        parts.append(shape.at(OFF_X, y, COLOUR[side]))
    if count:
        parts.append(f'<text x="{TRAY_X + TRAY / 2:g}" y="{OFF_COUNT_Y[COLOUR[side]]}" class="off-count" '
                     f'text-anchor="middle" font-size="{COUNT_FONT}" font-weight="bold">{count}</text>')
    return parts


def _die(x: float, y: float, value: int, side: Side) -> str:
    dots = "".join(SHAPES["pip"].at(x + dx * PIP_STEP, y + dy * PIP_STEP, COLOUR[side.other]) for dx, dy in PIPS[value])
    return SHAPES["die"].at(x, y, COLOUR[side]) + dots


def _dice(dice: Dice | None, side: Side | None) -> list[str]:
    if dice is None or side is None:
        return []
    # The roller's dice lie in the half of the board away from its home: the left half.
    return [f'<g class="dice">{_die(DICE_X - DICE_APART, MIDDLE, dice.high, side)}'
            f'{_die(DICE_X + DICE_APART, MIDDLE, dice.low, side)}</g>']


def _turn(labels: Labels, position: Position) -> list[str]:
    """Whose turn it is, on the board itself: the dice in a diagram's frame are the roll
    just played, by the other side."""
    if not labels.turn:
        return []
    return [f'<g class="turn">{SHAPES["turn"].at(TURN_X, MIDDLE, COLOUR[position.turn])}'
            f'<text x="{TURN_TEXT_X:g}" y="{MIDDLE + TURN_TEXT_DY:g}" class="turn-text" font-size="{TURN_FONT}" '
            f'font-weight="bold">{escape(labels.turn)}</text></g>']


def _info(labels: Labels, position: Position) -> list[str]:
    """One line per side under the board; the side to move in bold, with a marker."""
    parts = []
    for row, (side, text) in enumerate(((Side.WHITE, labels.white_info), (Side.BLACK, labels.black_info))):
        y = INFO_Y + row * INFO_LINE
        turn = f' class="info info-turn" font-size="{INFO_FONT}" font-weight="bold"' if position.turn is side \
            else f' class="info" font-size="{INFO_FONT}"'
        parts.append(SHAPES["line"].at(INFO_MARK_X, y + INFO_MARK_DY, COLOUR[side]) +
                     f'<text x="{INFO_TEXT_X}" y="{y}"{turn}>{escape(text)}</text>')
    return parts


def shapes(
    position: Position, labels: Labels, last: Play | None = None, dice: Dice | None = None,
    roller: Side | None = None, memo: Memo | None = None,
) -> str:
    """What ``position`` shows on the shared board: ``last`` marks the play that led to it,
    ``dice`` the roll; the title is the caller's (:func:`board`, :func:`picture`). A board
    already drawn in the build state ``memo`` (a lesson, its embed page and pictures show
    the same boards; ``make serve`` redraws only what changed) is not drawn again."""
    key = _key(position, last, dice, roller)
    # What no language changes is drawn once for every language; the words go on it.
    bare = _drawn(key, position, last, dice, roller, memo)
    return remembered(memo, "boards with words", (key, labels.white_info, labels.black_info, labels.turn),
                      lambda: "".join([bare, *_turn(labels, position), *_info(labels, position)]))


def drawn(position: Position, last: Play | None = None, dice: Dice | None = None, roller: Side | None = None,
          memo: Memo | None = None) -> str:
    """What :func:`shapes` draws that no language changes: the checkers, the marks of the
    last play, the dice. Drawn once for every language in the build state ``memo``."""
    return _drawn(_key(position, last, dice, roller), position, last, dice, roller, memo)


def _drawn(key: tuple[object, ...], position: Position, last: Play | None, dice: Dice | None, roller: Side | None,
           memo: Memo | None) -> str:
    return remembered(memo, "boards", key, lambda: _shapes(position, last, dice, roller))


def _key(position: Position, last: Play | None, dice: Dice | None, roller: Side | None) -> tuple[object, ...]:
    return (position.board, position.pinned, position.white_off, position.black_off, position.turn,
            last.side if last else None, last.moves if last else None, dice, roller)


def _shapes(position: Position, last: Play | None, dice: Dice | None, roller: Side | None) -> str:
    arrivals, starts, origin = _moved(last)
    parts = [BASE]
    parts += _from_marks(starts, position)
    for point in range(1, 25):
        parts += _stack(position, point, arrivals, origin)
    parts += _tray(position, Side.BLACK, arrivals.get(OFF, 0) if last and last.side is Side.BLACK else 0)
    parts += _tray(position, Side.WHITE, arrivals.get(OFF, 0) if last and last.side is Side.WHITE else 0)
    parts += _dice(dice, roller)
    return "".join(parts)


# -- a board in a page (its standalone files: standalone.py) ------------------------------------------------


@dataclass(frozen=True)
class Board:
    """One board to draw: a position, the words on it, the play that led to it, the roll."""

    position: Position
    labels: Labels
    last: Play | None = None
    dice: Dice | None = None
    roller: Side | None = None

    def shapes(self, memo: Memo | None = None) -> str:
        return shapes(self.position, self.labels, self.last, self.dice, self.roller, memo)


def board(
    position: Position,
    *,
    labels: Labels,
    last: Play | None = None,
    dice: Dice | None = None,
    roller: Side | None = None,
    element_id: str | None = None,
    describedby: str | None = None,
    memo: Memo | None = None,
) -> str:
    """The SVG of ``position`` inside a page: ``last`` marks the
    play that led to it, ``dice`` the roll (see :func:`inline`)."""
    return inline(Board(position, labels, last, dice, roller), element_id=element_id, describedby=describedby,
                  memo=memo)


def inline(drawn: Board, *, element_id: str | None = None, describedby: str | None = None,
           memo: Memo | None = None) -> str:
    """A board inside a page: ``element_id`` names its title,
    and ``describedby`` the element that says the position in words."""
    title_id = f' id="{element_id}-title"' if element_id else ""
    aria = f' aria-labelledby="{element_id}-title"' if element_id else ""
    aria += f' aria-describedby="{describedby}"' if describedby else ""
    return (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="board" direction="ltr" role="img"{aria} '
            f'font-family="{FONT}"><title{title_id}>{escape(drawn.labels.title)}</title>{drawn.shapes(memo)}</svg>')
