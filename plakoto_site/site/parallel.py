"""The second core: work done in a forked copy of the build while the build goes on.

A fork shares everything read and checked so far without copying or pickling it; the
copy reports back only the names of the files it wrote. Where there is no ``fork()``, a
single core, or another thread running (a fork copies only the calling thread), the work
is simply not forked and the caller does it itself.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import threading
from collections.abc import Callable
from types import TracebackType
from typing import NoReturn

_PR_SET_PDEATHSIG = 1


def can_fork() -> bool:
    """Whether forking pays: ``fork()`` exists, a second core is ours, no other thread runs."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1


class Forked:
    """Runs ``work`` in a forked copy of this process while the ``with`` block runs here.

    After the block, :attr:`result` holds the names ``work`` returned, or ``None`` when it
    failed or was not forked (``work`` is ``None``): the caller then does that work itself.
    An exception in the block stops the copy at once."""

    def __init__(self, work: Callable[[], list[str]] | None) -> None:
        self.work = work
        self.result: list[str] | None = None
        self.pid = 0
        self.reader = -1

    def __enter__(self) -> Forked:
        if self.work is None:
            return self
        reader, writer = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            os.close(reader)
            _run(self.work, writer, parent)
        os.close(writer)
        self.pid, self.reader = pid, reader
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if not self.pid:
            return
        if kind is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        chunks = []
        while chunk := os.read(self.reader, 1 << 16):
            chunks.append(chunk)
        os.close(self.reader)
        _, status = os.waitpid(self.pid, 0)
        if kind is None and os.waitstatus_to_exitcode(status) == 0:
            data = b"".join(chunks).decode()
            self.result = data.split("\0") if data else []


def _run(work: Callable[[], list[str]], writer: int, parent: int) -> NoReturn:
    """The forked copy: do the work, send back the names, and leave without running any of
    the parent's exit handlers or flushing its buffers."""
    code = 1
    try:
        _die_with(parent)
        data = memoryview("\0".join(work()).encode())
        while data:
            data = data[os.write(writer, data):]
        code = 0
    except BaseException:  # noqa: BLE001 - the parent does the work again and reports
        code = 1
    finally:
        os._exit(code)


def _die_with(parent: int) -> None:
    """On Linux, end with the parent: a build killed mid-way leaves no copy writing on."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
