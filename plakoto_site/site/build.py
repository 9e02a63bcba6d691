"""The build: gather → check → render → write (as mkdocs' ``build()``).

Nothing is written until every language has been read and checked; the output folder is
built beside the old one and swapped in only when everything succeeded, so a mistake
never leaves a half-built site. Same input, same bytes out. Where the machine has a second
core, a cold build forks once everything is read: a copy checks, renders and writes half
the languages meanwhile.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from jinja2 import TemplateError

from plakoto_site.content.problems import Code, ContentError, Problem, Problems
from plakoto_site.content.site import Content
from plakoto_site.i18n.catalogs import CatalogStats

from .check import Checked, check_languages, gather, verdict
from .context import Site
from .output import (
    MARKER,
    MARKER_TEXT,
    claim_output,
    finish,
    fresh_folder,
    remove,
    write_changes,
    write_files,
)
from .parallel import Channel, Forked, can_fork
from .project import Project
from .render import render
from .state import BuildCache


@dataclass
class Report:
    """What a build did, for the one-screen summary."""

    out: Path
    languages: list[str]
    pages: int = 0
    embeds: int = 0
    diagrams: int = 0
    files: int = 0
    seconds: float = 0.0
    warnings: list[Problem] = field(default_factory=list)
    catalogs: list[CatalogStats] = field(default_factory=list)
    written: bool = False


def build(
    project: Project,
    out: Path | None = None,
    languages: tuple[str, ...] | None = None,
    base_url: str | None = None,
    write: bool = True,
    in_place: bool = False,
    force: bool = False,
    cache: BuildCache | None = None,
) -> Report:
    """Build the site. Raises :class:`ContentError` (and writes nothing) on any mistake, and
    :class:`~plakoto_site.site.output.OutputError` (before reading anything) when the output
    folder holds files the build did not make.

    ``cache`` is the build state the caller keeps between builds (``serve`` does); without
    one, the build starts cold with a state of its own."""
    began = time.perf_counter()
    cache = BuildCache() if cache is None else cache
    out = out or project.output
    if write:
        out = claim_output(out, project.root, force=force, default=project.output)
    content, problems = gather(project, languages, cache)
    settings = content.settings
    url = base_url or settings.url
    url = url if url.endswith("/") else url + "/"
    report = Report(out, list(settings.languages), diagrams=len(content.diagrams))
    try:
        if write and not (in_place and out.exists()):
            names = write_site(Build(project, content, problems, url, cache), out, report)
        else:
            checked = verdict(check_languages(project, content, list(settings.languages), problems, cache), problems)
            report.warnings, report.catalogs = checked.warnings, list(checked.catalogs.values())
            if not write:
                report.seconds = time.perf_counter() - began
                return report
            files = render(Site(project, checked, url, cache))
            files[MARKER] = MARKER_TEXT
            write_changes(files, out, cache.written)
            names = list(files)
    except TemplateError as error:
        raise ContentError([template_problem(project, error)]) from None
    report.files = len(names)
    report.pages = sum(1 for name in names if name.endswith(".html") and "/embed/" not in name)
    report.embeds = sum(1 for name in names if name.endswith("/index.html") and "/embed/" in name)
    report.written = True
    report.seconds = time.perf_counter() - began
    return report


@dataclass(frozen=True)
class Build:
    """What a cold build has gathered, before any language is checked."""

    project: Project
    content: Content
    problems: Problems
    """What gathering found; checking the languages adds to it."""
    base_url: str
    cache: BuildCache

    def check(self, languages: Sequence[str], problems: Problems | None = None) -> Checked:
        return check_languages(self.project, self.content, languages,
                               self.problems if problems is None else problems, self.cache)

    def site(self, checked: Checked) -> Site:
        return Site(self.project, checked, self.base_url, self.cache)


@dataclass(frozen=True)
class Checks:
    """What the forked copy found checking its languages, sent to the build."""

    problems: list[Problem]
    catalogs: dict[str, CatalogStats]


def write_site(build: Build, out: Path, report: Report) -> list[str]:
    """Check, render and write every language into a fresh folder beside ``out`` and swap it
    in (see :func:`~plakoto_site.site.output.write_atomically`); returns the files' names.

    Where the machine has a second core, a forked copy checks, renders and writes half the
    languages meanwhile: a language's checks, pages, embeds and pictures depend on nothing
    of another's. Each side renders in memory, and nothing is written until both sides
    have checked their languages without an error. Should the copy fail, its languages
    are checked and rendered here again, so an error is reported as without it."""
    languages = list(build.content.languages)
    helper = languages[1::2] if len(languages) > 1 and can_fork() else []
    ours = [lang for lang in languages if lang not in helper]
    with Forked(partial(_helper, build, helper) if helper else None) as forked:
        checked = build.check(ours)
        theirs = forked.receive()
        if not isinstance(theirs, Checks):  # none was forked, or the copy failed: its languages here
            checked = _merge(checked, build.check(helper))
            theirs = Checks([], {})
        build.problems.items.extend(theirs.problems)
        verdict(checked, build.problems)
        report.warnings = checked.warnings
        report.catalogs = [found for lang in languages
                           if (found := checked.catalogs.get(lang) or theirs.catalogs.get(lang))]
        files = render(build.site(checked), [lang for lang in languages if lang in checked.lessons])
        fresh = fresh_folder(out)
        try:
            write_files(fresh, {MARKER: MARKER_TEXT})  # first: a killed build's folder is known as ours
            forked.send(str(fresh))
            write_files(fresh, files)
            names = forked.receive()
            if not isinstance(names, list):  # the copy failed after its checks
                names = _render_into(build, fresh, [lang for lang in helper if lang not in checked.lessons])
            finish(fresh, out)
        except BaseException:
            remove(fresh)
            raise
    return [MARKER, *files, *names]


def _helper(build: Build, languages: list[str], channel: Channel) -> list[str]:
    """The forked copy: check ``languages``, tell the build what was found, render them, and
    write them once the build names the folder (it names none when anything failed)."""
    problems = Problems(build.project.root)
    checked = build.check(languages, problems)
    channel.send(Checks(problems.items, checked.catalogs))
    if problems.errors:
        return []
    files = render(build.site(checked), languages, shared=False)
    folder = channel.receive()
    if not isinstance(folder, str):
        return []
    write_files(Path(folder), files)
    return list(files)


def _render_into(build: Build, folder: Path, languages: list[str]) -> list[str]:
    """The copy's languages, done here: checked again (their problems were reported)."""
    if not languages:
        return []
    files = render(build.site(build.check(languages, Problems(build.project.root))), languages, shared=False)
    write_files(folder, files)
    return list(files)


def _merge(first: Checked, second: Checked) -> Checked:
    """Two checks of different languages of the same content as one."""
    return Checked(first.content, first.lessons | second.lessons, first.words | second.words,
                   first.translations | second.translations, [], first.catalogs | second.catalogs,
                   first.homes | second.homes)


def template_problem(project: Project, error: TemplateError) -> Problem:
    """Where in which template: Jinja puts template lines into the traceback."""
    where, line = "templates", 0
    filename = getattr(error, "filename", None)
    if filename:
        where, line = filename, getattr(error, "lineno", 0) or 0
    else:
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename.endswith(".html"):
                where, line = frame.filename, frame.lineno or 0
    path = Path(where)
    if path.is_absolute() and path.is_relative_to(project.root):
        where = path.relative_to(project.root).as_posix()
    return Problem(where, line, f"template error: {error.message or error}",
                   "check the name in the template against the names the pipeline passes",
                   code=Code.TEMPLATE)
