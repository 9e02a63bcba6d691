"""Parts of a page made as the page is written: a marker in the page's text stands for each
(a diagram's figure), and :meth:`Later.pieces` gives the page's bytes with each marker's
part made piece by piece in its place. A page holding a 10,000-step diagram is then never
held whole, nor its figure."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from markupsafe import Markup

_MARK = re.compile("(\0[0-9]+\0)")
"""A marker: a number between two NUL characters, which no page's text holds (markdown-it
makes every NUL of a lesson U+FFFD, and the templates hold none)."""


class Later:
    """The parts a page leaves for later, by marker."""

    def __init__(self) -> None:
        self.parts: dict[str, Callable[[], Iterable[str]]] = {}

    def mark(self, make: Callable[[], Iterable[str]]) -> Markup:
        """A marker to put in the page where ``make()``'s pieces go."""
        marker = f"\0{len(self.parts)}\0"
        self.parts[marker] = make
        return Markup(marker)

    def pieces(self, page: str) -> Iterator[bytes]:
        """``page``'s bytes, each marker's part made in its place, a piece at a time."""
        if not self.parts:
            yield page.encode()
            return
        for index, text in enumerate(_MARK.split(page)):
            if index % 2 == 0:
                yield text.encode()
            elif (make := self.parts.get(text)) is None:
                yield text.encode()
            else:
                for piece in make():
                    yield piece.encode()
