"""Temp files that a killed process's successor can recognise and remove.

A temp file is created under an exclusive ``flock`` held until its descriptor is closed; the
kernel drops the lock when the process dies. So a temp file with a toolgen name that nobody
holds (and that is not brand new) was left by a killed run, and the next run removes it.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path
from typing import Final

NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
TEMP_GRACE_S: Final = 2.0
"""A temp file younger than this may belong to a run that has created it and not yet locked
it."""


def open_locked_temp(path: Path | str, dir_fd: int | None = None) -> int:
    """Create ``path`` (never existing, never a symlink; relative to the folder ``dir_fd``, if
    given) and hold an exclusive lock on it until the descriptor is closed: the lock dies with
    the process, so a temp file nobody holds is a killed build's."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600, dir_fd=dir_fd)
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:  # pragma: no cover - not on POSIX: age alone decides
        pass
    except OSError:
        os.close(fd)
        raise
    return fd


def remove_stale_temps(folder: Path, pattern: re.Pattern[str]) -> list[str]:
    """Remove the temp files in ``folder`` named by ``pattern`` that no live build holds: a
    killed build's. Returns the names removed."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < TEMP_GRACE_S:
            continue
        if _held(Path(entry.path)):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(entry.name)
    return removed


def _held(path: Path) -> bool:
    """Whether a live process holds the lock of a temp file."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return time.time() - path.lstat().st_mtime < 3600
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False
