"""JSON data → Python literal source in exactly the layout black gives it.

Running black over megabytes of generated literals took 25× the parse (issue 6), so
the emitter writes black's style itself: a collection goes on one line when it fits,
else one item per line with a trailing comma (black's magic trailing comma keeps that
stable). Line widths are measured with black's own width table (wide characters count as
two). Tests run black over the output to prove it is a fixed point.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def str_width(text: str) -> int:
    """Display width as black measures it: a character listed in black's width table counts
    as its width there (wide ones twice), every other character once."""
    if text.isascii():
        return len(text)
    return sum(map(_char_width, text))


@functools.lru_cache(maxsize=4096)
def _char_width(char: str) -> int:
    found = _width_table()
    if found is None:
        return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    starts, table = found
    index = bisect.bisect_right(starts, ord(char)) - 1
    if index >= 0:
        start, end, width = table[index]
        if start <= ord(char) <= end:
            return max(width, 0)
    return 1


@functools.cache
def _width_table() -> tuple[list[int], list[tuple[int, int, int]]] | None:
    """The width table of the installed black (``black/_width_table.py``), read as data: black
    measures lines with it, and its Unicode version is newer than this Python's. Importing
    black would cost ~90 ms; finding its folder and parsing one literal costs ~1 ms. ``None``
    when it cannot be read (Python's East Asian Width data stands in then)."""
    import ast
    import importlib.util

    try:
        spec = importlib.util.find_spec("black")  # finds the package without running it
        folders = list(spec.submodule_search_locations or []) if spec is not None else []
        if not folders:
            return None
        tree = ast.parse(Path(folders[0], "_width_table.py").read_text(encoding="utf-8"))
        for node in tree.body:
            target: ast.expr
            if isinstance(node, ast.AnnAssign) and node.value is not None:
                target, value = node.target, node.value
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            else:
                continue
            if isinstance(target, ast.Name) and target.id == "WIDTH_TABLE":
                table = sorted((int(a), int(b), int(w)) for a, b, w in ast.literal_eval(value))
                return [row[0] for row in table], table
    except (OSError, SyntaxError, ValueError, TypeError, ImportError):
        pass
    return None


_PLAIN = re.compile(r"[ -!#-&(-\[\]-~]*")  # printable ASCII without quotes and backslash


@functools.lru_cache(maxsize=65536)
def string(value: str) -> str:
    """A string literal with black's choice of quotes: double, unless single needs fewer escapes."""
    if _PLAIN.fullmatch(value):
        return f'"{value}"'
    quote = "'" if value.count('"') > value.count("'") else '"'
    out = []
    for char in value:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char == quote:
            out.append("\\" + char)
        elif " " <= char <= "~":
            out.append(char)
        elif (
            ord(char) < 32
            or ord(char) == 127
            or char in "\u2028\u2029\x85"
            or unicodedata.category(char) in ("Cs", "Co", "Cn", "Zl", "Zp", "Cc")
        ):
            code = ord(char)
            out.append(
                f"\\x{code:02x}"
                if code < 256
                else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
            )
        else:
            out.append(char)
    return quote + "".join(out) + quote


def scalar(value: Any) -> str:
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    if isinstance(value, str):
        return string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        if text in ("inf", "-inf", "nan"):
            raise ValueError(f"{text} is not JSON")
        return text.replace("e+", "e")  # black writes exponents without "+"
    raise TypeError(f"cannot emit {type(value).__name__} as a literal")


def _width(value: Any, limit: int) -> int:
    """The one-line width of ``value``, or ``limit + 1`` as soon as it is known to exceed ``limit``."""
    if isinstance(value, dict):
        width = 2
        for index, (key, item) in enumerate(value.items()):
            width += (2 if index else 0) + str_width(string(key)) + 2
            if width > limit:
                return limit + 1
            width += _width(item, limit - width)
            if width > limit:
                return limit + 1
        return width
    if isinstance(value, list):
        width = 2
        for index, item in enumerate(value):
            width += 2 if index else 0
            width += _width(item, limit - width)
            if width > limit:
                return limit + 1
        return width
    return str_width(scalar(value))


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{string(k)}: {_flat(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    return scalar(value)


class _Emitter:
    """Writes one value in black's layout.

    Whether a node fits on its line is decided by a width that stops counting past the
    line, and only nodes that fit are joined into text: the cost is linear in the output,
    even for a dict of ten thousand entries that could never fit.
    """

    __slots__ = ("flat", "line_length", "out")

    def __init__(self, line_length: int, flat: Flat | None = None) -> None:
        self.line_length = line_length
        self.out: list[str] = []
        self.flat = flat

    def emit(self, value: Any, indent: int, prefix: str, suffix: str) -> None:
        if not (isinstance(value, (dict, list)) and value):  # an atom is never split
            self.out.append(f"{' ' * indent}{prefix}{_flat(value)}{suffix}")
            return
        room = self.line_length - indent - str_width(prefix) - len(suffix)
        if isinstance(value, list) and all(type(item) is str for item in value):
            # A list of strings (``required``, an ``enum``, a name map's value): each item's
            # text is made once, for the width and the output both.
            items = [string(item) for item in value]
            flat = "[" + ", ".join(items) + "]"
            if str_width(flat) <= room:
                self.out.append(f"{' ' * indent}{prefix}{flat}{suffix}")
            else:
                self.out.append(f"{' ' * indent}{prefix}[")
                self.out.extend(f"{' ' * (indent + 4)}{item}," for item in items)
                self.out.append(f"{' ' * indent}]{suffix}")
            return
        memo = self.flat
        if memo is not None:
            # One tool's forms share the subtrees their adapters left unchanged: each one's
            # one-line text is made once (kept with the value, so its identity stays its own).
            known = memo.get(id(value))
            if known is not None and known[0] is value:
                if str_width(known[1]) <= room:
                    self.out.append(f"{' ' * indent}{prefix}{known[1]}{suffix}")
                    return
            elif _width(value, room) <= room:
                text = _flat(value)
                memo[id(value)] = (value, text)
                self.out.append(f"{' ' * indent}{prefix}{text}{suffix}")
                return
        elif _width(value, room) <= room:
            self.out.append(f"{' ' * indent}{prefix}{_flat(value)}{suffix}")
            return
        pad = " " * indent
        inner = pad + "    "
        out = self.out
        # A string item is written directly: it is one line whatever its width (the case of
        # the name maps, ten thousand entries each on a large target).
        if isinstance(value, dict):
            out.append(f"{pad}{prefix}{{")
            for key, item in value.items():
                if isinstance(item, str):
                    out.append(f"{inner}{string(key)}: {string(item)},")
                else:
                    self.emit(item, indent + 4, f"{string(key)}: ", ",")
            out.append(f"{pad}}}{suffix}")
        else:
            out.append(f"{pad}{prefix}[")
            for item in value:
                if isinstance(item, str):
                    out.append(f"{inner}{string(item)},")
                else:
                    self.emit(item, indent + 4, "", ",")
            out.append(f"{pad}]{suffix}")


Flat = dict[int, tuple[Any, str]]
"""One-line texts of collections, by identity, each kept with its collection."""


def one_line(value: Any) -> str:
    """The value on a single line, without trailing commas."""
    return _flat(value)


def assignment(name: str, annotation: str, value: Any, line_length: int = 88) -> str:
    """``NAME: annotation = <literal>`` as black formats it, ending in a newline."""
    head = f"{name}: {annotation} = " if annotation else f"{name} = "
    if not isinstance(value, (dict, list)) and str_width(head + scalar(value)) > line_length:
        # black wraps a too-long atom on the right of "=" in parentheses: after an annotation
        # always (even when it still does not fit), after a plain name only when it then fits.
        atom = scalar(value)
        if annotation or 4 + str_width(atom) <= line_length:
            return f"{head}(\n    {atom}\n)\n"
    emitter = _Emitter(line_length)
    emitter.emit(value, 0, head, "")
    return "\n".join(emitter.out) + "\n"


def list_item(value: Any, line_length: int = 88, flat: Flat | None = None) -> str:
    """One element of a top-level list, as black lays it out there (indented 4, trailing comma).

    ``flat``, shared by the forms of one tool, makes the one-line text of each subtree they
    share once."""
    emitter = _Emitter(line_length, flat)
    emitter.emit(value, 4, "", ",")
    return "\n".join(emitter.out)
