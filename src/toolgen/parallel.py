"""Process-level parallelism for the two heavy stages, used only when there is enough work.

Workers are forked, so they inherit the read-only inputs (``_SHARED``) without pickling;
only results travel back. Where fork is unavailable, work runs in this process.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_SHARED: dict[str, Any] = {}
MIN_BYTES = 400_000
"""Below this much source, a pool costs more than it saves (measured: ~60 ms to start)."""


def workers() -> int:
    """CPUs this process may use, capped by ``TOOLGEN_JOBS`` (``1`` disables parallelism)."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        count = os.cpu_count() or 1
    env = os.environ.get("TOOLGEN_JOBS")
    if env and env.isdigit():
        count = min(count, max(1, int(env)))
    return count


def can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def shared(key: str) -> Any:
    return _SHARED[key]


def run_map(func: Callable[[T], R], items: Iterable[T], parallel: bool, **share: Any) -> list[R]:
    """``[func(i) for i in items]``, in forked workers when ``parallel`` and possible; order kept."""
    todo = list(items)
    _SHARED.clear()
    _SHARED.update(share)
    try:
        count = min(workers(), len(todo))
        if not parallel or count < 2 or not can_fork():
            return [func(item) for item in todo]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=count, mp_context=context) as pool:
            chunk = max(
                1, len(todo) // (count * 16)
            )  # small chunks: the last ones even out the load
            return list(pool.map(func, todo, chunksize=chunk))
    finally:
        _SHARED.clear()
