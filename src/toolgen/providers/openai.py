"""OpenAI Chat Completions and Responses function tools (docs/providers.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolgen.ir import JsonSchema, ToolDef
from toolgen.providers import transforms as t
from toolgen.providers.base import OPENAI_NAMES, AdapterOptions, NameRule, Normalized

_NON_STRICT_FOLD = ["if", "then", "else", "not", "dependentRequired", "dependentSchemas"]
DESCRIPTION_LIMIT = 1024


def _fold_non_strict(schema: JsonSchema, report: t.Report) -> JsonSchema:
    def node_fn(node: JsonSchema, pointer: str) -> JsonSchema:
        return t.fold(node, _NON_STRICT_FOLD, pointer, report, "is not accepted by OpenAI")

    return t.transform(schema, node_fn)


_LAST: dict[str, Any] = {}


def normalize(tool: ToolDef, options: AdapterOptions, report: t.Report) -> Normalized:
    """The strict pipeline when possible, else the non-strict one with the reasons reported.

    Chat Completions and Responses share it: the last result is kept (keyed by the tool and
    options, compared by identity and value) so the second adapter does not run it again.
    """
    last = _LAST.get("key")
    if last is not None and last[0] is tool and last[1] == options:
        saved: t.Report = _LAST["report"]
        report.warnings.extend(saved.warnings)
        report.errors.extend(saved.errors)
        report.nullable_optionals.extend(saved.nullable_optionals)
        return _LAST["result"]  # type: ignore[no-any-return]
    own = t.Report()
    result = _normalize(tool, options, own)
    _LAST.update(key=(tool, options), report=own, result=result)
    report.warnings.extend(own.warnings)
    report.errors.extend(own.errors)
    report.nullable_optionals.extend(own.nullable_optionals)
    return result


def _normalize(tool: ToolDef, options: AdapterOptions, report: t.Report) -> Normalized:
    base = [t.ensure_object_root, t.strip_meta]
    non_strict = [
        *base,
        t.inline_refs(options.recursion_depth),
        t.merge_all_of,
        t.complete_arrays(require_items=False),
        _fold_non_strict,
    ]
    if options.openai_strict:
        trial = t.Report()
        strict = t.run_passes(
            tool.parameters,
            [
                *base,
                t.inline_refs(options.recursion_depth, keep_cycles=True),
                t.merge_all_of,
                t.one_of_to_any_of,
                t.complete_arrays(require_items=True),
                t.strictify,
                t.fold_except(t.OPENAI_STRICT_KEYS, "is not accepted in strict mode"),
                t.restrict_formats(t.OPENAI_STRICT_FORMATS, "is not a format strict mode accepts"),
                t.check_openai_limits,
            ],
            trial,
        )
        if not trial.downgrades and not trial.errors:
            report.warnings.extend(trial.warnings)
            report.nullable_optionals.extend(trial.nullable_optionals)
            return Normalized(strict, strict=True)
        for pointer, why in trial.downgrades:
            report.warn(pointer, f"strict mode is off for this tool: {why}")
    return Normalized(t.run_passes(tool.parameters, non_strict, report), strict=False)


def _check_description(tool: ToolDef, report: t.Report) -> None:
    if len(tool.description) > DESCRIPTION_LIMIT:
        report.warn(
            "",
            f"the description is {len(tool.description)} characters; OpenAI has rejected "
            f"descriptions over {DESCRIPTION_LIMIT}",
        )


@dataclass(frozen=True, slots=True)
class OpenAIChat:
    """``TOOLS_OPENAI``: ``{"type": "function", "function": {...}}``."""

    options: AdapterOptions
    name: str = "openai"
    constant: str = "TOOLS_OPENAI"
    name_rule: NameRule = OPENAI_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Report) -> Normalized:
        _check_description(tool, report)
        return normalize(tool, self.options, report)

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        function: dict[str, Any] = {"name": name}
        if tool.description:
            function["description"] = tool.description
        function["parameters"] = normalized.schema
        function["strict"] = bool(normalized.strict)
        return {"type": "function", "function": function}


@dataclass(frozen=True, slots=True)
class OpenAIResponses:
    """``TOOLS_OPENAI_RESPONSES``: the flat Responses API shape, ``strict`` always explicit."""

    options: AdapterOptions
    name: str = "openai_responses"
    constant: str = "TOOLS_OPENAI_RESPONSES"
    name_rule: NameRule = OPENAI_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Report) -> Normalized:
        _check_description(tool, report)
        return normalize(tool, self.options, report)

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "function", "name": name}
        if tool.description:
            out["description"] = tool.description
        out["parameters"] = normalized.schema
        out["strict"] = bool(normalized.strict)
        return out
