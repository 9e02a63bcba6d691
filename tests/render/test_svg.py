"""The SVG board, parsed: what a reader must be able to see is really drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from plakoto_site.engine import Dice, Position, Side
from plakoto_site.render import svg

NS = {"s": "http://www.w3.org/2000/svg"}


def draw(position: Position, **options: object) -> ET.Element:
    labels = svg.Labels("title", white_info="White info", black_info="Black info")
    return ET.fromstring(svg.board(position, labels=labels, standalone=True, **options))  # type: ignore[arg-type]


def checkers(root: ET.Element, css: str) -> list[ET.Element]:
    return [c for c in root.iterfind(".//s:circle", NS) if css in (c.get("class") or "").split()]


def labels(root: ET.Element) -> dict[int, tuple[float, float]]:
    """Where each point's number is drawn: {point: (x, y)}."""
    return {int(t.text or 0): (float(t.get("x") or 0), float(t.get("y") or 0))
            for t in root.iterfind(".//s:text", NS) if t.get("class") == "pt-num"}


def column(point: int) -> str:
    """The x of a point's column, read from where the board writes the point's number."""
    return f"{labels(draw(Position.start()))[point][0]:g}"


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
    at = labels(root)
    right = max(x for x, _ in at.values())
    white = checkers(root, "ck-white")
    black = checkers(root, "ck-black")
    on_board = [c for c in white + black if float(c.get("cy") or 0) < at[1][1]]  # not the legend
    assert {float(c.get("cx") or 0) for c in on_board} == {right}
    assert max(float(c.get("cy") or 0) for c in on_board if c in white) < \
        min(float(c.get("cy") or 0) for c in on_board if c in black)  # White above, Black below


def test_start_position_stacks_over_five_with_a_count() -> None:
    root = draw(Position.start())
    on_24 = [c for c in checkers(root, "ck-white") if c.get("cx") == column(24)]
    on_1 = [c for c in checkers(root, "ck-black") if c.get("cx") == column(1)]
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
    assert "ck-black" in (checker.get("class") or "") and checker.get("cx") == column(15)
    pinner = [c for c in checkers(root, "ck-white")
              if c.get("cx") == column(15) and float(c.get("cy") or 0) < svg.MIDDLE]
    assert len(pinner) == 1
    circles = list(root.iterfind(".//s:circle", NS))
    assert circles.index(checker) < circles.index(pinner[0])  # drawn first: underneath
    # On a top point the pinned checker is nearer the edge, the pinner further in.
    assert float(checker.get("cy") or 0) < float(pinner[0].get("cy") or 0)


def test_last_move_is_marked_from_and_to() -> None:
    before = Position.from_code("W:24x8,20,13x6;B:1x10,5x4,15;T:W")
    play = before.parse_play("20/15* 13/10", Dice(5, 3))
    root = draw(play.position, last=play, dice=play.dice, roller=Side.WHITE)
    moved = checkers(root, "ck-moved")
    assert sorted((c.get("cx"), float(c.get("cy") or 0) < svg.MIDDLE) for c in moved) == [
        (column(10), False), (column(15), True)]  # 15 on the top row, 10 on the bottom
    rings = [c for c in root.iterfind(".//s:circle", NS) if c.get("class") == "ring-moved"]
    assert len(rings) == 2
    marks = sorted(c.get("cx") for c in root.iterfind(".//s:circle", NS) if c.get("class") == "from-mark")
    assert marks == sorted([column(20), column(13)])  # both on the top row
    dice = [r for r in root.iterfind(".//s:rect", NS) if "die" in (r.get("class") or "")]
    assert len(dice) == 2
    pips = [c for c in root.iterfind(".//s:circle", NS) if "die-pip" in (c.get("class") or "")]
    assert len(pips) == 5 + 3


def test_borne_off_checkers_and_counts() -> None:
    before = Position.from_code("W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W")
    play = before.parse_play("6/off 5/off", Dice(6, 5))
    root = draw(play.position, last=play)
    off = [r for r in root.iterfind(".//s:rect", NS) if "off-white" in (r.get("class") or "")]
    assert len(off) == 8
    assert sum("off-moved" in (r.get("class") or "") for r in off) == 2
    counts = [t.text for t in root.iterfind(".//s:text", NS) if t.get("class") == "off-count"]
    assert counts == ["8"]


def test_side_to_move_is_bold_and_labels_are_drawn() -> None:
    root = draw(Position.start(Side.BLACK))
    info = {t.text: t.get("font-weight") for t in root.iterfind(".//s:text", NS) if "info" in (t.get("class") or "")}
    assert info == {"White info": None, "Black info": "bold"}
    assert root.find("s:title", NS) is not None and root.get("role") == "img"
