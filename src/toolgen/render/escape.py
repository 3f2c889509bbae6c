"""Text from outside toolgen (file names, the output's name) made safe for the one place in the
generated module it is printed in: a ``#`` comment line, or the module docstring.

Python's tokenizer ends a line at ``\\n``, ``\\r`` and ``\\r\\n``; ``str.splitlines`` (and so
editors and diff tools) also at ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``, ``\\x85``, ``\\u2028``
and ``\\u2029``. Each of these, every other character outside the fixed table of
:mod:`toolgen.visible` (controls; format characters, such as the bidirectional overrides that
make text read other than it parses; invisible ones; surrogates, as a file name that is not
UTF-8 has; characters Unicode 3.2 did not have; separators other than the space) and the
backslash are written as Python's visible escapes (``\\n``, ``\\x0b``, ``\\u2028``,
``\\udcff``, ``\\\\``): the text stays on its one line, reads unambiguously, and is the same
whichever Python writes it.
"""

from __future__ import annotations

from toolgen.visible import escape_char as _escape
from toolgen.visible import is_shown


def comment_text(text: str) -> str:
    """``text`` for the rest of a ``#`` comment line: nothing in it can end the line."""
    if text.isascii() and text.isprintable() and "\\" not in text:
        return text
    return "".join(c if is_shown(c) and c != "\\" else _escape(c) for c in text)


def docstring_text(text: str) -> str:
    """``text`` for inside the module's ``\"\"\"`` docstring: escaped as for a comment, and
    every ``"`` as ``\\"`` (so no ``\"\"\"`` can form, nor a quote run into the closing one).
    The escapes are Python's own, so the docstring's value holds ``text`` exactly, but for a
    surrogate (a file name that is not UTF-8): its escape is written with its backslash
    escaped, so the value holds the six characters ``\\udcff``. Python 3.13.0 cleans a
    docstring's indentation by way of UTF-8 when it compiles it, and a lone surrogate in the
    value made the module fail to import there."""
    if text.isascii() and text.isprintable() and "\\" not in text and '"' not in text:
        return text
    return "".join(
        (
            c
            if is_shown(c) and c not in '\\"'
            else '\\"' if c == '"' else "\\" + _escape(c) if _is_surrogate(c) else _escape(c)
        )
        for c in text
    )


def _is_surrogate(char: str) -> bool:
    return 0xD800 <= ord(char) <= 0xDFFF
