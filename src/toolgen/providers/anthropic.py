"""Anthropic Messages tools: ``input_schema``, no root combinators (docs/providers.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import ToolDef
from toolgen.providers import share
from toolgen.providers import transforms as t
from toolgen.providers.base import (
    ANTHROPIC_NAMES,
    AdapterFactory,
    AdapterOptions,
    NameRule,
    Normalized,
)


@dataclass(frozen=True, slots=True)
class Anthropic:
    """``TOOLS_ANTHROPIC``: non-strict (strict has per-request budgets), JSON Schema kept."""

    options: AdapterOptions
    name: str = "anthropic"
    constant: str = "TOOLS_ANTHROPIC"
    name_rule: NameRule = ANTHROPIC_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        schema = t.run_passes(tool.parameters, [t.ensure_object_root, t.strip_meta], report)
        if self.options.share_defs == "auto":
            schema = share.share(schema, report, True, tool.parameters)
        return Normalized(schema)

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name}
        if tool.description:
            out["description"] = tool.description
        out["input_schema"] = normalized.schema
        if tool.examples:  # checked against the parameters when the tool was built
            out["input_examples"] = [dict(example) for example in tool.examples]
        if tool.defer_loading:
            out["defer_loading"] = True
        return out


ADAPTER: Final[AdapterFactory] = Anthropic
