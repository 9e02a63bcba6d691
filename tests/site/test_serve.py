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

from plakoto_site.commands.serve import Builds, with_reload

from .conftest import REPO, MiniProject


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - loopback
        text: str = response.read().decode()
        return text


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


def test_serve_rebuilds_after_an_edit_and_reloads_the_page(project: MiniProject) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(REPO / "build.py"), "--root", str(project.root), "serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    output = Output(server)
    base = f"http://127.0.0.1:{port}"
    try:
        url = f"{base}/en/moving/index.html"
        assert wait_for(lambda: "Each number moves one checker." in fetch(url)), output.text
        assert wait_for(lambda: "Serving" in output.text), output.text

        # Served pages carry the reload script; the built files never do.
        page = fetch(url)
        assert '<script src="/__reload.js" data-build="1"></script></body>' in page
        assert "__reload" not in (project.root / "_site/en/moving/index.html").read_text()
        assert '<script src="/__reload.js" data-build="1">' in fetch(f"{base}/en/")
        assert "location.reload()" in fetch(f"{base}/__reload.js")
        assert fetch(f"{base}/__reload?since=0") == "1"  # a build newer than 0 is there: no wait

        # A page waiting on /__reload hears of the rebuild an edit causes.
        answers: list[str] = []
        waiting = threading.Thread(target=lambda: answers.append(fetch(f"{base}/__reload?since=1")))
        waiting.start()
        time.sleep(0.5)
        assert answers == []  # nothing changed yet: the request waits
        lesson = project.root / "content/en/moving.md"
        good = lesson.read_text()
        lesson.write_text(good.replace("Each number moves one checker.", "Every number moves a checker."))
        waiting.join(timeout=20)
        assert answers == ["2"], output.text
        assert "Every number moves a checker." in fetch(url)
        assert "Rebuilt" in output.text

        lesson.write_text("broken: no front matter\n")  # a mistake keeps the last good site
        assert wait_for(lambda: "Build stopped; still serving the last good site." in output.text), output.text
        assert "content/en/moving.md:1: the lesson does not start with front matter" in output.text
        assert "Every number moves a checker." in fetch(url)
        assert 'data-build="2"' in fetch(url)  # no reload for a build that failed

        # Still watching: fixing the mistake brings the page back.
        lesson.write_text(good.replace("Each number moves one checker.", "Numbers move checkers."))
        assert wait_for(lambda: "Numbers move checkers." in fetch(url)), output.text
        assert 'data-build="3"' in fetch(url)
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_reload_request_waits_for_the_next_build() -> None:
    builds = Builds()
    assert builds.after(0, timeout=0.05) == 0  # no build yet: answers after the wait
    threading.Timer(0.1, builds.finished).start()
    began = time.monotonic()
    assert builds.after(0, timeout=5) == 1
    assert time.monotonic() - began < 2


def test_the_reload_script_goes_before_the_end_of_the_body() -> None:
    assert with_reload(b"<p>x</p></body></html>", 4) == (
        b'<p>x</p><script src="/__reload.js" data-build="4"></script></body></html>')
    assert with_reload(b"<p>x</p>", 1) == b'<p>x</p><script src="/__reload.js" data-build="1"></script>'
