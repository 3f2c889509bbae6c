"""``toolgen init``: find the tools of a project, then add what runs toolgen on them.

Detection is static, as every build is: the project's files are discovered and scanned, names
resolve across them, and the tools are the functions toolgen's ``@tool`` or a framework's
decorator marks (``@mcp.tool()`` on a ``FastMCP``, ``@function_tool``, ...). Nothing is run.

Every change adds a file or appends to one; nothing that exists is rewritten. What cannot be
added safely is printed for the user to add by hand.
"""

from __future__ import annotations

import ast
import os
import re
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Final

from toolgen._version import __version__
from toolgen.config import Target, read_toml
from toolgen.discover import SourceFile, discover, kind_of, module_aliases
from toolgen.errors import ConfigError, Diagnostics, ToolgenError, showable
from toolgen.settings import PRESET_NAMES

_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
SKIPPED_FOLDERS: Final = frozenset({"tests", "test", "docs", "benchmarks"})
"""Folders whose tools are not the project's own (fixtures, samples): left out of detection."""

WHEELS_COMMAND: Final = (
    "python -m pip wheel --no-deps --wheel-dir wheels ../toolgen ../toolgen/runtime"
)
"""Builds the wheels the nox session installs, from a clone of toolgen in ``../toolgen``."""

NOX_SESSION: Final = f'''
@nox.session
def toolgen(session: nox.Session) -> None:
    """Fail when the generated tool schemas are stale."""
    # toolgen is not on PyPI yet: ./wheels holds wheels built from a clone of it, committed.
    session.install("--find-links", "wheels", "toolgen=={__version__}")
    session.run("toolgen", "check", *session.posargs)
'''
"""The nox session: the README's, word for word (a test compares them)."""

PRE_COMMIT_REPO: Final = """\
- repo: local
  hooks:
    - id: toolgen-check
      name: toolgen check (generated tool schemas are fresh)
      entry: toolgen check
      language: system
      pass_filenames: false
      always_run: true
"""
"""The pre-commit entry: the ``toolgen`` of the environment that commits, no download."""


@dataclass(frozen=True, slots=True)
class Found:
    """What detection found: the folders (or top-level files) holding tools, relative to the
    project, the frameworks that mark them, and how many tools."""

    paths: tuple[str, ...]
    frameworks: tuple[str, ...]
    tools: int


@dataclass(slots=True)
class Action:
    """One change to one file: create it, append to it, or leave it (saying why)."""

    path: Path
    kind: str
    """``"create"``, ``"append"`` or ``"leave"``."""
    text: str = ""
    """What is written (create, append), or what the user may add by hand (leave)."""
    reason: str = ""
    data: bytes = b""
    """``text`` encoded, before anything is written: nothing is left half-written."""


@dataclass(slots=True)
class Setup:
    """Everything ``init`` does in one project, decided before anything is written."""

    root: Path
    found: Found | None
    actions: list[Action] = field(default_factory=list)

    @property
    def configured(self) -> bool:
        """Whether ``[tool.toolgen]`` exists, or will once the actions are applied."""
        return any(
            a.path.name == "pyproject.toml" and (a.kind != "leave" or a.reason == _HAS_TABLE)
            for a in self.actions
        )


_HAS_TABLE: Final = "it already has a [tool.toolgen] table"


def _top_folder(source: SourceFile, root: Path) -> str:
    """The folder of the top-level package a tool module belongs to (scanning the whole
    package resolves the types its tools import from sibling modules), or the file itself
    when it is a top-level module."""
    depth = len(source.module.split("."))
    path = source.path
    if source.is_package:
        top = path.parents[depth - 1]
    elif depth >= 2:
        top = path.parents[depth - 2]
    else:
        top = path
    return PurePosixPath(top.relative_to(root).as_posix()).as_posix()


def detect(root: Path) -> Found | None:
    """The tools of the project at ``root``, read statically; ``None`` when there are none."""
    from toolgen.scan import ModuleScan, scan_file
    from toolgen.scan.resolve import Resolver
    from toolgen.select import select_tools

    skipped = Diagnostics()  # a file discovery refuses (too large, a FIFO) is no tool module
    # A module linked in from outside the project is another project's: not where its tools
    # are (its path, resolved, is not below the project's folder).
    sources = [
        s
        for s in discover((root,), frozenset(), cwd=root, diags=skipped)
        if s.path.is_relative_to(root)
        and not SKIPPED_FOLDERS & set(s.path.relative_to(root).parts[:-1])
    ]
    scans: list[ModuleScan] = []
    by_module: dict[str, list[SourceFile]] = {}
    for source in sources:
        try:
            scans.append(scan_file(source))
        except ToolgenError:  # a file toolgen cannot read: the first build will say why
            continue
        by_module.setdefault(source.module, []).append(source)
    resolver = Resolver(scans, module_aliases(by_module))
    candidates = select_tools(scans, resolver, Target())
    if not candidates:
        return None
    by_display = {s.display: s for s in sources}  # a scan's path is its file's display path
    folders: set[str] = set()
    frameworks: set[str] = set()
    for candidate in candidates:
        folders.add(_top_folder(by_display[candidate.module.path], root))
        if candidate.rule.framework in PRESET_NAMES:
            frameworks.add(candidate.rule.framework)
    return Found(tuple(sorted(folders)), tuple(sorted(frameworks)), len(candidates))


_TOML_ESCAPED: Final = re.compile(r'[\x00-\x1f\x7f"\\]')


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string: quotes, backslashes and every control character
    escaped (a folder's name may hold any of them, and TOML allows none raw but the tab).

    Raises:
        ConfigError: ``text`` holds a lone surrogate: a name that is not UTF-8, which no TOML
            file can hold.
    """
    if any("\ud800" <= char <= "\udfff" for char in text):
        raise ConfigError(
            f"the name '{showable(text)}' is not UTF-8, and pyproject.toml (TOML, UTF-8) cannot "
            "hold it: rename it, or add [tool.toolgen] by hand (docs/configuration.md); nothing "
            "was written"
        )
    return '"' + _TOML_ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + '"'


def toolgen_table(found: Found) -> str:
    """The ``[tool.toolgen]`` table for what detection found."""
    first = found.paths[0]
    out = (
        f"{first}/tool_schemas.py"
        if not first.endswith(".py")
        else str(PurePosixPath(first).with_name("tool_schemas.py"))
    )
    lines = [
        "[tool.toolgen]",
        "# Written by `toolgen init`: where it found tools. Every key: `toolgen build --help`",
        f"paths = [{', '.join(_toml_string(p) for p in found.paths)}]",
        f"out = {_toml_string(out)}",
    ]
    if found.frameworks:
        lines.append(f"frameworks = [{', '.join(_toml_string(f) for f in found.frameworks)}]")
    return "\n".join(lines) + "\n"


def _read_text(path: Path) -> str:
    """The regular file ``path``, read without following a link or blocking on a FIFO (one
    swapped in since :func:`_ensure_writable_kinds` looked is refused)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ConfigError(f"{path}: cannot read: not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            text = handle.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    finally:
        os.close(fd)
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it


WRITTEN: Final = ("pyproject.toml", "noxfile.py", ".pre-commit-config.yaml")
"""The files ``init`` may create or append to, in the project's folder."""


def _ensure_writable_kinds(root: Path) -> None:
    """Each file ``init`` may write is a regular file or nothing: never a symlink (git stores
    them; appending through one writes wherever it points) nor a FIFO (reading one blocks).

    Raises:
        ConfigError: one of them is a symlink or not a regular file; nothing is written.
    """
    for name in WRITTEN:
        path = root / name
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
        if stat.S_ISREG(info.st_mode):
            continue
        what = "a symlink" if stat.S_ISLNK(info.st_mode) else kind_of(info.st_mode)
        raise ConfigError(
            f"{path}: is {what}, not a regular file; toolgen writes only regular files inside "
            "the project, never through a symlink (nothing was written)"
        )


def _appended(existing: str, addition: str, blank_lines: int = 1) -> str:
    """What is appended to ``existing`` so that ``addition`` starts on a line of its own, after
    ``blank_lines`` empty lines (two before a Python function, as black lays them out)."""
    if not existing:
        return addition
    lead = "" if existing.endswith("\n") else "\n"
    have = len(existing) - len(existing.rstrip("\n")) - 1 if not lead else 0
    return lead + "\n" * max(blank_lines - have, 0) + addition


def _pyproject_action(root: Path, found: Found | None) -> Action | None:
    path = root / "pyproject.toml"
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib

    existing = _read_text(path) if path.is_file() else None
    if existing is not None:
        data = read_toml(path, existing)
        tool = data.get("tool")
        if isinstance(tool, dict) and "toolgen" in tool:
            return Action(path, "leave", reason=_HAS_TABLE)
    if found is None:
        return None
    table = toolgen_table(found)
    if existing is None:
        return Action(path, "create", table)
    addition = _appended(existing, table)
    try:  # appending a table is safe unless the file defines `tool` inline, say
        merged = tomllib.loads(existing + addition)
        safe = merged["tool"]["toolgen"] == tomllib.loads(table)["tool"]["toolgen"]
    except (tomllib.TOMLDecodeError, KeyError, TypeError, RecursionError):
        safe = False
    if not safe:
        return Action(path, "leave", table, "the table cannot be appended to it safely")
    return Action(path, "append", addition)


def _has_toolgen_session(tree: ast.Module) -> bool:
    """Whether the noxfile binds the name ``toolgen`` or has a session named so."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == "toolgen":
                return True
            for deco in getattr(node, "decorator_list", []):
                for keyword in deco.keywords if isinstance(deco, ast.Call) else []:
                    if (
                        keyword.arg == "name"
                        and isinstance(keyword.value, ast.Constant)
                        and keyword.value.value == "toolgen"
                    ):
                        return True
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.Import | ast.ImportFrom):
            names = (
                [a.asname or a.name for a in node.names]
                if isinstance(node, ast.Import | ast.ImportFrom)
                else [
                    t.id
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(t, ast.Name)
                ]
            )
            if "toolgen" in names:
                return True
    return False


def _noxfile_action(root: Path) -> Action:
    path = root / "noxfile.py"
    if not path.is_file():
        return Action(path, "create", "import nox\n\n" + NOX_SESSION)
    existing = _read_text(path)
    try:
        tree = ast.parse(existing)
    except SyntaxError:
        return Action(path, "leave", NOX_SESSION, "it does not parse as Python")
    if _has_toolgen_session(tree):
        return Action(path, "leave", reason="it already has a session named toolgen")
    imports_nox = any(
        isinstance(node, ast.Import) and any(a.name == "nox" and not a.asname for a in node.names)
        for node in tree.body
    )
    session = NOX_SESSION if imports_nox else "import nox\n\n" + NOX_SESSION
    return Action(path, "append", _appended(existing, session.lstrip("\n"), blank_lines=2))


_REPOS_LINE: Final = re.compile(r"^repos:[ \t]*(#.*)?$")
_TOP_KEY: Final = re.compile(r"^[^\s#-]")
_ITEM: Final = re.compile(r"^([ \t]*)- ")
# A hook whose id starts with toolgen-: `- id: toolgen-check`, or `id:` on the line after a
# bare `-`, or its value on the lines after `id:`. Spaces and newlines are matched apart
# (never by one `\s*` twice over), so the search is linear in the file's length.
_TOOLGEN_HOOK: Final = re.compile(r"^[ \t]*(?:-[ \t]*)?id:[ \t]*(?:\n[ \t]*)*['\"]?toolgen-", re.M)


def _pre_commit_action(root: Path) -> Action:
    path = root / ".pre-commit-config.yaml"
    if not path.is_file():
        return Action(path, "create", "repos:\n" + _indented(PRE_COMMIT_REPO, "  "))
    existing = _read_text(path)
    if _TOOLGEN_HOOK.search(existing):
        return Action(path, "leave", reason="it already runs a toolgen hook")
    lines = existing.splitlines()
    starts = [i for i, line in enumerate(lines) if _REPOS_LINE.match(line)]
    # Appending is safe when `repos:` is a block list and the file's last top-level key.
    if len(starts) == 1 and not any(_TOP_KEY.match(line) for line in lines[starts[0] + 1 :]):
        items = [_ITEM.match(line) for line in lines[starts[0] + 1 :]]
        indents = {m.group(1) for m in items if m is not None}
        first = next((m.group(1) for m in items if m is not None), None)
        if first is not None and "\t" not in first and min(indents, key=len) == first:
            return Action(path, "append", _appended(existing, _indented(PRE_COMMIT_REPO, first)))
    return Action(
        path,
        "leave",
        _indented(PRE_COMMIT_REPO, "  "),
        "its repos list cannot be appended to safely",
    )


def _indented(text: str, prefix: str) -> str:
    return "".join(prefix + line if line.strip() else line for line in text.splitlines(True))


def plan_setup(root: Path) -> Setup:
    """Detect the tools under ``root`` and decide every change, down to the bytes each
    writes; nothing is written.

    Raises:
        ConfigError: a file to write is a symlink or not a regular file, a name cannot be
            written in TOML, an existing file cannot be read.
    """
    _ensure_writable_kinds(root)
    found = detect(root)
    setup = Setup(root, found)
    pyproject = _pyproject_action(root, found)
    if pyproject is None:  # no tools, no table: nothing to run toolgen on
        return setup
    setup.actions.extend([pyproject, _noxfile_action(root), _pre_commit_action(root)])
    for action in setup.actions:
        action.data = action.text.encode("utf-8")  # a name that cannot be, fails here
    return setup


def describe(setup: Setup, dry_run: bool) -> list[str]:
    """What each action does (or would do), one paragraph per file."""
    lines: list[str] = []
    if setup.found is not None:
        where = ", ".join(setup.found.paths)
        used = ", ".join(setup.found.frameworks) or "toolgen's @tool"
        tools = f"{setup.found.tools} tool" + ("" if setup.found.tools == 1 else "s")
        lines.append(f"found {tools} in {where} (marked by {used})")
    for action in setup.actions:
        name = action.path.relative_to(setup.root).as_posix()
        if action.kind == "leave":
            lines.append(f"left {name} as it is: {action.reason}")
            if action.text:
                lines.append("  add this by hand:")
                lines.extend("    " + line for line in action.text.rstrip("\n").splitlines())
            continue
        verb = {
            ("create", True): "would create",
            ("create", False): "created",
            ("append", True): "would append to",
            ("append", False): "appended to",
        }[action.kind, dry_run]
        lines.append(f"{verb} {name}:")
        lines.extend(("    " + line).rstrip() for line in action.text.strip("\n").splitlines())
    return lines


def next_steps(setup: Setup) -> list[str]:
    """What the user does once init has run: the wheels the nox session installs, then the
    hook. Only for what init added (a file left as it was is the user's own setup)."""
    added = {a.path.name for a in setup.actions if a.kind != "leave"}
    steps: list[list[str]] = []
    if "noxfile.py" in added:
        steps.append(
            [
                "build the wheels the nox session installs (toolgen is not on PyPI yet), with",
                "   a clone of toolgen in ../toolgen, and commit them: CI installs from them",
                f"     {WHEELS_COMMAND}",
                "     nox -s toolgen             # what CI runs: toolgen check",
            ]
        )
    if ".pre-commit-config.yaml" in added:
        steps.append(
            [
                "run the hook on every commit (it runs the `toolgen` on your PATH)",
                "     pre-commit install",
            ]
        )
    if not steps:
        return []
    lines = ["next:"]
    for number, (first, *rest) in enumerate(steps, 1):
        lines += [f"  {number}. {first}", *("  " + line for line in rest)]
    return [*lines, "  then commit what init wrote, and the generated module"]


def apply(setup: Setup, echo: Callable[[str], None]) -> None:
    """Write every create and append action. A file to create that appeared since the plan
    is left alone (``x`` mode), as is anything else that exists."""
    for action in setup.actions:
        if action.kind == "create":
            try:
                fd = os.open(action.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o666)
            except FileExistsError:
                echo(f"left {action.path.name} as it is: it appeared while toolgen init ran")
                continue
            try:
                _write_whole(fd, action.data)
            except BaseException:
                os.unlink(action.path)  # the file this call created: never left half-written
                raise
            finally:
                os.close(fd)
        elif action.kind == "append":
            # Never through a symlink, should one have been put there since the plan.
            fd = os.open(action.path, os.O_WRONLY | os.O_APPEND | _NOFOLLOW)
            try:
                _write_whole(fd, action.data)
            finally:
                os.close(fd)


def _write_whole(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


__all__ = [
    "NOX_SESSION",
    "PRE_COMMIT_REPO",
    "WHEELS_COMMAND",
    "Action",
    "Found",
    "Setup",
    "apply",
    "describe",
    "detect",
    "next_steps",
    "plan_setup",
    "toolgen_table",
]
