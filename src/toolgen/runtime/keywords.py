"""The checks of each JSON Schema keyword, as closures the validator composes, and their words."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, TypeAlias
from uuid import UUID

Path: TypeAlias = tuple["Path", Any, int] | None
"""Where a value is: ``(parent, key, position)``, a pointer only when an error needs it."""
Errors = list[tuple[Path, str]]
Check = Callable[[Any, Path, Errors], None]

_NUMBERS: Final = (int, float, Decimal, Fraction)
TYPE_WORDS: Final = {
    "null": "null",
    "boolean": "a boolean",
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "array": "an array",
    "object": "an object",
}
_DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)  # jsonschema's own
SHOWN: Final = 80


def is_number(value: Any) -> bool:
    return isinstance(value, _NUMBERS) and not isinstance(value, bool)


def is_integer(value: Any) -> bool:
    """JSON Schema's integer: any number with no fraction (1.0 is one), never a boolean."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, Decimal):
        return value.is_finite() and value == value.to_integral_value()
    return isinstance(value, Fraction) and value.denominator == 1


IS_TYPE: Final[dict[str, Callable[[Any], bool]]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": is_integer,
    "number": is_number,
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, (list, tuple)),
    "object": lambda v: isinstance(v, Mapping),
}


def _is_date(text: str) -> bool:
    try:
        return bool(_DATE.fullmatch(text)) and bool(date.fromisoformat(text))
    except ValueError:
        return False


def _is_uuid(text: str) -> bool:
    try:  # as jsonschema: what UUID() reads, with the dashes of the 8-4-4-4-12 form in place
        UUID(text)
    except ValueError:
        return False
    return all(text[i] == "-" for i in (8, 13, 18, 23))


_FORMATS: Final[dict[str, tuple[Callable[[str], bool], str]]] = {
    "date": (_is_date, "a date as YYYY-MM-DD"),
    "uuid": (_is_uuid, 'a UUID such as "123e4567-e89b-12d3-a456-426614174000"'),
}


def show(value: Any) -> str:
    """A value as JSON text, cut to about 80 characters (what came, for a model to see)."""
    if isinstance(value, str) and len(value) > SHOWN:
        value = value[:SHOWN]
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        text = str(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def freeze(value: Any) -> Any:
    """A hashable form in which two values are equal exactly when JSON says they are: 1 and
    1.0 are, 1 and true are not, and objects ignore their keys' order."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, _NUMBERS):
        return ("number", value)  # numbers that are equal hash equal, across types
    if isinstance(value, (list, tuple)):
        return ("array", tuple(freeze(v) for v in value))
    if isinstance(value, Mapping):
        return ("object", frozenset((k, freeze(v)) for k, v in value.items()))
    return ("other", repr(value))


def to_pointer(path: Path) -> str:
    parts: list[str] = []
    while path is not None:
        path, key, _ = path
        parts.append("/" + str(key).replace("~", "~0").replace("/", "~1"))
    return "".join(reversed(parts))


def order_of(path: Path) -> tuple[int, ...]:
    positions: list[int] = []
    while path is not None:
        path, _, position = path
        positions.append(position)
    return tuple(reversed(positions))


def accept(value: Any, path: Path, errors: Errors) -> None:
    return None


def reject(value: Any, path: Path, errors: Errors) -> None:
    errors.append((path, f"no value is allowed here, got {show(value)}"))


def bad(where: str, what: str) -> ValueError:
    return ValueError(f"schema at {where or '#'}: {what}")


def count_of(schema: Mapping[str, Any], key: str, where: str) -> int | None:
    value = schema.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not is_integer(value) or value < 0:
        raise bad(where, f"{key} must be a non-negative integer, not {show(value)}")
    return int(value)


def number_of(schema: Mapping[str, Any], key: str, where: str) -> Any:
    value = schema.get(key)
    if value is not None and not is_number(value):
        raise bad(where, f"{key} must be a number, not {show(value)}")
    return value


def list_of(schema: Mapping[str, Any], key: str, where: str) -> list[Any]:
    if key not in schema:
        return []
    value = schema[key]
    if not isinstance(value, list) or (not value and key not in ("required", "enum")):
        raise bad(where, f"{key} must be a non-empty list, not {show(value)}")
    return value


def sequence(checks: list[Check]) -> Check:
    if not checks:
        return accept
    if len(checks) == 1:
        return checks[0]

    def check(value: Any, path: Path, errors: Errors) -> None:
        for each in checks:
            each(value, path, errors)

    return check


def guarded(test: Callable[[Any], bool], checks: list[Check]) -> Check | None:
    """The keywords of one type, applied to values of that type only (as JSON Schema says)."""
    if not checks:
        return None
    inner = sequence(checks)

    def check(value: Any, path: Path, errors: Errors) -> None:
        if test(value):
            inner(value, path, errors)

    return check


def either(parts: list[str]) -> str:
    return " or ".join(dict.fromkeys(parts))


def number_checks(schema: Mapping[str, Any], where: str) -> list[Check]:
    out: list[Check] = []
    for key, holds, words in (
        ("minimum", lambda v, m: v >= m, "at least"),
        ("maximum", lambda v, m: v <= m, "at most"),
        ("exclusiveMinimum", lambda v, m: v > m, "more than"),
        ("exclusiveMaximum", lambda v, m: v < m, "less than"),
        ("multipleOf", _is_multiple, "a multiple of"),
    ):
        bound = number_of(schema, key, where)
        if bound is None:
            continue
        if key == "multipleOf" and bound <= 0:
            raise bad(where, "multipleOf must be more than 0")
        out.append(_compare(holds, bound, f"{words} {show(bound)}"))
    return out


def _compare(holds: Callable[[Any, Any], bool], bound: Any, expected: str) -> Check:
    def check(value: Any, path: Path, errors: Errors) -> None:
        if not holds(value, bound):
            errors.append((path, f"expected {expected}, got {show(value)}"))

    return check


def _is_multiple(value: Any, step: Any) -> bool:
    if isinstance(step, float):  # as jsonschema: the float quotient, exact when it overflows
        quotient = value / step
        try:
            return bool(int(quotient) == quotient)
        except OverflowError:
            return (Fraction(value) / Fraction(step)).denominator == 1
    return not value % step


def _ecma_ends(pattern: Any) -> Any:
    """``pattern`` with each ``$`` that is an anchor written ``\\Z``: in JSON Schema's regular
    expressions (ECMA-262, no multiline flag) ``$`` is the end of the input, where Python's
    also matches before a final newline, which would let ``"abc\\n"`` through ``^[a-z]+$``."""
    if not isinstance(pattern, str) or "$" not in pattern:
        return pattern
    out: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            out.append(r"\Z")
            continue
        out.append(char)
    return "".join(out)


def string_checks(schema: Mapping[str, Any], where: str) -> list[Check]:
    out: list[Check] = []
    low, high = count_of(schema, "minLength", where), count_of(schema, "maxLength", where)
    if low is not None:
        out.append(_length(lambda n: n >= low, f"at least {counted(low, 'character')}"))
    if high is not None:
        out.append(_length(lambda n: n <= high, f"at most {counted(high, 'character')}"))
    if "pattern" in schema:
        pattern = schema["pattern"]
        try:
            search = re.compile(_ecma_ends(pattern)).search
        except (re.error, TypeError) as error:
            what = f"pattern {show(pattern)} is not a regular expression ({error})"
            raise bad(where, what) from None
        out.append(_text(search, f"a string matching the pattern {show(pattern)}"))
    if "format" in schema:
        if not isinstance(schema["format"], str):
            raise bad(where, "format must be a string")
        known = _FORMATS.get(schema["format"])
        if known is not None:  # other formats are annotations, as in jsonschema
            out.append(_text(known[0], known[1]))
    return out


def _length(holds: Callable[[int], bool], expected: str) -> Check:
    def check(value: Any, path: Path, errors: Errors) -> None:
        if not holds(len(value)):  # code points, as JSON Schema counts them
            errors.append((path, f"expected {expected}, got {len(value)}: {show(value)}"))

    return check


def _text(matches: Callable[[str], object], expected: str) -> Check:
    def check(value: Any, path: Path, errors: Errors) -> None:
        if not matches(value):
            errors.append((path, f"expected {expected}, got {show(value)}"))

    return check


_PLURALS: Final = {"item": "items", "property": "properties", "character": "characters"}


def counted(count: int, unit: str) -> str:
    return f"{count} {unit if count == 1 else _PLURALS[unit]}"


def size(holds: Callable[[int], bool], words: str, bound: int, unit: str) -> Check:
    """minItems and its kin: ``words`` is "at least" or "at most"."""
    expected = f"{words} {counted(bound, unit)}"

    def check(value: Any, path: Path, errors: Errors) -> None:
        if not holds(len(value)):
            errors.append((path, f"expected {expected}, got {counted(len(value), unit)}"))

    return check


def repeats(value: Any, path: Path, errors: Errors) -> None:
    seen: dict[Any, int] = {}
    for index, item in enumerate(value):
        first = seen.setdefault(freeze(item), index)
        if first != index:
            errors.append(
                (
                    path,
                    f"expected unique items, got the same value at {first} and {index}: {show(item)}",
                )
            )
            return


def each_item(prefix: list[Check], rest: Check | None) -> Check:
    def check(value: Any, path: Path, errors: Errors) -> None:
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else rest
            if sub is None:
                return
            sub(item, (path, index, index), errors)

    return check


def each_property(
    subs: dict[str, Check], extra: Check | None, names: Check | None, known: list[str]
) -> Check:
    allowed = ", ".join(show(k) for k in known) or "none"
    allowed = allowed if len(allowed) <= SHOWN * 2 else allowed[: SHOWN * 2] + "…"

    def check(value: Any, path: Path, errors: Errors) -> None:
        for position, (key, item) in enumerate(value.items()):
            here = (path, key, position)
            sub = subs.get(key, extra)
            if sub is reject:
                errors.append((here, f"unexpected property {show(key)} (allowed: {allowed})"))
            elif sub is not None:
                sub(item, here, errors)
            if names is not None:
                found: Errors = []
                names(key, here, found)
                errors.extend((here, f"property name {show(key)}: {m}") for _, m in found)

    return check


def missing(required: list[str]) -> Check:
    def check(value: Any, path: Path, errors: Errors) -> None:
        count = len(value)
        for index, key in enumerate(required):
            if key not in value:  # reported where the property would be, after what is there
                errors.append(((path, key, count + index), "required property is missing"))

    return check


def alternatives(
    subs: list[Check], takes: list[Callable[[Any], bool]], summary: str, *, one: bool
) -> Check:
    """anyOf (``one=False``) or oneOf; ``takes[i]`` says whether alternative i takes the
    value's type, so that its errors, and not a list of every alternative, are reported."""

    def check(value: Any, path: Path, errors: Errors) -> None:
        failed: list[Errors] = []
        matched: list[int] = []
        for index, sub in enumerate(subs):
            found: Errors = []
            sub(value, path, found)
            if not found:
                if not one:
                    return
                matched.append(index)
            elif takes[index](value):
                failed.append(found)
        if len(matched) == 1:
            return
        if matched:
            expected = f"expected {summary}, matching exactly one alternative"
            errors.append((path, f"{expected}, got {show(value)}, which matches {len(matched)}"))
            return
        # An alternative of the value's type is the one the call meant: its errors say what
        # to fix (one whose errors all lie below the value first, then the fewest errors).
        if failed:
            best: Errors = min(failed, key=lambda f: (any(p is path for p, _ in f), len(f)))
            errors.extend(best)
        else:
            errors.append((path, f"expected {summary}, got {show(value)}"))

    return check
