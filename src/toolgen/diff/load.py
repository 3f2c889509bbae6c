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
import math
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from toolgen import grammar
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


_HEAD: Final = re.compile(
    r"\n(" + grammar.CONSTANT_NAME + r")(?:: " + grammar.ANNOTATION + r")? = (.*)"
)
"""A constant's first line (searched from a newline: ``^`` would be tried at every offset)."""
_CLOSING: Final = {"[": "\n]", "{": "\n}", "(": "\n)"}
_ITEM: Final = re.compile(r"\n" + " " * grammar.ITEM_INDENT + r"[^ \]})]")
"""The start of a top-level list's item (black indents them by 4)."""
_TOKEN: Final = re.compile(
    " +|"
    + grammar.STRING
    + "|"
    + grammar.NUMBER
    + "|"
    + "|".join(grammar.KEYWORDS)
    + "|["
    + re.escape(grammar.PUNCTUATION)
    + "]"
)
"""The tokens of :mod:`toolgen.grammar` (a line the emitter did not write is read the slow way)."""
_JSON_SAFE_STRING: Final = re.compile(
    r'"(?:[^"\\\x00-\x1f]|\\[\\"nrtbf/]|\\u(?![dD][89a-fA-F])[0-9a-fA-F]{4})*"'
)
"""A string JSON reads as Python does: not a surrogate's escape (JSON joins ``\\udbff\\udc00``
into one character, Python reads two)."""
_TRAILING: Final = re.compile(r",(\n[ \t]*[\]}])")
_COMPACT: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s"]+')
"""A line's tokens without the whitespace between them (for a JSON-ready line)."""
_SLOW: Final = re.compile(r"'|\\|[0-9][eE][0-9]")
"""What may make a line's compact JSON differ from its own tokens: a single-quoted string, an
escape (json.dumps writes most characters raw), an exponent without its sign."""


class _Untranslatable(Exception):
    pass


class Reader:
    """Translates generated text to JSON, line by line, remembering each distinct line (and
    each item's text): one reader serves both versions of a diff, whose lines are mostly the
    same."""

    def __init__(self) -> None:
        self.lines: dict[str, str] = {}
        self.sizes: dict[str, int] = {}
        self.items: dict[str, Any] = {}
        self.item_sizes: dict[str, int] = {}

    def line_json(self, line: str) -> str:
        found = self.lines.get(line)
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
            elif token in grammar.KEYWORDS:
                token = grammar.KEYWORDS[token]
            elif first in "()":
                raise _Untranslatable(line)
            elif first == "-" or first.isdigit():
                try:
                    token = json.dumps(json.loads(token))
                except ValueError:
                    raise _Untranslatable(line) from None
            out.append(token)
        if position != len(line):
            raise _Untranslatable(line)
        found = self.lines[line] = "".join(out)
        return found

    def line_size(self, line: str) -> int:
        """The UTF-8 bytes of the line's tokens as compact JSON (whitespace outside strings
        dropped; commas kept), less one for a line that closes a bracket: the line before it
        ends with black's magic comma, which JSON does not have."""
        found = self.sizes.get(line)
        if found is not None:
            return found
        if not _SLOW.search(line):
            tokens = _COMPACT.findall(line)
            size = sum(map(len, tokens)) if line.isascii() else len("".join(tokens).encode("utf-8"))
        else:  # escapes: count what json.dumps writes
            size = 0
            for token in _COMPACT.findall(self.line_json(line)):
                if token[0] == '"' and "\\" in token:
                    token = json.dumps(json.loads(token), ensure_ascii=False)
                size += len(token.encode("utf-8", "surrogatepass"))
        if line.lstrip()[:1] in ("]", "}"):
            size -= 1  # black's magic comma before a closing bracket is not JSON's
        self.sizes[line] = size
        return size

    def value(self, text: str) -> Any:
        """The value written in ``text`` (lines of black's layout, a trailing comma allowed)."""
        lines = text.split("\n")
        try:
            joined = "\n".join([self.line_json(line) for line in lines])
            return json.loads(_TRAILING.sub(r"\1", joined).rstrip().removesuffix(","))
        except (_Untranslatable, ValueError, SyntaxError, RecursionError, MemoryError):
            pass
        try:  # literals only: nothing is called, imported or run
            value = ast.literal_eval(text.strip().removesuffix(","))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
            raise BadModule(f"not a literal ({type(exc).__name__})") from None
        _json_data(value)
        return value

    def item(self, text: str) -> Any:
        if text not in self.items:
            self.items[text] = self.value(text)
        return self.items[text]

    def item_size(self, text: str) -> int:
        """The bytes of one list item as compact JSON: its lines' (:meth:`line_size`), less
        the comma after the item."""
        found = self.item_sizes.get(text)
        if found is not None:
            return found
        lines = text.split("\n")
        sizes = self.sizes
        try:
            try:
                size = sum(map(sizes.__getitem__, lines))
            except KeyError:
                for line in set(lines).difference(sizes):
                    self.line_size(line)
                size = sum(map(sizes.__getitem__, lines))
        except _Untranslatable:
            size = -1
        if size < 0 or not text.endswith(","):
            size = serialized_size(self.item(text))
        else:
            size -= 1  # the comma after the item
        self.item_sizes[text] = size
        return size


def _json_data(value: Any) -> None:
    """Refuse a literal that is not JSON data (toolgen writes nothing else): a set, bytes,
    ``...``, a tuple, a complex number, a key that is not a string, a number JSON has not."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            for key in item:
                if not isinstance(key, str):
                    raise BadModule(
                        f"a dict key {_shown(key)} is not a string (toolgen writes only JSON data)"
                    )
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise BadModule(f"holds {item!r}, which JSON has not (toolgen writes only JSON data)")
        elif not (isinstance(item, (str, int, float)) or item is None):
            name = _NOT_DATA.get(type(item), f"a {type(item).__name__}")
            raise BadModule(f"holds {name}, which toolgen never writes (only JSON data)")


_NOT_DATA: Final = {
    set: "a set",
    frozenset: "a frozenset",
    bytes: "bytes",
    tuple: "a tuple",
    complex: "a complex number",
    type(...): "Ellipsis (...)",
}


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**100 else "(a long integer)"
    return text if len(text) <= 40 else text[:37] + "..."


def serialized_size(value: Any) -> int:
    """The bytes of ``value`` as a request carries it: compact JSON, UTF-8."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return len(text.encode("utf-8", "surrogatepass"))


class Items:
    """A list constant (``TOOLS``, ``TOOLS_OPENAI``, ...) as the text of each item: an item
    is parsed only when it is read, so the items two versions share cost nothing."""

    def __init__(self, chunks: list[str], reader: Reader, label: str = "") -> None:
        self.chunks = chunks
        self.reader = reader
        self.label = label
        """Where the list is (``module.py: TOOLS``), for an item that is not data."""

    @staticmethod
    def of(values: list[Any]) -> Items:
        """Items from values already parsed (a module reformatted by hand, tests)."""
        reader = Reader()
        chunks = []
        for value in values:
            text = json.dumps(value, ensure_ascii=False)
            reader.items[text] = value
            reader.item_sizes[text] = serialized_size(value)
            chunks.append(text)
        return Items(chunks, reader)

    def __len__(self) -> int:
        return len(self.chunks)

    def value(self, index: int) -> Any:
        try:
            return self.reader.item(self.chunks[index])
        except BadModule as exc:
            raise BadModule(f"{self.label}: {exc}" if self.label else str(exc)) from None

    def size(self, index: int) -> int:
        return self.reader.item_size(self.chunks[index])

    def values(self) -> list[Any]:
        return [self.value(i) for i in range(len(self.chunks))]


def items(value: Any) -> Items | None:
    """A list constant as :class:`Items` (``None``: not a list)."""
    if isinstance(value, Items):
        return value
    if isinstance(value, list):
        return Items.of(value)
    return None


def read_module(
    data: bytes, display: str, require_header: bool = True, reader: Reader | None = None
) -> Module:
    """The constants of a generated module, read from its bytes as data. The items of the
    lists of tools are :class:`Items`, parsed when read; every other constant is parsed.

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
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    reader = reader or Reader()
    heads = list(_HEAD.finditer(text))
    first = heads[0].start() if heads else len(text)
    sources = _sources(text[:first])
    constants: dict[str, Any] = {}
    end = 0
    for head in heads:
        if head.start() < end:  # a line inside the previous constant's value
            continue
        name, rest = head.group(1), head.group(2)
        begin = head.start(2)
        opened = rest.rstrip()[-1:]
        if opened in _CLOSING:
            closer = text.find(_CLOSING[opened], head.end())
            if closer < 0:
                raise BadModule(f"{display}: constant {name} is not closed")
            end = text.find("\n", closer + 1)
            end = len(text) if end < 0 else end
        else:
            end = head.end()
        body = text[begin:end]
        try:
            laid_out = is_tool_list(name) and opened == "[" and body.endswith("\n]")
            found = _items(body, reader, f"{display}: {name}") if laid_out else None
            if found is not None:
                constants[name] = found
            else:  # one line, or laid out by hand: read whole
                constants[name] = reader.value(body)
        except BadModule as exc:
            raise BadModule(f"{display}: {name}: {exc}") from None
    if not constants and require_header:
        raise BadModule(f"{display}: no constants found")
    _check_shapes(constants, display)
    return Module(constants, sources, None, True, (display,))


def is_tool_list(name: str) -> bool:
    """``TOOLS``, ``TOOLS_OPENAI``, and an owner's ``WEATHER_TOOLS_OPENAI``: lists of tools."""
    return name.startswith("TOOLS") or "_TOOLS" in name


def _items(body: str, reader: Reader, label: str) -> Items | None:
    """``[\n    item,\n    item,\n]`` → the items' texts (each with its trailing comma);
    ``None`` when the list is not laid out so."""
    inner = body[1 : len(body) - 2]  # from the "\n" after "[" to before "\n]"
    if not inner or inner.isspace():
        return Items([], reader, label)
    starts = [m.start() for m in _ITEM.finditer(inner)]
    if not starts or starts[0] != 0 or not inner.endswith(","):
        return None
    bounds = [*starts, len(inner)]
    return Items([inner[a + 1 : b] for a, b in pairwise(bounds)], reader, label)


def _sources(head: str) -> tuple[str, ...]:
    """The source files the header lists (``# Sources:`` then ``#   path`` lines)."""
    found: list[str] = []
    listing = False
    for line in head.split("\n"):
        if line.rstrip() == "# Sources:":
            listing = True
        elif listing and line.startswith("#   "):
            if line != "#   (none)":
                found.append(line[4:])
        else:
            listing = False
    return tuple(found)


def _check_shapes(constants: dict[str, Any], display: str) -> None:
    """The constants diff reads have the shapes toolgen writes (a list of tool objects, a map
    of strings): anything else is refused here, not half-compared later. Items are checked
    when they are read (:func:`tool_value`)."""
    for name, value in constants.items():
        if is_tool_list(name):
            if isinstance(value, Items):
                continue
            if not isinstance(value, list):
                raise BadModule(f"{display}: {name} is not a list of tool objects")
            constants[name] = Items.of(value)
        elif name.startswith(("TOOL_NAME_MAP_", "NULL_MEANS_OMITTED_", "TOOL_CALLS_")) or (
            name == "TOOL_FUNCTIONS"
        ):
            if not isinstance(value, dict):
                raise BadModule(f"{display}: {name} is not a map")
        elif name == "FINGERPRINTS" or "TOOL_FINGERPRINTS" in name:
            if not isinstance(value, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in value.items()
            ):
                raise BadModule(f"{display}: {name} is not a map of fingerprints")
        if name.startswith("TOOL_NAME_MAP_") or name == "TOOL_FUNCTIONS":
            if not all(isinstance(v, str) for v in value.values()):
                raise BadModule(f"{display}: {name} is not a map of names")
        if name.startswith("TOOL_CALLS_"):
            if not all(isinstance(v, dict) for v in value.values()):
                raise BadModule(f"{display}: {name} is not a map of calls")


def tool_value(tools: Items, index: int, display: str = "TOOLS") -> dict[str, Any]:
    """One IR tool, checked to be an object with a name and parameters."""
    tool = tools.value(index)
    if (
        not isinstance(tool, dict)
        or not isinstance(tool.get("name"), str)
        or not isinstance(tool.get("parameters"), dict)
    ):
        raise BadModule(f"{display}: TOOLS holds an entry without a name and parameters")
    return tool


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


def read_file(path: Path, display: str, reader: Reader | None = None) -> Module:
    """A generated module on disk (``OLD.py NEW.py``, ``--against-files``)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BadModule(f"{display}: no such file") from None
    except IsADirectoryError:
        raise BadModule(f"{display}: is a folder, not a generated module") from None
    module = read_module(data, display, reader=reader)
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


def read_git(
    commit: str, path: Path, display: str, cwd: Path, reader: Reader | None = None
) -> Module:
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
    module = read_module(shown.stdout, label, reader=reader)
    return Module(module.constants, module.sources, path.parent, True, (label,))
