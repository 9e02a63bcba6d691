"""Embeds: each diagram in each language as an embed page, a picture per step, a filmstrip
(for a very long diagram, the start's pictures only) and oEmbed JSON, captioned as the
first lesson that places it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from babel.support import NullTranslations

from plakoto_site.content.markdown import placements
from plakoto_site.content.memo import Memo
from plakoto_site.content.site import CheckedLesson
from plakoto_site.i18n.words import Words
from plakoto_site.render import palette, svg
from plakoto_site.render.diagrams import EmbedLinks, figure_pieces
from plakoto_site.render.embed import (
    SCHEMES,
    WIDTHS,
    Embed,
    filmstrip_frames,
    filmstrip_pieces,
    pictures,
    plain,
)
from plakoto_site.render.later import Later
from plakoto_site.render.pages import placement_captions
from plakoto_site.render.templates import Templates

from .context import Site
from .files import Content, joined
from .urls import page_path, page_url, rebase, relative

BITMAPS = ".cache/plakoto-png"
"""Where a project keeps the PNGs it has drawn, by what they show, between builds."""

GALLERY_WIDTH = 400
"""The width of each picture on the gallery page, in CSS pixels."""


@dataclass(frozen=True)
class Placed:
    """A diagram's embed in one language, and the lesson whose captions it shows."""

    embed: Embed
    lesson: CheckedLesson
    name: str = ""
    """The diagram's own title, without the game's name after it (the gallery's heading, on
    a page of the game's own site)."""


def find_embeds(site: Site, languages: Sequence[str]) -> dict[tuple[str, str], Placed]:
    """Each diagram in each of ``languages``, captioned as the first lesson that places it."""
    found: dict[tuple[str, str], Placed] = {}
    diagrams = site.checked.content.diagrams
    for lang in languages:
        lessons = site.checked.lessons[lang]
        # TRANSLATORS: The game's name, after the lesson's title in an embedded
        # diagram's page title; also in every page's title and header.
        plakoto = site.checked.translations[lang].gettext("Plakoto")
        for item in lessons:
            for placement in placements(item.tokens):
                key = (lang, placement.diagram)
                if key in found:
                    continue
                diagram = diagrams[placement.diagram]
                folder = f"{lang}/embed/{diagram.id}"
                lesson = page_path(lang, item.lesson.slug)
                page = f"{folder}/index.html"
                captions = site.cache.get(
                    "embed captions", (placement.captions, diagram.digest, lesson, page),
                    partial(placement_captions, placement, diagram, partial(rebase, written_for=lesson, shown_in=page)))
                name = placement.title or item.lesson.title
                found[key] = Placed(Embed(diagram, lang, f"{name} · {plakoto}", captions, folder), item, name)
    return found


def embed_links(site: Site, embeds: dict[tuple[str, str], Placed], lang: str, diagram_id: str,
                source: str) -> EmbedLinks | None:
    """Where a diagram's embed files are, seen from the page ``source``."""
    if (lang, diagram_id) not in embeds:
        return None
    embed = embeds[(lang, diagram_id)].embed
    return EmbedLinks(
        page=relative(source, embed.page),
        picture=relative(source, embed.picture(0)),
        filmstrip=relative(source, embed.filmstrip) if embed.filmstrip else None,
        oembed=relative(source, embed.oembed),
        iframe=embed.iframe(site.base_url, site.checked.words[lang]),
        absolute_picture=site.base_url + embed.picture(0),
        absolute_oembed=site.base_url + embed.oembed,
    )


def embed_pages(site: Site, embeds: dict[tuple[str, str], Placed],
                languages: Sequence[str]) -> Iterator[tuple[str, Content]]:
    """The files of every embed in ``languages``, in sorted order."""
    for lang, diagram_id in sorted(embeds):
        if lang not in languages:
            continue
        placed = embeds[(lang, diagram_id)]
        embed, lesson = placed.embed, placed.lesson.lesson
        words = site.checked.words[lang]
        key = (embed.diagram.digest, lang, embed.title, lesson.slug, lesson.title,
               tuple(sorted((f, str(c)) for f, c in embed.captions.items())), words.fingerprint,
               site.base_url, tuple(sorted(site.versions.items())), site.templates_digest, site.png)
        href = relative(embed.page, page_path(lang, lesson.slug)) + f"#{embed.diagram.id}"
        files = partial(
            each_embed_file, embed, words, site.checked.translations[lang], site.templates, site.base_url,
            partial(site.asset, embed.page), href, lesson.title, site.cache,
            site.project.root / BITMAPS if site.png else None)
        if site.cache.lasting:  # serve: kept for the next build
            yield from site.cache.get("embeds", key, partial(_whole, files)).items()
        else:  # each file written as it is made: a 10,000-step diagram's page is tens of megabytes
            yield from files()


def _whole(files: Callable[[], Iterator[tuple[str, Content]]]) -> dict[str, bytes]:
    return {name: joined(content) for name, content in files()}


def oembed_documents(site: Site, embeds: dict[tuple[str, str], Placed],
                     languages: Sequence[str]) -> Iterator[tuple[str, bytes]]:
    """``<lang>/embed/oembed.json``: a language's oEmbed answers by address. A static site
    cannot answer ``?url=…&maxwidth=…``, so this says where each answer is: for every embed
    page's address (as a reader pastes it), its answer for each width; a consumer takes the
    widest that fits its ``maxwidth`` and ``maxheight`` (the heights are listed). One per
    language, so that each language's document is written with its pages."""
    for lang in languages:
        answers = {}
        for each, diagram_id in sorted(embeds):
            if each != lang:
                continue
            embed = embeds[(lang, diagram_id)].embed
            answers[site.base_url + embed.folder + "/"] = {
                "title": embed.title,
                "answers": [{"width": width, "height": embed.height(site.checked.words[lang], width),
                             "url": site.base_url + embed.oembed_at(width)} for width in WIDTHS],
            }
        if answers:
            document = {"provider_url": site.base_url, "widths": list(WIDTHS), "embeds": answers}
            yield f"{lang}/embed/oembed.json", (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode()


def oembed_index(site: Site) -> Iterator[tuple[str, bytes]]:
    """``oembed.json`` at the root: where each language's document is (see
    :func:`oembed_documents`)."""
    documents = {lang.code: f"{site.base_url}{lang.code}/embed/oembed.json" for lang in site.languages}
    document = {"provider_url": site.base_url, "widths": list(WIDTHS), "documents": documents}
    yield "oembed.json", (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode()


def gallery_pages(site: Site, embeds: dict[tuple[str, str], Placed], languages: Sequence[str]) -> Iterator[tuple[str, bytes]]:
    """``<lang>/embed/index.html``: every diagram of a language with its picture and snippet,
    in the order of the lessons that place them."""
    for lang in languages:
        found = [placed for (each, _), placed in embeds.items() if each == lang]
        if found:
            yield gallery_page(site, lang, found)


def gallery_page(site: Site, lang: str, found: Sequence[Placed]) -> tuple[str, bytes]:
    path = page_path(lang, "embed")
    translations = site.checked.translations[lang]
    words = site.checked.words[lang]
    diagrams = [{
        "id": placed.embed.diagram.id,
        "title": placed.name or placed.embed.title,
        "page": relative(path, placed.embed.page),
        "picture": relative(path, placed.embed.picture(0)),
        "dark_picture": relative(path, placed.embed.picture(0, palette.DARK)),  # where the reader's system is dark
        "filmstrip": relative(path, placed.embed.filmstrip) if placed.embed.filmstrip else None,
        "steps": placed.embed.diagram.frames,
        "picture_height": round(GALLERY_WIDTH * svg.HEIGHT / svg.WIDTH),
        "iframe": placed.embed.iframe(site.base_url, words),
        "png": {name: relative(path, placed.embed.png(0, scheme, zoom)) for name, scheme, zoom in (
            ("light", palette.LIGHT, 1), ("light2", palette.LIGHT, 2), ("dark", palette.DARK, 1),
            ("dark2", palette.DARK, 2))} if site.png else None,
        "lesson_title": placed.lesson.lesson.title,
        "lesson_href": relative(path, page_path(lang, placed.lesson.lesson.slug)) + f"#{placed.embed.diagram.id}",
    } for placed in found]
    common = site.common(lang, "embed", path)
    page = {"diagrams": diagrams, "picture_width": GALLERY_WIDTH, "guide": site.base_url + page_url(lang, "embed")}
    return path, site.kept_page("gallery pages", lang, path, {**common, **page}, lambda: site.templates.render(
        "embed-gallery.html", translations, **common, **page,
        # TRANSLATORS: The title of the page listing every diagram, with the code that shows it on another site.
        title=translations.gettext("Diagrams for your site"),
        # TRANSLATORS: The page listing every diagram: the line under its title.
        summary=translations.gettext("Every diagram of the tutorial, ready to show in your own article "
                                     "or forum post: copy the code under it, or use its picture."),
    ))


def view_pages(site: Site, languages: Sequence[str]) -> Iterator[tuple[str, bytes]]:
    """``<lang>/embed/view/index.html``: the page that draws a diagram carried in its own
    address (:func:`~plakoto_site.render.viewer.diagram_link`), with the viewer script."""
    for lang in languages:
        path = f"{lang}/embed/view/index.html"
        translations = site.checked.translations[lang]
        yield path, site.templates.render(
            "embed-view.html", translations, lang=site.language(lang),
            # TRANSLATORS: The title of the page that shows a diagram carried in a link.
            title=translations.gettext("A Plakoto diagram"),
            # TRANSLATORS: The page that shows a diagram carried in its link, when the link was cut short or changed.
            damaged=translations.gettext("This link's diagram is damaged: it was cut short or changed. "
                                         "Ask for the link again."),
            # TRANSLATORS: The page that shows a diagram carried in its link, in a browser without JavaScript.
            noscript=translations.gettext("This diagram is drawn by JavaScript, which is off."),
            css=site.asset(path, "site.css"), icon=site.asset(path, "favicon.svg"),
            viewer_js=site.asset(path, "plakoto-viewer.js"), view_js=site.asset(path, "embed-view.js"),
        ).encode()


def embed_files(
    embed: Embed, words: Words, translations: NullTranslations, templates: Templates, base_url: str,
    asset: Callable[[str], str], lesson_href: str, lesson_title: str, memo: Memo | None = None,
    bitmaps: Path | None = None,
) -> dict[str, bytes]:
    """One embed's files by name (see :func:`each_embed_file`)."""
    files = each_embed_file(embed, words, translations, templates, base_url, asset, lesson_href, lesson_title,
                            memo, bitmaps)
    return {name: joined(content) for name, content in files}


def each_embed_file(
    embed: Embed, words: Words, translations: NullTranslations, templates: Templates, base_url: str,
    asset: Callable[[str], str], lesson_href: str, lesson_title: str, memo: Memo | None = None,
    bitmaps: Path | None = None,
) -> Iterator[tuple[str, Content]]:
    """One embed's files, one at a time as they are made: the page, a picture per step and
    the filmstrip (the start's pictures only, past :data:`.embed.PICTURED_STEPS` steps), the
    oEmbed JSON; with ``bitmaps`` (the folder that keeps them between builds) a PNG of every
    picture and the link preview card too. ``asset`` links the page to an asset by name."""
    diagram = embed.diagram
    later = Later()  # the figure made as the page is written: a long diagram is never held whole
    yield embed.page, later.pieces(templates.render(
        "embed.html",
        translations,
        lang=words.language,
        title=embed.title,
        figure=later.mark(lambda: figure_pieces(diagram, embed.captions, words, templates, memo=memo)),
        lesson_href=lesson_href,
        lesson_title=lesson_title,
        oembed=base_url + embed.oembed,
        canonical=base_url + embed.folder + "/",
        card=base_url + embed.card if bitmaps else "",
        summary=plain(embed.captions.get(0, "")),
        css=asset("site.css"),
        js=asset("diagram.js"),
        frame_js=asset("embed-frame.js"),
        icon=asset("favicon.svg"),
    ))
    if embed.step_by_step:
        strip = filmstrip_frames(embed, words, memo)
        for scheme in SCHEMES:  # a board at a time
            yield embed.filmstrip_in(scheme), (piece.encode() for piece in filmstrip_pieces(strip, embed, words,
                                                                                              memo, scheme))
    if bitmaps is not None:
        from plakoto_site.render.png import card, png  # here: resvg is loaded only for bitmaps
    for frame in range(diagram.frames if embed.step_by_step else 1):
        for scheme, drawn in pictures(embed, frame, words, memo).items():
            yield embed.picture(frame, scheme), drawn.encode()
            if bitmaps is not None:
                for zoom in (1, 2):
                    yield embed.png(frame, scheme, zoom), png(drawn, memo, bitmaps, zoom)
    if bitmaps is not None:
        shown = pictures(embed, diagram.card_frame, words, memo, (palette.LIGHT,))[palette.LIGHT]
        yield embed.card, card(shown, memo, bitmaps, title=embed.title)
    # TRANSLATORS: The site's name, given to other sites that embed a diagram (oEmbed).
    provider = translations.gettext("Plakoto, step by step")
    yield embed.oembed, embed.oembed_json(base_url, words, provider, png=bitmaps is not None).encode()
    for width in WIDTHS:
        yield (embed.oembed_at(width),
               embed.oembed_json(base_url, words, provider, width, png=bitmaps is not None).encode())
