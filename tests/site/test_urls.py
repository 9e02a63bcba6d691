"""Links between files of the site, relative to each other."""

from __future__ import annotations

import posixpath

from hypothesis import given
from hypothesis import strategies as st

from plakoto_site.site.urls import rebase, relative

SEGMENTS = st.sampled_from(["en", "el", "embed", "pinning", "index.html", "0.svg", "assets", ".", ".."])
PATHS = st.lists(SEGMENTS, min_size=1, max_size=5).map("/".join).filter(
    lambda path: not posixpath.normpath(path).startswith(".."))
"""Files of the site: written as pages and links write them, never above the root."""


def test_links_between_pages_as_a_reader_follows_them() -> None:
    assert relative("en/pinning/index.html", "en/bearing-off/index.html") == "../bearing-off/index.html"
    assert relative("en/pinning/index.html", "assets/site.css") == "../../assets/site.css"
    assert relative("index.html", "en/index.html") == "en/index.html"
    assert relative("en/embed/pin/index.html", "en/embed/pin/0.svg") == "0.svg"
    assert relative("en/index.html", "en/") == "."
    assert relative("en/embed/pin/index.html", "en/pinning/index.html") == "../../pinning/index.html"
    assert rebase("../pinning/#pin", written_for="en/rules/index.html", shown_in="en/embed/pin/index.html") == \
        "../../pinning#pin"


@given(PATHS, PATHS)
def test_the_same_link_as_posixpath_relpath_gives(source: str, target: str) -> None:
    assert relative(source, target) == posixpath.relpath(target, posixpath.dirname(source) or ".")
