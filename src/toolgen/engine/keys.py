"""What every cache key is made of: toolgen's own code, the settings, the inputs' digests.

A key names everything that can change what an entry holds, so an entry is only ever found by
a build that would make exactly it. (The entry's *content* is trusted only because the store
authenticates it: :mod:`toolgen.engine.store`.)
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import fields

from toolgen._version import __version__
from toolgen.config import Target
from toolgen.discover import SourceFile
from toolgen.engine.store import FORMAT


@functools.cache
def code_fingerprint() -> str:
    """What toolgen's own code is, and what it runs on: part of every key, so entries made by
    other code, even of the same version number, or by the same code on another Python or
    with other libraries (:func:`environment`), are not used. Computed once per process.

    Installed from a wheel, the code is the wheel's own record of the files' hashes, so the same
    release unpacked again elsewhere (a fresh CI runner restoring the cache folder) keeps its
    entries. Otherwise (an editable install) it is the names, sizes and mtimes of the files
    (stat only: a no-op build would otherwise spend a tenth of its run here)."""
    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # the toolgen package
    runs_on = repr(environment()).encode()
    installed = wheel_files(root)
    if installed is not None:
        return hashlib.sha256(b"wheel\0" + installed + b"\0" + runs_on).hexdigest()
    parts: list[str] = []
    _stat_tree(root, "", parts)
    templates = os.path.join(os.path.dirname(os.path.dirname(root)), "templates")
    if os.path.isdir(templates):
        _stat_tree(templates, "templates/", parts)
    return hashlib.sha256("\n".join([*sorted(parts), repr(environment())]).encode()).hexdigest()


LAYOUT_LIBRARIES = ("black", "libcst", "jinja2")
"""The libraries whose versions can change the bytes of a module: black's layout is the one
written (``formatter = "black"`` runs it), libcst reads the sources, jinja2 renders the
template."""


@functools.cache
def environment() -> tuple[tuple[str, str], ...]:
    """What besides toolgen's code can change what a build makes: the Python (its version; the
    version of its Unicode database, which ``str`` methods, ``re`` and NFKC follow, apart from
    the escaping, which never does) and the versions of :data:`LAYOUT_LIBRARIES`. An install that
    skips byte-compilation is the same files for every Python that runs it: without this, one
    Python's entries would be taken for another's."""

    version = ".".join(map(str, sys.version_info[:3]))
    return (
        ("python", f"{sys.implementation.name} {version}"),
        ("unicode", unicodedata.unidata_version),
        *((name, _distribution_version(name)) for name in LAYOUT_LIBRARIES),
    )


def _distribution_version(name: str) -> str:
    """The installed version of the distribution of the top-level package ``name``, from its
    ``.dist-info`` folder beside it (found without importing it, and without
    ``importlib.metadata``, whose import alone costs a no-op build a third of its time); else
    where the package is, else ``"-"``."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return "-"
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        return "-"
    site = os.path.dirname(folders[0])
    prefix = f"{name}-"
    try:
        with os.scandir(site) as entries:
            for entry in entries:
                lower = entry.name.lower()
                if lower.startswith(prefix) and lower.endswith(".dist-info"):
                    return entry.name[len(prefix) : -len(".dist-info")]
    except OSError:
        pass
    return f"at {folders[0]}"


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
    if not any(line.startswith(prefix + b"engine/keys.py,sha256=") for line in own):
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


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


_OUTPUT_ONLY = ("paths", "out", "strict", "formatter", "exclude", "layout", "source_roots")
"""Settings that change what is written but not what a module contributes."""


def settings_digest(target: Target, modules: Iterable[str]) -> str:
    """Everything besides a module's own files that can change what it contributes: toolgen's
    code, the target's settings and the set of modules scanned (a new module can change what a
    name resolves to)."""
    relevant = {
        f.name: getattr(target, f.name) for f in fields(target) if f.name not in _OUTPUT_ONLY
    }
    return _digest(
        repr((FORMAT, __version__, code_fingerprint(), sorted(relevant.items()), sorted(modules)))
    )


def output_key(
    settings: str,
    target: Target,
    outputs: Iterable[str],
    hashes: Mapping[str, str],
    leftovers: Iterable[str],
) -> str:
    """Every input of a target's outputs: with an output entry under this key, and the files on
    disk as it records them, a build has nothing to do."""
    return _digest(
        settings,
        "output",
        *outputs,
        str(target.strict),
        target.formatter,
        target.layout,
        *(f"{d}\0{h}" for d, h in sorted(hashes.items())),
        *(f"{d}\0generated" for d in leftovers),
    )


def module_key(
    settings: str, module: str, files: Iterable[SourceFile], hashes: Mapping[str, str]
) -> str:
    """A module's own files: its entry records the files its imports reach (``deps``), checked
    when it is loaded."""
    return _digest(settings, module, *(f"{s.display}\0{hashes[s.display]}" for s in files))


def scan_prefix() -> str:
    return repr((FORMAT, __version__, code_fingerprint(), "scan"))


def scan_key(prefix: str, source: SourceFile, digest: str) -> str:
    """A file's scan depends on its bytes and on the names it is known by, nothing else."""
    return _digest(
        prefix,
        source.display,
        source.module,
        str(source.is_package),
        str(source.is_stub),
        digest,
    )


def pointer_key(*parts: str) -> str:
    """The pointer to the newest entry made for these settings and this module (or file, or
    output): storing a newer one deletes the entry it replaces."""
    return _digest("latest", *parts)
