"""EMBEDDING.md's MkDocs steps, run as written: a clone named as the text says, a normal
(non-editable) install of it into a new virtual environment (pip reaches the registry for
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


def copy_of_the_project(target: Path) -> None:
    """What a clone holds: the files git tracks, and the new ones it does not ignore."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target / name)


def test_the_mkdocs_steps_as_written_build_a_site_with_a_diagram(tmp_path: Path) -> None:
    text = section("In a MkDocs site")
    commands = [line.split("#", 1)[0].strip() for line in blocks(text, "sh")[0].splitlines()]
    clone, *install = [c for c in commands if c]
    match = re.fullmatch(r"git clone REPOSITORY (\S+)", clone)
    assert match, clone
    folder = match.group(1)
    assert folder != "plakoto_site"  # a folder named like the package would hide it
    copy_of_the_project(tmp_path / folder)

    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bin_folder = tmp_path / "venv" / "bin"
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(tmp_path / "venv"),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    for command in install:
        assert command.startswith("pip install ") and " -e " not in command, command  # a normal install
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
