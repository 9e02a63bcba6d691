"""The markup of diagrams and exercises comes from the project's templates/macros/: a theme
that overrides a macro file changes every page, embed included, and a long-running process
(``serve``) shows an edited macro in its next build."""

from __future__ import annotations

from plakoto_site.site.build import build
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import MiniProject
from .test_escaping import with_exercise


def theme(project: MiniProject) -> None:
    """Mark the frame's board and the exercise's label, as a theme might restyle them."""
    for name, old, new in (
        ("diagram.html", '<div class="frame-board">', '<div class="frame-board themed">'),
        ("exercise.html", '<p class="xlabel">', '<p class="xlabel themed">'),
    ):
        path = project.root / "templates" / "macros" / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_theme_overrides_the_figure_and_exercise_macros(project: MiniProject) -> None:
    with_exercise(project)
    theme(project)
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    site = project.snapshot()
    lesson = site["en/pinning/index.html"].decode()
    assert '<div class="frame-board themed">' in lesson
    assert '<p class="xlabel themed">' in lesson
    assert '<div class="frame-board themed">' in site["en/embed/pin/index.html"].decode()


def test_an_edited_macro_shows_in_the_next_build_of_the_same_process(project: MiniProject) -> None:
    with_exercise(project)
    out = project.root / "_site"
    cache = BuildCache()  # as serve keeps one between its builds
    build(Project(project.root), out, cache=cache)
    assert "themed" not in (out / "en/pinning/index.html").read_text(encoding="utf-8")
    theme(project)
    build(Project(project.root), out, in_place=True, cache=cache)
    for page in ("en/pinning/index.html", "en/embed/pin/index.html"):
        assert '<div class="frame-board themed">' in (out / page).read_text(encoding="utf-8"), page
    assert '<p class="xlabel themed">' in (out / "en/pinning/index.html").read_text(encoding="utf-8")
