"""The real site, built once into a temporary folder and served on a free loopback port."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page

from plakoto_site.site.build import build
from plakoto_site.site.check import Checked, check
from plakoto_site.site.project import Project
from tests.site.conftest import MiniProject

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class BuiltSite:
    folder: Path
    url: str
    checked: Checked

    def pages(self) -> list[str]:
        """Every HTML page, relative to the root, in sorted order."""
        return sorted(p.relative_to(self.folder).as_posix() for p in self.folder.rglob("*.html"))


ANIMATION_RATE = 50
"""How many times faster than written a browser test's page plays its animations: a
diagram's checkers sliding into place, a game's or an exercise's checkers travelling
(Chromium's animation clock, which times the Web Animations and the frames the scripts
draw). Each animation still runs, and ends, as written: a 320-ms slide lasts 6.4 ms, a
frame or two, where at its own pace it is 20 frames that the test waits for and that take
the processor from the test running beside it. A test that watches a checker travel, or a
state that lasts only until the next checker has travelled, is marked ``real_time``."""


@pytest.fixture
def page(page: Page, request: pytest.FixtureRequest) -> Page:
    """pytest-playwright's page, its animations at :data:`ANIMATION_RATE` unless the test
    is marked ``real_time``."""
    if request.node.get_closest_marker("real_time") is None:
        quicken(page)
    return page


def quicken(page: Page) -> Page:
    """``page`` with its animations at :data:`ANIMATION_RATE` (for a page of a test's own
    context; the ``page`` fixture's already are)."""
    page.context.new_cdp_session(page).send("Animation.setPlaybackRate", {"playbackRate": ANIMATION_RATE})
    return page


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, static_server) -> BuiltSite:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("site") / "_site"
    folder.mkdir()
    url = static_server(folder)
    build(Project(REPO), folder, base_url=url)
    return BuiltSite(folder, url, check(Project(REPO)))


@pytest.fixture
def arabic(tmp_path: Path, static_server) -> str:  # type: ignore[no-untyped-def]
    project = MiniProject(tmp_path / "project")
    project.write("content/site.toml", 'url = "https://example.org/"\nlanguages = ["en", "ru", "ar"]\n')
    project.write("content/ar/pinning.md", LESSON_AR)
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    return str(static_server(project.root / "_site"))


LESSON_AR = """\
+++
title = "الحبس بدل الضرب"
order = 1
summary = "القطعة الوحيدة تُحبس ولا تُضرب."
+++

إذا نزلت قطعتك على قطعة وحيدة للخصم فإنها تحبسها.

```diagram pin
start: قطعة سوداء وحيدة على النقطة 15.
pin: الأبيض يحبسها.
```
"""
