"""EMBEDDING.md's MkDocs steps, run as written: on a fresh clone of the project (what git
holds, nothing else), the install lines with PROJECT_FOLDER replaced by the clone's path, a
normal (non-editable) install into a new virtual environment (pip reaches the registry for
the dependencies, through its cache), the ``mkdocs.yml`` lines and the fence of the text,
then ``mkdocs build``: the site has the checked figure and its assets."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def section(title: str) -> str:
    text = (REPO / "EMBEDDING.md").read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start: end if end > 0 else None]


def blocks(text: str, language: str) -> list[str]:
    """The fenced blocks of ``language``, their indentation taken off."""
    found = re.findall(rf"^( *)(`{{3,}}){language}\n(.*?)^\1\2$", text, re.S | re.M)
    return ["\n".join(line[len(indent):] for line in body.splitlines()) for indent, _, body in found]


def fresh_clone(target: Path) -> None:
    """A clone of the project's committed history, as a reader who has the repository gets it."""
    subprocess.run(["git", "clone", "-q", str(REPO), str(target)], check=True, capture_output=True, timeout=300)


def test_the_mkdocs_steps_as_written_build_a_site_with_a_diagram(tmp_path: Path) -> None:
    text = section("In a MkDocs site")
    install = [c for c in (line.split("#", 1)[0].strip() for line in blocks(text, "sh")[0].splitlines()) if c]
    assert install == ["pip install 'PROJECT_FOLDER[mkdocs]'"], install  # a normal install: no -e
    folder = "project"
    fresh_clone(tmp_path / folder)

    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bin_folder = tmp_path / "venv" / "bin"
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(tmp_path / "venv"),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    for command in install:
        command = command.replace("PROJECT_FOLDER", str(tmp_path / folder))
        done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    shutil.rmtree(tmp_path / folder)  # nothing may be read from the clone any more
    where = subprocess.run([str(bin_folder / "python"), "-c", "import plakoto_site; print(plakoto_site.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout
    assert "site-packages" in where

    site = tmp_path / "blog"
    (site / "docs").mkdir(parents=True)
    (site / "mkdocs.yml").write_text("site_name: My blog\n" + blocks(text, "yaml")[0] + "\n")
    fence = blocks(text, "markdown")[0]
    assert fence.startswith("```plakoto")
    (site / "docs" / "index.md").write_text(f"# Pins\n\n{fence}\n\nAfter the board.\n")
    done = subprocess.run(["mkdocs", "build", "--strict"], cwd=site, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    page = (site / "site" / "index.html").read_text(encoding="utf-8")
    assert 'data-plakoto-diagram="pin-on-five"' in page and 'data-play="8/5* 6/5"' in page
    assert "After the board." in page
    script = (site / "site" / "assets" / "plakoto" / "diagram.js").read_text()
    assert "PlakotoSteppers" in script and (site / "site" / "assets" / "plakoto" / "plakoto.css").is_file()
