"""Build time: the cold build and the one-lesson rebuild, this code beside another commit's.

    python benchmarks/build_time.py [--runs 11] [--against COMMIT]

Each run times three cold builds in turn, each a whole process (``python build.py build``
into a new, empty folder) under ``/usr/bin/time``: elapsed time, processor time (user +
system, a forked copy included) and peak memory (of the largest process):

- ``this code``: the build as it is, on two cores (a forked copy renders half the languages);
- ``one core``: the same held to one core with ``taskset -c 0``; the build then forks
  nothing, as it would with no parallelism at all;
- ``COMMIT``: the code of that commit (by default 4eb5f8a, the last with the hand-made
  forks, pipes and ``ctypes`` of the old ``site/parallel.py``), exported with ``git
  archive`` into a temporary folder and run by the same Python.

Then the one-lesson rebuild of ``make serve`` (in one process, the build state kept, one
lesson touched between builds) for this code and COMMIT's, in turn. Medians are printed.
The run folders (in the system's temporary folder: a build refuses one inside the
project) are removed only at the end: removing ~1,700 files just before a build makes the
next build's file creation slow on this machine's disk.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AGAINST = "4eb5f8a"
TIME = ["/usr/bin/time", "-f", "%e %U %S %M"]

REBUILD = """\
import statistics, sys, time
from pathlib import Path
from plakoto_site.site.build import build
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache
root, out, runs = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
lesson = root / "content" / "en" / "pinning.md"
original = lesson.read_bytes()
cache = BuildCache()
build(Project(root), out, in_place=True, cache=cache)
samples = []
try:
    for index in range(runs):
        lesson.write_bytes(original + f"\\n<!-- {index} -->\\n".encode())
        began = time.perf_counter()
        build(Project(root), out, in_place=True, cache=cache)
        samples.append(time.perf_counter() - began)
finally:
    lesson.write_bytes(original)
print(statistics.median(samples))
"""


def cold_build(root: Path, out: Path, prefix: tuple[str, ...] = ()) -> tuple[float, float, float]:
    """Elapsed seconds, processor seconds and peak megabytes of one cold build."""
    done = subprocess.run([*prefix, *TIME, sys.executable, str(root / "build.py"), "build", "--out", str(out)],
                          cwd=root, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the build in {root} failed:\n{done.stdout}{done.stderr}")
    wall, user, system, peak = done.stderr.split()[-4:]
    return float(wall), float(user) + float(system), int(peak) / 1024


def rebuild(root: Path, out: Path, runs: int) -> float:
    """The median one-lesson rebuild, in milliseconds (``root``'s code, run from there)."""
    done = subprocess.run([sys.executable, "-c", REBUILD, str(root), str(out), str(runs)],
                          cwd=root, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the rebuild in {root} failed:\n{done.stderr}")
    return float(done.stdout) * 1000


def export(commit: str, folder: Path) -> Path:
    """The files of ``commit`` (``git archive``), as a project of their own."""
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="cold builds of each kind (default 11)")
    parser.add_argument("--against", default=AGAINST, help=f"the commit to compare with (default {AGAINST})")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        runs = Path(scratch)
        old = export(args.against, runs / "old")
        kinds = {"this code": (ROOT, ()), "one core": (ROOT, ("taskset", "-c", "0")), args.against: (old, ())}
        times: dict[str, list[tuple[float, float, float]]] = {kind: [] for kind in kinds}
        for run in range(args.runs + 1):
            for kind, (root, prefix) in kinds.items():
                timed = cold_build(root, runs / f"{len(times[kind])}-{run}-{kind.replace(' ', '-')}", prefix)
                if run:  # the first is untimed: bytecode and compiled templates written
                    times[kind].append(timed)
        print(f"cold build, median of {args.runs} runs in turn:   elapsed  processor  peak memory")
        for kind, samples in times.items():
            wall, cpu, peak = (statistics.median(column) for column in zip(*samples, strict=True))
            print(f"  {kind:<40} {wall:6.2f} s  {cpu:6.2f} s  {peak:6.0f} MB")
        mine, theirs = [], []
        for _ in range(3):
            mine.append(rebuild(ROOT, runs / "serve-new", args.runs))
            theirs.append(rebuild(old, runs / "serve-old", args.runs))
        print(f"one-lesson rebuild (make serve), median: this code {statistics.median(mine):.0f} ms, "
              f"{args.against} {statistics.median(theirs):.0f} ms")


if __name__ == "__main__":
    main()
