"""Every mistake is a ``path:line`` message, never a traceback; unknown keys, reserved
names and ids used twice are errors; serve outlives any rebuild."""

from __future__ import annotations

import io
import os
import socket
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest

from plakoto_site.commands import cli, serve
from plakoto_site.site import output
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import DIAGRAM, LESSON_EN, MiniProject

HUGE = "1" * 5000


def refused(project: MiniProject, *expected: str, command: str = "check") -> str:
    done = project.run(command)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stdout + done.stderr
    for text in expected:
        assert text in done.stderr, done.stderr
    return done.stderr


def test_a_caption_key_that_only_looks_like_a_number(project: MiniProject) -> None:
    project.write("content/en/pinning.md", LESSON_EN.replace("pin: White pins it.", "²: White pins it."))
    refused(project, "content/en/pinning.md:11: diagram 'pin' has no step '²'")


def test_numbers_longer_than_python_reads(project: MiniProject) -> None:
    project.write("content/en/pinning.md", LESSON_EN.replace("pin: White pins it.", f"{HUGE}: White pins it."))
    refused(project, f"content/en/pinning.md:11: diagram 'pin' has no step '{HUGE}'")
    project.write("content/en/pinning.md", LESSON_EN.replace("order = 1", f"order = {HUGE}"))
    refused(project, "content/en/pinning.md:3: this number is too long to be read")
    project.write("content/en/pinning.md", LESSON_EN)
    project.write("content/diagrams/pin.toml", DIAGRAM.replace("white = 282", "white = 0x" + "f" * 2000))
    refused(project, "content/diagrams/pin.toml:1: a number in this file is too long to be read")


@pytest.mark.parametrize("name", ["content/diagrams/pin.toml", "content/exercises/pin-it.toml",
                                  "content/site.toml", "content/terms.toml", "content/en/moving.md"])
def test_a_latin_1_byte_is_named_with_its_line(project: MiniProject, name: str) -> None:
    path = project.root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = path.read_bytes() if path.exists() else b'position = "start"\nroll = "6-5"\n'
    path.write_bytes(text + b"# caf\xe9\n")
    line = text.count(b"\n") + 1
    refused(project, f"{name}:{line}: this file is not UTF-8: byte 0xe9 on this line")


def test_a_byte_order_mark_is_accepted(project: MiniProject) -> None:
    for name in ("content/en/pinning.md", "content/site.toml", "content/diagrams/pin.toml"):
        path = project.root / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    assert "Pinning" in project.snapshot()["en/pinning/index.html"].decode()


def test_an_unknown_language_code(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/"\nlanguages = ["en", "ru", "xx"]\n')
    refused(project, "content/site.toml:2: the language 'xx' is not a language Babel knows")
    project.write("content/site.toml", 'url = "https://example.org/"\nlanguages = ["en", "../ru"]\n')
    refused(project, "content/site.toml:2: the language '../ru' is not a language code")


def test_an_unknown_language_for_an_authors_diagram(project: MiniProject, tmp_path: Path) -> None:
    source = tmp_path / "mine.toml"
    source.write_text(DIAGRAM.replace('id = "pin"', 'id = "mine"') + '\n[captions.xx]\nstart = "?"\n')
    done = project.run("diagram", str(source), "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "mine.toml:12: the language 'xx' is not a language Babel knows" in done.stderr


def test_a_missing_asset(project: MiniProject) -> None:
    (project.root / "templates/assets/diagram.js").unlink()
    refused(project, "templates/assets/diagram.js: this file of the site is missing", command="build")


def test_a_folder_that_cannot_be_written(project: MiniProject, monkeypatch: pytest.MonkeyPatch) -> None:
    assert project.run("build").returncode == 0
    before = project.snapshot()

    real_open = os.open

    def read_only(path: str, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT:  # every file the build writes is created through os.open
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    errors = io.StringIO()
    with redirect_stderr(errors):
        code = cli.main(["--root", str(project.root), "build"])
    monkeypatch.undo()
    assert code == 1
    assert "cannot write here: Permission denied" in errors.getvalue()
    assert "The previous site" in errors.getvalue()
    assert project.snapshot() == before
    leftovers = [p.name for p in project.root.iterdir() if p.name.startswith("._site.")]
    assert leftovers == ["._site.lock"]  # the lock file of the first build stays, and only it


def test_unknown_keys_are_errors_with_the_nearest_key(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/"\nlanguges = ["en"]\n')
    refused(project, "content/site.toml:2: site.toml has an unknown key 'languges' — did you mean 'languages'?")
    project.write("content/site.toml", 'url = "https://example.org/"\nlanguages = ["en", "ru"]\n')
    project.write("content/en/pinning.md", LESSON_EN.replace("order = 1", "order = 1\nsumary = \"x\""))
    refused(project, "content/en/pinning.md:4: the front matter has an unknown key 'sumary' — did you mean 'summary'?")
    project.write("content/en/pinning.md", LESSON_EN)
    project.write("content/terms.toml", '[pin]\nen = ["pin"]\nrn = ["запирать"]\n')
    refused(project, "content/terms.toml:1: [pin]: 'rn' is not a language of this site — did you mean 'ru'?")
    project.write("content/terms.toml", "")
    project.write("content/diagrams/pin.toml", DIAGRAM.replace('start = ', 'strat = "start"\nstart = '))
    refused(project, "content/diagrams/pin.toml:3: unknown key 'strat' — did you mean 'start'?")
    project.write("content/diagrams/pin.toml", DIAGRAM)
    project.write("content/exercises/pin-it.toml", 'position = "start"\nrol = "6-5"\nroll = "6-5"\n')
    refused(project, "content/exercises/pin-it.toml:2: unknown key 'rol' — did you mean 'roll'?")


@pytest.mark.parametrize("slug", ["practice", "embed", "play", "assets", "404", "index"])
def test_a_lesson_may_not_take_a_name_the_build_uses(project: MiniProject, slug: str) -> None:
    project.write(f"content/en/{slug}.md", LESSON_EN.replace("order = 1", "order = 3"))
    refused(project, f"content/en/{slug}.md:1: the file name {slug!r} is taken by a page the build makes itself")


def test_the_same_diagram_twice_on_a_page(project: MiniProject) -> None:
    project.write("content/en/pinning.md", LESSON_EN + "\nAgain:\n\n```diagram pin\nstart: Again.\npin: Again.\n```\n")
    refused(project, "content/en/pinning.md:16: the id 'pin' is already used on this page, on line 9")


def test_the_same_heading_id_twice(project: MiniProject) -> None:
    project.write("content/en/moving.md", SECOND_TWICE)
    refused(project, "content/en/moving.md:11: the id 'move' is already used on this page, on line 7")


SECOND_TWICE = """\
+++
title = "Moving"
order = 2
summary = "Two numbers, two moves."
+++

## Moving {#move}

Each number moves one checker.

## Moving again {#move}
"""


def test_serve_outlives_any_error_in_a_rebuild(project: MiniProject, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(serve, "build", broken)
    errors = io.StringIO()
    with redirect_stderr(errors):
        assert serve.rebuild(Project(project.root), project.root / "_site", None, BuildCache()) is False
    assert "Still serving the last good site" in errors.getvalue()


def test_serve_listens_with_a_real_backlog() -> None:
    assert serve._Server.request_queue_size >= 128 or serve._Server.request_queue_size == socket.SOMAXCONN


def test_a_served_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    target.write_bytes(b"old page")
    with target.open("rb") as reader:  # a request that began before the rebuild
        output.replace_file(target, b"new page")
        assert reader.read() == b"old page"
    assert target.read_bytes() == b"new page"
    assert os.listdir(tmp_path) == ["page.html"]


def test_serve_writes_through_replace_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "_site"
    out.mkdir()
    (out / "a.html").write_bytes(b"before")
    replaced: list[str] = []
    real = output.replace_file
    def replace_file(target: Path, data: bytes) -> None:
        replaced.append(target.name)
        real(target, data)

    monkeypatch.setattr(output, "replace_file", replace_file)
    output.write_changes({"a.html": b"after", "b/c.html": b"new"}, out, {})
    assert sorted(replaced) == ["a.html", "c.html"]
    assert (out / "a.html").read_bytes() == b"after"


def test_one_language_of_several_keeps_the_term_table_whole(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/"\nlanguages = ["en", "ru", "el"]\n')
    project.write("content/terms.toml", '[pin]\nen = ["pin"]\nru = ["запирать"]\nel = ["πλάκωμα"]\n')
    done = project.run("check", "--lang", "ru")
    assert done.returncode == 0, done.stderr


def test_serve_on_a_port_it_cannot_use(project: MiniProject, tmp_path: Path) -> None:
    done = project.run("serve", "--port", "99999")
    assert done.returncode == 2 and "argument --port: '99999' is not a port" in done.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = project.run("serve", "--port", port, "--out", str(tmp_path / "served"))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"Not serving: port {port} cannot be used" in done.stderr


def test_the_keys_status_writes_are_known_front_matter() -> None:
    from plakoto_site.content.lessons import FRONT_MATTER
    from plakoto_site.i18n import status

    assert {status.KEY, status.TEXT_KEY} <= set(FRONT_MATTER)


def test_every_setting_is_a_known_key_of_site_toml() -> None:
    from dataclasses import fields

    from plakoto_site.content.settings import SETTINGS, Settings

    assert {field.name for field in fields(Settings)} == set(SETTINGS)
