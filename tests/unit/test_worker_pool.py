"""``workers.Pool``: workers forked before the map, the first loading what all need (libcst) and
only then forking the others, which inherit it; a pool not needed after all ends."""

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
"""Set by the preload, in the first worker only: what the other workers inherit from it."""


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


def test_the_first_worker_preloads_once_before_the_map_and_the_others_inherit_it(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "preloaded"

    def preload() -> None:
        _LOADED.append(os.getpid())
        with marker.open("a") as f:
            f.write(f"{os.getpid()}\n")

    def where(item: int) -> tuple[int, int, tuple[int, ...], bool]:
        return item * item, os.getpid(), tuple(_LOADED), stacks.on_large_stack()

    pool = workers.Pool(where, preload, large_stack=True, count=2)
    deadline = time.monotonic() + 10
    while not marker.exists() and time.monotonic() < deadline:  # begun before the map is
        time.sleep(0.01)
    assert marker.exists()
    results = pool.map(range(40))
    assert [square for square, *_ in results] == [i * i for i in range(40)]
    first = int(marker.read_text())
    assert marker.read_text().splitlines() == [str(first)]  # loaded once
    served = {pid for _, pid, _, _ in results}
    assert len(served) == 2 and first in served and os.getpid() not in served
    assert {loaded for _, _, loaded, _ in results} == {(first,)}  # inherited by the other
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
        marker.write_text(str(os.getpid()))

    pool = workers.Pool(lambda item: item, preload, count=3)
    deadline = time.monotonic() + 10
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    first = int(marker.read_text())
    # The workers the first one forked (Linux lists a process's children).
    children = Path(f"/proc/{first}/task/{first}/children")
    forked: set[int] = set()
    while children.exists() and len(forked) < 2 and time.monotonic() < deadline:
        forked = {int(pid) for pid in children.read_text().split()}
        time.sleep(0.01)
    assert len(forked) == 2 or not children.exists()
    pool.close()
    try:
        assert _wait_gone({first, *forked})  # none waits for a map that will never come
    finally:
        for pid in forked:  # a failure leaves no process behind to hold the run's output
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


def test_a_fork_that_fails_in_the_first_worker_leaves_the_work_to_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = os.getpid()
    fork = os.fork

    def refused() -> int:
        if os.getpid() != here:  # the first worker's forks fail; this process's do not
            raise OSError(11, "Resource temporarily unavailable")
        return fork()

    monkeypatch.setattr(os, "fork", refused)
    results = workers.Pool(lambda item: (item, os.getpid()), count=3).map(range(30))
    assert [item for item, _ in results] == list(range(30))
    assert len({pid for _, pid in results}) == 1


def test_one_worker_or_none_maps_in_this_process() -> None:
    loaded: list[int] = []
    pool = workers.Pool(lambda item: (item, os.getpid()), lambda: loaded.append(1), count=1)
    assert pool.map([1, 2]) == [(1, os.getpid()), (2, os.getpid())]
    assert not loaded  # nothing to load ahead of a map in this process
