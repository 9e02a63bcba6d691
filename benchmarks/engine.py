"""How fast the engine generates legal plays.

    python benchmarks/engine.py [--positions 10000] [--seed 1]

Prints plays generated per second for the 21 opening rolls and for positions taken
from seeded random games (doubles included, both rule sets' mother rule on).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from plakoto_site.engine import ALL_ROLLS, Dice, Position, RuleSet


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    opening = [(Position.start(), dice) for dice in ALL_ROLLS]
    per_second, plays = rate(opening * 50, repeat=5)
    print(f"opening rolls:  {per_second:10,.0f} positions/s  ({plays // 50} plays for the 21 rolls)")

    cases = random_positions(args.positions, args.seed)
    doubles = sum(dice.is_double for _, dice in cases)
    per_second, plays = rate(cases, repeat=3)
    print(
        f"random games:   {per_second:10,.0f} positions/s  ({len(cases):,} positions, "
        f"{doubles:,} doubles, {plays:,} plays, {plays / len(cases):.1f} per position)"
    )
    counts = [len(p.legal_plays(d)) for p, d in cases]
    print(f"plays per position: median {statistics.median(counts):.0f}, max {max(counts)}")


if __name__ == "__main__":
    main()
