"""The content-hash cache: per source file its scan, per module its tools' text and diagnostics.

Layout: ``<cache_dir>/v2/<namespace>/<key[:2]>/<key>.entry``, the namespace naming toolgen's
code (:func:`code_fingerprint`). An entry is one line of JSON (format,
toolgen version, key, and the data), then the tools' rendered text as raw UTF-8, each
piece's length given in the JSON: so a cached tool's text goes from here to the output
file without being parsed, decoded or encoded. An entry is used only when its format,
toolgen version and key match and it has the expected shape, lengths included; anything
else (corrupt, truncated, foreign, from another version) is ignored and rebuilt, never
trusted. Entries are never pickle, and are written atomically; a cache that cannot be
written is skipped silently, since it only ever saves time.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from pathlib import Path
from typing import Any, Final

from toolgen import __version__

FORMAT: Final = 2


@functools.cache
def code_fingerprint() -> str:
    """What toolgen's own code is: part of every key, so entries made by other code, even of
    the same version number, are not used. Computed once per process.

    Installed from a wheel, it is the wheel's own record of the files' hashes, so the same
    release unpacked again elsewhere (a fresh CI runner restoring the cache folder) keeps its
    entries. Otherwise (an editable install) it is the names, sizes and mtimes of the files
    (stat only: a no-op build would otherwise spend a tenth of its run here)."""
    import hashlib

    root = os.path.dirname(os.path.realpath(__file__))
    installed = wheel_files(root)
    if installed is not None:
        return hashlib.sha256(b"wheel\0" + installed).hexdigest()
    parts: list[str] = []
    _stat_tree(root, "", parts)
    templates = os.path.join(os.path.dirname(os.path.dirname(root)), "templates")
    if os.path.isdir(templates):
        _stat_tree(templates, "templates/", parts)
    return hashlib.sha256("\n".join(sorted(parts)).encode()).hexdigest()


def wheel_files(root: str) -> bytes | None:
    """The lines of the installed wheel's ``RECORD`` (path, sha256, size) for the files of the
    package at ``root``, sorted; ``None`` unless they include this very module (an editable
    install records only its hook). The lines of other files are left out: the launcher
    script's shebang names the environment, and ``direct_url.json`` where the wheel came from."""
    package = os.path.basename(root)
    record = os.path.join(os.path.dirname(root), f"{package}-{__version__}.dist-info", "RECORD")
    try:
        with open(record, "rb") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    prefix = f"{package}/".encode()
    own = sorted(line for line in lines if line.startswith(prefix))
    if not any(line.startswith(prefix + b"cache.py,sha256=") for line in own):
        return None
    return b"\n".join(own)


def _stat_tree(folder: str, prefix: str, parts: list[str]) -> None:
    """``name:size:mtime`` of every ``.py`` and ``.jinja`` file below ``folder``."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    _stat_tree(entry.path, f"{prefix}{entry.name}/", parts)
            elif entry.name.endswith((".py", ".jinja")):
                stat = entry.stat()
                parts.append(f"{prefix}{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")


UNUSED_DAYS: Final = 30
"""A namespace (one install of toolgen's code) unused this long is deleted by the next store."""


class ModuleCache:
    """Entries keyed by content hash; ``root=None`` is a cache that is always empty.

    ``namespace`` (from :func:`code_fingerprint`) gives each install of toolgen's code a
    folder of its own: entries made by other code are never even looked at, and the folder
    of an install unused for :data:`UNUSED_DAYS` days is removed. Within a namespace, an
    entry replaced by a newer one for the same file, module or output is deleted
    (:meth:`supersede`), so the cache holds one working set, not every version ever built.
    """

    def __init__(self, root: Path | None, namespace: str = "") -> None:
        self.top = root
        self.root = root / f"v{FORMAT}" / namespace if root is not None else None
        self.namespace = namespace
        self._prepared = False

    def _path(self, key: str) -> Path:
        assert self.root is not None
        return self.root / key[:2] / f"{key}.entry"

    def load(self, key: str) -> dict[str, Any] | None:
        if self.root is None:
            return None
        try:
            data = self._path(key).read_bytes()
            end = data.index(b"\n")
            entry = json.loads(data[:end])
        except (OSError, ValueError, RecursionError):
            return None
        if (
            not isinstance(entry, dict)
            or entry.get("format") != FORMAT
            or entry.get("toolgen") != __version__
            or entry.get("key") != key
        ):
            return None
        kind = entry.get("kind")
        if kind == "latest":
            ok = isinstance(entry.get("entry"), str)
        elif kind == "layout":  # a mark per constant: checked when spliced (toolgen.render)
            ok = isinstance(entry.get("text"), str)
        elif kind == "scan":  # checked field by field when decoded (toolgen.scan.serial)
            ok = isinstance(entry.get("scan"), dict)
        elif kind == "stamp":
            ok = all(
                isinstance(entry.get(k), int) for k in ("size", "mtime_ns", "inode")
            ) and isinstance(entry.get("digest"), str)
        else:
            ok = valid_output(entry) if kind == "output" else valid(entry)
        if not ok:
            return None
        payload = memoryview(data)[end + 1 :]
        if kind is None and not _attach_segments(entry, payload):
            return None
        if kind is not None and payload:
            return None
        return entry

    def store(self, key: str, entry: dict[str, Any]) -> None:
        """Store ``entry``; a module result's segments (bytes) go after the JSON line."""
        if self.root is None:
            return
        import tempfile

        header = {"format": FORMAT, "toolgen": __version__, "key": key, **entry}
        pieces: list[bytes] = []
        if "tools" in entry:
            header["tools"] = [
                {**tool, "segments": {k: len(v) for k, v in tool["segments"].items()}}
                for tool in entry["tools"]
            ]
            pieces = [bytes(v) for tool in entry["tools"] for v in tool["segments"].values()]
        line = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        data = b"".join([line, b"\n", *pieces])
        path = self._path(key)
        try:
            self._prepare()
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".entry.", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.replace(temp, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
                raise
        except OSError:
            return

    def delete(self, key: str) -> None:
        if self.root is not None:
            with contextlib.suppress(OSError):
                self._path(key).unlink()

    def supersede(self, pointer: str, key: str) -> None:
        """Record ``key`` as the newest entry under ``pointer``, deleting the one it replaces."""
        known = self.load(pointer)
        if known is not None and known.get("kind") == "latest" and known["entry"] != key:
            self.delete(known["entry"])
        self.store(pointer, {"kind": "latest", "entry": key})

    def mark_used(self) -> None:
        """Note that this namespace is in use (so that pruning spares it)."""
        if self.root is not None:
            with contextlib.suppress(OSError):
                os.utime(self.root / ".used")

    def _stamp_key(self, output: Path) -> str:
        import hashlib

        return hashlib.sha256(f"stamp\0{output}".encode("utf-8", "surrogatepass")).hexdigest()

    def load_stamp(self, output: Path) -> dict[str, Any] | None:
        """What ``output`` looked like (size, mtime, inode) when it last had a known digest."""
        entry = self.load(self._stamp_key(output))
        if entry is None or entry.get("kind") != "stamp":
            return None
        return entry

    def store_stamp(self, output: Path, digest: str) -> None:
        try:
            stat = output.stat()
        except OSError:
            return
        self.store(
            self._stamp_key(output),
            {
                "kind": "stamp",
                "digest": digest,
                "size": stat.st_size,
                "mtime_ns": stat.st_mtime_ns,
                "inode": stat.st_ino,
            },
        )

    def _prepare(self) -> None:
        """Mark the folder as a cache (CACHEDIR.TAG) that git ignores on its own; note this
        namespace as used and remove the namespaces nothing has used for a long time."""
        if self._prepared or self.root is None or self.top is None:
            return
        top = self.top
        top.mkdir(parents=True, exist_ok=True)
        self.root.mkdir(parents=True, exist_ok=True)
        (self.root / ".used").touch()
        if self.namespace:
            self._prune_namespaces()
        ignore = top / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# Created by toolgen: this whole folder is a cache.\n*\n")
        tag = top / "CACHEDIR.TAG"
        if not tag.exists():
            tag.write_text(
                "Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This folder is toolgen's cache; see https://bford.info/cachedir/\n"
            )
        self._prepared = True

    def _prune_namespaces(self) -> None:
        """Remove every folder nothing has used for :data:`UNUSED_DAYS` days: namespaces of
        other installs, in this format's folder and in those of other formats (``v1/``...),
        and a format's folder once it is empty."""
        import shutil
        import time

        assert self.root is not None and self.top is not None
        limit = time.time() - UNUSED_DAYS * 86400
        for version in self.top.iterdir():
            if not (version.is_dir() and version.name.startswith("v")):
                continue
            for folder in version.iterdir():
                if folder == self.root or not folder.is_dir():
                    continue
                try:
                    used = (folder / ".used").stat().st_mtime
                except OSError:
                    used = folder.stat().st_mtime
                if used < limit:
                    shutil.rmtree(folder, ignore_errors=True)
            if version != self.root.parent:
                with contextlib.suppress(OSError):
                    version.rmdir()  # only when nothing is left in it


def valid_output(entry: dict[str, Any]) -> bool:
    """An output entry: the digests of the files built from exactly these inputs, and their
    diagnostics."""
    try:
        return (
            isinstance(entry["digests"], list)
            and all(isinstance(d, str) for d in entry["digests"])
            and isinstance(entry["count"], int)
            and valid({"deps": {}, "tools": [], "diagnostics": entry["diagnostics"]})
        )
    except (KeyError, TypeError):
        return False


def _attach_segments(entry: dict[str, Any], payload: memoryview) -> bool:
    """Replace each tool's segment lengths by the segments, sliced from ``payload`` (no copy);
    ``False`` when the lengths do not add up to the payload exactly."""
    offset = 0
    for tool in entry["tools"]:
        segments = tool["segments"]
        for name, size in segments.items():
            segments[name] = payload[offset : offset + size]
            offset += size
    return offset == len(payload)


def _valid_rows(rows: Any) -> bool:
    """Diagnostics as :meth:`~toolgen.errors.Diagnostic.to_row` writes them."""
    for row in rows:
        severity, message, path, line, col, code = row
        if (
            severity not in ("error", "warning")
            or not isinstance(message, str)
            or not (path is None or isinstance(path, str))
            or not isinstance(line, int)
            or not isinstance(col, int)
            or not isinstance(code, str)
        ):
            return False
    return True


def valid(entry: dict[str, Any]) -> bool:
    """The shape ``assemble`` relies on; checked so that a crafted entry cannot crash a build."""
    try:
        if not isinstance(entry["deps"], dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in entry["deps"].items()
        ):
            return False
        if not _valid_rows(entry["diagnostics"]):
            return False
        for tool in entry["tools"]:
            name, span, wire, segments, nullable, ir = (
                tool["name"],
                tool["span"],
                tool["wire"],
                tool["segments"],
                tool["nullable"],
                tool["ir"],
            )
            path, line, col = span
            if not _valid_rows(tool["diagnostics"]):
                return False
            if not (
                isinstance(ir, str)
                and isinstance(name, str)
                and isinstance(path, str)
                and isinstance(line, int)
                and isinstance(col, int)
            ):
                return False
            if not all(isinstance(v, str) for v in wire.values()) or not all(
                type(v) is int and v >= 0 for v in segments.values()
            ):
                return False
            if not all(
                isinstance(v, list) and all(isinstance(p, str) for p in v)
                for v in nullable.values()
            ):
                return False
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True
