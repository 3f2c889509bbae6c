"""The ``toolgen`` process: its entry point, which hands the command line to click (the one
reader of it, :mod:`toolgen.cli`) and leaves at once when the run is done.
"""

from __future__ import annotations

import gc
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from toolgen.cli import main as click_main
from toolgen.report import EXIT_OUTPUT_CLOSED


def main(args: Sequence[str]) -> NoReturn:
    """Run the command line ``args`` (without the program name); leave by ``SystemExit``."""
    click_main(list(args))
    sys.exit(0)  # pragma: no cover - click leaves by SystemExit


class _ClosedOutput(io.TextIOBase):
    """Standard output that was closed before toolgen started: writing to it is what writing to
    a pipe whose reader has gone is (exit 120); a quiet build that writes nothing succeeds."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if text:
            raise BrokenPipeError(32, "standard output is closed")
        return 0

    def fileno(self) -> int:
        raise io.UnsupportedOperation("standard output is closed")


class _NamedOutput(io.TextIOBase):
    """Standard output, whose failures (``> /dev/full``) say it was standard output that failed."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, "standard output") from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, "standard output") from None

    def fileno(self) -> int:
        return int(self._stream.fileno())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(self._stream.encoding)

    @property
    def buffer(self) -> Any:
        return self._stream.buffer

    def isatty(self) -> bool:
        return bool(self._stream.isatty())


def run() -> NoReturn:
    """The ``toolgen`` command (and ``python -m toolgen``): :func:`main`, then leave at once.

    Once the output is flushed, tearing the interpreter down (freeing every libcst class and
    cached entry one by one) is work nobody waits for: ~20 ms of a 250 ms rebuild here. As
    mypy does, the process ends with ``os._exit`` after flushing, and the cycle collector never
    runs. Library callers and tests use :func:`main` (or click's :func:`toolgen.cli.main`),
    which leave by ``SystemExit`` with the collector as they found it.
    """

    # The process ends with os._exit, so the cycle collector's scans are work nobody waits for
    # either: re-enabled when a build's pause ends (api), the first one walked every object the
    # build left alive, ~0.9 % of a cold build's instructions and in its serial part.
    gc.disable()
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        sys.stdout = _ClosedOutput()
    else:  # a full or failing standard output is named as such in the message
        sys.stdout = _NamedOutput(sys.stdout)
    status: object = 0
    try:
        main(sys.argv[1:])
    except SystemExit as exc:
        status = exc.code
    if status is None:
        status = 0
    elif not isinstance(status, int):  # as Python does: a message, and status 1
        print(status, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`toolgen check | head`), a closed stream
            status = EXIT_OUTPUT_CLOSED
    os._exit(status)


__all__ = ["main", "run"]
