"""The run of ``build`` and ``check`` once click has read the arguments (:mod:`toolgen.cli`),
and how diagnostics, results and failures are printed."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from toolgen import progress
from toolgen.config import Config, load, override
from toolgen.discover import display_path
from toolgen.errors import ConfigError, Diagnostic, Severity, SourceError, UsageError, showable
from toolgen.report import Report, failure


def echo(text: str, err: bool = False, nl: bool = True) -> None:
    """Write ``text`` to standard output (or error) and flush it, so that the two streams keep
    their order in a terminal or a CI log. Nothing when the stream does not exist."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    stream.write(text + "\n" if nl else text)
    stream.flush()


def _github(diagnostic: Diagnostic) -> str:
    """A GitHub Actions workflow command: the problem appears on the line in the pull request."""

    def escape(text: str) -> str:
        text = showable(text)  # control characters as visible escapes, as on stderr
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    where = ""
    if diagnostic.span is not None:
        path = escape(diagnostic.span.path).replace(",", "%2C").replace(":", "%3A")
        where = f" file={path},line={diagnostic.span.line},col={diagnostic.span.col}"
    return f"::{diagnostic.severity.value}{where}::{escape(diagnostic.message)}"


def _json(diagnostic: Diagnostic) -> str:
    """One diagnostic as one line of JSON: path, line, column, severity, code and message."""

    span = diagnostic.span
    return json.dumps(
        {
            "path": showable(span.path) if span is not None else None,
            "line": span.line if span is not None else None,
            "column": span.col if span is not None else None,
            "severity": diagnostic.severity.value,
            "code": diagnostic.code,
            "message": showable(diagnostic.message),
        },
        ensure_ascii=False,
    )


def print_diagnostics(
    diagnostics: Sequence[Diagnostic], quiet: bool, error_format: str = "text"
) -> None:
    """Each diagnostic on stderr (warnings only when not quiet); with ``error_format`` github
    or json, also on stdout in that form."""
    for diagnostic in diagnostics:
        if quiet and diagnostic.severity is Severity.WARNING:
            continue
        if error_format == "github":
            echo(_github(diagnostic))  # workflow commands are read from stdout
        elif error_format == "json":
            echo(_json(diagnostic))  # one object per line, for editors and bots
        echo(diagnostic.format(), err=True)


def fail(
    exc: BaseException, verbose: bool, error_format: str = "text", check: bool = False
) -> NoReturn:
    """Say what the failure was (the report decides the words and the exit code) and leave."""
    if isinstance(exc, SourceError):
        print_diagnostics(exc.diagnostics, quiet=False, error_format=error_format)
    said = failure(exc, check)
    if isinstance(exc, BrokenPipeError):
        _discard_stdout()
    if said.message is not None:
        echo(said.message, err=True)
    if said.is_bug:
        if verbose:
            import traceback

            echo("".join(traceback.format_exception(exc)), err=True)
        else:
            echo(
                "This is a bug in toolgen, not in your code. Please report it with the command "
                "you ran; run again with -v to see the traceback.",
                err=True,
            )
    sys.exit(said.code)


def guard(
    verbose: bool,
    body: Callable[[], int],
    error_format: str = "text",
    passthrough: tuple[type[BaseException], ...] = (),
    check: bool = False,
) -> NoReturn:
    """Run ``body`` and exit with its code; every failure is said in words with its exit code
    (tracebacks only with ``verbose``). ``passthrough``: exceptions the caller handles (click's
    usage errors)."""
    try:
        code = body()
    except passthrough:
        raise
    except BaseException as exc:  # every failure has an exit code; tracebacks only with -v
        if isinstance(exc, SystemExit):
            raise
        fail(exc, verbose, error_format, check)
    sys.exit(code)


def target_config(paths: tuple[Path, ...], flags: dict[str, Any], writes: bool = False) -> Config:
    """The configuration file's targets with the flags put over them.

    PATHS on the command line replace the configured targets with one target (its other
    settings from the file), written to ``--out`` or ``PATH/tool_schemas.py``.

    Raises:
        UsageError: ``--out`` without PATHS where the file has several targets; ``--out``
            into a folder that does not exist, when the run ``writes``.
        ConfigError: a configured path that does not exist.
    """

    given = [*paths, *(flags[k] for k in ("out", "source_roots") if flags.get(k) is not None)]
    for path in given:
        for one in path if isinstance(path, tuple) else (path,):
            _ensure_no_nul(one)
    config = load()
    cwd = Path.cwd()
    targets = config.targets
    chosen = flags.get("frameworks")
    if chosen:  # not given: None, so the file decides; "none" alone: no preset at all
        targets = tuple(
            replace(t, frameworks=tuple(f for f in chosen if f != "none")) for t in targets
        )
    flags = {k: v for k, v in flags.items() if k != "frameworks"}
    kept: frozenset[Path] = frozenset()
    if paths:
        if config.source is not None:
            kept = frozenset(
                p.resolve() for t in targets if t.paths for p in t.output_files().values()
            )
        targets = (replace(targets[0], paths=tuple((cwd / p).resolve() for p in paths), out=None),)
    elif config.source is not None:
        for target in targets:
            _configured_paths_exist(target.paths, config.source, cwd)
    if flags.get("out") is not None:
        if len(targets) > 1:
            raise UsageError("--out needs a single target: give PATHS too")
        # Not resolved: a symlink on the way is refused (emit.place), never followed.
        flags = {**flags, "out": Path(os.path.normpath(cwd / flags["out"]))}
        folder = flags["out"].parent
        if writes and not folder.is_dir():  # check writes nothing: its output is missing

            where = display_path(folder, cwd)
            raise UsageError(
                f"--out {display_path(flags['out'], cwd)}: the folder {where} does not exist; "
                f"create it first (mkdir -p {where}), or write elsewhere"
            )
    from_command_line = bool(paths) or flags.get("out") is not None
    return Config(
        tuple(override(t, **flags) for t in targets),
        config.source,
        config.cache_dir,
        cwd if from_command_line else None,
        kept,
    )


def _ensure_no_nul(path: Path) -> None:
    """Raises: UsageError: a path given on the command line holds a NUL byte (possible only
    through the API: no command line can carry one)."""
    if "\x00" in str(path):
        raise UsageError(
            f"the path '{showable(str(path))}' holds a NUL byte, which no path can hold"
        )


def _configured_paths_exist(paths: Sequence[Path], source: Path, cwd: Path) -> None:
    """Raises ConfigError for a configured path that does not exist, relative to the working
    folder as every message is, with the nearest existing name beside it."""
    for path in paths:
        if path.exists():
            continue
        import difflib  # seam: only a mistake needs it

        siblings = (
            [p.name for p in path.parent.iterdir() if not p.name.startswith(".")]
            if path.parent.is_dir()
            else []
        )
        close = difflib.get_close_matches(path.name, siblings, n=1)
        hint = f" (did you mean '{display_path(path.parent / close[0], cwd)}'?)" if close else ""
        raise ConfigError(
            f"{display_path(source, cwd)}: [tool.toolgen] 'paths': "
            f"{display_path(path, cwd)} does not exist{hint}"
        )


def build_or_check(
    paths: tuple[Path, ...],
    check_only: bool,
    *,
    force: bool = False,
    quiet: bool = False,
    verbose: bool = False,
    no_cache: bool = False,
    cache_dir: Path | None = None,
    error_format: str = "text",
    flags: dict[str, Any] | None = None,
    fix: Callable[[], str],
) -> NoReturn:
    """``toolgen build`` (or ``check``): plan, write or compare, say what became of each
    output, and exit with the code that says it. ``fix`` gives the command that would bring a
    stale output up to date (asked only when one is)."""
    from toolgen import api

    def body() -> int:
        progress.enable(not quiet and sys.stderr is not None and sys.stderr.isatty())
        if cache_dir is not None:
            _ensure_no_nul(cache_dir)
        config = target_config(paths, flags or {}, writes=not check_only)
        the_plan = api.plan(
            config,
            use_cache=not no_cache,
            cache_dir=cache_dir.resolve() if cache_dir is not None else None,
            warnings=not quiet,
        )
        print_diagnostics(the_plan.diagnostics, quiet, error_format)
        report = Report(check=check_only, quiet=quiet)
        if check_only:
            report.results = api.compare(the_plan)
            for result in report.results:
                if result.diff:  # stdout holds the JSON lines alone with --error-format json
                    echo(result.diff, nl=False, err=error_format == "json")
            if report.out_of_date:
                report.fix = fix()
        else:
            report.results = api.write(the_plan, force=force)
        for line in report.lines():
            echo(line, err=True)
        return report.exit_code

    guard(verbose, body, error_format, check=check_only)


def _discard_stdout() -> None:
    """Point standard output at the null device, so that flushing what is still buffered for
    a closed pipe does not fail again on the way out."""

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no real stdout (tests capture it): nothing to protect
        pass


__all__ = [
    "build_or_check",
    "echo",
    "fail",
    "guard",
    "print_diagnostics",
    "target_config",
]
