"""JSON data → Python literal source in exactly the layout black gives it.

Running black over megabytes of generated literals took 25× the parse (issue 6), so
the emitter writes black's style itself: a collection goes on one line when it fits,
else one item per line with a trailing comma (black's magic trailing comma keeps that
stable). Line widths count East Asian wide characters as two, as black does. Tests run
black over the output to prove it is a fixed point.
"""

from __future__ import annotations

import unicodedata
from typing import Any

_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def str_width(text: str) -> int:
    """Display width as black measures it (wide and full-width characters count twice)."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else
               0 if unicodedata.combining(c) else 1 for c in text)


def string(value: str) -> str:
    """A string literal with black's choice of quotes: double, unless single needs fewer escapes."""
    quote = "'" if value.count('"') > value.count("'") else '"'
    out = []
    for char in value:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char == quote:
            out.append("\\" + char)
        elif ord(char) < 32 or ord(char) == 127 or char in "\u2028\u2029\x85" or \
                unicodedata.category(char) in ("Cs", "Co", "Cn", "Zl", "Zp", "Cc"):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
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


def one_line(value: Any) -> str:
    """The value on a single line, without trailing commas."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{string(k)}: {one_line(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(one_line(v) for v in value) + "]"
    return scalar(value)


def emit(value: Any, indent: int, prefix: str, suffix: str, line_length: int, out: list[str]) -> None:
    """Append the lines of ``prefix + value + suffix`` at ``indent`` spaces to ``out``."""
    pad = " " * indent
    flat = one_line(value)
    line = f"{pad}{prefix}{flat}{suffix}"
    if not (isinstance(value, (dict, list)) and value) or str_width(line) <= line_length:
        out.append(line)
        return
    if isinstance(value, dict):
        out.append(f"{pad}{prefix}{{")
        for key, item in value.items():
            emit(item, indent + 4, f"{string(key)}: ", ",", line_length, out)
        out.append(f"{pad}}}{suffix}")
    else:
        out.append(f"{pad}{prefix}[")
        for item in value:
            emit(item, indent + 4, "", ",", line_length, out)
        out.append(f"{pad}]{suffix}")


def assignment(name: str, annotation: str, value: Any, line_length: int = 88) -> str:
    """``NAME: annotation = <literal>`` as black formats it, ending in a newline."""
    head = f"{name}: {annotation} = " if annotation else f"{name} = "
    flat = one_line(value)
    if annotation and not isinstance(value, (dict, list)) and str_width(head + flat) > line_length:
        # black wraps a too-long atom on the right of an annotated "=" in parentheses (always:
        # even when it still does not fit); a plain assignment it leaves alone.
        return f"{head}(\n    {flat}\n)\n"
    out: list[str] = []
    emit(value, 0, head, "", line_length, out)
    return "\n".join(out) + "\n"
