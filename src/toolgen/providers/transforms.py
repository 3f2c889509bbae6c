"""Small, pure schema passes that several adapters compose (docs/providers.md); a pass only one
provider needs lives in that provider's module (OpenAI's strict mode, Gemini's OpenAPI subset).

Every pass takes a schema and a :class:`Losses`, returns a new schema, never mutates its
input, and is idempotent. Lossy rewrites are reported with a JSON pointer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from toolgen.ir import JsonSchema

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
_META: Final = frozenset({"$schema", "$id", "$comment", "$anchor", "$vocabulary", "$dynamicAnchor"})
NULL: Final = {"type": "null"}


@dataclass(slots=True)
class Losses:
    """What the passes did that loses information, and what cannot be expressed at all."""

    warnings: list[tuple[str, str]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    downgrades: list[tuple[str, str]] = field(default_factory=list)
    nullable_optionals: list[str] = field(default_factory=list)
    omitted_nulls: list[str] = field(default_factory=list)
    """Where a pass made an optional property nullable that the IR did not let be null (its
    schema pointer): there, ``null`` in a call means the argument was left out."""
    memo: dict[Any, Any] = field(default_factory=dict)
    """Results one provider's passes computed that another's can reuse for the same tool (the
    caller shares one dict across one tool's providers; its life is that tool's adaptation)."""

    def warn(self, pointer: str, message: str) -> None:
        self.warnings.append((pointer or "/", message))

    def error(self, pointer: str, message: str) -> None:
        self.errors.append((pointer or "/", message))

    def downgrade(self, pointer: str, message: str) -> None:
        self.downgrades.append((pointer or "/", message))

    def take(self, trial: Losses) -> None:
        """What a trial run reported, but its downgrades (which decided against its form), as
        this report's own."""
        self.warnings.extend(trial.warnings)
        self.errors.extend(trial.errors)
        self.nullable_optionals.extend(trial.nullable_optionals)
        self.omitted_nulls.extend(trial.omitted_nulls)

    def reasons(self) -> str:
        """The downgrades' reasons, in one line."""
        return "; ".join(why for _, why in self.downgrades)


Pass = Callable[[JsonSchema, Losses], JsonSchema]
NodeFn = Callable[[JsonSchema, str], JsonSchema]


def escape_pointer(key: str) -> str:
    if "~" not in key and "/" not in key:
        return key
    return key.replace("~", "~0").replace("/", "~1")


_KIND: Final = {
    **{k: "map" for k in _MAPS},
    **{k: "list" for k in _LISTS},
    **{k: "one" for k in _SINGLE},
}

NESTING: Final = frozenset(_KIND)
"""The keys whose values hold subschemas."""


def transform(
    schema: JsonSchema, fn: NodeFn, pointer: str = "", before: NodeFn | None = None
) -> JsonSchema:
    """Apply ``fn`` to every subschema, children first (and ``before``, if given, to each
    node before its children: what it takes out of a node is not walked).

    Returns a new tree that shares every subtree ``fn`` left alone: a pass that changes
    nothing costs a walk, not a copy. The input is never mutated.
    """
    if before is not None:
        schema = before(schema, pointer)
    if NESTING.isdisjoint(schema):  # a leaf, as most nodes are: no loop over its keys
        return fn(schema, pointer)
    node = schema
    for key, value in schema.items():
        kind = _KIND.get(key)
        if kind is None:
            continue
        if kind == "one":
            if isinstance(value, dict):
                t = transform(value, fn, f"{pointer}/{key}", before)
                if t is not value:
                    if node is schema:
                        node = dict(schema)
                    node[key] = t
        elif kind == "map":
            if isinstance(value, dict):
                new = None
                here = f"{pointer}/{key}/"  # every pass makes each pointer, for a few messages
                for k, v in value.items():
                    if isinstance(v, dict):
                        at = here + (k if "~" not in k and "/" not in k else escape_pointer(k))
                        t = transform(v, fn, at, before)
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
                    t = transform(v, fn, f"{pointer}/{key}/{i}", before)
                    if t is not v:
                        if items is None:
                            items = list(value)
                        items[i] = t
            if items is not None:
                if node is schema:
                    node = dict(schema)
                node[key] = items
    return fn(node, pointer)


def subschemas(schema: JsonSchema, within: frozenset[str] = NESTING) -> list[JsonSchema]:
    """The direct subschemas of a node (those under the keys ``within``), in its keys' order."""
    out: list[JsonSchema] = []
    for key, value in schema.items():
        kind = _KIND.get(key) if key in within else None
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
    node: JsonSchema, keys: list[str], pointer: str, report: Losses, why: str, warn: bool = True
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


def _same(node: JsonSchema, pointer: str) -> JsonSchema:
    return node


def fold_keys(
    schema: JsonSchema,
    keys: Callable[[JsonSchema], list[str]],
    fold_node: Callable[[JsonSchema, list[str], str], JsonSchema],
) -> JsonSchema:
    """Fold what ``keys`` picks of each node, parents first: a folded subschema is written
    into the description as it was, once. (Children first, a subschema's own folds would be
    written out again at each level above, escaped once more each time: ``not`` within
    ``not`` 25 times made gigabytes.)"""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        extra = keys(node)
        return fold_node(node, extra, pointer) if extra else node

    return transform(schema, _same, before=node_fn)


def fold_except(allowed: frozenset[str], why: str) -> Pass:
    """A pass that folds every keyword outside ``allowed`` into the description."""

    def run(schema: JsonSchema, report: Losses) -> JsonSchema:
        return fold_keys(
            schema,
            lambda node: [] if allowed.issuperset(node) else [k for k in node if k not in allowed],
            lambda node, extra, pointer: fold(node, extra, pointer, report, why),
        )

    run.__name__ = "fold_except"
    run.key = ("fold_except", allowed, why)  # type: ignore[attr-defined]
    return run


# --- P1 root ------------------------------------------------------------------------------
def ensure_object_root(schema: JsonSchema, report: Losses) -> JsonSchema:
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
def strip_meta(schema: JsonSchema, report: Losses) -> JsonSchema:
    """P2: drop ``$schema``, ``$id``, ``$comment``, ``$anchor``, ``x-*`` keys (nobody needs them)."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        for key in node:  # a loop, not any() over a generator: most nodes have no such key
            if key in _META or key.startswith("x-"):
                return {k: v for k, v in node.items() if k not in _META and not k.startswith("x-")}
        return node

    return transform(schema, node_fn)


# --- P4 allOf ---------------------------------------------------------------------------------
def merge_all_of(schema: JsonSchema, report: Losses) -> JsonSchema:
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
                                f"{pointer}/allOf/{i}/properties/{escape_pointer(name)}",
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
def one_of_to_any_of(schema: JsonSchema, report: Losses) -> JsonSchema:
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

    def run(schema: JsonSchema, report: Losses) -> JsonSchema:
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
    run.key = ("complete_arrays", require_items)  # type: ignore[attr-defined]
    return run


# --- OpenAI strict --------------------------------------------------------------------------------
def restrict_formats(allowed: frozenset[str], why: str) -> Pass:
    """Fold ``format`` values a provider does not accept."""

    def run(schema: JsonSchema, report: Losses) -> JsonSchema:
        def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
            if "format" in node and node["format"] not in allowed:
                return fold(node, ["format"], pointer, report, why)
            return node

        return transform(schema, node_fn)

    run.__name__ = "restrict_formats"
    run.key = ("restrict_formats", allowed, why)  # type: ignore[attr-defined]
    return run


def hoist_single_any_of(schema: JsonSchema, report: Losses) -> JsonSchema:
    """An ``anyOf`` with one branch left is merged into its parent (the parent's description wins)."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        branches = node.get("anyOf")
        if isinstance(branches, list) and len(branches) == 1:
            rest = {k: v for k, v in node.items() if k != "anyOf"}
            return {**branches[0], **rest}
        return node

    return transform(schema, node_fn)


def type_arrays_to_any_of(schema: JsonSchema, report: Losses) -> JsonSchema:
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


def empty_object_closed(schema: JsonSchema, report: Losses) -> JsonSchema:
    """A tool without parameters: ``{"type": "object", "properties": {}, "additionalProperties": false}``."""
    if schema.get("properties") == {} and "additionalProperties" not in schema and len(schema) == 2:
        return {**schema, "additionalProperties": False}
    return schema


def pass_key(step: Pass) -> Any:
    """What identifies a pass: the function, or for one a factory made, the factory's name and
    arguments (each call of the factory makes a new function that does the same)."""
    return getattr(step, "key", step)


def run_passes(schema: JsonSchema, passes: list[Pass], report: Losses) -> JsonSchema:
    """Apply ``passes`` in order.

    The providers' pipelines start alike (object root, meta keys stripped, refs inlined, ...)
    and run over one tool's schema: a step whose pass already ran, in this tool's
    :attr:`Losses.memo`, on the very same input object (a pass never mutates it and is pure)
    takes that result and says again what it reported, instead of walking the tree again."""
    memo = report.memo
    for step in passes:
        key = ("pass", pass_key(step), id(schema))
        last = memo.get(key)
        if last is not None and last[0] is schema:
            schema, said = last[1], last[2]
        else:
            said = Losses(memo=memo)
            result = step(schema, said)
            memo[key] = (schema, result, said)  # the input is kept: its id stays its own
            schema = result
        report.warnings.extend(said.warnings)
        report.errors.extend(said.errors)
        report.downgrades.extend(said.downgrades)
        report.nullable_optionals.extend(said.nullable_optionals)
        report.omitted_nulls.extend(said.omitted_nulls)
    return schema
