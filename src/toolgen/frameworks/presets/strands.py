"""Strands Agents' preset: ``@tool``, its description the docstring but its parameter section."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework

_RULE = DecoratorRule(
    "strands",
    docstring=DocstringRule("without_params", True, empty="name", filler="Parameter {name}"),
)

FRAMEWORK: Final = Framework(
    "strands",
    "Strands Agents",
    ("strands",),
    {
        "strands.tool": _RULE,
        "strands.tools.tool": _RULE,
        "strands.tools.decorator.tool": _RULE,
    },
    injected_types=("strands.ToolContext", "strands.types.tools.ToolContext"),
    injected_names=("agent", "tool_context"),
)
