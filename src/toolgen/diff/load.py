"""Generated modules read as data, and the outputs of a revision read from git.

A generated module is never imported or executed: its constants are read from its text. The
emitter writes black's layout of plain literals (double-quoted strings unless single quotes
need fewer escapes, ``True``/``False``/``None``, numbers, dicts and lists with magic trailing
commas), which is JSON but for a handful of spellings. Each distinct line is translated to
JSON once (a 14 MB module has far fewer distinct lines than lines) and the constant is read
by :func:`json.loads`. A constant the fast path cannot translate (a module reformatted by
hand) is read by :func:`ast.literal_eval`, which evaluates literals only and runs nothing.
Anything else is refused with :class:`BadModule`.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from toolgen.errors import ToolgenError
from toolgen.header import is_generated


class BadModule(ToolgenError):
    """A file that is not a module toolgen generated, or not data (exit 2)."""

    exit_code = 2


class GitError(ToolgenError):
    """No git, not a repository, an unknown revision (exit 2)."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class Module:
    """The constants of one generated module (or of a target's several modules, merged), and
    the source files its header lists (relative to ``source_root``)."""

    constants: dict[str, Any]
    sources: tuple[str, ...] = ()
    source_root: Path | None = None
    present: bool = True
    """``False``: the output did not exist (at that revision): every tool is new."""
    labels: tuple[str, ...] = field(default=())

    @staticmethod
    def absent(label: str = "") -> Module:
        return Module({}, present=False, labels=(label,) if label else ())


_HEAD: Final = re.compile(r"([A-Z][A-Z0-9_]*|__all__)(?:: [A-Za-z_][A-Za-z0-9_\[\], ]*)? = (.*)")
_TOKEN: Final = re.compile(
    r"""\s+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|True|False|None|-?[0-9][0-9.eE+-]*|[\[\]{}(),:]"""
)
_JSON_SAFE_STRING: Final = re.compile(r'"(?:[^"\\\x00-\x1f]|\\[\\"nrtbf/]|\\u[0-9a-fA-F]{4})*"')
_TRAILING: Final = re.compile(r",(\n[ \t]*[\]}])")
_KEYWORDS: Final = {"True": "true", "False": "false", "None": "null"}


class _Untranslatable(Exception):
    pass


def _line_json(line: str, memo: dict[str, str]) -> str:
    """One line of a constant's value, translated to JSON (cached by the line's text)."""
    found = memo.get(line)
    if found is not None:
        return found
    out = []
    position = 0
    for match in _TOKEN.finditer(line):
        if match.start() != position:
            raise _Untranslatable(line)
        token = match.group()
        position = match.end()
        first = token[0]
        if first == '"':
            if not _JSON_SAFE_STRING.fullmatch(token):
                token = json.dumps(ast.literal_eval(token), ensure_ascii=False)
        elif first == "'":
            token = json.dumps(ast.literal_eval(token), ensure_ascii=False)
        elif token in _KEYWORDS:
            token = _KEYWORDS[token]
        elif first in "()":
            raise _Untranslatable(line)
        elif first == "-" or first.isdigit():
            try:
                json.loads(token)
            except ValueError:
                raise _Untranslatable(line) from None
        out.append(token)
    if position != len(line):
        raise _Untranslatable(line)
    found = memo[line] = "".join(out)
    return found


def _value(lines: list[str], memo: dict[str, str]) -> Any:
    """The value written on ``lines`` (the first holds what follows ``=``)."""
    try:
        text = "\n".join(_line_json(line, memo) for line in lines)
        return json.loads(_TRAILING.sub(r"\1", text))
    except (_Untranslatable, ValueError, SyntaxError):
        pass
    try:  # literals only: nothing is called, imported or run
        return ast.literal_eval("\n".join(lines).strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
        raise BadModule(f"a constant is not a literal ({type(exc).__name__})") from None


def _closes(line: str) -> bool:
    return line[:1] in ("]", "}", ")")


def read_module(data: bytes, display: str, require_header: bool = True) -> Module:
    """The constants of a generated module, read from its bytes as data.

    Raises:
        BadModule: not toolgen's output (no header), not UTF-8, or not data.
    """
    if require_header and not is_generated(data):
        raise BadModule(
            f"{display}: not a module toolgen generated (its first line is not toolgen's header)"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadModule(f"{display}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    sources: list[str] = []
    constants: dict[str, Any] = {}
    memo: dict[str, str] = {}
    index = 0
    in_sources = False
    started = False
    while index < len(lines):
        line = lines[index]
        if not started and line.startswith("#"):
            if line.rstrip() == "# Sources:":
                in_sources = True
            elif in_sources and line.startswith("#   ") and line != "#   (none)":
                sources.append(line[4:])
            else:
                in_sources = False
            index += 1
            continue
        in_sources = False
        head = _HEAD.fullmatch(line)
        if head is None:
            index += 1
            continue
        started = True
        name, rest = head.group(1), head.group(2)
        body = [rest]
        index += 1
        if rest.rstrip().endswith(("[", "{", "(")):
            while index < len(lines) and not _closes(lines[index]):
                body.append(lines[index])
                index += 1
            if index == len(lines):
                raise BadModule(f"{display}: constant {name} is not closed")
            body.append(lines[index])
            index += 1
        try:
            constants[name] = _value(body, memo)
        except BadModule as exc:
            raise BadModule(f"{display}: {name}: {exc}") from None
    if not started and require_header:
        raise BadModule(f"{display}: no constants found")
    _check_shapes(constants, display)
    return Module(constants, tuple(sources), None, True, (display,))


def _check_shapes(constants: dict[str, Any], display: str) -> None:
    """The constants diff reads have the shapes toolgen writes (a list of tool objects, a map
    of strings): anything else is refused here, not half-compared later."""
    for name, value in constants.items():
        if name.startswith("TOOLS"):
            if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
                raise BadModule(f"{display}: {name} is not a list of tool objects")
        elif name.startswith("TOOL_NAME_MAP_"):
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise BadModule(f"{display}: {name} is not a map of names")
    for tool in constants.get("TOOLS", []):
        if not isinstance(tool.get("name"), str) or not isinstance(tool.get("parameters"), dict):
            raise BadModule(f"{display}: TOOLS holds an entry without a name and parameters")


def merge(modules: list[Module]) -> Module:
    """A target's modules (the IR module and, per provider, its own) as one set of constants."""
    constants: dict[str, Any] = {}
    sources: tuple[str, ...] = ()
    root = None
    labels: list[str] = []
    present = False
    for module in modules:
        if not module.present:
            labels.extend(module.labels)
            continue
        present = True
        constants.update(module.constants)
        if not sources and module.sources:
            sources, root = module.sources, module.source_root
        labels.extend(module.labels)
    return Module(constants, sources, root, present, tuple(labels))


def read_file(path: Path, display: str) -> Module:
    """A generated module on disk (``OLD.py NEW.py``, ``--against-files``)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BadModule(f"{display}: no such file") from None
    except IsADirectoryError:
        raise BadModule(f"{display}: is a folder, not a generated module") from None
    module = read_module(data, display)
    return Module(module.constants, module.sources, path.parent, True, module.labels)


# --- git ---------------------------------------------------------------------------------------


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    if shutil.which("git") is None:
        raise GitError("git is not installed (or not on PATH); diff needs it to read --base")
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, env=env, check=False)


def repo_root(cwd: Path) -> Path:
    result = _git(["rev-parse", "--show-toplevel"], cwd)
    if result.returncode != 0:
        raise GitError(
            f"{cwd}: not in a git repository (give two generated modules instead: toolgen diff OLD.py NEW.py)"
        )
    return Path(result.stdout.decode("utf-8", "surrogateescape").strip())


DEFAULT_BRANCHES: Final = ("origin/HEAD", "origin/main", "origin/master", "main", "master")


def resolve_revision(rev: str | None, cwd: Path) -> tuple[str, str]:
    """The commit to compare with, and how to name it: ``rev``, or the merge base of ``HEAD``
    with the default branch (the first of :data:`DEFAULT_BRANCHES` that exists).

    Raises:
        GitError: no git, not a repository, an unknown revision, no default branch.
    """
    repo_root(cwd)
    if rev is None:
        for branch in DEFAULT_BRANCHES:
            found = _git(["rev-parse", "--verify", "--quiet", f"{branch}^{{commit}}"], cwd)
            if found.returncode != 0:
                continue
            base = _git(["merge-base", "HEAD", branch], cwd)
            if base.returncode == 0:
                commit = base.stdout.decode().strip()
                return commit, f"merge-base(HEAD, {branch}) = {commit[:12]}"
        raise GitError(
            "no default branch to compare with (none of "
            f"{', '.join(DEFAULT_BRANCHES)} shares history with HEAD): give --base REV"
        )
    if rev.startswith("-"):
        raise GitError(f"unknown revision {rev!r}")
    found = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"], cwd)
    if found.returncode != 0:
        raise GitError(f"unknown revision {rev!r}")
    commit = found.stdout.decode().strip()
    return commit, f"{rev} = {commit[:12]}" if rev != commit else commit[:12]


def read_git(commit: str, path: Path, display: str, cwd: Path) -> Module:
    """The generated module at ``path`` as it was in ``commit`` (``git show``; nothing is
    checked out). An output that did not exist then is :meth:`Module.absent`."""
    root = repo_root(cwd).resolve()
    try:
        relative = path.resolve().relative_to(root).as_posix()
    except ValueError:
        raise GitError(f"{display}: outside the git repository {root}") from None
    label = f"{commit[:12]}:{relative}"
    exists = _git(["cat-file", "-e", f"{commit}:{relative}"], root)
    if exists.returncode != 0:
        return Module.absent(label)
    shown = _git(["cat-file", "blob", f"{commit}:{relative}"], root)
    if shown.returncode != 0:
        message = shown.stderr.decode("utf-8", "replace").strip()
        raise GitError(f"{label}: {message or 'cannot be read'}")
    module = read_module(shown.stdout, label)
    return Module(module.constants, module.sources, path.parent, True, (label,))
