"""OpenAI Responses function tools: the flat shape, around the schema Chat Completions sends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import ToolDef
from toolgen.providers import limits
from toolgen.providers import transforms as t
from toolgen.providers.base import (
    OPENAI_NAMES,
    AdapterFactory,
    AdapterOptions,
    NameRule,
    Normalized,
)
from toolgen.providers.openai import normalize


@dataclass(frozen=True, slots=True)
class OpenAIResponses:
    """``TOOLS_OPENAI_RESPONSES``: the flat Responses API shape, ``strict`` always explicit."""

    options: AdapterOptions
    name: str = "openai_responses"
    constant: str = "TOOLS_OPENAI_RESPONSES"
    name_rule: NameRule = OPENAI_NAMES

    def normalize_schema(self, tool: ToolDef, report: t.Losses) -> Normalized:
        limits.check_description(tool.description, report)
        return normalize(tool, self.options, report)

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "function", "name": name}
        if tool.description:
            out["description"] = tool.description
        out["parameters"] = normalized.schema
        out["strict"] = bool(normalized.strict)
        if tool.defer_loading:  # Responses only: Chat Completions has no such field
            out["defer_loading"] = True
        return out


ADAPTER: Final[AdapterFactory] = OpenAIResponses
