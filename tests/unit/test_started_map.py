"""``workers.start_map``: a map begun in one forked child while the caller goes on."""

from __future__ import annotations

import os
import time

import pytest

from toolgen import stacks
from toolgen.engine import workers

pytestmark = pytest.mark.skipif(not workers.can_fork(), reason="fork is unavailable here")


def _where(item: int) -> tuple[int, int, bool]:
    return item * item, os.getpid(), stacks.is_on_large_stack()


def test_the_results_come_from_a_child_in_order_on_a_large_stack() -> None:
    started = workers.start_map(_where, [1, 2, 3], large_stack=True)
    results = started.result()
    assert [square for square, _, _ in results] == [1, 4, 9]
    assert {pid for _, pid, _ in results} - {os.getpid()} == {results[0][1]}
    assert all(large for _, _, large in results)
    assert started.result() is results  # taken once


def _fail(item: int) -> int:
    raise ValueError(f"item {item} is bad")


def test_the_childs_exception_is_raised_in_the_caller() -> None:
    with pytest.raises(ValueError, match="item 1 is bad"):
        workers.start_map(_fail, [1]).result()


def _slow(item: int) -> int:
    time.sleep(30)
    return item


def test_a_map_not_needed_after_all_is_stopped() -> None:
    started = workers.start_map(_slow, [1])
    pid = started._pid
    assert pid is not None
    os.kill(pid, 0)  # it runs
    begun = time.monotonic()
    started.cancel()
    with pytest.raises(ProcessLookupError):  # stopped, and reaped: no such process left
        os.kill(pid, 0)
    assert time.monotonic() - begun < 10


def _pid_of(item: int) -> tuple[int, int]:
    return item, os.getpid()


@pytest.mark.parametrize("parallel", [True, False])
def test_the_caller_works_meanwhile_and_the_map_is_whole(parallel: bool) -> None:
    import multiprocessing

    if parallel and workers.workers() < 2:
        pytest.skip("one CPU: the map runs in this process")
    children: list[int] = []
    results = workers.run_map(
        _pid_of,
        list(range(40)),
        parallel,
        meanwhile=lambda: children.append(len(multiprocessing.active_children())),
    )
    assert [item for item, _ in results] == list(range(40))
    workers_used = {pid for _, pid in results}
    if parallel:  # called once, while the workers run, and the work is theirs
        assert children == [min(workers.workers(), 40)]  # every worker, forked by this process
        assert len(workers_used) == min(workers.workers(), 40)
        assert os.getpid() not in workers_used
    else:  # called once, in this process alone
        assert children == [0]
        assert workers_used == {os.getpid()}


def _die(item: int) -> int:
    os._exit(3)


def test_a_child_that_dies_before_it_answers_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="a worker process died"):
        workers.start_map(_die, [1]).result()


def _unpicklable(item: int) -> object:
    return lambda: item


def test_a_result_that_cannot_be_sent_is_said_so() -> None:
    with pytest.raises(RuntimeError, match="a worker's result cannot be sent"):
        workers.start_map(_unpicklable, [1]).result()


def test_a_fork_refused_computes_the_map_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    results = workers.start_map(_where, [2], large_stack=True).result()
    assert results == [(4, os.getpid(), True)]
