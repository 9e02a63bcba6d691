"""Links in a caption work from the embed page too (a markdown-it rule rewrites them)."""

from __future__ import annotations

from plakoto_site.site.build import build
from plakoto_site.site.project import Project

from .conftest import LESSON_EN, MiniProject

CAPTION = ("pin: White pins it (see [moving](../moving/index.html#two), "
           "[the rules](https://example.com/rules?a=1&b=2) and [above](#top)).")


def test_caption_links_are_rebased_for_the_embed_page_only(project: MiniProject) -> None:
    project.write("content/en/pinning.md", LESSON_EN.replace("pin: White pins it.", CAPTION))
    build(Project(project.root))
    lesson = (project.root / "_site/en/pinning/index.html").read_text()
    embed = (project.root / "_site/en/embed/pin/index.html").read_text()

    assert '<a href="../moving/index.html#two">moving</a>' in lesson
    assert '<a href="https://example.com/rules?a=1&amp;b=2">the rules</a>' in lesson
    assert 'target="_blank"' not in lesson

    assert '<a target="_blank" rel="noopener" href="../../moving/index.html#two">moving</a>' in embed
    assert '<a target="_blank" rel="noopener" href="https://example.com/rules?a=1&amp;b=2">the rules</a>' in embed
    assert '<a target="_blank" rel="noopener" href="#top">above</a>' in embed
