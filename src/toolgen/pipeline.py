"""The pipeline, stage by stage in the order a build runs them: data in, data out.

discover → scan (per file) → build one module's tools against its closure's scans → adapt per
provider → assemble the constants → render the output files. :func:`run` is the whole chain;
``toolgen show``, ``toolgen.generate`` and the incremental engine (which adds keys, cache
entries, stamps and workers around these same calls) all run these functions.

Only :func:`discover` reads the disk. The later stages are imported inside the functions that
run them; a no-op build runs the first stage alone (:mod:`toolgen.sources`), finds the output
unchanged, and loads neither this module nor any later stage.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolgen.config import Target
from toolgen.discover import SourceFile, display_path
from toolgen.errors import Diagnostic, Diagnostics, SourceSpan, escalate
from toolgen.sources import Sources, read_sources

if TYPE_CHECKING:
    from toolgen.forms import ModuleResult, ToolForms
    from toolgen.ir import ToolDef
    from toolgen.providers import AdaptedTool
    from toolgen.render import ModuleShape, RenderedConstant
    from toolgen.scan.model import ClassDef, ModuleScan

Scans = Mapping[str, "ModuleScan"]
"""Every scanned file's scan, by display path."""


# --- 1. discover ------------------------------------------------------------------------------


def discover(target: Target, outputs: frozenset[Path], cwd: Path, project: Path) -> Sources:
    """Find and read the target's sources (never a file in ``outputs``): a no-op runs this
    stage alone, so it lives in :mod:`toolgen.sources`, which loads without the others.

    Raises:
        UsageError: a path that does not exist.
        SourceError: a file too large to read.
    """
    return read_sources(target, outputs, cwd, project)


# --- 2. scan, per file ------------------------------------------------------------------------


def scan(source: SourceFile, data: bytes | None) -> ModuleScan:
    """Everything one file defines and imports, as plain data (libcst's only use)."""
    from toolgen.scan import scan_file

    return scan_file(source, data)


def imported_modules(scan: ModuleScan, sources: Sources) -> set[str]:
    """The source modules one file's imports reach directly.

    For each import, the longest prefix of its target that is a source module (under its own
    name or an alias): that is the module name resolution looks in (``Resolver.qualified``), so
    ``from tools.models import Address`` depends on ``tools.models`` and not on the package
    ``tools`` — a re-export hub ``__init__.py`` does not make every module depend on all the
    others.
    """
    found = set()
    for _, target in scan.imports:
        parts = target.split(".")
        for i in range(len(parts), 0, -1):
            name = ".".join(parts[:i])
            if name in sources.by_module:
                found.add(name)
                break
            if name in sources.aliases:
                found.add(sources.aliases[name])
                break
    return found


def scan_reach(modules: Sequence[str], sources: Sources, scans: dict[str, ModuleScan]) -> None:
    """Scan (into ``scans``) every file not scanned yet that ``modules``' imports (and their
    :func:`registrars`) reach."""
    frontier, seen = set(modules), set[str]()
    while frontier:
        for module in sorted(frontier - seen):  # scanned first: registrars reads them
            for source in sources.by_module[module]:
                if source.display not in scans:
                    scans[source.display] = scan(source, sources.data[source.display])
        frontier |= {r for m in sorted(frontier) for r in registrars(m, sources, scans)}
        seen |= frontier
        reached: set[str] = set()
        for module in sorted(frontier):
            for source in sources.by_module[module]:
                if source.display not in scans:
                    scans[source.display] = scan(source, sources.data[source.display])
                reached |= imported_modules(scans[source.display], sources)
        frontier = reached - seen


def registrars(module: str, sources: Sources, scans: Scans) -> list[str]:
    """The modules that may put ``module``'s decorated functions and methods' classes in a
    plugin of a name of their own (Semantic Kernel's ``kernel.add_plugin(WeatherPlugin(),
    plugin_name="weather")``, written in the app, not beside the class): every file spelling
    such a call, when ``module`` decorates something. The wire names of its tools depend on
    them, so its result does too."""
    from toolgen.scan.model import REGISTERING

    own = [scans[s.display] for s in sources.by_module[module] if s.display in scans]
    if not any(
        any(c.methods for c in scan.classes) or any(f.decorators for f in scan.functions)
        for scan in own
    ):
        return []
    if _REGISTRARS[0] is not sources:  # once per build: every module asks
        spelled = [f"{m}(".encode() for m in sorted(REGISTERING)]

        def registers(data: bytes) -> bool:
            # ``add_function`` is also pydantic-ai's: only beside Semantic Kernel's name.
            return b"add_plugin(" in data or (
                any(w in data for w in spelled) and b"semantic_kernel" in data
            )

        found = sorted(
            name
            for name, files in sources.by_module.items()
            if any(registers(sources.data.get(f.display) or b"") for f in files)
        )
        _REGISTRARS[:] = [sources, found]
    return list(_REGISTRARS[1])


_REGISTRARS: list[Any] = [None, []]
"""The last build's sources and their registering modules (one build's, never more)."""


def closure(module: str, sources: Sources, scans: Scans) -> list[str]:
    """The modules ``module``'s imports reach, itself included, and those of its
    :func:`registrars` (all of them scanned)."""
    seen: set[str] = set()
    stack = [module, *registrars(module, sources, scans)]
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            for source in sources.by_module[current]:
                stack.extend(imported_modules(scans[source.display], sources))
    return sorted(seen)


def can_define_tools(scans: Sequence[ModuleScan]) -> bool:
    """Whether these files define a function, decorate a method (which is warned about), or
    call something at module level (``Agent(tools=[f])``, ``Tool(fn)`` make tools of functions
    defined elsewhere), or make a tools list inside a function (said unread): a module that
    does none of these has no tools, whatever its imports hold."""
    from toolgen.scan.model import Call

    return any(
        scan.functions
        or any(decorators for c in scan.classes for _, decorators, _ in c.methods)
        or any(isinstance(a.value, Call) for a in scan.aliases)
        or any(_may_be_tool_class(c) for c in scan.classes)
        or bool(scan.nested_lists)  # a tools list inside a function: said unread
        for scan in scans
    )


def _may_be_tool_class(cls: ClassDef) -> bool:
    """A class that gives a tool class's attributes a value (``name = "search"``,
    ``args_schema = Query``, llama-index's ``spec_functions = [...]``), or whose ``__init__``
    hands its methods over: :mod:`toolgen.frameworks.classes` and :mod:`toolgen.frameworks.agno`
    decide."""
    given = {n for n, _ in cls.members} | {f.name for f in cls.fields if f.default is not None}
    # A constructor that registers methods (an agno toolkit's) may make tools too.
    return bool(cls.bases) and (
        bool(cls.init_steps) or not given.isdisjoint(("name", "args_schema", "spec_functions"))
    )


# --- 3. build one module's tools against its closure ------------------------------------------


@dataclass(frozen=True, slots=True)
class Built:
    """One module's tools as IR, sorted by name, and its own diagnostics (scan and build)."""

    tools: list[ToolDef]
    diagnostics: tuple[Diagnostic, ...]
    deps: dict[str, str]
    """Every file they were made from (the module's closure) → its SHA-256."""


def load_build_stages() -> None:
    """Load the stages :func:`build_module` and :func:`assemble` run, ahead of them: a rebuild
    does while its child parses the edited files, off the serial part that follows."""
    import toolgen.assemble
    import toolgen.tools  # noqa: F401


def build_tools(
    module: str,
    sources: Sources,
    scans: Scans,
    target: Target,
    notes: list[tuple[str, str]] | None = None,
) -> Built:
    """``module``'s tools, their names resolved within its closure only, so that its result never
    depends on which other modules were built. ``notes`` receives the decisions that made each
    tool (``toolgen show``)."""
    own = [scans[s.display] for s in sources.by_module[module]]
    if not can_define_tools(own):
        deps = {s.display: sources.hashes[s.display] for s in sources.by_module[module]}
        return Built([], tuple(d for scan in own for d in scan.diagnostics), deps)
    from toolgen.scan.resolve import Resolver
    from toolgen.tools import build_tools as tools_of

    reach = closure(module, sources, scans)
    files = [s for m in reach for s in sources.by_module[m]]
    members = set(reach)
    reached = sorted((scans[s.display] for s in files), key=lambda s: s.path)
    resolver = Resolver(reached, {a: m for a, m in sources.aliases.items() if m in members})
    diags = Diagnostics()
    for one in own:
        diags.extend(one.diagnostics)
    tools = tools_of(reached, target, diags, frozenset({module}), resolver, notes)
    return Built(tools, tuple(diags.items), {s.display: sources.hashes[s.display] for s in files})


# --- 4. adapt per provider --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Adapted:
    """One tool in the IR's form and in each provider's wire form, with what the adapters said."""

    tool: ToolDef
    plain: dict[str, Any]
    """Its item of ``TOOLS``: the IR itself."""
    wire: dict[str, AdaptedTool]
    diagnostics: tuple[Diagnostic, ...]


def adapt(tool: ToolDef, target: Target, providers: Sequence[str] | None = None) -> Adapted:
    """``tool`` for each of ``providers`` (default: the target's), in the registry's order."""
    from toolgen.assemble import plain_tool
    from toolgen.providers import ADAPTERS, adapt_tool
    from toolgen.providers.base import AdapterOptions

    wanted = target.providers if providers is None else providers
    diags = Diagnostics()
    memo: dict[Any, Any] = {}  # what one provider computed that another can reuse
    options = AdapterOptions.of(target)
    wire = {
        key: adapt_tool(key, ADAPTERS[key](options), tool, diags, memo)
        for key in ADAPTERS
        if key in wanted
    }
    return Adapted(tool, plain_tool(tool), wire, tuple(diags.items))


def forms(adapted: Adapted, target: Target, ir: str | None = None) -> ToolForms:
    """Each form printed as its list item, proved data once, here (``ir``: the tool's forms
    digest, if known)."""
    from toolgen.assemble import tool_forms

    tool = adapted.tool
    return tool_forms(tool, adapted.plain, adapted.wire, adapted.diagnostics, target, ir)


def build_module(
    module: str,
    sources: Sources,
    scans: Scans,
    target: Target,
    previous: ModuleResult | None = None,
) -> ModuleResult:
    """Everything ``module`` contributes: its tools in every form, and its diagnostics.

    ``previous`` is the module's last result for the same output, whatever the settings then:
    a tool whose forms digest (its IR, place included, and the settings adapting and printing
    read: :func:`~toolgen.assemble.forms_digest`) is unchanged since takes its forms from
    there, which are what adapting it again would make."""
    from toolgen.assemble import forms_digest, ir_digest
    from toolgen.forms import ModuleResult

    # Every owner's tools: ``owners = [...]`` selects at assembly, once every module's tools have
    # met and each owner has claimed its own (a module cannot know who lists its tools).
    built = build_tools(module, sources, scans, replace(target, owners=None))
    before = {t.ir: t for t in previous.tools} if previous is not None else {}
    made = []
    for tool in built.tools:
        digest = forms_digest(ir_digest(tool), target)
        reused = before.get(digest)
        if reused is None:
            made.append(forms(adapt(tool, target), target, digest))
        else:  # its text copied out of the cache entry's buffer (a worker pickles the result)
            segments = {k: bytes(v) for k, v in reused.segments.items()}
            entries = {k: bytes(v) for k, v in reused.entries.items()}
            made.append(replace(reused, segments=segments, entries=entries))
    return ModuleResult(built.deps, tuple(made), built.diagnostics)


# --- 5. assemble the constants ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Assembled:
    """The generated modules' constants, keyed as :func:`toolgen.assemble.assemble` keys them."""

    constants: dict[str | None, list[RenderedConstant]]
    tool_count: int
    diagnostics: Diagnostics
    """Every module's and tool's diagnostics, and the checks across modules'."""


def assemble(
    results: Sequence[ModuleResult], sources: Sources, target: Target, cwd: Path
) -> Assembled:
    """The constants from every module's result (in module order), and the target's warnings."""
    from toolgen.assemble import assemble as constants_of
    from toolgen.assemble import tool_count

    diags = Diagnostics()
    for display in sources.leftovers:
        diags.warning(
            "generated by toolgen, but no target writes it (left over from another 'out' or "
            "'layout'?); not scanned: delete it if it is stale",
            SourceSpan(display),
            "leftover-output",
        )
    constants = constants_of(list(results), target, diags)
    count = tool_count(list(results), target)
    if not diags.has_errors and not count:
        diags.warning(
            f"no tools found in {', '.join(display_path(p, cwd) for p in target.paths)}; "
            "the generated constants are empty",
            None,
            "no-tools",
        )
    return Assembled(constants, count, diags)


# --- 6. render the output files ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rendered:
    """One output file's text (UTF-8, ``\\n``), in the pieces it was made in."""

    pieces: tuple[bytes | memoryview, ...]
    proof: tuple[bytes | memoryview, ...] | None
    """What the proof that it is data reads: the file with a stand-in for each list's items and
    each name map's entries (proved when made); ``None``: the pieces themselves."""
    layout: bytes
    """The template's layout the pieces were spliced into (:meth:`ModuleShape.layout`)."""


def shapes(
    assembled: Assembled,
    sources: Sources,
    target: Target,
    files_out: Mapping[str | None, Path],
) -> dict[str | None, ModuleShape]:
    """Each output file's shape: every constant in one module, or the IR and one module per
    provider; its header names the sources relative to the file's folder."""
    from toolgen.render import ModuleShape

    out = files_out[None]
    names = [Path(os.path.relpath(s.path, out.parent)).as_posix() for s in sources.files]
    rendered = assembled.constants
    modules: dict[str | None, list[RenderedConstant]]
    if target.layout == "single":
        modules = {None: [c for group in rendered.values() for c in group]}
    else:
        modules = {provider: rendered[provider] for provider in files_out}
    siblings = [p.stem for key, p in files_out.items() if key is not None]
    return {
        provider: ModuleShape(
            constants, names, target.line_length, provider, siblings if provider is None else ()
        )
        for provider, constants in modules.items()
    }


def render(shape: ModuleShape, target: Target, layout: bytes | None = None) -> Rendered:
    """One file's text: the constants spliced into the template's ``layout`` of ``shape`` (made
    here unless given, as an earlier build of the same shape made it), then black's, if asked."""
    from toolgen.render import splice

    pieces = splice(layout, shape.constants) if layout is not None else None
    if layout is None or pieces is None:
        layout = shape.layout()
        pieces = splice(layout, shape.constants)
        assert pieces is not None, "the template lost a constant"
    proof = splice(layout, shape.constants, stand_ins=True)
    if target.formatter == "black":
        from toolgen.emit.format import format_with_black

        text = b"".join(pieces).decode("utf-8")
        pieces = (format_with_black(text, target.line_length).encode("utf-8"),)
        proof = None  # black wrote the whole text: proved whole
    return Rendered(pieces, proof, layout)


# --- the whole chain --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Output:
    """A target's generated files (none when any diagnostic is an error) and its diagnostics."""

    files: dict[str | None, Rendered]
    diagnostics: list[Diagnostic]
    tool_count: int


def run(
    sources: Sources, target: Target, cwd: Path, files_out: Mapping[str | None, Path]
) -> Output:
    """Every stage after discovery, in order, for one target: what a build without a cache makes."""
    scans = {s.display: scan(s, sources.data[s.display]) for s in sources.files}
    results = [build_module(module, sources, scans, target) for module in sorted(sources.by_module)]
    assembled = assemble(results, sources, target, cwd)
    diags = finish(assembled.diagnostics, sources, target)
    if diags.has_errors:
        return Output({}, diags.sorted(), assembled.tool_count)
    files = {
        key: render(shape, target)
        for key, shape in shapes(assembled, sources, target, files_out).items()
    }
    return Output(files, diags.sorted(), assembled.tool_count)


def finish(diags: Diagnostics, sources: Sources, target: Target) -> Diagnostics:
    """The target's diagnostics as said: with discovery's, and under ``strict`` all errors."""
    out = Diagnostics()
    out.extend(diags.items)
    out.extend(sources.skipped)
    return escalate(out) if target.strict else out
