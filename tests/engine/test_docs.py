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
MODULES = sorted(
    f"plakoto_site.engine.{info.name}" for info in pkgutil.iter_modules(plakoto_site.engine.__path__)
) + ["plakoto_site.engine"]


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
    assert result.failed == 0
