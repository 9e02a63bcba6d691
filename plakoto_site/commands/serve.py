"""``python build.py serve``: build, serve on loopback, rebuild when a source changes, and
reload the open pages (as ``mkdocs serve`` does).

The sources are watched with ``watchfiles`` (the operating system's file events, not
polling); each rebuild keeps one :class:`~plakoto_site.site.state.BuildCache`, so it
replays and draws only what changed, and replaces each changed file whole. Pages served
here carry one extra script, ``/__reload.js``: it waits on ``/__reload`` (a long poll)
and reloads the page once a rebuild has finished. The built files never carry it.
"""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import watchfiles

from plakoto_site.content.problems import ContentError
from plakoto_site.site import oembed
from plakoto_site.site.build import build
from plakoto_site.site.output import OutputError, claim_output, write_problem
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .streams import output_lost

WATCHED = ("content", "locales", "templates", "plakoto_site")
RELOAD = "/__reload"
MOST_DIGITS = 18
"""The longest build number ``/__reload?since=`` takes."""
RELOAD_SCRIPT = "/__reload.js"
WAIT = 25.0
"""How long one ``/__reload`` request waits for a build before it answers anyway (seconds)."""

SCRIPT = """\
"use strict";
// Injected by `serve` only: reload this page once a rebuild has finished.
(function () {
  var build = Number(document.currentScript.dataset.build);
  function wait() {
    fetch("RELOAD?since=" + build, { cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (text) {
        if (Number(text) > build) { location.reload(); } else { wait(); }
      })
      .catch(function () { setTimeout(wait, 1000); });
  }
  wait();
})();
""".replace("RELOAD", RELOAD)


class Builds:
    """The number of the last good build; ``/__reload`` requests wait on it."""

    def __init__(self) -> None:
        self.number = 0
        self._changed = threading.Condition()

    def finished(self) -> None:
        with self._changed:
            self.number += 1
            self._changed.notify_all()

    def after(self, since: int, timeout: float = WAIT) -> int:
        """The build number once it is past ``since``, or as it is after ``timeout``."""
        with self._changed:
            self._changed.wait_for(lambda: self.number > since, timeout)
            return self.number


def with_reload(html: bytes, build_number: int) -> bytes:
    """A page as ``serve`` sends it: the reload script before ``</body>``."""
    tag = f'<script src="{RELOAD_SCRIPT}" data-build="{build_number}"></script>'.encode()
    at = html.rfind(b"</body>")
    return html + tag if at < 0 else html[:at] + tag + html[at:]


class _Server(ThreadingHTTPServer):
    request_queue_size = socket.SOMAXCONN
    """A real listen backlog: a page with its assets, or many readers at once, never finds
    the door shut (the default is 5)."""
    daemon_threads = True

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """One line, never a traceback; nothing at all for a reader who left (a tab closed
        during the long poll, a link followed before the page came)."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            print(f"serve: a request from {client_address[0]} failed: {type(error).__name__}: {error}",
                  file=sys.stderr)


class _Handler(SimpleHTTPRequestHandler):
    builds: Builds

    def __init__(self, *args: object, builds: Builds, **kwargs: object) -> None:
        self.builds = builds
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if "\x00" in unquote(url.path):
            self._refuse(HTTPStatus.BAD_REQUEST, "a NUL byte in the path")
        elif url.path == RELOAD:
            self._reload(parse_qs(url.query).get("since", ["0"])[0])
        elif url.path == RELOAD_SCRIPT:
            self._send(SCRIPT.encode(), "text/javascript; charset=utf-8")
        elif url.path == oembed.PATH:
            self._oembed(url.query)
        elif not self._inside(url.path):
            self._refuse(HTTPStatus.NOT_FOUND, "it leads out of the output folder (a link)")
        elif (page := self._page(url.path)) is not None:
            self._send(with_reload(page.read_bytes(), self.builds.number), "text/html; charset=utf-8")
        else:
            super().do_GET()

    def _reload(self, since: str) -> None:
        """Answer a page's long poll with the number of the last build, once past ``since``."""
        if not (since.isascii() and since.isdigit() and len(since) <= MOST_DIGITS):
            self._refuse(HTTPStatus.BAD_REQUEST, f"since= must be a build number of at most {MOST_DIGITS} digits")
            return
        self._send(str(self.builds.after(int(since))).encode(), "text/plain; charset=utf-8")

    def _oembed(self, query: str) -> None:
        """Answer an oEmbed request (:mod:`plakoto_site.site.oembed`) from the built files."""
        status, body = oembed.respond(Path(self.directory), query, self.headers.get("Host", ""))
        if status is not HTTPStatus.OK:
            self._refuse(status, body.decode().strip())
            return
        self._send(body, "application/json; charset=utf-8")

    def _inside(self, path: str) -> bool:
        """Whether the file a request names lies in the output folder, links followed."""
        root = os.path.realpath(self.directory)
        real = os.path.realpath(self.translate_path(path))
        return real == root or real.startswith(root + os.sep)

    def _refuse(self, status: HTTPStatus, why: str) -> None:
        print(f"serve: {status.value} for {self.path[:200]!r}: {why}", file=sys.stderr)
        self.send_error(status)

    def _page(self, path: str) -> Path | None:
        """The HTML file a request names (``/en/`` is ``en/index.html``), if there is one."""
        local = Path(self.translate_path(path))
        if local.is_dir() and path.endswith("/"):
            local = local / "index.html"
        return local if local.suffix == ".html" and local.is_file() else None

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def rebuild(project: Project, out: Path, languages: tuple[str, ...] | None, cache: BuildCache,
            force: bool = False) -> bool:
    """Build into ``out`` in place with the state ``serve`` keeps; say what happened."""
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


def watched(project: Project) -> list[Path]:
    return [project.root / folder for folder in WATCHED if (project.root / folder).is_dir()]


def changes(project: Project, stop: threading.Event | None = None) -> Iterable[set[Path]]:
    """Each batch of changed source files, as the operating system reports them."""
    for batch in watchfiles.watch(*watched(project), debounce=200, step=20, stop_event=stop,
                                  raise_interrupt=False):
        yield {Path(path) for _change, path in batch}


def serve(project: Project, out: Path | None, languages: tuple[str, ...] | None, port: int,
          force: bool = False) -> int:
    try:
        out = claim_output(out or project.output, project.root, force=force, default=project.output)
    except OutputError as error:
        print(f"Not serving: {error}", file=sys.stderr)
        return 1
    cache, builds = BuildCache(), Builds()
    if rebuild(project, out, languages, cache, force=force):
        builds.finished()
    handler = functools.partial(_Handler, directory=str(out), builds=builds)
    try:
        server = _Server(("127.0.0.1", port), handler)
    except OSError as error:
        print(f"Not serving: port {port} cannot be used ({error.strerror or error}) — "
              "another program may be using it; try --port 8001", file=sys.stderr)
        return 1
    threading.Thread(target=server.serve_forever, daemon=True).start()
    first = (languages or ("en",))[-1] if languages else "en"
    print(f"Serving http://127.0.0.1:{port}/{first}/ — edit content/, locales/ or templates/; "
          "open pages reload after each rebuild; Ctrl+C stops.", flush=True)
    try:
        for changed in ([] if output_lost() else changes(project)):
            if output_lost():
                break  # nobody reads what serve says: the terminal is gone, serve with it
            if any(path.suffix == ".py" for path in changed):
                restart(server)  # returns only when the new code does not import
            if rebuild(project, out, languages, cache):
                builds.finished()
            sys.stdout.flush()
    except KeyboardInterrupt:
        pass
    server.shutdown()
    if output_lost():
        return 1
    print("\nStopped.")
    return 0


def restart(server: _Server) -> None:
    """Start this command again with the changed Python code, once that code imports; until
    then keep serving the last good site with this process's code, and say why."""
    why = import_problem()
    if why is not None:
        print(f"Python code changed, but it does not import: {why}\n"
              "Still serving the last good site; fix it and save.", file=sys.stderr, flush=True)
        return
    print("Python code changed: restarting.", flush=True)
    server.shutdown()
    server.server_close()
    os.execv(sys.executable, [sys.executable, *sys.argv])


def import_problem() -> str | None:
    """What stops a fresh Python, looking where this one looks, from importing the command
    line and this command (the last line of its error), or None when both import."""
    imports = f"import sys; sys.path[:] = {sys.path!r}; import plakoto_site.commands.cli, plakoto_site.commands.serve"
    tried = subprocess.run([sys.executable, "-c", imports], capture_output=True, text=True, check=False)
    if tried.returncode == 0:
        return None
    lines = [line for line in tried.stderr.splitlines() if line.strip()]
    return lines[-1] if lines else f"exit status {tried.returncode}"
