"""The lessons' board for a page that draws positions itself (the play page).

Python stays the one source of the board's look: :func:`empty_board` is the SVG of
:mod:`.svg` without checkers, and :func:`geometry` hands the script every measure it needs
to place checkers, pins, counts, dice and trays exactly where :func:`.svg.board` puts them,
with the same classes and colours.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from . import svg

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


def empty_board(title: str, element_id: str) -> str:
    """The frame, the points and their numbers, with a title; no checkers."""
    attributes = {
        "viewBox": f"0 0 {svg.WIDTH} {svg.HEIGHT}",
        "class": "board",
        "direction": "ltr",
        "role": "img",
        "aria-labelledby": f"{element_id}-title",
        "id": element_id,
        "font-family": FONT,
    }
    head = "".join(f" {name}={quoteattr(value)}" for name, value in attributes.items())
    title_element = f'<title id="{element_id}-title">{escape(title)}</title>'
    return f"<svg{head}>{title_element}{svg._static()}</svg>"


def _point(point: int) -> dict[str, float]:
    """A point's column: centre x, the centre y of its first checker, the direction a stack
    grows (1 down from the top edge, -1 up from the bottom edge) and its clickable area."""
    top = svg.is_top(point)
    return {
        "x": svg.point_x(point),
        "y": svg.slot_y(point, 0),
        "grow": 1 if top else -1,
        "areaY": svg.INNER_TOP if top else svg.INNER_BOTTOM - svg.PH,
    }


def geometry() -> dict[str, Any]:
    """Every measure of :func:`.svg.board` a script needs to draw a position the same way."""
    tray_x = svg.BORDER + svg.INNER_W + svg.BORDER + 4
    return {
        "width": svg.WIDTH,
        "height": svg.HEIGHT,
        "radius": svg.R - 1,
        "step": svg.D,
        "pointWidth": svg.PW,
        "pointHeight": svg.PH,
        "points": {str(point): _point(point) for point in range(1, 25)},
        "stack": {"shown": 5, "shownOverPin": 4, "pinShift": 0.75, "countDy": 5, "fontSize": 15},
        "pin": {"strokeWidth": 3, "dash": "5 3"},
        "tray": {
            "x": tray_x, "checkerX": tray_x + 6, "checkerWidth": svg.TRAY - 12, "checkerHeight": 10, "gap": 11,
            "black": {"y": svg.INNER_TOP + 4, "grow": 1, "countY": svg.INNER_TOP + svg.PH + 16,
                      "areaY": svg.INNER_TOP},
            "white": {"y": svg.INNER_BOTTOM - 14, "grow": -1, "countY": svg.INNER_BOTTOM - svg.PH - 6,
                      "areaY": svg.INNER_BOTTOM - svg.PH},
            "width": svg.TRAY, "height": svg.PH,
        },
        "dice": {"x": svg.LEFT + 3 * svg.PW, "y": svg.MIDDLE, "apart": 20, "size": 30, "corner": 5,
                 "spot": 8, "spotRadius": 3, "spots": {str(n): spots for n, spots in svg.DIE_SPOTS.items()}},
        "info": {"x": svg.LEFT, "y": svg.HEIGHT - svg.INFO + 18, "line": 22, "fontSize": 16},
        "colours": dict(svg.COLOURS),
    }
