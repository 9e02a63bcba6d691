"""Facts of the board's layout that the pages and the browser's scripts share: how many
checkers a point shows, and every measure the SVG board (:mod:`.svg`) is drawn with, which
:func:`.board.geometry` hands the board script.

Absolute numbering, White's home bottom right: points 13–24 run along the top from left
to right, 12–1 along the bottom."""

from __future__ import annotations

STACK_CHECKERS = 5
"""At most this many checkers are drawn on a point; a taller stack shows its count."""

STACK_CHECKERS_PINNED = 4
"""On a pinned point the pinned checker takes the bottom place, so one fewer is drawn."""


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
TRAY_X = BORDER + INNER_W + BORDER + 4

PIN_SHIFT = 0.875
"""How far (in checkers) the pinner's stack starts from the edge: the pinned checker under
it stays visible for this much of its height."""
PIN_MARK_DY = R - PIN_SHIFT * D / 2
"""The pin marker's distance from the pinned checker's centre, towards the board's edge:
the middle of the part of it the pinner leaves visible."""

TURN_R = 13
"""The checker that says whose turn it is, in the gap between the rows of the right half
(the dice lie in the left half), with the words beside it."""
TURN_X = BORDER + 6 * PW + BAR + 8 + TURN_R
TURN_TEXT_X = TURN_X + TURN_R + 8
TURN_FONT = 18

TURN_TEXT_DY = 6
"""The words' baseline below the centre of the checker beside them."""

COUNT_DY = 5
"""A count (a stack taller than its checkers drawn, a tray) sits this far below the centre
of the top checker drawn: on it."""
COUNT_FONT = 15

OFF_X = TRAY_X + 6
"""The left edge of a borne-off checker in its tray."""
OFF_GAP = 11
"""From one borne-off checker to the next."""
OFF_Y = {"black": INNER_TOP + 4, "white": INNER_BOTTOM - 14}
"""The first borne-off checker of each side: Black's tray is the top one (it fills
downwards), White's the bottom one (it fills upwards)."""
OFF_COUNT_Y = {"black": INNER_TOP + PH + 16, "white": INNER_BOTTOM - PH - 6}
"""Each tray's count, past its end towards the middle of the board."""

DICE_X = LEFT + 3 * PW
"""Between the two dice, which lie in the left half (away from the roller's home)."""
DICE_APART = 20
"""Each die's centre from :data:`DICE_X`."""
PIP_STEP = 8
"""A die's pips, in steps of this from its centre (:data:`PIPS`)."""

INFO_Y = HEIGHT - INFO + 18
"""The baseline of the first line under the board (White's); Black's is one :data:`INFO_LINE` lower."""
INFO_LINE = 22
INFO_FONT = 16
INFO_MARK_X = LEFT + 7
"""The small checker before each line, and how far above the baseline its centre is."""
INFO_MARK_DY = -5
INFO_TEXT_X = LEFT + 22

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
XML = '<?xml version="1.0" encoding="UTF-8"?>\n'


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


def pin_mark_dy(point: int) -> float:
    """Where the pin marker sits from the pinned checker's centre: towards the edge."""
    return -PIN_MARK_DY if is_top(point) else PIN_MARK_DY
