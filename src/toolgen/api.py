"""The one orchestrator: ``plan`` builds every output in memory; ``build`` writes it, ``check`` diffs it.

It prints nothing: the CLI turns results into text and exit codes.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolgen import __version__, parallel
from toolgen.config import Config, Target
from toolgen.discover import SourceFile, default_roots, discover, display_path
from toolgen.errors import (
    Diagnostic,
    Diagnostics,
    Severity,
    SourceError,
    SourceSpan,
    ToolgenError,
    UsageError,
)
from toolgen.header import is_generated
from toolgen.report import FileResult, Status

if TYPE_CHECKING:
    from toolgen.render import RenderedConstant
    from toolgen.scan.model import ModuleScan


@dataclass(frozen=True, slots=True)
class PlannedFile:
    """One output as it should be on disk."""

    path: Path
    display: str
    pieces: tuple[bytes | memoryview, ...] | None
    """The file's bytes, in the pieces they were made in (a large module is hundreds of MB:
    written piece by piece, never joined); ``None`` when the file on disk is known to be
    exactly what a build writes."""
    tool_count: int
    sources: tuple[str, ...]
    digest: str
    """SHA-256 of the bytes on disk (computed once, here)."""
    crlf: bool = False
    """The file on disk ends its lines with ``\r\n`` (a checkout with git's autocrlf): the
    build keeps them so. ``pieces`` always have ``\n``; :meth:`disk_pieces` has the file's."""

    def disk_pieces(self) -> tuple[bytes | memoryview, ...]:
        """The bytes as they go to disk, in pieces: line ends as the existing file has them."""
        assert self.pieces is not None
        if not self.crlf:
            return self.pieces
        return tuple(bytes(piece).replace(b"\n", b"\r\n") for piece in self.pieces)

    @property
    def data(self) -> bytes | None:
        """The file's bytes, joined."""
        return None if self.pieces is None else b"".join(self.pieces)

    @property
    def text(self) -> str | None:
        data = self.data
        return None if data is None else data.decode("utf-8")


@dataclass(frozen=True, slots=True)
class Plan:
    """Every output of a run, and the diagnostics (warnings only: errors raise)."""

    files: tuple[PlannedFile, ...]
    diagnostics: tuple[Diagnostic, ...]
    cache: Any = None
    """The cache the plan used, so a build can stamp what it wrote."""


def _relative_to(path: Path, folder: Path) -> str:
    return Path(os.path.relpath(path, folder)).as_posix()


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


def plan(
    config: Config,
    cwd: Path | None = None,
    use_cache: bool = True,
    cache_dir: Path | None = None,
    warnings: bool = True,
) -> Plan:
    """Scan, build and render every target of ``config``, reusing cached modules.

    ``warnings=False`` leaves warnings out of the plan (errors still raise): a quiet run does
    not pay for rebuilding thousands of cached warnings it would not print.

    Raises:
        UsageError: paths that do not exist, two targets writing one file.
        SourceError: the sources have errors (all of them attached). Nothing is cached then.
    """
    with _without_cyclic_gc():
        return _plan(config, cwd, use_cache, cache_dir, warnings)


def _plan(
    config: Config,
    cwd: Path | None = None,
    use_cache: bool = True,
    cache_dir: Path | None = None,
    warnings: bool = True,
) -> Plan:
    """The body of :func:`plan`, run with the cycle collector paused."""
    from toolgen.cache import ModuleCache, code_fingerprint
    from toolgen.config import default_cache_dir

    cwd = cwd or Path.cwd()
    outputs: dict[Path, int] = {}
    for index, target in enumerate(config.targets):
        if not target.paths:
            raise UsageError(
                "no paths to scan: give them on the command line or as " "'paths' in [tool.toolgen]"
            )
        for path in target.output_files().values():
            out = path.resolve()
            if out in outputs:
                raise UsageError(
                    f"targets {outputs[out]} and {index} both write " f"{display_path(out, cwd)}"
                )
            outputs[out] = index
    root = config.source.parent if config.source is not None else cwd
    cache = ModuleCache(
        (cache_dir or default_cache_dir(config, root)) if use_cache else None,
        namespace=code_fingerprint()[:16],
    )
    cache.mark_used()
    files: list[PlannedFile] = []
    diags = Diagnostics()
    pending: list[Pending] = []
    for target in config.targets:
        planned, target_diags, new_entries = _plan_target(
            target, frozenset(outputs), cwd, cache, warnings, root
        )
        files.extend(planned)
        diags.extend(target_diags.items)
        pending.extend(new_entries)
    if diags.has_errors:
        raise SourceError(diags.sorted())
    for key, entry, pointer in pending:
        cache.store(key, entry)
        if pointer is not None:
            cache.supersede(pointer, key)
    return Plan(tuple(files), tuple(diags.sorted()) if warnings else (), cache)


Pending = tuple[str, dict[str, Any], "str | None"]
"""A cache entry to store once the whole plan succeeded: key, entry, and the pointer whose
previous entry it replaces (deleted then), if any."""


def _plan_target(
    target: Target,
    outputs: frozenset[Path],
    cwd: Path,
    cache: Any,
    warnings: bool = True,
    project: Path | None = None,
) -> tuple[list[PlannedFile], Diagnostics, list[Pending]]:
    files_out = {k: p.resolve() for k, p in target.output_files().items()}
    roots = target.source_roots or default_roots(project or cwd)
    # What discovery skips (a FIFO, a device) is not in any cache key: said on every run.
    skipped = Diagnostics()
    found = discover(target.paths, outputs, target.exclude, cwd, roots, skipped)
    if skipped.has_errors:
        raise SourceError(skipped.sorted())
    sources, data, leftovers = _read_sources(found)
    hashes = {
        d: hashlib.sha256(b).hexdigest() if b is not None else "unreadable" for d, b in data.items()
    }
    by_module: dict[str, list[SourceFile]] = {}
    for source in sources:
        by_module.setdefault(source.module, []).append(source)
    settings = _settings_digest(target, sorted(by_module))
    whole_key = hashlib.sha256(
        "\0".join(
            [
                settings,
                "output",
                *(display_path(p, cwd) for p in files_out.values()),
                str(target.strict),
                target.formatter,
                target.layout,
                *(f"{d}\0{h}" for d, h in sorted(hashes.items())),
                *(f"{d}\0generated" for d in leftovers),
            ]
        ).encode("utf-8", "surrogatepass")
    ).hexdigest()
    served = _served_by_output_entry(
        cache.load(whole_key), files_out, sources, cwd, cache, warnings
    )
    if served is not None:
        files, said = served
        said.extend(skipped.items if warnings else [])
        return files, said, []
    keys = {
        m: hashlib.sha256(
            "\0".join([settings, m, *(f"{s.display}\0{hashes[s.display]}" for s in files)]).encode(
                "utf-8", "surrogatepass"
            )
        ).hexdigest()
        for m, files in by_module.items()
    }
    results: dict[str, dict[str, Any]] = {}
    for module, key in keys.items():
        entry = cache.load(key)
        if entry is not None and all(hashes.get(d) == h for d, h in entry["deps"].items()):
            results[module] = entry
    from toolgen.assemble import assemble, tool_count  # only past the fast path: no jinja2 before

    missing = [m for m in by_module if m not in results]
    latest = {m: _latest_key("module", settings, m) for m in missing}
    previous = {}
    for module in missing:
        pointer = cache.load(latest[module])
        entry = cache.load(pointer["entry"]) if pointer is not None else None
        if entry is not None and entry.get("kind") is None:
            previous[module] = entry  # its unchanged tools are reused (build_module)
    built, new_scans = (
        _build_modules(missing, by_module, data, hashes, target, previous, cache)
        if missing
        else ({}, {})
    )
    results.update(built)
    target_diags = Diagnostics()
    for display in leftovers:
        target_diags.warning(
            "generated by toolgen, but no target writes it (left over from another 'out' or "
            "'layout'?); not scanned: delete it if it is stale",
            SourceSpan(display),
            "leftover-output",
        )
    ordered = [results[m] for m in sorted(by_module)]
    rendered = assemble(ordered, target, target_diags)
    count = tool_count(ordered)
    if not target_diags.has_errors and not count:
        target_diags.warning(
            f"no tools found in {', '.join(display_path(p, cwd) for p in target.paths)}; "
            "the generated constants are empty",
            None,
            "no-tools",
        )
    planned, layouts = _render_files(target, rendered, files_out, sources, count, cwd, cache)
    if target.strict:
        target_diags = _escalate(target_diags)
    output_entry = {
        "kind": "output",
        "digests": [f.digest for f in planned],
        "count": count,
        "diagnostics": [d.to_row() for d in target_diags.items],
    }
    if warnings:  # not in the output entry: what discovery skips is said on every run
        target_diags.extend((_escalate(skipped) if target.strict else skipped).items)
    return (
        planned,
        target_diags,
        [
            *((keys[m], built[m], latest[m]) for m in missing),
            *(
                (key, {"kind": "scan", "scan": scan}, _latest_key("scan", file))
                for key, (file, scan) in new_scans.items()
            ),
            (
                whole_key,
                output_entry,
                _latest_key("output", settings, *map(str, files_out.values())),
            ),
            *layouts,
        ],
    )


def _read_sources(
    found: list[SourceFile],
) -> tuple[list[SourceFile], dict[str, bytes | None], list[str]]:
    """The sources' bytes (``None``: unreadable, which scanning reports with its place), and
    the files toolgen generated that no target writes now: left over, never scanned."""
    sources, data, leftovers = [], {}, []
    for source in found:
        try:
            content: bytes | None = source.path.read_bytes()
        except OSError:
            content = None
        if content is not None and is_generated(content):
            leftovers.append(source.display)
            continue
        sources.append(source)
        data[source.display] = content
    return sources, data, leftovers


def _served_by_output_entry(
    known: dict[str, Any] | None,
    files_out: dict[str | None, Path],
    sources: list[SourceFile],
    cwd: Path,
    cache: Any,
    warnings: bool,
) -> tuple[list[PlannedFile], Diagnostics] | None:
    """The no-op path: the inputs are those of a known output entry, and every file on disk
    still holds what was built from them; ``None`` otherwise."""
    if (
        known is None
        or known.get("kind") != "output"
        or len(known["digests"]) != len(files_out)
        or not all(
            _disk_matches(path, digest, cache)
            for path, digest in zip(files_out.values(), known["digests"])
        )
    ):
        return None
    diags = Diagnostics()
    if warnings:  # an output entry holds warnings only: a build with errors is never stored
        diags.extend([Diagnostic.from_row(row) for row in known["diagnostics"]])
    names = tuple(s.display for s in sources)
    files = [
        PlannedFile(path, display_path(path, cwd), None, known["count"], names, digest)
        for path, digest in zip(files_out.values(), known["digests"])
    ]
    return files, diags


def _render_files(
    target: Target,
    rendered: dict[str | None, list[RenderedConstant]],
    files_out: dict[str | None, Path],
    sources: list[SourceFile],
    count: int,
    cwd: Path,
    cache: Any,
) -> tuple[list[PlannedFile], list[Pending]]:
    """The output files: every constant in one module, or the IR and one module per provider;
    and the cache entries of layouts the template rendered (a rebuild that changes no
    constant's name takes its layout from the cache, without jinja2)."""
    from toolgen.render import ModuleShape, splice

    out = files_out[None]
    source_names = [_relative_to(s.path, out.parent) for s in sources]
    modules: dict[str | None, list[RenderedConstant]]
    if target.layout == "single":
        modules = {None: [c for group in rendered.values() for c in group]}
    else:
        modules = {provider: rendered[provider] for provider in files_out}
    siblings = [p.stem for key, p in files_out.items() if key is not None]
    planned: list[PlannedFile] = []
    new_layouts: list[Pending] = []
    for provider, constants in modules.items():
        path = files_out[provider]
        shape = ModuleShape(
            constants,
            source_names,
            target.line_length,
            provider,
            siblings if provider is None else (),
        )
        key = shape.key()
        known = cache.load(key) if cache is not None else None
        pieces = splice(known["text"].encode("utf-8"), constants) if known is not None else None
        if pieces is None:
            skeleton = shape.layout()
            pieces = splice(skeleton, constants)
            assert pieces is not None, "the template lost a constant"
            new_layouts.append(
                (
                    key,
                    {"kind": "layout", "text": skeleton.decode("utf-8")},
                    _latest_key("layout", str(path)),
                )
            )
        if target.formatter == "black":
            from toolgen.emit.format import format_with_black

            text = b"".join(pieces).decode("utf-8")
            pieces = (format_with_black(text, target.line_length).encode("utf-8"),)
        crlf = _has_crlf(path)
        digest = hashlib.sha256()
        for piece in pieces:
            digest.update(bytes(piece).replace(b"\n", b"\r\n") if crlf else piece)
        planned.append(
            PlannedFile(
                path,
                display_path(path, cwd),
                pieces,
                count,
                tuple(s.display for s in sources),
                digest.hexdigest(),
                crlf,
            )
        )
    return planned, new_layouts


def _has_crlf(path: Path) -> bool:
    """Whether the existing file's first line ends with ``\r\n``: its line ends are kept."""
    from toolgen.emit.write import read_head

    try:
        head = read_head(path)
    except ToolgenError:  # a folder, unreadable: the write reports it
        return False
    return head is not None and head.split(b"\n", 1)[0].endswith(b"\r")


def _latest_key(*parts: str) -> str:
    """The pointer to the newest entry made for these settings and this module (or file, or
    output): storing a newer one deletes the entry it replaces."""
    return hashlib.sha256(
        "\0".join(["latest", *parts]).encode("utf-8", "surrogatepass")
    ).hexdigest()


def _disk_matches(path: Path, digest: str, cache: Any) -> bool:
    """Whether the file holds exactly the bytes with ``digest``: by its stamp (the digest toolgen
    saw, while the file's size, mtime and inode have not changed since), else by reading and
    hashing it."""
    stamp = cache.load_stamp(path) if cache is not None else None
    if stamp is not None:
        try:
            stat = path.stat()
        except OSError:
            return False
        if (stat.st_size, stat.st_mtime_ns, stat.st_ino) == (
            stamp["size"],
            stamp["mtime_ns"],
            stamp["inode"],
        ):
            return bool(stamp["digest"] == digest)
    if _disk_digest(path) == digest:
        if cache is not None:
            cache.store_stamp(path, digest)
        return True
    return False


def _disk_digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _settings_digest(target: Target, modules: list[str]) -> str:
    """Everything besides a module's own files that can change what it contributes."""
    from dataclasses import fields

    from toolgen.cache import FORMAT, code_fingerprint

    relevant = {
        f.name: getattr(target, f.name)
        for f in fields(target)
        if f.name
        not in ("paths", "out", "strict", "formatter", "exclude", "layout", "source_roots")
    }
    return hashlib.sha256(
        repr((FORMAT, __version__, code_fingerprint(), sorted(relevant.items()), modules)).encode()
    ).hexdigest()


def _build_modules(
    missing: list[str],
    by_module: dict[str, list[SourceFile]],
    data: dict[str, bytes | None],
    hashes: dict[str, str],
    target: Target,
    previous: dict[str, dict[str, Any]],
    cache: Any,
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Build each missing module from the modules its imports reach (scanned once per process,
    or taken from the per-file scan cache).

    A module's result depends on that closure alone (names resolve only through it), which is
    what its cache entry records; so scanning and building happen together, per module, in
    forked workers when there is enough work. Returns the results, and the scans made (as
    JSON data, by cache key) for the caller to store.
    """
    from toolgen.cache import FORMAT, code_fingerprint

    _SCANS.clear()
    many = (
        len(missing) > 1
        and sum(len(data[s.display] or b"") for m in missing for s in by_module[m])
        >= parallel.MIN_BYTES
    )
    scan_prefix = repr((FORMAT, __version__, code_fingerprint(), "scan"))
    try:
        built = parallel.run_map(
            _build_one,
            missing,
            many,
            by_module=by_module,
            data=data,
            hashes=hashes,
            target=target,
            previous=previous,
            cache=cache,
            scan_prefix=scan_prefix,
        )
    finally:
        _SCANS.clear()
    new_scans: dict[str, Any] = {}
    for _, scans in built:
        new_scans.update(scans)
    return dict(zip(missing, (result for result, _ in built))), new_scans


_SCANS: dict[str, ModuleScan] = {}
"""Scans made or loaded in this process during one build, by display path: each file is
parsed once."""


def _scan_key(prefix: str, source: SourceFile, digest: str) -> str:
    """A file's scan depends on its bytes and on the names it is known by, nothing else."""
    return hashlib.sha256(
        "\0".join(
            [
                prefix,
                source.display,
                source.module,
                str(source.is_package),
                str(source.is_stub),
                digest,
            ]
        ).encode("utf-8", "surrogatepass")
    ).hexdigest()


def _scan(source: SourceFile, new_scans: dict[str, Any]) -> ModuleScan:
    """One file's scan: memoised in this process, else from the cache, else made (and then
    added to ``new_scans``, encoded, for the cache, with what names the file for its pointer)."""
    from toolgen.scan import scan_file
    from toolgen.scan.serial import decode_scan, encode

    scan = _SCANS.get(source.display)
    if scan is not None:
        return scan
    cache = parallel.shared("cache")
    key = _scan_key(
        parallel.shared("scan_prefix"), source, parallel.shared("hashes")[source.display]
    )
    entry = cache.load(key)
    if entry is not None and entry.get("kind") == "scan":
        with contextlib.suppress(ValueError):
            scan = _SCANS[source.display] = decode_scan(entry["scan"])
            return scan
    scan = _SCANS[source.display] = scan_file(source, parallel.shared("data")[source.display])
    if cache.root is not None:
        with contextlib.suppress(TypeError, ValueError):  # a value JSON cannot hold: not cached
            new_scans[key] = (f"{parallel.shared('scan_prefix')}\0{source.display}", encode(scan))
    return scan


def _build_one(module: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """One module's result: scan its import closure (memoised), resolve within it, build.
    Also returns the scans it made, for the cache."""
    from toolgen.assemble import build_module
    from toolgen.scan.resolve import Resolver

    by_module = parallel.shared("by_module")
    hashes = parallel.shared("hashes")
    aliases = module_aliases(by_module)
    seen: set[str] = set()
    stack = [module]
    scans: list[ModuleScan] = []
    new_scans: dict[str, Any] = {}
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        for source in by_module[current]:
            scan = _scan(source, new_scans)
            scans.append(scan)
            stack.extend(_imported_modules(scan, by_module, aliases))
    scans.sort(key=lambda s: s.path)
    deps = {s.display: hashes[s.display] for m in sorted(seen) for s in by_module[m]}
    result = build_module(
        module,
        scans,
        Resolver(scans, {a: m for a, m in aliases.items() if m in seen}),
        parallel.shared("target"),
        deps,
        parallel.shared("previous").get(module),
    )
    return result, new_scans


def module_aliases(by_module: dict[str, list[SourceFile]]) -> dict[str, str]:
    """Other names of scanned modules (see ``SourceFile.aliases``) → their module; a name that is
    some module's own, or that two modules would share, is nobody's alias."""
    claims: dict[str, set[str]] = {}
    for module, files in by_module.items():
        for source in files:
            for alias in source.aliases:
                claims.setdefault(alias, set()).add(module)
    return {
        alias: next(iter(owners))
        for alias, owners in sorted(claims.items())
        if len(owners) == 1 and alias not in by_module
    }


def _imported_modules(
    scan: ModuleScan, by_module: dict[str, list[SourceFile]], aliases: dict[str, str]
) -> set[str]:
    """The scanned modules one file's imports reach directly: each scanned prefix of each import
    (under the module's own name or an alias)."""
    found = set()
    for _, target in scan.imports:
        parts = target.split(".")
        for i in range(len(parts), 0, -1):
            name = ".".join(parts[:i])
            if name in by_module:
                found.add(name)
            elif name in aliases:
                found.add(aliases[name])
    return found


def _escalate(diags: Diagnostics) -> Diagnostics:
    """``--strict``: every warning is an error."""
    out = Diagnostics()
    for d in diags.items:
        out.items.append(
            Diagnostic(Severity.ERROR, d.message, d.span, d.code)
            if d.severity is Severity.WARNING
            else d
        )
    return out


def build(the_plan: Plan, force: bool = False) -> list[FileResult]:
    """Write every planned file that changed; nothing at all when any output is unsafe."""
    from toolgen.emit.check import ensure_data_only
    from toolgen.emit.write import preflight, read_head, write_atomic

    for f in the_plan.files:
        if f.pieces is not None:
            head = read_head(f.path)
            preflight(
                f.path,
                f.display,
                None if head is None else head.decode("utf-8", "replace"),
                force,
            )
            ensure_data_only(f.pieces, f.display)  # every file proved data before any is written
    cache = the_plan.cache
    results = []
    for f in the_plan.files:
        if f.pieces is None or _disk_matches(f.path, f.digest, cache):
            results.append(FileResult(f.display, Status.UNCHANGED, f.tool_count))
            continue
        write_atomic(f.path, f.disk_pieces())
        results.append(FileResult(f.display, Status.WRITTEN, f.tool_count))
        if cache is not None:
            cache.store_stamp(f.path, f.digest)
    return results


def check(the_plan: Plan) -> list[FileResult]:
    """Compare every planned file with the disk, byte for byte (toolgen's version aside);
    writes nothing."""
    from toolgen.emit.check import is_fresh, unified_diff
    from toolgen.emit.write import read_existing_bytes

    results = []
    for f in the_plan.files:
        if f.pieces is None or _disk_matches(f.path, f.digest, the_plan.cache):
            results.append(FileResult(f.display, Status.FRESH, f.tool_count))
            continue
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
                    unified_diff(f.display, old, new),
                )
            )
    return results


def show(
    path: Path,
    function: str,
    target: Target,
    provider: str | None = None,
    cwd: Path | None = None,
    project: Path | None = None,
) -> tuple[Any, list[Diagnostic], list[str]]:
    """One tool's schema (the IR, or one provider's wire form), its diagnostics, and the
    decisions that made it: which rules read it and why each left-out parameter was left out.

    ``function`` is the function's name or the tool's published name. Other files of the
    folder resolve types.

    Raises:
        UsageError: no such file, or no such tool in it (the file's tools are listed).
        SourceError: the sources have errors.
    """
    from dataclasses import replace

    from toolgen.assemble import options_of
    from toolgen.build import build_toolset
    from toolgen.providers import ADAPTERS, adapt, plain_tools
    from toolgen.scan import scan_file
    from toolgen.scan.resolve import Resolver

    cwd = cwd or Path.cwd()
    if not path.is_file():
        raise UsageError(f"no such file: {display_path(path, cwd)}")
    roots = target.source_roots or default_roots(project or cwd)
    folder = path.parent
    outputs = frozenset({target.out_path.resolve()}) if target.out else frozenset()
    sources = discover((folder,), outputs, (), cwd, roots)
    if not any(s.path == path.resolve() for s in sources):
        sources = discover((path,), frozenset(), (), cwd, roots)
    by_module: dict[str, list[SourceFile]] = {}
    for source in sources:
        by_module.setdefault(source.module, []).append(source)
    diags = Diagnostics()
    scans = [scan_file(s) for s in sources]
    local = replace(target, select="public") if target.select == "public" else target
    notes: list[tuple[str, str]] = []
    resolver = Resolver(scans, module_aliases(by_module))
    toolset = build_toolset(scans, local, diags, resolver, notes)
    shown = display_path(path.resolve(), cwd)
    here = [t for t in toolset.tools if t.span.path == shown]
    wanted = [t for t in here if function in (t.name, t.qualname.rsplit(".", 1)[-1])]
    if not wanted:
        known = ", ".join(sorted(t.name for t in here)) or "none"
        raise UsageError(f"no tool '{function}' in {shown}; its tools: {known}")
    from toolgen.ir import ToolSet

    one = ToolSet((wanted[0],), toolset.sources)
    if provider is None:
        value: Any = plain_tools(one)[0]
    else:
        if provider not in ADAPTERS:
            raise UsageError(
                f"unknown provider '{provider}'; expected one of: {', '.join(ADAPTERS)}"
            )
        value = adapt(one, (provider,), options_of(target), diags)[0].tools[0]
    if diags.has_errors:
        raise SourceError(diags.sorted())
    decisions = [text for name, text in notes if name == wanted[0].name]
    return value, diags.sorted(), decisions


def to_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)
