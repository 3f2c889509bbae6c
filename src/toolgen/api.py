"""The one orchestrator: ``plan`` builds every output in memory; ``build`` writes it, ``check`` diffs it.

It prints nothing: the CLI turns results into text and exit codes.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolgen.config import Config, Target
from toolgen.discover import SourceFile, discover, display_path
from toolgen.errors import (
    Diagnostic,
    Diagnostics,
    Severity,
    SourceError,
    UsageError,
)
from toolgen.providers.base import AdapterOptions


@dataclass(frozen=True, slots=True)
class PlannedFile:
    """One output as it should be on disk."""

    path: Path
    display: str
    text: str
    tool_count: int
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """Every output of a run, and the diagnostics (warnings only: errors raise)."""

    files: tuple[PlannedFile, ...]
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class FileResult:
    display: str
    status: str  # "written", "unchanged", "stale", "missing", "fresh"
    tool_count: int
    diff: str = ""


def _options(target: Target) -> AdapterOptions:
    return AdapterOptions(openai_strict=target.openai_strict, gemini_flavour=target.gemini_flavour,
                          gemini_schema_field=target.gemini_schema_field,
                          recursion_depth=target.recursion_depth)


def _relative_to(path: Path, folder: Path) -> str:
    return Path(os.path.relpath(path, folder)).as_posix()


def plan(config: Config, cwd: Path | None = None, use_cache: bool = True,
         cache_dir: Path | None = None) -> Plan:
    """Scan, build and render every target of ``config``.

    Raises:
        UsageError: paths that do not exist, an output that is also a source, two
            targets writing one file.
        SourceError: the sources have errors (all of them attached).
    """
    from toolgen.build import build_toolset
    from toolgen.providers import adapt, plain_tools
    from toolgen.render import Constant, render_module
    from toolgen.scan import scan_file

    cwd = cwd or Path.cwd()
    outputs: dict[Path, int] = {}
    for index, target in enumerate(config.targets):
        if not target.paths:
            raise UsageError("no paths to scan: give them on the command line or as "
                             "'paths' in [tool.toolgen]")
        out = target.out_path.resolve()
        if out in outputs:
            raise UsageError(f"targets {outputs[out]} and {index} both write "
                             f"{display_path(out, cwd)}")
        outputs[out] = index
    all_outputs = frozenset(outputs)
    files: list[PlannedFile] = []
    diags = Diagnostics()
    for target in config.targets:
        out = target.out_path.resolve()
        sources: list[SourceFile] = discover(target.paths, all_outputs, target.exclude, cwd)
        target_diags = Diagnostics()
        scans = [scan_file(source) for source in sources]
        toolset = build_toolset(scans, target, target_diags)
        if not target_diags.has_errors and not toolset.tools:
            target_diags.warning(f"no tools found in {', '.join(display_path(p, cwd) for p in target.paths)}; "
                                 "the generated constants are empty", None, "no-tools")
        outputs_by_provider = adapt(toolset, target.providers, _options(target), target_diags)
        constants = [Constant("TOOLS", "list[dict[str, Any]]", plain_tools(toolset),
                              "The provider-neutral IR: name, description, JSON Schema 2020-12.")]
        for output in outputs_by_provider:
            suffix = output.constant.removeprefix("TOOLS")
            constants.append(Constant(output.constant, "list[dict[str, Any]]", output.tools))
            constants.append(Constant(f"TOOL_NAME_MAP{suffix}", "dict[str, str]", output.name_map,
                                      "Wire name -> tool name, to dispatch a model's tool call."))
            if output.provider.startswith("openai"):
                constants.append(Constant(
                    f"NULL_MEANS_OMITTED{suffix}", "dict[str, list[str]]", output.nullable_optionals,
                    "Optional parameters that strict mode made nullable: null means not given."))
        source_names = [_relative_to(s.path, out.parent) for s in sources]
        text = render_module(constants, source_names, target.line_length)
        if target.formatter == "black":
            from toolgen.emit.format import format_with_black

            text = format_with_black(text, target.line_length)
        if target.strict:
            target_diags = _escalate(target_diags)
        diags.extend(target_diags.items)
        files.append(PlannedFile(out, display_path(out, cwd), text, len(toolset.tools),
                                 tuple(s.display for s in sources)))
    if diags.has_errors:
        raise SourceError(diags.sorted())
    return Plan(tuple(files), tuple(diags.sorted()))


def _escalate(diags: Diagnostics) -> Diagnostics:
    """``--strict``: every warning is an error."""
    out = Diagnostics()
    for d in diags.items:
        out.items.append(Diagnostic(Severity.ERROR, d.message, d.span, d.code)
                         if d.severity is Severity.WARNING else d)
    return out


def build(the_plan: Plan, force: bool = False) -> list[FileResult]:
    """Write every planned file that changed; nothing at all when any output is unsafe."""
    from toolgen.emit.write import preflight, read_existing, write_atomic

    existing = {f.path: read_existing(f.path) for f in the_plan.files}
    for f in the_plan.files:
        preflight(f.path, f.display, existing[f.path], force)
    results = []
    for f in the_plan.files:
        old = existing[f.path]
        if old is not None and old == f.text:
            results.append(FileResult(f.display, "unchanged", f.tool_count))
            continue
        write_atomic(f.path, f.text)
        results.append(FileResult(f.display, "written", f.tool_count))
    return results


def check(the_plan: Plan) -> list[FileResult]:
    """Compare every planned file with the disk; writes nothing."""
    from toolgen.emit.check import is_fresh, unified_diff
    from toolgen.emit.write import read_existing

    results = []
    for f in the_plan.files:
        old = read_existing(f.path)
        if is_fresh(old, f.text):
            results.append(FileResult(f.display, "fresh", f.tool_count))
        else:
            results.append(FileResult(f.display, "missing" if old is None else "stale", f.tool_count,
                                      unified_diff(f.display, old, f.text)))
    return results


def show(path: Path, function: str, target: Target, provider: str | None = None,
         cwd: Path | None = None) -> tuple[Any, list[Diagnostic]]:
    """One tool's schema: the IR, or one provider's wire form. Other files of the folder resolve types.

    Raises:
        UsageError: no such file, or no tool of that function name in it.
        SourceError: the sources have errors.
    """
    from dataclasses import replace

    from toolgen.build import build_toolset
    from toolgen.providers import ADAPTERS, adapt, plain_tools
    from toolgen.scan import scan_file

    cwd = cwd or Path.cwd()
    if not path.is_file():
        raise UsageError(f"no such file: {display_path(path, cwd)}")
    folder = path.parent
    sources = discover((folder,), frozenset({target.out_path.resolve()}) if target.out else frozenset(), (), cwd)
    if not any(s.path == path.resolve() for s in sources):
        sources = discover((path,), frozenset(), (), cwd)
    diags = Diagnostics()
    scans = [scan_file(s) for s in sources]
    local = replace(target, select="public") if target.select == "public" else target
    toolset = build_toolset(scans, local, diags)
    wanted = [t for t in toolset.tools if t.qualname.rsplit(".", 1)[-1] == function
              and t.span.path == display_path(path.resolve(), cwd)]
    if not wanted:
        raise UsageError(f"no tool '{function}' in {display_path(path, cwd)} (is it decorated with @tool?)")
    from toolgen.ir import ToolSet

    one = ToolSet((wanted[0],), toolset.sources)
    if provider is None:
        value: Any = plain_tools(one)[0]
    else:
        if provider not in ADAPTERS:
            raise UsageError(f"unknown provider '{provider}'; expected one of: {', '.join(ADAPTERS)}")
        value = adapt(one, (provider,), _options(target), diags)[0].tools[0]
    if diags.has_errors:
        raise SourceError(diags.sorted())
    return value, diags.sorted()


def to_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)
