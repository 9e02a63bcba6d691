"""A cold build checks, renders and writes half the languages in a forked copy of itself
(and before that, a copy makes the drills): same bytes out, every problem of every
language reported, nothing written until both sides have checked, and whatever goes
wrong in a copy done again here."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest
from babel import Locale

import plakoto_site.content.drills as drills_module
import plakoto_site.i18n.languages as languages_module
import plakoto_site.render.exercises as exercises
import plakoto_site.render.svg as svg
import plakoto_site.site.build as building
import plakoto_site.site.check as checking
import plakoto_site.site.render as rendering
from plakoto_site.content.drills import Drill, has_drills, kept_drills, make_drills
from plakoto_site.content.problems import ContentError
from plakoto_site.content.site import with_drills
from plakoto_site.i18n.languages import Language
from plakoto_site.render.exercises import tree_script
from plakoto_site.site import parallel
from plakoto_site.site.build import build
from plakoto_site.site.context import Site
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import LESSON_RU, MiniProject, drill_summary

REPO = Path(__file__).resolve().parents[2]
"""The project itself: it has exercises, so its Practice page has drills."""

NO_FORK = pytest.mark.skipif(not hasattr(os, "fork"), reason="this system has no fork()")
"""Only where fork() does not exist at all. The test process itself runs other threads (the
browser tests' driver), for which can_fork() says no: the build tests force it instead."""


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "can_fork", lambda: True)


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def third_language(project: MiniProject) -> None:
    """Three languages, so each side has more than the reference: en and el here, ru there."""
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru", "el"]\n')


def record_forks(monkeypatch: pytest.MonkeyPatch) -> list[parallel.Forked]:
    """Every Forked the build makes, with the values its copy sent."""
    made: list[parallel.Forked] = []
    real_receive = parallel.Forked.receive

    def receive(self: parallel.Forked) -> object:
        value = real_receive(self)
        if self not in made:
            made.append(self)
        self.received = [*getattr(self, "received", []), value]  # type: ignore[attr-defined]
        return value

    monkeypatch.setattr(parallel.Forked, "receive", receive)
    return made


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_the_forked_build_writes_the_same_site(project: MiniProject, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    third_language(project)
    made = record_forks(monkeypatch)
    forked = build(Project(project.root), tmp_path / "forked")
    checks, names = made[0].received  # type: ignore[attr-defined]
    assert isinstance(checks, building.Checks) and list(checks.catalogs) == ["ru"]
    assert names and all(name.startswith("ru/") for name in names)  # en and el here, ru there
    monkeypatch.setattr(building, "can_fork", lambda: False)
    alone = build(Project(project.root), tmp_path / "alone")
    assert tree(tmp_path / "forked") == tree(tmp_path / "alone")
    assert (forked.files, forked.pages, forked.embeds) == (alone.files, alone.pages, alone.embeds)
    assert [c.lang for c in forked.catalogs] == [c.lang for c in alone.catalogs] == ["ru"]


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_problems_found_in_the_copy_are_reported_with_ours(project: MiniProject, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    third_language(project)
    project.write("content/ru/pinning.md", LESSON_RU.replace("pin: Белые запирают её.\n", ""))  # a warning
    done = build(Project(project.root), tmp_path / "warned")
    assert [(w.path, w.code) for w in done.warnings] == [("content/ru/pinning.md", "no-caption")]

    project.write("content/ru/pinning.md", LESSON_RU.replace("```diagram pin", "```diagram pni"))  # ru: the copy's
    project.write("content/el/pinning.md", LESSON_RU.replace("```diagram pin", "```diagram pn"))  # el: ours
    made: list[str] = []
    real = building.fresh_folder
    def fresh_folder(out: Path) -> Path:
        made.append(str(out))
        return real(out)

    monkeypatch.setattr(building, "fresh_folder", fresh_folder)
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert [(p.path, p.message) for p in stopped.value.problems if p.severity == "error"] == [
        ("content/el/pinning.md", "there is no diagram 'pn'"),
        ("content/ru/pinning.md", "there is no diagram 'pni'"),
    ]
    assert made == []  # not even a temporary folder: nothing is written before both sides checked
    assert not (tmp_path / "stopped").exists()


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_the_build_looks_for_the_words_to_avoid_of_the_copys_languages(project: MiniProject, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """They need no catalog and no parsed text, and the copy's translations cost more to
    check than English: the build looks for them, the copy does not, and each use is
    reported once, as a build on one core reports it."""
    third_language(project)  # the copy checks Russian
    project.write("content/terms.toml", '[checker]\nen = ["checker"]\nru = ["шашка"]\navoid.ru = ["фишк"]\n')
    project.write("content/ru/pinning.md", LESSON_RU.replace("Шашка, вставшая", "Фишка, вставшая"))
    made = record_forks(monkeypatch)
    forked = build(Project(project.root), tmp_path / "forked")
    checks = made[-1].received[0]  # type: ignore[attr-defined]
    assert isinstance(checks, building.Checks) and checks.problems == []
    assert [(w.path, w.line, w.code) for w in forked.warnings] == [("content/ru/pinning.md", 7, "avoid-word")]
    monkeypatch.setattr(building, "can_fork", lambda: False)
    alone = build(Project(project.root), tmp_path / "alone")
    assert forked.warnings == alone.warnings


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_a_copy_failing_after_its_checks_leaves_its_languages_to_the_build(
        project: MiniProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    third_language(project)
    here = os.getpid()
    real = rendering.render

    def render_failing_in_the_copy(*args: object, **options: object) -> dict[str, bytes]:
        if os.getpid() != here:
            raise MemoryError("the copy runs out of memory")
        return real(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(rendering, "render", render_failing_in_the_copy)
    made = record_forks(monkeypatch)
    rescued = build(Project(project.root), tmp_path / "rescued")
    assert isinstance(made[0].received[0], building.Checks)  # type: ignore[attr-defined]
    assert made[0].received[1:] == [None]  # type: ignore[attr-defined]
    monkeypatch.setattr(rendering, "render", real)
    monkeypatch.setattr(building, "can_fork", lambda: False)
    alone = build(Project(project.root), tmp_path / "alone")
    assert tree(tmp_path / "rescued") == tree(tmp_path / "alone")
    assert rescued.files == alone.files


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_a_copy_makes_the_drills_while_the_build_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy sends the drills as soon as they are made, then what it drew of them."""
    made = record_forks(monkeypatch)
    cache = BuildCache()
    build(Project(REPO), tmp_path / "forked", languages=("en",), cache=cache)
    sent, drawn = made[0].received[:2]  # type: ignore[attr-defined]
    assert isinstance(sent, BuildCache) and isinstance(drawn, BuildCache)
    assert list(sent.tables) == ["drills"] and "drills" not in drawn.tables  # each sent once
    assert kept_drills(cache) is kept_drills(sent)  # gather took the copy's drills, did not make them again
    assert drill_summary(kept_drills(cache)) == drill_summary(make_drills())
    played = [drill.exercise for drill in kept_drills(sent)["find"]]
    assert played and all(tree_script(exercise, cache) is tree_script(exercise, drawn) for exercise in played)
    boards = [(exercises._board(drill.exercise), drill.exercise.position.turn)
              for drills in kept_drills(sent).values() for drill in drills]
    assert all(svg.drawn(shown, dice=dice, roller=side, memo=cache) is svg.drawn(shown, dice=dice, roller=side, memo=drawn)
               for (shown, dice), side in boards)  # every drill's board drawn by the copy, not again
    monkeypatch.setattr(building, "can_fork", lambda: False)
    build(Project(REPO), tmp_path / "alone", languages=("en",))
    assert tree(tmp_path / "forked") == tree(tmp_path / "alone")


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_only_the_drills_copy_reads_the_languages_cldr_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel's CLDR data of a language (10–15 ms a language to read, megabytes kept) is
    asked for in the first copy, where the build would wait; neither the build nor the
    copy of the second fork asks for any, and the pages are the same as a build on one
    core makes."""
    asked = tmp_path / "asked"
    real = languages_module._locale

    def locale(code: str) -> Locale:
        with asked.open("a") as file:
            file.write(f"{os.getpid()}\n")
        return real(code)

    monkeypatch.setattr(languages_module, "_locale", locale)
    made = record_forks(monkeypatch)
    cache = BuildCache()
    build(Project(REPO), tmp_path / "forked", languages=("ru",), cache=cache)
    readers = set(asked.read_text().split())
    assert len(readers) == 1 and str(os.getpid()) not in readers
    assert len(made) == 2  # the drills' copy, then the copy that renders Russian
    drawn = made[0].received[1]  # type: ignore[attr-defined]
    assert isinstance(drawn, BuildCache)
    assert all(drawn.find("languages", code) == Language.read(code) for code in ("en", "ru", "el", "uk"))
    monkeypatch.setattr(building, "can_fork", lambda: False)
    build(Project(REPO), tmp_path / "alone", languages=("ru",))
    assert tree(tmp_path / "forked") == tree(tmp_path / "alone")


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_when_the_drills_copy_fails_the_build_makes_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = record_forks(monkeypatch)
    here = os.getpid()
    real = drills_module.make_drills

    def failing_in_the_copy(*args: object, **options: object) -> dict[str, tuple[Drill, ...]]:
        if os.getpid() != here:
            raise MemoryError("the copy runs out of memory")
        return real(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(drills_module, "make_drills", failing_in_the_copy)
    cache = BuildCache()
    build(Project(REPO), tmp_path / "rescued", languages=("en",), cache=cache)
    assert made[0].received == [None, None]  # type: ignore[attr-defined]  # neither the drills nor their drawing
    assert has_drills(cache)  # made here, by gather
    assert drill_summary(kept_drills(cache)) == drill_summary(make_drills())
    assert (tmp_path / "rescued" / "en/practice/drills/find/1/index.html").is_file()


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_a_drills_copy_failing_after_sending_the_drills_leaves_the_drawing_to_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build keeps the drills the copy sent, draws their boards itself, and writes
    the site a build on one core writes."""
    made = record_forks(monkeypatch)
    here = os.getpid()
    real = exercises.draw_exercise

    def failing_in_the_copy(*args: object) -> None:
        if os.getpid() != here:
            raise MemoryError("the copy runs out of memory")
        real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(exercises, "draw_exercise", failing_in_the_copy)
    cache = BuildCache()
    build(Project(REPO), tmp_path / "forked", languages=("en",), cache=cache)
    sent, nothing = made[0].received[:2]  # type: ignore[attr-defined]
    assert isinstance(sent, BuildCache) and nothing is None
    assert kept_drills(cache) is kept_drills(sent)
    monkeypatch.setattr(building, "can_fork", lambda: False)
    build(Project(REPO), tmp_path / "alone", languages=("en",))
    assert tree(tmp_path / "forked") == tree(tmp_path / "alone")


def test_what_no_language_changes_is_made_before_the_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    """While its copy makes the drills, a cold build draws every diagram's and exercise's
    board without its words, makes the exercises' play trees and finds the English
    lessons' blocks of text; then a language of either process of the later fork checks
    and renders its lessons and embeds without drawing, walking or finding any again."""
    cache = BuildCache()
    content, problems = building._read_meanwhile(Project(REPO), None, cache)
    gathered = building.Gathered(Project(REPO), with_drills(content, cache), problems, "https://example.org/", cache)

    def again(*args: object) -> None:
        raise AssertionError("made again after the fork")

    monkeypatch.setattr(svg, "_shapes", again)
    monkeypatch.setattr(exercises, "_walk", again)
    monkeypatch.setattr(checking, "text_lines", again)
    checked = gathered.check(["uk"])
    assert not problems.errors
    site = Site(Project(REPO), checked, gathered.base_url, cache)
    embeds = rendering.find_embeds(site, ["uk"])
    lessons = dict(rendering.lesson_pages(site, partial(rendering.embed_links, site, embeds), ["uk"]))
    assert len(lessons) == len(content.languages["uk"].lessons)
    assert "<svg" in lessons["uk/pinning/index.html"].decode() and 'class="xdata"' in "".join(
        page.decode() for page in lessons.values())  # the lessons show boards and played exercises
    assert len(dict(rendering.embed_pages(site, embeds, ["uk"]))) > len(content.diagrams)


def test_no_drills_copy_for_a_site_without_exercises(project: MiniProject, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Without exercises there is no Practice page, and so no drills to make."""
    monkeypatch.setattr(building, "can_fork", lambda: True)
    made = record_forks(monkeypatch)
    cache = BuildCache()
    build(Project(project.root), tmp_path / "site", cache=cache)
    assert not has_drills(cache)
    assert all(not isinstance(value, BuildCache) for forked in made for value in forked.received)  # type: ignore[attr-defined]


def test_the_renderer_is_imported_after_the_fork(project: MiniProject) -> None:
    """Reading and checking import no renderer: Jinja and the page modules are imported by
    a cold build on two cores while its copy makes the drills, or else by each process
    once it has forked to render, side by side; a module-level import of them on the way
    would make the build wait for them."""
    script = ("import sys; from pathlib import Path; from plakoto_site.commands import cli; "
              "from plakoto_site.site.build import gather; from plakoto_site.site.project import Project; "
              f"gather(Project(Path({str(project.root)!r}))); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] == 'jinja2' or m.startswith("
              "('plakoto_site.render.pages', 'plakoto_site.render.templates', 'plakoto_site.site.context', "
              "'plakoto_site.site.render'))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@NO_FORK
def test_values_go_both_ways_and_a_failed_copy_sends_none() -> None:

    def echo(channel: parallel.Channel) -> list[str]:
        channel.send({"first": 1})
        return ["got", str(channel.receive())]

    with parallel.Forked(echo) as copy:
        assert copy.receive() == {"first": 1}
        copy.send("/some/folder")
        assert copy.receive() == ["got", "/some/folder"]
        assert copy.receive() is None
    with parallel.Forked(lambda channel: [str(1 / 0)]) as failed:
        assert failed.receive() is None
    with parallel.Forked(None) as idle:
        assert idle.receive() is None
        idle.send("nobody listens")


@NO_FORK
def test_a_copy_sends_without_waiting_for_the_build_to_read() -> None:
    """A value of some 600 KB (a build's drills and drawings) fits in the copy's pipe: the
    copy goes on while the build is busy, where a pipe of 64 KiB would hold it until the
    build reads."""
    value = "x" * 600_000

    def sender(channel: parallel.Channel) -> float:
        channel.send(value)
        return time.monotonic()  # when the copy was done sending

    with parallel.Forked(sender) as copy:
        time.sleep(0.5)  # the build, busy
        reading = time.monotonic()
        assert copy.receive() == value
        sent = copy.receive()
    assert isinstance(sent, float) and sent < reading


@NO_FORK
def test_a_copy_waiting_for_a_value_ends_when_none_comes() -> None:
    began = time.monotonic()
    with parallel.Forked(lambda channel: [str(channel.receive())]):
        pass  # the build decided not to name a folder: leaving the block must not hang
    assert time.monotonic() - began < 10


@NO_FORK
def test_an_error_here_stops_the_copy_at_once() -> None:
    began = time.monotonic()
    def slow(channel: parallel.Channel) -> list[str]:
        time.sleep(30)
        return []

    with pytest.raises(RuntimeError), parallel.Forked(slow):
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


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_the_build_renders_while_the_copy_checks_and_names_the_folder_before_its_last_language(
        project: MiniProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """en and el here, ru in the copy: en is rendered while the copy checks ru; once ru is
    known to be free of errors, the copy is told the folder to write ru into, and el is
    rendered here meanwhile."""
    third_language(project)
    here = os.getpid()
    events: list[str] = []
    real_render, real_receive, real_send = rendering.render, parallel.Forked.receive, parallel.Forked.send

    def render(site: object, languages: list[str], shared: bool = True) -> dict[str, bytes]:
        if os.getpid() == here:
            events.append(f"render {' '.join(languages)}")
        return real_render(site, languages, shared)  # type: ignore[arg-type]

    def receive(self: parallel.Forked) -> object:
        value = real_receive(self)
        events.append(type(value).__name__)
        return value

    def send(self: parallel.Forked, value: object) -> None:
        events.append("send folder")
        real_send(self, value)

    monkeypatch.setattr(rendering, "render", render)
    monkeypatch.setattr(parallel.Forked, "receive", receive)
    monkeypatch.setattr(parallel.Forked, "send", send)
    build(Project(project.root), tmp_path / "site")
    assert events == ["render en", "Checks", "send folder", "render el", "list"]


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_a_template_error_met_early_waits_for_the_copys_content_errors(
        project: MiniProject, tmp_path: Path) -> None:
    third_language(project)
    project.write("templates/lesson.html", "{{ no_such_name }}\n")
    project.write("content/ru/pinning.md", LESSON_RU.replace("```diagram pin", "```diagram pni"))  # the copy's
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert ("content/ru/pinning.md", "there is no diagram 'pni'") in [
        (p.path, p.message) for p in stopped.value.problems]
    assert {p.path for p in stopped.value.problems} == {"content/ru/pinning.md"}  # not the template yet

    project.write("content/ru/pinning.md", LESSON_RU)
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert [(p.path, p.code) for p in stopped.value.problems] == [("templates/lesson.html", "template")]
    assert not (tmp_path / "stopped").exists()


@NO_FORK
@pytest.mark.usefixtures("forking")
def test_while_the_drills_are_made_a_broken_template_or_language_is_still_a_clear_problem(
        project: MiniProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build loads the templates and the languages' data while its copy makes the
    drills; a template that does not compile, or a language Babel does not know, is then
    reported as without the copy: a problem with its file and line, nothing written."""
    (project.root / "content" / "exercises").mkdir()  # so a copy makes the drills
    made = record_forks(monkeypatch)
    project.write("templates/lesson.html", "{% if %}\n")
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert isinstance(made[0].received[0], BuildCache)  # type: ignore[attr-defined]  # the drills' copy ran
    assert [(p.path, p.line, p.code) for p in stopped.value.problems] == [("templates/lesson.html", 1, "template")]

    project.write("templates/lesson.html", (REPO / "templates" / "lesson.html").read_text(encoding="utf-8"))
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru", "qq"]\n')
    with pytest.raises(ContentError) as stopped:
        build(Project(project.root), tmp_path / "stopped")
    assert [p.path for p in stopped.value.problems] == ["content/site.toml"]
    assert not (tmp_path / "stopped").exists()
