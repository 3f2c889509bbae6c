"""The public face: ``generate`` (the pipeline over texts in memory), ``build`` (what the
command does), and the steps the CLI runs: ``plan`` builds every output in memory through the
engine; ``write`` writes it, ``compare`` diffs it; ``show`` prints one tool from the pipeline.

It prints nothing (the CLI turns results into text and exit codes) and keeps no cache of its
own: what may be reused from earlier builds, and how it is verified, is the engine's
(:mod:`toolgen.engine`); the stages are :mod:`toolgen.pipeline`'s.
"""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from toolgen.config import PROVIDERS, Config, Target, default_cache_dir, load
from toolgen.discover import display_path
from toolgen.emit.place import place_output
from toolgen.engine import Cache, open_cache
from toolgen.engine.files import PlannedFile, on_disk, write_file
from toolgen.engine.target import TargetRun
from toolgen.errors import (
    Diagnostic,
    Diagnostics,
    Severity,
    SourceError,
    ToolgenError,
    UsageError,
)
from toolgen.report import FileResult, Report, Status, failure

if TYPE_CHECKING:
    from toolgen.ir import ToolDef
    from toolgen.scan.model import ModuleScan
    from toolgen.sources import Sources

__all__ = [
    "BuildResult",
    "Generated",
    "Plan",
    "PlannedFile",
    "build",
    "compare",
    "generate",
    "plan",
    "show",
    "to_json",
    "write",
]


class Generated(NamedTuple):
    """What :func:`generate` made: the generated files' texts and every diagnostic.

    (This and :class:`BuildResult` are ``NamedTuple`` s, as every record the command's start
    defines: a slotted dataclass costs the start, and so every no-op, half a millisecond.)"""

    files: dict[str, str]
    """Each generated module's relative POSIX path → its text; empty when a diagnostic is an
    error (as a build then writes nothing)."""
    diagnostics: tuple[Diagnostic, ...]
    """Every warning and error, sorted by place, as the command prints them."""

    @property
    def ok(self) -> bool:
        """No diagnostic is an error."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def generate(sources: Mapping[str, str | bytes], settings: Target | None = None) -> Generated:
    """The generated modules for ``sources`` (relative POSIX path → source text), by the same
    stages as ``toolgen build`` but all in memory: no file is read or written, no cache kept,
    no process started.

    ``settings`` is one target's (``paths``, ``out`` and ``source_roots`` relative to the
    sources' root); only the sources below ``paths`` are scanned (all when it is empty), and a
    folder is a package when ``sources`` holds its ``__init__.py``.
    """
    from toolgen import pipeline
    from toolgen.discover import discover_given
    from toolgen.emit.prove import ensure_data_only
    from toolgen.sources import sources_of

    target, root = _anchored(settings or Target())
    outputs = target.output_files()
    given = discover_given(
        sources,
        target.paths,
        frozenset(outputs.values()),
        target.exclude,
        root,
        target.source_roots or None,
    )
    output = pipeline.run(sources_of(given), target, root, outputs)
    files = {}
    for key, rendered in output.files.items():
        display = display_path(outputs[key], root)
        ensure_data_only(rendered.proof if rendered.proof is not None else rendered.pieces, display)
        files[display] = b"".join(rendered.pieces).decode("utf-8")
    return Generated(files, tuple(output.diagnostics))


_ROOT = Path("/")
"""Where :func:`generate` places the sources it is given: only their names, never read."""


def _anchored(target: Target) -> tuple[Target, Path]:
    """``target`` with its relative paths placed below :data:`_ROOT`."""
    return (
        replace(
            target,
            paths=tuple(_ROOT / p for p in target.paths) or (_ROOT,),
            out=_ROOT / target.out if target.out is not None else None,
            source_roots=tuple(_ROOT / p for p in target.source_roots),
        ),
        _ROOT,
    )


class BuildResult(NamedTuple):
    """What :func:`build` did: its exit code, as the command's, and what it said."""

    exit_code: int
    """0 done (check: every output fresh); 1 check: an output is stale or missing; 2 usage,
    configuration or environment; 3 errors in the sources (nothing written)."""
    files: tuple[FileResult, ...]
    """Each output: its path, what became of it (:class:`~toolgen.report.Status`), its tools."""
    diagnostics: tuple[Diagnostic, ...]
    message: str | None = None
    """What the command would say of a failure (``toolgen: error: ...``); ``None`` otherwise."""


def build(
    project: str | Path = ".", *, check: bool = False, jobs: int | None = None
) -> BuildResult:
    """What ``toolgen build`` (or ``toolgen check``, with ``check``) does in ``project``, as
    configured by its ``pyproject.toml``: the same cache, outcomes and exit codes, returned
    instead of printed. ``jobs=1`` does all the work in this process.

    A bug in toolgen is raised, not returned."""
    root = Path(project).resolve()
    try:
        the_plan = plan(load(root), cwd=root, jobs=jobs)
        results = compare(the_plan) if check else write(the_plan)
    except (ToolgenError, OSError) as exc:
        said = failure(exc, check)
        if said.is_bug:
            raise
        found = exc.diagnostics if isinstance(exc, SourceError) else ()
        return BuildResult(said.code, (), tuple(found), said.message)
    report = Report(check=check, results=results)
    return BuildResult(report.exit_code, tuple(results), the_plan.diagnostics)


class Plan(NamedTuple):
    """Every output of a run, and the diagnostics (warnings only: errors raise)."""

    files: tuple[PlannedFile, ...]
    diagnostics: tuple[Diagnostic, ...]
    cache: Cache
    """The cache the plan used, so a build can stamp what it wrote."""
    project: Path | None = None
    """The folder every output is inside (checked by the plan); the write opens the folders
    below it without following links. ``None``: each output's own folder."""


@contextlib.contextmanager
def _without_cyclic_gc() -> Iterator[None]:
    """Pause the cycle collector: a build allocates millions of short-lived objects (libcst
    trees, schemas) that reference counting frees on its own, and the collector's repeated
    scans of a growing heap cost a fifth of a large build (measured: 14.6 s -> 11.6 s on
    10,000 tools, same peak memory). Forked workers inherit the setting."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _runs(
    config: Config,
    cwd: Path,
    use_cache: bool,
    cache_dir: Path | None,
    warnings: bool,
    jobs: int | None = None,
) -> tuple[list[TargetRun], Path]:
    """One run per target, sharing the cache; and the project their outputs must stay in.

    Raises:
        UsageError: a target without paths, two targets writing one file, a cache folder that
            is not toolgen's.
        OutputError: an output outside the project, through a symlink, or not a regular file.
    """

    root = config.source.parent if config.source is not None else cwd
    out_root = config.out_root or root
    outputs: dict[Path, int] = {}
    for index, target in enumerate(config.targets):
        if not target.paths:
            raise UsageError(
                "no paths to scan: give them on the command line, or run `toolgen init` to "
                "find the tools and write 'paths' into [tool.toolgen] in pyproject.toml"
            )
        for path in target.output_files().values():
            # Inside the project, through folders only, a regular file or nothing: so its
            # resolved path is the one checked, and is the one written or read.
            out = place_output(path, out_root, cwd)
            if out in outputs:
                raise UsageError(
                    f"targets {outputs[out]} and {index} both write {display_path(out, cwd)}"
                )
            outputs[out] = index
    cache = open_cache((cache_dir or default_cache_dir(config, root)) if use_cache else None)
    runs = [
        TargetRun(
            target, frozenset(outputs) | config.configured_outputs, cwd, root, cache, warnings, jobs
        )
        for target in config.targets
    ]
    return runs, out_root


def plan(
    config: Config,
    cwd: Path | None = None,
    use_cache: bool = True,
    cache_dir: Path | None = None,
    warnings: bool = True,
    jobs: int | None = None,
) -> Plan:
    """Scan, build and render every target of ``config``, reusing what the cache verifies.

    ``warnings=False`` leaves warnings out of the plan (errors still raise): a quiet run does
    not pay for rebuilding thousands of cached warnings it would not print. ``jobs``: the
    processes it may use (``1``: this one alone; ``None``: one per CPU).

    Raises:
        UsageError: paths that do not exist, two targets writing one file, a foreign cache.
        SourceError: the sources have errors (all of them attached). Nothing is cached then.
    """
    with _without_cyclic_gc():
        runs, out_root = _runs(config, cwd or Path.cwd(), use_cache, cache_dir, warnings, jobs)
        files: list[PlannedFile] = []
        diags = Diagnostics()
        for run in runs:
            planned, said = run.planned_files()
            files.extend(planned)
            diags.extend(said.items)
        if diags.has_errors:
            raise SourceError(diags.sorted())
        cache = runs[0].cache if runs else open_cache(None)
        for run in runs:
            for pending in run.pending if cache.enabled else ():  # none encoded for nothing
                pending(cache)
        return Plan(tuple(files), tuple(diags.sorted()) if warnings else (), cache, out_root)


def write(the_plan: Plan, force: bool = False) -> list[FileResult]:
    """Write every planned file that changed; nothing at all when any output is unsafe."""
    from toolgen.emit.write import preflight, read_head, remove_killed_writes

    for f in the_plan.files:
        if f.pieces is not None:
            from toolgen.emit.prove import ensure_data_only  # not on the no-op path

            head = read_head(f.path)
            preflight(
                f.path,
                f.display,
                None if head is None else head.decode("utf-8", "replace"),
                force,
            )
            # Every file is proved data before any is written (its tools' items were proved one
            # by one when made: the module is read with a stand-in in their place).
            ensure_data_only(f.proof if f.proof is not None else f.pieces, f.display)
    cache = the_plan.cache
    results = []
    for f in the_plan.files:
        remove_killed_writes(f.path)
        if f.pieces is None or on_disk(f.path, f.digest, cache, writing=True):
            results.append(FileResult(f.display, Status.UNCHANGED, f.tool_count))
            continue
        write_file(f, cache, the_plan.project)
        results.append(FileResult(f.display, Status.WRITTEN, f.tool_count))
    return results


def compare(the_plan: Plan) -> list[FileResult]:
    """Compare every planned file with the disk, byte for byte (toolgen's version aside);
    writes nothing."""
    results = []
    for f in the_plan.files:
        if f.pieces is None or on_disk(f.path, f.digest, the_plan.cache):
            results.append(FileResult(f.display, Status.FRESH, f.tool_count))
            continue
        from toolgen.emit.stale import is_fresh, unified_diff  # not on the no-op path
        from toolgen.emit.write import read_existing_bytes

        old = read_existing_bytes(f.path)
        new = b"".join(f.disk_pieces())
        if is_fresh(old, new):
            results.append(FileResult(f.display, Status.FRESH, f.tool_count))
        else:
            results.append(
                FileResult(
                    f.display,
                    Status.MISSING if old is None else Status.STALE,
                    f.tool_count,
                    # A missing file's diff would be all of it: its status says what it lacks.
                    unified_diff(f.display, old, new) if old is not None else "",
                )
            )
    return results


def show(
    path: Path,
    function: str,
    config: Config,
    provider: str | None = None,
    cwd: Path | None = None,
) -> tuple[Any, list[Diagnostic], list[str]]:
    """One tool's schema (the IR, or one provider's wire form), its diagnostics, and the
    decisions that made it: which rules read it and why each left-out parameter was left out.

    The tool is built by the pipeline's own stages, as a build builds it: over the sources of
    the target that holds the file (or, when none does, of a target over the file's folder),
    against the modules its imports reach. ``function`` is the function's name or the tool's
    published name.

    Raises:
        UsageError: no such file, or no such tool in it (the file's tools are listed).
        SourceError: the sources have errors.
    """
    from toolgen import pipeline
    from toolgen.assemble import merge_provider_diagnostics

    if provider is not None and provider not in PROVIDERS:
        raise UsageError(f"unknown provider '{provider}'; expected one of: {', '.join(PROVIDERS)}")
    cwd = cwd or Path.cwd()
    if not path.is_file():
        raise UsageError(f"no such file: {display_path(path, cwd)}")
    wanted_path = path.resolve()
    target, sources = _sources_holding(config, wanted_path, cwd)
    source = next(s for s in sources.files if s.path.resolve() == wanted_path)
    scans: dict[str, ModuleScan] = {}
    pipeline.scan_reach([source.module], sources, scans)
    notes: list[tuple[str, str]] = []
    built = pipeline.build_tools(source.module, sources, scans, target, notes)
    shown = source.display
    # The file's tools: those its module makes (decorated here, or made by its calls and lists,
    # of functions defined anywhere), else those other modules' calls and lists make of the
    # functions it defines (each module's build makes the tools of its own statements).
    found = [(t, built, source.module) for t in built.tools]
    if not any(_is_wanted(t, function) for t, _, _ in found):
        for module in sorted(set(sources.by_module) - {source.module}):
            pipeline.scan_reach([module], sources, scans)
            other = pipeline.build_tools(module, sources, scans, target, notes)
            found.extend((t, other, module) for t in other.tools if t.span.path == shown)
    wanted = [item for item in found if _is_wanted(item[0], function)]
    if not wanted:
        known = ", ".join(sorted({t.name for t, _, _ in found})) or "none"
        raise UsageError(f"no tool '{function}' in {shown}; its tools: {known}")
    tool, made_by, module = wanted[0]
    diags = Diagnostics()
    # What was said at the tool's function and at the statements of the module that made it.
    places = {shown, tool.span.path, *(f.display for f in sources.by_module[module])}
    diags.extend([d for d in made_by.diagnostics if d.span is None or d.span.path in places])
    adapted = pipeline.adapt(tool, target, None if provider is None else (provider,))
    diags.extend(merge_provider_diagnostics(adapted.diagnostics))  # as build says them
    value: Any = adapted.plain if provider is None else adapted.wire[provider].wire
    if diags.has_errors:
        raise SourceError(diags.sorted())
    decisions = [text for name, text in notes if name == tool.name]
    if tool.owner is not None:  # two owners may each have a tool of this name: say whose
        decisions.insert(0, f"owned by the {tool.owner.kind} '{tool.owner.id}'")
    return value, diags.sorted(), decisions


def _is_wanted(tool: ToolDef, function: str) -> bool:
    """Whether ``function`` (as ``show`` is given it) names ``tool``: its published name, or
    its function's."""
    return function in (tool.name, tool.qualname.rsplit(".", 1)[-1])


def _sources_holding(config: Config, path: Path, cwd: Path) -> tuple[Target, Sources]:
    """The first target whose sources hold ``path``, and its sources; else a target over the
    file's folder (or the file alone)."""
    from toolgen import pipeline

    targets = [t for t in config.targets if t.paths] or [Target()]
    root = config.source.parent if config.source is not None else cwd
    outputs = frozenset(p.resolve() for t in targets for p in t.output_files().values())
    for target in [*targets, replace(targets[0], paths=(path.parent,))]:
        try:
            sources = pipeline.discover(target, outputs, cwd, root)
        except UsageError:
            continue
        if any(s.path.resolve() == path for s in sources.files):
            return target, sources
    alone = replace(targets[0], paths=(path,))
    return alone, pipeline.discover(alone, frozenset(), cwd, root)


def to_json(value: Any) -> str:
    """``value`` as JSON for a terminal: a character that would not read as it is (a control,
    a bidirectional control) is its ``\\u`` escape (:func:`toolgen.visible.json_text`)."""
    from toolgen.visible import json_text

    return json_text(json.dumps(value, indent=2, ensure_ascii=False))
