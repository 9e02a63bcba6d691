"""Build time: ours (diagrams and engine checks included) against MkDocs on the same text.

    python benchmarks/build_time.py [--runs 5] [--no-mkdocs]

Prints the median of N runs for: a full cold build (process start to exit), a rebuild
with nothing changed, a one-lesson rebuild as `make serve` does it (in-process, after
touching one file), and MkDocs building the same lesson Markdown, installed into a
throwaway venv under benchmarks/.cache/.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CACHE = ROOT / "benchmarks" / ".cache"


def timed(command: list[str], cwd: Path) -> float:
    began = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - began


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:7.0f} ms"


def ours(runs: int, scratch: Path) -> None:
    out = scratch / "ours"
    command = [sys.executable, str(ROOT / "build.py"), "build", "--out", str(out)]
    cold = []
    for _ in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        cold.append(timed(command, ROOT))
    again = [timed(command, ROOT) for _ in range(runs)]
    print(f"ours, full cold build (process):       {median_ms(cold)}")
    print(f"ours, rebuild with no change (process): {median_ms(again)}")

    from plakoto_site.site.build import build
    from plakoto_site.site.project import Project
    from plakoto_site.site.state import BuildCache

    lesson = next((ROOT / "content" / "en").glob("[!_]*.md"))
    original = lesson.read_bytes()
    one = []
    cache = BuildCache()  # as `make serve` keeps one from its first build on
    build(Project(ROOT), out, in_place=True, cache=cache)
    try:
        for index in range(runs):
            lesson.write_bytes(original + f"\n<!-- {index} -->\n".encode())
            began = time.perf_counter()
            build(Project(ROOT), out, in_place=True, cache=cache)
            one.append(time.perf_counter() - began)
    finally:
        lesson.write_bytes(original)
    print(f"ours, one-lesson rebuild (make serve):  {median_ms(one)}   (goal: under 200 ms)")


def mkdocs(runs: int, scratch: Path) -> None:
    environment = CACHE / "mkdocs-venv"
    python = environment / "bin" / "python"
    if not python.exists():
        venv.create(environment, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "mkdocs"], check=True)
    project = scratch / "mkdocs"
    docs = project / "docs"
    count = 0
    for lang_folder in sorted((ROOT / "content").iterdir()):
        if lang_folder.name == "diagrams" or not lang_folder.is_dir():
            continue
        for source in sorted(lang_folder.glob("*.md")):
            text = source.read_text(encoding="utf-8")
            body = text.split("+++", 2)[2] if text.startswith("+++") else text
            target = docs / lang_folder.name / source.name.lstrip("_")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
            count += 1
    (docs / "index.md").write_text("# Plakoto\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text("site_name: Plakoto\n", encoding="utf-8")
    command = [str(environment / "bin" / "mkdocs"), "build", "--quiet", "--site-dir", str(project / "site")]
    cold = []
    for _ in range(runs):
        shutil.rmtree(project / "site", ignore_errors=True)
        cold.append(timed(command, project))
    print(f"MkDocs, same {count} Markdown files, no diagrams: {median_ms(cold)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-mkdocs", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        ours(args.runs, Path(scratch))
        if not args.no_mkdocs:
            mkdocs(args.runs, Path(scratch))


if __name__ == "__main__":
    main()
