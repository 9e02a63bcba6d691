"""``python build.py serve``: build, serve on loopback, rebuild when a source changes.

Polling every half second keeps it dependency-free; a rebuild after a one-file edit takes
a fraction of a second.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from plakoto_site.content.problems import ContentError

from .output import OutputError, claim_output
from .pipeline import Project, build

WATCHED = ("content", "locales", "templates", "plakoto_site")


def snapshot(project: Project) -> dict[Path, float]:
    """The modification time of every watched file."""
    stamps: dict[Path, float] = {}
    for folder in WATCHED:
        for path in (project.root / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                stamps[path] = path.stat().st_mtime
    return stamps


class _Handler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def rebuild(project: Project, out: Path, languages: tuple[str, ...] | None, force: bool = False) -> bool:
    began = time.perf_counter()
    try:
        report = build(project, out, languages, in_place=True, force=force)
    except ContentError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print("Build stopped; still serving the last good site. Fix the above and save.", file=sys.stderr)
        return False
    for problem in report.warnings:
        print(problem, file=sys.stderr)
    print(f"Rebuilt {report.pages} pages in {(time.perf_counter() - began) * 1000:.0f} ms.")
    return True


def serve(project: Project, out: Path | None, languages: tuple[str, ...] | None, port: int,
          force: bool = False) -> int:
    try:
        out = claim_output(out or project.output, project.root, force=force, default=project.output)
    except OutputError as error:
        print(f"Not serving: {error}", file=sys.stderr)
        return 1
    rebuild(project, out, languages, force=force)
    handler = functools.partial(_Handler, directory=str(out))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    first = (languages or ("en",))[-1] if languages else "en"
    print(f"Serving http://127.0.0.1:{port}/{first}/ — edit content/, locales/ or templates/; Ctrl+C stops.")
    stamps = snapshot(project)
    try:
        while True:
            time.sleep(0.5)
            current = snapshot(project)
            if current != stamps:
                changed = {p for p in set(current) | set(stamps) if current.get(p) != stamps.get(p)}
                stamps = current
                if any(path.suffix == ".py" for path in changed):
                    print("Python code changed: restarting.")
                    server.shutdown()
                    server.server_close()
                    os.execv(sys.executable, [sys.executable, *sys.argv])
                rebuild(project, out, languages)
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.shutdown()
    return 0
