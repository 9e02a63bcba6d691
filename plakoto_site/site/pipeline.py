"""The pipeline: gather → check → render → write (as mkdocs' ``build()``).

Nothing is written until every language has been read and checked; the output folder is
built beside the old one and swapped in only when everything succeeded, so a mistake
never leaves a half-built site. Same input, same bytes out.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import posixpath
import re
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit
from xml.sax.saxutils import escape as xml_escape

from babel.support import NullTranslations
from jinja2 import TemplateError
from markdown_it.token import Token
from markupsafe import Markup

from plakoto_site.content.lessons import Lesson
from plakoto_site.content.markdown import exercise_placements, placements
from plakoto_site.content.problems import ContentError, Problem, Problems
from plakoto_site.content.site import (
    CheckedLesson,
    Content,
    check_lesson,
    check_words,
    parsed,
    read_content,
)
from plakoto_site.i18n.catalogs import (
    CatalogStats,
    catalog_path,
    check_catalog,
    read_catalog,
    stats,
    translations,
)
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.parity import check_heading_ids, check_parity, check_same_as_english
from plakoto_site.i18n.words import Words
from plakoto_site.render.board import empty_board
from plakoto_site.render.diagrams import EmbedLinks, diagram_fingerprint, diagram_html
from plakoto_site.render.embed import Embed, filmstrip, picture
from plakoto_site.render.escaping import script_json
from plakoto_site.render.exercises import exercise_html
from plakoto_site.render.pages import (
    Templates,
    exercise_markup,
    placement_captions,
    render_markdown,
)
from plakoto_site.render.play import play_data
from plakoto_site.render.scripts import served

from .output import MARKER, MARKER_TEXT, claim_output, write_atomically

ASSETS = ("site.css", "diagram.js", "exercise.js", "plakoto-rules.js", "play.js", "favicon.svg")


@dataclass(frozen=True)
class Project:
    """Where a project's folders are: ``content/``, ``locales/``, ``templates/``."""

    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def output(self) -> Path:
        return self.root / "_site"


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


@dataclass
class Checked:
    """Everything read and checked: ready to render."""

    content: Content
    lessons: dict[str, list[CheckedLesson]]
    words: dict[str, Words]
    translations: dict[str, NullTranslations]
    warnings: list[Problem]
    catalogs: dict[str, CatalogStats] = field(default_factory=dict)


def check(project: Project, languages: tuple[str, ...] | None = None) -> Checked:
    """Gather and check everything; raise :class:`ContentError` with every error found."""
    problems = Problems(project.root)
    content = read_content(project.content, problems, languages)
    reference = content.reference
    lessons: dict[str, list[CheckedLesson]] = {}
    words: dict[str, Words] = {}
    compiled: dict[str, NullTranslations] = {}
    catalogs: dict[str, CatalogStats] = {}
    for lang, found in content.languages.items():
        compiled[lang], statistics = _translations(project, lang, content.settings.reference, problems)
        if statistics is not None:
            catalogs[lang] = statistics
        words[lang] = Words(Language(lang), compiled[lang], markup=True)
        for slug, lesson in found.lessons.items():
            if slug not in reference.lessons:
                problems.error(lesson.path, 1, f"there is no English lesson {slug!r} for this translation",
                               f"name the file after the English lesson it translates (content/{reference.lang}/…)")
        checked = []
        for slug, english in reference.lessons.items():
            translated = found.lessons.get(slug)
            if translated is None:
                # The English page stands in; its problems were reported with English.
                tokens = check_lesson(english, content.diagrams, Problems(project.root), content.exercises)
                checked.append(CheckedLesson(lang, english, tokens, fallback=True))
            else:
                tokens = check_lesson(translated, content.diagrams, problems, content.exercises)
                check_words(translated, content.terms, problems)
                if lang == reference.lang:
                    check_heading_ids(english, tokens, problems)
                else:
                    check_translation(english, translated, tokens, problems)
                checked.append(CheckedLesson(lang, translated, tokens, fallback=False))
        lessons[lang] = checked
        if found.home is not None:
            tokens = check_lesson(found.home, content.diagrams, problems)
            check_words(found.home, content.terms, problems)
            if lang != reference.lang and reference.home is not None:
                check_translation(reference.home, found.home, tokens, problems)
    check_assets(project, problems)
    if problems.errors:
        raise ContentError(problems.errors + problems.warnings)
    return Checked(content, lessons, words, compiled, problems.warnings, catalogs)


def check_assets(project: Project, problems: Problems) -> None:
    """The files every site carries (stylesheet, scripts, icon) must be there."""
    for name in ASSETS:
        path = project.templates / "assets" / name
        if not path.is_file():
            problems.error(path, 0, "this file of the site is missing",
                           f"restore it (git checkout templates/assets/{name}); every page needs it")


def check_translation(english: Lesson, translated: Lesson, tokens: list[Token], problems: Problems) -> None:
    """What a translation must keep of its English lesson (see :mod:`plakoto_site.i18n.parity`)."""
    english_tokens = parsed(english.body)
    check_parity(english, english_tokens, translated, tokens, problems)
    check_same_as_english(english, english_tokens, translated, tokens, problems)


def _translations(
    project: Project, lang: str, reference: str, problems: Problems
) -> tuple[NullTranslations, CatalogStats | None]:
    """The language's catalog, checked and compiled in memory (English needs none)."""
    path = catalog_path(project.locales, lang)
    if lang == reference or not path.exists():
        return NullTranslations(), None
    catalog = read_catalog(path, lang, problems)
    if catalog is None:
        return NullTranslations(), None
    check_catalog(catalog, path, problems)
    return translations(catalog), stats(catalog, lang)


# -- render -----------------------------------------------------------------------------------


def page_path(lang: str, slug: str | None = None) -> str:
    return f"{lang}/index.html" if slug is None else f"{lang}/{slug}/index.html"


def page_url(lang: str, slug: str | None = None) -> str:
    """The pretty URL, relative to the site root: ``el/pinning/``."""
    return f"{lang}/" if slug is None else f"{lang}/{slug}/"


def relative(source: str, target: str) -> str:
    """A link from the file ``source`` to the file ``target``, both relative to the root."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


_HREF = re.compile(r'<a href="([^"]*)"')


def rebase_links(html: Markup, written_for: str, shown_in: str) -> Markup:
    """Caption links written relative to a lesson, made to work from an embed page, and
    opened outside the frame."""
    def rebase(match: re.Match[str]) -> str:
        href = match[1]
        if not href or href.startswith(("#", "/")) or ":" in href.split("/", 1)[0]:
            return f'<a target="_blank" rel="noopener" href="{href}"'
        path, _, fragment = href.partition("#")
        target = posixpath.normpath(posixpath.join(posixpath.dirname(written_for), path))
        rebased = relative(shown_in, target) + (f"#{fragment}" if fragment else "")
        return f'<a target="_blank" rel="noopener" href="{rebased}"'
    return Markup(_HREF.sub(rebase, str(html)))


def _asset(path: Path) -> bytes:
    """A file of ``templates/assets/`` as served: scripts without their comments."""
    data = path.read_bytes()
    return served(data.decode()).encode() if path.suffix == ".js" else data


_EMBEDS: dict[tuple[object, ...], dict[str, bytes]] = {}


class Renderer:
    def __init__(self, project: Project, checked: Checked, base_url: str) -> None:
        self.project = project
        self.checked = checked
        self.base_url = base_url
        self.templates = Templates(project.templates)
        self.assets = {name: _asset(project.templates / "assets" / name) for name in ASSETS}
        self.versions = {name: hashlib.sha256(data).hexdigest()[:10] for name, data in self.assets.items()}
        self.languages = [Language(lang) for lang in checked.content.settings.languages]
        self.published = [Language(lang) for lang in checked.content.settings.published]
        """Languages that are not drafts: the only ones in switchers, hreflang links and the sitemap."""
        self.reference = checked.content.settings.reference
        self.embeds = self._embeds()
        self.templates_stamp = tuple(sorted((p.name, p.stat().st_mtime_ns) for p in project.templates.glob("*.html")))

    def _embeds(self) -> dict[tuple[str, str], tuple[Embed, CheckedLesson]]:
        """Each diagram in each language, captioned as the first lesson that places it."""
        found: dict[tuple[str, str], tuple[Embed, CheckedLesson]] = {}
        diagrams = self.checked.content.diagrams
        for lang, lessons in self.checked.lessons.items():
            for item in lessons:
                for placement in placements(item.tokens):
                    key = (lang, placement.diagram)
                    if key in found:
                        continue
                    diagram = diagrams[placement.diagram]
                    # TRANSLATORS: The game's name, after the lesson's title in an embedded
                    # diagram's page title; also in every page's title and header.
                    plakoto = self.checked.translations[lang].gettext("Plakoto")
                    title = f"{item.lesson.title} · {plakoto}"
                    folder = f"{lang}/embed/{diagram.id}"
                    lesson = page_path(lang, item.lesson.slug)
                    captions = {frame: rebase_links(html, lesson, f"{folder}/index.html")
                                for frame, html in placement_captions(placement, diagram).items()}
                    embed = Embed(diagram, lang, title, captions, folder)
                    found[key] = (embed, item)
        return found

    def embed_links(self, lang: str, diagram_id: str, source: str) -> EmbedLinks | None:
        if (lang, diagram_id) not in self.embeds:
            return None
        embed, _ = self.embeds[(lang, diagram_id)]
        return EmbedLinks(
            page=relative(source, embed.page),
            picture=relative(source, embed.picture(0)),
            filmstrip=relative(source, embed.filmstrip),
            oembed=relative(source, embed.oembed),
            iframe=embed.iframe(self.base_url, self.checked.words[lang]),
            absolute_picture=self.base_url + embed.picture(0),
            absolute_oembed=self.base_url + embed.oembed,
        )

    def embed_files(self, lang: str, diagram_id: str) -> dict[str, bytes]:
        """The embed page, a picture per step, the filmstrip and the oEmbed JSON (kept
        between builds of ``make serve`` while nothing they show changed)."""
        embed, item = self.embeds[(lang, diagram_id)]
        words = self.checked.words[lang]
        key = (diagram_fingerprint(embed.diagram), lang, embed.title, item.lesson.slug, item.lesson.title,
               tuple(sorted((f, str(c)) for f, c in embed.captions.items())), words.fingerprint,
               self.base_url, tuple(sorted(self.versions.items())), self.templates_stamp)
        if key not in _EMBEDS:
            if len(_EMBEDS) > 2_000:
                _EMBEDS.clear()
            _EMBEDS[key] = self._embed_files(embed, item, lang)
        return _EMBEDS[key]

    def _embed_files(self, embed: Embed, item: CheckedLesson, lang: str) -> dict[str, bytes]:
        words = self.checked.words[lang]
        diagram = embed.diagram
        path = embed.page
        figure = diagram_html(diagram, embed.captions, words)
        html = self.templates.render(
            "embed.html",
            self.checked.translations[lang],
            lang=Language(lang),
            title=embed.title,
            figure=figure,
            lesson_href=relative(path, page_path(lang, item.lesson.slug)) + f"#{diagram.id}",
            lesson_title=item.lesson.title,
            oembed=self.base_url + embed.oembed,
            canonical=self.base_url + embed.folder + "/",
            css=self.asset(path, "site.css"),
            js=self.asset(path, "diagram.js"),
            icon=self.asset(path, "favicon.svg"),
        )
        files = {path: html.encode(), embed.filmstrip: filmstrip(embed, words).encode()}
        for frame in range(diagram.frames):
            files[embed.picture(frame)] = picture(embed, frame, words).encode()
        # TRANSLATORS: The site's name, given to other sites that embed a diagram (oEmbed).
        provider = self.checked.translations[lang].gettext("Plakoto, step by step")
        files[embed.oembed] = embed.oembed_json(self.base_url, words, provider).encode()
        return files

    def asset(self, source: str, name: str) -> str:
        return f"{relative(source, 'assets/' + name)}?v={self.versions[name]}"

    def translated(self, lang: str, slug: str | None) -> bool:
        if slug is None or slug in ("practice", "play"):
            return True
        return not next(c for c in self.checked.lessons[lang] if c.lesson.slug == slug).fallback

    def common(self, lang: str, slug: str | None, path: str) -> dict[str, object]:
        language = Language(lang)
        alternates = [
            {"lang": other.code, "url": self.base_url + page_url(other.code, slug)}
            for other in self.published
            if self.translated(other.code, slug)
        ]
        draft = lang in self.checked.content.settings.drafts
        switcher = [
            {
                "language": other,
                "href": relative(path, page_path(other.code, slug)),
                "current": other.code == lang,
            }
            for other in self.languages
            if other in self.published or other.code == lang
        ]
        return {
            "lang": language,
            "path": path,
            "home_href": relative(path, page_path(lang)),
            "root_href": relative(path, "index.html"),
            "css": self.asset(path, "site.css"),
            "js": self.asset(path, "diagram.js"),
            "exercises_js": "",
            "icon": self.asset(path, "favicon.svg"),
            "canonical": self.base_url + page_url(lang, slug),
            "alternates": alternates if self.translated(lang, slug) and not draft else [],
            "draft": draft,
            "x_default": self.base_url + page_url(self.reference, slug),
            "switcher": switcher,
            "about_href": relative(path, page_path(lang, "about")) if self.has_lesson("about") else "",
            "practice_href": relative(path, page_path(lang, "practice")) if self.checked.content.exercises else "",
            "play_href": relative(path, page_path(lang, "play")),
        }

    def has_lesson(self, slug: str) -> bool:
        return any(c.lesson.slug == slug for c in self.checked.lessons[self.reference])

    def lesson_page(self, lang: str, index: int) -> tuple[str, str]:
        lessons = self.checked.lessons[lang]
        item = lessons[index]
        path = page_path(lang, item.lesson.slug)
        words = self.checked.words[lang]
        body = render_markdown(item.tokens, self.checked.content.diagrams, words,
                               lambda diagram_id: self.embed_links(lang, diagram_id, path),
                               self.checked.content.exercises)
        def link(other: CheckedLesson | None) -> dict[str, str] | None:
            if other is None:
                return None
            return {"title": other.lesson.title, "href": relative(path, page_path(lang, other.lesson.slug))}
        common = self.common(lang, item.lesson.slug, path)
        if exercise_placements(item.tokens):
            common["exercises_js"] = self.asset(path, "exercise.js")
        html = self.templates.render(
            "lesson.html",
            self.checked.translations[lang],
            **common,
            title=item.lesson.title,
            summary=item.lesson.summary,
            body=body,
            fallback=item.fallback,
            previous=link(lessons[index - 1] if index > 0 else None),
            next=link(lessons[index + 1] if index + 1 < len(lessons) else None),
            number=item.lesson.order if item.lesson.kind == "lesson" else None,
        )
        return path, html

    def practice_page(self, lang: str) -> tuple[str, str] | None:
        """Every exercise of every lesson on one page, with the reader's progress."""
        path = page_path(lang, "practice")
        words = self.checked.words[lang]
        groups, number = [], 0
        for item in self.checked.lessons[lang]:
            exercises = []
            for placement in exercise_placements(item.tokens):
                number += 1
                exercise = self.checked.content.exercises[placement.exercise]
                exercises.append(exercise_html(exercise, exercise_markup(placement), words, number))
            if exercises:
                groups.append({"title": item.lesson.title, "exercises": exercises,
                               "href": relative(path, page_path(lang, item.lesson.slug)) + "#practice"})
        if not groups:
            return None
        translations = self.checked.translations[lang]
        common = self.common(lang, "practice", path)
        common["exercises_js"] = self.asset(path, "exercise.js")
        html = self.templates.render(
            "practice.html", translations, **common,
            # TRANSLATORS: The Practice page's title, and its link at the foot of every page.
            title=translations.gettext("Practice"),
            # TRANSLATORS: The Practice page: the line under its title.
            summary=translations.gettext("Every exercise of the lessons in one place: play the moves, "
                                         "and the rules engine tells you what is allowed and why."),
            groups=groups,
        )
        return path, html

    def play_page(self, lang: str) -> tuple[str, str]:
        """A whole game on the lessons' board, against the computer or two on one device."""
        path = page_path(lang, "play")
        translations = self.checked.translations[lang]
        words = Words(Language(lang), translations)
        lessons = {c.lesson.slug: relative(path, page_path(lang, c.lesson.slug)) for c in self.checked.lessons[lang]}
        # TRANSLATORS: The play page: the name of the rule set with the mother rule (the Greek game).
        plakoto = translations.gettext("Plakoto")
        # TRANSLATORS: The play page: the name of the rule set without the mother rule.
        tapa = translations.gettext("Tapa")
        data = play_data(words, lessons, {"plakoto": plakoto, "tapa": tapa})
        # TRANSLATORS: The play page: the name screen readers give the board picture.
        board_title = translations.gettext("The board")
        common = self.common(lang, "play", path)
        html = self.templates.render(
            "play.html", translations, **common,
            # TRANSLATORS: The play page's title, and its link in the header and on the home page.
            title=translations.gettext("Play a game"),
            # TRANSLATORS: The play page: the line under its title.
            summary=translations.gettext("A whole game of Plakoto or Tapa on the lessons' board: against "
                                         "the computer, or two players on one device."),
            data=script_json(data),
            rules_js=self.asset(path, "plakoto-rules.js"),
            play_js=self.asset(path, "play.js"),
            board=Markup(empty_board(board_title, "play-board")),
            lessons_href=relative(path, page_path(lang)) + "#lessons",
        )
        return path, html

    def home_page(self, lang: str) -> tuple[str, str]:
        path = page_path(lang)
        found = self.checked.content.languages[lang]
        home = found.home or self.checked.content.reference.home
        intro = Markup("")
        if home is not None:
            tokens = check_lesson(home, self.checked.content.diagrams, Problems(self.project.root))
            intro = render_markdown(tokens, self.checked.content.diagrams, self.checked.words[lang])
        lessons = [
            {
                "title": item.lesson.title,
                "summary": item.lesson.summary,
                "href": relative(path, page_path(lang, item.lesson.slug)),
                "fallback": item.fallback,
                "order": item.lesson.order,
                "kind": item.lesson.kind,
            }
            for item in self.checked.lessons[lang]
        ]
        html = self.templates.render(
            "home.html",
            self.checked.translations[lang],
            **self.common(lang, None, path),
            title=home.title if home else "Plakoto",
            summary=home.summary if home else "",
            intro=intro,
            lessons=lessons,
        )
        return path, html

    def root_pages(self) -> dict[str, str]:
        english = self.checked.translations[self.reference]
        languages = [
            {"language": language, "href": page_path(language.code)} for language in self.published
        ]
        css = self.assets["site.css"].decode().replace("</", "<\\/")
        standalone = {
            "inline_css": Markup(css),
            "style_hash": "sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode(),
            "icon_data": "data:image/svg+xml;base64," + base64.b64encode(self.assets["favicon.svg"]).decode(),
            "base_path": urlsplit(self.base_url).path,
        }
        pages = {}
        for name in ("index.html", "404.html"):
            pages[name] = self.templates.render(
                name,
                english,
                lang=Language(self.reference),
                languages=languages,
                css=self.asset(name, "site.css"),
                icon=self.asset(name, "favicon.svg"),
                base_url=self.base_url,
                canonical=self.base_url,
                alternates=[],
                x_default=self.base_url,
                **standalone,
            )
        return pages

    def sitemap(self) -> str:
        lines = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            'xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ]
        slugs: list[str | None] = [None] + [c.lesson.slug for c in self.checked.lessons[self.reference]]
        if self.checked.content.exercises:
            slugs.append("practice")
        slugs.append("play")
        for slug in slugs:
            present = [lang.code for lang in self.published if self.translated(lang.code, slug)]
            for lang in present:
                lines.append(f"  <url><loc>{xml_escape(self.base_url + page_url(lang, slug))}</loc>")
                for other in present:
                    url = xml_escape(self.base_url + page_url(other, slug))
                    lines.append(f'    <xhtml:link rel="alternate" hreflang="{other}" href="{url}"/>')
                url = xml_escape(self.base_url + page_url(self.reference, slug))
                lines.append(f'    <xhtml:link rel="alternate" hreflang="x-default" href="{url}"/>')
                lines.append("  </url>")
        lines.append("</urlset>")
        return "\n".join(lines) + "\n"

    def files(self) -> dict[str, bytes]:
        files: dict[str, bytes] = {}
        for language in self.languages:
            lang = language.code
            path, html = self.home_page(lang)
            files[path] = html.encode()
            for index in range(len(self.checked.lessons[lang])):
                path, html = self.lesson_page(lang, index)
                files[path] = html.encode()
            path, html = self.play_page(lang)
            files[path] = html.encode()
            practice = self.practice_page(lang)
            if practice:
                files[practice[0]] = practice[1].encode()
        for lang, diagram_id in sorted(self.embeds):
            files.update(self.embed_files(lang, diagram_id))
        for name, html in self.root_pages().items():
            files[name] = html.encode()
        files["sitemap.xml"] = self.sitemap().encode()
        files["robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {self.base_url}sitemap.xml\n".encode()
        for name, data in self.assets.items():
            files[f"assets/{name}"] = data
        return dict(sorted(files.items()))


# -- write ----------------------------------------------------------------------------------


_WRITTEN: dict[Path, bytes] = {}
"""What ``make serve`` last wrote, so an unchanged file is not even read again."""


def replace_file(target: Path, data: bytes) -> None:
    """Write ``data`` beside ``target`` under a temporary name, then rename it over
    ``target`` in one step: whoever reads the file gets the old bytes or the new ones."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_changes(files: dict[str, bytes], out: Path) -> None:
    """For ``make serve``: rewrite only the files whose bytes changed, remove the ones no
    longer built. Each file is replaced whole (:func:`replace_file`), so a reader never
    gets one half-written; a content mistake never gets this far."""
    out.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(files.items()):
        target = out / name
        digest = hashlib.blake2b(data, digest_size=16).digest()
        if _WRITTEN.get(target) == digest and target.is_file():
            continue
        if not (target.is_file() and target.read_bytes() == data):
            target.parent.mkdir(parents=True, exist_ok=True)
            replace_file(target, data)
        _WRITTEN[target] = digest
    for path in sorted(out.rglob("*"), reverse=True):
        name = path.relative_to(out).as_posix()
        if path.is_file() and name not in files:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def build(
    project: Project,
    out: Path | None = None,
    languages: tuple[str, ...] | None = None,
    base_url: str | None = None,
    write: bool = True,
    in_place: bool = False,
    force: bool = False,
) -> Report:
    """Build the site. Raises :class:`ContentError` (and writes nothing) on any mistake, and
    :class:`~plakoto_site.site.output.OutputError` (before reading anything) when the output
    folder holds files the build did not make."""
    began = time.perf_counter()
    if write:
        out = claim_output(out or project.output, project.root, force=force, default=project.output)
    checked = check(project, languages)
    settings = checked.content.settings
    url = base_url or settings.url
    url = url if url.endswith("/") else url + "/"
    report = Report(out or project.output, list(settings.languages), warnings=checked.warnings,
                    catalogs=list(checked.catalogs.values()))
    report.diagrams = len(checked.content.diagrams)
    if write:
        try:
            files = Renderer(project, checked, url).files()
        except TemplateError as error:
            raise ContentError([_template_problem(project, error)]) from None
        files[MARKER] = MARKER_TEXT
        (write_changes if in_place and report.out.exists() else write_atomically)(files, report.out)
        report.files = len(files)
        report.pages = sum(1 for name in files if name.endswith(".html") and "/embed/" not in name)
        report.embeds = sum(1 for name in files if name.endswith("/index.html") and "/embed/" in name)
        report.written = True
    report.seconds = time.perf_counter() - began
    return report


def _template_problem(project: Project, error: TemplateError) -> Problem:
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
                   "check the name in the template against the names the pipeline passes")
