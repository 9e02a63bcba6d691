"""What every page of one build shares: the checked content, templates, assets and links."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable, Mapping
from pathlib import Path

from plakoto_site.content.exercises import Exercise
from plakoto_site.content.markdown import placements
from plakoto_site.content.problems import Problems
from plakoto_site.i18n.catalogs import language_catalog
from plakoto_site.i18n.languages import Language, language
from plakoto_site.render.templates import Templates
from plakoto_site.render.viewer import viewer_script

from .check import Checked
from .project import Project
from .state import BuildCache
from .urls import page_path, page_url, relative


class Site:
    """One build's render context: the checked content, where the site will live, the
    templates and the assets with their version stamps."""

    def __init__(self, project: Project, checked: Checked, base_url: str, cache: BuildCache,
                 png: bool = False) -> None:
        self.project = project
        self.png = png
        """Whether the embeds get bitmaps and cards (and the pages Open Graph images)."""
        self.checked = checked
        self.base_url = base_url
        self.cache = cache
        self.templates = Templates(project.templates, cache, project.compiled_templates, reload=cache.lasting)
        self.assets = project.assets()
        self.assets["plakoto-viewer.js"] = viewer_script(project.templates / "assets", {
            lang: checked.translations[lang] if lang in checked.translations
            else language_catalog(project.locales, lang, checked.content.settings.reference, Problems(project.root)).translations
            for lang in checked.content.settings.languages})
        self.versions = {name: hashlib.sha256(data).hexdigest()[:10] for name, data in self.assets.items()}
        self.languages = [self.language(lang) for lang in checked.content.settings.languages]
        self.published = [self.language(lang) for lang in checked.content.settings.published]
        """Languages that are not drafts: the only ones in switchers, hreflang links and the sitemap."""
        self.reference = checked.content.settings.reference
        self.templates_digest = _digest(project.templates, sorted(project.templates.rglob("*.html")))
        """What the page templates say (every ``*.html`` under ``templates/``): embed files
        are kept in the build state by it."""

    def language(self, code: str) -> Language:
        """A language of the site, with its names and numbers (see :func:`language`)."""
        return language(code, self.cache)

    def asset(self, source: str, name: str) -> str:
        """A link from ``source`` to an asset, with its version stamp."""
        return f"{relative(source, 'assets/' + name)}?v={self.versions[name]}"

    def exercise_scripts(self, source: str, exercises: Iterable[Exercise]) -> dict[str, str]:
        """The scripts of a page showing ``exercises``: exercise.js, and board.js when one of
        them is played on the board (a question is answered in a form), which exercise.js
        loads once the page is read (base.html): the lessons' own scripts stay within
        their 8 KB budget."""
        shown = list(exercises)
        scripts = {"exercises_js": self.asset(source, "exercise.js")} if shown else {}
        if any(exercise.goal != "question" for exercise in shown):
            scripts["board_js"] = self.asset(source, "board.js")
        return scripts

    def kept_page(self, table: str, lang: str, path: str, given: Mapping[str, object],
                  render: Callable[[], str], *shown: Hashable) -> bytes:
        """A page as ``render`` makes it, kept in the build state's ``table`` by all it shows:
        what its template is given (``given``: plain values, compared by their ``repr``),
        its language's catalog, the templates, and whatever else it shows (``shown``, such
        as a lesson's body or its exercises' digests). Under ``serve`` an edit renders again
        only the pages it shows on. A state for one build only keeps none (see
        :attr:`~plakoto_site.site.state.BuildCache.lasting`)."""
        if not self.cache.lasting:
            return render().encode()
        key = (path, repr(sorted(given.items())), self.checked.words[lang].fingerprint, self.templates_digest,
               *shown)
        return self.cache.get(table, key, lambda: render().encode())

    def translated(self, lang: str, slug: str | None) -> bool:
        """Whether ``lang`` has its own text of a page (else the reference's stands in). Read
        from what was gathered, so it holds for languages checked in another process too."""
        if slug is None or slug.split("/")[0] in ("practice", "play", "embed", "editor"):  # practice/drills/… too
            return True
        return slug in self.checked.content.languages[lang].lessons

    def has_lesson(self, slug: str) -> bool:
        return slug in self.checked.content.reference.lessons

    def common(self, lang: str, slug: str | None, path: str) -> dict[str, object]:
        """What the page templates all need: language, links, switcher, canonical URLs."""
        shown = self.language(lang)  # not ``language``: the module's function of that name
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
            "lang": shown,
            "path": path,
            "home_href": relative(path, page_path(lang)),
            "root_href": relative(path, "index.html"),
            "css": self.asset(path, "site.css"),
            "js": self.asset(path, "diagram.js"),
            "exercises_js": "",
            "progress_js": self.asset(path, "progress.js"),
            "board_js": "",
            "icon": self.asset(path, "favicon.svg"),
            "canonical": self.base_url + page_url(lang, slug),
            "alternates": alternates if self.translated(lang, slug) and not draft else [],
            "draft": draft,
            # The front pages' x-default is the root page, which lets the reader choose.
            "x_default": self.base_url + (page_url(self.reference, slug) if slug else ""),
            "switcher": switcher,
            "about_href": relative(path, page_path(lang, "about")) if self.has_lesson("about") else "",
            "practice_href": relative(path, page_path(lang, "practice")) if self.checked.content.exercises else "",
            "play_href": relative(path, page_path(lang, "play")),
            "embed_href": relative(path, page_path(lang, "embed")),
            "editor_href": relative(path, page_path(lang, "editor")),
            "card": self.card(lang, slug),
            "oembed_link": self.oembed_link(lang, slug),
        }

    def first_diagram(self, lang: str, slug: str | None) -> str | None:
        """The first diagram a lesson places, if ``slug`` is a lesson with one."""
        for item in self.checked.lessons[lang]:
            if item.lesson.slug == slug:
                found = placements(item.tokens)
                return found[0].diagram if found else None
        return None

    def oembed_link(self, lang: str, slug: str | None) -> str:
        """A lesson page's oEmbed discovery link: the answer for its first diagram."""
        diagram = self.first_diagram(lang, slug)
        return f"{self.base_url}{lang}/embed/{diagram}/oembed.json" if diagram else ""

    def card(self, lang: str, slug: str | None) -> str:
        """The link preview's picture (Open Graph, Twitter) of a page: the card of its first
        diagram; a page without one shows the first diagram of the language's lessons. None
        when the build draws no bitmaps."""
        if not self.png:
            return ""
        lessons = self.checked.lessons[lang]
        own = [c for c in lessons if c.lesson.slug == slug]
        for item in own + list(lessons):
            found = placements(item.tokens)
            if found:
                return f"{self.base_url}{lang}/embed/{found[0].diagram}/card.png"
        return ""


def _digest(folder: Path, paths: list[Path]) -> str:
    digest = hashlib.blake2b(digest_size=16)
    for path in paths:
        data = path.read_bytes()
        digest.update(f"{path.relative_to(folder).as_posix()}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()
