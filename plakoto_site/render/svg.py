"""The board as SVG, drawn in Python (as ``chess.svg.board()`` draws a chessboard).

Absolute numbering, White's home bottom right: points 13–24 run along the top from left
to right, 12–1 along the bottom. Each checker carries a class for the stylesheet and
presentation attributes for places with no stylesheet (a standalone SVG file, an email).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from plakoto_site.engine import OFF, Dice, Play, Position, Side

R = 18  # checker radius
D = 2 * R
PW = 40  # point width
PH = 5 * D  # point height: five checkers
BORDER = 12
BAR = 40
LABEL = 22
GAP = 48  # between the two rows
TRAY = 56
INFO = 50

LEFT = BORDER
INNER_W = 12 * PW + BAR
INNER_TOP = LABEL + BORDER
INNER_BOTTOM = INNER_TOP + 2 * PH + GAP
WIDTH = BORDER + INNER_W + BORDER + TRAY + 4
HEIGHT = INNER_BOTTOM + BORDER + LABEL + INFO
MIDDLE = INNER_TOP + PH + GAP / 2

COLOURS = {
    "board": "#e9dcc3",
    "frame": "#6b4a2b",
    "point-a": "#b5653a",
    "point-b": "#3f6f8c",
    "white": "#fbf8f0",
    "white-edge": "#4a4a4a",
    "black": "#26221f",
    "black-edge": "#000000",
    "pin": "#d55e00",
    "moved": "#0072b2",
    "text": "#2b2118",
}


DIE_SPOTS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}
"""Where a die's spots lie, in steps of a third of its size from its centre."""


@dataclass(frozen=True)
class Labels:
    """The few words drawn on the board, in the page's language."""

    title: str
    white: str = "White"
    black: str = "Black"
    white_info: str = ""
    black_info: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def point_x(point: int) -> float:
    """Centre x of a point's column."""
    column = point - 13 if point >= 13 else 12 - point
    return LEFT + column * PW + (BAR if column >= 6 else 0) + PW / 2


def is_top(point: int) -> bool:
    return point >= 13


def slot_y(point: int, slot: float) -> float:
    """Centre y of the checker in ``slot`` (0 at the edge) on a point."""
    if is_top(point):
        return INNER_TOP + R + slot * D
    return INNER_BOTTOM - R - slot * D


def _quote(value: object) -> str:
    text = str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return f'"{text}"'


def _attrs(**values: object) -> str:
    return "".join(f" {name.rstrip('_').replace('_', '-')}={_quote(v)}" for name, v in values.items() if v is not None)


def _el(tag: str, body: object = "", **values: object) -> str:
    return f"<{tag}{_attrs(**values)}>{body}</{tag}>" if body else f"<{tag}{_attrs(**values)}/>"


def _checker(side: Side, x: float, y: float, classes: str = "", **extra: object) -> str:
    colour = "white" if side is Side.WHITE else "black"
    values: dict[str, object] = {
        "cx": f"{x:g}", "cy": f"{y:g}", "r": R - 1,
        "class_": f"ck ck-{colour} {classes}".strip(),
        "fill": COLOURS[colour], "stroke": COLOURS[f"{colour}-edge"], "stroke_width": 1.5,
    }
    return _el("circle", **(values | extra))


def _points() -> list[str]:
    parts = []
    for point in range(1, 25):
        x = point_x(point)
        base = INNER_TOP if is_top(point) else INNER_BOTTOM
        tip = base + (PH - 6) * (1 if is_top(point) else -1)
        kind = "a" if point % 2 else "b"
        parts.append(
            _el(
                "polygon",
                points=f"{x - PW / 2 + 1:g},{base:g} {x + PW / 2 - 1:g},{base:g} {x:g},{tip:g}",
                class_=f"pt pt-{kind}", fill=COLOURS[f"point-{kind}"],
            )
        )
        label_y = LABEL - 6 if is_top(point) else INNER_BOTTOM + BORDER + LABEL - 5
        parts.append(_el("text", str(point), x=f"{x:g}", y=f"{label_y:g}", class_="pt-num",
                         text_anchor="middle", font_size=15, fill=COLOURS["text"]))
    return parts


def _frame() -> list[str]:
    outer_w = BORDER + INNER_W + BORDER
    bar_x = LEFT + 6 * PW
    return [
        _el("rect", x=0, y=LABEL, width=outer_w, height=2 * PH + GAP + 2 * BORDER, rx=6,
            class_="wood", fill=COLOURS["frame"]),
        _el("rect", x=LEFT, y=INNER_TOP, width=INNER_W, height=2 * PH + GAP,
            class_="felt", fill=COLOURS["board"]),
        _el("rect", x=bar_x, y=INNER_TOP, width=BAR, height=2 * PH + GAP,
            class_="wood bar", fill=COLOURS["frame"]),
        _el("rect", x=outer_w + 4, y=INNER_TOP, width=TRAY, height=PH,
            class_="wood tray", fill=COLOURS["frame"], rx=4),
        _el("rect", x=outer_w + 4, y=INNER_BOTTOM - PH, width=TRAY, height=PH,
            class_="wood tray", fill=COLOURS["frame"], rx=4),
    ]


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
    shown = 5
    if point in position.pinned:
        parts.append(_checker(owner.other, x, slot_y(point, 0), "ck-pinned",
                              stroke=COLOURS["pin"], stroke_width=3, stroke_dasharray="5 3"))
        first_slot, shown = 0.75, 4
    visible = min(count, shown)
    for index in range(visible):
        y = slot_y(point, first_slot + index)
        moved_here = index >= visible - arrivals.get(point, 0)
        extra: dict[str, object] = {}
        classes = ""
        if moved_here:
            classes = "ck-moved"
            start = origin.get(point)
            if start is not None:
                extra = {"data_dx": f"{point_x(start) - x:g}", "data_dy": f"{slot_y(start, 0) - y:g}"}
        parts.append(_checker(owner, x, y, classes, **extra))
        if moved_here:
            parts.append(_el("circle", cx=f"{x:g}", cy=f"{y:g}", r=R + 2, class_="ring-moved",
                             fill="none", stroke=COLOURS["moved"], stroke_width=3))
    if count > visible:
        y = slot_y(point, first_slot + visible - 1)
        colour = "black" if owner is Side.WHITE else "white"
        parts.append(_el("text", str(count), x=f"{x:g}", y=f"{y + 5:g}", class_=f"ck-count on-{owner.value}",
                         text_anchor="middle", font_size=15, font_weight="bold", fill=COLOURS[colour]))
    return parts


def _from_marks(starts: list[int], position: Position) -> list[str]:
    marks = []
    for point in starts:
        x = point_x(point)
        height = abs(position.board[point - 1]) if position.owner(point) else 0
        slot = min(height, 5) + (0.75 if point in position.pinned else 0)
        y = slot_y(point, slot) if slot < 5 else slot_y(point, 4.5)
        marks.append(_el("circle", cx=f"{x:g}", cy=f"{y:g}", r=R - 4, class_="from-mark", fill="none",
                         stroke=COLOURS["moved"], stroke_width=2.5, stroke_dasharray="4 3"))
    return marks


def _tray(position: Position, side: Side, highlight: int) -> list[str]:
    x = BORDER + INNER_W + BORDER + 4
    count = position.off(side)
    parts = []
    colour = "white" if side is Side.WHITE else "black"
    for index in range(count):
        y = (INNER_TOP + 4 + index * 11) if side is Side.BLACK else (INNER_BOTTOM - 14 - index * 11)
        moved = index >= count - highlight
        parts.append(_el("rect", x=x + 6, y=f"{y:g}", width=TRAY - 12, height=10, rx=3,
                         class_=f"off off-{colour}{' off-moved' if moved else ''}",
                         fill=COLOURS[colour], stroke=COLOURS["moved" if moved else f"{colour}-edge"],
                         stroke_width=2 if moved else 1))
    if count:
        y = INNER_TOP + PH + 16 if side is Side.BLACK else INNER_BOTTOM - PH - 6
        parts.append(_el("text", str(count), x=f"{x + TRAY / 2:g}", y=f"{y:g}", class_="off-count",
                         text_anchor="middle", font_size=15, font_weight="bold", fill=COLOURS["text"]))
    return parts


def _die(x: float, y: float, value: int, side: Side) -> str:
    size = 30
    colour = "white" if side is Side.WHITE else "black"
    pip = "black" if side is Side.WHITE else "white"
    spots = DIE_SPOTS[value]
    body = _el("rect", x=f"{x - size / 2:g}", y=f"{y - size / 2:g}", width=size, height=size, rx=5,
               class_=f"die die-{colour}", fill=COLOURS[colour], stroke=COLOURS[f"{colour}-edge"], stroke_width=1.5)
    dots = "".join(
        _el("circle", cx=f"{x + dx * 8:g}", cy=f"{y + dy * 8:g}", r=3, class_=f"die-pip pip-{pip}", fill=COLOURS[pip])
        for dx, dy in spots
    )
    return body + dots


def _dice(dice: Dice | None, side: Side | None) -> list[str]:
    if dice is None or side is None:
        return []
    # The roller's dice lie in the half of the board away from its home: the left half.
    x = LEFT + 3 * PW
    return [_el("g", _die(x - 20, MIDDLE, dice.high, side) + _die(x + 20, MIDDLE, dice.low, side),
                class_="dice")]


def _info(labels: Labels, position: Position) -> list[str]:
    """One line per side under the board; the side to move in bold, with a marker."""
    parts = []
    for row, (side, text) in enumerate(((Side.WHITE, labels.white_info), (Side.BLACK, labels.black_info))):
        y = HEIGHT - INFO + 18 + row * 22
        to_move = position.turn is side
        colour = "white" if side is Side.WHITE else "black"
        parts.append(_el("circle", cx=LEFT + 7, cy=y - 5, r=7, class_=f"ck ck-{colour}",
                         fill=COLOURS[colour], stroke=COLOURS[f"{colour}-edge"], stroke_width=1.5))
        parts.append(_el("text", escape(text), x=LEFT + 22, y=y, class_="info" + (" info-turn" if to_move else ""),
                         font_size=16, fill=COLOURS["text"], font_weight="bold" if to_move else None))
    return parts


def board(
    position: Position,
    *,
    labels: Labels,
    last: Play | None = None,
    dice: Dice | None = None,
    roller: Side | None = None,
    element_id: str | None = None,
    describedby: str | None = None,
    standalone: bool = False,
    stylesheet: str = "",
) -> str:
    """The SVG of ``position``: ``last`` marks the play that led to it, ``dice`` the roll."""
    arrivals, starts, origin = _moved(last)
    title_id = f"{element_id}-title" if element_id else None
    key = (position.board, position.pinned, position.white_off, position.black_off, position.turn,
           last.side if last else None, last.moves if last else None, dice, roller, labels.title,
           labels.white_info, labels.black_info, element_id, describedby, standalone, stylesheet)
    if key in _DRAWN:
        return _DRAWN[key]
    parts = [_el("title", escape(labels.title), id=title_id)]
    parts.append(_static())
    parts += _from_marks(starts, position)
    for point in range(1, 25):
        parts += _stack(position, point, arrivals, origin)
    parts += _tray(position, Side.BLACK, arrivals.get(OFF, 0) if last and last.side is Side.BLACK else 0)
    parts += _tray(position, Side.WHITE, arrivals.get(OFF, 0) if last and last.side is Side.WHITE else 0)
    parts += _dice(dice, roller)
    parts += _info(labels, position)
    attributes = {
        "viewBox": f"0 0 {WIDTH} {HEIGHT}",
        "class": "board",
        "direction": "ltr",  # the board is drawn the same way in a right-to-left page
        "role": "img",
        "aria-labelledby": title_id,
        "aria-describedby": describedby,
        "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    }
    if standalone:
        attributes.update({"xmlns": "http://www.w3.org/2000/svg", "width": str(WIDTH), "height": str(HEIGHT)})
    head = "".join(f" {k}={quoteattr(v)}" for k, v in attributes.items() if v)
    style = f"<style>{stylesheet}</style>" if standalone and stylesheet else ""
    drawn = f"<svg{head}>{style}{''.join(parts)}</svg>"
    if len(_DRAWN) > 20_000:
        _DRAWN.clear()
    _DRAWN[key] = drawn
    return drawn


_DRAWN: dict[tuple[object, ...], str] = {}
"""Boards already drawn: the same board appears in a lesson, its embed page and pictures,
and ``make serve`` redraws only what changed."""
_STATIC: list[str] = []


def _static() -> str:
    """The frame, the points and their numbers: the same on every board."""
    if not _STATIC:
        _STATIC.append("".join(_frame() + _points()))
    return _STATIC[0]
