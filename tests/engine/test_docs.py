"""The engine's documentation runs: every example in docs/engine.md and in the engine's
docstrings is a doctest."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
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


def example_sources() -> str:
    """The source of every doctest example of the engine: its docstrings and docs/engine.md."""
    parser, finder = doctest.DocTestParser(), doctest.DocTestFinder()
    tests = [test for name in ENGINE_MODULES for test in finder.find(importlib.import_module(name))]
    tests.append(parser.get_doctest(DOCS.read_text(encoding="utf-8"), {}, "engine.md", str(DOCS), 0))
    return "\n".join(example.source for test in tests for example in test.examples)


def test_every_public_name_is_in_a_running_example() -> None:
    """python-chess's feel: each name of ``plakoto_site.engine`` is shown at work."""
    sources = example_sources()
    missing = [name for name in plakoto_site.engine.__all__ if not re.search(rf"\b{name}\b", sources)]
    assert not missing, missing
