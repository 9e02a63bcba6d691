"""``python build.py diagram my-diagram.toml``: an author's own diagram, made embeddable.

The file has the same form as the lessons' diagrams, plus a title and captions per
language::

    title = { en = "A pin on the 5 point", ru = "Запирание на пятом пункте" }

    [captions.en]
    start = "Black has left a lone checker on 5."
    1 = "White lands on it and pins it."

It is replayed by the engine like every lesson diagram; the output folder then holds, per
language, the embed page, a picture per step, the filmstrip and the oEmbed JSON.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from markupsafe import Markup

from plakoto_site.content.diagrams import Diagram, read_diagram, some_steps
from plakoto_site.content.markdown import make_markdown
from plakoto_site.content.problems import Problems
from plakoto_site.content.site import language_problem, read_settings
from plakoto_site.content.toml import read_source, read_toml
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.render.diagrams import diagram_html
from plakoto_site.render.embed import Embed, filmstrip, picture
from plakoto_site.render.palette import site_stylesheet
from plakoto_site.site.output import MARKER, MARKER_TEXT, OutputError, claim_output
from plakoto_site.site.pipeline import ASSETS, Project, _translations, relative, write_atomically

from .cli import write_problem


def _line(text: str, pattern: str, after: int = 0) -> int:
    """The first line from ``after`` on that matches, or ``after`` (or 1)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if number > after and re.match(pattern, line.strip()):
            return number
    return after or 1


def captions_for(
    diagram: Diagram, data: dict[str, Any], text: str, path: Path, lang: str, problems: Problems
) -> dict[int, Markup]:
    captions_table = data.get("captions", {})
    table = captions_table.get(lang, {}) if isinstance(captions_table, dict) else {}
    header = _line(text, rf"^\[\s*captions\.{lang}\s*\]")
    if not isinstance(table, dict) or not table:
        problems.error(path, header, f"there are no captions for {lang!r}",
                       f"add a [captions.{lang}] table with start = \"…\" and one line per step")
        return {}
    md = make_markdown()
    captions: dict[int, Markup] = {}
    for key, value in table.items():
        frame = diagram.frame_of(str(key))
        line = _line(text, rf"^\"?{re.escape(str(key))}\"?\s*=", header)
        if frame is None:
            keys = ", ".join(["start"] + [diagram.step_key(f) for f in range(1, diagram.frames)])
            problems.error(path, line, f"diagram {diagram.id!r} has no step {key!r}", f"use one of: {keys}")
        elif not isinstance(value, str):
            problems.error(path, line, f"the caption for {key!r} must be text in quotes")
        else:
            captions[frame] = Markup(md.renderInline(value))
    missing = [diagram.step_key(f) for f in range(diagram.frames) if f not in captions]
    if missing:
        problems.warning(path, header, f"no {lang} caption for step(s) {some_steps(missing)}")
    return captions


def make_diagram(project: Project, source: Path, out: Path, languages: list[str], base_url: str,
                 force: bool = False) -> int:
    try:
        out = claim_output(out, project.root, force=force)
    except OutputError as error:
        print(f"Diagram not written: {error}", file=sys.stderr)
        return 1
    problems = Problems(Path.cwd())
    text = read_source(source, problems)
    if text is None:
        return _stop(problems, out)
    data = read_toml(text, source, problems) or {}
    diagram = read_diagram(source, problems, text, standalone=True)
    if diagram is None or problems.errors:
        return _stop(problems, out)
    settings = read_settings(project.content, problems)
    if not languages:
        captions = data.get("captions", {})
        languages = sorted(captions) if isinstance(captions, dict) and captions else [settings.reference]
    for lang in languages:
        why = language_problem(lang)
        if why:
            problems.error(source, _line(text, rf"^\[\s*captions\.{re.escape(lang)}\s*\]"),
                           f"the language {lang!r} {why}", "write a language code, e.g. [captions.el]")
    if problems.errors:
        return _stop(problems, out)
    files: dict[str, bytes] = {}
    titles = data.get("title", {})
    for lang in languages:
        captions = captions_for(diagram, data, text, source, lang, problems)
        translations, _ = _translations(project, lang, settings.reference, problems)
        words = Words(Language(lang), translations, markup=True)
        title = titles.get(lang) if isinstance(titles, dict) else titles if isinstance(titles, str) else None
        embed = Embed(diagram, lang, str(title or diagram.id), captions, lang)
        page = embed.page
        html = _page(project, embed, words, translations, base_url)
        files[page] = html.encode()
        files[embed.filmstrip] = filmstrip(embed, words).encode()
        for frame in range(diagram.frames):
            files[embed.picture(frame)] = picture(embed, frame, words).encode()
        # TRANSLATORS: The site's name, given to other sites that embed a diagram (oEmbed).
        provider = translations.gettext("Plakoto, step by step")
        files[embed.oembed] = embed.oembed_json(base_url, words, provider).encode()
    if problems.errors:
        return _stop(problems, out)
    for warning in problems.warnings:
        print(warning, file=sys.stderr)
    for name in ASSETS:
        files[f"assets/{name}"] = (project.templates / "assets" / name).read_bytes()
    files["assets/site.css"] = site_stylesheet(files["assets/site.css"])
    files[MARKER] = MARKER_TEXT
    try:
        write_atomically(files, out)
    except OSError as error:
        print(f"Diagram not written: {write_problem(error)}", file=sys.stderr)
        return 1
    for lang in languages:
        print(f"{lang}: {out / lang / 'index.html'}  (pictures: {lang}/0.svg … {lang}/filmstrip.svg, "
              f"oEmbed: {lang}/oembed.json)")
    print(f"Upload the folder {out} so that it lives at {base_url}; the iframe snippet is in each oembed.json.")
    return 0


def _page(project: Project, embed: Embed, words: Words, translations: Any, base_url: str) -> str:
    from plakoto_site.render.pages import Templates

    path = embed.page
    def asset(name: str) -> str:
        return relative(path, f"assets/{name}")
    return Templates(project.templates).render(
        "embed.html",
        translations,
        lang=words.language,
        title=embed.title,
        figure=diagram_html(embed.diagram, embed.captions, words),
        lesson_href="",
        lesson_title=embed.title,
        oembed=base_url + embed.oembed,
        canonical=base_url + embed.folder + "/",
        css=asset("site.css"),
        js=asset("diagram.js"),
        icon=asset("favicon.svg"),
    )


def _stop(problems: Problems, out: Path) -> int:
    for problem in problems.errors + problems.warnings:
        print(problem, file=sys.stderr)
    print(f"\nDiagram not written: {len(problems.errors)} error(s). Nothing in {out} was changed.", file=sys.stderr)
    return 1


def command_diagram(args: argparse.Namespace) -> int:
    project = Project(args.root)
    out = args.out or Path.cwd() / f"{args.file.stem}-embed"
    base = args.base_url or "https://example.org/diagrams/"
    base = base if base.endswith("/") else base + "/"
    return make_diagram(project, args.file, out, list(args.lang), base, force=args.force)
