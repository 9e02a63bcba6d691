"""The SVG board, parsed: what a reader must be able to see is really drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from plakoto_site.engine import Dice, Position, Side
from plakoto_site.render import standalone, svg

NS = {"s": "http://www.w3.org/2000/svg"}


def draw(position: Position, **options: object) -> ET.Element:
    """The board as a standalone picture."""
    labels = svg.Labels("title", white_info="White info", black_info="Black info")
    board = svg.Board(position, labels, **options)  # type: ignore[arg-type]
    return ET.fromstring(standalone.picture(board, lang="en", description="", position_json="{}").split("\n", 1)[1])


@dataclass(frozen=True)
class Shape:
    """One small shape as drawn (a circle or a rectangle): its classes and where it is
    centred."""

    classes: frozenset[str]
    x: float
    y: float
    element: ET.Element


def shapes(root: ET.Element) -> list[Shape]:
    """Every circle and every small rectangle (a die, a borne-off checker) a board draws, in
    drawing order, by its centre; the plate, the wood and the points are left out."""
    assert root.find(".//s:use", NS) is None  # every shape is drawn in place
    found = []
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        classes = frozenset((element.get("class") or "").split())
        if tag == "circle":
            found.append(Shape(classes, float(element.get("cx") or 0), float(element.get("cy") or 0), element))
        elif tag == "rect" and classes & {"die", "off"}:
            x, y = float(element.get("x") or 0), float(element.get("y") or 0)
            dx, dy = (15, 15) if "die" in classes else (0, 0)  # a die by its centre, a tray's checker by its corner
            found.append(Shape(classes, x + dx, y + dy, element))
    return found


def checkers(root: ET.Element, css: str) -> list[Shape]:
    return [shape for shape in shapes(root) if "ck" in shape.classes and css in shape.classes
            and shape.y < labels(root)[1][1]]  # on the board, not the small ones under it


def labels(root: ET.Element) -> dict[int, tuple[float, float]]:
    """Where each point's number is drawn: {point: (x, y)}."""
    return {int(t.text or 0): (float(t.get("x") or 0), float(t.get("y") or 0))
            for t in root.iterfind(".//s:text", NS) if t.get("class") == "pt-num"}


def column(point: int) -> float:
    """The x of a point's column, read from where the board writes the point's number."""
    return labels(draw(Position.start()))[point][0]


def test_points_run_as_on_a_real_board() -> None:
    """White's home bottom right: 1 in the bottom right corner, 12 bottom left, 13 top left,
    24 top right (README, "The position code"; RULES.md, board and numbering)."""
    at = labels(draw(Position.start()))
    assert sorted(at) == list(range(1, 25))
    bottom = [at[p] for p in range(1, 13)]
    top = [at[p] for p in range(13, 25)]
    assert all(x1 > x2 for (x1, _), (x2, _) in zip(bottom, bottom[1:], strict=False))  # 1 → 12 leftwards
    assert all(x1 < x2 for (x1, _), (x2, _) in zip(top, top[1:], strict=False))  # 13 → 24 rightwards
    assert at[1][0] == at[24][0] and at[12][0] == at[13][0]  # 1 under 24, 12 under 13
    assert min(y for _, y in bottom) > max(y for _, y in top)  # 1–12 along the bottom
    assert len({y for _, y in bottom}) == 1 and len({y for _, y in top}) == 1


def test_start_position_white_top_right_black_bottom_right() -> None:
    """White's fifteen on 24 (top right), Black's on 1 (bottom right)."""
    root = draw(Position.start())
    right = max(x for x, _ in labels(root).values())
    white = checkers(root, "ck-white")
    black = checkers(root, "ck-black")
    assert {c.x for c in white + black} == {right}
    assert max(c.y for c in white) < min(c.y for c in black)  # White above, Black below


def test_start_position_stacks_over_five_with_a_count() -> None:
    root = draw(Position.start())
    on_24 = [c for c in checkers(root, "ck-white") if c.x == column(24)]
    on_1 = [c for c in checkers(root, "ck-black") if c.x == column(1)]
    assert len(on_24) == 5 and len(on_1) == 5  # five drawn, the rest counted
    counts = {t.text for t in root.iterfind(".//s:text", NS) if "ck-count" in (t.get("class") or "")}
    assert counts == {"15"}
    numbers = {t.text for t in root.iterfind(".//s:text", NS) if t.get("class") == "pt-num"}
    assert numbers == {str(n) for n in range(1, 25)}


def test_pinned_checker_is_drawn_beneath_its_pinner() -> None:
    position = Position.from_code("W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B")
    root = draw(position)
    pinned = checkers(root, "ck-pinned")
    assert len(pinned) == 1
    (checker,) = pinned
    assert "ck-black" in checker.classes and checker.x == column(15)
    pinner = [c for c in checkers(root, "ck-white") if c.x == column(15) and c.y < svg.MIDDLE]
    assert len(pinner) == 1
    drawn = shapes(root)
    assert drawn.index(checker) < drawn.index(pinner[0])  # drawn first: underneath
    # On a top point the pinned checker is nearer the edge, the pinner further in.
    assert checker.y < pinner[0].y


def test_last_move_is_marked_from_and_to() -> None:
    before = Position.from_code("W:24x8,20,13x6;B:1x10,5x4,15;T:W")
    play = before.parse_play("20/15* 13/10", Dice(5, 3))
    root = draw(play.position, last=play, dice=play.dice, roller=Side.WHITE)
    moved = checkers(root, "ck-moved")
    assert sorted((c.x, c.y < svg.MIDDLE) for c in moved) == [
        (column(10), False), (column(15), True)]  # 15 on the top row, 10 on the bottom
    rings = [s for s in shapes(root) if "ring-moved" in s.classes]
    assert sorted((r.x, r.y) for r in rings) == sorted((c.x, c.y) for c in moved)
    marks = sorted(s.x for s in shapes(root) if "from-mark" in s.classes)
    assert marks == sorted([column(20), column(13)])  # both on the top row
    assert len([s for s in shapes(root) if "die" in s.classes]) == 2
    assert len([s for s in shapes(root) if "die-pip" in s.classes]) == 5 + 3


def test_borne_off_checkers_and_counts() -> None:
    before = Position.from_code("W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W")
    play = before.parse_play("6/off 5/off", Dice(6, 5))
    root = draw(play.position, last=play)
    off = [s for s in shapes(root) if "off-white" in s.classes]
    assert len(off) == 8
    assert sum("off-moved" in s.classes for s in off) == 2
    counts = [t.text for t in root.iterfind(".//s:text", NS) if t.get("class") == "off-count"]
    assert counts == ["8"]


def test_side_to_move_is_bold_and_labels_are_drawn() -> None:
    root = draw(Position.start(Side.BLACK))
    info = {t.text: t.get("font-weight") for t in root.iterfind(".//s:text", NS) if "info" in (t.get("class") or "")}
    assert info == {"White info": None, "Black info": "bold"}
    assert root.find("s:title", NS) is not None and root.get("role") == "img"


def pinned_and_pinner(root: ET.Element, point: int) -> tuple[Shape, Shape, Shape]:
    """The pinned checker on ``point``, its marker and the pinner's checker next to it."""
    (pinned,) = [c for c in checkers(root, "ck-pinned") if c.x == column(point)]
    (mark,) = [s for s in shapes(root) if "pin-mark" in s.classes and s.x == column(point)]
    over = [c for c in checkers(root, "ck") if c.x == column(point) and "ck-pinned" not in c.classes]
    nearest = min(over, key=lambda c: abs(c.y - pinned.y))
    return pinned, mark, nearest


def test_a_pinned_checker_shows_most_of_itself_and_a_marker() -> None:
    """Issue 15: not a sliver under the pinner, but a checker offset from it, with a marker
    in the part the pinner leaves visible, on the top row (a White mother pinned on 24) and
    on the bottom row (a White checker pinned on 5)."""
    position = Position.from_code("W:13x10,8x3;B:24,5,1x13;P:24,5;T:W")
    root = draw(position)
    checker_r = 17  # the checker's radius in the shapes (R - 1)
    for point, towards_edge in ((24, -1), (5, 1)):
        pinned, mark, pinner = pinned_and_pinner(root, point)
        assert "ck-white" in pinned.classes and "ck-black" in pinner.classes
        # most of it shows: the pinner stands more than three quarters of a checker (36) away
        assert (pinner.y - pinned.y) * -towards_edge >= 27
        # the marker lies towards the board's edge, clear of the pinner's checker
        assert (mark.y - pinned.y) * towards_edge > 0
        mark_r = float(mark.element.get("r") or 0)
        assert abs(mark.y - pinner.y) >= checker_r + mark_r
        drawn = shapes(root)
        assert drawn.index(pinned) < drawn.index(mark) < drawn.index(pinner)  # under the pinner
    assert pinned.element.get("stroke-dasharray") is None  # a solid ring, not a dashed one


def contrast(one: str, two: str) -> float:
    """WCAG's contrast ratio of two #rgb / #rrggbb colours."""
    def luminance(colour: str) -> float:
        digits = colour.lstrip("#")
        digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    low, high = sorted((luminance(one), luminance(two)))
    return (high + 0.05) / (low + 0.05)


def test_the_board_stands_out_in_both_schemes() -> None:
    """Issue 15: in the dark scheme the frame (and the trays, drawn in the frame's wood) was
    nearly the page's colour. Shapes a reader must see need 3:1 against what is behind them
    (WCAG 1.4.11): the frame against the page, Black's checkers' edge against the felt and
    the points, the pin's colour against both checkers."""
    from plakoto_site.render.palette import COLOURS, DARK, LIGHT
    for scheme in (LIGHT, DARK):
        colour = {name: pair[scheme] for name, pair in COLOURS.items()}
        assert contrast(colour["frame"], colour["bg"]) >= 3, scheme
        for behind in ("board", "point-a", "point-b"):
            assert contrast(colour["checker-black-edge"], colour[behind]) >= 3, (scheme, behind)
        for checker in ("checker-white", "checker-black"):
            assert contrast(colour["pin"], colour[checker]) >= 3, (scheme, checker)


def test_the_board_says_whose_turn_it_is_beside_a_checker_of_that_side() -> None:
    """Issue 15: the dice of a diagram's frame are the roll just played; the side to move is
    drawn on the board (right half, between the rows), not only in bold under it."""
    after = Position.start().parse_play("24/19 24/18", Dice(6, 5))
    words = svg.Labels("title", "White info", "Black info", turn="Black to play")
    board = svg.Board(after.position, words, last=after, dice=after.dice, roller=Side.WHITE)
    root = ET.fromstring(standalone.picture(board, lang="en", description="", position_json="{}").split("\n", 1)[1])
    (mark,) = [s for s in shapes(root) if "turn-mark" in s.classes]
    assert "ck-black" in mark.classes  # Black is to move, though the dice drawn are White's
    assert all("die-white" in s.classes for s in shapes(root) if "die" in s.classes)
    (text,) = [t for t in root.iterfind(".//s:text", NS) if t.get("class") == "turn-text"]
    assert text.text == "Black to play"
    assert svg.INNER_TOP + svg.PH < mark.y < svg.INNER_BOTTOM - svg.PH  # in the gap between the rows
    assert mark.x > labels(root)[7][0]  # the right half; the dice lie in the left
    assert not [s for s in shapes(draw(after.position)) if "turn-mark" in s.classes]  # no words, no mark
