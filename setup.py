"""The package's build, as ``pyproject.toml`` describes it, plus one step: a wheel carries
what the MkDocs plugin (``plakoto_site/integrations/``) reads from the project's folders —
the figure's scripts and template, and the catalogs — as package data, so a normal
(non-editable) ``pip install`` of the project brings a working plugin. They are copied,
not moved: the site's build reads them where they are. An editable install reads them in
the checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
PLUGIN_DATA = (
    "templates/assets/plakoto-scheme.js",
    "templates/assets/diagram.js",
    "templates/assets/plakoto-figure.js",
    "templates/macros/diagram.html",
    "locales/*/LC_MESSAGES/messages.po",
)
"""What the plugin reads (plakoto_site/integrations/fence.py), relative to the project."""
INTO = Path("plakoto_site") / "integrations" / "project"
"""Where a wheel carries them: the same layout under the plugin's own folder."""


class BuildWithPluginData(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / INTO
        for pattern in PLUGIN_DATA:
            found = sorted(HERE.glob(pattern))
            if not found:
                raise SystemExit(f"setup.py: nothing matches {pattern}: build from a full clone of the project")
            for source in found:
                copy = target / source.relative_to(HERE)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, copy)


setup(cmdclass={"build_py": BuildWithPluginData})
