"""``python build.py`` works from a Python without the project's packages: it runs again
inside the project's .venv."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import LESSON_RU, REPO, MiniProject


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


@pytest.mark.parametrize("entry", ["build.py", "plakoto-site"])
def test_a_command_leaves_with_its_output_and_its_exit_code(entry: str, tmp_path: Path) -> None:
    """Both entry points end the process at once when the command is done: nothing it
    printed is lost on the way, even into a pipe, and the exit code is the command's."""
    mini = MiniProject(tmp_path / "p")
    command = [sys.executable, str(REPO / "build.py")] if entry == "build.py" else \
        [str(Path(sys.executable).parent / "plakoto-site")]
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    done = subprocess.run([*command, "build"], capture_output=True, text=True, cwd=mini.root, env=buffered)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Built 16 pages in 2 languages (en, ru) with 1 diagram and 2 embeds in ")
    assert done.stdout.endswith("Or run: make serve   (http://127.0.0.1:8000/)\n")
    assert (mini.root / "_site" / "ru" / "pinning" / "index.html").is_file()

    mini.write("content/ru/pinning.md", LESSON_RU.replace("```diagram pin", "```diagram pni"))
    stopped = subprocess.run([*command, "build"], capture_output=True, text=True, cwd=mini.root, env=buffered)
    assert stopped.returncode == 1
    assert "content/ru/pinning.md:9: there is no diagram 'pni'" in stopped.stderr
    assert stopped.stderr.endswith("_site was left as it was.\n")


def test_a_command_process_runs_the_garbage_collector_rarely() -> None:
    """``build.py`` and ``plakoto-site`` run one command as a process's whole life: the
    cyclic garbage collector waits for many more new containers than Python's 700 (a cold
    build spent 50–100 ms a process in it, finding next to nothing), and is on again when
    the command runs, though build.py switched it off while it imported the build."""
    probe = ("import gc, sys; gc.disable(); from plakoto_site.commands import cli; "  # as build.py starts
             "cli.main = lambda prog, state: print(gc.get_threshold()[0], gc.isenabled()) or 0; cli.run_once()")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    threshold, enabled = done.stdout.split()
    assert int(threshold) >= 100_000 and enabled == "True"


def test_a_command_process_keeps_the_build_state_until_it_leaves(tmp_path: Path) -> None:
    """The build state a process's one build filled is still there when the process
    leaves: the system frees it with the process, where Python, freeing it as the build
    returned, took a build's tens of megabytes apart object by object (3 ms of a cold
    build, at its very end). A language's frames are let go of when that language is done
    (tests/site/test_state.py); what is shared across languages, the parsed Markdown, stays."""
    mini = MiniProject(tmp_path / "p")
    probe = ("import os, sys, weakref; from plakoto_site.commands import cli\n"
             "made = []\n"
             "class Kept(cli.BuildCache):\n"
             "    def __init__(self, **options):\n"
             "        super().__init__(**options); made.append(weakref.ref(self))\n"
             "def leave(code):\n"
             "    state = made[0]()\n"
             "    print(code, len(made), state is not None and 'markdown' in state.tables, flush=True); os._exit(0)\n"
             "cli.BuildCache, cli.leave = Kept, leave\n"
             "sys.argv = ['build.py', 'build']; cli.run_once()\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=mini.root)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 1 True"
    assert (mini.root / "_site" / "ru" / "pinning" / "index.html").is_file()
