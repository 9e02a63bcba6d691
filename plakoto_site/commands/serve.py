"""``python build.py serve``: build, serve on loopback, rebuild when a source changes.

Polling every half second keeps it dependency-free; a rebuild after a one-file edit takes
a fraction of a second.
"""

from __future__ import annotations

import functools
import os
import socket
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from plakoto_site.content.problems import ContentError
from plakoto_site.site.build import build
from plakoto_site.site.output import OutputError, claim_output
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .cli import write_problem

WATCHED = ("content", "locales", "templates", "plakoto_site")


def snapshot(project: Project) -> dict[Path, float]:
    """The modification time of every watched file."""
    stamps: dict[Path, float] = {}
    for folder in WATCHED:
        for path in (project.root / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                stamps[path] = path.stat().st_mtime
    return stamps


class _Server(ThreadingHTTPServer):
    request_queue_size = socket.SOMAXCONN
    """A real listen backlog: a page with its assets, or many readers at once, never finds
    the door shut (the default is 5)."""
    daemon_threads = True


class _Handler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def rebuild(project: Project, out: Path, languages: tuple[str, ...] | None, cache: BuildCache,
            force: bool = False) -> bool:
    began = time.perf_counter()
    try:
        report = build(project, out, languages, in_place=True, force=force, cache=cache)
    except ContentError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print("Build stopped; still serving the last good site. Fix the above and save.", file=sys.stderr)
        return False
    except OSError as error:
        print(f"Build stopped: {write_problem(error)}", file=sys.stderr)
        print("Still serving the last good site.", file=sys.stderr)
        return False
    except Exception as error:  # noqa: BLE001 - serve outlives any mistake in a rebuild
        print(f"Build stopped by an unexpected error: {type(error).__name__}: {error}", file=sys.stderr)
        print("Still serving the last good site; please report this with the file you changed.", file=sys.stderr)
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
    cache = BuildCache()  # kept for the whole session: a rebuild redoes only what changed
    rebuild(project, out, languages, cache, force=force)
    handler = functools.partial(_Handler, directory=str(out))
    try:
        server = _Server(("127.0.0.1", port), handler)
    except OSError as error:
        print(f"Not serving: port {port} cannot be used ({error.strerror or error}) — "
              "another program may be using it; try --port 8001", file=sys.stderr)
        return 1
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
                rebuild(project, out, languages, cache)
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.shutdown()
    return 0
