"""AWS Bedrock Converse tool specs: ``{"toolSpec": {..., "inputSchema": {"json": ...}}}`` (§8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import ToolDef
from toolgen.providers import refs
from toolgen.providers import transforms as t
from toolgen.providers.base import (
    BEDROCK_NAMES,
    AdapterFactory,
    AdapterOptions,
    NameRule,
    Normalized,
)


@dataclass(frozen=True, slots=True)
class Bedrock:
    """``TOOLS_BEDROCK``: refs inlined and combinators simplified, since models differ in support."""

    options: AdapterOptions
    name: str = "bedrock"
    constant: str = "TOOLS_BEDROCK"
    name_rule: NameRule = BEDROCK_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        shared = [t.ensure_object_root, t.strip_meta]
        rest = [t.merge_all_of, t.one_of_to_any_of]
        limit = self.options.max_inline_kb * 1024
        inlined = refs.inline_refs(self.options.recursion_depth, max_bytes=limit)
        trial = t.Losses(memo=report.memo)
        schema = t.run_passes(tool.parameters, [*shared, inlined, *rest], trial)
        if not trial.downgrades:
            report.take(trial)
            return Normalized(schema)
        # Past the bounds of inlining, the fallback form: the IR's $refs and $defs kept (the
        # Converse API takes a JSON Schema document).
        report.warn("", f"sent with its $refs kept, because {trial.reasons()}")
        return Normalized(t.run_passes(tool.parameters, [*shared, *rest], report))

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        spec: dict[str, Any] = {"name": name}
        if tool.description:  # the API's minimum length is 1: an empty one is left out
            spec["description"] = tool.description
        spec["inputSchema"] = {"json": normalized.schema}
        return {"toolSpec": spec}


ADAPTER: Final[AdapterFactory] = Bedrock
