"""The cache folder: what toolgen may read from it, write into it and delete from it.

**Ownership.** A cache folder is toolgen's when it holds the marker file :data:`MARKER` with
exactly :data:`MARKER_TEXT`. toolgen creates the folder (with the marker, a ``.gitignore`` and
a ``CACHEDIR.TAG``), or adopts an existing *empty* folder (the marker only). A non-empty folder
without the marker — a project root, ``~/.cache``, ``vendor/`` — is refused as a cache folder
(:class:`CacheFolderError`, exit 2), and nothing in it is read, written or deleted. Inside its
folder toolgen touches only names it makes (``v<N>/<namespace>/<xx>/<key>.entry``, its temp
files), never through a symlink: files are opened with ``O_NOFOLLOW`` and created with
``O_EXCL``, folders are walked without following links, and a name that is not toolgen's is
left alone.

**Trust.** Every entry starts with an HMAC-SHA256 of its key and its bytes under a secret kept
*outside* the cache folder (:func:`cache_secret`). An entry that does not verify — damaged,
hand-edited, restored from a CI cache written by another branch, made with another secret —
is ignored and rebuilt. So a changed cache costs at worst a rebuild: it can neither change
what a build writes nor make ``check`` call a file fresh. Without a secret there is no cache.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import json
import os
import re
import stat
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from toolgen._version import __version__
from toolgen.errors import UsageError
from toolgen.tempfiles import open_locked_temp, remove_stale_temps

FORMAT: Final = 3
"""The layout of entries; a folder ``v<FORMAT>`` holds them."""
MARKER: Final = "TOOLGEN_CACHE"
MARKER_TEXT: Final = b"toolgen cache folder: toolgen deletes only what it made in here.\n"
GITIGNORE_TEXT: Final = b"# Created by toolgen: this whole folder is a cache.\n*\n"
CACHEDIR_TAG_TEXT: Final = (
    b"Signature: 8a477f597d28d172789f06886806bc55\n"
    b"# This folder is toolgen's cache; see https://bford.info/cachedir/\n"
)
UNUSED_DAYS: Final = 30
"""A namespace (one install of toolgen's code) unused this long is deleted by the next store."""
SECRET_ENV: Final = "TOOLGEN_CACHE_SECRET"
_MAC_SIZE: Final = 64  # hex characters of an HMAC-SHA256
_ENTRY_NAME: Final = re.compile(r"[0-9a-f]{64}\.entry")
_TEMP_NAME: Final = re.compile(r"\.entry\.\d+\.[0-9a-f]{16}\.part")
_SHARD_NAME: Final = re.compile(r"[0-9a-f]{2}")
_NAMESPACE_NAME: Final = re.compile(r"[0-9a-f]{1,64}")
_FORMAT_NAME: Final = re.compile(r"v\d{1,4}")
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)


class CacheFolderError(UsageError):
    """The cache folder is not toolgen's, or cannot be made (exit 2)."""


# --- the secret --------------------------------------------------------------------------


def secret_path() -> Path | None:
    """Where the secret is kept: ``$XDG_STATE_HOME/toolgen/cache-secret``, by default under
    ``~/.local/state``; ``None`` when there is no home to keep it in."""
    base = os.environ.get("XDG_STATE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home == "~" or not home:
            return None
        base = os.path.join(home, ".local", "state")
    return Path(base) / "toolgen" / "cache-secret"


def cache_secret() -> bytes | None:
    """The key that authenticates cache entries: ``TOOLGEN_CACHE_SECRET`` when set (a CI secret
    shared by trusted runs), else a random key made once per user and kept, readable by the user
    alone, outside any cache folder. ``None`` when neither is possible: no cache then."""
    env = os.environ.get(SECRET_ENV)
    if env:
        return hashlib.sha256(
            b"toolgen-cache-secret\0" + env.encode("utf-8", "surrogateescape")
        ).digest()
    path = secret_path()
    if path is None:
        return None
    with contextlib.suppress(OSError):
        return _read_secret(path)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(32).hex().encode() + b"\n")
    except FileExistsError:
        pass  # made by a build running beside this one
    except OSError:
        return None
    try:
        return _read_secret(path)
    except OSError:
        return None


def _read_secret(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        data = handle.read(4096).strip()
    if not stat.S_ISREG(info.st_mode) or len(data) < 32:
        raise OSError(errno.EINVAL, "not a toolgen cache secret", str(path))
    return hashlib.sha256(b"toolgen-cache-secret\0" + data).digest()


# --- the folder -------------------------------------------------------------------------------


def ensure_usable(folder: Path) -> None:
    """Refuse, before anything is read, a cache folder that is not toolgen's and not empty
    (a missing folder is fine: it is created when the first entry is stored).

    Raises:
        CacheFolderError: as :func:`claim`.
    """
    try:
        info = os.stat(folder)
    except OSError:  # missing, or cannot be made: no cache, said by nobody (it saves time only)
        return
    if not stat.S_ISDIR(info.st_mode):
        raise CacheFolderError(f"cache folder {folder}: exists and is not a folder")
    if not _has_marker(folder):
        _refuse_foreign(folder)


def _refuse_foreign(folder: Path) -> None:
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries)
    except OSError as exc:
        raise CacheFolderError(
            f"cache folder {folder}: cannot read it: {exc.strerror or exc}"
        ) from None
    if names:
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        raise CacheFolderError(
            f"cache folder {folder}: is not empty and is not a toolgen cache (it has no "
            f"{MARKER} file; it holds {shown}). toolgen keeps its cache in a folder of its "
            "own and deletes only what it made there: choose a new or empty folder "
            "(--cache-dir, TOOLGEN_CACHE_DIR or cache_dir), or use --no-cache"
        )


def claim(folder: Path) -> bool:
    """Make ``folder`` a toolgen cache folder, or prove it is one; ``True`` when toolgen
    created it just now.

    Raises:
        CacheFolderError: it exists and is neither empty nor a toolgen cache, or it is a file.
    """
    created = False
    try:
        folder.mkdir(parents=True)
        created = True
    except FileExistsError:
        pass
    except OSError as exc:
        raise CacheFolderError(
            f"cache folder {folder}: cannot create it: {exc.strerror or exc}"
        ) from None
    if not folder.is_dir():
        raise CacheFolderError(f"cache folder {folder}: exists and is not a folder")
    if _has_marker(folder):
        return False
    if not created:
        _refuse_foreign(folder)
    _create_file(folder / MARKER, MARKER_TEXT)
    if not _has_marker(folder):
        raise CacheFolderError(f"cache folder {folder}: cannot mark it as toolgen's")
    if created:  # only in a folder toolgen made: never in a folder someone else made
        _create_file(folder / ".gitignore", GITIGNORE_TEXT)
        _create_file(folder / "CACHEDIR.TAG", CACHEDIR_TAG_TEXT)
    return created


def _has_marker(folder: Path) -> bool:
    try:
        fd = os.open(folder / MARKER, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as handle:
        return (
            stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
            and handle.read(len(MARKER_TEXT) + 1) == MARKER_TEXT
        )


def _create_file(path: Path, data: bytes) -> None:
    """Create ``path`` with ``data``; never through a symlink (dangling or not), never over a
    file that exists."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
    except OSError:
        return
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


# --- the store --------------------------------------------------------------------------------


class Store:
    """Authenticated entries under ``<folder>/v<FORMAT>/<namespace>/``; ``folder=None`` (or no
    secret) is a store that is always empty and keeps nothing.

    An entry is ``<hmac hex>\\n<JSON header>\\n<payload>``; the header holds the format, toolgen's
    version, the key and the data, the payload raw bytes whose lengths the header gives.
    :meth:`load` returns the header and the payload only when the HMAC verifies and the header
    names this key; anything else is as if there were no entry.
    """

    def __init__(self, folder: Path | None, namespace: str, secret: bytes | None) -> None:
        if folder is None or secret is None or not _NAMESPACE_NAME.fullmatch(namespace):
            self.top: Path | None = None
            self.root: Path | None = None
        else:
            self.top = folder
            self.root = folder / f"v{FORMAT}" / namespace
        self.namespace = namespace
        self._secret = secret or b""
        self._ready = False

    @property
    def enabled(self) -> bool:
        return self.root is not None

    def _path(self, key: str) -> Path:
        assert self.root is not None
        return self.root / key[:2] / f"{key}.entry"

    def _mac(self, key: str, body: bytes | memoryview) -> bytes:
        mac = hmac.new(self._secret, key.encode("ascii") + b"\0", hashlib.sha256)
        mac.update(body)
        return mac.hexdigest().encode("ascii")

    def has(self, key: str) -> bool:
        """Whether an entry file is there (not read, so not verified: :meth:`load` says)."""
        if self.root is None:
            return False
        try:
            return stat.S_ISREG(os.lstat(self._path(key)).st_mode)
        except OSError:
            return False

    def load(self, key: str) -> tuple[dict[str, Any], memoryview] | None:
        """The entry's header and payload, when it verifies; ``None`` otherwise."""
        if self.root is None or not re.fullmatch(r"[0-9a-f]{64}", key):
            return None
        try:
            fd = os.open(self._path(key), os.O_RDONLY | _NOFOLLOW)
            with os.fdopen(fd, "rb") as handle:
                data = handle.read()
        except OSError:
            return None
        if len(data) <= _MAC_SIZE or data[_MAC_SIZE : _MAC_SIZE + 1] != b"\n":
            return None
        body = memoryview(data)[_MAC_SIZE + 1 :]
        if not hmac.compare_digest(data[:_MAC_SIZE], self._mac(key, body)):
            return None
        end = data.find(b"\n", _MAC_SIZE + 1)
        if end < 0:
            return None
        try:
            header = json.loads(data[_MAC_SIZE + 1 : end])
        except (ValueError, RecursionError):
            return None
        if (
            not isinstance(header, dict)
            or header.get("format") != FORMAT
            or header.get("toolgen") != __version__
            or header.get("key") != key
        ):
            return None
        return header, memoryview(data)[end + 1 :]

    def store(
        self, key: str, header: dict[str, Any], payload: Sequence[bytes | memoryview] = ()
    ) -> None:
        """Write an entry atomically; a cache that cannot be written is skipped: it only ever
        saves time."""
        if self.root is None:
            return
        line = json.dumps(
            {"format": FORMAT, "toolgen": __version__, "key": key, **header},
            ensure_ascii=False,
            separators=(",", ":"),
        ).encode("utf-8", "surrogatepass")
        body = b"".join([line, b"\n", *payload])
        try:
            self._prepare()
            path = self._path(key)
            with contextlib.suppress(FileExistsError):
                os.mkdir(path.parent)
            if not _is_real_dir(path.parent):  # a planted symlink: never written through
                return
            _replace_locked(path, [self._mac(key, body), b"\n", body], self.root / "tmp")
        except (OSError, CacheFolderError):
            return

    def delete(self, key: str) -> None:
        if self.root is not None and re.fullmatch(r"[0-9a-f]{64}", key):
            with contextlib.suppress(OSError):
                os.unlink(self._path(key))

    def mark_used(self) -> None:
        """Note that this namespace is in use, so that pruning spares it (when it exists)."""
        if self.root is not None and _is_real_dir(self.root):
            _touch(self.root / ".used")

    def _prepare(self) -> None:
        """Claim the folder, note this namespace as used, remove what killed builds left and
        the namespaces nothing has used for :data:`UNUSED_DAYS` days. Once per store."""
        if self._ready or self.root is None or self.top is None:
            return
        claim(self.top)
        for folder in (self.root.parent, self.root, self.root / "tmp"):
            with contextlib.suppress(FileExistsError):
                os.mkdir(folder)
            if not _is_real_dir(folder):
                raise OSError(errno.ENOTDIR, "not a folder", str(folder))
        _touch(self.root / ".used")
        remove_stale_temps(self.root / "tmp", _TEMP_NAME)
        prune(self.top, keep=self.root)
        self._ready = True


def _is_real_dir(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _touch(path: Path) -> None:
    """Create or update ``path`` (a regular file), never through a symlink."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | _NOFOLLOW, 0o644)
        try:
            os.utime(fd)
        finally:
            os.close(fd)


# --- temp files, written under a lock -------------------------------------------------------


def _replace_locked(path: Path, pieces: Sequence[bytes | memoryview], temps: Path) -> None:
    """Write ``pieces`` to a temp file in ``temps`` (locked while it is written, so that
    :func:`remove_stale_temps` tells a live build's file from a killed one's), then rename it
    to ``path``.

    An entry already at ``path`` (a pointer, a stamp, an output's constants: rewritten by every
    rebuild) is removed first: renaming over a file makes ext4 write the new file's data out
    at once (``auto_da_alloc``, its guard for programs that skip ``fsync``), 3-9 ms a store
    on a busy disk against well under one. A cache entry need not survive a crash, and a build
    that reads the key meanwhile finds no entry, and rebuilds what it held."""
    temp = temps / f".entry.{os.getpid()}.{os.urandom(8).hex()}.part"
    fd = open_locked_temp(temp)
    try:
        with os.fdopen(fd, "wb", closefd=False) as handle:
            for piece in pieces:
                handle.write(piece)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    finally:
        os.close(fd)


# --- pruning ----------------------------------------------------------------------------------


def prune(top: Path, keep: Path, now: float | None = None) -> None:
    """In toolgen's own cache folder ``top``, remove the namespaces (``v<N>/<namespace>/``) that
    nothing has used for :data:`UNUSED_DAYS` days, except ``keep``: toolgen's own names only,
    never following a symlink. A folder that holds anything else is left with it."""
    if not _has_marker(top):
        return
    limit = (now if now is not None else time.time()) - UNUSED_DAYS * 86400
    for version in _real_dirs(top, _FORMAT_NAME):
        for namespace in _real_dirs(version, _NAMESPACE_NAME):
            if namespace == keep:
                continue
            try:
                used = os.lstat(namespace / ".used").st_mtime
            except OSError:
                used = os.lstat(namespace).st_mtime
            if used < limit:
                _remove_namespace(namespace)
        if version != keep.parent:
            with contextlib.suppress(OSError):
                os.rmdir(version)  # only when nothing is left in it


def _real_dirs(folder: Path, pattern: re.Pattern[str]) -> list[Path]:
    """The sub-folders of ``folder`` named by ``pattern``: real folders, not symlinks."""
    try:
        with os.scandir(folder) as entries:
            return [
                Path(e.path)
                for e in entries
                if pattern.fullmatch(e.name) and e.is_dir(follow_symlinks=False)
            ]
    except OSError:
        return []


def _remove_namespace(namespace: Path) -> None:
    """Delete the entries, temp files and marks of one namespace, then the folders left empty."""
    for shard in _real_dirs(namespace, _SHARD_NAME):
        _remove_files(shard, _ENTRY_NAME)
        with contextlib.suppress(OSError):
            os.rmdir(shard)
    temps = namespace / "tmp"
    if _is_real_dir(temps):
        remove_stale_temps(temps, _TEMP_NAME)
        with contextlib.suppress(OSError):
            os.rmdir(temps)
    _remove_files(namespace, re.compile(r"\.used"))
    with contextlib.suppress(OSError):
        os.rmdir(namespace)


def _remove_files(folder: Path, pattern: re.Pattern[str]) -> None:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
