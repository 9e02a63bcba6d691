"""A command whose reader is gone (stdout closed, full, or a pipe closed at the other end)
ends quietly: never a traceback; the work is done and the exit status says whether
something was lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO, MiniProject


def run_with_stdout(project: MiniProject, stdout: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``build.py *args`` with its standard output closed (``>&-``), full (``> /dev/full``)
    or a pipe whose reader has left (``| true``)."""
    command = [sys.executable, str(REPO / "build.py"), "--root", str(project.root), *args]
    if stdout == "closed":
        return subprocess.run(command, stdout=None, stderr=subprocess.PIPE, text=True, timeout=120,
                              preexec_fn=lambda: os.close(1))
    if stdout == "full":
        with open("/dev/full", "w") as full:
            return subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    reading, writing = os.pipe()
    os.close(reading)  # the reader has left before the first word
    try:
        return subprocess.run(command, stdout=writing, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(writing)


STDOUTS = ["closed", "full", "broken pipe"]


@pytest.mark.parametrize("stdout", STDOUTS)
def test_build_writes_the_site_and_ends_quietly(project: MiniProject, tmp_path: Path, stdout: str) -> None:
    out = tmp_path / "site"
    result = run_with_stdout(project, stdout, "build", "--out", str(out))
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr  # the site is the work, and it is written
    assert (out / "en" / "pinning" / "index.html").is_file()


@pytest.mark.parametrize("stdout", STDOUTS)
def test_check_ends_quietly_with_its_verdict(project: MiniProject, stdout: str) -> None:
    result = run_with_stdout(project, stdout, "check")
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    project.write("content/en/broken.md", "+++\ntitle = \n+++\n")
    failed = run_with_stdout(project, stdout, "check")
    assert "Traceback" not in failed.stderr
    assert failed.returncode == 1
    assert "broken.md:2" in failed.stderr


@pytest.mark.parametrize("args", [("status",), ("status", "--json")])
@pytest.mark.parametrize("stdout", STDOUTS)
def test_status_whose_words_are_lost_fails_quietly(project: MiniProject, stdout: str, args: tuple[str, ...]) -> None:
    result = run_with_stdout(project, stdout, *args)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1  # its table was its work
    assert result.stderr == ""


@pytest.mark.parametrize("stdout", STDOUTS)
def test_messages_updates_the_catalogs_and_ends_quietly(project: MiniProject, stdout: str) -> None:
    shutil_copy_sources(project)
    result = run_with_stdout(project, stdout, "messages")
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert (project.root / "locales" / "messages.pot").is_file()


@pytest.mark.parametrize("stdout", STDOUTS)
def test_serve_stops_when_nobody_reads_it(project: MiniProject, stdout: str) -> None:
    result = run_with_stdout(project, stdout, "serve", "--port", "0")
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert (project.root / "_site" / "en" / "index.html").is_file()


def test_help_into_a_closed_pipe_is_quiet(project: MiniProject) -> None:
    result = run_with_stdout(project, "broken pipe", "--help")
    assert result.stderr == ""


def shutil_copy_sources(project: MiniProject) -> None:
    """``messages`` reads the interface texts from the code and the templates."""
    import shutil

    shutil.copytree(REPO / "plakoto_site", project.root / "plakoto_site",
                    ignore=shutil.ignore_patterns("__pycache__"))
