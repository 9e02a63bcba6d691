"""The site's address (``url`` in content/site.toml, ``--base-url``) is written into every
page, the sitemap and each embed snippet: one that no browser can open is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import REPO, MiniProject

IMPOSSIBLE = [
    ("https://example.org:99999/", "has a port that is not a whole number from 1 to 65535"),
    ("https://example.org:0/", "has a port that is not a whole number from 1 to 65535"),
    ("https://example.org:http/", "has a port that is not a whole number from 1 to 65535"),
    ("https://user:pass@example.org/", "carries a user name or password (user:pass@)"),
    ("https://user@example.org/", "carries a user name or password (user:pass@)"),
    ("https://:8080/", "is not a web address"),
]


@pytest.mark.parametrize(("url", "why"), IMPOSSIBLE)
def test_site_toml_with_an_impossible_address_names_file_and_line(project: MiniProject, url: str, why: str) -> None:
    project.write("content/site.toml", f'languages = ["en", "ru"]\nurl = "{url}"\n')
    for command in ("check", "build"):
        result = project.run(command)
        assert result.returncode == 1
        assert f"content/site.toml:2: url {url!r} {why}" in result.stderr
        assert "Traceback" not in result.stderr
    assert not (project.root / "_site").exists()


@pytest.mark.parametrize(("url", "why"), IMPOSSIBLE)
def test_base_url_with_an_impossible_address_is_refused(project: MiniProject, tmp_path: Path, url: str,
                                                       why: str) -> None:
    diagram = str(REPO / "examples" / "my-diagram.toml")
    for command in (["build", "--out", str(tmp_path / "site")], ["diagram", diagram, "--out", str(tmp_path / "d")]):
        result = project.run(*command, "--base-url", url)
        assert result.returncode == 2
        assert f"argument --base-url: {url!r} {why}" in result.stderr
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "site").exists()
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("url", ["https://example.org:8443/plakoto/", "http://127.0.0.1:1/", "https://example.org:65535"])
def test_a_real_port_is_kept(project: MiniProject, tmp_path: Path, url: str) -> None:
    result = project.run("build", "--out", str(tmp_path / "site"), "--base-url", url)
    assert result.returncode == 0, result.stderr
    assert url.rstrip("/") + "/en/pinning/" in (tmp_path / "site" / "sitemap.xml").read_text()
