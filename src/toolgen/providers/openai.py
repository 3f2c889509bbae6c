"""OpenAI Chat Completions function tools, and the strict-mode schema the Responses API
shares (docs/providers.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import JsonSchema, ToolDef
from toolgen.providers import limits, refs, share
from toolgen.providers import transforms as t
from toolgen.providers.base import (
    OPENAI_NAMES,
    AdapterFactory,
    AdapterOptions,
    NameRule,
    Normalized,
)
from toolgen.providers.transforms import NULL, Losses, fold, transform

# --- strict mode (Structured Outputs): its subset, and the passes that reach it ----------

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


def accepts_null(node: JsonSchema, root: JsonSchema, seen: frozenset[str] = frozenset()) -> bool:
    """Whether ``null`` is valid against ``node`` (local ``$ref`` s followed in ``root``)."""
    kind = node.get("type")
    if isinstance(kind, str) and kind != "null":
        return False
    if isinstance(kind, list) and "null" not in kind:
        return False
    if "enum" in node and None not in node["enum"]:
        return False
    if "const" in node and node["const"] is not None:
        return False
    if isinstance(node.get("anyOf"), list) and not any(
        accepts_null(b, root, seen) for b in node["anyOf"] if isinstance(b, dict)
    ):
        return False
    if isinstance(node.get("oneOf"), list) and not any(
        accepts_null(b, root, seen) for b in node["oneOf"] if isinstance(b, dict)
    ):
        return False
    if isinstance(node.get("allOf"), list) and not all(
        accepts_null(b, root, seen) for b in node["allOf"] if isinstance(b, dict)
    ):
        return False
    ref = node.get("$ref")
    if isinstance(ref, str) and ref not in seen:
        target = refs.resolve_pointer(root, ref)
        if isinstance(target, dict) and not accepts_null(target, root, seen | {ref}):
            return False
    return True


def strictify(schema: JsonSchema, report: Losses) -> JsonSchema:
    """OpenAI strict steps 4–5: every property required (optional → nullable), objects closed.

    Where the IR did not let an optional property be null, ``null`` now means "left out":
    each such place is recorded (:attr:`Losses.omitted_nulls`), at every depth, so the call
    that comes back can be undone."""

    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        is_object = node.get("type") == "object" or "properties" in node
        if not is_object:
            return node
        out = dict(node)
        properties = dict(out.get("properties", {}))
        required = out.get("required", [])
        for name, sub in properties.items():
            if name not in required:
                here = f"{pointer}/properties/{t.escape_pointer(name)}"
                if not accepts_null(sub, schema):
                    report.omitted_nulls.append(here)
                if "default" in sub:
                    why = "is not accepted in strict mode"
                    sub = fold(sub, ["default"], here, report, why, warn=False)
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


_NON_STRICT_FOLD = ["if", "then", "else", "not", "dependentRequired", "dependentSchemas"]


def _fold_non_strict(schema: JsonSchema, report: t.Losses) -> JsonSchema:
    return t.fold_keys(
        schema,
        lambda node: [k for k in _NON_STRICT_FOLD if k in node],
        lambda node, keys, pointer: t.fold(
            node, keys, pointer, report, "is not accepted by OpenAI"
        ),
    )


def normalize(tool: ToolDef, options: AdapterOptions, report: t.Losses) -> Normalized:
    """The strict pipeline when possible, else the non-strict one with the reasons reported.

    Chat Completions and Responses share it: the result is kept in the tool's memo (keyed by
    the options, the tool compared by identity) so the second adapter does not run it again.
    """
    last = report.memo.get(("openai", options))
    if last is not None and last[0] is tool:
        saved: t.Losses = last[1]
        report.take(saved)
        return last[2]  # type: ignore[no-any-return]
    own = t.Losses(memo=report.memo)
    result = _normalize(tool, options, own)
    if options.share_defs == "auto":  # strict mode refuses keywords beside a $ref: none kept
        result = Normalized(share.share(result.schema, own, False, tool.parameters), result.strict)
    report.memo[("openai", options)] = (tool, own, result)
    report.take(own)
    return result


def _normalize(tool: ToolDef, options: AdapterOptions, report: t.Losses) -> Normalized:
    base = [t.ensure_object_root, t.strip_meta]
    limit = options.max_inline_kb * 1024
    non_strict = [t.merge_all_of, t.complete_arrays(require_items=False), _fold_non_strict]
    if options.openai_strict and tool.strict is not False:
        trial = t.Losses(memo=report.memo)
        strict = t.run_passes(
            tool.parameters,
            [
                *base,
                refs.inline_refs(options.recursion_depth, keep_cycles=True, max_bytes=limit),
                t.merge_all_of,
                t.one_of_to_any_of,
                t.complete_arrays(require_items=True),
                strictify,
            ],
            trial,
        )
        if trial.downgrades or trial.errors:
            # Not strict, whatever the folds after would do: they are skipped (what they say is
            # not said of a form not sent). The limits are still checked, and count the same
            # before the folds as after, so that every reason strict mode is off is said.
            limits.check_openai_strict(strict, trial)
        else:
            strict = t.run_passes(
                strict,
                [
                    t.fold_except(OPENAI_STRICT_KEYS, "is not accepted in strict mode"),
                    t.restrict_formats(
                        OPENAI_STRICT_FORMATS, "is not a format strict mode accepts"
                    ),
                    limits.check_openai_strict,
                ],
                trial,
            )
        if not trial.downgrades and not trial.errors:
            report.take(trial)
            return Normalized(strict, strict=True)
        for pointer, why in trial.downgrades:
            report.warn(pointer, f"strict mode is off for this tool: {why}")
    trial = t.Losses(memo=report.memo)
    inlined = refs.inline_refs(options.recursion_depth, max_bytes=limit)
    schema = t.run_passes(tool.parameters, [*base, inlined, *non_strict], trial)
    if not trial.downgrades:
        report.take(trial)
        return Normalized(schema, strict=False)
    # Past the bounds of inlining, the fallback form: the schema's $refs and $defs as they are
    # (non-strict tools take any JSON Schema).
    report.warn("", f"sent with its $refs kept, because {trial.reasons()}")
    return Normalized(t.run_passes(tool.parameters, [*base, *non_strict], report), strict=False)


@dataclass(frozen=True, slots=True)
class OpenAIChat:
    """``TOOLS_OPENAI``: ``{"type": "function", "function": {...}}``."""

    options: AdapterOptions
    name: str = "openai"
    constant: str = "TOOLS_OPENAI"
    name_rule: NameRule = OPENAI_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        limits.check_description(tool.description, report)
        return normalize(tool, self.options, report)

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        function: dict[str, Any] = {"name": name}
        if tool.description:
            function["description"] = tool.description
        function["parameters"] = normalized.schema
        function["strict"] = bool(normalized.strict)
        return {"type": "function", "function": function}


ADAPTER: Final[AdapterFactory] = OpenAIChat
