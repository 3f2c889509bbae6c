"""Pydantic AI's schemas for a corpus: the tool definitions its agents hand to a model.

Tools are registered on an ``Agent`` (``@agent.tool``, ``@agent.tool_plain``, also on an
``Agent[Deps, Out](...)`` or an instance of a subclass of ``Agent``) or on a ``FunctionToolset``
(``@toolset.tool``, ``@toolset.tool_plain``) that an agent is given in ``toolsets=[...]``.
Registration builds each tool's schema at once (``Tool.__init__`` calls
``_function_schema.function_schema``), so nothing has to run.

``collect`` takes every ``Agent`` and every ``FunctionToolset`` bound at module level in the
corpus, and every ``FunctionToolset`` among the agents' ``toolsets`` (the agent's own function
toolset comes first), each once; for each of their tools, ``Tool.tool_def``, the
``ToolDefinition`` the framework gives the model before a model profile transforms it: its
``name``, ``description`` and ``parameters_json_schema``. The corpus's agents use the ``test``
model, so nothing calls the network. A ``prepare`` function, a ``PrefixedToolset`` or another
wrapper changes that definition per run; the corpora use none, and toolgen could not follow
them.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.toolsets import FunctionToolset
from reference_common import instances


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    toolsets: dict[int, FunctionToolset[Any]] = {}
    for agent in instances(modules, Agent):
        for toolset in agent.toolsets:
            if isinstance(toolset, FunctionToolset):
                toolsets.setdefault(id(toolset), toolset)
    for toolset in instances(modules, FunctionToolset):
        toolsets.setdefault(id(toolset), toolset)
    out = []
    for toolset in toolsets.values():
        for tool in toolset.tools.values():
            definition = tool.tool_def
            out.append(
                {
                    "name": definition.name,
                    "description": definition.description,
                    "parameters": definition.parameters_json_schema,
                }
            )
    return out
