"""The build: gather → check → render → write (as mkdocs' ``build()``).

Nothing is written until every language has been read and checked; the output folder is
built beside the old one and swapped in only when everything succeeded, so a mistake
never leaves a half-built site. Same input, same bytes out. Where the machine has a second
core, a cold build forks twice: a copy makes the drills and their play trees, and reads
what the pages need of each language's CLDR data, while the build reads the rest and loads
what rendering needs; once everything is read, a copy checks, renders and writes half the
languages meanwhile.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from plakoto_site.content.drills import has_drills, kept_drills
from plakoto_site.content.problems import ContentError, Problem, Problems
from plakoto_site.content.settings import read_settings
from plakoto_site.content.site import Content, parsed, with_drills
from plakoto_site.i18n.catalogs import CatalogStats, load_babel
from plakoto_site.i18n.languages import language

from .check import Checked, check_avoided_words, check_languages, english_texts, gather, verdict
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
from .parallel import Channel, Forked, can_fork
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
    content, problems = _read(project, languages, cache, cold=write and not (in_place and out.exists()))
    settings = content.settings
    url = base_url or settings.url
    url = url if url.endswith("/") else url + "/"
    report = Report(out, list(settings.languages), diagrams=len(content.diagrams))
    gathered = Gathered(project, content, problems, url, cache, png)
    if write and not (in_place and out.exists()):
        names = write_site(gathered, out, report)
    else:
        checked = verdict(gathered.check(settings.languages), problems)
        report.warnings, report.catalogs = checked.warnings, list(checked.catalogs.values())
        if not write:
            report.seconds = time.perf_counter() - began
            return report
        files = gathered.render(gathered.site(checked))
        files[MARKER] = MARKER_TEXT
        with writing(out):
            write_changes(files, out, cache.written)
        names = list(files)
    report.files = len(names)
    embeds = {name for name in names if name.endswith("/index.html") and name.split("/")[1:2] == ["embed"]
              and name.count("/") == 3}  # xx/embed/<diagram>/index.html; xx/embed/index.html is a page
    report.pages = sum(1 for name in names if name.endswith(".html") and name not in embeds)
    report.embeds = len(embeds)
    report.written = True
    report.seconds = time.perf_counter() - began
    return report


def _read(project: Project, languages: tuple[str, ...] | None, cache: BuildCache,
          cold: bool) -> tuple[Content, Problems]:
    """:func:`gather`; a ``cold`` build on two cores makes the drills in a forked copy of
    itself meanwhile (see :func:`_drills_forked`)."""
    if not (cold and _drills_forked(project, cache)):
        return gather(project, languages, cache)
    with Forked(partial(_make_drills, project)) as drilling:
        content, problems = _read_meanwhile(project, languages, cache)
        made = [drilling.receive(), drilling.receive()]  # the drills, then what was drawn of them
    for part in made:
        if isinstance(part, BuildCache):
            cache.adopt(part)
    return with_drills(content, cache), problems


def _drills_forked(project: Project, cache: BuildCache) -> bool:
    """Whether a cold build makes the drills in a forked copy of itself: where the machine
    has a second core, and the site has exercises (and so a Practice page) but no drills
    made yet. The engine plays their games and walks their play trees: the longest part of
    reading, done meanwhile; the copy's build state comes back pickled, and is adopted."""
    return not has_drills(cache) and (project.content / "exercises").is_dir() and can_fork()


def _read_meanwhile(project: Project, languages: tuple[str, ...] | None,
                    cache: BuildCache) -> tuple[Content, Problems]:
    """What a cold build does while its copy makes the drills: read everything but the
    drills, and make what both processes of the later fork need: the reference's lessons
    parsed and their blocks of text found (each process checks its languages against
    them), what rendering needs (:func:`~plakoto_site.site.render.prepare`), what no
    language changes drawn (:func:`~plakoto_site.site.render.draw_ahead`), and Babel's PO
    reader imported. Should the copy fail, the drills are made here after."""
    from .render import draw_ahead, prepare

    content, problems = gather(project, languages, cache, drills=False)
    if not problems.errors:  # else the build stops once the languages are checked
        translated = len(content.languages) > 1
        for lesson in content.reference.texts():
            parsed(lesson.body, cache)
            if translated:
                english_texts(lesson, cache)
        prepare(project, cache)
        draw_ahead(content, cache)
        load_babel()
    return content, problems


def _make_drills(project: Project, channel: Channel) -> BuildCache:
    """The copy's work, in build states of its own: the drills, sent as soon as they are
    made (the build reads them while the copy goes on: most of what it sends, and the
    slowest to read); then what no language changes of them (their boards without words,
    and the play trees of those played on the board), and what the pages need of each
    language's CLDR data (:func:`language`: the build then never loads that data, nor does
    either process of the second fork)."""
    from plakoto_site.render.exercises import draw_exercise

    made = BuildCache()
    drills = kept_drills(made)
    channel.send(made)
    drawn = BuildCache()
    for kind in drills.values():
        for drill in kind:
            draw_exercise(drill.exercise, drawn)
    # The site's languages as site.toml lists them (its problems are the build's to report).
    for code in read_settings(project.content, Problems(project.root)).languages:
        language(code, drawn)
    return drawn


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

    def check(self, languages: Sequence[str], problems: Problems | None = None, avoided: bool = True) -> Checked:
        return check_languages(self.project, self.content, languages,
                               self.problems if problems is None else problems, self.cache, avoided)

    def site(self, checked: Checked) -> Site:
        """What the languages of ``checked`` are rendered with: made once for all that a
        process renders of them (it reads the assets and stamps their versions).

        The renderer (Jinja and the page modules) is imported here, not with this module:
        reading and checking need none of it, and a cold build on two cores has imported it
        already, while its copy made the drills (see :func:`_read_meanwhile`)."""
        from .context import Site

        return Site(self.project, checked, self.base_url, self.cache, self.png)

    def render(self, site: Site, languages: Sequence[str] | None = None, shared: bool = True) -> dict[str, bytes]:
        """The files of ``languages`` (all that ``site`` checked by default), and with
        ``shared`` those of no language (see :func:`~plakoto_site.site.render.render`)."""
        from .render import render

        lessons = site.checked.lessons
        chosen = [lang for lang in self.content.languages if lang in lessons] if languages is None else languages
        return render(site, chosen, shared)


@dataclass(frozen=True)
class Checks:
    """What the forked copy found checking its languages, sent to the build."""

    problems: list[Problem]
    catalogs: dict[str, CatalogStats]


def write_site(gathered: Gathered, out: Path, report: Report) -> list[str]:
    """Check, render and write every language into a fresh folder beside ``out`` and swap it
    in (see :func:`~plakoto_site.site.output.write_atomically`); returns the files' names.

    Where the machine has a second core, a forked copy checks, renders and writes half the
    languages meanwhile: a language's checks, pages, embeds and pictures depend on nothing
    of another's. (The build looks for the words to avoid of every language: the copy's two
    translations cost more to check than English, parsed before the fork, and finding
    those words needs no catalog and no parsed text.) Nothing is written until both sides
    have checked theirs without an error. Meanwhile each side renders in memory: the build
    its first language as soon as its own are checked; then, once the copy's are known to
    be free of errors too, it makes the folder (the copy writes there as soon as it has
    rendered), and renders the rest of its own. Should the copy fail, its languages are
    checked and rendered here again, so an error is reported as without it."""
    languages = list(gathered.content.languages)
    helper = languages[1::2] if len(languages) > 1 and can_fork() else []
    ours = [lang for lang in languages if lang not in helper]
    with Forked(partial(_helper, gathered, helper) if helper else None) as forked:
        checked = gathered.check(ours)
        # The copy's words to avoid too: they need no catalog and no parsed text, and its
        # two translations cost more to check than English, parsed before the fork.
        check_avoided_words(gathered.content, helper, gathered.problems, gathered.cache, gathered.project.locales)
        rendering = _Rendering()
        first, rest = ours[:1], ours[1:]
        rendering.add(gathered, checked, first, shared=True)  # while the copy may still be checking
        theirs = forked.receive()
        if not isinstance(theirs, Checks):  # none was forked, or the copy failed: its languages here
            checked = _merge(checked, gathered.check(helper, avoided=False))
            rest += helper
            theirs = Checks([], {})
        gathered.problems.items.extend(theirs.problems)
        verdict(checked, gathered.problems)
        report.warnings = checked.warnings
        report.catalogs = [found for lang in languages
                           if (found := checked.catalogs.get(lang) or theirs.catalogs.get(lang))]
        rendering.stop_if_failed()
        with writing(out):
            fresh = fresh_folder(out)
            try:
                write_files(fresh, {MARKER: MARKER_TEXT})  # first: a killed build's folder is known as ours
                forked.send(str(fresh))
                rendering.add(gathered, checked, rest)
                files = rendering.files()
                write_files(fresh, files)
                names = forked.receive()
                if not isinstance(names, list):  # the copy failed after its checks
                    names = _render_into(gathered, fresh, [lang for lang in helper if lang not in checked.lessons])
                finish(fresh, out)
            except BaseException:
                forked.stop()  # first: the copy may still be writing into the fresh folder
                remove(fresh)
                raise
    return [MARKER, *files, *names]


class _Rendering:
    """Files rendered before every language is known to be free of errors: a template error
    met on the way waits until the content's errors, reported first, are known to be none."""

    def __init__(self) -> None:
        self.rendered: dict[str, bytes] = {}
        self.error: ContentError | None = None
        self.site: Site | None = None
        """One for everything rendered of the same checked languages."""

    def add(self, gathered: Gathered, checked: Checked, languages: list[str], shared: bool = False) -> None:
        if self.error is not None or gathered.problems.errors or not (languages or shared):
            return  # nothing to render, or the build stops: rendering more would change nothing
        if self.site is None or self.site.checked is not checked:
            self.site = gathered.site(checked)
        try:
            self.rendered.update(gathered.render(self.site, languages, shared=shared))
        except ContentError as error:
            self.error = error

    def stop_if_failed(self) -> None:
        """Raise the template error met, if any."""
        if self.error is not None:
            raise self.error

    def files(self) -> dict[str, bytes]:
        """The files, sorted by name; raises the template error met, if any."""
        self.stop_if_failed()
        return dict(sorted(self.rendered.items()))


def _helper(gathered: Gathered, languages: list[str], channel: Channel) -> list[str]:
    """The forked copy: check ``languages``, tell the build what was found, render them, and
    write them once the build names the folder (it names none when anything failed)."""
    problems = Problems(gathered.project.root)
    checked = gathered.check(languages, problems, avoided=False)  # the build looks for their words to avoid
    channel.send(Checks(problems.items, checked.catalogs))
    if problems.errors:
        return []
    files = gathered.render(gathered.site(checked), languages, shared=False)
    folder = channel.receive()
    if not isinstance(folder, str):
        return []
    write_files(Path(folder), files)
    return list(files)


def _render_into(gathered: Gathered, folder: Path, languages: list[str]) -> list[str]:
    """The copy's languages, done here: checked again (their problems were reported)."""
    if not languages:
        return []
    checked = gathered.check(languages, Problems(gathered.project.root), avoided=False)
    files = gathered.render(gathered.site(checked), shared=False)
    write_files(folder, files)
    return list(files)


def _merge(first: Checked, second: Checked) -> Checked:
    """Two checks of different languages of the same content as one."""
    return Checked(first.content, first.lessons | second.lessons, first.words | second.words,
                   first.translations | second.translations, [], first.catalogs | second.catalogs,
                   first.homes | second.homes)
