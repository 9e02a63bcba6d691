"""Standard output and error for a command run as a process, whoever reads them.

A reader may be gone before the command ends: a pipe closed (``build | head``), a full disk
(``> /dev/full``), a descriptor closed before the start (``>&-``). None of that is a reason
to stop a build half-way or to print a traceback: what cannot be said is dropped, the work
goes on, and :attr:`Stream.lost` remembers it for the commands whose words are their work
(``status``) or which run only as long as somebody listens (``serve``).
"""

from __future__ import annotations

import os
import sys
from typing import TextIO


class Stream:
    """``sys.stdout`` or ``sys.stderr`` for a command: a write or flush that cannot reach the
    reader is dropped, and :attr:`lost` is set."""

    def __init__(self, stream: TextIO | None) -> None:
        self.lost = stream is None
        self.stream: TextIO = stream if stream is not None else open(os.devnull, "w")  # noqa: SIM115 - for the life of the process

    def write(self, text: str) -> int:
        if not self.lost:
            try:
                self.stream.write(text)
            except (OSError, ValueError):  # ValueError: the file was closed
                self.lost = True
        return len(text)

    def flush(self) -> None:
        if not self.lost:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self.lost = True

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def guard_streams() -> None:
    """Put :class:`Stream` in place of ``sys.stdout`` and ``sys.stderr`` (once)."""
    if not isinstance(sys.stdout, Stream):
        sys.stdout = Stream(sys.stdout)
    if not isinstance(sys.stderr, Stream):
        sys.stderr = Stream(sys.stderr)


def output_lost() -> bool:
    """Whether what the command printed so far failed to reach its reader (flushed first)."""
    sys.stdout.flush()
    return bool(getattr(sys.stdout, "lost", False))
