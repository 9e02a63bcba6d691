"""A diagram's ``start`` and ``play`` go through the engine's limits: a 5,000-digit number
(past Python's limit for turning text into an int) gives ``file:line:`` and the engine's
sentence through ``check``, ``build`` and ``diagram``, never a traceback (adversarial
report, B26 and B27)."""

from __future__ import annotations

import pytest

from .conftest import DIAGRAM, MiniProject

BIG = "9" * 5000
START = 'start = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"'
PLAY = 'play = "20/15* 13/10"'
CASES = {
    "count": (START, f'start = "W:24x{BIG};B:1x15;T:W"', 3, "a position code has at most 1000 characters"),
    "count under the length limit": (START, f'start = "W:24x{"9" * 900};B:1x15;T:W"', 3,
                                     f"cannot read '24x{'9' * 900}' in position code 'W:24x{'9' * 900};B:1x15;T:W': "
                                     "write a point like 13 or 13x5"),
    "pinned point": (START, f'start = "W:24x8,20,13x6;B:1x10,5x4,15;P:{BIG};T:W"', 3,
                     "a position code has at most 1000 characters"),
    "point in a play": (PLAY, f'play = "{BIG}/15* 13/10"', 8, "a play has at most 1000 characters"),
    "point under the length limit": (PLAY, f'play = "{"9" * 900}/15* 13/10"', 8,
                                     f"'{'9' * 900}' is not a point number"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_huge_number_in_a_diagram_is_a_problem_with_its_line(project: MiniProject, case: str) -> None:
    old, new, line, sentence = CASES[case]
    assert old in DIAGRAM
    path = project.write("content/diagrams/pin.toml", DIAGRAM.replace(old, new))
    standalone = project.write("mine.toml", 'title = "Mine"\n' + DIAGRAM.replace(old, new))
    for command in (["check", "--lang", "en"], ["build", "--lang", "en"],
                    ["diagram", str(standalone), "--out", str(project.root.parent / "embed"), "--lang", "en"]):
        done = project.run(*command)
        output = done.stdout + done.stderr
        where = standalone if command[0] == "diagram" else path
        assert done.returncode == 1, (command, output[-3000:])
        assert "Traceback" not in output, output[-3000:]
        assert f"{where.name}:{line + (command[0] == 'diagram')}:" in output, (command, output[-3000:])
        assert sentence in output, (command, output[-3000:])
    assert not (project.root / "_site").exists()
