"""The lessons' board for a page that draws positions itself (the play page, the exercises).

Python stays the one source of the board's look: :func:`empty_board` is the board of
:mod:`.svg` without checkers, and :func:`geometry` hands the board script (``board.js``)
every measure it needs to place checkers, pins, counts, dice and trays exactly where
:func:`.svg.shapes` puts them; both read them from :mod:`.svg`'s named constants.
The script draws the same small shapes (:data:`.svg.SHAPES`, handed over in the geometry)
with the same classes, so its colours come from the same stylesheet, light or dark.
"""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from . import svg
from .layout import STACK_CHECKERS, STACK_CHECKERS_PINNED


def _shape(shape: svg.Shape) -> dict[str, Any]:
    return {"tag": shape.tag, "attributes": dict(shape.attributes), "dx": shape.dx, "dy": shape.dy}


def empty_board(title: str, element_id: str) -> str:
    """The frame, the points and their numbers, with a title; no checkers."""
    return (f'<svg viewBox="0 0 {svg.WIDTH} {svg.HEIGHT}" class="board" direction="ltr" role="img" '
            f'aria-labelledby="{element_id}-title" id="{element_id}" font-family="{svg.FONT}">'
            f'<title id="{element_id}-title">{escape(title)}</title>{svg.BASE}</svg>')


def _point(point: int) -> dict[str, float]:
    """A point's column: centre x, the centre y of its first checker and of the marker on a
    checker pinned there, the direction a stack grows (1 down from the top edge, -1 up from the bottom edge) and its clickable area."""
    top = svg.is_top(point)
    return {
        "x": svg.point_x(point),
        "y": svg.slot_y(point, 0),
        "pinMarkY": svg.slot_y(point, 0) + svg.pin_mark_dy(point),
        "grow": 1 if top else -1,
        "areaY": svg.INNER_TOP if top else svg.INNER_BOTTOM - svg.PH,
    }


def geometry() -> dict[str, Any]:
    """Every measure of :func:`.svg.shapes` a script needs to draw a position the same way."""
    return {
        "width": svg.WIDTH,
        "height": svg.HEIGHT,
        "radius": svg.R - 1,
        "step": svg.D,
        "pointWidth": svg.PW,
        "pointHeight": svg.PH,
        "points": {str(point): _point(point) for point in range(1, 25)},
        "stack": {"shown": STACK_CHECKERS, "shownOverPin": STACK_CHECKERS_PINNED, "pinShift": svg.PIN_SHIFT,
                  "countDy": svg.COUNT_DY, "fontSize": svg.COUNT_FONT},
        "tray": {
            "x": svg.TRAY_X, "checkerX": svg.OFF_X, "gap": svg.OFF_GAP,
            "black": {"y": svg.OFF_Y["black"], "grow": 1, "countY": svg.OFF_COUNT_Y["black"], "areaY": svg.INNER_TOP},
            "white": {"y": svg.OFF_Y["white"], "grow": -1, "countY": svg.OFF_COUNT_Y["white"],
                      "areaY": svg.INNER_BOTTOM - svg.PH},
            "width": svg.TRAY, "height": svg.PH,
        },
        "dice": {"x": svg.DICE_X, "y": svg.MIDDLE, "apart": svg.DICE_APART, "spot": svg.PIP_STEP,
                 "spots": {str(n): spots for n, spots in svg.PIPS.items()}},
        "turn": {"x": svg.TURN_X, "textX": svg.TURN_TEXT_X, "y": svg.MIDDLE, "textDy": svg.TURN_TEXT_DY,
                 "fontSize": svg.TURN_FONT},
        "info": {"markX": svg.INFO_MARK_X, "markDy": svg.INFO_MARK_DY, "x": svg.INFO_TEXT_X, "y": svg.INFO_Y,
                 "line": svg.INFO_LINE, "fontSize": svg.INFO_FONT},
        "shapes": {name: _shape(shape) for name, shape in svg.SHAPES.items()},
    }
