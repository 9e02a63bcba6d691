"""Work kept between the steps of a build, and between builds, by content.

The build state (:class:`plakoto_site.site.state.BuildCache`) is a :class:`Memo` made by
the caller and passed down explicitly; nothing below keeps anything of its own. Each
table holds values by a key naming everything they depend on (bytes, text, digests,
never ``id()``), so a value is reused only when it would come out the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

Value = TypeVar("Value")

LIMIT = 20_000
"""A table holding more values than this is emptied (``serve`` runs for hours)."""


class Memo:
    """Named tables of values already made, by content key."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[Hashable, Any]] = {}

    def get(self, table: str, key: Hashable, make: Callable[[], Value]) -> Value:
        """The value kept under ``key`` in ``table``, or ``make()``'s, kept."""
        values = self.tables.setdefault(table, {})
        if key in values:
            return values[key]  # type: ignore[no-any-return]
        if len(values) >= LIMIT:
            values.clear()
        value = values[key] = make()
        return value

    def find(self, table: str, key: Hashable) -> Any:
        """The value kept under ``key``, or ``None``."""
        return self.tables.get(table, {}).get(key)

    def keep(self, table: str, key: Hashable, value: object) -> None:
        values = self.tables.setdefault(table, {})
        if len(values) >= LIMIT:
            values.clear()
        values[key] = value


def remembered(memo: Memo | None, table: str, key: Hashable, make: Callable[[], Value]) -> Value:
    """``make()`` through ``memo`` when there is one (a build), else just ``make()``."""
    return make() if memo is None else memo.get(table, key, make)
