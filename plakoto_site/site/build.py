"""The build: gather → check → render → write (as mkdocs' ``build()``).

Nothing is written until every language has been read and checked; the output folder is
built beside the old one and swapped in only when everything succeeded, so a mistake
never leaves a half-built site. Same input, same bytes out. Where the machine has a second
core, a forked copy renders and writes half the languages meanwhile (:func:`write_site`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from plakoto_site.content.problems import Problem, Problems
from plakoto_site.content.site import Content
from plakoto_site.i18n.catalogs import CatalogStats

from .check import Checked, check_languages, gather, verdict
from .output import (
    MARKER,
    MARKER_TEXT,
    claim_output,
    finish,
    fresh_folder,
    remove,
    write_changes,
    write_files,
    writing,
)
from .parallel import Meanwhile, two_cores
from .project import Project
from .state import BuildCache

if TYPE_CHECKING:
    from .context import Site


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
    png: bool = False,
) -> Report:
    """Build the site. Raises :class:`ContentError` (and writes nothing) on any mistake, and
    :class:`~plakoto_site.site.output.OutputError` (before reading anything) when the output
    folder holds files the build did not make.

    ``cache`` is the build state the caller keeps between builds (``serve`` does); without
    one, the build starts cold with a state of its own, for this build only. ``png`` adds
    a bitmap of every picture and a link preview card per diagram, with the pages' Open
    Graph images: what a site to publish wants, and about 40 ms of processor time a bitmap
    the first time (they are kept in ``.cache/`` by what they show), so a build for reading
    and writing skips it."""
    began = time.perf_counter()
    cache = BuildCache(lasting=False) if cache is None else cache  # its own: no build comes after
    out = out or project.output
    if write:
        out = claim_output(out, project.root, force=force, default=project.output)
    content, problems = gather(project, languages, cache)
    settings = content.settings
    url = base_url or settings.url
    url = url if url.endswith("/") else url + "/"
    report = Report(out, list(settings.languages), diagrams=len(content.diagrams))
    gathered = Gathered(project, content, problems, url, cache, png)
    checked = verdict(gathered.check(settings.languages), problems)
    report.warnings, report.catalogs = checked.warnings, list(checked.catalogs.values())
    if not write:
        report.seconds = time.perf_counter() - began
        return report
    if in_place and out.exists():
        files = gathered.render(gathered.site(checked))
        files[MARKER] = MARKER_TEXT
        with writing(out):
            write_changes(files, out, cache.written)
        names = list(files)
    else:
        names = write_site(gathered, checked, out)
    report.files = len(names)
    embeds = {name for name in names if name.endswith("/index.html") and name.split("/")[1:2] == ["embed"]
              and name.count("/") == 3 and not name.endswith("/embed/view/index.html")}
    # xx/embed/<diagram>/index.html; xx/embed/index.html (the gallery) and xx/embed/view/ (the
    # page that draws a diagram carried in its address) are pages
    report.pages = sum(1 for name in names if name.endswith(".html") and name not in embeds)
    report.embeds = len(embeds)
    report.written = True
    report.seconds = time.perf_counter() - began
    return report


def write_site(gathered: Gathered, checked: Checked, out: Path) -> list[str]:
    """Render the checked languages into a fresh folder beside ``out``, each file written as
    it is rendered, and swap it in (see :func:`~plakoto_site.site.output.write_atomically`);
    returns the files' names. On two cores a forked copy renders and writes every second
    language meanwhile (a language's files depend on nothing rendered for another). Should
    the copy fail, its languages are rendered here again, so an error is reported as
    without it. A build whose state lasts (``serve``'s) renders alone: what a copy draws
    and renders would be lost to the next build."""
    site = gathered.site(checked)
    languages = [lang for lang in gathered.content.languages if lang in checked.lessons]
    alone = gathered.cache.lasting or len(languages) < 2 or not two_cores()
    theirs = [] if alone else languages[1::2]
    ours = [lang for lang in languages if lang not in theirs]
    with writing(out):
        fresh = fresh_folder(out)
        try:
            names = write_files(fresh, {MARKER: MARKER_TEXT})  # first: a killed build's folder is known as ours
            written: list[str] | None = []
            if theirs:
                with Meanwhile(partial(_write, site, theirs, fresh)) as copy:
                    names += _write(site, ours, fresh, shared=True)
                    written = copy.result()
            else:
                names += _write(site, ours, fresh, shared=True)
            if written is None:
                written = _write(site, theirs, fresh)
            finish(fresh, out)
        except BaseException:
            remove(fresh)  # the copy, if any, has ended: leaving the block above killed it
            raise
    return names + written


def _write(site: Site, languages: list[str], folder: Path, shared: bool = False) -> list[str]:
    from .render import each_file

    return write_files(folder, each_file(site, languages, shared))


@dataclass(frozen=True)
class Gathered:
    """What a build has read before any language is checked, and how it checks and renders
    languages of it."""

    project: Project
    content: Content
    problems: Problems
    """What gathering found; checking the languages adds to it."""
    base_url: str
    cache: BuildCache
    png: bool = False
    """Whether to draw bitmaps of the pictures and link preview cards."""

    def check(self, languages: Sequence[str]) -> Checked:
        return check_languages(self.project, self.content, languages, self.problems, self.cache)

    def site(self, checked: Checked) -> Site:
        """What the languages of ``checked`` are rendered with (it reads the assets and
        stamps their versions). The renderer (Jinja and the page modules) is imported here,
        not with this module: reading and checking need none of it."""
        from .context import Site

        return Site(self.project, checked, self.base_url, self.cache, self.png)

    def render(self, site: Site, languages: Sequence[str] | None = None, shared: bool = True) -> dict[str, bytes]:
        """The files of ``languages`` (all that ``site`` checked by default), and with
        ``shared`` those of no language (see :func:`~plakoto_site.site.render.render`)."""
        from .render import render

        lessons = site.checked.lessons
        chosen = [lang for lang in self.content.languages if lang in lessons] if languages is None else languages
        return render(site, chosen, shared)
