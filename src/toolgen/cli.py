"""The ``toolgen`` command's every form, read by click: options → configuration → ``api`` →
text and exit codes (the run of ``build`` and ``check`` is :mod:`toolgen.console`'s).

Exit codes (docs/cli.md): 0 success; 1 stale or missing output (check); 2 usage or
configuration error; 3 errors in the sources (nothing written); 4 internal error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click

from toolgen import __version__
from toolgen.config import CACHE_DIR, PROVIDERS, SETTINGS, Setting, load
from toolgen.console import build_or_check, echo, guard, print_diagnostics, target_config
from toolgen.errors import showable
from toolgen.header import is_generated
from toolgen.report import EXIT_OK, EXIT_USAGE, Report


def _err(message: str) -> None:
    echo(message, err=True)


_PASSTHROUGH = (click.exceptions.Exit, click.ClickException)
"""click's own exits and usage errors, which click prints."""


def _guard(verbose: bool, body: Callable[[], int]) -> NoReturn:
    guard(verbose, body, passthrough=_PASSTHROUGH)


class _PathType(click.Path):
    """A path: click's own check of it would fail (exit 4) on a NUL byte, which no path holds
    (no command line can carry one; a caller of ``main`` can)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\x00" in value:
            self.fail("the path holds a NUL byte, which no path can hold", param, ctx)
        return super().convert(value, param, ctx)


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
        kwargs["type"] = _PathType(path_type=Path)
    elif setting.kind == "int":
        kwargs["type"] = int
    elif setting.choices is not None:
        kwargs["type"] = click.Choice([*setting.choices, *(["none"] if setting.none_word else [])])
    if setting.metavar:
        kwargs["metavar"] = setting.metavar
    return click.option(*names, name, **kwargs)


def _target_options(func: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.argument("paths", nargs=-1, type=_PathType(path_type=Path)),
        *(_setting_option(name, setting) for name, setting in SETTINGS.items() if setting.flag),
        click.option(
            "--no-cache",
            is_flag=True,
            help="Neither read nor write the cache (results are identical either way).",
        ),
        click.option(
            CACHE_DIR.flag or "--cache-dir",
            type=_PathType(path_type=Path),
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
    build_or_check(
        paths,
        check_only,
        force=force,
        quiet=quiet,
        verbose=verbose,
        no_cache=flags.pop("no_cache", False),
        cache_dir=flags.pop("cache_dir", None),
        error_format=flags.pop("error_format", "text"),
        flags=flags,
        fix=_fix_command,
    )


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
    if "\x00" in file:
        raise click.UsageError("the path holds a NUL byte, which no path can hold")

    def body() -> int:
        value, diagnostics, decisions = api.show(Path(file).resolve(), function, load(), provider)
        print_diagnostics(diagnostics, quiet=False)
        for decision in decisions:
            echo(showable(f"note: {decision}"), err=True)
        from toolgen.diff.tokens import weight_note

        echo(f"note: in every request: {weight_note(value)}", err=True)
        echo(api.to_json(value))
        return EXIT_OK

    _guard(verbose, body)


def _generated_pair(paths: tuple[Path, ...]) -> bool:
    """``toolgen diff OLD.py NEW.py``: two files, the first of them toolgen's output (or not
    regular files at all: ``toolgen diff <(git show main:out.py) out.py``)."""

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
@click.argument("paths", nargs=-1, type=_PathType(path_type=Path))
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
    type=_PathType(path_type=Path),
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
            config = target_config(paths, {})
            result = diff_targets(
                config,
                base,
                against_files=against_files,
                use_cache=not no_cache,
                cache_dir=cache_dir.resolve() if cache_dir is not None else None,
            )
        echo(render(result, fmt), nl=False)
        return EXIT_STALE if fails(result, fail_on) else EXIT_OK

    _guard(verbose, body)


@main.command()
@click.argument("paths", nargs=-1, type=_PathType(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="text for a terminal, markdown for a pull-request comment, json for scripts.",
)
@click.option("--top", type=click.IntRange(min=0), default=0, help="Each constant's N heaviest.")
@click.option("--estimate", is_flag=True, help="Estimate tokens even with a tokenizer installed.")
@click.option("--verbose", "-v", is_flag=True, help="Show tracebacks of internal errors.")
def cost(paths: tuple[Path, ...], fmt: str, top: int, estimate: bool, verbose: bool) -> None:
    """Bytes and tokens each tool costs in every request, per constant, heaviest first.

    \b
    toolgen cost [PATHS]...   a fresh build of PATHS (without PATHS: the targets of
                              [tool.toolgen]); nothing is written
    toolgen cost FILE.py...   generated modules, read as data

    Tokens are counted with o200k_base when bpe-openai is installed (toolgen[tokens]), else
    estimated from the bytes, and the report says which.
    """

    def body() -> int:
        from toolgen.diff.targets import cost_report

        echo(cost_report(paths, lambda: target_config(paths, {}), fmt, top, estimate), nl=False)
        return EXIT_OK

    _guard(verbose, body)


@main.command()
@click.argument(
    "path",
    default=".",
    type=_PathType(exists=True, file_okay=False, path_type=Path),
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
            echo(showable(line))  # names of folders and files: any character but NUL
        if steps.found is None and not steps.configured:
            _err(
                f"toolgen init: no tools found under {path}: nothing to set up "
                "(a framework whose tools are plain functions, such as Google ADK, is "
                "configured by hand: add [tool.toolgen] with its paths and "
                'select = "public"; every key is an option of `toolgen build --help`)'
            )
            return EXIT_USAGE
        if dry_run:
            if steps.configured:
                echo("would run the first build: toolgen build")
            return EXIT_OK
        setup.apply(steps, echo)
        if not steps.configured:
            _err(
                "toolgen init: no [tool.toolgen] to build from; add the table above, then run "
                "`toolgen build`"
            )
            return EXIT_USAGE
        from toolgen import api

        the_plan = api.plan(load(root), cwd=root)
        print_diagnostics(the_plan.diagnostics, quiet=False)
        report = Report(check=False, quiet=False, fix="toolgen build")
        report.results = api.write(the_plan)
        for line in report.lines():
            _err(line)
        if report.exit_code == EXIT_OK:
            for line in setup.next_steps(steps):
                echo(line)
        return report.exit_code

    _guard(verbose, body)


if __name__ == "__main__":  # pragma: no cover
    main()
