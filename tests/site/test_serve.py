"""``build.py serve``: serves the site and rebuilds it when a lesson changes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from typing import IO

from .conftest import REPO, MiniProject


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - loopback
        return response.read().decode()


def wait_for(check, seconds: float = 30.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


class Output:
    """The server's output, read line by line as it comes."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert process.stdout is not None
        self.thread = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.append(line)

    @property
    def text(self) -> str:
        return "".join(self.lines)


def test_serve_rebuilds_after_an_edit(project: MiniProject) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(REPO / "build.py"), "--root", str(project.root), "serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    output = Output(server)
    try:
        url = f"http://127.0.0.1:{port}/en/moving/index.html"
        assert wait_for(lambda: "Each number moves one checker." in fetch(url)), output.text
        lesson = project.root / "content/en/moving.md"
        good = lesson.read_text()
        lesson.write_text(good.replace("Each number moves one checker.", "Every number moves a checker."))
        assert wait_for(lambda: "Every number moves a checker." in fetch(url)), output.text
        assert "Rebuilt" in output.text

        lesson.write_text("broken: no front matter\n")  # a mistake keeps the last good site
        assert wait_for(lambda: "Build stopped; still serving the last good site." in output.text), output.text
        assert "content/en/moving.md:1: the lesson does not start with front matter" in output.text
        assert "Every number moves a checker." in fetch(url)

        # Still watching: fixing the mistake brings the page back.
        lesson.write_text(good.replace("Each number moves one checker.", "Numbers move checkers."))
        assert wait_for(lambda: "Numbers move checkers." in fetch(url)), output.text
    finally:
        server.terminate()
        server.wait(timeout=10)
