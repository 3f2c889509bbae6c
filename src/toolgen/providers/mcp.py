"""MCP tools (``tools/list``): ``inputSchema`` and ``outputSchema``, JSON Schema 2020-12 kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolgen.ir import JsonSchema, ToolDef
from toolgen.providers import transforms as t
from toolgen.providers.base import MCP_NAMES, AdapterOptions, NameRule, Normalized


def output_schema(schema: JsonSchema | None) -> JsonSchema | None:
    """The return type as an object (MCP 2025-11-25 requires ``type: object``): non-objects wrapped."""
    if schema is None:
        return None
    if schema.get("type") == "object" and "properties" in schema:
        return schema
    defs = schema.get("$defs")
    inner = {k: v for k, v in schema.items() if k != "$defs"}
    out: JsonSchema = {"type": "object", "properties": {"result": inner}, "required": ["result"]}
    if defs:
        out["$defs"] = defs
    return out


@dataclass(frozen=True, slots=True)
class MCP:
    """``TOOLS_MCP``: what an MCP server returns from ``tools/list``."""

    options: AdapterOptions
    name: str = "mcp"
    constant: str = "TOOLS_MCP"
    name_rule: NameRule = MCP_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Report) -> Normalized:
        schema = t.run_passes(
            tool.parameters, [t.ensure_object_root, t.strip_meta, t.empty_object_closed], report
        )
        output = output_schema(tool.output_schema)
        if output is not None:
            output = t.strip_meta(output, report)
        return Normalized(schema, extra={"output": output})

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name}
        if tool.description:
            out["description"] = tool.description
        out["inputSchema"] = normalized.schema
        if normalized.extra.get("output") is not None:
            out["outputSchema"] = normalized.extra["output"]
        return out
