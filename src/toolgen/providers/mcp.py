"""MCP tools (``tools/list``): ``inputSchema`` and ``outputSchema``, JSON Schema 2020-12 kept."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import JsonSchema, ToolDef
from toolgen.providers import share
from toolgen.providers import transforms as t
from toolgen.providers.base import MCP_NAMES, AdapterFactory, AdapterOptions, NameRule, Normalized


def _wrapped(schema: JsonSchema) -> JsonSchema:
    defs = schema.get("$defs")
    inner = {k: v for k, v in schema.items() if k != "$defs"}
    out: JsonSchema = {"type": "object", "properties": {"result": inner}, "required": ["result"]}
    if defs:
        out["$defs"] = defs
    return out


def _unwrapped(schema: JsonSchema, defs: JsonSchema) -> JsonSchema | None:
    """A root ``$ref`` to an object definition (a model, dataclass or TypedDict) as that
    definition itself, the other definitions beside it; ``None`` when it names no object."""
    ref = schema["$ref"]
    name = ref.removeprefix("#/$defs/") if isinstance(ref, str) else None
    target = defs.get(name) if name is not None else None
    if not isinstance(target, dict) or target.get("type") != "object":
        return None
    siblings = {k: v for k, v in schema.items() if k not in ("$ref", "$defs")}
    out: JsonSchema = {**target, **siblings}
    rest = {k: v for k, v in defs.items() if k != name}
    if f'"{ref}"' in json.dumps([out, rest]):  # still referred to (recursion): kept
        rest = defs
    if list(out.get("properties") or ()) == ["result"] and "title" not in out:
        # A model whose one field is ``result`` keeps its name, as the SDK serves it, so that a
        # reader (toolgen.runtime) does not take its schema for the ``{"result": ...}`` wrapper.
        out["title"] = name
    if rest:
        out["$defs"] = rest
    return out


def output_schema(schema: JsonSchema | None) -> JsonSchema | None:
    """The return type's schema as the MCP SDK's server (FastMCP) serves it, always an object
    (MCP 2025-11-25 requires ``type: object``): an object return (a pydantic model, dataclass,
    TypedDict, ``dict[str, X]``) is its own schema; anything else (a primitive, a list, a union,
    ``None``) is wrapped as ``{"result": ...}``, and its value returned the same way."""
    if schema is None:
        return None
    if schema.get("type") == "object":
        return schema
    if "$ref" in schema:
        unwrapped = _unwrapped(schema, schema.get("$defs") or {})
        if unwrapped is not None:
            return unwrapped
    return _wrapped(schema)


@dataclass(frozen=True, slots=True)
class MCP:
    """``TOOLS_MCP``: what an MCP server returns from ``tools/list``."""

    options: AdapterOptions
    name: str = "mcp"
    constant: str = "TOOLS_MCP"
    name_rule: NameRule = MCP_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        schema = t.run_passes(
            tool.parameters, [t.ensure_object_root, t.strip_meta, t.empty_object_closed], report
        )
        if self.options.share_defs == "auto":
            schema = share.share(schema, report, True, tool.parameters)
        output = output_schema(tool.output_schema)
        if output is not None:
            output = t.strip_meta(output, report)
        return Normalized(schema, extra={"output": output})

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name}
        if tool.title:
            out["title"] = tool.title
        if tool.description:
            out["description"] = tool.description
        out["inputSchema"] = normalized.schema
        if normalized.extra.get("output") is not None:
            out["outputSchema"] = normalized.extra["output"]
        if tool.annotations:
            out["annotations"] = dict(tool.annotations)
        return out


ADAPTER: Final[AdapterFactory] = MCP
