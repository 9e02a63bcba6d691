"""TRANSLATING.md followed as written, on a fresh clone, with no ``make``: get the project
and set it up (section 0), then start a new draft language, Bulgarian (section 5). Every
``python build.py …`` line of those sections' command blocks is run as it stands, in its
order; the edits the guide asks for in words are made here, from the guide's own text."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GUIDE = (REPO / "TRANSLATING.md").read_text(encoding="utf-8")


def section(number: int) -> str:
    start = GUIDE.index(f"\n## {number}. ")
    end = GUIDE.find("\n## ", start + 1)
    return GUIDE[start:end if end != -1 else None]


def commands(text: str) -> list[list[str]]:
    """The ``python build.py …`` lines of the text's ``sh`` blocks, comments taken off."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith("python build.py"):
                found.append(line.split()[2:])
    return found


def system_python() -> str:
    """A Python outside the project's .venv, as a translator's machine has."""
    base = getattr(sys, "_base_executable", None) or shutil.which("python3") or sys.executable
    return str(base)


def outside_the_venv() -> dict[str, str]:
    """The environment without this project's .venv (as a fresh shell has it)."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
    return env


def run(clone: Path, args: list[str], timeout: int = 900) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([system_python(), *args], cwd=clone, capture_output=True, text=True, timeout=timeout,
                          env=outside_the_venv())
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done


def test_a_new_draft_language_on_a_fresh_clone_by_the_guide(tmp_path: Path) -> None:
    clone = tmp_path / "plakoto_site"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True, timeout=300)

    # 0. get the project: `git clone …`, `cd plakoto_site` (done above), then setup
    setup = commands(section(0))
    assert setup == [["setup"]], setup
    said = run(clone, ["build.py", *setup[0]]).stdout
    assert "no test tools" in said and "Ready." in said
    installed = subprocess.run([str(clone / ".venv/bin/python"), "-m", "pip", "list", "--format=freeze"],
                               capture_output=True, text=True, check=True).stdout.lower()
    assert "jinja2==" in installed and "pytest" not in installed and "playwright" not in installed

    # 5.1: the two lines the guide gives for content/site.toml
    five = section(5)
    languages = re.search(r'`(languages = \[[^`]*"bg"\])`', five)
    drafts = re.search(r'`(drafts = \["bg"\])`', five)
    assert languages and drafts, "section 5 no longer says what to write in content/site.toml"
    site = clone / "content/site.toml"
    text = re.sub(r"^languages = .*$", languages.group(1), site.read_text(encoding="utf-8"), flags=re.M)
    site.write_text(text + drafts.group(1) + "\n", encoding="utf-8")

    steps = commands(five)
    assert steps[:3] == [["messages"], ["terms", "--lang", "bg"], ["status", "--lang", "bg"]], steps
    for args in steps[:3]:
        done = run(clone, ["build.py", *args])
        if args[0] == "terms":
            assert '  bg  — not decided yet: add bg = ["…"] under [pin]' in done.stdout
        if args[0] == "status":
            assert "bg (draft)" in done.stdout
    assert "nplurals=2" in (clone / "locales/bg/LC_MESSAGES/messages.po").read_text(encoding="utf-8")

    # 5.4: content/bg/, _home.md copied from English and translated
    assert "copy `content/en/_home.md` into it and translate it" in five
    (clone / "content/bg").mkdir()
    home = (clone / "content/en/_home.md").read_text(encoding="utf-8")
    home = re.sub(r'^title = ".*"$', 'title = "Научете плакото"', home, count=1, flags=re.M)
    home = re.sub(r'^summary = ".*"$', 'summary = "Тапа, стъпка по стъпка."', home, count=1, flags=re.M)
    (clone / "content/bg/_home.md").write_text(home, encoding="utf-8")

    # 5.5: mark, check, build
    assert steps[3:] == [["status", "--mark", "bg/_home"], ["check"], ["build"]], steps
    for args in steps[3:]:
        run(clone, ["build.py", *args])
    page = (clone / "_site/bg/index.html").read_text(encoding="utf-8")
    assert "Научете плакото" in page and 'name="robots" content="noindex"' in page
    assert "/bg/" not in (clone / "_site/sitemap.xml").read_text(encoding="utf-8")
    assert (clone / "locales/bg/marked-english/_home.json").is_file()
