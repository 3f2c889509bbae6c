"""Gemini / Vertex AI function declarations (docs/providers.md): the OpenAPI subset or JSON Schema."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolgen.ir import JsonSchema, ToolDef
from toolgen.providers import transforms as t
from toolgen.providers.base import GEMINI_NAMES, VERTEX_NAMES, AdapterOptions, NameRule, Normalized

_PROPERTY_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


def _check_property_names(schema: JsonSchema, report: t.Report) -> JsonSchema:
    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        for name in node.get("properties", {}):
            if not _PROPERTY_NAME.match(name):
                report.error(
                    f"{pointer}/properties/{name}",
                    f"property name '{name}' is not accepted by Gemini "
                    "(^[A-Za-z_][A-Za-z0-9_]{0,63}$); renaming it would break dispatch",
                )
        return node

    return t.transform(schema, node_fn)


def _deep(schema: JsonSchema, report: t.Report) -> JsonSchema:
    depth, stack = 0, [(schema, 1)]
    while stack:
        node, level = stack.pop()
        depth = max(depth, level)
        stack.extend((child, level + 1) for child in t.subschemas(node))
    if depth > 10:
        report.warn("", f"the schema is {depth} levels deep; Gemini may reject very deep schemas")
    return schema


def _json_const(schema: JsonSchema, report: t.Report) -> JsonSchema:
    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        if "const" in node:
            out = {k: v for k, v in node.items() if k != "const"}
            out["enum"] = [node["const"]]
            return out
        return node

    return t.transform(schema, node_fn)


@dataclass(frozen=True, slots=True)
class Gemini:
    """``TOOLS_GEMINI``: FunctionDeclaration dicts for the Gemini API (or Vertex AI)."""

    options: AdapterOptions
    name: str = "gemini"
    constant: str = "TOOLS_GEMINI"

    @property
    def name_rule(self) -> NameRule:
        return VERTEX_NAMES if self.options.gemini_flavour == "vertex" else GEMINI_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Report) -> Normalized:
        if not tool.description:
            report.warn(
                "",
                "no description (no docstring summary); Gemini requires one, so the "
                "tool's name is used",
            )
        if self.options.gemini_schema_field == "json":
            return self._json_schema(tool, report)
        trial = t.Report()
        normalized = self._parameters(tool, trial)
        if not trial.errors:
            report.warnings.extend(trial.warnings)
            return normalized
        # No provider fails the whole build for one tool: what the OpenAPI subset cannot say
        # (an untyped value, a property name it refuses) goes out as ``parametersJsonSchema``.
        reasons = "; ".join(f"{pointer or '/'}: {why}" for pointer, why in trial.errors)
        report.warn(
            "",
            f"sent as parametersJsonSchema, because `parameters` cannot express it ({reasons})",
        )
        return self._json_schema(tool, report)

    def _json_schema(self, tool: ToolDef, report: t.Report) -> Normalized:
        shared = [t.ensure_object_root, t.strip_meta]
        schema = t.run_passes(
            tool.parameters,
            [
                *shared,
                t.inline_refs(self.options.recursion_depth, keep_cycles=True),
                t.merge_all_of,
                t.one_of_to_any_of,
                t.complete_arrays(require_items=True),
                _json_const,
                t.fold_except(t.GEMINI_JSON_KEYS, "is not accepted by Gemini"),
            ],
            report,
        )
        return Normalized(schema, extra={"field": "parametersJsonSchema"})

    def _parameters(self, tool: ToolDef, report: t.Report) -> Normalized:
        flavour = self.options.gemini_flavour
        shared = [t.ensure_object_root, t.strip_meta]
        allowed = t.VERTEX_KEYS if flavour == "vertex" else t.GEMINI_KEYS
        schema = t.run_passes(
            tool.parameters,
            [
                *shared,
                t.inline_refs(self.options.recursion_depth),
                t.merge_all_of,
                t.one_of_to_any_of,
                t.complete_arrays(require_items=True),
                t.gemini_nullable(flavour),
                t.hoist_single_any_of,
                t.gemini_values,
                t.fold_except(allowed, "is not accepted by Gemini"),
                t.gemini_types(flavour),
                _check_property_names,
                _deep,
            ],
            report,
        )
        return Normalized(schema, extra={"field": "parameters"})

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name, "description": tool.description or name}
        if normalized.schema.get("properties"):
            out[normalized.extra["field"]] = normalized.schema
        return out
