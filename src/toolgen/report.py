"""Outcomes and exit codes, in one place: what became of each output, what a failure was, and
which exit code each means. The CLI prints what a ``Report`` or a ``Failure`` says.

| code | meaning |
|---|---|
| 0 | success (check: every output fresh) |
| 1 | check: an output is stale or missing |
| 2 | usage, configuration, or the environment (no space, no permission, not a regular file) |
| 3 | errors in the sources, each at its place; nothing was written |
| 4 | a bug in toolgen, said so plainly |
| 120 | standard output was gone before everything was written to it |
| 130 | interrupted |
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final, NamedTuple

from toolgen.errors import Severity, SourceError, ToolgenError, showable

EXIT_OK: Final = 0
EXIT_STALE: Final = 1
EXIT_USAGE: Final = 2
EXIT_SOURCE: Final = 3
EXIT_INTERNAL: Final = 4
EXIT_OUTPUT_CLOSED: Final = 120
EXIT_INTERRUPTED: Final = 130


class Status(str, Enum):
    """What became of one output file."""

    WRITTEN = "written"
    UNCHANGED = "unchanged"
    FRESH = "fresh"
    STALE = "stale"
    MISSING = "missing"

    @property
    def is_out_of_date(self) -> bool:
        return self in (Status.STALE, Status.MISSING)


class FileResult(NamedTuple):
    """One output: its display path, what became of it, its tool count, and (check) its diff."""

    display: str
    status: Status
    tool_count: int
    diff: str = ""


def _tools(count: int) -> str:
    return f"{count} tool" if count == 1 else f"{count} tools"


@dataclass(slots=True)
class Report:
    """The outcome of a build or a check: one line per output, and the exit code."""

    check: bool
    quiet: bool = False
    results: list[FileResult] = field(default_factory=list)
    fix: str = "toolgen build"
    """The command that would bring stale outputs up to date (named in the stale message)."""

    @property
    def out_of_date(self) -> list[FileResult]:
        return [r for r in self.results if r.status.is_out_of_date]

    @property
    def exit_code(self) -> int:
        return EXIT_STALE if self.check and self.out_of_date else EXIT_OK

    def lines(self) -> list[str]:
        """What to say on stderr: each output's status (only problems when quiet), and what to do
        when something is out of date."""
        out = [
            (
                f"{showable(r.display)}: missing (it would hold {_tools(r.tool_count)})"
                if r.status is Status.MISSING
                else f"{showable(r.display)}: {r.status.value} ({_tools(r.tool_count)})"
            )
            for r in self.results
            if not self.quiet or r.status.is_out_of_date
        ]
        if self.check and self.out_of_date:
            out.append(
                f"toolgen: the generated output is out of date; run `{self.fix}` and commit it"
            )
        return out


class Failure(NamedTuple):
    """What a run that failed says, and its exit code."""

    code: int
    message: str | None
    """``None``: nothing to say (standard output is gone; nobody would read it)."""
    is_bug: bool = False
    """A bug in toolgen: the user is asked to report it, and ``-v`` shows the traceback."""


def failure(exc: BaseException, check: bool = False) -> Failure:
    """The exit code and the words for an exception that ended a run (``check``: of a run
    that writes nothing in any case, so it does not say that nothing was written)."""
    if isinstance(exc, SourceError):
        errors = sum(d.severity is Severity.ERROR for d in exc.diagnostics)
        then = "nothing was compared" if check else "nothing was written"
        return Failure(EXIT_SOURCE, f"toolgen: {errors} error(s) in the sources; {then}")
    if isinstance(exc, ToolgenError):
        return Failure(
            exc.exit_code, f"toolgen: error: {showable(str(exc))}", exc.exit_code == EXIT_INTERNAL
        )
    if isinstance(exc, BrokenPipeError):  # the reader went away: nothing to say, nobody to hear
        return Failure(EXIT_OUTPUT_CLOSED, None)
    if isinstance(exc, KeyboardInterrupt):
        return Failure(EXIT_INTERRUPTED, "toolgen: interrupted; nothing was half-written")
    if isinstance(exc, OSError):  # the machine said no: a full disk, a size limit, a permission
        where = f"{showable(str(exc.filename))}: " if exc.filename else ""
        return Failure(EXIT_USAGE, f"toolgen: error: {where}{exc.strerror or exc}")
    return Failure(
        EXIT_INTERNAL,
        f"toolgen: internal error: {type(exc).__name__}: {showable(str(exc))}",
        is_bug=True,
    )


__all__ = [
    "EXIT_INTERNAL",
    "EXIT_OK",
    "EXIT_OUTPUT_CLOSED",
    "EXIT_SOURCE",
    "EXIT_STALE",
    "EXIT_USAGE",
    "Failure",
    "FileResult",
    "Report",
    "Status",
    "failure",
]
