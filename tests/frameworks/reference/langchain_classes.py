"""LangChain's side for tools written as ``BaseTool`` classes and made by calls: every
module-level tool instance of the corpus, as the chat model receives it (the same as
``langchain.py``: tools are instances, whatever made them).

A ``@tool`` function becomes a ``StructuredTool`` (langchain_core/tools/convert.py: ``tool``,
tools/structured.py: ``StructuredTool.from_function``). What a chat model is sent is
``convert_to_openai_tool(tool)["function"]`` (utils/function_calling.py): the tool's name and
description, and its ``tool_call_schema`` (injected arguments left out) with ``$ref`` s inlined
and titles removed. Every ``bind_tools`` of langchain's chat model integrations goes through it.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from reference_common import instances


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools = []
    for tool in instances(modules, BaseTool):
        function = convert_to_openai_tool(tool)["function"]
        tools.append(
            {
                "name": function["name"],
                "description": function.get("description"),
                "parameters": function.get("parameters") or {"type": "object", "properties": {}},
            }
        )
    return tools
