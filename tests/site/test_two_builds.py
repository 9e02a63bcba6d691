"""Two builds into one folder at once: the second waits for the first (a lock beside the
folder), and neither removes what the other is writing."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from plakoto_site.site.output import MARKER, OutputError, fresh_folder, write_files, writing

from .conftest import REPO, MiniProject


def build(project: MiniProject, out: Path, delay: float, results: list[subprocess.CompletedProcess[str]]) -> None:
    time.sleep(delay)
    results.append(project.run("build", "--out", str(out)))


@pytest.mark.parametrize("delay", [0.0, 0.3, 0.9])
def test_two_builds_at_once_both_finish_and_leave_one_whole_site(project: MiniProject, tmp_path: Path,
                                                                delay: float) -> None:
    clean = tmp_path / "clean"
    assert project.run("build", "--out", str(clean)).returncode == 0
    race = tmp_path / "race"
    assert project.run("build", "--out", str(race)).returncode == 0  # an old site, as in the report
    results: list[subprocess.CompletedProcess[str]] = []
    builds = [threading.Thread(target=build, args=(project, race, wait, results)) for wait in (0.0, delay)]
    for each in builds:
        each.start()
    for each in builds:
        each.join()
    for result in results:
        assert result.returncode == 0, result.stderr
        assert "cannot write here" not in result.stderr
    assert snapshot(race) == snapshot(clean)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".clean.lock", ".race.lock", "clean", "project", "race"]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


HOLD = """
import sys, time
from pathlib import Path
from plakoto_site.site.output import MARKER, finish, fresh_folder, write_files, writing
out = Path(sys.argv[1])
with writing(out):
    fresh = fresh_folder(out)
    write_files(fresh, {MARKER: b"", "index.html": b"first"})
    print(fresh, flush=True)
    time.sleep(float(sys.argv[2]))
    finish(fresh, out)
"""
"""Another build in the middle of writing: it holds the lock for a while, its fresh folder
already carrying the marker (as a killed build's would), then swaps it in."""


def test_a_build_waits_for_the_one_writing_and_never_removes_its_folder(project: MiniProject,
                                                                         tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = subprocess.Popen([sys.executable, "-c", HOLD, str(out), "3"], stdout=subprocess.PIPE, text=True)
    assert first.stdout is not None
    fresh = Path(first.stdout.readline().strip())
    began = time.monotonic()
    second = project.run("build", "--out", str(out))
    assert first.wait(timeout=30) == 0  # its fresh folder was still there to swap in
    assert second.returncode == 0, second.stderr
    assert time.monotonic() - began > 1.5  # it waited
    assert not fresh.exists()
    assert (out / "en" / "pinning" / "index.html").is_file()


IMPATIENT = """
import runpy, sys
import plakoto_site.site.output as output
output.LOCK_WAIT = 1.0
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""
"""``build.py`` as it is, waiting 1 s for the lock instead of :data:`~plakoto_site.site.output.LOCK_WAIT`
(20 s): the refusal a reader gets, sooner."""


def impatient(project: MiniProject, *args: str) -> subprocess.CompletedProcess[str]:
    """``build.py --root <project> *args``, waiting 1 s for another build's lock."""
    return subprocess.run([sys.executable, "-c", IMPATIENT, str(REPO / "build.py"), "--root", str(project.root), *args],
                          capture_output=True, text=True, timeout=60)


def test_a_build_refuses_after_waiting_too_long(project: MiniProject, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert project.run("build", "--out", str(out)).returncode == 0
    before = snapshot(out)
    with open(tmp_path / ".site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        began = time.monotonic()
        result = impatient(project, "build", "--out", str(out), "--base-url", "https://blog.example/d/")
    assert 1.0 < time.monotonic() - began < 15  # it waited, not the 20 s of LOCK_WAIT
    assert result.returncode == 1
    assert f"Build refused: {out}: another build is writing into this folder — wait for it to finish" in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(out) == before


def test_under_the_lock_a_fresh_folder_is_not_taken_for_a_leftover(tmp_path: Path) -> None:
    out = tmp_path / "site"
    with writing(out):
        fresh = fresh_folder(out)
        write_files(fresh, {MARKER: b""})
        with pytest.raises(OutputError, match="another build is writing into this folder"), writing(out, wait=0.2):
            fresh_folder(out)  # never reached: this is what would have removed it
        assert (fresh / MARKER).is_file()
    with writing(out, wait=0.2):  # let go of when the first is done
        fresh_folder(out)
    assert not fresh.exists()  # a leftover now: nobody holds the lock
    assert os.path.exists(tmp_path / ".site.lock")


def test_a_diagram_refuses_a_folder_being_written(project: MiniProject, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    with open(tmp_path / ".mine.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = impatient(project, "diagram", str(REPO / "examples" / "my-diagram.toml"), "--out", str(out),
                           "--base-url", "https://blog.example/d/")
    assert result.returncode == 1
    assert f"Diagram not written: {out}: another build is writing into this folder" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()
