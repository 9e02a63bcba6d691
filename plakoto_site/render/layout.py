"""Facts of the board's layout that the pages and the browser's scripts share."""

from __future__ import annotations

STACK_CHECKERS = 5
"""At most this many checkers are drawn on a point; a taller stack shows its count."""

STACK_CHECKERS_PINNED = 4
"""On a pinned point the pinned checker takes the bottom place, so one fewer is drawn."""
