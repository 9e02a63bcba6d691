"""Build time: a full cold build of our site against MkDocs on the same Markdown, side by side.

    python benchmarks/build_time.py [--runs 21] [--no-serve]

Each run starts two processes, one after the other, and times each from start to exit:

- ours: ``python build.py build`` into an empty folder: every lesson, diagram, exercise,
  embed page and picture of every language, the engine's checks of every play included;
- MkDocs: ``python -m mkdocs build`` over the same Markdown files (``content/*/*.md``, their
  TOML front matter given to MkDocs as YAML) with a minimal ``mkdocs.yml``, in a temporary
  folder; the diagram and exercise fences are plain code blocks to MkDocs.

Each run writes into a folder of its own, new and empty, for both builds; the runs' folders
are removed only at the end. Removing the last run's output just before the next run would
time the file system, not the build: on this machine (ext4 without a journal) the kernel,
when it makes a file, steps over every inode freed in the last minute or so, and the 1,700
files of the last run cost ours some 2 s of system time (0.13 s with nothing removed just
before), against MkDocs's 60. For the same reason the folders are made in the project's .cache/,
as ``_site/`` is, not in the system's temporary folder, where tests remove thousands of
files (there the same build spent 0.8–1 s of system time, beside the project 0.15–0.2 s).

The two alternate, so both meet the same load on the machine, after one untimed run of each
(Python's bytecode cache written, the sources in the page cache); the medians are printed,
and the verdict against the goal, ours no slower than MkDocs (elapsed time), takes the
median of the ratios of each run of ours to the MkDocs run right after it; the processor
time each used is printed too, being less at the mercy of other work on the machine. Run it
when no files were removed in the project's folder in the last five minutes (see above).

Before the runs it writes 1,715 small files (as many as our build writes) into a new folder
beside the runs', and into the RAM disk where there is one, and prints both times: near
thousands of files removed in the last minutes the first takes many times longer, and the
verdict then says more about the disk than about the builds (it says so). After the runs it
prints how far the run-by-run median could move with the runs' own spread (the middle 95 %
of the medians of 2,000 resamples of the pairs, with replacement): the goal is met with a
margin when even the upper end is at most 1.

Then, unless ``--no-serve``, the one-lesson rebuild as ``make serve`` does it (in-process,
after touching one lesson), whose goal is under 200 ms.

MkDocs is not a dependency of the site, only of this benchmark. Install it with
``make bench`` or ``.venv/bin/python -m pip install -e '.[bench]'``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MKDOCS_YML = """\
site_name: Plakoto
docs_dir: docs
site_dir: site
"""


RUNS = 21
"""Pairs of builds by default: the protocol of every figure in docs/performance.md. With 7,
a median of so few ratios moved by as much as the margin it judges (1.02 × in a run of 7
on 2026-12-03, between runs of 21 at 0.96–0.98 ×)."""


ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""Both builds run as on a user's machine: Python keeps its compiled bytecode between runs
(MkDocs's was compiled when pip installed it; ours, installed editable, on the first run),
and our build keeps Jinja's compiled templates in ``.cache/jinja`` the same way (written by
the first, untimed run; a template is compiled again only when its text changes). MkDocs
compiles its theme's templates on every build: it has no such cache."""


def timed(command: list[str], cwd: Path, cpu: list[float] | None = None) -> float:
    """Seconds from the process's start to its exit; a failure stops the benchmark. The
    processor time it used (user and system, its own forked helpers included) goes to ``cpu``."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=ENVIRONMENT)
    elapsed = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    if cpu is not None:
        cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
    return elapsed


def mkdocs_project(folder: Path) -> int:
    """The lessons as an MkDocs project in ``folder``; returns how many Markdown files."""
    docs = folder / "docs"
    count = 0
    for source in sorted(ROOT.glob("content/*/*.md")):
        text = source.read_text(encoding="utf-8")
        meta: dict[str, object] = {}
        if text.startswith("+++"):
            _, front, text = text.split("+++", 2)
            meta = tomllib.loads(front)
        # JSON is YAML: the front matter as MkDocs reads it, without a YAML writer.
        yaml = "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in meta.items())
        name = "index.md" if source.name == "_home.md" else source.name
        target = docs / source.parent.name / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"---\n{yaml}---\n{text}" if yaml else text, encoding="utf-8")
        count += 1
    (docs / "index.md").write_text("# Plakoto\n", encoding="utf-8")
    (folder / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return count


DISK_FILES = 1715
"""As many files as our build writes: the disk check writes as many, of 10 KB each."""
SLOW_DISK = 4
"""How many times the RAM disk's time the project's folder may take before the disk check
calls it slow (twice is usual here; 10–20 times right after thousands of files were removed
nearby)."""


RESAMPLES = 2000
"""How many resamples of the run-by-run ratios :func:`spread` draws."""


def timed_writes(folder: Path) -> float:
    """Seconds the build's own writer (:func:`plakoto_site.site.output.write_files`) takes
    to write :data:`DISK_FILES` files of 10 KB into ``folder`` (new), 50 a folder as a
    site's pages are spread over folders; they stay (removing them would slow the next
    files made nearby)."""
    from plakoto_site.site.output import write_files

    files = {f"{index // 50}/{index}.html": b"x" * 10_000 for index in range(DISK_FILES)}
    folder.mkdir()
    began = time.perf_counter()
    write_files(folder, files)
    return time.perf_counter() - began


def disk_check(scratch: Path) -> bool:
    """Print how long the disk takes to make as many files as our build writes, beside the
    RAM disk; False when it is slow now."""
    here = timed_writes(scratch / "disk-check")
    ram = Path("/dev/shm")
    if not ram.is_dir() or not os.access(ram, os.W_OK):
        print(f"the disk, before the runs: {DISK_FILES:,} files of 10 KB written in {here * 1000:.0f} ms")
        return True
    with tempfile.TemporaryDirectory(dir=ram) as folder:
        memory = timed_writes(Path(folder) / "disk-check")
    slow = here > SLOW_DISK * memory
    print(f"the disk, before the runs: {DISK_FILES:,} files of 10 KB written in {here * 1000:.0f} ms "
          f"({memory * 1000:.0f} ms in the RAM disk)" + (
              f": SLOW, over {SLOW_DISK} times the RAM disk (files removed near .cache/ in the last "
              "minutes? see docs/performance.md); the times below measure the disk more than the builds"
              if slow else ""))
    return not slow


def spread(ratios: list[float]) -> tuple[float, float]:
    """The middle 95 % of the medians of :data:`RESAMPLES` resamples of ``ratios`` (drawn
    with replacement, the same draws on every run of the benchmark): how far their median
    could move with their own spread."""
    draw = random.Random(0)
    medians = sorted(statistics.median(draw.choices(ratios, k=len(ratios))) for _ in range(RESAMPLES))
    return medians[int(RESAMPLES * 0.025)], medians[int(RESAMPLES * 0.975) - 1]


def seconds(samples: list[float]) -> str:
    return f"{statistics.median(samples):.2f} s (median of {len(samples)}: " + \
        ", ".join(f"{s:.2f}" for s in sorted(samples)) + ")"


def side_by_side(runs: int, scratch: Path) -> bool:
    """Times both builds ``runs`` times each, alternating; True when the goal is met."""
    project = scratch / "mkdocs"
    count = mkdocs_project(project)

    def ours_command(run: int) -> list[str]:
        return [sys.executable, str(ROOT / "build.py"), "build", "--out", str(scratch / f"ours-{run}")]

    def theirs_command(run: int) -> list[str]:
        return [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(scratch / f"mkdocs-{run}")]

    ours: list[float] = []
    theirs: list[float] = []
    quick = disk_check(scratch)
    load = f"{os.getloadavg()[0]:.1f}"
    timed(ours_command(0), ROOT)  # untimed: bytecode compiled, files in the page cache, for both
    timed(theirs_command(0), project)
    ours_cpu: list[float] = []
    theirs_cpu: list[float] = []
    for run in range(1, runs + 1):
        ours.append(timed(ours_command(run), ROOT, ours_cpu))
        theirs.append(timed(theirs_command(run), project, theirs_cpu))
    out = scratch / f"ours-{runs}"
    pages = len(list(out.rglob("*.html")))
    files = sum(1 for path in out.rglob("*") if path.is_file())
    print(f"ours, full cold build, process start to exit: {seconds(ours)}")
    print(f"      {pages} HTML pages and {files} files in all, engine checks included")
    print(f"MkDocs, the same {count} Markdown files:        {seconds(theirs)}")
    print(f"processor time (user + system), ours:   {seconds(ours_cpu)}")
    print(f"processor time (user + system), MkDocs: {seconds(theirs_cpu)}")
    print(f"load average before and after: {load}, {os.getloadavg()[0]:.1f} (two cores: over 2, both builds waited)")
    # Each run of ours beside the MkDocs run right after it: the machine's speed drifts by a
    # fifth between spells minutes apart, and a pair meets the same spell (two medians
    # taken apart may not).
    paired = sorted(mine / yours for mine, yours in zip(ours, theirs, strict=True))
    ratio = statistics.median(paired)
    print(f"ours / MkDocs, run by run: {ratio:.2f} (median of {len(paired)}: "
          + ", ".join(f"{r:.2f}" for r in paired) + f"); of the two medians: "
          f"{statistics.median(ours) / statistics.median(theirs):.2f}")
    low, high = spread(paired)
    # Three decimals: the margin's verdict below reads the upper end unrounded (1.004 is over 1).
    print(f"the run-by-run median with the runs' spread (95 % of {RESAMPLES:,} resamples): {low:.3f} to {high:.3f}")
    met = ratio <= 1
    verdict = "met" if met else "NOT met"
    margin = ", with a margin the runs' spread cannot undo" if high <= 1 else \
        ", but not with a margin the runs' spread cannot undo" if met else ""
    print(f"goal, ours no slower than MkDocs: {verdict} (ours takes {ratio:.2f} × MkDocs's time, run by run)"
          + margin + ("" if quick else "; the disk was slow (above): run again later"))
    return met


def serve_rebuild(runs: int, scratch: Path) -> None:
    """The one-lesson rebuild of ``make serve``: in-process, the build state kept."""
    from plakoto_site.site.build import build
    from plakoto_site.site.project import Project
    from plakoto_site.site.state import BuildCache

    out = scratch / "serve"
    lesson = ROOT / "content" / "en" / "pinning.md"
    original = lesson.read_bytes()
    samples = []
    cache = BuildCache()  # as `make serve` keeps one from its first build on
    build(Project(ROOT), out, in_place=True, cache=cache)
    try:
        for index in range(runs):
            lesson.write_bytes(original + f"\n<!-- {index} -->\n".encode())
            began = time.perf_counter()
            build(Project(ROOT), out, in_place=True, cache=cache)
            samples.append(time.perf_counter() - began)
    finally:
        lesson.write_bytes(original)
    print(f"ours, one-lesson rebuild (make serve): {statistics.median(samples) * 1000:.0f} ms "
          f"(median of {runs}; goal: under 200 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help=f"runs of each build (default {RUNS})")
    parser.add_argument("--no-serve", action="store_true", help="skip the one-lesson rebuild")
    args = parser.parse_args()
    if importlib.util.find_spec("mkdocs") is None:
        sys.exit("MkDocs is not installed in this Python. It is only needed by this benchmark:\n"
                 "    make bench\nor\n    .venv/bin/python -m pip install -e '.[bench]'")
    cache = ROOT / ".cache"
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as scratch:  # beside the project, as _site/ is
        met = side_by_side(args.runs, Path(scratch))
        if not args.no_serve:
            serve_rebuild(args.runs, Path(scratch))
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
