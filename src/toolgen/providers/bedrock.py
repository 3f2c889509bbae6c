"""AWS Bedrock Converse tool specs: ``{"toolSpec": {..., "inputSchema": {"json": ...}}}`` (§8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolgen.ir import ToolDef
from toolgen.providers import refs
from toolgen.providers import transforms as t
from toolgen.providers.base import BEDROCK_NAMES, AdapterOptions, NameRule, Normalized


@dataclass(frozen=True, slots=True)
class Bedrock:
    """``TOOLS_BEDROCK``: refs inlined and combinators simplified, since models differ in support."""

    options: AdapterOptions
    name: str = "bedrock"
    constant: str = "TOOLS_BEDROCK"
    name_rule: NameRule = BEDROCK_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Report) -> Normalized:
        schema = t.run_passes(
            tool.parameters,
            [
                t.ensure_object_root,
                t.strip_meta,
                refs.inline_refs(self.options.recursion_depth),
                t.merge_all_of,
                t.one_of_to_any_of,
            ],
            report,
        )
        return Normalized(schema)

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        spec: dict[str, Any] = {"name": name}
        if tool.description:  # the API's minimum length is 1: an empty one is left out
            spec["description"] = tool.description
        spec["inputSchema"] = {"json": normalized.schema}
        return {"toolSpec": spec}
