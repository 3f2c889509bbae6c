"""Gemini / Vertex AI function declarations (docs/providers.md): the OpenAPI subset or JSON Schema."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import JsonSchema, ToolDef, json_type
from toolgen.providers import refs, share
from toolgen.providers import transforms as t
from toolgen.providers.base import (
    GEMINI_NAMES,
    VERTEX_NAMES,
    AdapterFactory,
    AdapterOptions,
    NameRule,
    Normalized,
)
from toolgen.providers.transforms import NULL, Losses, Pass, fold, transform

# --- the OpenAPI subset of `parameters`: its keywords, and the passes that reach it -------

GEMINI_KEYS: Final = frozenset(
    {
        "type",
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "items",
        "minItems",
        "maxItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "example",
        "anyOf",
        "propertyOrdering",
        "default",
    }
)
VERTEX_KEYS: Final = GEMINI_KEYS | {"additionalProperties"}
GEMINI_JSON_KEYS: Final = frozenset(
    {
        "$id",
        "$defs",
        "$ref",
        "$anchor",
        "type",
        "format",
        "title",
        "description",
        "enum",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "anyOf",
        "properties",
        "additionalProperties",
        "required",
        "propertyOrdering",
    }
)


def _split_null(node: JsonSchema) -> tuple[JsonSchema, bool]:
    """P6: (the schema without null, whether null was allowed)."""
    kind = node.get("type")
    if isinstance(kind, list) and "null" in kind:
        rest = [t for t in kind if t != "null"]
        out = {**node}
        if len(rest) == 1:
            out["type"] = rest[0]
        elif rest:
            out.pop("type")
            out["anyOf"] = [{"type": t} for t in rest]
        else:
            out["type"] = "null"
            return out, False
        return out, True
    if isinstance(node.get("anyOf"), list) and NULL in node["anyOf"]:
        branches = [b for b in node["anyOf"] if b != NULL]
        out = {k: v for k, v in node.items() if k != "anyOf"}
        if len(branches) == 1:
            hoisted = {**branches[0], **out}
            return hoisted, True
        out["anyOf"] = branches
        return out, True
    if isinstance(node.get("enum"), list) and None in node["enum"]:
        return {**node, "enum": [v for v in node["enum"] if v is not None]}, True
    return node, False


def gemini_nullable(flavour: str) -> Pass:
    """Nullability as ``nullable: true`` on the base schema; no ``NULL`` type on Vertex."""

    def run(schema: JsonSchema, report: Losses) -> JsonSchema:
        def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
            base, nullable = _split_null(node)
            if nullable:
                base = {**base, "nullable": True}
            if base.get("type") == "null" and flavour == "vertex":
                base = {k: v for k, v in base.items() if k != "type"}
                base["nullable"] = True
            return base

        return transform(schema, node_fn)

    run.__name__ = "gemini_nullable"
    run.key = ("gemini_nullable", flavour)  # type: ignore[attr-defined]
    return run


_VALUE_KEYS: Final = frozenset(
    {"const", "enum", "exclusiveMinimum", "exclusiveMaximum", "examples"}
)
"""What :func:`gemini_values` rewrites: a node with none of them is left as it is."""


def gemini_values(schema: JsonSchema, report: Losses) -> JsonSchema:
    """``const`` → one-value enum, non-string enums folded, exclusive bounds, ``examples``."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        if _VALUE_KEYS.isdisjoint(node):  # most nodes: nothing to rewrite, no copy
            return node
        out = dict(node)
        if "const" in out:
            if isinstance(out["const"], str):
                out["enum"] = [out.pop("const")]
                out.setdefault("type", "string")
            else:
                out = fold(out, ["const"], pointer, report, "is not accepted by Gemini")
        if "enum" in out and not all(isinstance(v, str) for v in out["enum"]):
            values = out["enum"]
            kinds = list(dict.fromkeys(json_type(v) for v in values))
            if "type" not in out and len(kinds) > 1:
                # Mixed values (Literal["a", 0]): one branch per JSON type, strings keep their enum.
                rest = {k: v for k, v in out.items() if k not in ("enum", "type")}
                branches = []
                for kind in kinds:
                    same = [v for v in values if json_type(v) == kind]
                    branch: JsonSchema = {"type": kind, "enum": same}
                    if kind != "string":
                        branch = fold(
                            branch,
                            ["enum"],
                            pointer,
                            report,
                            "with non-string values is not accepted by Gemini",
                        )
                    branches.append(branch)
                return {"anyOf": branches, **rest}
            if "type" not in out and kinds:
                out["type"] = kinds[0]
            out = fold(
                out, ["enum"], pointer, report, "with non-string values is not accepted by Gemini"
            )
        for key, bound, step in (
            ("exclusiveMinimum", "minimum", 1),
            ("exclusiveMaximum", "maximum", -1),
        ):
            if key in out and out.get("type") == "integer" and isinstance(out[key], (int, float)):
                value = out.pop(key)
                rounded = math.floor(value) + 1 if step == 1 else math.ceil(value) - 1
                out[bound] = (
                    rounded
                    if bound not in out
                    else (max if step == 1 else min)(out[bound], rounded)
                )
        if "examples" in out and isinstance(out["examples"], list) and out["examples"]:
            out["example"] = out.pop("examples")[0]
        return out

    return transform(schema, node_fn)


def gemini_types(flavour: str) -> Pass:
    """Explicit, upper-case types everywhere; an untyped node is an error; ``propertyOrdering``."""

    def run(schema: JsonSchema, report: Losses) -> JsonSchema:
        def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
            out = dict(node)
            if "anyOf" not in out and "type" not in out:
                if "properties" in out:
                    out["type"] = "object"
                elif "items" in out:
                    out["type"] = "array"
                elif "enum" in out:
                    out["type"] = "string"
                elif flavour != "vertex" or not out.get("nullable"):
                    report.error(
                        pointer,
                        "a value of any type (Any, object, no annotation) cannot be "
                        "described for Gemini; give it a type, or set "
                        'gemini_schema_field = "json"',
                    )
                    out["type"] = "string"
            if isinstance(out.get("type"), str):
                out["type"] = out["type"].upper()
            props = out.get("properties")
            if isinstance(props, dict) and len(props) > 1:
                out["propertyOrdering"] = list(props)
            return {"type": out.pop("type"), **out} if "type" in out else out

        return transform(schema, node_fn)

    run.__name__ = "gemini_types"
    run.key = ("gemini_types", flavour)  # type: ignore[attr-defined]
    return run


_PROPERTY_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


def _check_property_names(schema: JsonSchema, report: t.Losses) -> JsonSchema:
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


def _names_and_depth(schema: JsonSchema, report: t.Losses) -> JsonSchema:
    """The property names Gemini refuses (errors), and a warning for a very deep schema, in
    one walk: the names' errors, in their order, are made by a second only if one is bad."""
    depth, bad, stack = 0, False, [(schema, 1)]
    while stack:
        node, level = stack.pop()
        depth = max(depth, level)
        if not t.NESTING.isdisjoint(node):  # a leaf has no properties nor subschemas
            bad = bad or not all(map(_PROPERTY_NAME.match, node.get("properties", ())))
            stack.extend((child, level + 1) for child in t.subschemas(node))
    if bad:
        _check_property_names(schema, report)
    if depth > 10:
        report.warn("", f"the schema is {depth} levels deep; Gemini may reject very deep schemas")
    return schema


def _json_const(schema: JsonSchema, report: t.Losses) -> JsonSchema:
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

    def normalize_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        if not tool.description:
            report.warn(
                "",
                "no description (no docstring summary); Gemini requires one, so the "
                "tool's name is used",
            )
        normalized = self._parameters_or_json(tool, report)
        key, response = self._response(tool, normalized.extra["field"], report)
        if key:
            normalized.extra.update(response_field=key, response=response)
        return normalized

    def _parameters_or_json(self, tool: ToolDef, report: t.Losses) -> Normalized:
        if self.options.gemini_schema_field == "json":
            return self._json_schema(tool, report)
        trial = t.Losses(memo=report.memo)
        normalized = self._parameters(tool, trial)
        if not trial.errors and not trial.downgrades:
            report.warnings.extend(trial.warnings)
            return normalized
        # No provider fails the whole build for one tool: what the OpenAPI subset cannot say
        # (an untyped value, a property name it refuses, refs it cannot inline within bounds)
        # goes out as ``parametersJsonSchema``.
        reasons = "; ".join(  # refs not inlined are untyped nodes after: not a reason of its own
            f"{pointer or '/'}: {why}" for pointer, why in trial.downgrades or trial.errors
        )
        report.warn(
            "",
            f"sent as parametersJsonSchema, because `parameters` cannot express it ({reasons})",
        )
        return self._json_schema(tool, report)

    def _json_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        schema = self._json_form(tool.parameters, [t.ensure_object_root, t.strip_meta], report)
        if self.options.share_defs == "auto":  # a $ref here may carry no other keyword
            schema = share.share(schema, report, False, tool.parameters)
        return Normalized(schema, extra={"field": "parametersJsonSchema"})

    def _json_form(self, schema: JsonSchema, shared: list[Pass], report: t.Losses) -> JsonSchema:
        rest = [
            t.merge_all_of,
            t.one_of_to_any_of,
            t.complete_arrays(require_items=True),
            _json_const,
            t.fold_except(GEMINI_JSON_KEYS, "is not accepted by Gemini"),
        ]
        limit = self.options.max_inline_kb * 1024
        inlined = refs.inline_refs(self.options.recursion_depth, keep_cycles=True, max_bytes=limit)
        trial = t.Losses(memo=report.memo)
        out = t.run_passes(schema, [*shared, inlined, *rest], trial)
        if trial.downgrades:  # past the bounds of inlining: every $ref kept, as in the IR
            report.warn("", f"sent with its $refs kept, because {trial.reasons()}")
            return t.run_passes(schema, [*shared, *rest], report)
        report.take(trial)
        return out

    def _parameters(self, tool: ToolDef, report: t.Losses) -> Normalized:
        schema = self._subset(tool.parameters, [t.ensure_object_root, t.strip_meta], report)
        return Normalized(schema, extra={"field": "parameters"})

    def _subset(self, schema: JsonSchema, shared: list[Pass], report: t.Losses) -> JsonSchema:
        """A schema in the OpenAPI subset of ``parameters`` (and ``response``)."""
        flavour = self.options.gemini_flavour
        allowed = VERTEX_KEYS if flavour == "vertex" else GEMINI_KEYS
        return t.run_passes(
            schema,
            [
                *shared,
                refs.inline_refs(
                    self.options.recursion_depth, max_bytes=self.options.max_inline_kb * 1024
                ),
                t.merge_all_of,
                t.one_of_to_any_of,
                t.complete_arrays(require_items=True),
                gemini_nullable(flavour),
                t.hoist_single_any_of,
                gemini_values,
                t.fold_except(allowed, "is not accepted by Gemini"),
                gemini_types(flavour),
                _names_and_depth,
            ],
            report,
        )

    def _response(self, tool: ToolDef, field: str, report: t.Losses) -> tuple[str, JsonSchema]:
        """``gemini_response``: the return type in the form the parameters went in, ``response``
        beside ``parameters`` and ``responseJsonSchema`` beside ``parametersJsonSchema`` (the
        two forms are exclusive); none where there is no return type, or the subset cannot
        say it (a warning)."""
        output = tool.output_schema
        if not self.options.gemini_response or output is None or output == {"type": "null"}:
            return "", {}
        trial = t.Losses(memo={})  # not the parameters' memo: another schema
        if field == "parametersJsonSchema":
            schema, key = self._json_form(output, [t.strip_meta], trial), "responseJsonSchema"
        else:
            schema, key = self._subset(output, [t.strip_meta], trial), "response"
        if trial.errors or trial.downgrades:
            reasons = "; ".join(
                f"{pointer}: {why}" for pointer, why in trial.downgrades or trial.errors
            )
            report.warn(
                "/response",
                f"no response schema, because `response` cannot express the return type "
                f"({reasons})",
            )
            return "", {}
        for pointer, why in trial.warnings:
            report.warn("/response" + ("" if pointer == "/" else pointer), why)
        return key, schema

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name, "description": tool.description or name}
        if normalized.schema.get("properties"):
            out[normalized.extra["field"]] = normalized.schema
        if normalized.extra.get("response_field"):
            out[normalized.extra["response_field"]] = normalized.extra["response"]
        return out


ADAPTER: Final[AdapterFactory] = Gemini
