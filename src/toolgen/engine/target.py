"""One target's incremental build: the pipeline's stages (:mod:`toolgen.pipeline`) with keys,
cache entries and workers around them.

A :class:`TargetRun` lives for one build of one target and owns every memo of it. It discovers
the sources, keys the target's outputs (:mod:`toolgen.engine.keys`) and, when nothing changed and
the files on disk are what it wrote, stops there. Otherwise each module whose cached result is
missing or stale is rebuilt in two steps, each a parallel map: first every file the rebuilt
modules' imports reach is scanned — each file parsed once, or its scan taken from the cache —
then each module is built against the scans of the modules its imports reach. The results are
assembled into constants, and the files' bytes made from them (:mod:`toolgen.engine.files`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from toolgen import progress
from toolgen.config import Target
from toolgen.discover import SourceFile, display_path
from toolgen.engine import keys, workers
from toolgen.engine.entries import Cache, OutputRecord
from toolgen.engine.files import Pending, PlannedFile, on_disk, plan_files
from toolgen.errors import Diagnostics, escalate
from toolgen.sources import Sources, read_sources

if TYPE_CHECKING:
    from toolgen.forms import ModuleResult
    from toolgen.pipeline import Assembled
    from toolgen.scan.model import ModuleScan

T = TypeVar("T")
R = TypeVar("R")


@dataclass(slots=True)
class TargetRun:
    """One target's build: its inputs, its keys, and the memos whose life is this build."""

    target: Target
    outputs: frozenset[Path]
    """Every file any target writes (never scanned as a source)."""
    cwd: Path
    project: Path
    cache: Cache
    warnings: bool = True
    jobs: int | None = None
    """Processes the build may use (``1``: this one alone); ``None``: as many as it has CPUs
    (capped by ``TOOLGEN_JOBS``)."""
    sources: Sources = field(default_factory=lambda: Sources((), {}, {}, {}, {}))
    """Read by :meth:`read`: the pipeline's first stage."""
    settings: str = ""
    scans: dict[str, ModuleScan] = field(default_factory=dict)
    """Every scan made or loaded in this build, by display path: each file is parsed once."""
    new_scans: dict[str, tuple[str, object]] = field(default_factory=dict)
    previous: dict[str, ModuleResult] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    parsing: tuple[list[SourceFile], workers.Started[tuple[ModuleScan, object]]] | None = None
    """The files being parsed in a child meanwhile (see :meth:`start_parsing`)."""
    parsers: workers.Pool[SourceFile, tuple[ModuleScan, object]] | None = None
    """Workers begun before they are needed, loading libcst meanwhile (:meth:`start_parsing`)."""

    # --- inputs -----------------------------------------------------------------------------

    def read(self) -> None:
        """Discover and read the sources (the pipeline's first stage); key them."""
        self.sources = read_sources(self.target, self.outputs, self.cwd, self.project)
        self.settings = keys.settings_digest(self.target, self.sources.by_module)

    # --- the whole target -------------------------------------------------------------------

    def planned_files(self) -> tuple[list[PlannedFile], Diagnostics]:
        """Every output file of the target, and its diagnostics (errors included: the caller
        raises). Cache writes wait in :attr:`pending`."""
        self.read()
        files_out = {k: p.resolve() for k, p in self.target.output_files().items()}
        output_key = keys.output_key(
            self.settings,
            self.target,
            [display_path(p, self.cwd) for p in files_out.values()],
            self.sources.hashes,
            self.sources.leftovers,
        )
        served = self._served(self.cache.output(output_key, self.warnings), files_out)
        if served is not None:
            return served
        self.start_parsing()
        try:
            results = self.module_results()
        finally:
            if self.parsing is not None:  # not needed after all (or an error on the way)
                self.parsing[1].cancel()
                self.parsing = None
            if self.parsers is not None:
                self.parsers.close()
                self.parsers = None
        ordered = [results[m] for m in sorted(self.sources.by_module)]
        assembled = self._assemble(ordered)
        count = assembled.tool_count
        planned, writes = plan_files(
            self.target, self.sources, self.cwd, self.cache, assembled, files_out
        )
        self.pending.extend(writes)
        diags = assembled.diagnostics
        if self.target.strict:
            diags = escalate(diags)
        record = OutputRecord(tuple(f.digest for f in planned), count, tuple(diags.items))
        pointer = keys.pointer_key("output", self.settings, *map(str, files_out.values()))
        self.pending.append(partial(_store_output, key=output_key, record=record, pointer=pointer))
        if self.warnings:  # not in the output record: what discovery skips is said every run
            skipped = Diagnostics()
            skipped.extend(self.sources.skipped)
            diags.extend((escalate(skipped) if self.target.strict else skipped).items)
        return planned, diags

    def _assemble(self, results: list[ModuleResult]) -> Assembled:
        """The constants (:func:`toolgen.pipeline.assemble`): joined from each tool's texts,
        printed when the tool was built (cached with it), so that after an edit only the edited
        tools' texts are new."""
        from toolgen import pipeline  # seam: the stages load only when the output is stale

        return pipeline.assemble(results, self.sources, self.target, self.cwd)

    def _served(
        self, known: OutputRecord | None, files_out: dict[str | None, Path]
    ) -> tuple[list[PlannedFile], Diagnostics] | None:
        """The no-op path: the inputs are those of a known output record, and every file on disk
        still holds what was built from them; ``None`` otherwise."""
        if (
            known is None
            or len(known.digests) != len(files_out)
            or not all(
                on_disk(path, digest, self.cache)
                for path, digest in zip(files_out.values(), known.digests)
            )
        ):
            return None
        diags = Diagnostics()
        if self.warnings:  # a record holds warnings only: a build with errors is never stored
            diags.extend(known.diagnostics)
            diags.extend(self.sources.skipped)
        names = tuple(s.display for s in self.sources.files)
        files = [
            PlannedFile(path, display_path(path, self.cwd), None, known.tool_count, names, digest)
            for path, digest in zip(files_out.values(), known.digests)
        ]
        return files, diags

    # --- modules ----------------------------------------------------------------------------

    def module_results(self) -> dict[str, ModuleResult]:
        """Every module's result: from the cache when its files and its imports' files are
        unchanged, else rebuilt (and queued for the cache)."""
        results: dict[str, ModuleResult] = {}
        hashes, by_module = self.sources.hashes, self.sources.by_module
        module_keys = {
            m: keys.module_key(self.settings, m, files, hashes) for m, files in by_module.items()
        }
        for module, key in module_keys.items():
            entry = self.cache.module(key)
            if entry is not None and all(hashes.get(d) == h for d, h in entry.deps.items()):
                results[module] = entry
        missing = [m for m in sorted(by_module) if m not in results]
        if not missing:
            return results
        # Per output, not per settings: a result made with other settings still lends the
        # tools whose forms digest is unchanged (pipeline.build_module).
        out = str(self.target.out_path)
        pointers = {m: keys.pointer_key("module", out, m) for m in missing}
        for module in missing:
            pointed = self.cache.pointed(pointers[module])
            entry = self.cache.module(pointed) if pointed is not None else None
            if entry is not None:
                self.previous[module] = entry  # its unchanged tools are reused (build_module)
        built = self.build_modules(missing)
        for module in missing:
            results[module] = built[module]
            key, pointer, result = module_keys[module], pointers[module], built[module]
            self.pending.append(partial(_store_module, key=key, result=result, pointer=pointer))
        prefix = keys.scan_prefix()
        for key, (display, encoded) in self.new_scans.items():
            pointer = keys.pointer_key("scan", prefix, display)
            self.pending.append(partial(_store_scan, key=key, encoded=encoded, pointer=pointer))
        return results

    def build_modules(self, modules: list[str]) -> dict[str, ModuleResult]:
        """Build ``modules``: scan every file their imports reach (each once), then build each
        against its closure — both steps in forked workers when there is enough work."""
        built: dict[str, ModuleResult] = {}
        from toolgen import pipeline  # seam: the stages load only when the output is stale

        if self.parsing is not None:  # the build's stages load while the child parses
            self._load_rebuild_stages()
        by_module = self.sources.by_module
        self.scan_files([s for m in modules for s in by_module[m]])
        tooled = []
        for module in modules:
            if pipeline.can_define_tools([self.scans[s.display] for s in by_module[module]]):
                tooled.append(module)
            else:  # no tools, whatever its imports hold: its closure need not be scanned
                built[module] = self.build_one(module)
        self.scan_closure(tooled)
        many = len(tooled) > 1 and self._bytes(tooled) >= workers.MIN_BYTES
        tick = progress.counter("built", len(tooled), "modules") if many else None
        made = self._map(self.build_one, tooled, many, progress=tick.add if tick else None)
        if tick is not None:
            tick.end()
        for module, result in zip(tooled, made):
            built[module] = result
        return built

    def _bytes(self, modules: list[str]) -> int:
        return self._bytes_of([s for m in modules for s in self.sources.by_module[m]])

    def scan_files(self, files: list[SourceFile]) -> None:
        """Scan each of ``files`` not scanned yet in this build: from the cache, else parsed
        (in workers when there is enough to parse)."""
        to_parse = [s for s in files if s.display not in self.scans and not self._load_scan(s)]
        if to_parse and self.parsing is not None:
            begun, started = self.parsing
            self.parsing = None
            for source, (scan, encoded) in zip(begun, started.result()):
                self._keep_scan(source, scan, encoded)
            to_parse = [s for s in to_parse if s.display not in self.scans]
        many = len(to_parse) > 1 and self._bytes_of(to_parse) >= workers.MIN_BYTES
        meanwhile = self._load_build_stages if many else None
        # Enough to parse for workers is enough for a terminal to show how far it got.
        tick = progress.counter("parsed", len(to_parse), "files") if many else None
        told = tick.add if tick is not None else None
        if many and self.parsers is not None:
            pool, self.parsers = self.parsers, None
            made = pool.map(to_parse, meanwhile, told)
        else:
            made = self._map(self._parse, to_parse, many, True, meanwhile, told)
        if tick is not None:
            tick.end()
        for source, (scan, encoded) in zip(to_parse, made):
            self._keep_scan(source, scan, encoded)

    def _load_build_stages(self) -> None:
        """Load what building and rendering modules needs, while workers parse: the workers
        that build are forked from this process afterwards and inherit it, and writing the
        output, after them, finds it loaded."""
        import toolgen.assemble  # noqa: F401
        from toolgen.frameworks import active
        from toolgen.render import TEMPLATE, environment

        active(self.target.frameworks)  # the presets the target uses, each loaded on first use
        environment(self.target.line_length).get_template(TEMPLATE)

    def _load_rebuild_stages(self) -> None:
        """Load what building the edited modules and assembling the output run, while the
        child parses: this process waits for the child (libcst's import), and all it does after
        the answer is the rebuild's serial part (~8 ms of imports moved out of it)."""
        from toolgen import pipeline  # seam: the stages load only when the output is stale
        from toolgen.frameworks import active

        pipeline.load_build_stages()
        active(self.target.frameworks)  # the presets the target uses, each loaded on first use

    def _keep_scan(self, source: SourceFile, scan: ModuleScan, encoded: object) -> None:
        if source.display in self.scans:  # loaded from the cache meanwhile: the same scan
            return
        self.scans[source.display] = scan
        if encoded is not None:
            key = keys.scan_key(keys.scan_prefix(), source, self.sources.hashes[source.display])
            self.new_scans[key] = (source.display, encoded)

    def start_parsing(self) -> None:
        """Begin parsing before the build asks for it, once the output is known to be stale.

        Few files no cached scan holds (an edit's) are parsed now, in a child: the rebuild
        reads its cache entries and loads the build's stages while the child imports libcst
        and parses them. For many (a cold build, or no cache), the parse's workers are forked
        now and import libcst while this process reads the cache and keys the modules. Every
        file whose content changed is one a rebuild parses."""
        if self._workers() < 2 or not workers.can_fork():
            return
        prefix = keys.scan_prefix()
        unscanned = [
            s
            for s in self.sources.files
            if not self.cache.has_scan(keys.scan_key(prefix, s, self.sources.hashes[s.display]))
        ]
        if len(unscanned) > 1 and self._bytes_of(unscanned) >= workers.MIN_BYTES:
            count = min(self._workers(), len(unscanned))
            self.parsers = workers.Pool(self._parse, _load_parser, large_stack=True, count=count)
        elif unscanned and self.cache.enabled:
            self.parsing = (unscanned, workers.start_map(self._parse, unscanned, large_stack=True))

    def _workers(self) -> int:
        return workers.workers() if self.jobs is None else min(workers.workers(), self.jobs)

    def _map(
        self,
        func: Callable[[T], R],
        items: list[T],
        parallel: bool,
        large_stack: bool = False,
        meanwhile: Callable[[], object] | None = None,
        progress: Callable[[int], object] | None = None,
    ) -> list[R]:
        """:func:`workers.run_map` within :attr:`jobs`."""
        count = min(self._workers(), len(items)) if parallel else 1
        pool = workers.Pool(func, large_stack=large_stack, count=count)
        return pool.map(items, meanwhile, progress)

    def _bytes_of(self, files: list[SourceFile]) -> int:
        return sum(len(self.sources.data[s.display] or b"") for s in files)

    def scan_closure(self, modules: list[str]) -> None:
        """Scan every file that ``modules``' imports reach, level by level (each level's files
        at once, in workers when there are enough)."""
        seen: set[str] = set()
        frontier = set(modules)
        by_module = self.sources.by_module
        from toolgen import pipeline  # seam: the stages load only when the output is stale

        while frontier:
            seen |= frontier
            self.scan_files([s for m in sorted(frontier) for s in by_module[m]])
            # A registering module names the plugins of the modules' classes: in their closure.
            more = {r for m in frontier for r in pipeline.registrars(m, self.sources, self.scans)}
            if more - seen:
                frontier |= more - seen
                seen |= frontier
                self.scan_files([s for m in sorted(frontier) for s in by_module[m]])
            reached: set[str] = set()
            for module in frontier:
                for source in by_module[module]:
                    reached |= pipeline.imported_modules(self.scans[source.display], self.sources)
            frontier = reached - seen

    def _load_scan(self, source: SourceFile) -> bool:
        from toolgen.scan.serial import decode_scan

        if not self.cache.enabled:
            return False
        key = keys.scan_key(keys.scan_prefix(), source, self.sources.hashes[source.display])
        data = self.cache.scan(key)
        if data is None:
            return False
        try:
            self.scans[source.display] = decode_scan(data)
        except (ValueError, TypeError, KeyError):
            return False
        return True

    def _parse(self, source: SourceFile) -> tuple[ModuleScan, object]:
        """Parse one file (in a worker, perhaps); also its scan as JSON data for the cache
        (``None`` when the cache is off, or the scan holds a value JSON cannot)."""
        from toolgen import pipeline  # seam: the stages load only when the output is stale
        from toolgen.scan.serial import encode

        scan = pipeline.scan(source, self.sources.data[source.display])
        encoded: object = None
        if self.cache.enabled:
            with contextlib.suppress(TypeError, ValueError):
                encoded = encode(scan)
        return scan, encoded

    def build_one(self, module: str) -> ModuleResult:
        """One module's result (in a worker, perhaps), built against the scans of its closure
        (already made); its last result's unchanged tools reused."""
        from toolgen import pipeline  # seam: the stages load only when the output is stale

        previous = self.previous.get(module)
        return pipeline.build_module(module, self.sources, self.scans, self.target, previous)


# --- helpers ----------------------------------------------------------------------------------


def _load_parser() -> None:
    """What parsing a file loads (libcst above all), for workers to inherit."""
    import toolgen.scan.gather
    import toolgen.scan.serial  # noqa: F401


def _store_module(cache: Cache, key: str, result: ModuleResult, pointer: str) -> None:
    cache.put_module(key, result)
    cache.supersede(pointer, key)


def _store_scan(cache: Cache, key: str, encoded: object, pointer: str) -> None:
    if isinstance(encoded, dict):
        cache.put_scan(key, encoded)
        cache.supersede(pointer, key)


def _store_output(cache: Cache, key: str, record: OutputRecord, pointer: str) -> None:
    cache.put_output(key, record)
    cache.supersede(pointer, key)
