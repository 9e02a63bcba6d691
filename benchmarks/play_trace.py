"""The play page in Chromium: the main thread during the computer's turns, and the frame rate
of a travelling checker.

    python benchmarks/play_trace.py [--turns 20] [--pace normal]

Builds the site, serves it on loopback and plays /en/play/ at a desktop's size: the reader's
side takes the Python engine's shortest racing play, clicked on the board, and the computer
answers at the chosen pace, its checkers travelling. A Chromium trace (the DevTools
timeline categories) covers the whole session; the page marks each computer turn
(performance.mark), and every task of the page's main thread inside those marks is
counted. Meanwhile a requestAnimationFrame loop notes the time of each frame in which a
checker travels. Prints the longest main-thread task (goal: none over 50 ms), in elapsed
and in processor time (on a machine whose cores are shared, a task waits for a core and its
elapsed time grows with the other work); the processor time of each frame drawn; and the
frame times while a checker travels (goal: 60 fps, a frame every 16.7 ms).
"""

from __future__ import annotations

import argparse
import bisect
import functools
import json
import shutil
import statistics
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from plakoto_site.engine import OFF, Dice, Position, RuleSet, legal_plays  # noqa: E402
from plakoto_site.site.build import build  # noqa: E402
from plakoto_site.site.project import Project  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink.user_timing"]
GAME = "[data-plakoto-game]"

WATCH = """() => {
  const game = document.querySelector("[data-plakoto-game]");
  window.flightFrames = [];
  let busy = false;
  new MutationObserver(() => {
    const now = game.dataset.state === "computer";
    if (now !== busy) performance.mark(now ? "computer-turn-start" : "computer-turn-end");
    busy = now;
  }).observe(game, {attributes: true, attributeFilter: ["data-state"]});
  (function frame(time) {
    if (game.querySelector(".play-layer .flying")) window.flightFrames.push(time);
    requestAnimationFrame(frame);
  })(performance.now());
}"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def attr(page: Page, name: str) -> str:
    return page.locator(GAME).get_attribute(f"data-{name}") or ""


def reader_turn(page: Page) -> None:
    """Roll, click the shortest racing play's moves, press Done."""
    page.click('button[data-action="roll"]')
    if attr(page, "state") == "passed":
        page.click('button[data-action="done"]')
        return
    if attr(page, "state") != "moving":
        return
    position = Position.from_json(json.loads(attr(page, "position")), RuleSet.PLAKOTO)
    high, low = (int(n) for n in attr(page, "dice").split("-"))
    side = position.turn
    play = min(legal_plays(position, Dice(high, low), RuleSet.PLAKOTO), key=lambda p: p.position.pips(side))
    for move in play.moves:
        for point in (move.start, move.end):
            page.click(f'{GAME} [data-point="{"off" if point == OFF else point}"]')
    page.click('button[data-action="done"]')
    if attr(page, "state") == "moving":  # a drawing play asks first
        page.click('button[data-action="done"]')


def play(page: Page, url: str, turns: int, pace: str) -> int:
    """Play until the computer has had `turns` turns; how many it had."""
    page.goto(url)
    page.evaluate("localStorage.clear()")
    page.goto(url)
    page.locator("[data-prefs-box] summary").click()
    page.check(f'[data-prefs] input[name="pace"][value="{pace}"]')
    page.evaluate(WATCH)
    seen = 0
    while seen < turns:
        state = attr(page, "state")
        if state == "rolling":
            reader_turn(page)
        elif state == "passed":
            page.click('button[data-action="done"]')
        elif state == "computer":
            page.wait_for_function(f"() => document.querySelector('{GAME}').dataset.state !== 'computer'", timeout=60000)
            seen += 1
        elif state == "over":
            page.click('button[data-action="next"], button[data-action="again"]')
        else:
            page.wait_for_timeout(50)
    return seen


def long_tasks(trace: dict[str, Any]) -> list[tuple[float, float, bool]]:
    """The renderer main thread's tasks inside the computer's turns: each one's elapsed time,
    its thread's processor time (ms), and whether it draws a frame (animation callbacks). On a machine whose cores are shared, a task can be
    held up by other work; its processor time is what the page itself spent."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    marks = sorted((e["ts"], e["name"]) for e in events if e.get("name", "").startswith("computer-turn-")
                   and e.get("ph") in ("R", "I", "i", "n", "b", "e"))
    frames = sorted(e["ts"] for e in events if e.get("name") == "FireAnimationFrame" and (e["pid"], e["tid"]) in main)
    windows, began = [], None
    for ts, name in marks:
        if name.endswith("start"):
            began = ts
        elif began is not None:
            windows.append((began, ts))
            began = None
    return [(e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000, frame_task(e, frames)) for e in events
            if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) in main
            and any(a <= e["ts"] <= b for a, b in windows)]


def frame_task(task: dict[str, Any], frames: list[int]) -> bool:
    """Whether the task runs a frame's requestAnimationFrame callbacks (`frames`: their
    start times, sorted)."""
    at = bisect.bisect_left(frames, task["ts"])
    return at < len(frames) and frames[at] <= task["ts"] + task["dur"]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=20, help="the computer's turns to trace")
    parser.add_argument("--pace", choices=("slow", "normal", "fast"), default="normal")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp()) / "_site"
    build(Project(ROOT), folder)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/en/play/?seed=5"
    with sync_playwright() as playwright:
        chromium = shutil.which("chromium")
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS) if chromium else playwright.chromium.launch()
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        browser.start_tracing(page=page, categories=CATEGORIES)
        turns = play(page, url, args.turns, args.pace)
        frames: list[float] = page.evaluate("window.flightFrames")
        trace = json.loads(browser.stop_tracing())
        browser.close()
    server.shutdown()
    tasks = long_tasks(trace)
    gaps = [b - a for a, b in pairwise(frames) if b - a < 100]  # apart: between two flights
    print(f"computer turns traced: {turns} (pace {args.pace}), main-thread tasks in them: {len(tasks)}")
    for label, times in (("elapsed", sorted(t[0] for t in tasks)), ("processor", sorted(t[1] for t in tasks))):
        if times:
            print(f"{label:>9}: longest task {times[-1]:.1f} ms, 99th percentile {times[int(len(times) * 0.99) - 1]:.1f} ms, "
                  f"tasks over 50 ms: {sum(t > 50 for t in times)} (goal: none)")
    drawing = sorted(t[1] for t in tasks if t[2])
    if drawing:
        print(f"frames drawn in the computer's turns: {len(drawing)}, processor time each: median "
              f"{statistics.median(drawing):.1f} ms, 99th percentile {drawing[int(len(drawing) * 0.99) - 1]:.1f} ms, "
              f"longest {drawing[-1]:.1f} ms (a frame every 16.7 ms leaves that much for the page)")
    if gaps:
        gaps.sort()
        fps = 1000 / statistics.mean(gaps)
        print(f"travelling checker: {len(gaps) + 1} frames, frame time median {statistics.median(gaps):.1f} ms, "
              f"95th percentile {gaps[int(len(gaps) * 0.95) - 1]:.1f} ms, longest {gaps[-1]:.1f} ms; "
              f"{fps:.0f} fps on average (goal: 60)")


if __name__ == "__main__":
    main()
