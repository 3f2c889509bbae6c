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


def module_name(path: Path) -> tuple[str, bool]:
    """The dotted module name, found by walking up while folders have ``__init__.py``."""
    stem = path.name.rsplit(".", 1)[0]
    is_package = stem == "__init__"
    parts = [] if is_package else [stem]
    folder = path.parent
    while (folder / "__init__.py").is_file() or (folder / "__init__.pyi").is_file():
        parts.insert(0, folder.name)
        if folder.parent == folder:
            break
        folder = folder.parent
    if not parts:
        parts = [path.parent.name or stem]
    return ".".join(parts), is_package


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
        for folder, dirs, files in os.walk(root, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
            for name in files:
                if not name.endswith((".py", ".pyi")):
                    continue
                full = Path(folder, name)
                if full.is_symlink() and not full.exists():
                    continue
                resolved = full.resolve()
                if resolved in outputs or _excluded(full, root, exclude):
                    continue
                found[resolved] = None
    result = []
    for path in found:
        module, is_package = module_name(path)
        result.append(
            SourceFile(path, display_path(path, cwd), module, is_package, path.suffix == ".pyi")
        )
    result.sort(key=lambda f: (f.display, f.path.as_posix()))
    return result
