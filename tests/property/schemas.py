"""Hypothesis strategies for the values a JSON Schema admits, over the keywords toolgen's
constants hold (hypothesis-jsonschema, the library for this, no longer runs on the
Hypothesis releases this suite uses: it drives a private API that was replaced).

Values are drawn to satisfy the schema; a keyword it does not model (``propertyNames``,
``minProperties``) may be missed, so callers check each value with ``jsonschema`` and discard
the ones the schema refuses.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from typing import Any

from hypothesis import strategies as st

DEEP = 3
"""How many ``$ref`` s deep a value goes: past it, arrays are empty and optional fields left out."""

_SCALARS = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5)
_FORMATS: dict[str, st.SearchStrategy[str]] = {
    "date": st.dates().map(dt.date.isoformat),
    "date-time": st.datetimes(timezones=st.just(dt.timezone.utc)).map(
        lambda d: d.isoformat().replace("+00:00", "Z")
    ),
    "time": st.times().map(lambda t: t.isoformat() + "Z"),
    "uuid": st.uuids().map(str),
    "duration": st.integers(0, 10**6).map(lambda s: f"PT{s}S"),
}


def values(schema: Any, root: dict[str, Any] | None = None, depth: int = 0) -> Any:
    """A strategy for values ``schema`` admits (``root`` holds its ``$defs``)."""
    root = schema if root is None else root
    if schema is True or schema == {}:
        return _SCALARS
    if schema is False:
        return st.nothing()
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        return values({**target, **rest}, root, depth + 1)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            rest = {k: v for k, v in schema.items() if k not in (key, "description", "title")}
            branches = [{**rest, **b} for b in schema[key]]
            if depth >= DEEP:
                branches = [b for b in branches if "$ref" not in b] or branches
            return st.one_of([values(b, root, depth) for b in branches])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([values({**schema, "type": k}, root, depth) for k in kind])
    if kind is None:
        if "properties" in schema or "required" in schema:
            kind = "object"
        elif "items" in schema or "prefixItems" in schema:
            kind = "array"
        else:
            return _SCALARS
    return _OF_TYPE[kind](schema, root, depth)


def _object(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Any:
    properties = schema.get("properties", {})
    required = set(schema.get("required", []))
    extra = schema.get("additionalProperties", True)

    made: dict[str, Any] = {}  # each property's strategy, made at its first draw (a recursive
    # type's go deeper only as far as values are drawn), then kept: making them is the cost

    @st.composite
    def draw(draw: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, sub in properties.items():
            if name in required or (depth < DEEP and draw(st.booleans())):
                if name not in made:
                    made[name] = values(sub, root, depth)
                out[name] = draw(made[name])
        if extra is not False and draw(st.integers(0, 3)) == 0:
            more = _SCALARS if extra is True else values(extra, root, depth)
            keys = st.text(min_size=1, max_size=6).filter(lambda k: k not in properties)
            out.update(draw(st.dictionaries(keys, more, max_size=2)))
        return out

    return draw()


def _array(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Any:
    low = schema.get("minItems", 0)
    high = schema.get("maxItems", low + 3)
    if depth >= DEEP:
        high = low
    prefix = schema.get("prefixItems")
    if prefix:
        head = st.tuples(*[values(p, root, depth) for p in prefix]).map(list)
        return head
    items = schema.get("items", {})
    unique = schema.get("uniqueItems", False)

    return st.lists(
        values(items, root, depth),
        min_size=low,
        max_size=max(low, high),
        unique_by=(lambda v: json.dumps(v, sort_keys=True)) if unique else None,
    )


def _string(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Any:
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    if schema.get("format") in _FORMATS:
        return _FORMATS[schema["format"]]
    if "pattern" in schema:
        found = st.from_regex(schema["pattern"])
    else:
        found = st.text(min_size=low, max_size=high if high is not None else low + 8)
    return found.filter(lambda s: low <= len(s) <= (high if high is not None else math.inf))


def _number(schema: dict[str, Any], root: dict[str, Any], depth: int, integer: bool) -> Any:
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    if integer:
        base = st.integers(
            None if low is None else math.ceil(low), None if high is None else math.floor(high)
        )
    else:
        base = st.floats(low, high, allow_nan=False, allow_infinity=False)
    step = schema.get("multipleOf")
    if step:
        base = base.map(lambda v: step * round(v / step))
    return base.filter(
        lambda v: ("exclusiveMinimum" not in schema or v > schema["exclusiveMinimum"])
        and ("exclusiveMaximum" not in schema or v < schema["exclusiveMaximum"])
    )


_OF_TYPE: dict[str, Any] = {
    "object": _object,
    "array": _array,
    "string": _string,
    "integer": lambda s, r, d: _number(s, r, d, integer=True),
    "number": lambda s, r, d: _number(s, r, d, integer=False),
    "boolean": lambda s, r, d: st.booleans(),
    "null": lambda s, r, d: st.none(),
}
