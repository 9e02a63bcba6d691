"""``build.py serve`` against what a browser, a stray link or a half-saved file can send
it: an answer or one log line each, never a traceback, never a file outside the site."""

from __future__ import annotations

import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from .conftest import REPO, MiniProject
from .test_serve import fetch, free_port, wait_for


class Server:
    """``serve`` on a free port, with everything it prints (stdout and stderr apart)."""

    def __init__(self, project: MiniProject, script: Path = REPO / "build.py") -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, str(script), "--root", str(project.root), "serve", "--port", str(self.port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.out: list[str] = []
        self.err: list[str] = []
        assert self.process.stdout is not None and self.process.stderr is not None
        for stream, lines in ((self.process.stdout, self.out), (self.process.stderr, self.err)):
            threading.Thread(target=self._read, args=(stream, lines), daemon=True).start()
        assert wait_for(lambda: "Serving" in self.stdout, 60), self.stdout + self.stderr
        time.sleep(2)  # the watching starts just after "Serving" is printed

    @staticmethod
    def _read(stream: IO[str], lines: list[str]) -> None:
        for line in stream:
            lines.append(line)

    @property
    def stdout(self) -> str:
        return "".join(self.out)

    @property
    def stderr(self) -> str:
        return "".join(self.err)

    def status(self, path: str) -> int:
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:  # noqa: S310 - loopback
                return int(response.status)
        except urllib.error.HTTPError as error:
            return error.code

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def server(project: MiniProject) -> Iterator[Server]:
    running = Server(project)
    yield running
    running.stop()


def test_a_nul_byte_in_the_path_is_a_bad_request(server: Server) -> None:
    assert server.status("/en/%00") == 400
    assert server.status("/en/index.html%00.txt") == 400
    assert server.status("/en/") == 200
    assert wait_for(lambda: "serve: 400 for '/en/%00': a NUL byte in the path\n" in server.stderr), server.stderr
    assert "Traceback" not in server.stderr


@pytest.mark.parametrize("since", ["%C2%B2", "1" * 5000, "-1", "abc", "1" * 19])
def test_a_reload_request_with_a_bad_number_is_a_bad_request(server: Server, since: str) -> None:
    assert server.status(f"/__reload?since={since}") == 400
    assert fetch(f"{server.base}/__reload?since=0") == "1"
    assert wait_for(lambda: "since= must be a build number of at most 18 digits" in server.stderr), server.stderr
    assert len(server.err) == 1
    assert "Traceback" not in server.stderr


def test_a_reader_who_leaves_during_the_long_poll_is_not_an_error(server: Server, project: MiniProject) -> None:
    readers = []
    for _ in range(3):
        reader = socket.create_connection(("127.0.0.1", server.port))
        reader.sendall(b"GET /__reload?since=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        readers.append(reader)
    time.sleep(0.5)  # the requests are read, and wait
    for reader in readers:  # a tab closed: the connection is reset, not said goodbye to
        reader.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        reader.close()
    lesson = project.root / "content/en/moving.md"
    lesson.write_text(lesson.read_text().replace("Each number", "Every number"))
    assert wait_for(lambda: "Every number" in fetch(f"{server.base}/en/moving/")), server.stdout
    assert fetch(f"{server.base}/__reload?since=1") == "2"
    assert server.stderr == ""


def test_a_link_out_of_the_site_is_never_followed(server: Server, project: MiniProject, tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "passwords.txt").write_text("hunter2")
    site = project.root / "_site"
    (site / "rootlink").symlink_to("/")
    (site / "secretlink").symlink_to(secret)
    (site / "en" / "file-link.txt").symlink_to(secret / "passwords.txt")
    for path in ("/rootlink/etc/passwd", "/secretlink/passwords.txt", "/en/file-link.txt", "/secretlink/"):
        assert server.status(path) == 404, path
    assert wait_for(lambda: "serve: 404 for '/rootlink/etc/passwd': it leads out of the output folder (a link)"
                    in server.stderr), server.stderr
    assert server.status("/en/") == 200
    assert "Traceback" not in server.stderr


def test_stray_links_in_the_site_are_removed_by_the_first_rebuild(project: MiniProject, tmp_path: Path) -> None:
    assert project.run("build").returncode == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    site = project.root / "_site"
    (site / "emptylink").symlink_to(empty)
    (site / "rootlink").symlink_to("/")
    running = Server(project)
    try:
        assert "Rebuilt" in running.stdout, running.stderr
        assert not (site / "emptylink").is_symlink()
        assert not (site / "rootlink").is_symlink()
        assert empty.is_dir()
    finally:
        running.stop()


def test_code_that_does_not_import_keeps_the_last_good_site_served(project: MiniProject) -> None:
    # A copy of the code and build.py (whose folder Python looks in first): breaking the copy
    # breaks no one else.
    shutil.copytree(REPO / "plakoto_site", project.root / "plakoto_site", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "build.py", project.root / "build.py")
    running = Server(project, script=project.root / "build.py")
    try:
        module = project.root / "plakoto_site" / "site" / "output.py"
        good = module.read_text()
        module.write_text(good + "\ndef broken(:\n")
        assert wait_for(lambda: "it does not import" in running.stderr, 60), running.stdout + running.stderr
        assert "SyntaxError: invalid syntax" in running.stderr
        assert "Still serving the last good site; fix it and save." in running.stderr
        assert running.status("/en/") == 200
        assert running.process.poll() is None
        module.write_text(good)
        assert wait_for(lambda: "restarting" in running.stdout, 60), running.stdout + running.stderr
        assert wait_for(lambda: running.stdout.count("Serving") == 2, 60), running.stdout + running.stderr
        assert running.status("/en/") == 200
        assert "Traceback" not in running.stderr
    finally:
        running.stop()
