"""A small temporary project, built through the real command line."""

from __future__ import annotations

import functools
import resource
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

LESSON_EN = """\
+++
title = "Pinning"
order = 1
summary = "A lone checker is pinned, not hit."
+++

Landing on a lone checker **pins** it.

```diagram pin
start: A lone black checker on 15.
pin: White pins it.
```
"""

LESSON_RU = """\
+++
title = "Запирание"
order = 1
summary = "Одинокую шашку запирают, а не бьют."
+++

Шашка, вставшая на одинокую шашку соперника, **запирает** её.

```diagram pin
start: Одинокая чёрная шашка на пункте 15.
pin: Белые запирают её.
```
"""

SECOND_EN = """\
+++
title = "Moving"
order = 2
summary = "Two numbers, two moves."
+++

Each number moves one checker.
"""

DIAGRAM = """\
id = "pin"
rules = "plakoto"
start = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"

[[steps]]
name = "pin"
roll = "5-3"
play = "20/15* 13/10"
[steps.expect]
pips = { white = 282, black = 330 }
"""

PO_RU = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
"Language: ru\\n"

msgid "White rolls %(roll)s and plays %(moves)s (written %(play)s)."
msgstr "Белые: бросок %(roll)s, ход %(moves)s (запись %(play)s)."

msgid "%(count)s white checker"
msgid_plural "%(count)s white checkers"
msgstr[0] "%(count)s белая шашка"
msgstr[1] "%(count)s белые шашки"
msgstr[2] "%(count)s белых шашек"
"""


def drill_summary(drills: object) -> list[tuple[str, str, str, str, str, object, str]]:
    """Each drill as what it asks: its kind, id, position, roll, side, answer and written play."""
    assert isinstance(drills, dict)
    return [(kind, d.id, d.exercise.position.code(), str(d.exercise.dice), d.exercise.side.value,
             d.exercise.answer, d.written) for kind, found in drills.items() for d in found]


class MiniProject:
    """A project folder with two languages, one diagram and two lessons."""

    def __init__(self, root: Path) -> None:
        self.root = root
        shutil.copytree(REPO / "templates", root / "templates")
        self.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru"]\n')
        self.write("content/diagrams/pin.toml", DIAGRAM)
        self.write("content/en/pinning.md", LESSON_EN)
        self.write("content/en/moving.md", SECOND_EN)
        self.write("content/ru/pinning.md", LESSON_RU)
        self.write("locales/ru/LC_MESSAGES/messages.po", PO_RU)

    def write(self, name: str, text: str) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def run(self, *args: str, file_size_limit: int | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        """``build.py --root <project> *args``; ``file_size_limit`` makes every write past
        that many bytes in one file fail, as on a full disk; ``env`` is the environment."""
        return subprocess.run(
            [sys.executable, str(REPO / "build.py"), "--root", str(self.root), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
            preexec_fn=None if file_size_limit is None else functools.partial(_limit_file_size, file_size_limit),
        )

    def snapshot(self, folder: str = "_site") -> dict[str, bytes]:
        base = self.root / folder
        return {p.relative_to(base).as_posix(): p.read_bytes() for p in sorted(base.rglob("*")) if p.is_file()}


def _limit_file_size(size: int) -> None:
    """In the child process: a write past ``size`` bytes fails with EFBIG ("File too large")
    instead of killing the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


@pytest.fixture
def project(tmp_path: Path) -> MiniProject:
    return MiniProject(tmp_path / "project")


Project = Callable[[], MiniProject]
