"""JSON data → Python literal source in exactly the layout black gives it.

Running black over megabytes of generated literals took 25× the parse (issue 6), so
the emitter writes black's style itself: a collection goes on one line when it fits,
else one item per line with a trailing comma (black's magic trailing comma keeps that
stable). Line widths count East Asian wide characters as two, as black does. Tests run
black over the output to prove it is a fixed point.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def str_width(text: str) -> int:
    """Display width as black measures it (wide and full-width characters count twice)."""
    if text.isascii():
        return len(text)
    return sum(
        2 if unicodedata.east_asian_width(c) in ("W", "F") else 0 if unicodedata.combining(c) else 1
        for c in text
    )


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

    __slots__ = ("line_length", "out")

    def __init__(self, line_length: int) -> None:
        self.line_length = line_length
        self.out: list[str] = []

    def emit(self, value: Any, indent: int, prefix: str, suffix: str) -> None:
        if not (isinstance(value, (dict, list)) and value):  # an atom is never split
            self.out.append(f"{' ' * indent}{prefix}{_flat(value)}{suffix}")
            return
        room = self.line_length - indent - str_width(prefix) - len(suffix)
        if _width(value, room) <= room:
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


def one_line(value: Any) -> str:
    """The value on a single line, without trailing commas."""
    return _flat(value)


def assignment(name: str, annotation: str, value: Any, line_length: int = 88) -> str:
    """``NAME: annotation = <literal>`` as black formats it, ending in a newline."""
    head = f"{name}: {annotation} = " if annotation else f"{name} = "
    if (
        annotation
        and not isinstance(value, (dict, list))
        and str_width(head + scalar(value)) > line_length
    ):
        # black wraps a too-long atom on the right of an annotated "=" in parentheses (always:
        # even when it still does not fit); a plain assignment it leaves alone.
        return f"{head}(\n    {scalar(value)}\n)\n"
    emitter = _Emitter(line_length)
    emitter.emit(value, 0, head, "")
    return "\n".join(emitter.out) + "\n"


def list_item(value: Any, line_length: int = 88) -> str:
    """One element of a top-level list, as black lays it out there (indented 4, trailing comma)."""
    emitter = _Emitter(line_length)
    emitter.emit(value, 4, "", ",")
    return "\n".join(emitter.out)
