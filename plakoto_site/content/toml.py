"""TOML reading with mistakes turned into problems, and line numbers for keys."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .memo import Memo
from .problems import Code, Problems

_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")


def read_source(path: Path, problems: Problems) -> str | None:
    """A source file's text: UTF-8 (a byte-order mark is allowed and dropped), line ends
    made ``\\n``; or a ``path:line`` problem saying where it is not UTF-8."""
    try:
        data = path.read_bytes()
    except OSError as error:
        problems.error(path, 0, f"this file cannot be read: {error.strerror or error}",
                       "check that it exists and that you may read it", Code.UNREADABLE)
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        problems.error(path, line, f"this file is not UTF-8: byte 0x{data[error.start]:02x} on this line "
                       "is not a UTF-8 character", "save the file as UTF-8 (most editors: Save with Encoding → UTF-8)",
                       Code.UNREADABLE)
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n")


_LONG_NUMBER = re.compile(r"\d[\d_]{999,}")


def read_toml(text: str, path: Path, problems: Problems, first_line: int = 1) -> dict[str, Any] | None:
    """Parse ``text`` (which starts at ``first_line`` of ``path``), or record the syntax error."""
    try:
        data = tomllib.loads(text)
    except RecursionError:
        problems.error(path, first_line, "this TOML is nested too deeply to be read", "use a few levels of [ ] or { }")
        return None
    except ValueError as error:
        if not isinstance(error, tomllib.TOMLDecodeError):
            # Python refuses to read integers of more than 4,300 digits.
            long = _LONG_NUMBER.search(text)
            line = first_line + (text.count("\n", 0, long.start()) if long else 0)
            problems.error(path, line, "this number is too long to be read", "write a number of a few digits")
            return None
        match = _AT_LINE.search(str(error))
        line = first_line + int(match[1]) - 1 if match else first_line
        message = _AT_LINE.sub("", str(error)).strip()
        problems.error(
            path,
            line,
            f"this TOML cannot be read: {message}",
            'check the quotes and the "=" on this line (text goes in "double quotes")',
            Code.UNREADABLE,
        )
        return None
    if _has_huge_number(data):
        problems.error(path, first_line, "a number in this file is too long to be read", "write numbers of a few digits")
        return None
    return data


def _has_huge_number(value: object) -> bool:
    """Numbers past a thousand bits (hexadecimal TOML can write them) cannot even be
    printed in a message."""
    if isinstance(value, dict):
        return any(_has_huge_number(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_huge_number(v) for v in value)
    return isinstance(value, int) and value.bit_length() > 1000


def unknown_keys(found: Iterable[str], known: Iterable[str]) -> list[tuple[str, str]]:
    """Each key of ``found`` that is not ``known``, with a hint naming the nearest known key
    (as difflib finds it) and the others."""
    names = sorted(known)
    unknown = []
    for key in sorted(found):
        if key not in names:
            close = difflib.get_close_matches(key, names, n=1, cutoff=0.5)
            nearest = f"did you mean {close[0]!r}? " if close else ""
            unknown.append((key, f"{nearest}the keys here are {', '.join(names)}"))
    return unknown


_ARRAY = re.compile(r"^\[\[\s*([\w.-]+)\s*\]\]")
_TABLE = re.compile(r"^\[\s*([\w.-]+)\s*\]")
_KEY = re.compile(r'^"?([\w-]+)"?\s*=')


class KeyLines:
    """Where each key of a TOML file stands, for messages that name the line: top-level
    keys, the keys of each ``[table]``, and those of each ``[[array]]`` entry (with its
    ``[array.sub]`` tables). The one line locator of the content layer."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.top: dict[str, int] = {}
        self.tables: dict[str, dict[str, int]] = {}
        self.arrays: dict[str, list[dict[str, int]]] = {}
        array, entry, table = "", None, None
        for number, raw in enumerate(text.splitlines(), start=first_line):
            line = raw.strip()
            if header := _ARRAY.match(line):
                array, entry, table = header[1], {"": number}, None
                self.arrays.setdefault(array, []).append(entry)
            elif header := _TABLE.match(line):
                name = header[1]
                if entry is not None and name.startswith(array + "."):
                    entry[name[len(array) + 1:]] = number  # [steps.expect] of the current step
                else:
                    entry, table = None, self.tables.setdefault(name, {"": number})
            elif key := _KEY.match(line):
                here = entry if entry is not None else table if table is not None else self.top
                here.setdefault(key[1], number)

    def of(self, key: str, default: int = 1) -> int:
        """A top-level key's line."""
        return self.top.get(key, default)

    def table(self, name: str, key: str = "", default: int = 1) -> int:
        """The line of ``key`` in ``[name]``, or of the header when the key is not there."""
        entry = self.tables.get(name)
        if entry is None:
            return default
        return entry.get(key, entry[""])

    def in_table(self, array: str, index: int, key: str = "") -> int:
        """The line of ``key`` in the ``index``-th ``[[array]]`` entry, or of its header."""
        entries = self.arrays.get(array, [])
        if index >= len(entries):
            return 1
        entry = entries[index]
        return entry.get(key, entry[""])


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


Source = TypeVar("Source", bound=_Identified)


def read_sources(
    folder: Path, problems: Problems, reader: Callable[[Path, Problems], Source | None], memo: Memo | None = None
) -> dict[str, Source]:
    """Read every ``*.toml`` of a folder in sorted order, by id; broken ones are left out.
    A source read without a problem is kept in ``memo`` by its path and bytes, so that
    ``make serve`` replays only what changed."""
    found: dict[str, Source] = {}
    for path in sorted(folder.glob("*.toml")):
        key = (reader.__module__, reader.__qualname__, path.as_posix(), path.read_bytes())
        source = memo.find("sources", key) if memo is not None else None
        if source is None:
            before = len(problems.items)
            source = reader(path, problems)
            if memo is not None and source is not None and len(problems.items) == before:
                memo.keep("sources", key, source)
        if source is not None:
            found[source.id] = source
    return found
