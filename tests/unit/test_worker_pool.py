"""``workers.Pool``: workers forked before the map by this process (one level), each loading what
it needs (libcst) before the map begins; a pool not needed after all ends with its workers."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

import pytest

from toolgen import stacks
from toolgen.engine import workers

pytestmark = pytest.mark.skipif(not workers.can_fork(), reason="fork is unavailable here")

_LOADED: list[int] = []
"""Set by the preload, in each worker: never in this process."""


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _wait_gone(pids: set[int]) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if all(_gone(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


def test_each_worker_preloads_before_the_map_and_serves_it(tmp_path: Path) -> None:
    marker = tmp_path / "preloaded"

    def preload() -> None:
        _LOADED.append(os.getpid())
        with marker.open("a") as f:
            f.write(f"{os.getpid()} {os.getppid()}\n")

    def where(item: int) -> tuple[int, int, tuple[int, ...], bool]:
        return item * item, os.getpid(), tuple(_LOADED), stacks.is_on_large_stack()

    pool = workers.Pool(where, preload, large_stack=True, count=2)
    deadline = time.monotonic() + 10
    while (  # begun before the map is
        not marker.exists() or len(marker.read_text().splitlines()) < 2
    ) and time.monotonic() < deadline:
        time.sleep(0.01)
    results = pool.map(range(40))
    assert [square for square, *_ in results] == [i * i for i in range(40)]
    loaded = [line.split() for line in marker.read_text().splitlines()]
    preloaded = {int(pid) for pid, _ in loaded}
    assert len(loaded) == 2 and len(preloaded) == 2  # once in each worker
    assert {int(parent) for _, parent in loaded} == {os.getpid()}  # forked by this process
    served = {pid for _, pid, _, _ in results}
    assert served == preloaded and os.getpid() not in served
    assert {loaded for _, pid, loaded, _ in results} == {(pid,) for pid in served}
    assert all(large for *_, large in results)
    assert not _LOADED  # never in this process
    assert _wait_gone(served)  # the map's end is the workers' end


def test_the_function_is_the_one_held_when_the_pool_began() -> None:
    state = {"word": "before"}
    pool = workers.Pool(lambda item: (item, state["word"]), count=2)
    state["word"] = "after"
    assert pool.map([1, 2, 3]) == [(1, "before"), (2, "before"), (3, "before")]


def test_a_pool_not_needed_after_all_ends_with_its_workers(tmp_path: Path) -> None:
    marker = tmp_path / "pids"

    def preload() -> None:
        with marker.open("a") as f:
            f.write(f"{os.getpid()}\n")

    pool = workers.Pool(lambda item: item, preload, count=3)
    deadline = time.monotonic() + 10
    pids: set[int] = set()
    while len(pids) < 3 and time.monotonic() < deadline:
        pids = {int(pid) for pid in marker.read_text().split()} if marker.exists() else set()
        time.sleep(0.01)
    assert len(pids) == 3
    pool.close()
    try:
        assert _wait_gone(pids)  # none waits for a map that will never come
    finally:
        for pid in pids:  # a failure leaves no process behind to hold the run's output
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert pool.map([1, 2]) == [1, 2]  # closed: the map runs in this process


def _fail_on(item: int) -> int:
    if item == 7:
        raise ValueError(f"item {item} is bad")
    return item


def test_a_workers_exception_is_raised_here_and_the_workers_end() -> None:
    pool = workers.Pool(_fail_on, count=2)
    with pytest.raises(ValueError, match="item 7 is bad"):
        pool.map(range(20))


def test_forks_that_fail_leave_the_work_to_the_workers_forked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fork = os.fork
    forks: list[int] = []

    def refused() -> int:
        forks.append(1)
        if len(forks) > 1:  # the first fork succeeds, every other fails
            raise OSError(11, "Resource temporarily unavailable")
        return fork()

    monkeypatch.setattr(os, "fork", refused)
    results = workers.Pool(lambda item: (item, os.getpid()), count=3).map(range(30))
    assert [item for item, _ in results] == list(range(30))
    assert len({pid for _, pid in results}) == 1 and results[0][1] != os.getpid()


def test_no_fork_to_be_had_maps_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> int:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refused)
    results = workers.Pool(lambda item: (item, os.getpid()), count=2).map(range(5))
    assert results == [(item, os.getpid()) for item in range(5)]


def test_one_worker_or_none_maps_in_this_process() -> None:
    loaded: list[int] = []
    pool = workers.Pool(lambda item: (item, os.getpid()), lambda: loaded.append(1), count=1)
    assert pool.map([1, 2]) == [(1, os.getpid()), (2, os.getpid())]
    assert not loaded  # nothing to load ahead of a map in this process


def _slow(item: int) -> int:
    time.sleep(0.3)
    return item


def test_a_pool_whose_caller_failed_meanwhile_ends_without_a_word(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The caller's own work fails while the workers compute: the pool closes, and each worker,
    finding nobody to answer, ends quietly (no traceback of a broken pipe on the terminal)."""

    def fail() -> None:
        raise ValueError("the caller's own work failed")

    pool = workers.Pool(_slow, count=2)
    with pytest.raises(ValueError, match="own work failed"):
        pool.map(range(8), meanwhile=fail)  # closing, it waits for the workers to end
    assert "Traceback" not in capfd.readouterr().err
