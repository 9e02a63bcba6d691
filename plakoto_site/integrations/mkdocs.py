"""The MkDocs plugin ``plakoto``: ```` ```plakoto ```` fences in any MkDocs site become the
tutorial's step-through figures, every step checked by the engine at build time.

``mkdocs.yml``::

    plugins:
      - search
      - plakoto:
          lang: en        # the figure's own words: en, ru, el or uk

The fence holds a diagram source (see :mod:`plakoto_site.integrations.fence`). An illegal
play, an unreadable position or any other mistake stops ``mkdocs build`` with every
mistake listed as ``docs/page.md:LINE: what is wrong — what to do``. The figure's script
and stylesheet are written once to ``assets/plakoto/`` in the site and linked from each page
that has a figure (before its first figure) by a path relative to that page, so the site
works from any sub-path. The boards' text stays out of the search index.
"""

from __future__ import annotations

import logging
import posixpath
import re
import uuid
from dataclasses import replace
from html import unescape
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markupsafe import Markup, escape
from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from plakoto_site.content.problems import Problems

from .fence import ASSET_FOLDER, SCRIPT, STYLESHEET, TOKEN, assets, plakoto_plugin

log = logging.getLogger("mkdocs.plugins.plakoto")


class PlakotoConfig(Config):
    lang = config_options.Type(str, default="en")


class PlakotoPlugin(BasePlugin[PlakotoConfig]):
    """Draws ```` ```plakoto ```` fences; see the module's docstring."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        try:
            self.assets = assets()  # first: without the clone there are no catalogs either
            self.md = MarkdownIt("commonmark").use(plakoto_plugin, lang=self.config.lang)
        except (ValueError, OSError) as error:
            raise PluginError(f"plakoto: {error}") from error
        self.problems = Problems(Path(config.config_file_path or ".").resolve().parent)
        self.placeholders: dict[str, dict[str, Markup]] = {}
        """For each page (by its source path), the placeholder of each figure and its HTML."""
        return config

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        path = Path(page.file.abs_src_path or page.file.src_uri)
        problems = Problems(self.problems.root)
        tokens = self.md.parse(markdown, {"path": path, "problems": problems})
        lines = markdown.split("\n")
        found: dict[str, Markup] = {}
        for token in reversed([t for t in tokens if t.type == TOKEN and t.map]):
            start, end = token.map or (0, 0)
            figure = token.meta.get("figure")
            if token.level > 0:
                problems.error(path, start + 1, "a plakoto fence must stand at the top level of the page",
                               "take it out of the list or quote around it")
                continue
            if figure is None:
                continue
            placeholder = f"plakotofigure{uuid.uuid4().hex}"
            found[placeholder] = figure.html
            lines[start:end] = ["", placeholder, ""]
        # Line numbers count from the top of the file: MkDocs hands plugins the page without
        # its front matter.
        shift = _front_matter_lines(path, markdown)
        self.problems.items += [replace(p, line=p.line + shift) for p in problems.items]
        if found:
            self.placeholders[page.file.src_uri] = found
        return "\n".join(lines)

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        found = self.placeholders.get(page.file.src_uri, {})
        for placeholder, figure in found.items():
            found[placeholder] = Markup(_md_links(str(figure), page, files))
        # An empty box stands for each figure until the page is written (on_post_page): the
        # search index, made from the page's content in between, gets no board text.
        for placeholder in self.placeholders.get(page.file.src_uri, {}):
            box = f'<div data-plakoto-figure="{placeholder}"></div>'
            html = html.replace(placeholder, box).replace(f"<p>{box}</p>", box)
        return html

    def on_env(self, env: Any, /, *, config: MkDocsConfig, files: Files) -> Any:
        for warning in self.problems.warnings:
            log.warning(str(warning))
        errors = self.problems.errors
        if errors:
            listed = "\n".join(str(problem) for problem in errors)
            raise PluginError(f"plakoto: {len(errors)} diagram error(s), the build stopped:\n{listed}")
        return env

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        found = self.placeholders.get(page.file.src_uri)
        if not found:
            return output
        here = posixpath.dirname(page.file.dest_uri) or "."
        def href(name: str) -> str:
            return posixpath.relpath(f"{ASSET_FOLDER}/{name}", here)
        # In the content, before the first figure, not in the <head>: a theme that loads the
        # next page's content into the current one (Material's instant navigation) keeps
        # its own <head>, but runs the scripts of the content it brings.
        links = (f'<link rel="stylesheet" href="{href(STYLESHEET)}">'
                 f'<script src="{href(SCRIPT)}" defer></script>')
        first = min(found, key=lambda placeholder: output.find(f'data-plakoto-figure="{placeholder}"'))
        for placeholder, figure in found.items():
            shown = links + str(figure) if placeholder == first else str(figure)
            output = output.replace(f'<div data-plakoto-figure="{placeholder}"></div>', shown)
        return output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.placeholders:
            return
        folder = Path(config.site_dir) / ASSET_FOLDER
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in self.assets.items():
            (folder / name).write_bytes(content)


_MD_LINK = re.compile(r'href="([^":#?]+\.md)(#[^"]*)?"')


def _md_links(html: str, page: Page, files: Files) -> str:
    """Caption links to other pages of the docs written as MkDocs's own Markdown writes them
    (``other.md#part``, relative to the page's file) turned into the links MkDocs makes of
    them; a link to a file that is not in the docs stays as written and is warned about,
    which ``mkdocs build --strict`` counts."""
    def resolve(match: re.Match[str]) -> str:
        written = unescape(match.group(1))
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), written))
        file = files.get_file_from_path(target)
        if file is None:
            log.warning(f"plakoto: {page.file.src_uri}: a diagram caption links to {written!r}, "
                        "which is not a page of the docs")
            return match.group(0)
        return f'href="{escape(file.url_relative_to(page.file))}{match.group(2) or ""}"'

    return _MD_LINK.sub(resolve, html)


def _front_matter_lines(path: Path, markdown: str) -> int:
    """How many lines of the file come before ``markdown`` (MkDocs hands plugins the page
    without its YAML front matter)."""
    try:
        source = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return 0
    if not source.endswith(markdown):
        return 0
    return source[: len(source) - len(markdown)].count("\n")
