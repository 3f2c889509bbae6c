"""Progress of long work on a terminal's stderr: one line of counts, rewritten in place."""

from __future__ import annotations

import sys
import time
from typing import Final

INTERVAL: Final = 0.1
"""Seconds between two rewrites of the line: a terminal need not redraw more often."""

_shown = False


def enable(on: bool) -> None:
    """Show progress from now on (the command decides: stderr a terminal, and not ``-q``)."""
    global _shown
    _shown = on


class Counter:
    """``toolgen: parsed 120/1000 files``, rewritten as work is done, cleared at the end so
    that the lines printed after it start on a clean line."""

    def __init__(self, verb: str, total: int, noun: str) -> None:
        self.verb, self.total, self.noun = verb, total, noun
        self.done = 0
        self._last = 0.0

    def add(self, count: int) -> None:
        self.done += count
        now = time.monotonic()
        if now - self._last >= INTERVAL or self.done >= self.total:
            self._last = now
            _write(f"\rtoolgen: {self.verb} {self.done}/{self.total} {self.noun}\x1b[K")

    def end(self) -> None:
        _write("\r\x1b[K")


def counter(verb: str, total: int, noun: str) -> Counter | None:
    """A counter for ``total`` items of work, or ``None`` when progress is not shown."""
    return Counter(verb, total, noun) if _shown and total else None


def _write(text: str) -> None:
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):  # a terminal gone: progress is not worth failing for
        pass


__all__ = ["Counter", "counter", "enable"]
