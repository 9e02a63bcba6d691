"""On two cores a cold build renders and writes every second language in a forked copy of
itself (multiprocessing, fork context): same bytes out as a build on one core, nothing
written before every language is checked, and whatever goes wrong in the copy done again
here."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

import plakoto_site.site.build as building
import plakoto_site.site.render as rendering
from plakoto_site.content.problems import ContentError
from plakoto_site.site import parallel
from plakoto_site.site.build import build
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import LESSON_RU, MiniProject

NO_FORK = pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(),
                             reason="this system has no fork()")
"""Only where fork() does not exist at all. The test process itself may run other threads
(the browser tests' driver), for which two_cores() says no: the build tests force it."""


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def three_languages(project: MiniProject) -> None:
    """en and el rendered here, ru in the copy."""
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru", "el"]\n')


def record_copies(monkeypatch: pytest.MonkeyPatch, cores: bool) -> list[str]:
    """Force two_cores() to ``cores``; the list gets "copy" for each copy forked, then what
    each one's result was: "wrote <top folders of the files it names>" or "nothing"."""
    events: list[str] = []
    real_result = parallel.Meanwhile.result

    def result(self: parallel.Meanwhile[list[str]]) -> list[str] | None:
        value = real_result(self)
        tops = sorted({name.split("/")[0] for name in value}) if value is not None else []
        events.append(f"wrote {' '.join(tops)}" if value is not None else "nothing")
        return value

    real_init = parallel.Meanwhile.__init__

    def init(self: parallel.Meanwhile[list[str]], work: Callable[[], list[str]]) -> None:
        events.append("copy")
        real_init(self, work)

    monkeypatch.setattr(building, "two_cores", lambda: cores)
    monkeypatch.setattr(parallel.Meanwhile, "result", result)
    monkeypatch.setattr(parallel.Meanwhile, "__init__", init)
    return events


@NO_FORK
def test_the_copy_renders_every_second_language_and_the_site_is_the_same(
        project: MiniProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    three_languages(project)
    events = record_copies(monkeypatch, cores=True)
    forked = build(Project(project.root), tmp_path / "forked")
    assert events == ["copy", "wrote ru"]  # only Russian's files, none of the shared ones
    events = record_copies(monkeypatch, cores=False)
    alone = build(Project(project.root), tmp_path / "alone")
    assert events == []
    assert tree(tmp_path / "forked") == tree(tmp_path / "alone")
    assert (forked.files, forked.pages, forked.embeds) == (alone.files, alone.pages, alone.embeds)


@NO_FORK
def test_a_copy_failing_leaves_its_languages_to_the_build(project: MiniProject, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    three_languages(project)
    here = os.getpid()
    real = rendering.each_file

    def failing_in_the_copy(*args: object, **options: object) -> Iterator[tuple[str, bytes | Iterable[bytes]]]:
        for count, (name, data) in enumerate(real(*args, **options)):  # type: ignore[arg-type]
            if os.getpid() != here and count == 3:
                raise MemoryError("the copy runs out of memory, three files written")
            yield name, data

    monkeypatch.setattr(rendering, "each_file", failing_in_the_copy)
    events = record_copies(monkeypatch, cores=True)
    build(Project(project.root), tmp_path / "rescued")
    assert events == ["copy", "nothing"]
    monkeypatch.setattr(rendering, "each_file", real)
    record_copies(monkeypatch, cores=False)
    build(Project(project.root), tmp_path / "alone")
    assert tree(tmp_path / "rescued") == tree(tmp_path / "alone")


@NO_FORK
def test_a_template_error_is_reported_once_and_nothing_is_written(project: MiniProject, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    three_languages(project)
    project.write("templates/lesson.html", "{{ no_such_name }}\n")
    record_copies(monkeypatch, cores=True)
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert [(p.path, p.code) for p in stopped.value.problems] == [("templates/lesson.html", "template")]
    assert not (tmp_path / "stopped").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("._stopped.")] == []  # no temporary folder left


@NO_FORK
def test_a_content_error_stops_the_build_before_any_copy(project: MiniProject, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    three_languages(project)
    project.write("content/ru/pinning.md", LESSON_RU.replace("```diagram pin", "```diagram pni"))
    events = record_copies(monkeypatch, cores=True)
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert [(p.path, p.message) for p in stopped.value.problems if p.severity == "error"] == [
        ("content/ru/pinning.md", "there is no diagram 'pni'")]
    assert events == [] and not (tmp_path / "stopped").exists()


def test_a_build_whose_state_lasts_renders_alone(project: MiniProject, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """serve keeps its build state: what a copy rendered would be lost to the next build."""
    three_languages(project)
    events = record_copies(monkeypatch, cores=True)
    build(Project(project.root), tmp_path / "served", in_place=True, cache=BuildCache(lasting=True))
    assert events == []


@NO_FORK
def test_the_copy_sends_back_what_the_work_returned_and_a_failed_copy_sends_none(
        capfd: pytest.CaptureFixture[str]) -> None:
    with parallel.Meanwhile(lambda: ["ru/index.html"]) as copy:
        assert copy.result() == ["ru/index.html"]
    with parallel.Meanwhile(lambda: str(1 / 0)) as failed:
        assert failed.result() is None
    assert capfd.readouterr().err == ""  # no traceback from the copy: the build reports


@NO_FORK
def test_an_error_here_stops_the_copy_at_once() -> None:
    began = time.monotonic()
    with pytest.raises(RuntimeError), parallel.Meanwhile(lambda: time.sleep(30)):
        raise RuntimeError("a template error")
    assert time.monotonic() - began < 10


def test_no_fork_while_another_thread_runs() -> None:
    """fork() copies only the calling thread: a lock another thread holds would stay held in
    the copy forever, so a build with threads around (serve's watcher) renders alone."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert parallel.two_cores() is False
    finally:
        stop.set()
        other.join()


def test_the_renderer_is_imported_after_reading(project: MiniProject) -> None:
    """Reading and checking import no renderer (Jinja and the page modules): a command that
    only checks never waits for them."""
    script = ("import sys; from pathlib import Path; from plakoto_site.commands import cli; "
              "from plakoto_site.site.build import gather; from plakoto_site.site.project import Project; "
              f"gather(Project(Path({str(project.root)!r}))); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] == 'jinja2' or m.startswith("
              "('plakoto_site.render.pages', 'plakoto_site.render.templates', 'plakoto_site.site.context', "
              "'plakoto_site.site.render'))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
