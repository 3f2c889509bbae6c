"""The ``toolgen`` process: its entry point, which reads the common command lines itself and
gives every other to click.

Most runs of the command are ``toolgen build`` or ``toolgen check`` with a few plain
arguments, and most of those find nothing to do: such a run is mostly start-up, and importing
click with what it loads (``uuid``, ``platform``, ``datetime``, ``gettext``, its own modules)
was about a fifth of it. So :func:`common_form` reads those forms, and they run without click
(:func:`toolgen.console.build_or_check`); every other command line (any other command or
option, ``--help``, ``-qv``, anything it does not recognise) goes to click
(:mod:`toolgen.cli`), which runs the same function. The two readings are tested to print the
same bytes and exit with the same code.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from toolgen.console import build_or_check
from toolgen.report import EXIT_OUTPUT_CLOSED


class CommonForm(NamedTuple):
    """A command line of the common form: ``build`` or ``check``, PATHS, and only ``-q``,
    ``-v``, ``--out``/``-o``, ``--no-cache`` and ``--cache-dir``."""

    command: str
    paths: tuple[Path, ...] = ()
    quiet: bool = False
    verbose: bool = False
    out: Path | None = None
    no_cache: bool = False
    cache_dir: Path | None = None

    def fix(self) -> str:
        """The build command with exactly these arguments, in the order click names them
        (PATHS, then each given option in its declared order), as :mod:`toolgen.cli` does."""
        import shlex

        words = ["toolgen", "build", *(str(p) for p in self.paths)]
        if self.out is not None:
            words += ["--out", str(self.out)]
        words += ["--no-cache"] * self.no_cache
        if self.cache_dir is not None:
            words += ["--cache-dir", str(self.cache_dir)]
        words += ["--quiet"] * self.quiet + ["--verbose"] * self.verbose
        return shlex.join(words)


_VALUED = {"--out": "out", "-o": "out", "--cache-dir": "cache_dir"}
_FLAGS = {
    "-q": "quiet",
    "--quiet": "quiet",
    "-v": "verbose",
    "--verbose": "verbose",
    "--no-cache": "no_cache",
}


def common_form(args: Sequence[str]) -> CommonForm | None:
    """``args`` (without the program name) read as a command line of the common form, or
    ``None`` for any other: click reads those, with its help and its usage errors."""
    if not args or args[0] not in ("build", "check"):
        return None
    values: dict[str, Any] = {}
    paths: list[Path] = []
    words = iter(args[1:])
    for word in words:
        if not word:
            return None
        if not word.startswith("-"):
            paths.append(Path(word))
        elif word in _FLAGS:
            values[_FLAGS[word]] = True
        else:
            name, equals, value = word.partition("=")
            if name not in _VALUED or (equals and name == "-o"):
                return None
            if not equals:
                value = next(words, "")
            if not value or value.startswith("-"):
                return None  # click decides what an option followed by an option means
            values[_VALUED[name]] = Path(value)
    return CommonForm(args[0], tuple(paths), **values)


def main(args: Sequence[str]) -> NoReturn:
    """Run the command line ``args`` (without the program name)."""
    form = common_form(args)
    if form is None:
        from toolgen.cli import main as click_main

        click_main(list(args))
        sys.exit(0)  # pragma: no cover - click leaves by SystemExit
    build_or_check(
        form.paths,
        form.command == "check",
        quiet=form.quiet,
        verbose=form.verbose,
        no_cache=form.no_cache,
        cache_dir=form.cache_dir,
        flags={"out": form.out},
        fix=form.fix,
    )


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
    mypy does, the process ends with ``os._exit`` after flushing. Library callers and tests
    use :func:`main` (or click's :func:`toolgen.cli.main`), which leave by ``SystemExit``.
    """
    import os

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


__all__ = ["CommonForm", "common_form", "main", "run"]
