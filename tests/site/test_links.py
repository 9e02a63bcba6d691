"""Every link a lesson carries goes somewhere: a broken page or anchor in a translation
stops ``check`` and ``build`` at its ``path:line``, with the link it probably meant."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

from plakoto_site.commands import serve
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import LESSON_EN, LESSON_RU, MiniProject

GLOSSARY_EN = """\
+++
title = "Glossary"
order = 3
summary = "Every word."
+++

## Point {#point}

One of the 24 places.
"""


def _with_glossary(project: MiniProject) -> None:
    project.write("content/en/glossary.md", GLOSSARY_EN)
    project.write("content/en/pinning.md", LESSON_EN + "\nSee the [point](../glossary/index.html#point).\n")


def test_a_broken_link_and_a_broken_anchor_in_a_russian_lesson(project: MiniProject) -> None:
    _with_glossary(project)
    assert project.run("build").returncode == 0
    before = project.snapshot()
    project.write("content/ru/pinning.md", LESSON_RU + "\nСм. [пункт](../rechnik/index.html#point).\n\n"
                  "И [ещё](../glossary/index.html#pont), и [урок](../movng/index.html).\n")
    for command in ("check", "build"):
        done = project.run(command)
        assert "Traceback" not in done.stderr
        assert done.returncode == 1, done.stdout
        assert ("content/ru/pinning.md:14: link to ../rechnik/index.html#point goes nowhere — did you mean "
                "../glossary/index.html#point?") in done.stderr, done.stderr
        assert ("content/ru/pinning.md:16: link to ../glossary/index.html#pont goes to no place on that page — "
                "did you mean ../glossary/index.html#point?") in done.stderr
        assert ("content/ru/pinning.md:16: link to ../movng/index.html goes nowhere — did you mean "
                "../moving/index.html?") in done.stderr
    assert project.snapshot() == before


def test_links_to_pages_english_stands_in_for_are_good(project: MiniProject) -> None:
    """ru has no moving.md and no glossary.md: English stands in, so the links resolve."""
    _with_glossary(project)
    project.write("content/ru/pinning.md", LESSON_RU + "\n[Ходы](../moving/index.html), "
                  "[пункт](../glossary/index.html#point), [сюда](#pin), [домой](../index.html), "
                  "[встроить](../embed/pin/index.html), [стили](../../assets/site.css), [все](../../index.html).\n")
    done = project.run("check")
    assert done.returncode == 0, done.stderr
    assert "link to" not in done.stderr


def test_a_heading_anchor_on_the_same_page(project: MiniProject) -> None:
    project.write("content/ru/pinning.md", LESSON_RU.replace("**запирает** её.", "**запирает** её ([см.](#tpa))."))
    done = project.run("check")
    assert done.returncode == 1
    assert ("content/ru/pinning.md:7: link to #tpa goes to no place on that page — the part after # must be the id "
            "of a heading on that page") in done.stderr, done.stderr


def test_serve_reports_a_broken_link_and_keeps_the_site(project: MiniProject) -> None:
    _with_glossary(project)
    assert project.run("build").returncode == 0
    before = project.snapshot()
    project.write("content/ru/pinning.md", LESSON_RU + "\nСм. [пункт](../rechnik/index.html#point).\n")
    errors, output = io.StringIO(), io.StringIO()
    with redirect_stderr(errors), redirect_stdout(output):
        assert serve.rebuild(Project(project.root), project.root / "_site", None, BuildCache()) is False
    assert ("content/ru/pinning.md:14: link to ../rechnik/index.html#point goes nowhere — did you mean "
            "../glossary/index.html#point?") in errors.getvalue()
    assert project.snapshot() == before


def test_a_picture_that_is_not_there(project: MiniProject) -> None:
    project.write("content/ru/pinning.md", LESSON_RU + "\n![доска](../../assets/board.png)\n")
    done = project.run("check")
    assert done.returncode == 1
    assert "content/ru/pinning.md:14: link to ../../assets/board.png goes nowhere" in done.stderr, done.stderr
