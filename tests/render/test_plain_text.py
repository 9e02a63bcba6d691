"""The words of a picture and of an embed page's summary: caption HTML as one line of text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from plakoto_site.render.embed import plain

PIECES = st.sampled_from(["<b>", "</b>", "<!-- x -->", "&amp;", "&lt;", "&#39;", "&", "<", ">", " ", "\n", "\t",
                          "\u00a0", "White pins", "Белые", "Λευκά", "6/1*"])


@given(st.lists(st.one_of(PIECES, st.text(max_size=8)), max_size=12).map("".join))
def test_plain_text_is_markupsafes_striptags(text: str) -> None:
    """Text without a tag or an entity takes a shorter way: the same words come out."""
    assert plain(text) == Markup(text).striptags()


def test_tags_go_entities_are_read_and_spaces_collapse() -> None:
    assert plain("White <span class=\"notation\">13/7</span>\n  &amp; pins") == "White 13/7 & pins"
    assert plain("  Black:\t15 checkers  ") == "Black: 15 checkers"
