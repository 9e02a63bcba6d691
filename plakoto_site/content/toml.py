"""TOML reading with mistakes turned into problems, and line numbers for keys."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .problems import Problems

_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")


def read_toml(text: str, path: Path, problems: Problems, first_line: int = 1) -> dict[str, Any] | None:
    """Parse ``text`` (which starts at ``first_line`` of ``path``), or record the syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = _AT_LINE.search(str(error))
        line = first_line + int(match[1]) - 1 if match else first_line
        message = _AT_LINE.sub("", str(error)).strip()
        problems.error(
            path,
            line,
            f"this TOML cannot be read: {message}",
            'check the quotes and the "=" on this line (text goes in "double quotes")',
        )
        return None


class KeyLines:
    """Where each key of a TOML file stands: top-level keys, and keys of each ``[[table]]``."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.top: dict[str, int] = {}
        self.tables: dict[str, list[dict[str, int]]] = {}
        current: dict[str, int] | None = None
        for number, raw in enumerate(text.splitlines(), start=first_line):
            line = raw.strip()
            header = re.match(r"^\[\[\s*([\w.-]+)\s*\]\]", line)
            if header:
                current = {"": number}
                self.tables.setdefault(header[1], []).append(current)
                continue
            sub = re.match(r"^\[\s*([\w.-]+)\s*\]", line)
            if sub:
                if current is not None and "." in sub[1]:
                    current[sub[1].split(".", 1)[1]] = number
                continue
            key = re.match(r"^([\w-]+)\s*=", line)
            if key:
                (current if current is not None else self.top).setdefault(key[1], number)

    def of(self, key: str, default: int = 1) -> int:
        return self.top.get(key, default)

    def in_table(self, table: str, index: int, key: str = "") -> int:
        entries = self.tables.get(table, [])
        if index >= len(entries):
            return 1
        entry = entries[index]
        return entry.get(key, entry[""])


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


Source = TypeVar("Source", bound=_Identified)


def read_sources(
    folder: Path, problems: Problems, reader: Callable[[Path, Problems], Source | None]
) -> dict[str, Source]:
    """Read every ``*.toml`` of a folder in sorted order, by id; broken ones are left out."""
    found: dict[str, Source] = {}
    for path in sorted(folder.glob("*.toml")):
        key = (reader, path, path.read_bytes())
        source = _READ.get(key)
        if source is None:
            before = len(problems.items)
            source = reader(path, problems)
            if source is not None and len(problems.items) == before:
                _READ[key] = source  # only sources read without a problem are kept
        if source is not None:
            found[source.id] = source
    return found


_READ: dict[tuple[object, Path, bytes], Any] = {}
"""Sources already read and replayed, by their bytes: ``make serve`` replays only what changed."""
