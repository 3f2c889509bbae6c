"""How a call that comes back from a provider is undone: where in its arguments ``null`` means
"left out", as JSON pointers the run-time (``toolgen.runtime``) applies, and which arguments a
framework passes by position.

The adapters' passes record schema pointers (:attr:`~toolgen.providers.transforms.Losses.
omitted_nulls`); here they become pointers into the arguments a model sends, read off the
provider's final schema: ``properties/x`` is ``/x``, an array's items and a map's values are
``/*``, the branches of ``anyOf`` are the same place. A recursive type (a ``$ref`` strict mode
keeps) cannot be listed place by place: its rules are given once, under ``defs``, relative to
each value of that type, and ``refs`` says where such values are.

A framework's own handling of a call is said the same way, for every provider: a parameter whose
``null`` the framework takes as "left out" (``null_is_default``) is one more top-level place of
``omit_nulls``; arguments it passes by position (LangChain's ``__arg1``) are ``positional``.

Every other rewrite an adapter makes leaves the values a model sends as they are: Gemini folds
enums of integers and ``const`` into the description (a model sends the value itself), tuples
become arrays of their item types (still arrays), recursive types are cut (a shallower value is
still valid), names change (the wire name → tool map leads back). What those rewrites let
through that the function cannot take is refused by the run-time's validation, which reads the
IR and the real signature, not the provider's schema.
"""

from __future__ import annotations

from typing import Any

from toolgen.ir import JsonSchema
from toolgen.providers.transforms import escape_pointer

Rules = dict[str, Any]
"""``{"omit_nulls": [pointer, ...], "refs": {pointer: def name}, "positional": [name, ...]}``,
keys only when non-empty."""


def call_rules(
    schema: JsonSchema,
    omitted: list[str],
    null_is_default: tuple[str, ...] = (),
    by_position: tuple[str, ...] = (),
) -> Rules:
    """The rules that undo a provider's rewrites of a call, for a tool whose final parameters
    schema is ``schema`` and whose omitted-null places (schema pointers) are ``omitted``; and
    the framework's: the parameters whose ``null`` means their default, the arguments it
    passes by position.

    Returns ``{}`` when there is nothing to undo, else the top level's rules, plus ``defs``
    (each recursive type's rules, relative to a value of it) when a ``$ref`` leads to one that
    has any."""
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    assert isinstance(properties, dict)
    defaulted = [f"/properties/{escape_pointer(n)}" for n in null_is_default if n in properties]
    out = _undo_nulls(schema, [*omitted, *defaulted])
    if by_position:
        out["positional"] = list(by_position)
    return out


def _undo_nulls(schema: JsonSchema, omitted: list[str]) -> Rules:
    if not omitted:
        return {}
    places = set(omitted)
    defs_schema = schema.get("$defs") if isinstance(schema.get("$defs"), dict) else {}
    assert isinstance(defs_schema, dict)
    raw: dict[str, tuple[list[str], dict[str, str]]] = {}
    for name, sub in defs_schema.items():
        if isinstance(sub, dict):
            raw[name] = _walk(sub, f"/$defs/{escape_pointer(name)}", places)
    top = _walk(schema, "", places)
    useful = _useful(raw)
    out = _rules(*top, useful)
    defs = {name: _rules(*raw[name], useful) for name in sorted(useful)}
    if defs:
        out["defs"] = defs
    return out


def _rules(omits: list[str], refs: dict[str, str], useful: set[str]) -> Rules:
    out: Rules = {}
    if omits:
        out["omit_nulls"] = list(dict.fromkeys(omits))
    kept = {where: name for where, name in refs.items() if name in useful}
    if kept:
        out["refs"] = kept
    return out


def _useful(raw: dict[str, tuple[list[str], dict[str, str]]]) -> set[str]:
    """The definitions that have a rule, or lead by a ``$ref`` to one that has."""
    useful = {name for name, (omits, _) in raw.items() if omits}
    grew = True
    while grew:
        grew = False
        for name, (_, refs) in raw.items():
            if name not in useful and any(target in useful for target in refs.values()):
                useful.add(name)
                grew = True
    return useful


def _walk(schema: JsonSchema, start: str, places: set[str]) -> tuple[list[str], dict[str, str]]:
    """(the argument pointers where null is omitted, argument pointer → def name) under
    ``schema``, which sits at schema pointer ``start``; in the schema's own order."""
    omits: list[str] = []
    refs: dict[str, str] = {}

    def visit(node: Any, here: str, at: str) -> None:
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref.count("/") == 2:
            name = ref.removeprefix("#/$defs/").replace("~1", "/").replace("~0", "~")
            refs.setdefault(at, name)
        properties = node.get("properties")
        if isinstance(properties, dict):
            for key, sub in properties.items():
                step = escape_pointer(key)
                if f"{here}/properties/{step}" in places:
                    omits.append(f"{at}/{step}")
                visit(sub, f"{here}/properties/{step}", f"{at}/{step}")
        for key in ("items", "additionalProperties"):
            visit(node.get(key), f"{here}/{key}", f"{at}/*")
        if isinstance(node.get("prefixItems"), list):
            for i, item in enumerate(node["prefixItems"]):
                visit(item, f"{here}/prefixItems/{i}", f"{at}/{i}")
        for key in ("anyOf", "oneOf", "allOf"):
            branches = node.get(key)
            if isinstance(branches, list):
                for i, branch in enumerate(branches):
                    visit(branch, f"{here}/{key}/{i}", at)

    visit(schema, start, "")
    return omits, refs
