"""Walking a schema for shared definitions (:mod:`toolgen.providers.share`): every subschema
with its place, whether the schema can be rewritten safely, how deep it nests."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from toolgen.ir import JsonSchema
from toolgen.providers.transforms import escape_pointer

MAPS: Final = ("properties", "patternProperties", "dependentSchemas")
"""Keywords whose value maps names to subschemas (``$defs`` aside)."""
LISTS: Final = ("prefixItems", "anyOf", "oneOf", "allOf")
"""Keywords whose value is a list of subschemas."""


BLOCKERS: Final = frozenset(
    {"$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"}
)
"""Keywords that change what a reference resolves to: a schema with any is not rewritten."""
SINGLE: Final = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contentSchema",
)
"""Keywords whose value is one subschema."""
LOCAL: Final = re.compile(r"#/\$defs/([^/]+)\Z")
"""The one kind of reference the rewrite keeps right: to a definition at the root."""

Place = tuple[Any, Any, str]
"""(the container, the key in it, the JSON pointer) of one subschema."""


def unescape(part: str) -> str:
    """One JSON pointer step as the key it names."""
    return part.replace("~1", "/").replace("~0", "~")


def children(node: JsonSchema, pointer: str) -> Iterator[Place]:
    """(container, key, pointer) of each direct subschema of ``node``; ``$defs`` aside."""
    for key in SINGLE:
        if isinstance(node.get(key), dict):
            yield node, key, f"{pointer}/{key}"
    for key in MAPS:
        value = node.get(key)
        if isinstance(value, dict):
            for name, sub in value.items():
                if isinstance(sub, dict):
                    yield value, name, f"{pointer}/{key}/{escape_pointer(name)}"
    for key in LISTS:
        value = node.get(key)
        if isinstance(value, list):
            for i, sub in enumerate(value):
                if isinstance(sub, dict):
                    yield value, i, f"{pointer}/{key}/{i}"


def nodes(root: JsonSchema) -> Iterator[Place]:
    """(container, key, pointer) of every subschema below the root, in a fixed order: the
    root's own first, then each definition and what is below it."""

    def below(node: JsonSchema, pointer: str) -> Iterator[Place]:
        for container, key, where in children(node, pointer):
            yield container, key, where
            yield from below(container[key], where)

    yield from below(root, "")
    defs = root.get("$defs")
    if isinstance(defs, dict):
        for name, body in defs.items():
            yield defs, name, f"/$defs/{escape_pointer(name)}"
            yield from below(body, f"/$defs/{escape_pointer(name)}")


def rewritable(schema: JsonSchema) -> bool:
    """Whether every reference is ``#/$defs/<name>`` to a definition at the root, and nothing
    (an ``$id``, an anchor, ``definitions``, a nested ``$defs``) moves what one resolves to."""
    defs = schema.get("$defs", {})
    if not isinstance(defs, dict):
        return False
    for container, key, _ in [(None, None, ""), *nodes(schema)]:
        node = schema if container is None else container[key]
        if BLOCKERS & node.keys() or "definitions" in node:
            return False
        if container is not None and "$defs" in node:
            return False
        ref = node.get("$ref")
        if ref is not None:
            found = LOCAL.match(ref) if isinstance(ref, str) else None
            if found is None or unescape(found.group(1)) not in defs:
                return False
    return True


def depth(value: Any) -> int:
    """How many JSON objects and arrays deep ``value`` nests (a scalar: 0), without recursion:
    a schema past :data:`~toolgen.ir.SCHEMA_NESTING` makes a module that does not import."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item)
    return deepest


def move(places: list[str], old: str, new: str) -> None:
    """Pointers below ``old`` now below ``new``."""
    for i, place in enumerate(places):
        if place.startswith(old + "/"):
            places[i] = new + place[len(old) :]
