"""The output files of one target's build: their bytes in pieces, their digests, and whether
the disk already holds them.

A file's bytes are the module's layout (from the cache, or from the template when a constant's
name or a source changed) with every constant's text spliced in; the proof that it is data
reads it with a stand-in for each tool's items, which were proved when made.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from toolgen.config import Target
from toolgen.discover import display_path
from toolgen.engine import keys
from toolgen.engine.entries import Cache
from toolgen.engine.stamps import Stamp, read_digest
from toolgen.errors import ToolgenError

if TYPE_CHECKING:
    from toolgen.pipeline import Assembled
    from toolgen.sources import Sources


class PlannedFile(NamedTuple):
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
    proof: tuple[bytes | memoryview, ...] | None = None
    """What the proof that the file is data reads: the file with each tool's list items (each
    proved when it was made) replaced by a stand-in item; ``None``: ``pieces`` themselves."""

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


Pending = Callable[[Cache], None]
"""A cache write to make once the whole plan succeeded (a build with errors stores nothing)."""


def plan_files(
    target: Target,
    sources: Sources,
    cwd: Path,
    cache: Cache,
    assembled: Assembled,
    files_out: dict[str | None, Path],
) -> tuple[list[PlannedFile], list[Pending]]:
    """The output files, rendered by the pipeline (:func:`toolgen.pipeline.render`) into the
    layout the cache holds for their shape; a layout the template made is queued for the cache
    (a rebuild that changes no constant's name takes it from there, without jinja2)."""
    from toolgen.pipeline import render, shapes

    writes: list[Pending] = []
    planned: list[PlannedFile] = []
    for provider, shape in shapes(assembled, sources, target, files_out).items():
        path = files_out[provider]
        key = shape.key()
        cached = cache.layout(key)
        rendered = render(shape, target, cached)
        if rendered.layout is not cached:
            pointer = keys.pointer_key("layout", str(path))
            writes.append(
                partial(_store_layout, key=key, skeleton=rendered.layout, pointer=pointer)
            )
        crlf = _has_crlf(path)
        digest = hashlib.sha256()
        for piece in rendered.pieces:
            digest.update(bytes(piece).replace(b"\n", b"\r\n") if crlf else piece)
        planned.append(
            PlannedFile(
                path,
                display_path(path, cwd),
                rendered.pieces,
                assembled.tool_count,
                tuple(s.display for s in sources.files),
                digest.hexdigest(),
                crlf,
                rendered.proof,
            )
        )
    return planned, writes


def _store_layout(cache: Cache, key: str, skeleton: bytes, pointer: str) -> None:
    cache.put_layout(key, skeleton)
    cache.supersede(pointer, key)


def _has_crlf(path: Path) -> bool:
    """Whether the existing file's first line ends with ``\r\n``: its line ends are kept."""
    from toolgen.emit.write import read_head

    try:
        head = read_head(path)
    except ToolgenError:  # a folder, unreadable: the write reports it
        return False
    return head is not None and head.split(b"\n", 1)[0].endswith(b"\r")


def on_disk(path: Path, digest: str, cache: Cache, writing: bool = False) -> bool:
    """Whether the file holds exactly the bytes with ``digest``: by its stamp (when the file is
    still the very one stamped, see :class:`~toolgen.engine.stamps.Stamp`), else by reading
    and hashing it (and stamping it, when it held still while read).

    ``writing``: asked to skip a write. A file that is the one stamped, with other bytes than
    ``digest``, by a stamp too young to trust (the last build wrote it a moment ago, as in an
    edit-and-rebuild loop) is taken as not holding them, unread: had it changed within the
    same clock tick, the write would make it right all the same."""
    stamp = cache.stamp(path) if cache.enabled else None
    if stamp is not None:
        try:
            info = os.lstat(path)  # a link swapped in is not the file stamped
        except OSError:
            return False
        if stamp.describes(info):
            return stamp.digest == digest
        if writing and stamp.digest != digest and stamp.is_of(info):
            return False
    found = read_digest(path)
    if found is None:
        return False
    seen, held = found
    if held is not None and cache.enabled:
        cache.put_stamp(path, Stamp.of(held, seen))
    return seen == digest


def write_file(planned: PlannedFile, cache: Cache, project: Path | None) -> None:
    """Write one planned file (atomically, through folders only, below ``project``) and stamp
    it, so that the next build knows the file on disk by its stamp without reading it."""
    from toolgen.emit.write import write_atomic

    written = write_atomic(planned.path, planned.disk_pieces(), project)
    if cache.enabled:
        cache.put_stamp(planned.path, Stamp.of(written, planned.digest))


__all__ = ["Pending", "PlannedFile", "on_disk", "plan_files", "write_file"]
