"""Small, pure schema passes the adapters compose (docs/providers.md).

Every pass takes a schema and a :class:`Report`, returns a new schema, never mutates its
input, and is idempotent. Lossy rewrites are reported with a JSON pointer.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, cast

from toolgen.ir import JsonSchema, json_type

_MAPS: Final = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_LISTS: Final = ("prefixItems", "anyOf", "oneOf", "allOf")
_SINGLE: Final = (
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
_META: Final = ("$schema", "$id", "$comment", "$anchor", "$vocabulary", "$dynamicAnchor")
NULL: Final = {"type": "null"}


@dataclass(slots=True)
class Report:
    """What the passes did that loses information, and what cannot be expressed at all."""

    warnings: list[tuple[str, str]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    downgrades: list[tuple[str, str]] = field(default_factory=list)
    nullable_optionals: list[str] = field(default_factory=list)

    def warn(self, pointer: str, message: str) -> None:
        self.warnings.append((pointer or "/", message))

    def error(self, pointer: str, message: str) -> None:
        self.errors.append((pointer or "/", message))

    def downgrade(self, pointer: str, message: str) -> None:
        self.downgrades.append((pointer or "/", message))


Pass = Callable[[JsonSchema, Report], JsonSchema]
NodeFn = Callable[[JsonSchema, str], JsonSchema]


def _escape(key: str) -> str:
    if "~" not in key and "/" not in key:
        return key
    return key.replace("~", "~0").replace("/", "~1")


_KIND: Final = {
    **{k: "map" for k in _MAPS},
    **{k: "list" for k in _LISTS},
    **{k: "one" for k in _SINGLE},
}


def transform(schema: JsonSchema, fn: NodeFn, pointer: str = "") -> JsonSchema:
    """Apply ``fn`` to every subschema, children first.

    Returns a new tree that shares every subtree ``fn`` left alone: a pass that changes
    nothing costs a walk, not a copy. The input is never mutated.
    """
    node = schema
    for key, value in schema.items():
        kind = _KIND.get(key)
        if kind is None:
            continue
        if kind == "one":
            if isinstance(value, dict):
                t = transform(value, fn, f"{pointer}/{key}")
                if t is not value:
                    if node is schema:
                        node = dict(schema)
                    node[key] = t
        elif kind == "map":
            if isinstance(value, dict):
                new = None
                for k, v in value.items():
                    if isinstance(v, dict):
                        t = transform(v, fn, f"{pointer}/{key}/{_escape(k)}")
                        if t is not v:
                            if new is None:
                                new = dict(value)
                            new[k] = t
                if new is not None:
                    if node is schema:
                        node = dict(schema)
                    node[key] = new
        elif isinstance(value, list):
            items = None
            for i, v in enumerate(value):
                if isinstance(v, dict):
                    t = transform(v, fn, f"{pointer}/{key}/{i}")
                    if t is not v:
                        if items is None:
                            items = list(value)
                        items[i] = t
            if items is not None:
                if node is schema:
                    node = dict(schema)
                node[key] = items
    return fn(node, pointer)


def subschemas(schema: JsonSchema) -> list[JsonSchema]:
    """The direct subschemas of a node."""
    out: list[JsonSchema] = []
    for key, value in schema.items():
        kind = _KIND.get(key)
        if kind == "one":
            if isinstance(value, dict):
                out.append(value)
        elif kind == "map":
            if isinstance(value, dict):
                out.extend(v for v in value.values() if isinstance(v, dict))
        elif kind == "list" and isinstance(value, list):
            out.extend(v for v in value if isinstance(v, dict))
    return out


def fold(
    node: JsonSchema, keys: list[str], pointer: str, report: Report, why: str, warn: bool = True
) -> JsonSchema:
    """Move ``keys`` out of the node into its description (docs/providers.md, "Folding").

    ``warn=False`` is for folds that keep all the meaning (a default stated in words
    where ``null`` already means "omitted").
    """
    present = [k for k in node if k in keys]
    if not present:
        return node
    out = {k: v for k, v in node.items() if k not in present}
    note = (
        "{"
        + ", ".join(
            f"{k}: {json.dumps(node[k], ensure_ascii=False, sort_keys=True)}" for k in present
        )
        + "}"
    )
    description = out.get("description", "")
    out["description"] = f"{description}\n\n{note}" if description else note
    if warn:
        report.warn(pointer, f"{', '.join(present)} {why}; folded into the description")
    return out


def fold_except(allowed: frozenset[str], why: str) -> Pass:
    """A pass that folds every keyword outside ``allowed`` into the description."""

    def run(schema: JsonSchema, report: Report) -> JsonSchema:
        def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
            extra = [k for k in node if k not in allowed]
            return fold(node, extra, pointer, report, why) if extra else node

        return transform(schema, node_fn)

    run.__name__ = "fold_except"
    return run


# --- P1 root ------------------------------------------------------------------------------
def ensure_object_root(schema: JsonSchema, report: Report) -> JsonSchema:
    """P1: the root is ``type: object`` with ``properties``; root combinators are errors."""
    if (
        schema.get("type") == "object"
        and isinstance(schema.get("properties"), dict)
        and not any(k in schema for k in ("allOf", "anyOf", "oneOf", "not", "if"))
        and next(iter(schema)) == "type"
    ):
        return schema  # already an object root: shared, not copied
    out = dict(schema)
    if "allOf" in out:
        out = merge_all_of(out, report)
    for key in ("anyOf", "oneOf", "not", "if"):
        if key in out:
            report.error("", f"a root '{key}' is not accepted; the parameters must be one object")
    if out.get("type", "object") != "object":
        report.error("", f"the root must be an object, not {out.get('type')!r}")
    out["type"] = "object"
    out.setdefault("properties", {})
    return {"type": out.pop("type"), **out}


# --- P2 meta-strip ----------------------------------------------------------------------------
def strip_meta(schema: JsonSchema, report: Report) -> JsonSchema:
    """P2: drop ``$schema``, ``$id``, ``$comment``, ``$anchor``, ``x-*`` keys (nobody needs them)."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        if not any(k in _META or k.startswith("x-") for k in node):
            return node
        return {k: v for k, v in node.items() if k not in _META and not k.startswith("x-")}

    return transform(schema, node_fn)


# --- P3 inline refs ---------------------------------------------------------------------------
def _resolve_pointer(root: JsonSchema, ref: str) -> JsonSchema | None:
    if not ref.startswith("#"):
        return None
    node: Any = root
    for part in ref[1:].split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node if isinstance(node, dict) else None


def ref_cycles(schema: JsonSchema) -> set[str]:
    """The local refs that can reach themselves (recursive types)."""
    graph: dict[str, set[str]] = {}

    def refs(node: Any) -> set[str]:
        found: set[str] = set()
        stack = [node]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if isinstance(item.get("$ref"), str):
                    found.add(item["$ref"])
                stack.extend(v for k, v in item.items() if k not in ("$defs", "definitions"))
            elif isinstance(item, list):
                stack.extend(item)
        return found

    pending = list(refs(schema))
    while pending:
        ref = pending.pop()
        if ref in graph:
            continue
        target = _resolve_pointer(schema, ref)
        graph[ref] = refs(target) if target is not None else set()
        pending.extend(graph[ref])
    cyclic = set()
    for start, targets in graph.items():
        stack, seen = list(targets), set()
        while stack:
            ref = stack.pop()
            if ref == start:
                cyclic.add(start)
                break
            if ref not in seen:
                seen.add(ref)
                stack.extend(graph.get(ref, ()))
    return cyclic


_INLINED: dict[str, Any] = {}


def inline_refs(depth: int = 3, keep_cycles: bool = False) -> Pass:
    """P3: replace local ``$ref`` s by their targets (siblings win), then drop ``$defs``.

    A cycle is unrolled ``depth`` more times and then cut with a warning, unless
    ``keep_cycles``: then recursive refs stay refs and their ``$defs`` are kept.
    """

    def run(schema: JsonSchema, report: Report) -> JsonSchema:
        # Gemini and Bedrock inline the same tool's (shared, unchanged) schema: the last result
        # is kept by identity, with the warnings it reported, so the second run is free.
        last = _INLINED.get("key")
        if last is not None and last[0] is schema and last[1:] == (depth, keep_cycles):
            report.warnings.extend(_INLINED["warnings"])
            report.errors.extend(_INLINED["errors"])
            return cast(JsonSchema, _INLINED["result"])
        own = Report()
        result = _inline(schema, own)
        _INLINED.update(
            key=(schema, depth, keep_cycles),
            result=result,
            warnings=own.warnings,
            errors=own.errors,
        )
        report.warnings.extend(own.warnings)
        report.errors.extend(own.errors)
        return result

    def _inline(schema: JsonSchema, report: Report) -> JsonSchema:
        cyclic = ref_cycles(schema) if keep_cycles else set()
        kept: dict[str, JsonSchema] = {}
        cut_reported: set[str] = set()

        def expand(node: Any, pointer: str, stack: tuple[str, ...]) -> Any:
            if isinstance(node, list):
                return [expand(v, f"{pointer}/{i}", stack) for i, v in enumerate(node)]
            if not isinstance(node, dict):
                return node
            ref = node.get("$ref")
            if isinstance(ref, str):
                siblings = {k: v for k, v in node.items() if k != "$ref"}
                if not ref.startswith("#"):
                    report.error(pointer, f"remote $ref '{ref}' cannot be resolved")
                    return {k: v for k, v in node.items() if k != "$ref"}
                target = _resolve_pointer(schema, ref)
                if target is None:
                    report.error(pointer, f"$ref '{ref}' points nowhere")
                    return siblings
                if ref in cyclic:
                    name = ref.rsplit("/", 1)[-1]
                    if name not in kept:
                        kept[name] = {}
                        kept[name] = expand(target, f"/$defs/{name}", (ref,))
                    new_ref = f"#/$defs/{name}"
                    if not siblings:
                        return {"$ref": new_ref}
                    return {
                        **{k: expand(v, f"{pointer}/{k}", stack) for k, v in siblings.items()},
                        "$ref": new_ref,
                    }
                if stack.count(ref) > depth:
                    name = ref.rsplit("/", 1)[-1]
                    if name not in cut_reported:
                        cut_reported.add(name)
                        report.warn(
                            pointer,
                            f"recursive type '{name}' unrolled {depth} levels, then "
                            "cut (raise recursion_depth to go deeper)",
                        )
                    cut = {"type": "object", "description": f"<recursive: {name}>"}
                    return {**cut, **{k: v for k, v in siblings.items() if k == "description"}}
                merged = {**target, **siblings}
                merged.pop("$defs", None)
                merged.pop("definitions", None)
                return expand(merged, pointer, (*stack, ref))
            return {
                k: (
                    expand(v, f"{pointer}/{_escape(k)}", stack)
                    if k not in ("$defs", "definitions")
                    else v
                )
                for k, v in node.items()
            }

        out = expand(schema, "", ())
        out.pop("$defs", None)
        out.pop("definitions", None)
        if kept:
            out["$defs"] = {k: kept[k] for k in sorted(kept)}
        return cast(JsonSchema, out)

    run.__name__ = "inline_refs"
    return run


# --- P4 allOf ---------------------------------------------------------------------------------
def merge_all_of(schema: JsonSchema, report: Report) -> JsonSchema:
    """P4: merge ``allOf`` branches into their parent (properties and required unioned)."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        branches = node.get("allOf")
        if not isinstance(branches, list):
            return node
        out = {k: v for k, v in node.items() if k != "allOf"}
        for i, branch in enumerate(branches):
            if "$ref" in branch:
                report.error(f"{pointer}/allOf/{i}", "allOf with a $ref must be inlined first")
                continue
            for key, value in branch.items():
                if key == "properties":
                    props = dict(out.get("properties", {}))
                    for name, sub in value.items():
                        if name in props and props[name] != sub:
                            report.error(
                                f"{pointer}/allOf/{i}/properties/{_escape(name)}",
                                f"allOf branches disagree on property '{name}'",
                            )
                        props[name] = sub
                    out["properties"] = props
                elif key == "required":
                    out["required"] = list(dict.fromkeys([*out.get("required", []), *value]))
                elif key == "type" and "type" in out and out["type"] != value:
                    if {out["type"], value} == {"integer", "number"}:
                        out["type"] = "integer"
                    else:
                        report.error(f"{pointer}/allOf/{i}", "allOf branches disagree on the type")
                else:
                    out.setdefault(key, value)
        return out

    return transform(schema, node_fn)


# --- P5 oneOf → anyOf -------------------------------------------------------------------------
def one_of_to_any_of(schema: JsonSchema, report: Report) -> JsonSchema:
    """P5: ``oneOf`` becomes ``anyOf`` (exclusivity is not enforceable by a model); drop ``discriminator``."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        if "oneOf" not in node and "discriminator" not in node:
            return node
        out = {k: v for k, v in node.items() if k not in ("oneOf", "discriminator")}
        if "oneOf" in node:
            out["anyOf"] = [*out.get("anyOf", []), *node["oneOf"]]
        return out

    return transform(schema, node_fn)


# --- P7 arrays ----------------------------------------------------------------------------------
def complete_arrays(require_items: bool) -> Pass:
    """P7: tuples (``prefixItems``) become ``items`` + lengths; objects with ``required`` get ``properties``."""

    def run(schema: JsonSchema, report: Report) -> JsonSchema:
        def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
            out = node
            if "prefixItems" in node:
                out = {k: v for k, v in node.items() if k != "prefixItems"}
                distinct: list[JsonSchema] = []
                for item in node["prefixItems"]:
                    if item not in distinct:
                        distinct.append(item)
                if "items" not in node:
                    out["items"] = (
                        distinct[0]
                        if len(distinct) == 1
                        else ({"anyOf": distinct} if distinct else {})
                    )
                out.setdefault("minItems", len(node["prefixItems"]))
                out.setdefault("maxItems", len(node["prefixItems"]))
                report.warn(
                    pointer,
                    "tuple positions are not expressible; described as an array "
                    "of its item types",
                )
            if out.get("type") == "array" and "items" not in out and require_items:
                out = {**out, "items": {}}
            if "required" in out and "properties" not in out:
                out = {**out, "properties": {}}
            return out

        return transform(schema, node_fn)

    run.__name__ = "complete_arrays"
    return run


# --- OpenAI strict --------------------------------------------------------------------------------
OPENAI_STRICT_FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)
OPENAI_STRICT_KEYS: Final = frozenset(
    {
        "type",
        "enum",
        "const",
        "anyOf",
        "$ref",
        "$defs",
        "description",
        "title",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "pattern",
        "format",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "minItems",
        "maxItems",
    }
)


def _nullable(schema: JsonSchema) -> JsonSchema:
    """The schema, accepting ``null`` too, in the simplest spelling."""
    kind = schema.get("type")
    if schema == {} or kind == "null" or (isinstance(kind, list) and "null" in kind):
        return schema
    if "anyOf" in schema:
        if NULL in schema["anyOf"]:
            return schema
        return {**schema, "anyOf": [*schema["anyOf"], NULL]}
    if (
        isinstance(kind, str)
        and "enum" not in schema
        and "const" not in schema
        and "$ref" not in schema
    ):
        return {**schema, "type": [kind, "null"]}
    outer: JsonSchema = {k: schema[k] for k in ("description", "title") if k in schema}
    inner = {k: v for k, v in schema.items() if k not in outer}
    return {"anyOf": [inner, NULL], **outer}


def strictify(schema: JsonSchema, report: Report) -> JsonSchema:
    """OpenAI strict steps 4–5: every property required (optional → nullable), objects closed."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        is_object = node.get("type") == "object" or "properties" in node
        if not is_object:
            return node
        out = dict(node)
        properties = dict(out.get("properties", {}))
        required = out.get("required", [])
        for name, sub in properties.items():
            if name not in required:
                sub = fold(
                    sub,
                    ["default"],
                    f"{pointer}/properties/{_escape(name)}",
                    report,
                    "is not accepted in strict mode",
                    warn=False,
                )
                properties[name] = _nullable(sub)
                if pointer == "":
                    report.nullable_optionals.append(name)
        out["properties"] = properties
        out["required"] = list(properties)
        extra = out.get("additionalProperties", False)
        if extra is not False:
            report.downgrade(pointer, "a free-form object (dict) cannot be strict")
        out["additionalProperties"] = False
        return out

    return transform(schema, node_fn)


def restrict_formats(allowed: frozenset[str], why: str) -> Pass:
    """Fold ``format`` values a provider does not accept."""

    def run(schema: JsonSchema, report: Report) -> JsonSchema:
        def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
            if "format" in node and node["format"] not in allowed:
                return fold(node, ["format"], pointer, report, why)
            return node

        return transform(schema, node_fn)

    run.__name__ = "restrict_formats"
    return run


def check_openai_limits(schema: JsonSchema, report: Report) -> JsonSchema:
    """OpenAI strict step 7: ≤5000 properties, ≤10 levels, ≤1000 enum values, ≤120 000 chars."""
    props = enum_values = chars = 0
    deepest = 0
    stack: list[tuple[JsonSchema, int]] = [(schema, 1)]
    while stack:
        node, level = stack.pop()
        nested = level + (1 if node.get("type") in ("object", "array") and level > 1 else 0)
        deepest = max(deepest, nested)
        properties = node.get("properties", {})
        props += len(properties)
        chars += sum(len(k) for k in properties) + sum(len(k) for k in node.get("$defs", {}))
        values = node.get("enum", [])
        enum_values += len(values)
        strings = [v for v in values if isinstance(v, str)]
        chars += sum(len(v) for v in strings)
        if len(strings) > 250 and sum(len(v) for v in strings) > 15_000:
            report.downgrade("", "an enum of more than 250 values is longer than 15,000 characters")
        if isinstance(node.get("const"), str):
            chars += len(node["const"])
        stack.extend((child, nested) for child in subschemas(node))
    for value, limit, what in (
        (props, 5000, "object properties"),
        (deepest, 10, "nesting levels"),
        (enum_values, 1000, "enum values"),
        (chars, 120_000, "characters of names and values"),
    ):
        if value > limit:
            report.downgrade("", f"{value} {what} exceed strict mode's limit of {limit}")
    return schema


# --- Gemini -----------------------------------------------------------------------------------------
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

    def run(schema: JsonSchema, report: Report) -> JsonSchema:
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
    return run


def gemini_values(schema: JsonSchema, report: Report) -> JsonSchema:
    """``const`` → one-value enum, non-string enums folded, exclusive bounds, ``examples``."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
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

    def run(schema: JsonSchema, report: Report) -> JsonSchema:
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
    return run


def hoist_single_any_of(schema: JsonSchema, report: Report) -> JsonSchema:
    """An ``anyOf`` with one branch left is merged into its parent (the parent's description wins)."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        branches = node.get("anyOf")
        if isinstance(branches, list) and len(branches) == 1:
            rest = {k: v for k, v in node.items() if k != "anyOf"}
            return {**branches[0], **rest}
        return node

    return transform(schema, node_fn)


def type_arrays_to_any_of(schema: JsonSchema, report: Report) -> JsonSchema:
    """``type: [A, B]`` → ``anyOf`` of single-type branches (for targets without type arrays)."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        kind = node.get("type")
        if not isinstance(kind, list):
            return node
        rest = {k: v for k, v in node.items() if k != "type"}
        outer: JsonSchema = {k: rest.pop(k) for k in ("description", "title") if k in rest}
        return {
            "anyOf": [{"type": t, **rest} if t != "null" else {"type": "null"} for t in kind],
            **outer,
        }

    return transform(schema, node_fn)


def empty_object_closed(schema: JsonSchema, report: Report) -> JsonSchema:
    """A tool without parameters: ``{"type": "object", "properties": {}, "additionalProperties": false}``."""
    if schema.get("properties") == {} and "additionalProperties" not in schema and len(schema) == 2:
        return {**schema, "additionalProperties": False}
    return schema


def run_passes(schema: JsonSchema, passes: list[Pass], report: Report) -> JsonSchema:
    """Apply ``passes`` in order."""
    for step in passes:
        schema = step(schema, report)
    return schema
