"""A target's source files: ``.py`` and ``.pyi``, sorted, never its own outputs, loop-safe; from
a folder tree, or from texts given in memory."""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Final, NamedTuple

from toolgen.errors import Diagnostics, SourceError, SourceSpan, UsageError
from toolgen.header import is_generated

MAX_SOURCE_BYTES: Final = 10 * 1024 * 1024
"""The largest source file toolgen reads (10 MiB). Hand-written modules, even the largest
ones in big projects, are well under 1 MiB; a file past this is generated data or a file that
is not source at all, and parsing it would take minutes and gigabytes (libcst's tree is tens of
times the size of the text). Such a file is refused with an error at the file, unread."""

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


class SourceFile(NamedTuple):
    """One file to scan: its absolute path, display path and dotted module name.

    ``aliases`` are the other names the import system may know it by: the name its regular
    packages alone give (``app.models`` for ``input/app/models.py`` when ``input`` has no
    ``__init__.py``), so absolute imports written either way resolve.
    """

    path: Path
    display: str
    module: str
    is_package: bool
    is_stub: bool
    aliases: tuple[str, ...] = ()


def module_name(
    path: Path,
    packages: dict[Path, list[str]] | None = None,
    roots: tuple[Path, ...] = (),
    folders: dict[Path, tuple[list[str], list[str]]] | None = None,
) -> tuple[str, bool, tuple[str, ...]]:
    """The dotted module name, as type checkers compute it, whether it is a package, and aliases.

    Regular packages (folders with ``__init__.py``) are walked up from the file; above the top
    one, the folders up to the deepest source root that holds them are namespace packages
    (PEP 420): ``src/tools/models.py`` under the root ``src`` is ``tools.models`` with or without
    ``src/tools/__init__.py``, and ``google/adk/tools/x.py`` is ``google.adk.tools.x`` without a
    ``google/__init__.py``. A file under no root keeps the regular packages' name.
    ``packages`` memoises each folder's package path across the files of one walk, and
    ``folders`` each folder's parts (:func:`_folder_parts`).
    """
    return _name_in(path.parent, path.name, {} if packages is None else packages, roots, folders)


def _name_in(
    folder: Path,
    name: str,
    packages: dict[Path, list[str]],
    roots: tuple[Path, ...],
    folders: dict[Path, tuple[list[str], list[str]]] | None,
) -> tuple[str, bool, tuple[str, ...]]:
    """:func:`module_name` of the file ``name`` in ``folder`` (a walk passes one folder object
    for all its files: a path's hash is kept on the object, so each memo lookup is cheap)."""
    stem = name.rsplit(".", 1)[0]
    is_package = stem == "__init__"
    chain, prefix = _folder_parts(folder, packages, roots, folders)
    tail = [] if is_package else [stem]
    parts = [*prefix, *chain, *tail]
    if not parts:
        parts = [folder.name or stem]
    name = ".".join(parts)
    own = ".".join([*chain, *tail])
    aliases = (own,) if prefix and own and own != name else ()
    return name, is_package, aliases


def _folder_parts(
    folder: Path,
    packages: dict[Path, list[str]],
    roots: tuple[Path, ...],
    folders: dict[Path, tuple[list[str], list[str]]] | None,
) -> tuple[list[str], list[str]]:
    """What a file's module name takes from its folder: the folder's parts as a regular package,
    and the namespace packages above them up to the deepest root (the same for every file in
    it: worked out once a folder when ``folders`` is given)."""
    known = folders.get(folder) if folders is not None else None
    if known is None:
        chain = _package_of(folder, packages)
        top = folder
        for _ in chain:
            top = top.parent
        root = _deepest_root(top, roots)
        known = (chain, list(top.relative_to(root).parts) if root is not None else [])
        if folders is not None:
            folders[folder] = known
    return known


def _package_of(folder: Path, packages: dict[Path, list[str]]) -> list[str]:
    """The dotted parts of ``folder`` as a regular package (empty when it has no ``__init__``)."""
    known = packages.get(folder)
    if known is None:
        if (folder / "__init__.py").is_file() or (folder / "__init__.pyi").is_file():
            above = [] if folder.parent == folder else _package_of(folder.parent, packages)
            known = [*above, folder.name]
        else:
            known = []
        packages[folder] = known
    return known


def _deepest_root(folder: Path, roots: tuple[Path, ...]) -> Path | None:
    best: Path | None = None
    for root in roots:
        if (folder == root or root in folder.parents) and (
            best is None or len(root.parts) > len(best.parts)
        ):
            best = root
    return best


def default_roots(project: Path) -> tuple[Path, ...]:
    """Where module names start when ``source_roots`` is not set: ``src`` (a src layout), and
    the project folder itself."""
    src = project / "src"
    return (src, project) if src.is_dir() else (project,)


def display_path(path: Path, cwd: Path) -> str:
    """A POSIX path relative to ``cwd`` when below it, else absolute."""
    try:
        return PurePosixPath(path.relative_to(cwd)).as_posix()
    except ValueError:
        return path.as_posix()


def _excluded(path: Path, root: Path, patterns: tuple[str, ...]) -> bool:
    if not patterns:
        return False
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
    roots: tuple[Path, ...] | None = None,
    diags: Diagnostics | None = None,
) -> list[SourceFile]:
    """Every ``.py``/``.pyi`` file under ``paths``, sorted by display path.

    Outputs are skipped, as are hidden folders, caches and virtual environments.
    Symlinked folders are not followed, so a loop cannot hang the walk.

    Only regular files are returned, so reading one cannot block (a FIFO) or never end (a
    link to ``/dev/zero``): any other kind is skipped with a warning. A file larger than
    :data:`MAX_SOURCE_BYTES` is an error at the file, and is not returned. These go to
    ``diags``; without it, the errors are raised (with the warnings) as a
    :class:`~toolgen.errors.SourceError` and lone warnings are dropped.

    Module names start at ``roots`` (default: :func:`default_roots` of ``cwd``).

    Raises:
        UsageError: a path does not exist.
        SourceError: a file is too large, and ``diags`` was not given.
    """
    cwd = cwd or Path.cwd()
    own = Diagnostics()
    real_roots = tuple(r.resolve() for r in (roots if roots is not None else default_roots(cwd)))
    outputs_at = frozenset(map(str, outputs))
    # The walk keys files by their path's text and keeps each folder's path object for all its
    # files: a thousand paths hashed and parsed once each, rather than several times.
    found: dict[str, tuple[Path, str, Path]] = {}  # resolved path -> folder, name, path
    for root in paths:
        if not root.exists():
            raise UsageError(f"path does not exist: {display_path(root, cwd)}")
        if not root.is_dir():
            resolved = root.resolve()
            if (
                root.suffix in (".py", ".pyi")
                and resolved not in outputs
                and _readable(root, None, cwd, own)
            ):
                found[str(resolved)] = (resolved.parent, resolved.name, resolved)
            continue
        # Walking the resolved root, a folder's path is already resolved (symlinked folders
        # are not entered): only a symlinked file needs resolving, which saves a stat per
        # path component per file. The one ``lstat`` per file also gives its kind and size.
        real_root = root.resolve()
        for folder, dirs, files in os.walk(real_root, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
            here: Path | None = None
            for name in files:
                if not name.endswith((".py", ".pyi")):
                    continue
                if here is None:
                    here = Path(folder)
                full = here / name
                try:
                    info = os.lstat(full)
                    if stat.S_ISLNK(info.st_mode):
                        info = os.stat(full)
                        resolved = full.resolve()
                        place = (resolved.parent, resolved.name, resolved)
                    else:
                        place = (here, name, full)
                except OSError:  # a dangling link, or gone since the folder was listed
                    continue
                key = str(place[2])
                if key in outputs_at or _excluded(full, real_root, exclude):
                    continue
                if _readable(full, info, cwd, own):
                    found[key] = place
    result = []
    packages: dict[Path, list[str]] = {}
    folders: dict[Path, tuple[list[str], list[str]]] = {}
    shown: dict[Path, str] = {}  # each folder's display path: a thousand files share a few
    for parent, name, path in found.values():
        module, is_package, aliases = _name_in(parent, name, packages, real_roots, folders)
        where = shown.get(parent)
        if where is None:
            where = shown[parent] = display_path(parent, cwd)
        display = name if where == "." else where.rstrip("/") + "/" + name
        result.append(SourceFile(path, display, module, is_package, name.endswith(".pyi"), aliases))
    result.sort(key=lambda f: (f.display, f.path.as_posix()))
    if diags is not None:
        diags.extend(own.items)
    elif own.has_errors:
        raise SourceError(own.sorted())
    return result


_KINDS: Final = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISLNK, "a symlink"),
    (stat.S_ISREG, "a regular file"),
)


def kind_of(mode: int) -> str:
    """What kind of file the ``st_mode`` ``mode`` is, in words ("a FIFO (named pipe)")."""
    return next((name for test, name in _KINDS if test(mode)), "a file of an unknown kind")


def _readable(path: Path, info: os.stat_result | None, cwd: Path, diags: Diagnostics) -> bool:
    """Whether ``path`` (``info``: its ``stat``, through a link) is a regular file of at most
    :data:`MAX_SOURCE_BYTES`; anything else is reported at the path, and left unread."""
    if info is None:
        try:
            info = os.stat(path)
        except OSError:
            return False
    if not stat.S_ISREG(info.st_mode):
        _skip(path, info.st_mode, cwd, diags)
        return False
    if info.st_size > MAX_SOURCE_BYTES and not _is_toolgen_output(path):
        diags.error(
            f"the file is {info.st_size:,} bytes, more than the {MAX_SOURCE_BYTES:,} toolgen "
            "reads (a source file this large is generated data, not tools); not scanned",
            SourceSpan(display_path(path, cwd)),
            "file-too-large",
        )
        return False
    return True


def _is_toolgen_output(path: Path) -> bool:
    """A large generated module of toolgen's (another target's, or a leftover) is not a source
    past the size limit: the build recognises it by its header and never scans it."""

    try:
        with path.open("rb") as handle:
            return is_generated(handle.read(200))
    except OSError:
        return False


def _skip(path: Path, mode: int, cwd: Path, diags: Diagnostics) -> None:
    diags.warning(
        f"not a regular file but {kind_of(mode)}; skipped, since reading it could block or "
        "never end",
        SourceSpan(display_path(path, cwd)),
        "skipped-file",
    )


def discover_given(
    texts: Mapping[str, str | bytes],
    paths: tuple[Path, ...],
    outputs: frozenset[Path],
    exclude: tuple[str, ...],
    root: Path,
    roots: tuple[Path, ...] | None = None,
) -> list[tuple[SourceFile, bytes]]:
    """:func:`discover` over files given in memory (relative POSIX path → text) instead of a
    folder: the ``.py``/``.pyi`` ones under ``paths`` (all of them when none), never an output or
    an excluded one, named as if they were below ``root``; nothing is read from the disk.

    A folder is a package when ``texts`` holds its ``__init__.py``; module names start at
    ``roots`` (default: ``src`` when a file is below it, and ``root``).
    """
    found: dict[Path, bytes] = {}
    for name in sorted(texts):
        path = root / PurePosixPath(name)
        if path.suffix not in (".py", ".pyi") or path in outputs:
            continue
        under = [p for p in paths if p == path or p in path.parents] if paths else [root]
        if not under or any(_excluded(path, p, exclude) for p in under):
            continue
        text = texts[name]
        found[path] = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    if roots is None:
        src = root / "src"
        roots = (src, root) if any(src in p.parents for p in found) else (root,)
    packages = _given_packages(found)
    result = []
    for path, data in found.items():
        module, is_package, aliases = module_name(path, packages, roots)
        source = SourceFile(
            path, display_path(path, root), module, is_package, path.suffix == ".pyi", aliases
        )
        result.append((source, data))
    result.sort(key=lambda f: (f[0].display, f[0].path.as_posix()))
    return result


def _given_packages(files: Iterable[Path]) -> dict[Path, list[str]]:
    """Each folder above ``files`` as a regular package (its dotted parts) or not (``[]``), from
    the files' names alone: what :func:`module_name` would otherwise ask the disk."""
    inits = {f.parent for f in files if f.name in ("__init__.py", "__init__.pyi")}
    packages: dict[Path, list[str]] = {}

    def of(folder: Path) -> list[str]:
        if folder not in packages:
            above = of(folder.parent) if folder.parent != folder else []
            packages[folder] = [*above, folder.name] if folder in inits else []
        return packages[folder]

    for path in files:
        of(path.parent)
    return packages


def module_aliases(by_module: dict[str, list[SourceFile]]) -> dict[str, str]:
    """Other names of scanned modules (see ``SourceFile.aliases``) → their module; a name that is
    some module's own, or that two modules would share, is nobody's alias."""
    claims: dict[str, set[str]] = {}
    for module, files in by_module.items():
        for source in files:
            for alias in source.aliases:
                claims.setdefault(alias, set()).add(module)
    return {
        alias: next(iter(owners))
        for alias, owners in sorted(claims.items())
        if len(owners) == 1 and alias not in by_module
    }
