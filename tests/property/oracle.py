"""The round trip's oracle: which calls a constant admits, and which of them the IR refuses.

Shared by the golden cases' round trip (``test_round_trip.py``) and the framework corpora's
(``tests/frameworks/test_round_trip.py``); ``jsonschema`` decides, never the run-time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema


def as_json_schema(schema: Any) -> Any:
    """Gemini's OpenAPI subset read as the JSON Schema it means (upper-case types,
    ``nullable``), so that values can be generated from it and checked against it."""
    if isinstance(schema, list):
        return [as_json_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {
        k: (as_json_schema(v) if k not in ("enum", "required", "default") else v)
        for k, v in schema.items()
        if k not in ("nullable", "propertyOrdering", "example")
    }
    if out.get("properties"):
        out["properties"] = {k: as_json_schema(v) for k, v in schema["properties"].items()}
    if isinstance(out.get("type"), str):
        out["type"] = out["type"].lower()
    if schema.get("nullable"):
        if "type" in out:
            out["type"] = [out["type"], "null"]
        elif "anyOf" in out:
            out["anyOf"] = [*out["anyOf"], {"type": "null"}]
        if "enum" in out:
            out["enum"] = [*out["enum"], None]
    return out


def omitted(value: Any, schema: dict[str, Any], root: dict[str, Any]) -> Any:
    """``value`` without the nulls that can only mean "left out" — at an optional
    property whose IR schema does not admit null (``$ref`` s followed, every branch tried)."""
    while "$ref" in schema:
        target = root
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        out = {}
        for key, item in value.items():
            sub = properties.get(key)
            if sub is None:
                extra = schema.get("additionalProperties")
                out[key] = omitted(item, extra, root) if isinstance(extra, dict) else item
            elif item is None and key not in required and not admits(sub, None, root):
                continue
            else:
                out[key] = omitted(item, sub, root)
        value = out
    elif isinstance(value, list):
        items = schema.get("items")
        prefix = schema.get("prefixItems", [])
        value = [
            (
                omitted(v, prefix[i] if i < len(prefix) else items, root)
                if isinstance(prefix[i] if i < len(prefix) else items, dict)
                else v
            )
            for i, v in enumerate(value)
        ]
    for branch in schema.get("anyOf", []):
        if isinstance(value, (dict, list)) and not admits(branch, value, root):
            trimmed = omitted(value, branch, root)
            if admits(branch, trimmed, root):
                return trimmed
    return value


def _ecma(schema: Any) -> Any:
    """Patterns as JSON Schema means them (ECMA-262): ``$`` only at the very end, where
    Python's ``re`` also matches before a final newline."""
    if isinstance(schema, list):
        return [_ecma(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _ecma(v) if k not in ("enum", "const", "default") else v for k, v in schema.items()}
    if isinstance(schema.get("pattern"), str) and schema["pattern"].endswith("$"):
        out["pattern"] = schema["pattern"][:-1] + r"\Z"
    return out


def admits(schema: dict[str, Any], value: Any, root: dict[str, Any]) -> bool:
    """Whether ``schema`` (a part of ``root``, whose ``$defs`` it may use) admits ``value``."""
    whole = _ecma({**schema, "$defs": root.get("$defs", {})})
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    return jsonschema.Draft202012Validator(whole, format_checker=checker).is_valid(value)


def admitter(schema: dict[str, Any]) -> Callable[[Any], bool]:
    """Whether a value is one the whole ``schema`` admits (compiled once)."""
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    return jsonschema.Draft202012Validator(schema, format_checker=checker).is_valid


def ir_refuses(sent: Any, ir_schema: dict[str, Any], closed: bool) -> bool:
    """Whether the IR refuses what a call meant: ``sent`` without the nulls that mean "left
    out", and, unless the provider's schema closes the object, without the fields the IR does
    not list (they mean nothing)."""
    meant = omitted(sent, ir_schema, ir_schema)
    if not closed and isinstance(meant, dict):
        meant = {k: v for k, v in meant.items() if k in ir_schema.get("properties", {})}
    return not admits(ir_schema, meant, ir_schema)
