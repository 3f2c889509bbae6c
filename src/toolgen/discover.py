"""A target's source files: ``.py`` and ``.pyi``, sorted, never its own outputs, loop-safe."""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from toolgen.errors import UsageError

_SKIP_DIRS = frozenset(
    {
        "__pycache__",
        "node_modules",
        "site-packages",
        ".git",
        ".hg",
        ".tox",
        ".nox",
        ".venv",
        "venv",
        ".mypy_cache",
        ".ruff_cache",
        ".toolgen_cache",
        "build",
        "dist",
    }
)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One file to scan: its absolute path, display path and dotted module name."""

    path: Path
    display: str
    module: str
    is_package: bool
    is_stub: bool


def module_name(path: Path, packages: dict[Path, list[str]] | None = None) -> tuple[str, bool]:
    """The dotted module name, found by walking up while folders have ``__init__.py``.

    ``packages`` memoises each folder's package path across the files of one walk.
    """
    stem = path.name.rsplit(".", 1)[0]
    is_package = stem == "__init__"
    parts = [*_package_of(path.parent, {} if packages is None else packages)]
    if not is_package:
        parts.append(stem)
    if not parts:
        parts = [path.parent.name or stem]
    return ".".join(parts), is_package


def _package_of(folder: Path, packages: dict[Path, list[str]]) -> list[str]:
    """The dotted parts of ``folder`` as a package (empty when it has no ``__init__``)."""
    known = packages.get(folder)
    if known is None:
        if (folder / "__init__.py").is_file() or (folder / "__init__.pyi").is_file():
            above = [] if folder.parent == folder else _package_of(folder.parent, packages)
            known = [*above, folder.name]
        else:
            known = []
        packages[folder] = known
    return known


def display_path(path: Path, cwd: Path) -> str:
    """A POSIX path relative to ``cwd`` when below it, else absolute."""
    try:
        return PurePosixPath(path.relative_to(cwd)).as_posix()
    except ValueError:
        return path.as_posix()


def _excluded(path: Path, root: Path, patterns: tuple[str, ...]) -> bool:
    try:
        rel = path.relative_to(root).as_posix()
    except ValueError:
        rel = path.as_posix()
    return any(fnmatch.fnmatch(rel, pat) or fnmatch.fnmatch(path.name, pat) for pat in patterns)


def discover(
    paths: tuple[Path, ...],
    outputs: frozenset[Path],
    exclude: tuple[str, ...] = (),
    cwd: Path | None = None,
) -> list[SourceFile]:
    """Every ``.py``/``.pyi`` file under ``paths``, sorted by display path.

    Outputs are skipped, as are hidden folders, caches and virtual environments.
    Symlinked folders are not followed, so a loop cannot hang the walk.

    Raises:
        UsageError: a path does not exist.
    """
    cwd = cwd or Path.cwd()
    found: dict[Path, None] = {}
    for root in paths:
        if not root.exists():
            raise UsageError(f"path does not exist: {display_path(root, cwd)}")
        if root.is_file():
            if root.suffix in (".py", ".pyi") and root.resolve() not in outputs:
                found[root.resolve()] = None
            continue
        # Walking the resolved root, a folder's path is already resolved (symlinked folders
        # are not entered): only a symlinked file needs resolving, which saves a stat per
        # path component per file.
        real_root = root.resolve()
        for folder, dirs, files in os.walk(real_root, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
            for name in files:
                if not name.endswith((".py", ".pyi")):
                    continue
                full = Path(folder, name)
                if full.is_symlink():
                    if not full.exists():
                        continue
                    resolved = full.resolve()
                else:
                    resolved = full
                if resolved in outputs or _excluded(full, real_root, exclude):
                    continue
                found[resolved] = None
    result = []
    packages: dict[Path, list[str]] = {}
    for path in found:
        module, is_package = module_name(path, packages)
        result.append(
            SourceFile(path, display_path(path, cwd), module, is_package, path.suffix == ".pyi")
        )
    result.sort(key=lambda f: (f.display, f.path.as_posix()))
    return result
