"""Running code on a thread with a large machine stack.

libcst's parser recurses on the machine stack without a limit, and how much of the calling
thread's stack is left depends on the caller (a test runner, an editor's plugin): measured
depths that pass in one process crashed another. So libcst parses on a thread of its own with
:data:`LARGE_STACK_BYTES` of stack (address space only, touched as used).

Starting such a thread for each file costs more than the thread: glibc gives each new thread a
malloc arena and trims it when the thread ends, so the next file's parse faults its memory in
again (measured on the medium benchmark corpus: ~68,000 page faults and 0.1-0.2 s of system
time for 102 files, against ~1,000 on one thread). A loop over many files therefore runs
whole on one such thread (:func:`run_on_large_stack`), and a parse already on one runs where
it is.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

LARGE_STACK_BYTES: Final = 256 * 1024 * 1024

_T = TypeVar("_T")


class _LargeStackThread(threading.Thread):
    """A thread started with :data:`LARGE_STACK_BYTES` of stack (it says so itself)."""

    stack_bytes = LARGE_STACK_BYTES


def is_on_large_stack() -> bool:
    """Whether this code runs on a thread :func:`run_on_large_stack` started."""
    return isinstance(threading.current_thread(), _LargeStackThread)


def run_on_large_stack(work: Callable[[], _T]) -> _T:
    """``work()`` on a thread with :data:`LARGE_STACK_BYTES` of stack (this one, when it is
    such a thread); its exception, if any, raised here. Where no such stack can be had, on the
    caller's."""
    if is_on_large_stack():
        return work()
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as exc:  # raised again in the caller's thread
            outcome.append((False, exc))

    previous = threading.stack_size()
    try:
        threading.stack_size(LARGE_STACK_BYTES)
        worker = _LargeStackThread(target=run, name="toolgen-large-stack", daemon=True)
        worker.start()
    except (ValueError, RuntimeError, MemoryError):  # no such stack here: the caller's stack
        return work()
    finally:
        threading.stack_size(previous)
    worker.join()
    ok, value = outcome[0]
    if not ok:
        raise value
    return cast(_T, value)
