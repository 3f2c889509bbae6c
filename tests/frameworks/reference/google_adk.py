"""Google ADK: the ``FunctionDeclaration`` each agent sends the model for its function tools.

The tools are those of every agent bound at the top level of an imported corpus module (and
of their sub-agents), resolved as ADK resolves them for a request (``canonical_tools``: a
plain function becomes a ``FunctionTool``); each declaration is the one ``_get_declaration``
builds, which is what the LLM request carries. When the corpus defines no agent, every
public function defined in its modules is wrapped in a ``FunctionTool`` instead.

ADK 2.x describes parameters with ``parameters_json_schema`` (pydantic's JSON Schema, the
``JSON_SCHEMA_FOR_FUNC_DECL`` feature, on by default); with that feature off it builds a
Gemini ``Schema`` (``parameters``), which is converted here to JSON Schema's shape
(lower-case type names, ``anyOf``, ``nullable`` kept).
"""

from __future__ import annotations

import asyncio
import inspect
from types import ModuleType
from typing import Any

from google.adk.agents import BaseAgent, LlmAgent
from google.adk.tools import BaseTool, FunctionTool
from google.genai import types


def _agents(modules: list[ModuleType]) -> list[BaseAgent]:
    found: dict[int, BaseAgent] = {}
    pending = [v for m in modules for v in vars(m).values() if isinstance(v, BaseAgent)]
    while pending:
        agent = pending.pop()
        if id(agent) in found:
            continue
        found[id(agent)] = agent
        pending.extend(agent.sub_agents)
    return list(found.values())


def _tools(modules: list[ModuleType]) -> list[BaseTool]:
    agents = _agents(modules)
    if not agents:
        return [
            FunctionTool(value)
            for module in modules
            for name, value in sorted(vars(module).items())
            if inspect.isfunction(value)
            and not name.startswith("_")
            and value.__module__ == module.__name__
        ]
    tools: list[BaseTool] = []
    for agent in agents:
        if isinstance(agent, LlmAgent):
            tools.extend(asyncio.run(agent.canonical_tools()))
    return tools


def _json_schema(schema: types.Schema) -> dict[str, Any]:
    """A Gemini ``Schema`` in JSON Schema's shape."""
    data = schema.model_dump(mode="json", exclude_none=True, by_alias=True)

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(n) for n in node]
        if not isinstance(node, dict):
            return node
        out = {k: convert(v) for k, v in node.items() if k != "propertyOrdering"}
        if isinstance(out.get("type"), str):
            out["type"] = out["type"].lower()
        return out

    return convert(data)


def _entry(declaration: types.FunctionDeclaration) -> dict[str, Any]:
    if declaration.parameters_json_schema is not None:
        parameters = declaration.parameters_json_schema
    elif declaration.parameters is not None:
        parameters = _json_schema(declaration.parameters)
    else:
        parameters = {"type": "object", "properties": {}}
    return {
        "name": declaration.name,
        "description": declaration.description,
        "parameters": parameters,
    }


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = {}
    for tool in _tools(modules):
        if not isinstance(tool, FunctionTool):
            continue  # built-in and agent tools are not Python functions toolgen reads
        declaration = tool._get_declaration()
        if declaration is None:
            continue
        entry = _entry(declaration)
        if entry["name"] in entries and entries[entry["name"]] != entry:
            raise SystemExit(f"two different tools are named {entry['name']!r}")
        entries[entry["name"]] = entry
    return list(entries.values())
