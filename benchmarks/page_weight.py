"""Page weight: what each page loads (HTML, CSS, JS, images), raw and gzipped.

    python benchmarks/page_weight.py [--site _site]

Budgets: the largest lesson page at most 60 KB gzipped in total, and the play page too,
and the gallery of diagrams before the reader scrolls (its pictures load lazily);
the JavaScript a page loads at most 8 KB gzipped, 25 KB on the play page (the rules and
the computer opponent run there) and on the page that draws a diagram from its link
(<lang>/embed/view/: that page is the viewer script, whose budget is 25 KB with the
rules), 30 KB on the board editor (<lang>/editor/: the viewer, which draws its preview,
and the editor itself); no web fonts. Builds the site first unless --site is
given. Exits 1 when a budget is broken.
"""

from __future__ import annotations

import argparse
import gzip
import posixpath
import re
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LESSON_BUDGET = 60 * 1024
JS_BUDGET = 8 * 1024
PLAY_BUDGET = 60 * 1024
PLAY_JS_BUDGET = 25 * 1024
VIEWER_JS_BUDGET = 25 * 1024
"""The viewer script with the rules (plakoto-viewer.js), and so the page that is only it."""
EDITOR_JS_BUDGET = 30 * 1024
"""The board editor: the viewer (its preview) and editor.js."""


class Loads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.lazy: list[str] = []
        """Pictures that load only as the reader scrolls to them (``loading="lazy"``)."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "link" and values.get("rel") in ("stylesheet", "icon"):
            self.loads.append(values.get("href") or "")
        elif tag == "img" and values.get("loading") == "lazy" and values.get("src"):
            self.lazy.append(values.get("src") or "")
        elif tag in ("script", "img", "source") and values.get("src"):
            self.loads.append(values.get("src") or "")


def sizes(data: bytes) -> tuple[int, int]:
    return len(data), len(gzip.compress(data, compresslevel=9, mtime=0))


def measure(site: Path) -> list[tuple[str, int, int, int, int]]:
    """Each page: its name, and raw and gzipped bytes of it with all it loads, the
    gzipped bytes of the scripts it loads (each script gzipped on its own, as served), and
    the gzipped bytes of the pictures it loads lazily (counted apart)."""
    rows = []
    for page in sorted(site.rglob("*.html")):
        name = page.relative_to(site).as_posix()
        parser = Loads()
        html = page.read_bytes()
        parser.feed(html.decode())
        raw, packed = sizes(html)
        script = lazy = 0
        for link in parser.lazy:
            target = site / posixpath.normpath(posixpath.join(posixpath.dirname(name), urlsplit(link).path))
            if target.is_file():
                lazy += sizes(target.read_bytes())[1]
        for link in parser.loads:
            path = urlsplit(link).path
            target = site / posixpath.normpath(posixpath.join(posixpath.dirname(name), path))
            if target.is_file():
                extra = sizes(target.read_bytes())
                raw, packed = raw + extra[0], packed + extra[1]
                if target.suffix == ".js":
                    script += extra[1]
        rows.append((name, raw, packed, script, lazy))
    return rows


def verdict(rows: list[tuple[str, int, int, int, int]], fonts: int) -> tuple[list[str], bool]:
    """The summary lines for the ``rows`` of :func:`measure`, and whether every budget holds."""
    galleries = [r for r in rows if r[0].endswith("/embed/index.html") and r[0].count("/") == 2]
    views = [r for r in rows if r[0].endswith("/embed/view/index.html")]
    lessons = [r for r in rows if r[0].count("/") == 2 and not r[0].endswith("/play/index.html") and r not in galleries]
    largest = max(lessons, key=lambda r: r[2])
    plays = [r for r in rows if r[0].endswith("/play/index.html")]
    play = max(plays, key=lambda r: r[2])
    play_js = max(r[3] for r in plays)
    editors = [r for r in rows if r[0].endswith("/editor/index.html")]
    others = max((r for r in rows if r not in plays and r not in views and r not in editors), key=lambda r: r[3])
    lines = [f"largest lesson: {largest[0]} {largest[2] / 1024:.1f} KB gzip (budget 60)",
             f"play page: {play[0]} {play[2] / 1024:.1f} KB gzip (budget 60), "
             f"its JavaScript {play_js / 1024:.1f} KB gzip (budget 25)"]
    gallery = max(galleries, key=lambda r: r[2]) if galleries else None
    if gallery:
        lines.append(f"gallery of diagrams: {gallery[0]} {gallery[2] / 1024:.1f} KB gzip before scrolling (budget 60), "
                     f"and {gallery[4] / 1024:.1f} KB of pictures that load as the reader scrolls to them")
    view = max(views, key=lambda r: r[3]) if views else None
    if view:
        lines.append(f"diagram from a link: {view[0]} {view[2] / 1024:.1f} KB gzip (budget 60), "
                     f"its JavaScript, the viewer, {view[3] / 1024:.1f} KB gzip (the viewer's budget 25)")
    editor = max(editors, key=lambda r: r[3]) if editors else None
    if editor:
        lines.append(f"board editor: {editor[0]} {editor[2] / 1024:.1f} KB gzip (budget 60), "
                     f"its JavaScript {editor[3] / 1024:.1f} KB gzip (budget 30)")
    lines.append(f"JavaScript of any other page: at most {others[3] / 1024:.1f} KB gzip ({others[0]}; budget 8)")
    lines.append(f"web fonts: {fonts} (budget 0)")
    ok = (largest[2] <= LESSON_BUDGET and others[3] <= JS_BUDGET and play[2] <= PLAY_BUDGET
          and (gallery is None or gallery[2] <= LESSON_BUDGET)
          and (view is None or (view[2] <= LESSON_BUDGET and view[3] <= VIEWER_JS_BUDGET))
          and (editor is None or (editor[2] <= LESSON_BUDGET and editor[3] <= EDITOR_JS_BUDGET))
          and play_js <= PLAY_JS_BUDGET and not fonts)
    lines.append("within budget" if ok else "OVER BUDGET")
    return lines, ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path)
    args = parser.parse_args()
    if args.site is None:
        from plakoto_site.site.build import build
        from plakoto_site.site.project import Project

        args.site = Path(tempfile.mkdtemp()) / "_site"
        build(Project(ROOT), args.site)
    rows = measure(args.site)
    print(f"{'page':40} {'raw KB':>8} {'gzip KB':>8}")
    for name, raw, packed, _, _ in rows:
        print(f"{name:40} {raw / 1024:8.1f} {packed / 1024:8.1f}")
    fonts = [p for p in args.site.rglob("*") if p.suffix in (".woff", ".woff2", ".ttf", ".otf")]
    font_faces = sum(len(re.findall(rb"@font-face", p.read_bytes())) for p in args.site.rglob("*.css"))
    lines, ok = verdict(rows, len(fonts) + font_faces)
    print()
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
