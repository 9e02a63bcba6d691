"""``build.py serve``: serves the site and rebuilds it when a lesson changes."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

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


def test_serve_rebuilds_after_an_edit(project: MiniProject) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(REPO / "build.py"), "--root", str(project.root), "serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}/en/moving/index.html"
        assert wait_for(lambda: "Each number moves one checker." in fetch(url))
        lesson = project.root / "content/en/moving.md"
        lesson.write_text(lesson.read_text().replace("Each number moves one checker.", "Every number moves a checker."))
        assert wait_for(lambda: "Every number moves a checker." in fetch(url))
        lesson.write_text("broken: no front matter\n")  # a mistake keeps the last good site
        time.sleep(2)
        assert "Every number moves a checker." in fetch(url)
    finally:
        server.terminate()
        output = server.communicate(timeout=10)[0]
    assert "Rebuilt" in output and "content/en/moving.md:1: the lesson does not start with front matter" in output
