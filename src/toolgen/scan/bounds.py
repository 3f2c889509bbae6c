"""How large a folded value is, and how large a formatting would make it, before it is made.

A value's size is one for each value in it (a string, a number, a list, a dict, each item and
key) plus the characters of its strings beyond the first: ``"abc"`` is 3, ``["ab", 1]`` is 4.
The bounds here are upper bounds of what ``%``, ``str.format`` and f-string fields produce,
computed from their arguments without formatting them, so that a formatting past the limit
is refused instead of built (``"%(a)s" * 50000 % {"a": S}`` would be gigabytes).
"""

from __future__ import annotations

import re
from typing import Any, Final

_FLOAT_DIGITS: Final = 310
"""More digits than any finite float has before its point (``1e308`` has 309)."""
_SPEC: Final = re.compile(
    r"(?:.?[<>=^])?[-+ ]?z?#?0?(?P<width>[0-9]*)[,_]?(?:\.(?P<precision>[0-9]+))?"
    r"(?P<type>[bcdeEfFgGnosxX%]?)",
    re.DOTALL,
)
"""The format mini-language (``[[fill]align][sign][z][#][0][width][grouping][.precision][type]``);
each part is optional and consumed once, so matching takes time linear in the spec."""


def size_of(value: Any, limit: int, known: dict[int, int] | None = None) -> tuple[int, int]:
    """The size of ``value`` (or a number past ``limit`` as soon as it is known to be past it:
    the walk stops there, so a list holding one list a million times is not walked a million
    times), and the steps the walk took. ``known`` maps ``id()`` of containers whose size is
    known already to it."""
    total = steps = 0
    todo = [value]
    while todo:
        item = todo.pop()
        steps += 1
        if isinstance(item, str):
            total += max(len(item), 1)
        elif isinstance(item, (list, dict)):
            found = known.get(id(item)) if known is not None else None
            if found is not None:
                total += found
            elif isinstance(item, list):
                total += 1
                todo.extend(item)
            else:
                total += 1 + len(item)  # each key
                for key, inner in item.items():
                    total += max(len(key), 1) - 1 if isinstance(key, str) else 0
                    todo.append(inner)
        else:
            total += 1
        if total > limit:
            break
    return total, steps


def text_bound(value: Any, conversion: str, limit: int) -> int:
    """An upper bound of ``len(str(value))`` (``conversion`` ``"s"``), ``len(repr(value))``
    (``"r"``) or ``len(ascii(value))`` (``"a"``); past ``limit``, some number past it."""
    total = 0
    todo: list[tuple[Any, str]] = [(value, conversion)]
    while todo:
        item, how = todo.pop()
        if isinstance(item, str):
            # The input is at most the limit long: rendering one string is bounded.
            total += len(item) if how == "s" else len(repr(item) if how == "r" else ascii(item))
        elif isinstance(item, list):
            total += 2 + 2 * len(item)
            todo.extend((inner, "a" if how == "a" else "r") for inner in item)
        elif isinstance(item, dict):
            total += 2 + 4 * len(item)
            for key, inner in item.items():
                todo.append((key, "a" if how == "a" else "r"))
                todo.append((inner, "a" if how == "a" else "r"))
        elif isinstance(item, bool) or item is None:
            total += 5
        elif isinstance(item, int):
            total += digits(item) + 1
        else:  # a finite float: its shortest repr
            total += len(repr(item))
        if total > limit:
            return total
    return total


def digits(value: int) -> int:
    """An upper bound of the decimal digits of ``value`` (from its bits: no conversion)."""
    return abs(value).bit_length() * 30103 // 100000 + 1


def spec_bound(value: Any, spec: str, limit: int, length: int | None = None) -> int | None:
    """An upper bound of ``len(format(value, spec))`` (with ``length``: of a string that long);
    ``None`` when ``spec`` is not one this module reads (widths and precisions of 1000 or more
    are refused before)."""
    match = _SPEC.fullmatch(spec)
    if match is None:
        return None
    width = int(match["width"] or 0)
    precision = None if match["precision"] is None else int(match["precision"])
    kind = match["type"]
    if length is not None or (isinstance(value, str) and kind in ("", "s")):
        size = len(value) if length is None else length
        base = size if precision is None else min(size, precision)
    elif isinstance(value, (int, float)) and not (isinstance(value, bool) and kind == ""):
        base = _number_bound(value, kind, precision)
    else:
        base = text_bound(value, "s", limit)
    return max(width, base)


def _number_bound(value: float, kind: str, precision: int | None) -> int:
    if kind in ("b", "o", "x", "X", "c"):
        whole = abs(int(value)).bit_length() + 1
    elif isinstance(value, float) or kind in ("e", "E", "f", "F", "g", "G", "%"):
        whole = _FLOAT_DIGITS  # the value as a float (past a float's range: Python refuses)
    else:
        whole = digits(int(value))
    # the digits, each with a grouping separator, the decimals, sign, prefix, exponent, point
    return 2 * whole + (precision or 6) + 16


def percent_bound(text: str, args: Any, limit: int) -> int | None:
    """An upper bound of ``len(text % args)``; ``None`` when the format is one Python would
    refuse anyway (it is then left to Python to say why)."""
    total = 0
    index = 0
    position = 0
    mapping = isinstance(args, dict)
    items = args if isinstance(args, tuple) else (args,)
    while True:
        start = text.find("%", position)
        if start < 0:
            return total + len(text) - position
        total += start - position
        i = start + 1
        key = None
        if text.startswith("(", i):  # a mapping key: parentheses inside it nest
            depth, j = 1, i + 1
            while j < len(text) and depth:
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
            if depth:
                return None
            key, i = text[i + 1 : j - 1], j
        while i < len(text) and text[i] in "-+ #0":
            i += 1
        number = i
        while i < len(text) and text[i].isdigit():
            i += 1
        width = int(text[number:i] or 0)
        precision = None
        if text.startswith(".", i):
            number = i = i + 1
            while i < len(text) and text[i].isdigit():
                i += 1
            precision = int(text[number:i] or 0)
        while i < len(text) and text[i] in "hlL":
            i += 1
        if i >= len(text):
            return None
        kind = text[i]
        position = i + 1
        if kind == "%":
            total += max(width, 1)
            continue
        if key is not None:
            value = args.get(key) if mapping else None
        else:
            value = items[index] if index < len(items) else None
            index += 1
        total += max(width, _conversion_bound(value, kind, precision, limit))
        if total > limit:
            return total


def _conversion_bound(value: Any, kind: str, precision: int | None, limit: int) -> int:
    if kind in "sra":
        base = text_bound(value, kind, limit)
        return base if precision is None else min(base, precision)
    if kind == "c":
        return 1
    if isinstance(value, (int, float)):
        return _number_bound(value, kind if kind in "eEfFgGoxX" else "d", precision) + (
            precision or 0
        )
    return 0  # Python refuses it: nothing is made
