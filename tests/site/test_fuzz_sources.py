"""Fuzzing a whole project's diagram and lesson files through ``check`` and ``build``:
whatever a file holds, the answer is the site or ``path:line`` problems, never a traceback.
(tests/content/test_fuzz.py fuzzes each reader alone; this goes through the pipeline.)"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plakoto_site.content.problems import ContentError
from plakoto_site.site.check import check
from plakoto_site.site.project import Project

from .conftest import MiniProject

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "content"))
from test_fuzz import lessons, sources  # type: ignore[import-not-found]  # noqa: E402 - the readers' strategies

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
CLI = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))

WHERE = re.compile(r"^content/[^:]+:[1-9][0-9]*: ")
"""How every error begins: the file, relative to the project, and a line from 1."""

ROOT = MiniProject(Path(tempfile.mkdtemp(prefix="fuzz-project-")) / "project")
"""One project for the module: each example overwrites one file, then puts it back."""

DIAGRAM = "content/diagrams/pin.toml"
LESSON = "content/en/pinning.md"


def checked_with(name: str, data: bytes) -> list[str]:
    """``check`` with ``name`` holding ``data``: the errors, as printed."""
    path = ROOT.root / name
    good = path.read_bytes()
    path.write_bytes(data)
    try:
        check(Project(ROOT.root))
    except ContentError as error:
        return [str(problem) for problem in error.problems if problem.severity == "error"]
    finally:
        path.write_bytes(good)
    return []


def assert_placed(errors: list[str]) -> None:
    for error in errors:
        assert WHERE.match(error), error


@FUZZ
@given(sources())
def test_a_fuzzed_diagram_gives_path_and_line(data: bytes) -> None:
    assert_placed(checked_with(DIAGRAM, data))


@FUZZ
@given(lessons)
def test_a_fuzzed_lesson_gives_path_and_line(data: bytes) -> None:
    assert_placed(checked_with(LESSON, data))


@CLI
@given(st.sampled_from([DIAGRAM, LESSON]).flatmap(
    lambda name: st.tuples(st.just(name), sources() if name == DIAGRAM else lessons)))
def test_check_and_build_never_print_a_traceback(case: tuple[str, bytes]) -> None:
    name, data = case
    path = ROOT.root / name
    good = path.read_bytes()
    path.write_bytes(data)
    try:
        for command in ("check", "build"):
            result = ROOT.run(command)
            assert "Traceback" not in result.stderr, result.stderr
            errors = [line for line in result.stderr.splitlines() if line.startswith("content/")
                      and ": warning: " not in line]
            assert result.returncode == (1 if errors else 0), result.stderr
            assert_placed(errors)
    finally:
        path.write_bytes(good)
