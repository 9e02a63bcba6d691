"""How long each engine command line takes to refuse a 10 MB request line.

    python benchmarks/engine_limits.py [--megabytes 10] [--runs 3]

Sends each command line (`python -m plakoto_site.engine` and `node scripts/engine.js`)
the kinds of line that once hung them (adversarial report C12–C14): a 10 MB string field,
a 10 MB play text, a 10 MB run of unterminated escaped quotes behind 101 brackets, and a
10 MB position code; each followed by a good request, which must be answered too. Prints
the seconds elapsed, of CPU and the peak memory of the median run of ``--runs``, beside
a run with the good line alone (the cost of starting), against the goal of the engine's
limits (docs/engine.md): under 2 s each, the line refused by its length, 100,000 bytes,
before it is read any further.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = {
    "python": [sys.executable, "-m", "plakoto_site.engine", "apply"],
    "node": ["node", str(ROOT / "scripts" / "engine.js"), "apply"],
}
GOAL = 2.0
GOOD = b'{"code": "start", "dice": [6, 5], "play": "24/13"}'


def write_lines(folder: Path, size: int) -> dict[str, Path]:
    """Each kind of oversized line, ``size`` bytes or a little more, then the good line, in
    a file of its own (the benchmark keeps none in memory, so the command lines it starts
    begin as small as it is)."""
    kinds = {
        "string field": (b'{"code": "start", "dice": [6, 5], "note": "', b"x", b'"}'),
        "play text": (b'{"code": "start", "dice": [6, 5], "play": "', b"24/18 ", b'"}'),
        "escaped quotes": (b"[" * 101, b'\\"', b""),
        "position code": (b'{"code": "W:', b"24x1,", b'", "dice": [6, 5], "play": "24/13"}'),
    }
    files = {"good line alone": folder / "good.jsonl"}
    files["good line alone"].write_bytes(GOOD + b"\n")
    for kind, (head, unit, tail) in kinds.items():
        path = files[kind] = folder / f"{kind.replace(' ', '-')}.jsonl"
        with path.open("wb") as out:
            out.write(head)
            chunk = unit * (1_000_000 // len(unit))
            for _ in range(size // len(chunk)):
                out.write(chunk)
            out.write(tail + b"\n" + GOOD + b"\n")
    return files


class Run:
    """One run of a command line: seconds elapsed and of CPU, peak memory, the answers."""

    def __init__(self, command: list[str], source: Path) -> None:
        started = time.perf_counter()
        with source.open("rb") as data:
            process = subprocess.Popen(command, stdin=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                       cwd=ROOT)
        assert process.stdout
        output = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        self.elapsed = time.perf_counter() - started
        self.cpu = usage.ru_utime + usage.ru_stime
        self.megabytes = usage.ru_maxrss / 1024
        if process.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed ({process.returncode})")
        self.answers = [json.loads(line) for line in output.splitlines()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=10)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    size = int(args.megabytes * 1_000_000)
    failed = False
    print(f"A {args.megabytes:g} MB request line, then a good one: median of {args.runs} runs, goal < {GOAL:g} s "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory() as folder:
        files = write_lines(Path(folder), size)
        for engine, command in ENGINES.items():
            print(f"  {engine}")
            for kind, path in files.items():
                runs = sorted((Run(command, path) for _ in range(args.runs)), key=lambda run: run.elapsed)
                median = runs[len(runs) // 2]
                answers = median.answers
                alone = kind == "good line alone"
                too_long = alone or answers[0] == {"error": "the line is too long: at most 100000 bytes"}
                answered = "position" in answers[-1] and len(answers) == 1 + (not alone)
                ok = median.elapsed < GOAL and too_long and answered
                failed |= not ok
                print(f"    {kind:15} {median.elapsed:5.2f} s ({median.cpu:.2f} s CPU, {median.megabytes:3.0f} MB)  "
                      + ("meets the goal" if ok else "MISSES THE GOAL")
                      + ("" if too_long else f"  answer: {json.dumps(answers[0])[:80]}"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
