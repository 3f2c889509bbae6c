"""Which characters toolgen writes as they are, and the visible escape of every other one.

Text from outside (names, descriptions, defaults, file names) reaches the generated module that
people review, a pull-request comment and a terminal. A character that renders as nothing or
reorders the line (the bidirectional controls of "Trojan Source", zero-width spaces, variation
selectors, tags), a control a terminal obeys (ESC, CSI) or a line separator would make the text
read other than it is; so every character is escaped unless it is in the fixed table of
:mod:`toolgen._shown` (letters, marks, numbers, punctuation and symbols of Unicode 3.2, less the
invisible ones; the ASCII space). The table is data, never the running Python's Unicode
database: the same text is written the same on every Python (issue 24).
"""

from __future__ import annotations

import bisect
import functools

from toolgen._shown import SHOWN, UNICODE_VERSION
from toolgen.grammar import SHORT_ESCAPES, code_escape

__all__ = ["UNICODE_VERSION", "escape_char", "is_shown", "json_text", "terminal"]


@functools.cache
def _ranges() -> tuple[list[int], list[int]]:
    starts: list[int] = []
    ends: list[int] = []
    for pair in "".join(SHOWN).split():
        start, _, end = pair.partition("-")
        starts.append(int(start, 16))
        ends.append(int(end, 16))
    return starts, ends


def is_shown(char: str) -> bool:
    """Whether ``char`` is written as it is (else as its escape)."""
    code = ord(char)
    if 0x20 <= code < 0x7F:
        return True
    starts, ends = _ranges()
    index = bisect.bisect_right(starts, code) - 1
    return index >= 0 and code <= ends[index]


def escape_char(char: str) -> str:
    """Python's escape of ``char``: ``\\n``, ``\\x1b``, ``\\u202e``, ``\\U000e0041``."""
    named = SHORT_ESCAPES.get(char)
    return named if named is not None else code_escape(ord(char))


def terminal(text: str) -> str:
    """``text`` for a terminal line: every character that is not shown as its escape (a
    backslash stays as it is: the text is read, not parsed)."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if is_shown(c) else escape_char(c) for c in text)


def json_text(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``'s, which escapes the C0 controls
    only) with every other character that is not shown as its ``\\uXXXX`` escape (a pair of
    them past U+FFFF): the values load unchanged, and a terminal shows the text as it is.
    Outside its strings, JSON text is ASCII, so the escapes land inside strings only."""
    if text.isascii():
        return text
    return "".join(c if c.isascii() or is_shown(c) else _json_escape(c) for c in text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
