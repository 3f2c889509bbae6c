"""Strands' side: every module-level ``@tool`` of the corpus, as its model provider receives it.

``strands.tool`` (strands/tools/decorator.py: ``tool``) turns a function into a
``DecoratedFunctionTool`` whose ``tool_spec`` (``FunctionToolMetadata.extract_metadata``) is what
``Agent`` hands every model provider: ``name``, ``description`` and ``inputSchema["json"]``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from reference_common import instances
from strands.tools.decorator import DecoratedFunctionTool


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools = []
    for tool in instances(modules, DecoratedFunctionTool):
        spec = tool.tool_spec
        tools.append(
            {
                "name": spec["name"],
                "description": spec.get("description"),
                "parameters": spec["inputSchema"]["json"],
            }
        )
    return tools
