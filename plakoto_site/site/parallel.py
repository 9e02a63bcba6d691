"""The second core: work done in a forked copy of the build while the build goes on.

A fork shares everything read so far without copying or pickling it; the two processes
then exchange only small values (problems found, a folder's name, the names of the files
written) through a pair of pipes. Where there is no ``fork()``, a single core, or another
thread running (a fork copies only the calling thread), the work is simply not forked and
the caller does it itself.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import pickle
import signal
import struct
import threading
from collections.abc import Callable
from types import TracebackType
from typing import NoReturn

_PR_SET_PDEATHSIG = 1
_LENGTH = struct.Struct("<Q")
PIPE_SIZE = 1 << 20
"""What the copy's pipe holds (Linux lets any process ask for up to 1 MiB): more than a
build's drills and their drawings (~0.6 MB pickled)."""


def can_fork() -> bool:
    """Whether forking pays: ``fork()`` exists, a second core is ours, no other thread runs."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1


class Channel:
    """One end of a conversation between the build and its forked copy: values go out
    pickled, each after its length. A value is ``None`` when the other side has ended
    (finished, failed or killed) without sending one."""

    def __init__(self, reader: int, writer: int) -> None:
        self.reader = reader
        self.writer = writer

    def send(self, value: object) -> None:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(_LENGTH.pack(len(data)) + data)
        while view:
            view = view[os.write(self.writer, view):]

    def receive(self) -> object:
        head = self._read(_LENGTH.size)
        if head is None:
            return None
        body = self._read(_LENGTH.unpack(head)[0])
        return None if body is None else pickle.loads(body)  # noqa: S301 - our own fork wrote it

    def _read(self, size: int) -> bytes | None:
        chunks, left = [], size
        while left:
            chunk = os.read(self.reader, min(left, 1 << 20))
            if not chunk:
                return None
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def close(self) -> None:
        for end in (self.reader, self.writer):
            with contextlib.suppress(OSError):
                os.close(end)


class Forked:
    """Runs ``work`` in a forked copy of this process while the ``with`` block runs here.

    ``work`` gets the copy's :class:`Channel`; what it returns is sent back last. Here,
    :meth:`receive` gives the values the copy sent, in order, then ``None``: once it has
    returned ``None`` (the copy failed, or was not forked because ``work`` is ``None``),
    the caller does the copy's work itself. An exception in the block stops the copy at once."""

    def __init__(self, work: Callable[[Channel], object] | None) -> None:
        self.work = work
        self.pid = 0
        self.channel: Channel | None = None

    @property
    def running(self) -> bool:
        """Whether a copy was forked and has not yet been found to have ended."""
        return self.channel is not None

    def __enter__(self) -> Forked:
        if self.work is None:
            return self
        to_copy, from_here = os.pipe()
        to_here, from_copy = os.pipe()
        _widen(from_copy)
        parent = os.getpid()
        # What is read so far stays shared: the copy's collector never walks (and so never
        # copies) it, as the gc module's documentation advises before a fork without exec.
        gc.freeze()
        pid = os.fork()
        if pid:
            gc.unfreeze()  # here the build goes on, maybe for hours under serve: collect as usual
        else:
            os.close(from_here)
            os.close(to_here)
            _run(self.work, Channel(to_copy, from_copy), parent)
        os.close(to_copy)
        os.close(from_copy)
        self.pid, self.channel = pid, Channel(to_here, from_here)
        return self

    def send(self, value: object) -> None:
        """A value for the copy's next ``receive``; nothing when the copy has ended."""
        if self.channel is not None:
            with contextlib.suppress(BrokenPipeError):
                self.channel.send(value)

    def receive(self) -> object:
        """The next value the copy sent, or ``None`` once it has ended without one."""
        if self.channel is None:
            return None
        value = self.channel.receive()
        if value is None:
            self._end()
        return value

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is not None:
            self.stop()
        self._end()

    def stop(self) -> None:
        """Kill the copy and wait until it has ended: after this it writes nothing more
        (call it before removing what it may be writing into)."""
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        self._end()

    def _end(self) -> None:
        """Close the pipes and wait for the copy (closing them first lets a copy waiting
        for a value see that none will come)."""
        if self.channel is not None:
            self.channel.close()
            self.channel = None
        if self.pid:
            os.waitpid(self.pid, 0)
            self.pid = 0


def _widen(pipe: int) -> None:
    """Let the copy's pipe hold :data:`PIPE_SIZE` bytes: the copy then writes a value the
    build does not read yet (it is busy) without waiting for it, as with 64 KiB it would.
    Where the system allows no more, values are sent as before, in turns."""
    with contextlib.suppress(OSError, AttributeError):
        import fcntl  # here: only a system that forks has it

        fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, PIPE_SIZE)


def _run(work: Callable[[Channel], object], channel: Channel, parent: int) -> NoReturn:
    """The forked copy: do the work, send back what it returns, and leave without running
    any of the parent's exit handlers or flushing its buffers."""
    code = 1
    try:
        _die_with(parent)
        channel.send(work(channel))
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
