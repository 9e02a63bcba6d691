"""``serve`` in a real browser: an open page reloads itself after a rebuild, within the
pages' Content-Security-Policy, and shows the edit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.site.conftest import REPO, MiniProject
from tests.site.test_serve import Output, fetch, free_port, wait_for

pytestmark = pytest.mark.browser


def test_an_open_page_reloads_after_an_edit(page: Page, tmp_path: Path) -> None:
    project = MiniProject(tmp_path / "project")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(REPO / "build.py"), "--root", str(project.root), "serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    output = Output(server)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    try:
        url = f"http://127.0.0.1:{port}/en/moving/"
        assert wait_for(lambda: "Each number moves one checker." in fetch(url)), output.text
        page.goto(url)
        expect(page.locator("main")).to_contain_text("Each number moves one checker.")
        lesson = project.root / "content/en/moving.md"
        with page.expect_navigation(url=url, timeout=20_000):  # the page reloads itself
            lesson.write_text(lesson.read_text().replace("Each number moves one checker.", "Numbers move checkers."))
        expect(page.locator("main")).to_contain_text("Numbers move checkers.")
        assert errors == []  # no script refused by the page's Content-Security-Policy
    finally:
        server.terminate()
        server.wait(timeout=10)
