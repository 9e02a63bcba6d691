"""benchmarks/page_weight.py's verdict: each page is held to its own budget; the page that
draws a diagram from its link is the viewer, held to the viewer's 25 KB of script."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

KB = 1024


def page_weight() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "page_weight.py"
    spec = importlib.util.spec_from_file_location("page_weight", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows(view_js: int, lesson_js: int) -> list[tuple[str, int, int, int, int]]:
    """(page, raw, gzip, script gzip, lazy pictures gzip), as measure() gives them."""
    return [("en/moving/index.html", 100 * KB, 30 * KB, lesson_js, 0),
            ("en/play/index.html", 90 * KB, 35 * KB, 22 * KB, 0),
            ("en/embed/index.html", 60 * KB, 13 * KB, 2 * KB, 46 * KB),
            ("en/embed/view/index.html", 80 * KB, 28 * KB, view_js, 0)]


def test_the_view_page_is_held_to_the_viewers_budget_not_a_lessons() -> None:
    verdict = page_weight().verdict
    lines, ok = verdict(rows(view_js=21 * KB, lesson_js=6 * KB), 0)
    assert ok and lines[-1] == "within budget"
    assert ("diagram from a link: en/embed/view/index.html 28.0 KB gzip (budget 60), "
            "its JavaScript, the viewer, 21.0 KB gzip (the viewer's budget 25)") in lines
    assert "JavaScript of any other page: at most 6.0 KB gzip (en/moving/index.html; budget 8)" in lines
    assert verdict(rows(view_js=26 * KB, lesson_js=6 * KB), 0)[1] is False  # the viewer's own budget still binds
    assert verdict(rows(view_js=21 * KB, lesson_js=9 * KB), 0)[1] is False  # and a lesson's 8 KB
    assert verdict(rows(view_js=21 * KB, lesson_js=6 * KB), 1)[1] is False  # a web font
