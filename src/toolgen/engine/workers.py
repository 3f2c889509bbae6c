"""A parallel map over forked workers, for the two heavy stages, used only when there is enough
work.

The function is handed to the workers as they are forked — a closure or a bound method over the
build's read-only state, which the children inherit without pickling — so nothing travels
through module-level state; only the items go out and the results come back (pickled). Where
fork is unavailable, or for little work, the map runs in this process.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Generic, NoReturn, TypeVar

from toolgen.engine import lifetime
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
    """Whether this Python can fork (not on Windows). Asked of :mod:`os`, not of
    :mod:`multiprocessing`, whose import an edit's rebuild would wait for (~6 ms)."""
    return hasattr(os, "fork")


def run_map(
    func: Callable[[T], R],
    items: Sequence[T],
    parallel: bool,
    large_stack: bool = False,
    meanwhile: Callable[[], object] | None = None,
    progress: Callable[[int], object] | None = None,
) -> list[R]:
    """``[func(i) for i in items]``, in forked workers when ``parallel`` and possible; order
    kept. An exception in a worker is raised here; a worker that dies is an error.

    ``large_stack``: each worker (or this process) runs the whole loop on one thread with a
    large stack (:mod:`toolgen.stacks`), for work that parses with libcst. ``meanwhile``: work
    this process does once the workers have begun, instead of waiting idle (in this process
    alone: after the map). ``progress``: told how many items are done, as they are."""
    count = min(workers(), len(items)) if parallel else 1
    return Pool(func, large_stack=large_stack, count=count).map(items, meanwhile, progress)


def _counted(func: Callable[[T], R], progress: Callable[[int], object]) -> Callable[[T], R]:
    def counted(item: T) -> R:
        result = func(item)
        progress(1)
        return result

    return counted


class Pool(Generic[T, R]):
    """Workers forked now, for one map later (:meth:`map`), so that what they must load first
    (libcst, for parsing) loads while this process goes on with its own work.

    ``func`` runs in the workers as this process holds it now: a closure or a bound method
    over state that must not change afterwards (the child inherits it, without pickling); only
    the items travel, pickled, and the results come back. Each worker is forked by this
    process and runs ``preload`` itself (one level: a first worker that loaded libcst and
    forked the others saved its import's CPU but no wall time, 2.25 s against 2.26 s). With
    fewer than two workers, or where fork is unavailable, the map runs in this process; where
    some forks fail, the workers that were forked do the work."""

    def __init__(
        self,
        func: Callable[[T], R],
        preload: Callable[[], object] | None = None,
        large_stack: bool = False,
        count: int | None = None,
    ) -> None:
        self._func = func
        self._large_stack = large_stack
        self._pipes: list[Any] = []
        self._procs: list[Any] = []
        count = workers() if count is None else count
        if count < 2 or not can_fork():
            return
        import multiprocessing

        context = multiprocessing.get_context("fork")
        try:
            with _interrupts_held():  # a Ctrl-C meanwhile is raised once all are forked
                for _ in range(count):
                    here, there = context.Pipe()
                    proc = context.Process(
                        target=_serve_worker,
                        args=(func, there, [*self._pipes, here], preload, large_stack, os.getpid()),
                        daemon=True,
                    )
                    try:
                        proc.start()
                    except OSError:  # no process to be had (a limit reached)
                        here.close()
                        break
                    finally:
                        there.close()  # a worker forked later must not hold it
                    self._procs.append(proc)
                    self._pipes.append(here)
        except BaseException:
            self.close()
            raise

    def map(
        self,
        items: Sequence[T],
        meanwhile: Callable[[], object] | None = None,
        progress: Callable[[int], object] | None = None,
    ) -> list[R]:
        """``[func(i) for i in items]`` in the workers, order kept; then the workers end. An
        exception in a worker is raised here; a worker that dies is an error. ``meanwhile``:
        work this process does once the workers have their first items (in this process
        alone: after the map). ``progress``: told how many items are done, as they are."""
        try:
            if not self._pipes:
                func = self._func
                if progress is not None:
                    func = _counted(func, progress)
                if self._large_stack:
                    done = run_on_large_stack(lambda: [func(item) for item in items])
                else:
                    done = [func(item) for item in items]
                if meanwhile is not None:
                    meanwhile()
                return done
            return self._dispatch(items, meanwhile, progress)
        finally:
            self.close()

    def _dispatch(
        self,
        items: Sequence[T],
        meanwhile: Callable[[], object] | None,
        progress: Callable[[int], object] | None,
    ) -> list[R]:
        from multiprocessing import connection

        # Small chunks: the last ones even out the load.
        chunk = max(1, len(items) // (len(self._pipes) * 16))
        chunks = [range(i, min(i + chunk, len(items))) for i in range(0, len(items), chunk)]
        results: list[Any] = [None] * len(items)
        waiting: dict[connection.Connection, bool] = {}
        next_chunk = 0

        def send(pipe: connection.Connection) -> None:
            nonlocal next_chunk
            span = chunks[next_chunk]
            pipe.send((span.start, [items[i] for i in span]))
            next_chunk += 1

        for pipe in self._pipes:
            if next_chunk < len(chunks):
                send(pipe)
                waiting[pipe] = True
        if meanwhile is not None:
            meanwhile()
        while waiting:
            for ready in connection.wait(list(waiting)):
                assert isinstance(ready, connection.Connection)
                try:
                    start, outcome = ready.recv()
                except EOFError:
                    raise RuntimeError("a worker process died") from None
                if isinstance(outcome, _Failed):
                    raise outcome.error
                results[start : start + len(outcome)] = outcome
                if progress is not None:
                    progress(len(outcome))
                if next_chunk < len(chunks):
                    send(ready)
                else:
                    del waiting[ready]
        for pipe in self._pipes:
            pipe.send(None)
        return results

    def close(self) -> None:
        """Let the workers go (each ends when its pipe closes), if they still run."""
        for pipe in self._pipes:
            pipe.close()
        self._pipes = []
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        self._procs = []


class Started(Generic[R]):
    """A map begun in one forked child while this process goes on with other work (see
    :func:`start_map`); :meth:`result` waits for it.

    The child is forked with :func:`os.fork` and answers on a plain pipe, its outcome pickled
    once: the edit's rebuild waits for this child, and :mod:`multiprocessing`'s import and
    ``Process.start`` cost it ~13 ms, before the fork, for nothing this one child needs."""

    def __init__(self, compute: Callable[[], list[R]]) -> None:
        self._compute = compute
        self._done: list[R] | None = None
        self._pid: int | None = None
        self._pipe: int | None = None
        if can_fork():
            parent = os.getpid()
            here, there = os.pipe()
            try:
                with _interrupts_held():
                    pid = os.fork()
                    if pid == 0:  # the child: never returns to the caller's code
                        _serve_once(compute, here, there, parent)
            except OSError:  # no process to be had (a limit reached): computed here instead
                os.close(here)
                os.close(there)
                return
            os.close(there)
            self._pid, self._pipe = pid, here

    def result(self) -> list[R]:
        """The map's results (computed here if no child could be started); the child's
        exception raised here; a child that died is an error."""
        if self._done is None:
            if self._pipe is None:
                self._done = self._compute()
            else:
                import pickle  # seam: only a rebuild that parses reads a child's answer

                try:
                    chunks = []
                    while chunk := os.read(self._pipe, 1 << 20):
                        chunks.append(chunk)
                    outcome = pickle.loads(b"".join(chunks)) if chunks else None
                except Exception:  # cut short: the child died while it answered
                    outcome = None
                finally:
                    self.cancel()
                if outcome is None:
                    raise RuntimeError("a worker process died")
                if isinstance(outcome, _Failed):
                    raise outcome.error
                self._done = outcome
        return self._done

    def cancel(self) -> None:
        """Stop the child, if it still runs, and let it go."""
        if self._pipe is not None:
            os.close(self._pipe)
            self._pipe = None
        if self._pid is not None:
            if self._done is None:  # not answered yet: not needed, or it died
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self._pid, signal.SIGTERM)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self._pid, 0)
            self._pid = None


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


def _serve_once(compute: Callable[[], Any], here: int, there: int, parent: int) -> NoReturn:
    """A child of :func:`start_map`: compute, send on ``there``, end (or end with ``parent``).
    It leaves by ``os._exit`` whatever happens: nothing of the caller's runs in it again, nor
    its buffered output is flushed twice."""
    try:
        import pickle

        os.close(here)
        lifetime.end_with(parent)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held for the fork
        try:
            outcome: Any = compute()
        except Exception as exc:  # sent back and raised in the parent
            outcome = _Failed(exc)
        try:
            data = pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # a result that cannot be pickled
            failed = _Failed(RuntimeError(f"a worker's result cannot be sent: {exc}"))
            data = pickle.dumps(failed, pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(there, view) :]
    except BaseException:  # interrupted (the parent says so), or the parent is gone
        os._exit(1)
    os._exit(0)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT held back while a worker is forked, in this process and so in the child, which
    releases it once it runs its own code: a Ctrl-C that reached the child in Python's
    after-fork hooks would be printed there as an ignored exception, and not stop it. This
    thread's mask is then what it was."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def _serve_worker(
    func: Callable[[Any], Any],
    pipe: Any,
    ours: list[Any],
    preload: Callable[[], object] | None,
    large_stack: bool,
    parent: int,
) -> None:
    """A worker of a :class:`Pool`: end with ``parent`` (the pool's process), preload, then
    serve ``pipe`` until it says ``None`` or closes.

    The pool's own ends of the pipes forked so far (``ours``, inherited by the fork) are
    closed first: a worker holding one would keep another worker from seeing its pipe close
    when the pool closes it. Interrupted (Ctrl-C reaches every process of the group, and the
    parent says so), it ends without a word."""
    lifetime.end_with(parent)
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held for the fork
        for end in ours:
            end.close()
        if preload is not None:
            with contextlib.suppress(Exception):  # the items fail on their own, and say why
                preload()
        _serve(func, pipe, large_stack)
    except KeyboardInterrupt:  # the parent is interrupted too, and says so
        pass


def _serve(func: Callable[[Any], Any], pipe: Any, large_stack: bool = False) -> None:
    """A worker's loop: map ``func`` over each chunk of items ``pipe`` sends, answering on it,
    until it sends ``None`` or closes (on a thread with a large stack, if asked)."""
    if large_stack:
        run_on_large_stack(lambda: _serve_pipe(func, pipe))
    else:
        _serve_pipe(func, pipe)


def _serve_pipe(func: Callable[[Any], Any], pipe: Any) -> None:
    while True:
        try:
            task = pipe.recv()
        except EOFError:
            return
        if task is None:
            return
        start, chunk = task
        try:
            outcome: Any = [func(item) for item in chunk]
        except Exception as exc:  # sent back and raised in the parent
            outcome = _Failed(exc)
        try:
            pipe.send((start, outcome))
        except (BrokenPipeError, ConnectionResetError):  # the pool is gone: nobody to answer
            return
        except Exception as exc:  # a result that cannot be pickled
            pipe.send((start, _Failed(RuntimeError(f"a worker's result cannot be sent: {exc}"))))
