"""AutoGen's schemas for a corpus: what its OpenAI client sends for each agent's tools.

``AssistantAgent.__init__`` (autogen-agentchat 0.7.5, agents/_assistant_agent.py) keeps each
``BaseTool`` of its ``tools`` and wraps each plain function as ``FunctionTool(f,
description=f.__doc__ or "")``; a ``StaticWorkbench`` lists its tools' schemas
(``list_tools``, after its overrides). Each tool's ``BaseTool.schema`` (autogen-core 0.7.5,
tools/_base.py) is the ``ToolSchema`` ``{name, description, parameters, strict}`` built from
the pydantic model of the function's signature (``$defs`` inlined by jsonref);
``OpenAIChatCompletionClient`` sends it as it is (autogen-ext, ``convert_tools``: ``name``,
``description``, ``parameters``, ``strict``), which this adapter does without importing the
OpenAI client (it needs ``openai`` and ``tiktoken``).

``collect`` takes every ``AssistantAgent`` and ``StaticWorkbench`` bound at module level, and
every ``FunctionTool`` bound at module level that no agent holds (a tool of no agent); each
agent's tools are reported as its own (``module:name``, the owner toolgen names). The agents'
model client is autogen-ext's ``ReplayChatCompletionClient``: nothing calls the network.
"""

from __future__ import annotations

import asyncio
from types import ModuleType
from typing import Any

from autogen_agentchat.agents import AssistantAgent
from autogen_core.tools import BaseTool, StaticWorkbench
from reference_common import instances, owners


def _wire(schema: Any, owner: str = "") -> dict[str, Any]:
    return {
        "name": schema["name"],
        "description": schema.get("description", ""),
        "parameters": schema.get("parameters", {}),
        **({"owner": owner} if owner else {}),
    }


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    out = []
    held: set[int] = set()
    for owner, agent in owners(modules, AssistantAgent):
        for tool in agent._tools:  # what the agent hands its model client: the agent's own
            held.add(id(tool))
            out.append(_wire(tool.schema, owner))
    out.extend(_wire(t.schema) for t in instances(modules, BaseTool) if id(t) not in held)
    for bench in instances(modules, StaticWorkbench):
        out.extend(_wire(schema) for schema in asyncio.run(bench.list_tools()))
    return out
