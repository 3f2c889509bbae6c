"""libcst parses on a thread with a large stack, and a loop over many files runs whole on one
such thread (in this process or in each worker): a thread started for each file costs ~0.1-0.2 s
of page faults on a hundred files, as glibc trims each thread's malloc arena when it ends."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from toolgen import stacks
from toolgen.engine import workers
from toolgen.scan.gather import gather_text

SOURCE = 'from toolgen import tool\n\n\n@tool\ndef ping(host: str) -> str:\n    """Ping."""\n'


def _where(_: int) -> tuple[int, int, bool]:
    return os.getpid(), threading.get_ident(), stacks.is_on_large_stack()


def test_a_loop_runs_on_one_large_stack_thread_and_each_parse_stays_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[threading.Thread] = []
    start = stacks._LargeStackThread.start

    def counted(thread: threading.Thread) -> None:
        started.append(thread)
        start(thread)

    monkeypatch.setattr(stacks._LargeStackThread, "start", counted)
    scans = workers.run_map(
        lambda i: gather_text(SOURCE, f"m{i}.py", f"m{i}"), range(5), False, large_stack=True
    )
    assert [len(s.functions) for s in scans] == [1] * 5
    assert len(started) == 1  # the loop's thread; no parse started another
    assert not stacks.is_on_large_stack()  # the caller's own thread is not one
    gather_text(SOURCE, "alone.py", "alone")  # a parse outside such a loop starts its own
    assert len(started) == 2


@pytest.mark.skipif(not workers.can_fork(), reason="fork is unavailable here")
def test_each_worker_runs_its_items_on_one_large_stack_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(workers.JOBS_ENV, "2")
    if workers.workers() < 2:
        pytest.skip("one CPU: no workers")
    seen = workers.run_map(_where, range(64), True, large_stack=True)
    threads: dict[int, set[int]] = {}
    for pid, ident, large in seen:
        assert large
        threads.setdefault(pid, set()).add(ident)
    assert os.getpid() not in threads
    assert all(len(idents) == 1 for idents in threads.values())
    assert not any(large for _, _, large in workers.run_map(_where, range(8), True))


def test_an_exception_on_the_large_stack_is_raised_in_the_caller() -> None:
    def fail() -> None:
        raise ValueError("from the thread")

    with pytest.raises(ValueError, match="from the thread"):
        stacks.run_on_large_stack(fail)
    assert stacks.run_on_large_stack(lambda: Path("x").name) == "x"
