"""Where an output may be: a regular file (or nothing yet) inside the project, reached through
folders only, never through a symlink; and the output's folder opened that way for the write.

The project is the folder of the configuration file, or the working folder for paths given on
the command line. A symlink above it is the user's own arrangement (a home on another disk,
``/tmp`` on macOS) and is followed; below it, git stores symlinks as they are, so a checkout
can hold one where an output goes, pointing anywhere: writing through it would overwrite, or
create, a file outside the project, and reading through it would let ``check`` call some other
file fresh.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Final

from toolgen.discover import display_path, kind_of
from toolgen.errors import OutputError

_DIRECTORY: Final = getattr(os, "O_DIRECTORY", 0)
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
WALKS_BY_DESCRIPTOR: Final = bool(_DIRECTORY and _NOFOLLOW) and {os.open, os.rename} <= (
    os.supports_dir_fd
)
"""Whether folders can be opened one below another without following links (POSIX): the
write then never depends on a path being what it was when it was checked."""
_RULE: Final = "toolgen writes only regular files inside the project, never through a symlink"


def place_output(path: Path, root: Path, cwd: Path) -> Path:
    """``path`` as the output toolgen writes: absolute, with ``..`` folded, below ``root``
    (resolved), through folders only, and itself a regular file or nothing.

    Raises:
        OutputError: the path is outside the project, goes through a symlink or something
            that is not a folder, or is a symlink or not a regular file itself.
    """
    shown = display_path(path, cwd)
    real_root = root.resolve()
    relative = _below(Path(os.path.normpath(os.path.abspath(path))), root, real_root)
    if relative is not None and not relative.parts:
        raise OutputError(f"{shown}: is the project's folder, not a file")
    if relative is None:
        raise OutputError(
            f"{shown}: is outside the project ({real_root.as_posix()}); {_RULE} "
            "(the folder of the configuration file, or the working folder for a path given on "
            "the command line)"
        )
    current = real_root
    for index, part in enumerate(relative.parts):
        current = current / part
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            break  # nothing there yet: a missing folder is said by the write's preflight
        except OSError as exc:
            raise OutputError(f"{shown}: cannot be examined: {exc.strerror or exc}") from None
        last = index == len(relative.parts) - 1
        if stat.S_ISLNK(info.st_mode):
            what = "is a symlink" if last else f"is reached through a symlink ({part})"
            raise OutputError(f"{shown}: {what}; {_RULE}")
        if not last and not stat.S_ISDIR(info.st_mode):
            raise OutputError(f"{shown}: {part} is {kind_of(info.st_mode)}, not a folder")
        if last and not stat.S_ISREG(info.st_mode):
            raise OutputError(
                f"{shown}: is {kind_of(info.st_mode)}, not a regular file; {_RULE} (it was "
                "not opened)"
            )
    return real_root.joinpath(*relative.parts)


def _below(path: Path, root: Path, real_root: Path) -> Path | None:
    """``path`` relative to the project: lexically below ``root`` (as spelled, or resolved),
    else below an ancestor that is the project's folder reached another way."""
    for spelled in (root, real_root):
        try:
            return path.relative_to(os.path.normpath(spelled))
        except ValueError:
            continue
    try:
        wanted = os.stat(real_root)
    except OSError:
        return None
    for ancestor in path.parents:
        try:
            if os.path.samestat(os.stat(ancestor), wanted):
                return path.relative_to(ancestor)
        except OSError:
            continue
    return None


def open_folder(folder: Path, root: Path) -> int:
    """A descriptor of ``folder`` (below ``root``), each folder below the root opened without
    following a link, so what is written goes where it was checked to go.

    Raises:
        OutputError: a folder on the way is a symlink or not a folder.
    """
    real_root = root.resolve()
    relative = _below(folder, root, real_root)
    if relative is None:
        raise OutputError(f"{folder}: is outside the project ({real_root}); {_RULE}")
    fd = os.open(real_root, os.O_RDONLY | _DIRECTORY)
    try:
        for part in relative.parts:
            try:
                below = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise OutputError(
                        f"{folder}: is reached through a symlink or a file ({part}); {_RULE}"
                    ) from None
                raise OSError(exc.errno, exc.strerror, str(folder)) from None
            os.close(fd)
            fd = below
    except BaseException:
        os.close(fd)
        raise
    return fd


__all__ = ["WALKS_BY_DESCRIPTOR", "open_folder", "place_output"]
