"""A project on disk: where its content, catalogs, templates and output folder are."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from plakoto_site.render.palette import site_stylesheet
from plakoto_site.render.scripts import served

ASSETS = ("site.css", "diagram.js", "board.js", "exercise.js", "progress.js", "plakoto-rules.js", "play.js", "plakoto-embed.js", "embed-frame.js", "embed-view.js", "editor.js", "favicon.svg")
"""The files every site carries, from ``templates/assets/``."""
IN_FRONT = {"plakoto-embed.js": ("plakoto-scheme.js",)}
"""Scripts served with others in front of them, as one file (a host page loads one script)."""


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

    @property
    def compiled_templates(self) -> Path:
        """Where Jinja keeps the templates compiled between builds (in ``.cache/``, which
        git ignores, beside the bitmaps of ``--png``)."""
        return self.root / ".cache" / "jinja"

    def asset(self, name: str) -> Path:
        return self.templates / "assets" / name

    def assets(self) -> dict[str, bytes]:
        """Every file of :data:`ASSETS` as a site carries it: ``site.css`` opens with the
        board's colours (:mod:`plakoto_site.render.palette`), scripts come without their
        comment lines (:mod:`plakoto_site.render.scripts`)."""
        files = {name: b"".join(self.asset(first).read_bytes() for first in (*IN_FRONT.get(name, ()), name))
                 for name in ASSETS}
        files["site.css"] = site_stylesheet(files["site.css"])
        for name in ASSETS:
            if name.endswith(".js"):
                files[name] = served(files[name].decode()).encode()
        return files
