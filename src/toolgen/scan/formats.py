"""Folding's text operations (``%``, ``str.format``, f-string fields, ``join``), each refused
before it is done when its result would pass the limit on a folded value."""

from __future__ import annotations

import re
import string
from typing import Any, Final

from toolgen.scan.bounds import percent_bound, spec_bound, text_bound

MAX_TEXT: Final = 100_000
"""The largest value a fold may make: its size (one for each value in it, plus its strings'
characters beyond the first) is at most this. ``"=" * 10**12`` is refused, not attempted."""
_SPEC_WIDTH: Final = re.compile(r"\d{4,}")
_STR_METHODS: Final = frozenset({"upper", "lower", "strip", "title", "capitalize"})


class CannotFold(Exception):
    """An expression has no value known without running the code; ``why`` says what stopped it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def too_large() -> CannotFold:
    return CannotFold(f"the result would be larger than {MAX_TEXT:,} characters and items")


def limited(bound: int | None) -> None:
    """Refuse what a bound says would pass the limit (``None``: no bound, nothing to refuse)."""
    if bound is not None and bound > MAX_TEXT:
        raise too_large()


def percent(text: str, args: Any) -> str:
    """``text % args``: sized first, and refused with a width of 1000 or more or a ``*``."""
    if "*" in text or _SPEC_WIDTH.search(text):
        raise CannotFold("a %-format with '*' or a width of 1000 or more")
    limited(percent_bound(text, args, MAX_TEXT))
    try:
        return checked(text % args)
    except (TypeError, ValueError, KeyError, OverflowError) as exc:
        raise CannotFold(f"the %-format fails: {exc}") from None


def str_format(text: str, args: list[Any], kwargs: dict[str, Any]) -> str:
    """``str.format`` over plain values, refusing what could reach past them (``{0.__class__}``,
    ``{0[x]}``) or make a huge string (a width of 1000 or more, or a result past the limit)."""
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise CannotFold(f"the format string is not valid: {exc}") from None
    total = 0
    auto = 0
    for literal, field, spec, conversion in fields:
        total += len(literal)
        if field is None:
            continue
        if "." in field or "[" in field:
            raise CannotFold(f"the format field '{{{field}}}' reaches into an attribute or item")
        if spec and ("{" in spec or _SPEC_WIDTH.search(spec)):
            raise CannotFold("a format spec with a nested field or a width of 1000 or more")
        if field == "":
            field, auto = str(auto), auto + 1
        value = (
            (args[int(field)] if int(field) < len(args) else None)
            if field.isdigit()
            else kwargs.get(field)
        )
        total += field_bound(value, conversion or "", spec or "")
        limited(total)
    try:
        return checked(text.format(*args, **kwargs))
    except (IndexError, KeyError, ValueError, TypeError, OverflowError) as exc:
        raise CannotFold(f"str.format fails: {exc!r}") from None


def field_bound(value: Any, conversion: str, spec: str) -> int:
    """An upper bound of one replacement field's text (``{value!conversion:spec}``)."""
    length = text_bound(value, conversion, MAX_TEXT) if conversion else None
    bound = spec_bound(value, spec, MAX_TEXT, length)
    if bound is None:
        raise CannotFold(f"the format spec '{spec}' is not one toolgen reads")
    return bound


def format_field(value: Any, conversion: str, spec: Any, room: int) -> str:
    """One f-string field, refused before it is made when it would not fit in ``room``."""
    if not isinstance(spec, str) or _SPEC_WIDTH.search(spec):
        raise CannotFold("a format spec with a width of 1000 or more")
    if not isinstance(value, (str, int, float, bool, type(None), list, dict)):
        raise CannotFold(f"formats {type(value).__name__}")
    if field_bound(value, conversion, spec) > room:
        raise too_large()
    try:
        if conversion == "r":
            value = repr(value)
        elif conversion == "a":
            value = ascii(value)
        elif conversion == "s":
            value = str(value)
        return format(value, spec)
    except (ValueError, TypeError, OverflowError) as exc:
        raise CannotFold(f"the format spec '{spec}' fails: {exc}") from None


def str_method(text: str, method: str, args: list[Any], kwargs: dict[str, Any]) -> str:
    """``text.method(*args, **kwargs)`` for the methods that fold, sized before it is made."""
    if method == "format":
        return str_format(text, args, kwargs)
    if method == "join" and len(args) == 1 and not kwargs:
        return join(text, args[0])
    if method in _STR_METHODS and not args and not kwargs:
        # At most three characters for one ("ß".upper() is "SS") of a string within the limit:
        # bounded before it is made, and then measured.
        return checked(getattr(text, method)())
    raise CannotFold(f"calls str.{method}()")


def join(separator: str, items: Any) -> str:
    """``separator.join(items)`` of a list of strings, its length known before it is made."""
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise CannotFold("joins something that is not a list of strings")
    limited(len(separator) * max(len(items) - 1, 0) + sum(map(len, items)))
    return separator.join(items)


def checked(text: str) -> str:
    """A string made by an operation whose bound allowed it: still at most the limit."""
    if len(text) > MAX_TEXT:
        raise too_large()
    return text
