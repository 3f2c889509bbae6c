"""A target's sources found and read: the pipeline's first stage, and all a no-op runs of it.

It is a module of its own, below :mod:`toolgen.pipeline`, so that a no-op build, which reads
the sources and finds its output unchanged, loads neither the pipeline nor its records.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from toolgen.config import Target
from toolgen.discover import SourceFile, default_roots, discover, module_aliases
from toolgen.errors import Diagnostic, Diagnostics, SourceError
from toolgen.header import is_generated


class Sources(NamedTuple):
    """A target's source files and their bytes: all that the later stages read of a project.

    A ``NamedTuple``, as every record on the no-op path is: defining a slotted dataclass costs
    that path more than half a millisecond at import."""

    files: tuple[SourceFile, ...]
    data: Mapping[str, bytes | None]
    """Display path → the file's bytes; ``None``: unreadable (its scan says so, at the file)."""
    hashes: Mapping[str, str]
    """Display path → SHA-256 of the bytes (what a module's result records it was made from)."""
    by_module: Mapping[str, tuple[SourceFile, ...]]
    aliases: Mapping[str, str]
    leftovers: tuple[str, ...] = ()
    """Files toolgen generated that no target writes now: warned about, never scanned."""
    skipped: tuple[Diagnostic, ...] = ()
    """What discovery left out, and why (warnings: an error raises)."""


def read_sources(target: Target, outputs: frozenset[Path], cwd: Path, project: Path) -> Sources:
    """Find and read the target's sources (never a file in ``outputs``).

    Raises:
        UsageError: a path that does not exist.
        SourceError: a file too large to read.
    """
    skipped = Diagnostics()
    roots = target.source_roots or default_roots(project)
    found = discover(target.paths, outputs, target.exclude, cwd, roots, skipped)
    if skipped.has_errors:
        raise SourceError(skipped.sorted())
    read: list[tuple[SourceFile, bytes | None]] = []
    for source in found:
        try:
            with open(source.path, "rb", buffering=0) as handle:  # no buffer: read whole, once
                read.append((source, handle.readall()))
        except OSError:
            read.append((source, None))  # scanning reports it, with its place
    return sources_of(read, tuple(skipped.items))


def sources_of(
    read: Sequence[tuple[SourceFile, bytes | None]], skipped: tuple[Diagnostic, ...] = ()
) -> Sources:
    """The sources of files already read; a file toolgen generated is a leftover, not a source."""
    files, data, hashes, leftovers = [], {}, {}, []
    by_module: dict[str, list[SourceFile]] = {}
    for source, content in read:
        if content is not None and is_generated(content):
            leftovers.append(source.display)  # toolgen's, written by no target now
            continue
        files.append(source)
        data[source.display] = content
        hashes[source.display] = (
            hashlib.sha256(content).hexdigest() if content is not None else "unreadable"
        )
        by_module.setdefault(source.module, []).append(source)
    return Sources(
        tuple(files),
        data,
        hashes,
        {m: tuple(f) for m, f in by_module.items()},
        module_aliases(by_module),
        tuple(leftovers),
        skipped,
    )
