"""A forked worker's life bound to its parent's: it ends when the process that forked it
does, killed or not.

A worker only asks its pipe for work between chunks; one busy on an input that takes for ever
would, its parent gone, work on for nobody. The kernel can say so (Linux's parent-death
signal); elsewhere, or should that fail, the worker looks for itself.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Final

WATCH_S: Final = 0.2
"""How often a worker that the kernel cannot tell of its parent's death looks for itself."""
_PR_SET_PDEATHSIG: Final = 1
"""``prctl``'s option (linux/prctl.h): the signal a process gets when its parent ends."""


def parent_death_signal() -> bool:
    """Ask the kernel to kill this process (SIGKILL) when the thread that forked it ends
    (Linux's ``PR_SET_PDEATHSIG``); whether it will."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def end_with(parent: int) -> None:
    """This worker ends when ``parent`` (the process that forked it) does, killed or not: a
    worker busy on an input that takes for ever would otherwise work on for nobody, its
    results never asked for. By the kernel's signal where there is one, else by a thread that
    looks every :data:`WATCH_S`; and at once if the parent is already gone (it died before
    the signal was asked for)."""
    if not parent_death_signal():
        import threading

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(WATCH_S)
            os._exit(1)

        threading.Thread(target=watch, name="toolgen-parent-watch", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)


__all__ = ["WATCH_S", "end_with", "parent_death_signal"]
