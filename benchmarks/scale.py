"""Growth: the site at ten times its content, and a lesson with a 10,000-step diagram.

    python benchmarks/scale.py [--times 10] [--steps 10000] [--runs 3] [--only long]

Each build is a whole process (``build.py build`` under ``/usr/bin/time``) in a temporary
copy of the project (its tracked files, as ``git ls-files`` lists them):

- ``plain``: the site as it is;
- ``×10``: every lesson of every language copied under new slugs (``pinning-2`` …
  ``pinning-10``, the same text), and ten times the drills of each kind (the build's own
  drill count, :data:`plakoto_site.content.drills.COUNT`, set ten times as high in the
  process: a site has no setting for it);
- ``long diagram``: the plain site with one more lesson, in English (the other languages
  show it untranslated), with a diagram of 10,000 steps, each "rolls 6-6 and cannot move".

The goals: ``×10`` in at most ten times the plain site's processor time (user + system,
the forked copy included: the work, whatever the machine's load) and three times its peak
memory; the long diagram's site in under 10 s of elapsed time, what its author waits for
(36.7 s on 2026-11-30), and under 400 MB. The build uses both cores, so its processor
time, printed beside, is up to twice its elapsed time; on this shared machine the elapsed
time can only grow with the other processes. The system's part of the
processor time is printed too: creating and writing the files (the long diagram's site is
1,771 files, 670 MB: its lesson and embed page in four languages carry every step; past
100 steps a diagram has no picture per step, see
:data:`plakoto_site.render.embed.PICTURED_STEPS`). Each figure is the median of ``--runs``
builds.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

START = "W:23x3,5,2x4,1x6;B:17x2,19,20x2,21x3,22x5,24x2;P:22;T:B"
"""A position where neither side can move with 6-6 (as in ``long_diagram.py``)."""

BUILD = """\
import sys
import plakoto_site.content.drills as drills
times = int(sys.argv.pop(1))
drills.GAMES *= times
drills.make_drills.__defaults__ = (drills.SEED, drills.COUNT * times)
from plakoto_site.commands.cli import run_once
run_once()
"""
"""``build.py build`` with ``times`` the drills (the first argument)."""

LONG_LESSON = """\
+++
title = "A very long game"
order = 99
summary = "Ten thousand turns in which nobody can move."
+++

Nobody can move with 6-6 here, turn after turn.

```diagram long
start: Nobody can move with 6-6.
```
"""


def copy_project(folder: Path) -> Path:
    """The project's tracked files in ``folder``."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True)
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


def ten_times(project: Path, times: int) -> None:
    """Every lesson of every language ``times`` over: copies under new slugs, ordered after."""
    for lesson in sorted(project.glob("content/*/*.md")):
        if lesson.stem.startswith("_") or lesson.parent.name in ("diagrams", "exercises"):
            continue
        text = lesson.read_text(encoding="utf-8")
        order = re.search(r"^order = (\d+)$", text, flags=re.M)
        for copy in range(2, times + 1):
            ordered = text if order is None else text.replace(order[0], f"order = {int(order[1]) + 100 * copy}", 1)
            lesson.with_name(f"{lesson.stem}-{copy}.md").write_text(ordered, encoding="utf-8")


def long_diagram(project: Path, steps: int) -> None:
    """An English lesson (the other languages show it untranslated) with a diagram of
    ``steps`` steps, each "rolls 6-6 and cannot move"."""
    lines = ['id = "long"', 'rules = "plakoto"', f'start = "{START}"', ""]
    lines += ["[[steps]]\nroll = \"6-6\"\nplay = \"\"\n"] * steps
    (project / "content/diagrams/long.toml").write_text("\n".join(lines), encoding="utf-8")
    (project / "content/en/long-game.md").write_text(LONG_LESSON, encoding="utf-8")


class Build(NamedTuple):
    """One cold build's figures (or their medians)."""

    processor: float
    """Seconds, user + system."""
    system: float
    """The system's part of ``processor``: creating and writing the files."""
    elapsed: float
    peak: float
    """Megabytes."""
    pages: float
    """HTML pages."""


def build(project: Path, out: Path, times: int = 1) -> Build:
    """One cold build of ``project`` into ``out``, with ``times`` the drills."""
    done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", sys.executable, "-c", BUILD, str(times),
                           "--root", str(project), "build", "--out", str(out)],
                          cwd=project, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the build in {project} failed:\n{done.stdout}{done.stderr}")
    wall, user, system, peak = done.stderr.split()[-4:]
    return Build(float(user) + float(system), float(system), float(wall), int(peak) / 1024,
                 len(list(out.rglob("*.html"))))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--times", type=int, default=10, help="how many times the content (default 10)")
    parser.add_argument("--steps", type=int, default=10_000, help="the long diagram's steps (default 10,000)")
    parser.add_argument("--runs", type=int, default=3, help="builds of each kind; the median counts (default 3)")
    parser.add_argument("--only", choices=("grown", "long"),
                        help="build the plain site and only this case (default both)")
    args = parser.parse_args()
    (ROOT / ".cache").mkdir(exist_ok=True)
    grown_kind = f"×{args.times}"
    with tempfile.TemporaryDirectory(dir=ROOT / ".cache") as scratch:
        folder = Path(scratch)
        kinds = {"plain": (copy_project(folder / "plain"), 1)}
        if args.only in (None, "grown"):
            kinds[grown_kind] = (copy_project(folder / "grown"), args.times)
            ten_times(kinds[grown_kind][0], args.times)
        if args.only in (None, "long"):
            kinds["long diagram"] = (copy_project(folder / "long"), 1)
            long_diagram(kinds["long diagram"][0], args.steps)
        found: dict[str, list[Build]] = {kind: [] for kind in kinds}
        for run in range(args.runs):
            for kind, (project, times) in kinds.items():
                found[kind].append(build(project, folder / f"out-{run}-{len(found[kind])}-{times}", times))
        median = {kind: Build(*map(statistics.median, zip(*samples, strict=True))) for kind, samples in found.items()}
        print(f"median of {args.runs} cold builds   processor (system)  elapsed  peak memory  HTML pages")
        for kind, m in median.items():
            print(f"  {kind:<26} {m.processor:7.2f} s ({m.system:5.2f} s) {m.elapsed:7.2f} s {m.peak:7.0f} MB"
                  f" {m.pages:8.0f}")
        cpu = {kind: m.processor for kind, m in median.items()}
        elapsed = {kind: m.elapsed for kind, m in median.items()}
        peak = {kind: m.peak for kind, m in median.items()}
        goals = []
        if grown_kind in kinds:
            goals += [
                (f"×{args.times} content: at most {args.times}× the time", cpu[grown_kind] / cpu["plain"], args.times, "×"),
                (f"×{args.times} content: at most 3× the peak memory", peak[grown_kind] / peak["plain"], 3, "×"),
            ]
        if "long diagram" in kinds:
            goals += [
                (f"{args.steps:,}-step diagram: under 10 s elapsed", elapsed["long diagram"], 10, "s"),
                (f"{args.steps:,}-step diagram: under 400 MB", peak["long diagram"], 400, "MB"),
            ]
        met = True
        for goal, value, limit, unit in goals:
            ok = value <= limit
            met &= ok
            print(f"{goal:<44} {value:8.2f} {unit:<2} {'met' if ok else 'NOT met'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
