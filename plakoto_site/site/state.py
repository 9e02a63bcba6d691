"""The build state: everything kept between the steps of a build and between builds.

The caller makes one and passes it to :func:`~plakoto_site.site.build.build`; ``serve``
keeps one for its whole life, so a rebuild after an edit replays, parses and draws only
what changed. Nothing else in the package keeps state: two builds with two caches share
nothing, and a build with a fresh cache is a cold build.
"""

from __future__ import annotations

from plakoto_site.content.memo import Memo


class BuildCache(Memo):
    """Tables of work by content (see :class:`~plakoto_site.content.memo.Memo`): diagram
    and exercise sources replayed, lesson Markdown parsed, boards, frames, exercises and
    embed files rendered, the Jinja environment, each language's facts from CLDR; and what
    ``serve`` last wrote."""

    def __init__(self, lasting: bool = True) -> None:
        super().__init__()
        self.written: dict[str, bytes] = {}
        """Each file ``serve`` last wrote, so an unchanged file is not even read again."""
        self.lasting = lasting
        """Whether the state outlives its build (``serve``'s does). A state for one build
        only (``build.py build``) keeps no whole page for a next build, which no build of
        the state would ask for."""
