"""The literal grammar of a generated module: the one place its tokens are spelled.

The emitter (:mod:`toolgen.render.literal`) writes only these tokens, the proof that the output
is data (:mod:`toolgen.emit.prove`) accepts only these, and the diff's reader
(:mod:`toolgen.diff.load`) translates these to JSON (anything else it reads the slow way). The
patterns are ``str`` and ASCII: the proof compiles them as bytes (``pattern.encode()``).
"""

from __future__ import annotations

import re
from typing import Final

CONSTANT_NAME: Final = r"__all__|[A-Z][A-Z0-9_]*"
"""A constant's name: upper case, so that no assignment rebinds a builtin, a name imported
from typing, or a module attribute Python gives a meaning to (``__path__``, ``__getattr__``)."""

ANNOTATION: Final = r"[A-Za-z_][A-Za-z0-9_\[\], ]*"
"""The characters of a constant's annotation (the proof reads which names it uses)."""

HEAD: Final = rf"({CONSTANT_NAME})(?:: ({ANNOTATION}))? = (.*)"
"""A constant's first line: its name, its annotation if any, and the start of its value."""

SHORT_ESCAPES: Final = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
"""The characters written as a two-character escape; the string's own quote is written as
``\\"`` or ``\\'``, and every other character not written as it is as its code
(:func:`code_escape`)."""


def code_escape(code: int) -> str:
    """The escape of the character ``code``: ``\\x1b``, ``\\u202e``, ``\\U000e0041``."""
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


ESCAPE: Final = (
    r"\\(?:["
    + re.escape("".join(e[1] for e in SHORT_ESCAPES.values()) + "'\"")
    + r"]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})"
)
"""Every escape the emitter writes: :data:`SHORT_ESCAPES`, the quotes, :func:`code_escape`'s."""

_PLAIN = r"""[^{quote}\\\x00-\x1f\x7f]*"""
"""A run of characters written as they are: neither the string's quote, a backslash, nor a
control character."""

STRING: Final = "|".join(
    f"{q}(?!{q}{q}){_PLAIN.format(quote=q)}(?:{ESCAPE}{_PLAIN.format(quote=q)})*{q}"
    for q in ('"', "'")
)
"""A string: no prefix, not triple-quoted (at ``\"\"\"`` no string starts: the empty string
``""`` followed by a quote is not read as two strings), no raw control character, and only the
escapes of :data:`ESCAPE`, none spanning a line.

Written as runs of plain characters between escapes (``plain* (escape plain*)*``, the language
of ``(char | escape)*``): each run is one quick loop of the regular-expression engine instead of
a branch per character, which made reading a line's strings 3-5x slower. An escape starts with
the backslash no run holds, so a text splits into runs and escapes one way only: no
backtracking to try."""

NUMBER: Final = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
"""An int or a float as ``str``/``repr`` write it (an exponent's ``+`` dropped, as black drops
it); never ``inf`` or ``nan``, which JSON has not."""

KEYWORDS: Final = {"True": "true", "False": "false", "None": "null"}
"""The keyword literals, each with its JSON spelling."""

PUNCTUATION: Final = "[]{}(),: "
"""What stands between the tokens: brackets (parentheses around one long value, as black
writes it), commas, the colon after a key, and spaces."""

ITEM_INDENT: Final = 4
"""The indent of a top-level list's items."""
