"""Shared pytest fixtures: Debian Chromium for pytest-playwright, and a static HTTP server."""

from __future__ import annotations

import functools
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""The browser tests' Chromium. It keeps its limit of 60 frames a second: without it
(``--disable-frame-rate-limit``) a click or a drag answered a frame sooner, but every
change on a page was drawn at once, again and again, and the whole suite took an eighth
more processor time on two cores that it keeps busy (1,011 against 896 busy core-seconds,
the two run in turn, 2026-12-04)."""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Use the system's (Debian's) Chromium when present, else Playwright's own browser.
    Its headless shell first (Debian's ``chromium-headless-shell``, which ``make test``
    installs): the same engine without the browser around it, which is also what Playwright
    runs headless by default, a fifth less processor time a page than ``chromium``."""
    chromium = shutil.which("chromium-headless-shell") or shutil.which("chromium")
    if chromium is None:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that leaves a page closes what it was still loading: no traceback for
        that; any other error is printed as before."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


ServeDirectory = Callable[[str | Path], str]


@pytest.fixture(scope="session")
def static_server() -> Iterator[ServeDirectory]:
    """Factory: ``serve_directory(path) -> "http://127.0.0.1:PORT/"``.

    Each call starts its own server on a free port, so several directories
    (several origins) can be served at once. All are shut down at session end.
    """
    servers: list[tuple[ThreadingHTTPServer, threading.Thread]] = []

    def serve_directory(path: str | Path) -> str:
        handler = functools.partial(_QuietHandler, directory=str(path))
        server = _QuietServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        servers.append((server, thread))
        host, port = server.server_address[:2]
        return f"http://{host!s}:{port}/"

    yield serve_directory

    for server, thread in servers:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
