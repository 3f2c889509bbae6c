"""One parser per docstring style: Google, NumPy, reST; plus the detection between them."""

from __future__ import annotations

import itertools
import re
from typing import Final

from toolgen.docstrings.model import Docstring, ParamDoc

_GOOGLE_PARAMS: Final = frozenset(
    {
        "args",
        "arguments",
        "parameters",
        "params",
        "keyword args",
        "keyword arguments",
        "kwargs",
        "other parameters",
        "other args",
        "other arguments",
    }
)
_GOOGLE_SECTIONS: Final = _GOOGLE_PARAMS | frozenset(
    {
        "returns",
        "return",
        "yields",
        "yield",
        "raises",
        "raise",
        "exceptions",
        "examples",
        "example",
        "note",
        "notes",
        "attributes",
        "see also",
        "warning",
        "warnings",
        "warns",
        "todo",
        "references",
        "methods",
        "tip",
        "hint",
        "important",
        "caution",
        "danger",
        "attention",
        "error",
    }
)
_NUMPY_PARAMS: Final = frozenset({"parameters", "other parameters", "keyword arguments", "params"})
# Every pattern here runs in time linear in the line: no two quantifiers next to each other
# match the same characters (``\s+[^:]*`` or ``\s*(...)?\s*`` would try every split of a run
# of spaces, seconds for a 40,000-character line), and each is matched at the line's start.
_REST_FIELD: Final = re.compile(r"^:(\w+)(?:\s([^:]*))?:\s*(.*)$")
"""``:param int x: text``: the argument (``int x``) is what lies between the first space and
the next colon, its spaces kept (it is split on them)."""
_GOOGLE_HEADER: Final = re.compile(r"^([A-Za-z][A-Za-z ]*):\s*$")
# A parameter's name is a Python identifier: a letter of any script or ``_``, then word characters
# (``[^\W\d]`` is a word character that is not a digit).
_GOOGLE_PARAM: Final = re.compile(r"^(\*{0,2}[^\W\d]\w*)\s*(?:\(([^)]*)\)\s*)?:\s*(.*)$")
_NUMPY_UNDERLINE: Final = re.compile(r"^\s*-{3,}\s*$")
_NUMPY_PARAM: Final = re.compile(r"^(\*{0,2}[^\W\d]\w*(?:\s*,\s*\*{0,2}[^\W\d]\w*)*)\s*(?::.*)?$")


_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """``text``'s lines as Python splits source lines: at ``\\n``, ``\\r\\n`` and ``\\r`` only.

    ``str.splitlines`` also splits at ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``, ``\\x85``,
    ``\\u2028`` and ``\\u2029``, which inside a docstring are text, not line ends: a description
    holding one must not end there. Like ``splitlines``, a final line break adds no empty line.
    """
    lines = _LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


def detect(text: str) -> str:
    """``rest`` if it has ``:param``-style fields, ``numpy`` if it has underlined sections, else ``google``."""
    lines = split_lines(text)
    if any(
        _REST_FIELD.match(line.strip())
        and line.strip().split()[0].strip(":").split()[0]
        in (
            "param",
            "parameter",
            "arg",
            "argument",
            "key",
            "keyword",
            "type",
            "returns",
            "return",
            "rtype",
            "raises",
            "raise",
        )
        for line in lines
    ):
        return "rest"
    for before, after in itertools.pairwise(lines):
        if (
            before.strip()
            and _NUMPY_UNDERLINE.match(after)
            and before.strip().lower()
            in (
                *_NUMPY_PARAMS,
                "returns",
                "yields",
                "raises",
                "notes",
                "examples",
                "see also",
                "attributes",
                "methods",
                "references",
                "warnings",
                "warns",
                "receives",
            )
        ):
            return "numpy"
    return "google"


def _join(lines: list[str]) -> str:
    """Lines of one description → one line; blank lines keep paragraphs apart."""
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(_join_words(p) for p in paragraphs if p)


def _is_wide(char: str) -> bool:
    return (
        "\u2e80" <= char <= "\u9fff"
        or "\uf900" <= char <= "\ufaff"
        or "\uff00" <= char <= "\uffef"
        or "\u3000" <= char <= "\u303f"
        or "\uac00" <= char <= "\ud7af"
    )


def _join_words(parts: list[str]) -> str:
    """Join wrapped lines with a space, except between CJK text, which uses none."""
    out = [parts[0]]
    for before, part in itertools.pairwise(parts):
        if not (_is_wide(before[-1]) or _is_wide(part[0])):
            out.append(" ")
        out.append(part)
    return "".join(out)


def _split_intro(lines: list[str]) -> tuple[str, str]:
    """The summary (first paragraph) and the long description (the rest) of the intro."""
    first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    lines = lines[first:]
    end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    return _join(lines[:end]), _join(lines[end:])


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def parse_google(text: str) -> Docstring:
    """Google style: ``Args:`` / ``Arguments:`` / ``Keyword Args:`` sections, ``x (int): ...``."""
    lines = split_lines(text)
    params: dict[str, ParamDoc] = {}
    returns = ""
    intro_end = len(lines)
    i = 0
    while i < len(lines):
        match = _GOOGLE_HEADER.match(lines[i].strip())
        if match and match.group(1).lower() in _GOOGLE_SECTIONS:
            intro_end = min(intro_end, i)
            section = match.group(1).lower()
            base = _indent(lines[i])
            i += 1
            body: list[tuple[int, str]] = []
            while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > base):
                body.append((i, lines[i]))
                i += 1
            if section in _GOOGLE_PARAMS:
                _google_params(body, params)
            elif section in ("returns", "return") and not returns:
                returns = _join([line for _, line in body])
            continue
        i += 1
    summary, long = _split_intro(lines[:intro_end])
    return Docstring(summary, long, params, "google", returns)


def _google_params(body: list[tuple[int, str]], params: dict[str, ParamDoc]) -> None:
    entry_indent = min((_indent(line) for _, line in body if line.strip()), default=0)
    current: str | None = None
    chunk: list[str] = []
    start = 0

    def flush() -> None:
        if current is not None:
            params[current] = ParamDoc(_join(chunk), start, kind)

    kind = ""
    for number, line in body:
        if line.strip() and _indent(line) == entry_indent:
            match = _GOOGLE_PARAM.match(line.strip())
            if match:
                flush()
                current, chunk, start = match.group(1).lstrip("*"), [match.group(3)], number
                kind = (match.group(2) or "").strip()
                continue
        chunk.append(line)
    flush()


def parse_numpy(text: str) -> Docstring:
    """NumPy style: a ``Parameters`` header underlined with dashes, ``x : int`` then indented text."""
    lines = split_lines(text)
    params: dict[str, ParamDoc] = {}
    returns = returns_type = ""
    intro_end = len(lines)
    i = 0
    while i < len(lines) - 1:
        if lines[i].strip() and _NUMPY_UNDERLINE.match(lines[i + 1]):
            intro_end = min(intro_end, i)
            section = lines[i].strip().lower()
            i += 2
            body: list[tuple[int, str]] = []
            while i < len(lines) and not (
                lines[i].strip() and i + 1 < len(lines) and _NUMPY_UNDERLINE.match(lines[i + 1])
            ):
                body.append((i, lines[i]))
                i += 1
            if section in _NUMPY_PARAMS:
                _numpy_params(body, params)
            elif section == "returns" and not returns_type:
                filled = [line for _, line in body if line.strip()]
                if filled:
                    base = min(_indent(line) for line in filled)
                    head = [line for line in filled if _indent(line) == base][:1]
                    returns_type = head[0].strip() if head else ""
                    returns = _join([line for line in filled[1:] if _indent(line) > base])
            continue
        i += 1
    summary, long = _split_intro(lines[:intro_end])
    return Docstring(summary, long, params, "numpy", returns, returns_type)


def _numpy_params(body: list[tuple[int, str]], params: dict[str, ParamDoc]) -> None:
    base = min((_indent(line) for _, line in body if line.strip()), default=0)
    names: list[str] = []
    chunk: list[str] = []
    start = 0

    def flush() -> None:
        for name in names:
            params[name] = ParamDoc(_join(chunk), start)

    for number, line in body:
        if line.strip() and _indent(line) == base:
            match = _NUMPY_PARAM.match(line.strip())
            if match:
                flush()
                names = [n.strip().lstrip("*") for n in match.group(1).split(",")]
                chunk, start = [], number
                continue
        chunk.append(line)
    flush()


def parse_rest(text: str) -> Docstring:
    """reST / Sphinx style: ``:param x: ...``, ``:param int x: ...``, ``:type x: ...``."""
    lines = split_lines(text)
    params: dict[str, ParamDoc] = {}
    returns = returns_type = ""
    intro_end = len(lines)
    current: str | None = None
    chunk: list[str] = []
    start = 0

    def flush() -> None:
        if current is not None:
            params[current] = ParamDoc(_join(chunk), start)

    for number, line in enumerate(lines):
        match = _REST_FIELD.match(line.strip())
        if match:
            intro_end = min(intro_end, number)
            flush()
            current = None
            kind, arg, rest = match.groups()
            words = (arg or "").split()
            if kind in ("param", "parameter", "arg", "argument", "key", "keyword") and words:
                current = words[-1].lstrip("*")
                chunk, start = [rest], number
            elif kind in ("returns", "return") and not returns:
                returns = rest.strip()
            elif kind == "rtype" and not returns_type:
                returns_type = rest.strip()
            continue
        if current is not None:
            if line.strip() and _indent(line) == 0:
                flush()
                current = None
            else:
                chunk.append(line)
    flush()
    summary, long = _split_intro(lines[:intro_end])
    return Docstring(summary, long, params, "rest", returns, returns_type)
