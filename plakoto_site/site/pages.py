"""The pages of each language: the lessons, the home page, the practice page, the play
page; and the site's front page and 404 page."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Iterator, Sequence
from typing import cast
from urllib.parse import urlsplit

from markupsafe import Markup

from plakoto_site.content.markdown import exercise_placements, placements
from plakoto_site.content.site import CheckedLesson
from plakoto_site.engine import Position, Side
from plakoto_site.i18n.words import Words
from plakoto_site.render import svg
from plakoto_site.render.board import empty_board
from plakoto_site.render.diagrams import EmbedLinks
from plakoto_site.render.editor import editor_data
from plakoto_site.render.escaping import script_json
from plakoto_site.render.exercises import exercise_html
from plakoto_site.render.later import Later
from plakoto_site.render.pages import exercise_markup, render_markdown
from plakoto_site.render.play import play_data

from .context import Site
from .drills import drill_index
from .files import Content
from .urls import page_path, relative

Page = tuple[str, Content]
EmbedLinker = Callable[[str, str, str], EmbedLinks | None]
"""``(lang, diagram id, page path)``: where that diagram's embed files are, seen from the page."""


def lesson_pages(site: Site, embed_links: EmbedLinker, languages: Sequence[str]) -> Iterator[Page]:
    for lang in languages:
        for index in range(len(site.checked.lessons[lang])):
            yield lesson_page(site, lang, index, embed_links)


def lesson_page(site: Site, lang: str, index: int, embed_links: EmbedLinker) -> Page:
    lessons = site.checked.lessons[lang]
    item = lessons[index]
    path = page_path(lang, item.lesson.slug)
    words = site.checked.words[lang]
    content = site.checked.content
    # The body is kept in the build state by all it shows: a lesson edited under serve is
    # rendered again, its neighbours only put into their page anew.
    key = (lang, item.lesson.path.as_posix(), item.lesson.body, item.fallback, words.fingerprint, words.markup,
           tuple((content.diagrams[p.diagram].digest, embed_links(lang, p.diagram, path))
                 for p in placements(item.tokens)),
           tuple(content.exercises[p.exercise].digest for p in exercise_placements(item.tokens)),
           site.base_url, site.templates_digest)
    # A build whose state lasts keeps the body; one for this build only leaves its figures
    # for the page to make as it is written (a long diagram is then never held whole).
    later = None if site.cache.lasting else Later()
    body = site.cache.get("lesson bodies", key, lambda: render_markdown(
        item.tokens, content.diagrams, words, site.templates,
        lambda diagram_id: embed_links(lang, diagram_id, path), content.exercises, site.cache, later))

    def link(other: CheckedLesson | None) -> dict[str, str] | None:
        if other is None:
            return None
        return {"title": other.lesson.title, "href": relative(path, page_path(lang, other.lesson.slug))}

    common = site.common(lang, item.lesson.slug, path)
    common.update(site.exercise_scripts(path, (site.checked.content.exercises[placement.exercise]
                                               for placement in exercise_placements(item.tokens))))
    page = {
        "title": item.lesson.title,
        "summary": item.lesson.summary,
        "fallback": item.fallback,
        "previous": link(lessons[index - 1] if index > 0 else None),
        "next": link(lessons[index + 1] if index + 1 < len(lessons) else None),
        "number": item.lesson.order if item.lesson.kind == "lesson" else None,
        "exercise_ids": [placement.exercise for placement in exercise_placements(item.tokens)],
    }
    def render() -> str:
        return site.templates.render("lesson.html", site.checked.translations[lang], **common, **page, body=body)

    if later is not None:
        return path, later.pieces(render())
    # The body, kept above, is in the key as it is: no need to write it out again.
    return path, site.kept_page("lesson pages", lang, path, {**common, **page}, render, body)


def practice_pages(site: Site, languages: Sequence[str]) -> Iterator[Page]:
    for lang in languages:
        page = practice_page(site, lang)
        if page is not None:
            yield page


def practice_page(site: Site, lang: str) -> Page | None:
    """Every exercise of every lesson on one page, with the reader's progress."""
    path = page_path(lang, "practice")
    words = site.checked.words[lang]
    groups, number = [], 0
    for item in site.checked.lessons[lang]:
        exercises = []
        for placement in exercise_placements(item.tokens):
            number += 1
            exercise = site.checked.content.exercises[placement.exercise]
            exercises.append(exercise_html(exercise, exercise_markup(placement, site.cache), words, number, site.templates,
                                           site.cache))
        if exercises:
            groups.append({"title": item.lesson.title, "exercises": exercises,
                           "ids": [placement.exercise for placement in exercise_placements(item.tokens)],
                           "href": relative(path, page_path(lang, item.lesson.slug)) + "#practice"})
    drills = drill_index(site, lang, path)
    if not groups and not drills:
        return None
    translations = site.checked.translations[lang]
    common = site.common(lang, "practice", path)
    common["exercises_js"] = site.asset(path, "exercise.js")  # the drills' ticks, even with no lesson's exercise
    common.update(site.exercise_scripts(path, (site.checked.content.exercises[exercise]
                                               for group in groups for exercise in group["ids"])))
    html = site.templates.render(
        "practice.html", translations, **common,
        # TRANSLATORS: The Practice page's title, and its link at the foot of every page.
        title=translations.gettext("Practice"),
        # TRANSLATORS: The Practice page: the line under its title.
        summary=translations.gettext("Every exercise of the lessons in one place: play the moves, "
                                     "and the rules engine tells you what is allowed and why."),
        groups=groups,
        exercises=number + sum(len(cast("list[str]", kind["ids"])) for kind in drills),  # the drills count too
        drills=drills,
        map_lessons=[{"title": item.lesson.title, "href": relative(path, page_path(lang, item.lesson.slug)),
                      "exercises": [placement.exercise for placement in exercise_placements(item.tokens)]}
                     for item in site.checked.lessons[lang] if item.lesson.kind == "lesson"],
    )
    return path, html.encode()


FIRST_MATCH = 3
"""The match length the play page offers first, in points."""


def play_pages(site: Site, languages: Sequence[str]) -> Iterator[Page]:
    for lang in languages:
        yield play_page(site, lang)


def play_page(site: Site, lang: str) -> Page:
    """A whole game on the lessons' board, against the computer or two on one device."""
    path = page_path(lang, "play")
    translations = site.checked.translations[lang]
    words = Words(site.language(lang), translations)
    lessons = {c.lesson.slug: relative(path, page_path(lang, c.lesson.slug)) for c in site.checked.lessons[lang]}
    # TRANSLATORS: The play page: the name of the rule set with the mother rule (the Greek game).
    plakoto = translations.gettext("Plakoto")
    # TRANSLATORS: The play page: the name of the rule set without the mother rule.
    tapa = translations.gettext("Tapa")
    data = play_data(words, lessons, {"plakoto": plakoto, "tapa": tapa})
    # TRANSLATORS: The play page: the name screen readers give the board picture.
    board_title = translations.gettext("The board")
    html = site.templates.render(
        "play.html", translations, **{**site.common(lang, "play", path), "board_js": site.asset(path, "board.js")},
        # TRANSLATORS: The play page's title, and its link in the header and on the home page.
        title=translations.gettext("Play a game"),
        # TRANSLATORS: The play page: the line under its title.
        summary=translations.gettext("A whole game of Plakoto or Tapa on the lessons' board: against "
                                     "the computer, or two players on one device."),
        data=script_json(data),
        rules_js=site.asset(path, "plakoto-rules.js"),
        play_js=site.asset(path, "play.js"),
        board=Markup(empty_board(board_title, "play-board")),
        # The score and what the script says first in a new match: in the page already, so
        # that nothing moves when the script writes them (two lines beside the board in
        # Greek and Russian, three under it on a phone).
        score=words.ngettext("%(rules)s · match to %(count)s point: White %(white)s, Black %(black)s",
                             "%(rules)s · match to %(count)s points: White %(white)s, Black %(black)s", FIRST_MATCH)
        % {"rules": plakoto, "count": words.number(FIRST_MATCH), "white": 0, "black": 0},
        you=data["words"]["youWhite"],
        first_match=FIRST_MATCH,
        prompt=data["words"]["openingPrompt"],
        lessons_href=relative(path, page_path(lang)) + "#lessons",
    )
    return path, html.encode()


def editor_pages(site: Site, languages: Sequence[str]) -> Iterator[Page]:
    for lang in languages:
        yield editor_page(site, lang)


def editor_page(site: Site, lang: str) -> Page:
    """The board editor: a position set up by tapping, moves played with chosen dice, and
    the diagram copied as a link, a frame, a source or a MkDocs fence."""
    path = page_path(lang, "editor")
    translations = site.checked.translations[lang]
    _ = translations.gettext
    words = Words(site.language(lang), translations)
    data = editor_data(words, {"plakoto": _("Plakoto"), "tapa": _("Tapa")})
    outputs = [
        # TRANSLATORS: Board editor: the first text to copy.
        ("link", _("Link"),
         # TRANSLATORS: Board editor: what the link is for.
         _("Opens the diagram on this site, in this language: share it, or open it again here to edit.")),
        # TRANSLATORS: Board editor: the second text to copy.
        ("iframe", _("Frame for a web page"),
         # TRANSLATORS: Board editor: what the frame's HTML is for.
         _("HTML for an article, a blog post or a forum that allows frames.")),
        # TRANSLATORS: Board editor: the third text to copy.
        ("toml", _("Diagram source"),
         # TRANSLATORS: Board editor: what the diagram source is for. Keep "build.py diagram" as written.
         _("A file for build.py diagram, which checks it and makes the embed, the pictures and the link preview.")),
        # TRANSLATORS: Board editor: the fourth text to copy.
        ("fence", _("MkDocs fence"),
         # TRANSLATORS: Board editor: what the MkDocs fence is for.
         _("For a page of a MkDocs site with the plakoto plugin.")),
    ]
    html = site.templates.render(
        "editor.html", translations, **site.common(lang, "editor", path),
        # TRANSLATORS: The board editor's title, and its link at the foot of every page.
        title=_("Board editor"),
        # TRANSLATORS: The board editor: the line under its title.
        summary=_("Set up a position, play moves from it with the dice you choose, write a caption for "
                  "each step, and copy the diagram for your own page."),
        data=script_json(data),
        viewer_js=site.asset(path, "plakoto-viewer.js"),
        editor_js=site.asset(path, "editor.js"),
        # TRANSLATORS: The board editor: the name screen readers give the board picture.
        board=Markup(empty_board(_("The board"), "editor-board")),
        outputs=outputs,
    )
    return path, html.encode()


def home_pages(site: Site, languages: Sequence[str]) -> Iterator[Page]:
    for lang in languages:
        yield home_page(site, lang)


def home_page(site: Site, lang: str) -> Page:
    """A language's home page: its text (checked with the content) and the lesson list."""
    path = page_path(lang)
    home = site.checked.homes.get(lang)
    intro = Markup("")
    if home is not None:
        intro = render_markdown(home.tokens, site.checked.content.diagrams, site.checked.words[lang],
                                site.templates, memo=site.cache)
    lessons = [
        {
            "title": item.lesson.title,
            "summary": item.lesson.summary,
            "href": relative(path, page_path(lang, item.lesson.slug)),
            "fallback": item.fallback,
            "order": item.lesson.order,
            "kind": item.lesson.kind,
            "exercises": [placement.exercise for placement in exercise_placements(item.tokens)],
        }
        for item in site.checked.lessons[lang]
    ]
    common = site.common(lang, None, path)
    if any(lesson["exercises"] for lesson in lessons):  # the ticks of lessons solved, the progress map
        common["exercises_js"] = site.asset(path, "exercise.js")
    words = site.checked.words[lang]
    plain = Words(words.language, words.translations)
    start = Position.start()
    # TRANSLATORS: The home page: the title of the board picture at the top (the start of a game).
    board = svg.board(start, labels=svg.Labels(title=plain.gettext("The board at the start of a game"),
                                                white_info=plain.board_info(Side.WHITE, start),
                                                black_info=plain.board_info(Side.BLACK, start), turn=""),
                      element_id="home-board", memo=site.cache)
    html = site.templates.render(
        "home.html",
        site.checked.translations[lang],
        **common,
        title=home.lesson.title if home else "Plakoto",
        summary=home.lesson.summary if home else "",
        intro=intro,
        lessons=lessons,
        board=Markup(board),
        drills=drill_index(site, lang, path),
        map_lessons=[lesson for lesson in lessons if lesson["kind"] == "lesson"],
    )
    return path, html.encode()


def root_pages(site: Site) -> Iterator[Page]:
    """The front page (choose a language) and the 404 page: standalone, in the reference
    language, their stylesheet inline; each language offered with its own home page's
    title, in its own words, where it has one (read by every process: no catalog needed)."""
    english = site.checked.translations[site.reference]
    titles = {code: found.home.title for code, found in site.checked.content.languages.items() if found.home}
    languages = [{"language": language, "href": page_path(language.code), "title": titles.get(language.code, "")}
                 for language in site.published]
    css = site.assets["site.css"].decode().replace("</", "<\\/")
    standalone = {
        "inline_css": Markup(css),
        "style_hash": "sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode(),
        "icon_data": "data:image/svg+xml;base64," + base64.b64encode(site.assets["favicon.svg"]).decode(),
        "base_path": urlsplit(site.base_url).path,
    }
    for name in ("index.html", "404.html"):
        html = site.templates.render(
            name,
            english,
            lang=site.language(site.reference),
            languages=languages,
            css=site.asset(name, "site.css"),
            icon=site.asset(name, "favicon.svg"),
            base_url=site.base_url,
            canonical=site.base_url,
            alternates=[],
            x_default=site.base_url,
            card=site.card(site.reference, None),
            card_type="website",
            **standalone,
        )
        yield name, html.encode()


def asset_files(site: Site) -> Iterator[Page]:
    for name, data in site.assets.items():
        yield f"assets/{name}", data
