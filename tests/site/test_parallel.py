"""A cold build renders half the languages in a forked copy of itself: same bytes out, and
whatever goes wrong in the copy is done again, and reported, by the build itself."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

import plakoto_site.site.build as building
from plakoto_site.site import parallel
from plakoto_site.site.build import build
from plakoto_site.site.project import Project

from .conftest import MiniProject


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


NO_FORK = pytest.mark.skipif(not hasattr(os, "fork"), reason="this system has no fork()")
"""Only where fork() does not exist at all. The test process itself runs other threads (the
browser tests' driver), for which can_fork() says no: the build test forces it instead."""


@NO_FORK
def test_the_forked_build_writes_the_same_site(project: MiniProject, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "can_fork", lambda: True)
    helped: list[list[str] | None] = []
    real = parallel.Forked.__exit__

    def record(self: parallel.Forked, *error: object) -> None:
        real(self, *error)  # type: ignore[arg-type]
        helped.append(self.result)

    monkeypatch.setattr(parallel.Forked, "__exit__", record)
    forked = build(Project(project.root), tmp_path / "forked")
    assert helped and helped[0] and all(name.startswith("ru/") for name in helped[0])  # en here, ru there
    monkeypatch.setattr(building, "can_fork", lambda: False)
    alone = build(Project(project.root), tmp_path / "alone")
    assert tree(tmp_path / "forked") == tree(tmp_path / "alone")
    assert (forked.files, forked.pages, forked.embeds) == (alone.files, alone.pages, alone.embeds)


@NO_FORK
def test_the_work_of_a_failed_copy_is_left_to_the_caller() -> None:
    with parallel.Forked(lambda: ["ru/index.html", "ru/embed/pin/0.svg"]) as done:
        pass
    assert done.result == ["ru/index.html", "ru/embed/pin/0.svg"]
    with parallel.Forked(lambda: [str(1 / 0)]) as failed:
        pass
    assert failed.result is None
    with parallel.Forked(None) as idle:
        pass
    assert idle.result is None


@NO_FORK
def test_an_error_here_stops_the_copy_at_once() -> None:
    began = time.monotonic()
    with pytest.raises(RuntimeError), parallel.Forked(lambda: time.sleep(30) or []):
        raise RuntimeError("a template error")
    assert time.monotonic() - began < 10


def test_no_fork_while_another_thread_runs() -> None:
    """fork() copies only the calling thread: a lock another thread holds would stay held in
    the copy forever, so a build with threads around (serve's watcher) renders alone."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert parallel.can_fork() is False
    finally:
        stop.set()
        other.join()
