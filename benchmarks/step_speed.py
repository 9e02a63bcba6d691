"""Step speed: from a click on "next" to the new step painted, in Chromium.

    python benchmarks/step_speed.py

Builds the site into a temporary folder, serves it on loopback, and for every diagram
frame of every page clicks "next" and waits for the frame after the paint (a
requestAnimationFrame, then a task). Prints the median and the 95th percentile; the goal
is under one frame (16 ms).
"""

from __future__ import annotations

import argparse
import functools
import shutil
import statistics
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from plakoto_site.site.build import build  # noqa: E402
from plakoto_site.site.project import Project  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

MEASURE = """async (figure) => {
  const button = figure.querySelector("button[data-action='next']");
  const began = performance.now();
  button.click();
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - began;
}"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0]).parse_args()
    folder = Path(tempfile.mkdtemp()) / "_site"
    build(Project(ROOT), folder)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    samples: list[float] = []
    with sync_playwright() as playwright:
        chromium = shutil.which("chromium")
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS) if chromium else playwright.chromium.launch()
        page = browser.new_page()
        for html in sorted(folder.rglob("*.html")):
            name = html.relative_to(folder).as_posix()
            if name.count("/") != 2:
                continue
            page.goto(url + name)
            for figure in page.locator("figure.js-stepper").element_handles():
                steps = int(figure.get_attribute("data-steps") or "1")
                for _ in range(steps - 1):
                    samples.append(page.evaluate(MEASURE, figure))
        browser.close()
    server.shutdown()
    samples.sort()
    p95 = samples[int(len(samples) * 0.95) - 1] if samples else 0.0
    print(f"steps measured: {len(samples)}")
    print(f"click to painted: median {statistics.median(samples):.1f} ms, 95th percentile {p95:.1f} ms "
          f"(goal: under 16 ms)")


if __name__ == "__main__":
    main()
