"""The build: gather → check → render → write (as mkdocs' ``build()``).

Nothing is written until every language has been read and checked; the output folder is
built beside the old one and swapped in only when everything succeeded, so a mistake
never leaves a half-built site. Same input, same bytes out. Where the machine has a second
core, a forked copy of the build renders and writes half the languages meanwhile.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import TemplateError

from plakoto_site.content.problems import Code, ContentError, Problem
from plakoto_site.i18n.catalogs import CatalogStats

from .check import check
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
from .parallel import Forked, can_fork
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
    checked = check(project, languages, cache)
    settings = checked.content.settings
    report = Report(out, list(settings.languages), diagrams=len(checked.content.diagrams),
                    warnings=checked.warnings, catalogs=list(checked.catalogs.values()))
    if write:
        url = base_url or settings.url
        site = Site(project, checked, url if url.endswith("/") else url + "/", cache)
        try:
            if in_place and out.exists():
                files = render(site)
                files[MARKER] = MARKER_TEXT
                write_changes(files, out, cache.written)
                names = list(files)
            else:
                names = write_site(site, out)
        except TemplateError as error:
            raise ContentError([template_problem(project, error)]) from None
        report.files = len(names)
        embeds = {name for name in names if name.endswith("/index.html") and name.split("/")[1:2] == ["embed"]
                  and name.count("/") == 3}  # xx/embed/<diagram>/index.html; xx/embed/index.html is a page
        report.pages = sum(1 for name in names if name.endswith(".html") and name not in embeds)
        report.embeds = len(embeds)
        report.written = True
    report.seconds = time.perf_counter() - began
    return report


def write_site(site: Site, out: Path) -> list[str]:
    """Render the whole site into a fresh folder beside ``out`` and swap it in (see
    :func:`~plakoto_site.site.output.write_atomically`); returns the files' names.

    Where the machine has a second core, a forked process renders and writes half the
    languages meanwhile: pages, embeds and pictures of one language depend on nothing
    rendered for another. Everything was read and checked before; should the copy fail,
    its languages are rendered here again, so an error is reported as without it."""
    fresh = fresh_folder(out)
    try:
        write_files(fresh, {MARKER: MARKER_TEXT})  # first: a killed build's folder is known as ours
        languages = [language.code for language in site.languages]
        helper = languages[1::2] if len(languages) > 1 and can_fork() else []
        ours = [lang for lang in languages if lang not in helper]
        work = (lambda: _render_into(site, fresh, helper, shared=False)) if helper else None
        with Forked(work) as forked:
            names = _render_into(site, fresh, ours, shared=True)
        names += forked.result if forked.result is not None else _render_into(site, fresh, helper, shared=False)
        finish(fresh, out)
    except BaseException:
        remove(fresh)
        raise
    return [MARKER, *names]


def _render_into(site: Site, folder: Path, languages: list[str], shared: bool) -> list[str]:
    if not languages and not shared:
        return []
    files = render(site, languages, shared=shared)
    write_files(folder, files)
    return list(files)


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
