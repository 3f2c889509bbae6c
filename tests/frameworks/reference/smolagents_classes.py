"""smolagents' side: every module-level ``@tool`` of the corpus, as a tool-calling model receives it.

``smolagents.tool`` (smolagents/tools.py: ``tool``) reads the function with ``get_json_schema``
(smolagents/_function_type_hints_utils.py) into a ``Tool`` instance: ``name``, ``description``
and ``inputs`` (``{name: {"type", "description", "nullable"?, "enum"?, ...}}``), which is not
JSON Schema (``"any"``, ``"nullable"``). ``ToolCallingAgent`` sends a model
``get_tool_json_schema(tool)`` (smolagents/models.py), smolagents' own conversion to JSON
Schema: ``"any"`` becomes ``"string"``, every input not marked nullable is required. That is the
schema taken here, for each module-level ``Tool`` instance and for each tool of each module-level
agent (``CodeAgent``/``ToolCallingAgent``, whose ``tools`` are its own: reported as its owner).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from reference_common import instances
from smolagents.agents import MultiStepAgent
from smolagents.models import get_tool_json_schema
from smolagents.tools import Tool


def _agents(modules: list[ModuleType]) -> list[tuple[str, MultiStepAgent]]:
    """Each module-level agent, named as toolgen names owners (``module:name``), in the module
    that assigns it."""
    found: dict[int, tuple[str, MultiStepAgent]] = {}
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, MultiStepAgent):
                found.setdefault(id(value), (f"{module.__name__}:{name}", value))
    return list(found.values())


def _sent(tool: Tool, owner: str = "") -> dict[str, Any]:
    function = get_tool_json_schema(tool)["function"]
    return {
        "name": function["name"],
        "description": function["description"],
        "parameters": function["parameters"],
        **({"owner": owner} if owner else {}),
    }


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools = [_sent(tool) for tool in instances(modules, Tool)]
    for owner, agent in _agents(modules):
        # ``agent.tools`` is what the agent sends, by name; final_answer is the agent's own.
        tools.extend(_sent(t, owner) for n, t in agent.tools.items() if n != "final_answer")
    return tools
