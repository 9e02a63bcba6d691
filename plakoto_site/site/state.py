"""The build state: everything kept between the steps of a build and between builds.

The caller makes one and passes it to :func:`~plakoto_site.site.build.build`; ``serve``
keeps one for its whole life, so a rebuild after an edit replays, parses and draws only
what changed. Nothing else in the package keeps state: two builds with two caches share
nothing, and a build with a fresh cache is a cold build.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from plakoto_site.content.memo import Memo, Value


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

    def get(self, table: str, key: Hashable, make: Callable[[], Value]) -> Value:
        """As :meth:`Memo.get`; a state for one build only keeps nothing of
        :data:`FOR_THE_NEXT_BUILD`, made once a build anyway."""
        if not self.lasting and table in FOR_THE_NEXT_BUILD:
            return make()
        return super().get(table, key, make)

    def language_done(self) -> None:
        """A language's files are all written: a state for one build only lets go of
        :data:`ONE_LANGUAGE`, which no other language shows."""
        if not self.lasting:
            for table in ONE_LANGUAGE:
                self.tables.pop(table, None)


FOR_THE_NEXT_BUILD = frozenset({"lesson bodies", "figures"})
"""Tables of whole rendered HTML that a build asks for once (a lesson's body, a diagram's
figure in it): kept only for ``serve``'s next build. A 10,000-step diagram's figure is
tens of megabytes in each language."""

ONE_LANGUAGE = ("frames", "frame words", "frame boards", "boards with words")
"""Tables of a diagram's frames in one language's words: a lesson and its embed page share
them, no other language does."""
