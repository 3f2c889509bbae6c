"""How shared definitions (:mod:`toolgen.providers.share`) are named: by the user's own type
names where the tool's schema has them, else after the property a type first appears under."""

from __future__ import annotations

import json
import re

from toolgen.ir import JsonSchema
from toolgen.providers.share_walk import LISTS, MAPS, unescape

Names = dict[tuple[str, ...], str]
"""A type's name by what identifies it after any provider's passes: an object's property
names, an enum's values (as JSON)."""


def identity(node: JsonSchema) -> tuple[str, ...] | None:
    """What names a type here: an object's property names, an enum's values."""
    if isinstance(node.get("properties"), dict) and node["properties"]:
        return ("properties", *node["properties"])
    if isinstance(node.get("enum"), list):
        return ("enum", *(json.dumps(v) for v in node["enum"]))
    return None


def type_names(schema: JsonSchema) -> Names:
    """The names of the types in a schema's ``$defs`` (the IR's: the user's model, enum and
    TypedDict names), by their :data:`Names` key; a key two of them share names neither."""
    out: Names = {}
    seen: set[tuple[str, ...]] = set()
    defs = schema.get("$defs")
    for name, body in (defs.items() if isinstance(defs, dict) else ()):
        key = identity(body) if isinstance(body, dict) else None
        if key is None or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            continue
        if key in seen:
            out.pop(key, None)
        else:
            out[key] = name
        seen.add(key)
    return out


def name_for(core: JsonSchema, pointer: str, taken: set[str], names: Names) -> str:
    """A definition's name: the type's own (``names``), else from the property (or definition)
    it first appears under (``billing_to`` → ``BillingTo``, its items ``BillingToItem``); made
    unique with a number."""
    known = names.get(identity(core) or ())
    if known is not None:
        name, n = known, 2
        while name in taken:
            name, n = f"{known}{n}", n + 1
        return name
    parts = [unescape(p) for p in pointer.split("/")[1:]]
    base, suffix, i = "", "", 0
    while i < len(parts):
        if parts[i] in (*MAPS, "$defs") and i + 1 < len(parts):
            base, suffix, i = parts[i + 1], "", i + 2
            continue
        if parts[i] in LISTS:
            i += 2
            continue
        if not suffix and parts[i] in ("items", "additionalProperties"):
            suffix = "Item" if parts[i] == "items" else "Value"
        i += 1
    base = "".join(w[:1].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9]+", base))
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", base):
        base = "Shared"
    name, n = base + suffix, 2
    while name in taken:
        name, n = f"{base}{suffix}{n}", n + 1
    return name
