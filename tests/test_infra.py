"""Smoke tests for the test infrastructure itself."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parent.parent

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>infra</title></head>
<body>
<button id="b" type="button">Roll</button>
<script>
document.getElementById("b").addEventListener("click", (e) => {
  e.target.textContent = "Rolled";
});
</script>
</body></html>
"""


@pytest.mark.browser
def test_chromium_playwright_click(
    page: Page, tmp_path: Path, static_server: Callable[[Path], str]
) -> None:
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    base_url = static_server(tmp_path)
    assert base_url.endswith("/")
    page.goto(base_url + "index.html")
    button = page.locator("#b")
    expect(button).to_have_text("Roll")
    button.click()
    expect(button).to_have_text("Rolled")


@pytest.mark.parametrize("rel", ["scripts/ensure-tool.sh", ".ci/run"])
def test_scripts_are_executable(rel: str) -> None:
    path = REPO / rel
    assert path.is_file(), f"{rel} missing"
    assert os.access(path, os.X_OK), f"{rel} is not executable"


def test_every_test_folder_is_collected() -> None:
    """pytest skips folders named like ``build`` by default; each folder of tests/ must be
    collected by a plain ``pytest`` run, or a whole layer of tests silently never runs."""
    import subprocess
    import sys

    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                            cwd=REPO, capture_output=True, text=True, timeout=120).stdout
    collected = {line.split("::")[0].split("/")[1] for line in listed.splitlines() if line.count("/", 0, line.find("::")) >= 2}
    folders = {p.name for p in (REPO / "tests").iterdir() if p.is_dir() and any(p.glob("test_*.py"))}
    assert folders == {"browser", "content", "engine", "i18n", "integrations", "render", "site"}
    assert collected == folders
