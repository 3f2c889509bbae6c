"""Provider adapters: the registry, and ``adapt`` which runs every adapter over a ``ToolSet``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Final

from toolgen.errors import Diagnostics
from toolgen.ir import ToolSet
from toolgen.providers.anthropic import Anthropic
from toolgen.providers.base import AdapterOptions, ProviderAdapter
from toolgen.providers.bedrock import Bedrock
from toolgen.providers.gemini import Gemini
from toolgen.providers.mcp import MCP
from toolgen.providers.openai import OpenAIChat, OpenAIResponses
from toolgen.providers.transforms import Report

ADAPTERS: Final[dict[str, Callable[[AdapterOptions], ProviderAdapter]]] = {
    "openai": OpenAIChat,
    "openai_responses": OpenAIResponses,
    "anthropic": Anthropic,
    "gemini": Gemini,
    "mcp": MCP,
    "bedrock": Bedrock,
}


@dataclass(frozen=True, slots=True)
class ProviderOutput:
    """One constant: its wire tools, wire name → tool name, and optional params made nullable."""

    provider: str
    constant: str
    tools: list[dict[str, Any]]
    name_map: dict[str, str]
    nullable_optionals: dict[str, list[str]]


def plain_tools(toolset: ToolSet) -> list[dict[str, Any]]:
    """``TOOLS``: the IR itself."""
    return [{"name": t.name, "description": t.description, "parameters": t.parameters}
            for t in toolset.tools]


def adapt(toolset: ToolSet, providers: tuple[str, ...], options: AdapterOptions,
          diags: Diagnostics) -> list[ProviderOutput]:
    """Every requested provider's constant, in registry order; lossy rewrites are warnings."""
    outputs = []
    for key in ADAPTERS:
        if key not in providers:
            continue
        adapter = ADAPTERS[key](options)
        wire_tools: list[dict[str, Any]] = []
        name_map: dict[str, str] = {}
        owners: dict[str, Any] = {}
        nullable: dict[str, list[str]] = {}
        for tool in toolset.tools:
            report = Report()
            normalized = adapter.normalize_schema(tool, report)
            wire_name = adapter.name_rule.normalize(tool.name)
            if wire_name != tool.name:
                report.warn("", f"name rewritten to '{wire_name}' (the generated name map leads back)")
            first = owners.setdefault(wire_name, tool)
            if first is not tool and first.name != tool.name:  # same names: reported once, by build
                diags.error(f"{key}: tools '{first.name}' ({first.span}) and '{tool.name}' both "
                            f"become '{wire_name}' for this provider", tool.span, "name-collision")
            for pointer, message in report.errors:
                diags.error(f"{key}: tool '{tool.name}' at {pointer}: {message}", tool.span, "provider")
            for pointer, message in report.warnings:
                where = "" if pointer == "/" else f" at {pointer}"
                diags.warning(f"{key}: tool '{tool.name}'{where}: {message}", tool.span, "lossy")
            if report.nullable_optionals:
                nullable[wire_name] = report.nullable_optionals
            wire_tools.append(adapter.wrap(tool, normalized, wire_name))
            name_map[wire_name] = tool.name
        outputs.append(ProviderOutput(key, adapter.constant, wire_tools, name_map, nullable))
    return outputs
