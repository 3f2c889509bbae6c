"""What a file looked like when toolgen last knew its digest, so that a no-op run need not read
it again.

A stamp holds the file's size, inode, device, mtime *and ctime*. ``utime`` can put an old
mtime back after an edit, but nothing short of changing the clock puts back a ctime: the
kernel sets it on every change, ``utime`` included (git's index relies on the same). A stamp is
taken from the descriptor that wrote or read the bytes, never by a later ``stat`` of the path
(another process may have replaced the file in between). And a stamp taken less than
:data:`RACY_NS` after the file last changed is not trusted (a change within the same clock
tick would not show), as git treats its "racily clean" entries: the file is hashed instead.
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from pathlib import Path
from typing import Any, Final, NamedTuple

RACY_NS: Final = 2_000_000_000
"""Filesystems keep times to within a tick (2 s on FAT): a stamp younger than this, relative
to the file's last change, could miss a change made in the same tick."""
_FIELDS: Final = ("digest", "size", "mtime_ns", "ctime_ns", "inode", "device", "taken_ns")


class Stamp(NamedTuple):
    digest: str
    size: int
    mtime_ns: int
    ctime_ns: int
    inode: int
    device: int
    taken_ns: int

    @classmethod
    def of(cls, info: os.stat_result, digest: str) -> Stamp:
        return cls(
            digest,
            info.st_size,
            info.st_mtime_ns,
            info.st_ctime_ns,
            info.st_ino,
            info.st_dev,
            time.time_ns(),
        )

    def describes(self, info: os.stat_result) -> bool:
        """Whether the file now is the one stamped, unchanged, and the stamp is not racy."""
        return self.is_of(info) and self.taken_ns - max(self.mtime_ns, self.ctime_ns) >= RACY_NS

    def is_of(self, info: os.stat_result) -> bool:
        """Whether the file now has the size, times, inode and device stamped (racy or not)."""
        return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev) == (
            self.size,
            self.mtime_ns,
            self.ctime_ns,
            self.inode,
            self.device,
        )

    def to_header(self) -> dict[str, Any]:
        return {"kind": "stamp", **{name: getattr(self, name) for name in _FIELDS}}

    @classmethod
    def from_header(cls, header: dict[str, Any]) -> Stamp | None:
        if header.get("kind") != "stamp" or not isinstance(header.get("digest"), str):
            return None
        values = [header.get(name) for name in _FIELDS[1:]]
        ints = [v for v in values if type(v) is int]
        if len(ints) != len(values):
            return None
        return cls(header["digest"], *ints)


def read_digest(path: Path) -> tuple[str, os.stat_result | None] | None:
    """The SHA-256 of the file's bytes, and its stat when it did not change while it was read
    (else ``None``: no stamp can be taken); ``None`` when it cannot be read, or is not a
    regular file: the open follows no link and does not block (a FIFO would, for ever)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        before = os.fstat(fd)
        if not stat.S_ISREG(before.st_mode):
            return None
        digest = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
        after = os.fstat(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    same = (before.st_size, before.st_mtime_ns, before.st_ctime_ns) == (
        after.st_size,
        after.st_mtime_ns,
        after.st_ctime_ns,
    )
    return digest.hexdigest(), after if same else None
