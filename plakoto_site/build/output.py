"""Output folders are ours alone: the guard every command runs before it writes.

A build replaces everything in its output folder, so it may only write into a folder that
is absent, empty, or carries :data:`MARKER`, the file our own build leaves there. Anything
else holds files the user made, and is refused with a message that says why and how;
``--force`` lets the user say "replace it", but never for the project itself, one of its
source folders, a file, or a git repository.
"""

from __future__ import annotations

from pathlib import Path

MARKER = ".plakoto-site"
"""The file each build leaves in its output folder: "this folder is ours to replace"."""

MARKER_TEXT = (
    b"This folder was written by the plakoto_site build. The next build replaces\n"
    b"everything in it; keep nothing of your own here.\n"
)

SOURCE_FOLDERS = (
    ".ci", ".git", ".venv", "benchmarks", "content", "examples", "integrations", "locales",
    "node_modules", "plakoto_site", "scripts", "templates", "tests",
)
"""The project's own folders: never an output folder, nor anything inside one."""

_LEGACY = ("index.html", "sitemap.xml", "assets/site.css")
"""What a site built before the marker existed always holds (see :func:`_legacy_site`)."""


class OutputError(Exception):
    """The output folder may not be written: :attr:`why` and what to do (:attr:`hint`)."""

    def __init__(self, folder: Path, why: str, hint: str) -> None:
        super().__init__(f"{folder}: {why}")
        self.folder = folder
        self.why = why
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.folder}: {self.why} — {self.hint}"


def claim_output(out: Path, project: Path, *, force: bool = False, default: Path | None = None) -> Path:
    """Check that ``out`` may be replaced by a build of ``project``; return it resolved.

    ``default`` is the project's own output folder (``_site/``), which is also accepted when
    it holds a site built before the marker existed. Raises :class:`OutputError`.
    """
    folder = out.expanduser().resolve()
    _never(folder, project.resolve())
    if not folder.exists() or (folder / MARKER).is_file() or not any(folder.iterdir()):
        return folder
    if default is not None and folder == default.resolve() and _legacy_site(folder):
        return folder
    if force:
        return folder
    raise OutputError(
        folder,
        f"this folder holds files the build did not make (it has no {MARKER} file), and a "
        "build replaces everything in its output folder",
        "choose a new or empty folder, remove those files yourself, "
        "or add --force if everything in it may be deleted",
    )


def _never(folder: Path, project: Path) -> None:
    """The folders no build writes into, even with ``--force``."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(folder, "this is a file, not a folder", "give a folder for the output, e.g. --out _site")
    for parent in folder.parents:
        if parent.exists() and not parent.is_dir():
            raise OutputError(folder, f"{parent} is a file, not a folder", "give a folder for the output, e.g. --out _site")
    if project.is_relative_to(folder):
        raise OutputError(folder, "this folder holds the project itself (its sources and history)",
                          "give a folder of its own, e.g. --out _site")
    if folder.is_relative_to(project):
        top = folder.relative_to(project).parts[0]
        if top in SOURCE_FOLDERS:
            raise OutputError(folder, f"this is inside the project's source folder {top}/",
                              "give a folder of its own, e.g. --out _site")
    if (folder / ".git").exists():
        raise OutputError(folder, "this folder is a git repository",
                          "give a folder of its own, e.g. a new folder inside it")


def _legacy_site(folder: Path) -> bool:
    """A ``_site/`` written by a build from before the marker existed."""
    return all((folder / name).exists() for name in _LEGACY)
