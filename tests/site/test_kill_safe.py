"""A build killed at any moment leaves the old site or the new one, never none, and the
next build clears what the killed one left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from plakoto_site.site.output import MARKER, recover, write_atomically

from .conftest import REPO, SECOND_EN, MiniProject


def strays(folder: Path) -> list[str]:
    """What a build left beside ``_site/``, but for its lock file (removing that would race
    the next build)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("._site.") and p.name != "._site.lock")


def test_a_build_killed_at_any_moment_leaves_a_whole_site(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    old = project.snapshot()
    edited = SECOND_EN.replace("Each number", "Every number")
    project.write("content/en/moving.md", edited)
    assert project.run("build").returncode == 0
    new = project.snapshot()
    assert new != old
    for attempt in range(10):
        # Switch the source to the other version, wait until the build starts writing,
        # then kill it a little later each time: while writing, swapping or clearing up.
        text = (project.root / "content/en/moving.md").read_text()
        project.write("content/en/moving.md", edited if text == SECOND_EN else SECOND_EN)
        before = set(strays(project.root))
        process = subprocess.Popen(
            [sys.executable, str(REPO / "build.py"), "--root", str(project.root), "build"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while process.poll() is None and not set(strays(project.root)) - before:
            time.sleep(0.001)  # not a busy loop: on two cores it would slow the build it waits for
        time.sleep(attempt * 0.003)
        process.send_signal(signal.SIGKILL)
        process.wait()
        if not (project.root / "_site").exists():  # killed between the swap's two renames
            assert [p for p in strays(project.root) if p.startswith("._site.old-")], \
                f"no _site and no old one beside it after a kill at moment {attempt}"
            recover(project.root / "_site")
        assert project.snapshot() in (old, new), f"a half-written _site after a kill at moment {attempt}"
    final = project.run("build")
    assert final.returncode == 0, final.stderr
    assert strays(project.root) == []


def test_a_kill_between_two_renames_is_mended_by_the_next_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old site is renamed aside first; a kill just then leaves no output folder until
    the next start puts the old one back."""
    out = tmp_path / "_site"
    write_atomically({MARKER: b"", "index.html": b"old"}, out)
    real_rename = Path.rename

    def killed_after_the_first(self: Path, target: Path) -> Path:
        if self == out:
            real_rename(self, target)
            raise KeyboardInterrupt  # the process dies here
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", killed_after_the_first)
    with pytest.raises(KeyboardInterrupt):
        write_atomically({MARKER: b"", "index.html": b"new"}, out)
    monkeypatch.setattr(Path, "rename", real_rename)
    assert not out.exists()
    recover(out)
    assert (out / "index.html").read_bytes() == b"old"
    assert strays(tmp_path) == []


def test_leftover_temporary_folders_are_cleared_and_others_kept(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    write_atomically({MARKER: b"", "index.html": b"one"}, out)
    for name in ("._site.new-abc", "._site.old-def"):
        (tmp_path / name).mkdir()
        (tmp_path / name / MARKER).write_bytes(b"")
        (tmp_path / name / "index.html").write_bytes(b"half")
    (tmp_path / "._site.new-empty").mkdir()
    (tmp_path / "._site.new-theirs").mkdir()
    (tmp_path / "._site.new-theirs" / "notes.txt").write_text("not ours")
    write_atomically({MARKER: b"", "index.html": b"two"}, out)
    assert (out / "index.html").read_bytes() == b"two"
    assert strays(tmp_path) == ["._site.new-theirs"]


def test_a_write_failing_midway_keeps_the_old_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "_site"
    write_atomically({MARKER: b"", "index.html": b"old"}, out)
    real_open = os.open

    def full_disk(path: str, *args: Any, **options: Any) -> int:
        if os.path.basename(path) == "b.html":
            raise OSError(28, "No space left on device", path)
        return real_open(path, *args, **options)

    monkeypatch.setattr(os, "open", full_disk)
    with pytest.raises(OSError):
        write_atomically({MARKER: b"", "a.html": b"new", "b.html": b"new"}, out)
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "index.html"]
    assert strays(tmp_path) == []


def test_temporary_folders_are_ignored_by_git() -> None:
    ignored = subprocess.run(["git", "check-ignore", "._site.new-x1y2/", "._site.old-x1y2/", "._site.lock"],
                             cwd=REPO, capture_output=True, text=True)
    assert ignored.stdout.split() == ["._site.new-x1y2/", "._site.old-x1y2/", "._site.lock"]


def test_a_failed_second_rename_puts_the_old_site_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "_site"
    write_atomically({MARKER: b"", "index.html": b"old"}, out)
    real_rename = Path.rename

    def second_fails(self: Path, target: Path) -> Path:
        if self.name.startswith("._site.new-"):
            raise OSError(18, "Invalid cross-device link", str(self))
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", second_fails)
    with pytest.raises(OSError):
        write_atomically({MARKER: b"", "index.html": b"new"}, out)
    assert (out / "index.html").read_bytes() == b"old"
    assert strays(tmp_path) == []
