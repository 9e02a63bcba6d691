"""Every command the README and docs/ give works as written.

Commands are taken from the shell code blocks (``sh``, ``console``, ``bash``; a ``$ `` in
front marks a command, and the lines after it are its output) and from inline code that
starts like a command (``make …``, ``python …``, ``.venv/bin/…``, ``node …``). What is run:

- ``echo '…' | python -m plakoto_site.engine VERB`` and ``… | node scripts/engine.js VERB``
  run as written (with this Python); the answer must match the output the page shows, ``…``
  standing for anything.
- ``make TARGET``: ``make -n TARGET`` (the target exists; nothing is built or installed).
- ``python build.py COMMAND …``: ``build.py COMMAND --help``; ``python -m MODULE …``:
  ``python -m MODULE --help``.
- a script (``benchmarks/x.py``, ``scripts/x.py``): the file exists, and a Python script
  answers ``--help`` (a benchmark runs for minutes).
- ``node FILE`` (or a folder, for ``node --test``): it exists.

A command none of these covers fails the test, so a new kind of command gets a check.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
SHELLS = {"sh", "console", "bash", "shell"}
INLINE = re.compile(r"`((?:make|python|\.venv/bin/\S+|node) [^`]+)`")
PYTHON = re.compile(r"^(?:python3?|\.venv/bin/python3?)$")


def commands(page: Path) -> list[tuple[str, str]]:
    """(command, the output the page shows for it) in the order the page gives them."""
    text = page.read_text(encoding="utf-8")
    found: list[tuple[str, str]] = []
    for fence in re.finditer(r"^(`{3,})(\w*)[^\n]*\n(.*?)^\1[ \t]*$", text, re.M | re.S):
        if fence[2] in SHELLS:
            found += _block(fence[3])
    prose = re.sub(r"^(`{3,}).*?^\1[ \t]*$", "", text, flags=re.M | re.S)
    found += [(" ".join(match.split()), "") for match in INLINE.findall(prose)]
    return found


def _block(body: str) -> list[tuple[str, str]]:
    lines = body.replace("\\\n", " ").splitlines()
    if not any(line.startswith("$ ") for line in lines):  # every line a command
        return [(line.split(" #")[0].strip(), "") for line in lines if line.strip() and not line.startswith("#")]
    found: list[tuple[str, str]] = []
    for line in lines:
        if line.startswith("$ "):
            found.append((" ".join(line[2:].split()), ""))
        elif line.strip() and found:
            command, output = found[-1]
            found[-1] = (command, (output + "\n" + line).strip())
    return found


EVERY = [(page.relative_to(REPO).as_posix(), command, output) for page in PAGES for command, output in commands(page)]


def test_the_pages_give_commands() -> None:
    """The README gives its two commands; docs/ gives the engine's command line at work."""
    given = {command for _, command, _ in EVERY}
    assert {"make site", "make test"} <= given
    assert any("python -m plakoto_site.engine apply" in command for command in given)


@pytest.mark.parametrize(("page", "command", "output"), EVERY, ids=[f"{p}: {c[:60]}" for p, c, _ in EVERY])
def test_the_command_works_as_written(page: str, command: str, output: str) -> None:
    if command.startswith("echo "):
        _piped(command, output)
        return
    words = shlex.split(command)
    if words[0] == "make":
        for target in [word for word in words[1:] if "=" not in word and not word.startswith("-")]:
            done = subprocess.run(["make", "-n", target], cwd=REPO, capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, f"{page}: make has no target {target!r}: {done.stderr}"
    elif PYTHON.match(words[0]) and words[1:2] == ["build.py"]:
        verb = [word for word in words[2:] if not word.startswith("-")][:1]
        done = subprocess.run([sys.executable, "build.py", *verb, "--help"], cwd=REPO, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and "usage:" in done.stdout, f"{page}: {command!r}: {done.stderr}"
    elif PYTHON.match(words[0]) and words[1] == "-m":
        done = subprocess.run([sys.executable, "-m", words[2], "--help"], cwd=REPO, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and "usage:" in done.stdout, f"{page}: {command!r}: {done.stderr}"
    elif PYTHON.match(words[0]) and words[1].endswith(".py"):
        assert (REPO / words[1]).is_file(), f"{page}: {command!r}: no {words[1]}"
        done = subprocess.run([sys.executable, words[1], "--help"], cwd=REPO, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0 and "usage:" in done.stdout, f"{page}: {command!r}: {done.stderr}"
    elif words[0] == "node":
        path = next(word for word in words[1:] if not word.startswith("-"))
        assert (REPO / path).exists(), f"{page}: {command!r}: no {path}"
    elif words[0].startswith(".venv/bin/"):
        assert Path(sys.executable).with_name(words[0].removeprefix(".venv/bin/")).exists(), command
    else:
        pytest.fail(f"{page}: no check for {command!r}: teach tests/test_docs_commands.py one")


def _piped(command: str, output: str) -> None:
    """``echo '<line>' | <engine command line>``: run, and compare with the page's answer."""
    left, right = (part.strip() for part in command.split("|", 1))
    line = shlex.split(left)[1]
    program = shlex.split(right)
    if PYTHON.match(program[0]):
        program[0] = sys.executable
    assert program[:3] == [sys.executable, "-m", "plakoto_site.engine"] or program[:2] == ["node", "scripts/engine.js"], \
        f"no check for {command!r}"
    done = subprocess.run(program, input=line + "\n", cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shown = ".*".join(re.escape(part) for part in output.split("…"))
    assert re.fullmatch(shown, done.stdout.strip()), f"{command!r} answered {done.stdout!r}, the page shows {output!r}"
