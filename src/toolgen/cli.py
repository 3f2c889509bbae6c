"""The ``toolgen`` command: click options → configuration → ``api`` → text and exit codes.

Exit codes (docs/cli.md): 0 success; 1 stale or missing output (check); 2 usage or
configuration error; 3 errors in the sources (nothing written); 4 internal error.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import click

from toolgen import __version__
from toolgen.config import CACHE_DIR, PROVIDERS, SETTINGS, Config, Setting, load, override
from toolgen.errors import Diagnostic, Severity, SourceError, showable
from toolgen.report import EXIT_OK, EXIT_OUTPUT_CLOSED, EXIT_USAGE, Report, failure

"""Standard output was closed before all of it was written (``toolgen check | head -1``): the
status Python itself ends with when it cannot flush its output."""


def _err(message: str) -> None:
    click.echo(message, err=True)


_ERROR_FORMAT = {"value": "text"}


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
    import json

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


def _print_diagnostics(diagnostics: tuple[Diagnostic, ...] | list[Diagnostic], quiet: bool) -> None:
    for diagnostic in diagnostics:
        if quiet and diagnostic.severity is Severity.WARNING:
            continue
        if _ERROR_FORMAT["value"] == "github":
            click.echo(_github(diagnostic))  # workflow commands are read from stdout
        elif _ERROR_FORMAT["value"] == "json":
            click.echo(_json(diagnostic))  # one object per line, for editors and bots
        _err(diagnostic.format())


def _fail(exc: BaseException, verbose: bool) -> NoReturn:
    """Say what the failure was (the report decides the words and the exit code) and leave."""
    if isinstance(exc, SourceError):
        _print_diagnostics(exc.diagnostics, quiet=False)
    said = failure(exc)
    if isinstance(exc, BrokenPipeError):
        _discard_stdout()
    if said.message is not None:
        _err(said.message)
    if said.is_bug:
        if verbose:
            import traceback

            _err("".join(traceback.format_exception(exc)))
        else:
            _err(
                "This is a bug in toolgen, not in your code. Please report it with the command "
                "you ran; run again with -v to see the traceback."
            )
    sys.exit(said.code)


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


def _discard_stdout() -> None:
    """Point standard output at the null device, so that flushing what is still buffered for
    a closed pipe does not fail again on the way out."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no real stdout (tests capture it): nothing to protect
        pass


def _guard(verbose: bool, body: Callable[[], int]) -> NoReturn:
    try:
        code = body()
    except click.exceptions.Exit:
        raise
    except click.ClickException:
        raise
    except BaseException as exc:  # every failure has an exit code; tracebacks only with -v
        if isinstance(exc, SystemExit):
            raise
        _fail(exc, verbose)
    sys.exit(code)


def _setting_option(name: str, setting: Setting) -> Callable[[Any], Any]:
    """The command-line option of one setting, as its declaration says."""
    assert setting.flag is not None
    names = [setting.flag, *([setting.short] if setting.short else [])]
    if setting.kind == "bool":
        return click.option(
            f"{setting.flag}/--no-{setting.flag[2:]}", name, default=None, help=setting.help
        )
    kwargs: dict[str, Any] = {"help": setting.help, "default": None}
    if setting.kind == "list":
        kwargs.update(multiple=True, default=())
    if setting.kind == "path":
        kwargs["type"] = click.Path(path_type=Path)
    elif setting.kind == "int":
        kwargs["type"] = int
    elif setting.choices is not None:
        kwargs["type"] = click.Choice([*setting.choices, *(["none"] if setting.none_word else [])])
    if setting.metavar:
        kwargs["metavar"] = setting.metavar
    return click.option(*names, name, **kwargs)


def _target_options(func: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.argument("paths", nargs=-1, type=click.Path(path_type=Path)),
        *(_setting_option(name, setting) for name, setting in SETTINGS.items() if setting.flag),
        click.option(
            "--no-cache",
            is_flag=True,
            help="Neither read nor write the cache (results are identical either way).",
        ),
        click.option(
            CACHE_DIR.flag or "--cache-dir",
            type=click.Path(path_type=Path),
            default=None,
            help=CACHE_DIR.help,
        ),
        click.option(
            "--force", is_flag=True, help="Overwrite an output file that lacks toolgen's header."
        ),
        click.option("--quiet", "-q", is_flag=True, help="Print errors only."),
        click.option(
            "--error-format",
            type=click.Choice(["text", "github", "json"]),
            default="text",
            help="Also print each problem on stdout: as a GitHub Actions annotation, or as one "
            "JSON object per line (check's diff then goes to stderr).",
        ),
        click.option("--verbose", "-v", is_flag=True, help="Show tracebacks of internal errors."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _config(paths: tuple[Path, ...], flags: dict[str, Any]) -> Config:
    """The configuration file's targets with the flags put over them.

    PATHS on the command line replace the configured targets with one target (its
    other settings from the file), written to ``--out`` or ``PATH/tool_schemas.py``.
    """
    config = load()
    cwd = Path.cwd()
    targets = config.targets
    chosen = flags.get("frameworks")
    if chosen:  # not given: None, so the file decides; "none" alone: no preset at all
        targets = tuple(
            replace(t, frameworks=tuple(f for f in chosen if f != "none")) for t in targets
        )
    flags = {k: v for k, v in flags.items() if k != "frameworks"}
    if paths:
        targets = (replace(targets[0], paths=tuple((cwd / p).resolve() for p in paths), out=None),)
    if flags.get("out") is not None:
        if len(targets) > 1:
            raise click.UsageError("--out needs a single target: give PATHS too")
        flags = {**flags, "out": (cwd / flags["out"]).resolve()}
    return Config(tuple(override(t, **flags) for t in targets), config.source, config.cache_dir)


def _fix_command() -> str:
    """The command that brings stale outputs up to date: this one, as a build, with exactly the
    arguments that were given (so a bare ``toolgen build`` is named only when it would work)."""
    import shlex

    from click.core import ParameterSource

    ctx = click.get_current_context()
    words = ["toolgen", "build"]
    for param in ctx.command.params:
        name = param.name or ""
        if (
            name == "check_only"
            or ctx.get_parameter_source(name) is not ParameterSource.COMMANDLINE
        ):
            continue
        value = ctx.params.get(name)
        if isinstance(param, click.Argument):
            words.extend(str(v) for v in (value or ()))
        elif isinstance(param, click.Option):
            if param.is_flag and param.secondary_opts and value is False:
                words.append(param.secondary_opts[0])
            elif param.is_flag:
                words.append(param.opts[0])
            else:
                items = list(value or ()) if param.multiple else [value]
                for item in items:
                    words.extend([param.opts[0], str(item)])
    return shlex.join(words)


def _run(
    paths: tuple[Path, ...],
    check_only: bool,
    force: bool,
    quiet: bool,
    verbose: bool,
    flags: dict[str, Any],
) -> None:
    from toolgen import api

    no_cache = flags.pop("no_cache", False)
    _ERROR_FORMAT["value"] = flags.pop("error_format", "text")
    cache_dir = flags.pop("cache_dir", None)

    def body() -> int:
        config = _config(paths, flags)
        the_plan = api.plan(
            config,
            use_cache=not no_cache,
            cache_dir=cache_dir.resolve() if cache_dir is not None else None,
            warnings=not quiet,
        )
        _print_diagnostics(the_plan.diagnostics, quiet)
        report = Report(check=check_only, quiet=quiet, fix=_fix_command())
        if check_only:
            report.results = api.check(the_plan)
            for result in report.results:
                if result.diff:  # stdout holds the JSON lines alone with --error-format json
                    click.echo(result.diff, nl=False, err=_ERROR_FORMAT["value"] == "json")
        else:
            report.results = api.build(the_plan, force=force)
        for line in report.lines():
            _err(line)
        return report.exit_code

    _guard(verbose, body)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="toolgen")
def main() -> None:
    """Generate LLM tool schemas from Python source, at build time, without importing it.

    \b
    Exit codes: 0 ok; 1 stale or missing output (check); 2 usage or configuration
    error; 3 errors in the sources (nothing written); 4 internal error.
    """


@main.command()
@_target_options
@click.option(
    "--check", "check_only", is_flag=True, help="Write nothing; print a diff and exit 1 when stale."
)
def build(
    paths: tuple[Path, ...], check_only: bool, force: bool, quiet: bool, verbose: bool, **flags: Any
) -> None:
    """Scan PATHS (files or folders) and write the generated module.

    Without PATHS, the targets of [tool.toolgen] in the nearest pyproject.toml are built.
    """
    _run(paths, check_only, force, quiet, verbose, flags)


@main.command()
@_target_options
def check(paths: tuple[Path, ...], force: bool, quiet: bool, verbose: bool, **flags: Any) -> None:
    """Like `build --check`: exit 1 with a diff when the generated module is stale or missing."""
    _run(paths, True, force, quiet, verbose, flags)


@main.command()
@click.argument("spec", metavar="FILE::FUNCTION")
@click.option(
    "--provider",
    "-p",
    type=click.Choice(PROVIDERS),
    default=None,
    help="Show this provider's wire form instead of the IR.",
)
@click.option("--verbose", "-v", is_flag=True, help="Show tracebacks of internal errors.")
def show(spec: str, provider: str | None, verbose: bool) -> None:
    """Print one tool's schema as JSON (the IR, or a provider's form with --provider).

    FUNCTION is the function's name or the tool's published name. On stderr, notes say which
    framework's rules read the tool and why each left-out parameter was left out.
    """
    from toolgen import api

    if "::" not in spec:
        raise click.UsageError("expected FILE::FUNCTION, for example tools/weather.py::get_weather")
    file, function = spec.rsplit("::", 1)

    def body() -> int:
        value, diagnostics, decisions = api.show(Path(file).resolve(), function, load(), provider)
        _print_diagnostics(diagnostics, quiet=False)
        for decision in decisions:
            click.echo(f"note: {decision}", err=True)
        click.echo(api.to_json(value))
        return EXIT_OK

    _guard(verbose, body)


def _generated_pair(paths: tuple[Path, ...]) -> bool:
    """``toolgen diff OLD.py NEW.py``: two files, the first of them toolgen's output (or not
    regular files at all: ``toolgen diff <(git show main:out.py) out.py``)."""
    from toolgen.header import is_generated

    if len(paths) != 2 or not all(p.exists() and not p.is_dir() for p in paths):
        return False
    if not paths[0].is_file():  # a pipe: reading its head would consume it
        return True
    try:
        with paths[0].open("rb") as handle:
            return is_generated(handle.read(200))
    except OSError:
        return False


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--base",
    metavar="REV",
    default=None,
    help="The git revision to compare with [default: the merge base of HEAD with the default "
    "branch: origin/HEAD, origin/main, origin/master, main or master].",
)
@click.option(
    "--against-files",
    is_flag=True,
    help="Compare with the generated files in the working tree instead of a fresh build.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="text for a terminal, markdown for a pull-request comment, json for scripts "
    "(schema in docs/diff.md).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["breaking", "any", "never"]),
    default="breaking",
    show_default=True,
    help="Exit 1 when a change of this severity (any: of any severity) is found; never: exit 0.",
)
@click.option(
    "--no-cache",
    is_flag=True,
    help="Neither read nor write the cache for the fresh build (results are identical either way).",
)
@click.option(
    CACHE_DIR.flag or "--cache-dir",
    type=click.Path(path_type=Path),
    default=None,
    help=CACHE_DIR.help,
)
@click.option("--verbose", "-v", is_flag=True, help="Show tracebacks of internal errors.")
def diff(
    paths: tuple[Path, ...],
    base: str | None,
    against_files: bool,
    fmt: str,
    fail_on: str,
    no_cache: bool,
    cache_dir: Path | None,
    verbose: bool,
) -> None:
    """Show what changed in the generated tool schemas, and whom it breaks.

    \b
    toolgen diff [PATHS]...     outputs at --base (git) against a fresh build of PATHS
                                (without PATHS: the targets of [tool.toolgen])
    toolgen diff OLD.py NEW.py  two generated modules, read as data

    Each change has a rule id and a severity (breaking, non-breaking, info). Exit codes: 0
    nothing at or above --fail-on; 1 found; 2 usage (no git, an unknown revision, a file that
    is not a generated module); 3 errors in the sources.
    """

    def body() -> int:
        from toolgen.diff.report import fails, render
        from toolgen.diff.targets import diff_files, diff_targets
        from toolgen.report import EXIT_STALE

        if _generated_pair(paths):
            if base is not None or against_files:
                raise click.UsageError("--base and --against-files compare targets, not two files")
            result = diff_files(paths[0], paths[1])
        else:
            config = _config(paths, {})
            result = diff_targets(
                config,
                base,
                against_files=against_files,
                use_cache=not no_cache,
                cache_dir=cache_dir.resolve() if cache_dir is not None else None,
            )
        click.echo(render(result, fmt), nl=False)
        return EXIT_STALE if fails(result, fail_on) else EXIT_OK

    _guard(verbose, body)


@main.command()
@click.argument(
    "path",
    default=".",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    metavar="[PATH]",
)
@click.option(
    "--dry-run", is_flag=True, help="Print what would be written and built; change nothing."
)
@click.option("--verbose", "-v", is_flag=True, help="Show tracebacks of internal errors.")
def init(path: Path, dry_run: bool, verbose: bool) -> None:
    """Set up toolgen in the project at PATH (default: here).

    Finds the folders holding tools (toolgen's @tool or a framework's decorator, read
    statically), then adds [tool.toolgen] to pyproject.toml, a `toolgen` nox session and a
    pre-commit hook, and runs the first build. Nothing that exists is overwritten: a file is
    created or appended to, or left as it is with what to add by hand.
    """
    from toolgen import init as setup

    def body() -> int:
        root = path.resolve()
        steps = setup.plan_setup(root)
        for line in setup.describe(steps, dry_run):
            click.echo(line)
        if steps.found is None and not steps.configured:
            _err(
                f"toolgen init: no tools found under {path}: nothing to set up "
                "(a framework whose tools are plain functions, such as Google ADK, is "
                "configured by hand: docs/configuration.md)"
            )
            return EXIT_USAGE
        if dry_run:
            if steps.configured:
                click.echo("would run the first build: toolgen build")
            return EXIT_OK
        setup.apply(steps, click.echo)
        if not steps.configured:
            _err(
                "toolgen init: no [tool.toolgen] to build from; add the table above, then run "
                "`toolgen build`"
            )
            return EXIT_USAGE
        from toolgen import api

        the_plan = api.plan(load(root), cwd=root)
        _print_diagnostics(the_plan.diagnostics, quiet=False)
        report = Report(check=False, quiet=False, fix="toolgen build")
        report.results = api.build(the_plan)
        for line in report.lines():
            _err(line)
        return report.exit_code

    _guard(verbose, body)


if __name__ == "__main__":  # pragma: no cover
    main()


def run() -> NoReturn:
    """The ``toolgen`` command (and ``python -m toolgen``): :func:`main`, then leave at once.

    Once the output is flushed, tearing the interpreter down (freeing every libcst class and
    cached entry one by one) is work nobody waits for: ~20 ms of a 250 ms rebuild here. As
    mypy does, the process ends with ``os._exit`` after flushing. Library callers and tests
    use :func:`main`, which returns normally.
    """
    import os

    if sys.stdout is None:  # started with standard output closed (``>&-``)
        sys.stdout = _ClosedOutput()
    else:  # a full or failing standard output is named as such in the message
        sys.stdout = _NamedOutput(sys.stdout)
    try:
        main()
        status: object = 0
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
