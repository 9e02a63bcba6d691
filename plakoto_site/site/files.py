"""Writing a build's files into its folder: each file's bytes whole, or in pieces as they
are made (a page holding a 10,000-step diagram is written frame by frame, never held whole)."""

from __future__ import annotations

import contextlib
import os
import posixpath
from collections.abc import Iterable, Mapping
from pathlib import Path

Content = bytes | Iterable[bytes]
"""A file's bytes, whole or in pieces as they are made (a page holding a 10,000-step diagram
is written frame by frame, and never held whole)."""

WRITE_AT = 1 << 20
"""Pieces are gathered up to this many bytes before each write."""


def joined(content: Content) -> bytes:
    """A file's bytes whole (see :data:`Content`)."""
    return content if isinstance(content, bytes) else b"".join(content)


def write_files(folder: Path, files: Mapping[str, Content] | Iterable[tuple[str, Content]]) -> list[str]:
    """Write ``files`` (relative names; a mapping, written in sorted order, or the pairs as
    they come; each file's bytes whole or in pieces) into ``folder``, which must exist, and
    return their names: every path is opened relative to it, so a folder removed meanwhile
    is never made again."""
    pairs = sorted(files.items()) if isinstance(files, Mapping) else files
    names: list[str] = []
    handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        made: set[str] = set()
        for name, content in pairs:
            parent = posixpath.dirname(name)
            if parent and parent not in made:
                _make_folders(parent, handle, made)
            file = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666, dir_fd=handle)
            try:
                if isinstance(content, bytes):
                    _write_all(file, content)
                else:
                    _write_pieces(file, content)
            finally:
                os.close(file)
            names.append(name)
    finally:
        os.close(handle)
    return names


def _write_all(file: int, content: bytes) -> None:
    data = memoryview(content)
    while data:
        data = data[os.write(file, data):]


def _write_pieces(file: int, pieces: Iterable[bytes]) -> None:
    gathered: list[bytes] = []
    size = 0
    for piece in pieces:
        gathered.append(piece)
        size += len(piece)
        if size >= WRITE_AT:
            _write_all(file, b"".join(gathered))
            gathered, size = [], 0
    _write_all(file, b"".join(gathered))


def _make_folders(path: str, handle: int, made: set[str]) -> None:
    parent = posixpath.dirname(path)
    if parent and parent not in made:
        _make_folders(parent, handle, made)
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, dir_fd=handle)
    made.add(path)
