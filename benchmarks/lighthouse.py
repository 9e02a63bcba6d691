"""Lighthouse (mobile preset) on the largest lesson page and the play page of each language.

    python benchmarks/lighthouse.py [--play-only] [PAGE ...]

PAGE is a path under the site, e.g. en/ en/pinning/ en/practice/ en/glossary/ (the lesson
page types); without it, the largest lesson page of each language and the play pages.

Installs the npm package lighthouse into benchmarks/.cache/ on first use, builds the site
with its base URL set to a loopback server (so canonical and hreflang links are real),
and runs Lighthouse with Debian's Chromium. Prints the four category scores per page;
the goal is 100 in each.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import shutil
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CACHE = ROOT / "benchmarks" / ".cache"
VERSION = "13.5.0"

from plakoto_site.site.build import build  # noqa: E402
from plakoto_site.site.project import Project  # noqa: E402

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"


class Quiet(SimpleHTTPRequestHandler):
    """Serves gzip where the browser asks for it, as every static host does."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not path.is_file():
            return super().send_head()
        body = gzip.compress(path.read_bytes())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def lighthouse() -> Path:
    binary = CACHE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", str(CACHE), "--no-audit", "--no-fund",
                        f"lighthouse@{VERSION}"], check=True, capture_output=True)
    return binary


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--play-only", action="store_true", help="only the play pages")
    parser.add_argument("pages", nargs="*", metavar="PAGE", help="paths under the site, e.g. en/practice/")
    args = parser.parse_args()
    binary = lighthouse()
    chromium = shutil.which("chromium")
    if not chromium:
        print("lighthouse: needs Chromium (make chromium)", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp()) / "_site"
    folder.mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    build(Project(ROOT), folder, base_url=url)
    largest: dict[str, Path] = {}
    for page in folder.glob("*/*/index.html"):
        lang = page.parts[-3]
        if page.parts[-2] != "play" and (lang not in largest or page.stat().st_size > largest[lang].stat().st_size):
            largest[lang] = page
    pages = [] if args.play_only else [largest[lang] for lang in sorted(largest)]
    pages += sorted(folder.glob("*/play/index.html"))
    if args.pages:
        pages = [folder / name.strip("/") / "index.html" for name in args.pages]
    print(f"{'page':32} " + " ".join(f"{c:>15}" for c in CATEGORIES))
    worst = 100
    for page in pages:
        name = page.relative_to(folder).as_posix()
        report = Path(tempfile.mkdtemp()) / "report.json"
        subprocess.run(
            [str(binary), url + name, "--quiet", "--output=json", f"--output-path={report}",
             f"--chrome-flags={FLAGS}", "--only-categories=" + ",".join(CATEGORIES)],
            check=True, capture_output=True, env={"CHROME_PATH": chromium, "PATH": "/usr/bin:/bin"},
        )
        data = json.loads(report.read_text())
        scores = [round((data["categories"][c]["score"] or 0) * 100) for c in CATEGORIES]
        worst = min(worst, *scores)
        print(f"{name:32} " + " ".join(f"{s:>15}" for s in scores))
        for category in CATEGORIES:
            for ref in data["categories"][category]["auditRefs"]:
                audit = data["audits"][ref["id"]]
                if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                    print(f"    {category}: {audit['id']}: {audit['title']} ({audit.get('displayValue', '')})")
    server.shutdown()
    print("all 100" if worst == 100 else f"lowest score {worst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
