"""Cost per step of a very long diagram: time and peak memory should grow linearly.

    python benchmarks/long_diagram.py [--steps 1000 2000 4000]

Writes a diagram of N steps in which neither side can move with 6-6 (each step is
"rolls 6-6 and cannot move"), runs `build.py diagram` on it in a fresh process and prints
seconds and peak memory per run, and per step. Before the fix a 3,000-step diagram took
55 s and 1.6 GB (every frame's cache key carried every step).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "W:23x3,5,2x4,1x6;B:17x2,19,20x2,21x3,22x5,24x2;P:22;T:B"


def diagram(steps: int) -> str:
    lines = ['id = "long"', 'rules = "plakoto"', f'start = "{START}"', ""]
    for _ in range(steps):
        lines += ["[[steps]]", 'roll = "6-6"', 'play = ""', ""]
    return "\n".join(lines + ["[captions.en]", 'start = "Nobody can move with 6-6."', ""])


def run(steps: int, scratch: Path) -> tuple[float, float]:
    source = scratch / f"long-{steps}.toml"
    source.write_text(diagram(steps))
    began = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "build.py"), "diagram", str(source), "--out",
                    str(scratch / f"out-{steps}"), "--base-url", "https://blog.example/d/"], check=True, capture_output=True)
    seconds = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child so far
    return seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[1000, 2000, 4000])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for steps in sorted(args.steps):
            seconds, peak = run(steps, Path(folder))
            print(f"{steps:>6} steps: {seconds:6.1f} s ({seconds / steps * 1000:.2f} ms a step), "
                  f"peak {peak:6.0f} MB")


if __name__ == "__main__":
    main()
