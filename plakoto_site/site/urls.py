"""Where each page lives, and links between files of the site (all relative to its root)."""

from __future__ import annotations

import posixpath


def page_path(lang: str, slug: str | None = None) -> str:
    """The file of a page: ``el/pinning/index.html``, or ``el/index.html`` for the home page."""
    return f"{lang}/index.html" if slug is None else f"{lang}/{slug}/index.html"


def page_url(lang: str, slug: str | None = None) -> str:
    """The pretty URL, relative to the site root: ``el/pinning/``."""
    return f"{lang}/" if slug is None else f"{lang}/{slug}/"


def relative(source: str, target: str) -> str:
    """A link from the file ``source`` to the file ``target``, both relative to the root:
    what ``posixpath.relpath`` gives, without asking the system where the root is (a page
    makes dozens of links)."""
    start, path = _parts(posixpath.dirname(source)), _parts(target)
    common = 0
    while common < min(len(start), len(path)) and start[common] == path[common]:
        common += 1
    return "/".join([".."] * (len(start) - common) + path[common:]) or "."


def _parts(path: str) -> list[str]:
    parts = path.split("/")
    if "" in parts or "." in parts or ".." in parts:  # rare: the site's own names are plain
        parts = [part for part in posixpath.normpath(path).split("/") if part not in ("", ".")]
    return parts


def is_external(href: str) -> bool:
    """A link that names no file of the site: empty, a fragment, from the root, or with a scheme."""
    return not href or href.startswith(("#", "/")) or ":" in href.split("/", 1)[0]


def rebase(href: str, written_for: str, shown_in: str) -> str:
    """A link written relative to the file ``written_for``, made to work from ``shown_in``."""
    if is_external(href):
        return href
    path, _, fragment = href.partition("#")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(written_for), path))
    return relative(shown_in, target) + (f"#{fragment}" if fragment else "")
