"""``python build.py diagram my-diagram.toml``: an author's own diagram, made embeddable.

The file has the same form as the lessons' diagrams, plus a title and captions per
language::

    title = { en = "A pin on the 5 point", ru = "Запирание на пятом пункте" }

    [captions.en]
    start = "Black has left a lone checker on 5."
    1 = "White lands on it and pins it."

It is replayed by the engine like every lesson diagram; the output folder then holds, per
language, the embed page, a picture per step, the filmstrip and the oEmbed JSON (past
:data:`~plakoto_site.render.embed.PICTURED_STEPS` steps, the start's pictures only).
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

from babel.support import NullTranslations
from markupsafe import Markup

from plakoto_site.content.diagrams import Diagram, read_diagram, some_steps
from plakoto_site.content.markdown import make_markdown
from plakoto_site.content.problems import Code, Problems
from plakoto_site.content.settings import language_problem, read_settings
from plakoto_site.content.toml import KeyLines, read_source, read_toml
from plakoto_site.i18n.catalogs import language_catalog
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.render.embed import PICTURED_STEPS, Embed
from plakoto_site.render.templates import Templates
from plakoto_site.render.viewer import diagram_link
from plakoto_site.site.embeds import BITMAPS, embed_files
from plakoto_site.site.output import (
    MARKER,
    MARKER_TEXT,
    OutputError,
    claim_output,
    write_atomically,
    write_problem,
)
from plakoto_site.site.project import Project
from plakoto_site.site.urls import relative


def captions_for(
    diagram: Diagram, data: dict[str, Any], text: str, path: Path, lang: str, problems: Problems
) -> dict[int, Markup]:
    captions_table = data.get("captions", {})
    table = captions_table.get(lang, {}) if isinstance(captions_table, dict) else {}
    lines = KeyLines(text)
    header = lines.table(f"captions.{lang}")
    if not isinstance(table, dict) or not table:
        problems.error(path, header, f"there are no captions for {lang!r}",
                       f"add a [captions.{lang}] table with start = \"…\" and one line per step")
        return {}
    md = make_markdown()
    captions: dict[int, Markup] = {}
    for key, value in table.items():
        frame = diagram.frame_of(str(key))
        line = lines.table(f"captions.{lang}", str(key))
        if frame is None:
            keys = ", ".join(["start"] + [diagram.step_key(f) for f in range(1, diagram.frames)])
            problems.error(path, line, f"diagram {diagram.id!r} has no step {key!r}", f"use one of: {keys}")
        elif not isinstance(value, str):
            problems.error(path, line, f"the caption for {key!r} must be text in quotes")
        else:
            captions[frame] = Markup(md.renderInline(value))
    missing = [diagram.step_key(f) for f in range(diagram.frames) if f not in captions]
    if missing:
        problems.warning(path, header, f"no {lang} caption for step(s) {some_steps(missing)}", code=Code.NO_CAPTION)
    return captions


EMBED_ASSETS = ("site.css", "diagram.js", "embed-frame.js", "plakoto-embed.js", "favicon.svg")
"""What an embed page loads (and the host script articles may load): the only assets an
author's folder needs, once for all its diagrams."""


NO_BASE_URL = "https://unset.invalid/"
"""Where the files are checked for when no ``--base-url`` was given: they are then only
checked, never written, so no snippet ever names a placeholder address."""


def make_diagram(project: Project, sources: list[Path], out: Path, languages: list[str], base_url: str | None,
                 force: bool = False) -> int:
    """Check every file of ``sources`` and write them all into ``out`` in the tutorial's
    layout: ``<lang>/embed/<id>/`` per diagram (the Hugo shortcode's and the WordPress
    plugin's addresses), one ``assets/``, and a gallery page per language,
    ``<lang>/embed/index.html``. Nothing is written when any file has a mistake, or
    without ``base_url`` (the snippets, oEmbed answers and link previews name it)."""
    if base_url is not None and not base_url.endswith("/"):
        base_url += "/"
    try:
        out = claim_output(out, project.root, force=force)
    except OutputError as error:
        print(f"Diagram not written: {error}", file=sys.stderr)
        return 1
    problems = Problems(Path.cwd())
    settings = read_settings(project.content, problems)
    templates = Templates(project.templates)
    files: dict[str, bytes] = {}
    made: dict[str, list[tuple[Embed, Words, NullTranslations]]] = {}
    seen: dict[str, Path] = {}
    for source in dict.fromkeys(sources, None):  # a file named twice is made once
        if any(source.resolve() == other.resolve() for other in seen.values()):
            continue
        for embed, words, translations in _embeds(project, source, languages, settings.reference, templates,
                                                  base_url or NO_BASE_URL, problems, files):
            where = embed.folder
            if seen.setdefault(where, source) != source:
                problems.error(source, 1, f"the id {embed.diagram.id!r} is the id of {seen[where]} too",
                               "give each diagram its own id")
            made.setdefault(embed.lang, []).append((embed, words, translations))
    if problems.errors:
        return _stop(problems, out)
    for warning in problems.warnings:
        print(warning, file=sys.stderr)
    if base_url is None:
        print("Diagram not written: --base-url is missing. The snippet, the oEmbed answers and the link "
              "previews name the address you will upload the folder to: give it, e.g. "
              f"--base-url https://blog.example/diagrams/ (the files check; nothing in {out} was changed).",
              file=sys.stderr)
        return 2
    for lang, embeds in made.items():
        files[f"{lang}/embed/index.html"] = _gallery(templates, lang, embeds, base_url)
    assets = project.assets()
    files.update({f"assets/{name}": assets[name] for name in EMBED_ASSETS})
    files[MARKER] = MARKER_TEXT
    try:
        write_atomically(files, out)
    except OutputError as error:  # another build is writing into the folder
        print(f"Diagram not written: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"Diagram not written: {write_problem(error)}", file=sys.stderr)
        return 1
    for lang, embeds in made.items():
        for embed, _, _ in embeds:
            pictures = ("0.svg … filmstrip.svg" if embed.step_by_step
                        else f"0.svg, the start only: more than {PICTURED_STEPS} steps")
            print(f"{lang}: {out / embed.page}  (pictures: {pictures}, oEmbed: oembed.json)")
        print(f"{lang}: {out / lang / 'embed' / 'index.html'}  (the gallery: every diagram with its snippet)")
    print(f"Upload the folder {out} so that it lives at {base_url}; the iframe snippet is in each oembed.json.")
    return 0


def _embeds(project: Project, source: Path, languages: list[str], reference: str, templates: Templates, base_url: str,
            problems: Problems, files: dict[str, bytes]) -> list[tuple[Embed, Words, NullTranslations]]:
    """One file's embeds, one per language, their files added to ``files``; none after a mistake."""
    text = read_source(source, problems)
    if text is None:
        return []
    data = read_toml(text, source, problems) or {}
    diagram = read_diagram(source, problems, text, standalone=True)
    if diagram is None:
        return []
    if not languages:
        captions = data.get("captions", {})
        languages = sorted(captions) if isinstance(captions, dict) and captions else [reference]
    for lang in languages:
        why = language_problem(lang)
        if why:
            problems.error(source, KeyLines(text).table(f"captions.{lang}"),
                           f"the language {lang!r} {why}", "write a language code, e.g. [captions.el]")
            return []
    made = []
    titles = data.get("title", {})
    for lang in languages:
        captions = captions_for(diagram, data, text, source, lang, problems)
        catalog = language_catalog(project.locales, lang, reference, problems)
        translations = catalog.translations
        words = Words(Language.read(lang), translations, markup=True, fingerprint=catalog.digest)
        title = titles.get(lang) if isinstance(titles, dict) else titles if isinstance(titles, str) else None
        embed = Embed(diagram, lang, str(title or diagram.id), captions, f"{lang}/embed/{diagram.id}")
        # One diagram's bitmaps take a moment: an author gets them always.
        files.update(embed_files(embed, words, translations, templates, base_url,
                                 partial(_asset, embed.page), "", embed.title, bitmaps=project.root / BITMAPS))
        made.append((embed, words, translations))
    return made


def _gallery(templates: Templates, lang: str, embeds: list[tuple[Embed, Words, NullTranslations]],
             base_url: str) -> bytes:
    """``<lang>/embed/index.html``: each diagram's title, its first picture and its snippet."""
    path = f"{lang}/embed/index.html"
    return templates.render(
        "author-gallery.html", embeds[0][2], lang=embeds[0][1].language, css=_asset(path, "site.css"),
        diagrams=[{"id": embed.diagram.id, "title": embed.title, "page": relative(path, embed.page),
                   "picture": relative(path, embed.picture(0)), "steps": embed.diagram.frames,
                   "snippet": embed.iframe(base_url, words)} for embed, words, _ in embeds],
    ).encode()


def _asset(page: str, name: str) -> str:
    return relative(page, f"assets/{name}")


def _stop(problems: Problems, out: Path) -> int:
    for problem in problems.errors + problems.warnings:
        print(problem, file=sys.stderr)
    print(f"\nDiagram not written: {len(problems.errors)} error(s). Nothing in {out} was changed.", file=sys.stderr)
    return 1


def print_link(project: Project, source: Path, lang: str, base_url: str | None) -> int:
    """Check ``source`` with the engine and print the address of the tutorial's
    ``<lang>/embed/view/`` page that draws it from the address alone; nothing is written."""
    problems = Problems(Path.cwd())
    text = read_source(source, problems)
    diagram = read_diagram(source, problems, text, standalone=True) if text is not None else None
    if text is None or diagram is None or problems.errors:
        for problem in problems.errors:
            print(problem, file=sys.stderr)
        print(f"\nNo link: {len(problems.errors)} error(s).", file=sys.stderr)
        return 1
    site = base_url or read_settings(project.content, problems).url
    print(diagram_link(site if site.endswith("/") else site + "/", lang, text))
    return 0


def command_diagram(args: argparse.Namespace) -> int:
    project = Project(args.root)
    if args.link:
        if len(args.file) != 1:
            print("--link takes one file: a link carries one diagram", file=sys.stderr)
            return 2
        return print_link(project, args.file[0], (list(args.lang) or ["en"])[0], args.base_url)
    out = args.out or Path.cwd() / (f"{args.file[0].stem}-embed" if len(args.file) == 1 else "diagrams")
    return make_diagram(project, list(args.file), out, list(args.lang), args.base_url, force=args.force)
