"""Notation in a diagram source is checked as written (RULES.md, "Notation"), and the hint
for an illegal play names a play that is legal for that roll. Positions written by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from plakoto_site.content.diagrams import read_diagram
from plakoto_site.content.problems import Problems
from plakoto_site.engine import Dice, Position


def errors(tmp_path: Path, start: str, roll: str, play: str) -> list[str]:
    path = tmp_path / "d.toml"
    path.write_text(f'id = "d"\nstart = "{start}"\n\n[[steps]]\nroll = "{roll}"\nplay = "{play}"\n')
    problems = Problems(tmp_path)
    diagram = read_diagram(path, problems)
    found = [str(p) for p in problems.errors]
    assert (diagram is None) == bool(found)
    return found


def test_a_star_on_a_landing_that_pins_nothing_is_refused(tmp_path: Path) -> None:
    # The case from the issue: White 4-1, 13/9 24/23 is legal, but 23 is empty, so the
    # author who wrote 24/23* believes in a pin that does not happen.
    found = errors(tmp_path, "W:24x14,13;B:1x15;T:W", "4-1", "13/9 24/23*")
    assert len(found) == 1
    assert found[0].startswith("d.toml:6: step 1 (white 4-1): illegal play '13/9 24/23*': the checker landing "
                               "on 23 pins nothing there: leave out the * after 23 — write a legal play")
    # Without the star the same play is accepted.
    assert errors(tmp_path, "W:24x14,13;B:1x15;T:W", "4-1", "13/9 24/23") == []


def test_a_star_on_an_intermediate_landing_that_pins_nothing_is_refused(tmp_path: Path) -> None:
    # White's only checker on the board, 13, plays 4-1 through the empty point 9.
    found = errors(tmp_path, "W:13;B:1x15;T:W", "4-1", "13/9*/8")
    assert found == ["d.toml:6: step 1 (white 4-1): illegal play '13/9*/8': the checker landing on 9 pins "
                     "nothing there: leave out the * after 9 — write a legal play in the mover's own "
                     "numbering: e.g. 13/8"]


def test_a_true_star_and_a_left_out_star_are_both_fine(tmp_path: Path) -> None:
    # A lone black checker on 5: 8/5 pins it; writing the * or leaving it out is the same play.
    assert errors(tmp_path, "W:24x10,13x3,8,6;B:1x12,5,12x2;T:W", "3-1", "8/5* 6/5") == []
    assert errors(tmp_path, "W:24x10,13x3,8,6;B:1x12,5,12x2;T:W", "3-1", "8/5 6/5") == []


@pytest.mark.parametrize(("start", "roll", "play", "hint"), [
    # White's last checker on 13 with 4-1: the only legal play moves it to 8.
    ("W:13;B:1x15;T:W", "4-1", "13/7", "e.g. 13/8"),
    # Black's last checker on absolute 12, its own 13: the hint is in Black's own numbering.
    ("W:24x15;B:12;T:B", "4-1", "13/7", "e.g. 13/8"),
    # Black holds 18 and 19: White's 6 and 5 from 24 both land on closed points.
    ("W:24x15;B:1x11,18x2,19x2;T:W", "6-5", "24/18 24/19", "no legal play exists"),
])
def test_the_hint_names_a_legal_play_for_that_roll(tmp_path: Path, start: str, roll: str, play: str, hint: str) -> None:
    found = errors(tmp_path, start, roll, play)
    assert len(found) == 1
    assert found[0].endswith(f" — write a legal play in the mover's own numbering: {hint}")
    assert "24/18 13/10" not in found[0]


def test_the_hint_for_the_issue_case_is_a_legal_play_of_that_roll(tmp_path: Path) -> None:
    found = errors(tmp_path, "W:24x14,13;B:1x15;T:W", "4-1", "13/9 24/23*")
    suggested = found[0].rsplit("e.g. ", 1)[1]
    assert Position.from_code("W:24x14,13;B:1x15;T:W").is_legal(suggested, Dice(4, 1))
