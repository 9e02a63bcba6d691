"""The engine's documentation runs: every example in docs/engine.md and in the engine's
docstrings is a doctest."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import plakoto_site.engine

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "engine.md"
ENGINE_MODULES = sorted(
    f"plakoto_site.engine.{info.name}" for info in pkgutil.iter_modules(plakoto_site.engine.__path__)
) + ["plakoto_site.engine"]


def examples(name: str) -> int:
    """How many doctest examples the module's own docstrings hold."""
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    return sum(len(test.examples) for test in finder.find(module) if test.name.startswith(name))


# Only the modules that document themselves with examples: one that has none would pass
# with nothing run.
MODULES = [name for name in ENGINE_MODULES if examples(name)]


def test_the_engine_page_runs() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15
    assert result.failed == 0


def test_the_readme_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted >= 4
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_public_api_is_documented_with_examples() -> None:
    # The package's front door and the position, the plays and the notation show themselves.
    assert {"plakoto_site.engine"} <= set(MODULES)
    assert len(MODULES) >= 3, MODULES
