"""``python build.py`` works from a Python without the project's packages: it runs again
inside the project's .venv."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO


def bare_python() -> str:
    """The interpreter the environment was made from, if it lacks the build's packages."""
    base = Path(sys.base_prefix) / "bin" / "python3"
    if not base.exists() or not (REPO / ".venv" / "bin" / "python").exists():
        pytest.skip("needs a base Python and the project's .venv")
    if subprocess.run([str(base), "-c", "import babel, jinja2, markdown_it"], capture_output=True).returncode == 0:
        pytest.skip("the base Python has the build's packages; nothing to re-run")
    return str(base)


def test_build_py_runs_again_inside_the_projects_environment() -> None:
    done = subprocess.run([bare_python(), str(REPO / "build.py"), "--help"], capture_output=True, text=True,
                          cwd="/")
    assert done.returncode == 0, done.stderr
    assert "usage: python build.py" in done.stdout


def test_the_plakoto_site_command_finds_the_project_from_any_folder_inside_it(tmp_path: Path) -> None:
    command = Path(sys.executable).parent / "plakoto-site"
    assert command.exists(), "pip install -e . puts plakoto-site beside the environment's python"
    done = subprocess.run([str(command), "check"], capture_output=True, text=True,
                          cwd=REPO / "content" / "en")
    assert done.returncode == 0, done.stderr
    assert "Everything reads and checks" in done.stdout
    assert "usage: plakoto-site" in subprocess.run([str(command), "--help"], capture_output=True,
                                                    text=True, cwd=tmp_path).stdout


def test_a_project_folder_is_found_by_its_site_toml(tmp_path: Path) -> None:
    from plakoto_site.commands.cli import ROOT, find_root

    (tmp_path / "content" / "en").mkdir(parents=True)
    (tmp_path / "content" / "site.toml").write_text("", encoding="utf-8")
    assert find_root(tmp_path / "content" / "en") == tmp_path
    assert find_root(tmp_path) == tmp_path
    assert find_root(Path("/")) == ROOT
