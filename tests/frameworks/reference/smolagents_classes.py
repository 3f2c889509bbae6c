"""smolagents' side: every module-level ``@tool`` of the corpus, as a tool-calling model receives it.

``smolagents.tool`` (smolagents/tools.py: ``tool``) reads the function with ``get_json_schema``
(smolagents/_function_type_hints_utils.py) into a ``Tool`` instance: ``name``, ``description``
and ``inputs`` (``{name: {"type", "description", "nullable"?, "enum"?, ...}}``), which is not
JSON Schema (``"any"``, ``"nullable"``). ``ToolCallingAgent`` sends a model
``get_tool_json_schema(tool)`` (smolagents/models.py), smolagents' own conversion to JSON
Schema: ``"any"`` becomes ``"string"``, every input not marked nullable is required. That is the
schema taken here.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from reference_common import instances
from smolagents.models import get_tool_json_schema
from smolagents.tools import Tool


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools = []
    for tool in instances(modules, Tool):
        function = get_tool_json_schema(tool)["function"]
        tools.append(
            {
                "name": function["name"],
                "description": function["description"],
                "parameters": function["parameters"],
            }
        )
    return tools
