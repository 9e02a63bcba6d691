"""The second core: one piece of work done in a forked copy of the build meanwhile.

The standard library's :mod:`multiprocessing` forks the copy, so it shares everything read
so far without pickling it; only what the work returns comes back. Where there is no
``fork()``, a single core, or another thread running (a fork copies only the calling
thread: ``serve``'s watcher), nothing is forked and the caller does the work itself.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Generic, TypeVar

T = TypeVar("T")


def two_cores() -> bool:
    """Whether forking pays: ``fork()`` exists, a second core is ours, no other thread runs."""
    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() != 1:
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1


class Meanwhile(Generic[T]):
    """``work()`` run in a forked copy of this process while the ``with`` block runs here.

    :meth:`result` waits for what ``work`` returned, or gives ``None`` when it failed (the
    caller then does the work itself, so an error is reported as without the copy).
    Leaving the block by an exception kills the copy at once."""

    def __init__(self, work: Callable[[], T]) -> None:
        fork = multiprocessing.get_context("fork")
        self._receiving, sending = fork.Pipe(duplex=False)
        self._copy = fork.Process(target=_send_result, args=(work, sending), daemon=True)
        self._copy.start()
        sending.close()

    def result(self) -> T | None:
        try:
            return self._receiving.recv()  # type: ignore[no-any-return]
        except EOFError:  # the copy ended without sending
            return None

    def __enter__(self) -> Meanwhile[T]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is not None:
            self._copy.kill()
        self._receiving.close()
        self._copy.join()


def _send_result(work: Callable[[], object], sending: Connection) -> None:
    """In the copy: any failure sends nothing (the build does the work again and reports)."""
    with contextlib.suppress(BaseException):
        sending.send(work())
