"""How fast the engine generates legal plays, in process and through its command line.

    python benchmarks/engine.py [--positions 10000] [--seed 1] [--runs 5] [--old DIR]

Prints plays generated per second for the 21 opening rolls and for positions taken from
seeded random games (doubles included, the mother rule on), then the time the JSON Lines
command takes for `plays` over the saved batch `benchmarks/engine_requests.jsonl` (3,000
requests from seeded games, both rule sets; JSON in and out included), median of
``--runs``, against the time the engine took before the speed work (commit af52daf,
measured on the same machine and written down below). To time that old engine again
beside the new one, export it and pass its folder:

    git archive af52daf plakoto_site | tar -x -C /tmp/old-engine
    python benchmarks/engine.py --old /tmp/old-engine
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from plakoto_site.engine import ALL_ROLLS, Dice, Position, RuleSet

BATCH = Path(__file__).resolve().parent / "engine_requests.jsonl"
ROOT = Path(__file__).resolve().parent.parent
OLD_CLI = (3.47, 3.40)
"""The `plays` command over BATCH before the speed work (commit af52daf): seconds elapsed
and seconds of CPU, medians of 5 runs on the project's 2-core machine, 2026-11-30."""
GOAL_IN_PROCESS = 20_000


def random_positions(count: int, seed: int) -> list[tuple[Position, Dice]]:
    """Positions met in random games, each with the roll thrown there."""
    rng = random.Random(seed)
    found: list[tuple[Position, Dice]] = []
    while len(found) < count:
        position = Position.start()
        while not position.is_over() and len(found) < count:
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
            found.append((position, dice))
            plays = position.legal_plays(dice)
            if plays:
                position = rng.choice(plays).position
            else:
                position = Position(position.board, position.pinned, position.white_off,
                                    position.black_off, position.turn.other)
    return found


def rate(cases: list[tuple[Position, Dice]], repeat: int) -> tuple[float, int]:
    """Positions per second (best of ``repeat``) and plays found per pass."""
    timings = []
    plays = 0
    for _ in range(repeat):
        began = time.perf_counter()
        plays = sum(len(position.legal_plays(dice, RuleSet.PLAKOTO)) for position, dice in cases)
        timings.append(time.perf_counter() - began)
    return len(cases) / min(timings), plays


def cli_time(tree: Path) -> tuple[float, float]:
    """One run of `python -m plakoto_site.engine plays` from ``tree`` over BATCH:
    (seconds elapsed, seconds of CPU)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    with BATCH.open("rb") as requests:
        subprocess.run([sys.executable, "-m", "plakoto_site.engine", "plays"], stdin=requests,
                       stdout=subprocess.DEVNULL, check=True, cwd=tree, env=env)
    elapsed = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report_cli(runs: int, old: Path | None) -> None:
    lines = sum(1 for _ in BATCH.open("rb"))
    new_runs, old_runs = [], []
    for _ in range(runs):  # alternate, so both see the same load
        new_runs.append(cli_time(ROOT))
        if old:
            old_runs.append(cli_time(old))
    new = tuple(statistics.median(run[i] for run in new_runs) for i in (0, 1))
    print(f"command line:   {new[0]:10.2f} s elapsed, {new[1]:.2f} s CPU for `plays` over {lines:,} "
          f"requests (median of {runs})")
    then: tuple[float, ...] = OLD_CLI
    if old:
        then = tuple(statistics.median(run[i] for run in old_runs) for i in (0, 1))
        print(f"old engine:     {then[0]:10.2f} s elapsed, {then[1]:.2f} s CPU (from {old}, same runs)")
    else:
        print(f"old engine:     {then[0]:10.2f} s elapsed, {then[1]:.2f} s CPU (written down before the work)")
    ratio = new[1] / then[1]
    verdict = "met" if ratio <= 0.33 else f"missed by {ratio / 0.33 - 1:.0%}"
    print(f"new / old:      {new[0] / then[0]:10.2f} elapsed, {ratio:.2f} CPU (goal: at most 0.33, {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5, help="command-line runs to take the median of")
    parser.add_argument("--old", type=Path, help="a folder holding the old engine's plakoto_site/")
    args = parser.parse_args()

    opening = [(Position.start(), dice) for dice in ALL_ROLLS]
    per_second, plays = rate(opening * 50, repeat=5)
    print(f"opening rolls:  {per_second:10,.0f} positions/s  ({plays // 50} plays for the 21 rolls)")

    cases = random_positions(args.positions, args.seed)
    doubles = sum(dice.is_double for _, dice in cases)
    per_second, plays = rate(cases, repeat=3)
    verdict = "met" if per_second >= GOAL_IN_PROCESS else f"missed by {1 - per_second / GOAL_IN_PROCESS:.0%}"
    print(
        f"random games:   {per_second:10,.0f} positions/s  ({len(cases):,} positions, "
        f"{doubles:,} doubles, {plays:,} plays, {plays / len(cases):.1f} per position; "
        f"goal {GOAL_IN_PROCESS:,}, {verdict} at load {os.getloadavg()[0]:.1f}; the figure moves with the "
        f"machine's load)"
    )
    counts = [len(p.legal_plays(d)) for p, d in cases]
    print(f"plays per position: median {statistics.median(counts):.0f}, max {max(counts)}")
    report_cli(args.runs, args.old)


if __name__ == "__main__":
    main()
