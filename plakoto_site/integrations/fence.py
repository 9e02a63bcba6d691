"""A ```` ```plakoto ```` fence in anybody's Markdown: a diagram source, checked by the engine,
drawn as the same step-through figure as the tutorial's lessons.

The fence holds the TOML of ``content/diagrams/*.toml`` with a ``caption`` for the start
and one in each step::

    ```plakoto
    start = "W:24x10,13x3,8,6;B:1x12,5,12x2;T:W"
    caption = "Black has left a single checker on White's 5 point."

    [[steps]]
    roll = "3-1"
    play = "8/5* 6/5"
    caption = "White lands on it with two checkers: it is pinned."
    ```

``id`` is optional (``plakoto-1``, ``plakoto-2`` … in page order); it names the figure and
its steps' links (``#pin-on-five-1``). With markdown-it-py::

    from markdown_it import MarkdownIt
    from plakoto_site.integrations.fence import plakoto_plugin

    md = MarkdownIt().use(plakoto_plugin, lang="en")
    html = md.render(text, {"path": "guide.md"})

An illegal play raises :class:`DiagramSourceError` naming ``guide.md:LINE`` and the
engine's reason. Each board draws all of itself (no shape shared through the page). The page needs
the figure's script and stylesheet: :func:`assets` gives them, to be copied beside the
page and linked (the MkDocs plugin does both).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from babel.support import NullTranslations
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import Markup, escape

from plakoto_site.content.diagrams import DIAGRAM_ID, diagram_from_data
from plakoto_site.content.markdown import make_markdown
from plakoto_site.content.problems import Problem, Problems
from plakoto_site.content.toml import KeyLines, read_toml
from plakoto_site.i18n.catalogs import catalog_path, read_catalog, translations
from plakoto_site.i18n.languages import REFERENCE, Language, is_known
from plakoto_site.i18n.words import Words
from plakoto_site.render import palette
from plakoto_site.render.diagrams import diagram_html
from plakoto_site.render.scripts import served
from plakoto_site.render.templates import Templates

FENCE = "plakoto"
TOKEN = "plakoto_figure"
ASSET_FOLDER = "assets/plakoto"
"""Where the figure's files go, relative to the site's root."""
SCRIPT, STYLESHEET = "diagram.js", "plakoto.css"
def _project() -> Path:
    """Where the figure's scripts, template and catalogs are: carried in the package by a
    wheel (``setup.py`` copies them to ``integrations/project/``), or the checkout an
    editable install (``pip install -e``) runs from."""
    carried = Path(__file__).resolve().parent / "project"
    return carried if carried.is_dir() else Path(__file__).resolve().parents[2]


CHECKOUT = _project()
"""The project's folders the plugin reads (:func:`_project`)."""


class DiagramSourceError(ValueError):
    """One or more ``plakoto`` fences the engine refused; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


FIGURE = "figure.diagram[data-plakoto-diagram]"
"""The figure the stylesheet styles, and whose scheme the script keeps (plakoto-figure.js)."""
SCRIPTS = ("plakoto-scheme.js", "diagram.js", "plakoto-figure.js")
"""What the figure's one script is made of, in order, from the site's ``templates/assets/``."""


def assets() -> dict[str, bytes]:
    """The files a page with a figure links, by name: the stepping script (the site's own,
    with what keeps the boards in the page's scheme) and a stylesheet for the figure alone,
    which leaves the rest of the page as it was (:func:`.palette.hosted_style`)."""
    folder = CHECKOUT / "templates" / "assets"
    missing = [name for name in SCRIPTS if not (folder / name).is_file()]
    if missing:
        raise FileNotFoundError(
            f"{folder / missing[0]} is missing: install plakoto_site from a clone of the project "
            "(pip install 'PATH/TO/CLONE[mkdocs]'), or from a wheel built from one, which carry the figure's script")
    script = b"".join(served((folder / name).read_text(encoding="utf-8")).encode() for name in SCRIPTS)
    layout = (Path(__file__).parent / STYLESHEET).read_bytes()
    return {SCRIPT: script, STYLESHEET: layout + palette.hosted_style(FIGURE).encode()}


def words_for(lang: str) -> Words:
    """The figure's sentences in ``lang`` (the project's catalog; English needs none).
    Raises :class:`ValueError` for a language the project has no catalog for."""
    if lang == REFERENCE:
        return Words(Language.read(lang), NullTranslations(), markup=True)
    path = catalog_path(CHECKOUT / "locales", lang)
    if not is_known(lang) or not path.is_file():
        found = sorted(p.name for p in (CHECKOUT / "locales").iterdir() if p.is_dir()) if (CHECKOUT / "locales").is_dir() else []
        raise ValueError(f"there is no catalog for the language {lang!r}: use one of {', '.join([REFERENCE, *found])}")
    problems = Problems(CHECKOUT)
    read = read_catalog(path, lang, problems)
    if read is None:
        raise ValueError("; ".join(str(p) for p in problems.errors))
    return Words(Language.read(lang), translations(read[0]), markup=True)


@dataclass(frozen=True, slots=True)
class Figure:
    """A checked fence: the figure's id and HTML."""

    id: str
    html: Markup


def render_fence(
    content: str, first_line: int, path: Path, problems: Problems, words: Words, default_id: str
) -> Figure | None:
    """Read, replay and draw one fence whose first line inside is ``first_line`` of ``path``.
    Every problem is recorded in ``problems`` with its line in ``path``; ``None`` then."""
    found = Problems(problems.root)
    figure = _render(content, path, found, words, default_id)
    for problem in found.items:
        problems.items.append(replace(problem, line=problem.line + first_line - 1 if problem.line else first_line))
    return figure if not found.errors else None


def _render(content: str, path: Path, problems: Problems, words: Words, default_id: str) -> Figure | None:
    data = read_toml(content, path, problems)
    if data is None:
        return None
    lines = KeyLines(content)
    texts = _take_captions(data, lines, path, problems)
    for key in ("title", "captions"):
        if key in data:
            data.pop(key)
            problems.error(path, _line_of(content, key), f"unknown key {key!r}",
                           'write caption = "…" for the start, and one in each [[steps]]')
    data.setdefault("id", default_id)
    diagram = diagram_from_data(path, content, data, problems, standalone=True)
    if diagram is None or problems.errors:
        return None
    md = make_markdown()
    captions = {frame: Markup(md.renderInline(text)) for frame, text in texts.items()}
    html = diagram_html(diagram, captions, words, Templates(CHECKOUT / "templates"))
    return Figure(diagram.id, _data_on_figure(html))


_DATA = re.compile(r'<script type="application/json" class="diagram-data">(.*?)</script>', re.S)


def _data_on_figure(html: str) -> Markup:
    """The figure's page data moved from its ``<script type="application/json">`` into a
    ``data-diagram`` attribute of the figure (diagram.js reads either): themes that load
    pages into the current one (Material's instant navigation) run every ``<script>`` of
    the content they bring as JavaScript, whatever its type, and stop at the first error."""
    found = _DATA.search(html)
    if found is None:
        return Markup(html)
    html = html[: found.start()] + html[found.end():]
    end = html.index(">", html.index("<figure "))
    return Markup(f'{html[:end]} data-diagram="{escape(found.group(1))}"{html[end:]}')


def _line_of(content: str, key: str) -> int:
    """The line of a top-level key written as ``key = …`` or as a table, ``[key.en]``."""
    pattern = re.compile(rf"^\s*(?:\[\s*{re.escape(key)}\s*[.\]]|{re.escape(key)}\s*=)")
    return next((n for n, line in enumerate(content.splitlines(), start=1) if pattern.match(line)), 1)


def _take_captions(data: dict[str, Any], lines: KeyLines, path: Path, problems: Problems) -> dict[int, str]:
    """Take the ``caption`` keys out of the source (the replay knows nothing of them)."""
    found: dict[int, tuple[object, int]] = {}
    if "caption" in data:
        found[0] = (data.pop("caption"), lines.of("caption"))
    steps = data.get("steps", [])
    for index, step in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(step, dict) and "caption" in step:
            found[index + 1] = (step.pop("caption"), lines.in_table("steps", index, "caption"))
    texts: dict[int, str] = {}
    for frame, (value, line) in found.items():
        if isinstance(value, str):
            texts[frame] = value
        else:
            problems.error(path, line, "the caption must be text in quotes", 'write caption = "…"')
    return texts


def figures(tokens: list[Token], path: Path, problems: Problems, words: Words) -> None:
    """Turn every ``plakoto`` fence into a ``plakoto_figure`` token carrying its HTML."""
    ids: set[str] = set()
    for token in tokens:
        info = token.info.split() if token.type == "fence" else []
        if not info or info[0] != FENCE:
            continue
        first = (token.map[0] if token.map else 0) + 2  # the fence's first line inside, from 1
        default = info[1] if len(info) > 1 else f"plakoto-{len(ids) + 1}"
        if not DIAGRAM_ID.match(default):
            problems.error(path, first - 1, f"the id {default!r} is not usable",
                           "use lowercase letters, digits and hyphens, e.g. ```plakoto pin-on-five")
            continue
        figure = render_fence(token.content, first, path, problems, words, default)
        token.type = TOKEN
        token.meta = {"figure": figure}
        if figure is not None and figure.id in ids:
            problems.error(path, first - 1, f"the id {figure.id!r} is used twice on this page",
                           "give each diagram its own id")
        if figure is not None:
            ids.add(figure.id)


def plakoto_plugin(md: MarkdownIt, lang: str = REFERENCE) -> None:
    """A markdown-it-py plugin: ```` ```plakoto ```` fences become step-through figures.

    ``md.render(text, {"path": "guide.md"})`` raises :class:`DiagramSourceError` listing
    every refused fence as ``guide.md:LINE: reason``; with ``{"problems": Problems(...)}``
    in the env they are recorded there instead, and the figure is left out."""
    words = words_for(lang)

    def rule(state: StateCore) -> None:
        env = state.env if isinstance(state.env, dict) else {}
        given = env.get("problems")
        problems = given if isinstance(given, Problems) else Problems(Path.cwd())
        figures(state.tokens, Path(str(env.get("path", "<markdown>"))), problems, words)
        if given is None and problems.errors:
            raise DiagramSourceError(problems.errors)

    def render(self: Any, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
        figure = tokens[index].meta.get("figure")
        return "" if figure is None else f"{figure.html}\n"

    md.core.ruler.after("block", "plakoto_figures", rule)
    md.add_render_rule(TOKEN, render)
