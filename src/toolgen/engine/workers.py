"""A parallel map over forked workers, for the two heavy stages, used only when there is enough
work.

The function is handed to each worker as it is forked — a closure or a bound method over the
build's read-only state, which the child inherits without pickling — so nothing travels through
module-level state; only the items' indices go out and the results come back (pickled). Where
fork is unavailable, or for little work, the map runs in this process.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from toolgen.stacks import run_on_large_stack

T = TypeVar("T")
R = TypeVar("R")

MIN_BYTES: Final = 400_000
"""Below this much source, workers cost more than they save (measured: ~60 ms to start)."""
JOBS_ENV: Final = "TOOLGEN_JOBS"


def workers() -> int:
    """CPUs this process may use, capped by ``TOOLGEN_JOBS`` (``1`` disables parallelism)."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        count = os.cpu_count() or 1
    env = os.environ.get(JOBS_ENV)
    if env and env.isdigit():
        count = min(count, max(1, int(env)))
    return count


def can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def run_map(
    func: Callable[[T], R],
    items: Sequence[T],
    parallel: bool,
    large_stack: bool = False,
    meanwhile: Callable[[], object] | None = None,
) -> list[R]:
    """``[func(i) for i in items]``, in forked workers when ``parallel`` and possible; order
    kept. An exception in a worker is raised here; a worker that dies is an error.

    ``large_stack``: each worker (or this process) runs the whole loop on one thread with a
    large stack (:mod:`toolgen.stacks`), for work that parses with libcst. ``meanwhile``: work
    this process does once the workers have begun, instead of waiting idle (in this process
    alone: after the map)."""
    count = min(workers(), len(items))
    if not parallel or count < 2 or not can_fork():
        if large_stack:
            done = run_on_large_stack(lambda: [func(item) for item in items])
        else:
            done = [func(item) for item in items]
        if meanwhile is not None:
            meanwhile()
        return done
    import multiprocessing
    from multiprocessing.connection import Connection, wait

    context = multiprocessing.get_context("fork")
    chunk = max(1, len(items) // (count * 16))  # small chunks: the last ones even out the load
    chunks = [range(i, min(i + chunk, len(items))) for i in range(0, len(items), chunk)]
    results: list[Any] = [None] * len(items)
    pipes: list[Connection] = []
    procs = []
    try:
        for _ in range(count):
            here, there = context.Pipe()
            proc = context.Process(
                target=_serve, args=(func, items, there, large_stack), daemon=True
            )
            proc.start()
            there.close()
            pipes.append(here)
            procs.append(proc)
        waiting: dict[Connection, bool] = {}
        next_chunk = 0
        for pipe in pipes:
            if next_chunk < len(chunks):
                pipe.send((chunks[next_chunk].start, chunks[next_chunk].stop))
                waiting[pipe] = True
                next_chunk += 1
        if meanwhile is not None:
            meanwhile()
        while waiting:
            for ready in wait(list(waiting)):
                assert isinstance(ready, Connection)
                try:
                    start, outcome = ready.recv()
                except EOFError:
                    raise RuntimeError("a worker process died") from None
                if isinstance(outcome, _Failed):
                    raise outcome.error
                results[start : start + len(outcome)] = outcome
                if next_chunk < len(chunks):
                    ready.send((chunks[next_chunk].start, chunks[next_chunk].stop))
                    next_chunk += 1
                else:
                    del waiting[ready]
        for pipe in pipes:
            pipe.send(None)
        return results
    finally:
        for pipe in pipes:
            pipe.close()
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()


class Started(Generic[R]):
    """A map begun in one forked child while this process goes on with other work (see
    :func:`start_map`); :meth:`result` waits for it."""

    def __init__(self, compute: Callable[[], list[R]]) -> None:
        self._compute = compute
        self._done: list[R] | None = None
        self._proc: Any = None
        self._pipe: Any = None
        if can_fork():
            import multiprocessing

            context = multiprocessing.get_context("fork")
            here, there = context.Pipe(duplex=False)
            proc = context.Process(target=_serve_once, args=(compute, there), daemon=True)
            proc.start()
            there.close()
            self._proc, self._pipe = proc, here

    def result(self) -> list[R]:
        """The map's results (computed here if no child could be started); the child's
        exception raised here; a child that died is an error."""
        if self._done is None:
            if self._pipe is None:
                self._done = self._compute()
            else:
                try:
                    outcome = self._pipe.recv()
                except EOFError:
                    raise RuntimeError("a worker process died") from None
                finally:
                    self.cancel()
                if isinstance(outcome, _Failed):
                    raise outcome.error
                self._done = outcome
        return self._done

    def cancel(self) -> None:
        """Stop the child, if it still runs, and let it go."""
        if self._pipe is not None:
            self._pipe.close()
            self._pipe = None
        if self._proc is not None:
            self._proc.join(timeout=0 if self._done is None else 5)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join()
            self._proc = None


def start_map(func: Callable[[T], R], items: Sequence[T], large_stack: bool = False) -> Started[R]:
    """``[func(i) for i in items]`` begun in one forked child (on a large stack, if asked), so
    that this process can do other work meanwhile — an edit's few files are parsed, libcst
    imported for them, while the cache is read. In this process, when asked for, where fork
    is unavailable."""

    def work() -> list[R]:
        return [func(item) for item in items]

    def compute() -> list[R]:
        return run_on_large_stack(work) if large_stack else work()

    return Started(compute)


def _serve_once(compute: Callable[[], Any], pipe: Any) -> None:
    """A child of :func:`start_map`: compute, send, end."""
    try:
        outcome: Any = compute()
    except Exception as exc:  # sent back and raised in the parent
        outcome = _Failed(exc)
    except KeyboardInterrupt:
        return
    try:
        pipe.send(outcome)
    except Exception as exc:  # a result that cannot be pickled
        with contextlib.suppress(Exception):
            pipe.send(_Failed(RuntimeError(f"a worker's result cannot be sent: {exc}")))


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def _serve(
    func: Callable[[Any], Any], items: Sequence[Any], pipe: Any, large_stack: bool = False
) -> None:
    """A worker: map ``func`` over each range of indices it is sent, until ``None`` (on a
    thread with a large stack, if asked)."""
    if large_stack:
        with contextlib.suppress(KeyboardInterrupt):  # as the loop below: the parent decides
            run_on_large_stack(lambda: _serve(func, items, pipe))
        return
    while True:
        try:
            task = pipe.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if task is None:
            return
        start, stop = task
        try:
            outcome: Any = [func(items[i]) for i in range(start, stop)]
        except Exception as exc:  # sent back and raised in the parent
            outcome = _Failed(exc)
        try:
            pipe.send((start, outcome))
        except Exception as exc:  # a result that cannot be pickled
            pipe.send((start, _Failed(RuntimeError(f"a worker's result cannot be sent: {exc}"))))
