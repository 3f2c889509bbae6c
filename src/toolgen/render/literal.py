"""JSON data → Python literal source in exactly the layout black gives it.

Running black over megabytes of generated literals took 25× the parse (issue 6), so
the emitter writes black's style itself: a collection goes on one line when it fits,
else one item per line with a trailing comma (black's magic trailing comma keeps that
stable). Line widths are measured as black measures them (wide characters count as
two). Tests run black over the output to prove it is a fixed point.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from toolgen.grammar import SHORT_ESCAPES as _ESCAPES
from toolgen.visible import escape_char, is_shown


def str_width(text: str) -> int:
    """Display width as black measures it: an East Asian wide or fullwidth character counts
    twice, every other character once."""
    if text.isascii():
        return len(text)
    return sum(map(_char_width, text))


@functools.lru_cache(maxsize=4096)
def _char_width(char: str) -> int:
    """Black's width of a character toolgen writes as it is (every other one is written as an
    ASCII escape). Black's table is made from wcwidth's: two columns for Unicode's East Asian
    Width ``W`` and ``F``, but one for a mark (which wcwidth counts as none, and black as one;
    U+302E and U+302F, spacing marks in Python's older data, are combining ones in newer); so is this, from the standard library's data, and a test holds the two equal on
    every such character. Those are all of Unicode 3.2, whose widths later versions keep, but
    for :data:`_WIDE_SINCE_16`."""
    if char in _WIDE_SINCE_16:
        return 2
    if unicodedata.east_asian_width(char) not in ("W", "F"):
        return 1
    return 1 if unicodedata.category(char).startswith("M") else 2  # Mc: U+302E, U+302F


_WIDE_SINCE_16 = frozenset(map(chr, range(0x2630, 0x2638)))
"""The eight trigrams (U+2630..U+2637), wide since Unicode 16.0 (Python 3.14's data; black's
table has them wide): on an older Python they are as wide, so that every Python writes the same
layout."""


_PLAIN = re.compile(r"[ -!#-&(-\[\]-~]*")  # printable ASCII without quotes and backslash


@functools.lru_cache(maxsize=65536)
def string(value: str) -> str:
    """A string literal with black's choice of quotes: double, unless single needs fewer escapes.

    A character outside the fixed table of :mod:`toolgen.visible` is written as its escape
    (``\\u202e``): the literal reads as its value, and is the same on every Python."""
    if _PLAIN.fullmatch(value):
        return f'"{value}"'
    quote = "'" if value.count('"') > value.count("'") else '"'
    out = []
    for char in value:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char == quote:
            out.append("\\" + char)
        elif is_shown(char):
            out.append(char)
        else:  # a character that is invisible, reorders the line or is newer than the table
            out.append(escape_char(char))
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


@functools.lru_cache(maxsize=65536)
def _piece(value: str) -> tuple[str, int]:
    """A string's literal and its width (a key, a description: met again and again)."""
    text = string(value)
    return text, str_width(text)


def _fit(value: Any, limit: int, known: Flat) -> tuple[str, int] | None:
    """``value``'s one-line text and width, or ``None`` as soon as the width is known to
    exceed ``limit``. Every collection inside that was laid out whole is recorded in ``known``
    (by identity, kept with the value): when ``value`` does not fit and is split, its items
    are not measured again.

    The dict's and the list's loops each measure an item inline, alike on purpose: this is the
    hottest loop of a build, and one helper for the item step (tried) cost 13% more
    instructions in the emitter (~3% of building the forms)."""
    if isinstance(value, dict):
        if not value:
            return "{}", 2
        parts = []
        width = 0  # the items and their separators; "{" and "}" count at the end
        for key, item in value.items():
            text, size = _piece(key)
            width += size + 4  # ": " and ", " (or the braces, for the last)
            if width > limit:
                return None
            if type(item) is str:
                item_text, item_size = _piece(item)
            elif isinstance(item, (dict, list)):
                made = _item(item, limit - width, known) if item else _empty(item)
                if made is None:
                    return None
                item_text, item_size = made
            else:
                item_text = scalar(item)  # a number, a boolean or None: ASCII
                item_size = len(item_text)
            width += item_size
            if width > limit:
                return None
            parts.append(f"{text}: {item_text}")
        return "{" + ", ".join(parts) + "}", width
    if isinstance(value, list):
        if not value:
            return "[]", 2
        parts = []
        width = 0
        for item in value:
            width += 2
            if type(item) is str:
                item_text, item_size = _piece(item)
            elif isinstance(item, (dict, list)):
                made = _item(item, limit - width, known) if item else _empty(item)
                if made is None:
                    return None
                item_text, item_size = made
            else:
                item_text = scalar(item)
                item_size = len(item_text)
            width += item_size
            if width > limit:
                return None
            parts.append(item_text)
        return "[" + ", ".join(parts) + "]", width
    text = scalar(value)
    return text, str_width(text)


def _empty(value: dict[str, Any] | list[Any]) -> tuple[str, int]:
    return ("{}", 2) if isinstance(value, dict) else ("[]", 2)


def _item(value: dict[str, Any] | list[Any], limit: int, known: Flat) -> tuple[str, int] | None:
    """:func:`_fit` of a collection, looked up if it was laid out already."""
    found = known.get(id(value))
    if found is not None and found[0] is value:
        return None if found[2] > limit else (found[1], found[2])
    made = _fit(value, limit, known)
    if made is not None:
        known[id(value)] = (value, made[0], made[1])
    return made


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{string(k)}: {_flat(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    return scalar(value)


class _Emitter:
    """Writes one value in black's layout.

    Whether a node fits on its line is decided by a width that stops counting past the
    line; the text of every collection found to fit is kept, so a node that is split does
    not measure its items again: the cost is linear in the output, even for a dict of ten
    thousand entries that could never fit.
    """

    __slots__ = ("bodies", "known", "line_length", "out")

    def __init__(self, line_length: int, memo: Layouts | None = None) -> None:
        self.line_length = line_length
        self.out: list[str] = []
        memo = memo if memo is not None else Layouts()
        self.known = memo.flat
        self.bodies = memo.bodies

    def emit(self, value: Any, indent: int, prefix: str, suffix: str) -> None:
        if not (isinstance(value, (dict, list)) and value):  # an atom is never split
            self.out.append(f"{' ' * indent}{prefix}{_flat(value)}{suffix}")
            return
        room = self.line_length - indent - str_width(prefix) - len(suffix)
        made = _item(value, room, self.known)
        if made is not None:
            self.out.append(f"{' ' * indent}{prefix}{made[0]}{suffix}")
        else:
            self.split(value, indent, prefix, suffix)

    def split(
        self, value: dict[str, Any] | list[Any], indent: int, prefix: str, suffix: str
    ) -> None:
        """``value`` one item per line (it does not fit on one). An item that fits on its line
        is written here; one that does not is split in turn."""
        pad = " " * indent
        out = self.out
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        out.append(f"{pad}{prefix}{opening}")
        # The lines between the brackets depend on the value and the indent only: a subtree
        # two forms share at the same depth (the IR's parameters, Anthropic's and MCP's input
        # schemas) is laid out once.
        found = self.bodies.get((id(value), indent))
        if found is not None and found[0] is value:
            out.extend(found[1])
        else:
            start = len(out)
            self._items(value, indent)
            self.bodies[(id(value), indent)] = (value, out[start:])
        out.append(f"{pad}{closing}{suffix}")

    def _items(self, value: dict[str, Any] | list[Any], indent: int) -> None:
        inner = " " * (indent + 4)
        out = self.out
        known = self.known
        room = self.line_length - indent - 5  # an item's line: the indent, and its comma
        # A string item is written directly: it is one line whatever its width (the case of
        # the name maps, ten thousand entries each on a large target).
        if isinstance(value, dict):
            for key, item in value.items():
                text, size = _piece(key)
                if type(item) is str:
                    out.append(f"{inner}{text}: {_piece(item)[0]},")
                elif not (isinstance(item, (dict, list)) and item):
                    out.append(f"{inner}{text}: {_flat(item)},")
                else:
                    made = _item(item, room - size - 2, known)
                    if made is not None:
                        out.append(f"{inner}{text}: {made[0]},")
                    else:
                        self.split(item, indent + 4, f"{text}: ", ",")
        else:
            for item in value:
                if type(item) is str:
                    out.append(f"{inner}{_piece(item)[0]},")
                elif not (isinstance(item, (dict, list)) and item):
                    out.append(f"{inner}{_flat(item)},")
                else:
                    made = _item(item, room, known)
                    if made is not None:
                        out.append(f"{inner}{made[0]},")
                    else:
                        self.split(item, indent + 4, "", ",")


Flat = dict[int, tuple[Any, str, int]]
"""One-line texts and widths of collections, by identity, each kept with its collection."""


class Layouts:
    """What the forms of one tool lay out once, by identity (each entry kept with its value, so
    that its id stays its own): collections' one-line texts and widths, and the lines inside
    the brackets of collections split at a given indent."""

    __slots__ = ("bodies", "flat")

    def __init__(self) -> None:
        self.flat: Flat = {}
        self.bodies: dict[tuple[int, int], tuple[Any, list[str]]] = {}


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


def list_item(value: Any, line_length: int = 88, memo: Layouts | None = None) -> str:
    """One element of a top-level list, as black lays it out there (indented 4, trailing comma).

    ``memo``, shared by the forms of one tool, lays out each subtree they share once."""
    emitter = _Emitter(line_length, memo)
    emitter.emit(value, 4, "", ",")
    return "\n".join(emitter.out)


def dict_entry(key: str, value: Any, line_length: int = 88, memo: Layouts | None = None) -> str:
    """One entry of a top-level dict split one entry per line, as black lays it out there
    (indented 4, trailing comma): the lines :func:`assignment` writes for it between the
    braces, so that a name map can be made of entries printed one tool at a time."""
    if type(value) is str:  # one line, whatever its width (as :meth:`_Emitter._items` writes it)
        return f"    {string(key)}: {string(value)},"
    emitter = _Emitter(line_length, memo)
    emitter._items({key: value}, 0)
    return "\n".join(emitter.out)
