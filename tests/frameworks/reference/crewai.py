"""CrewAI's side: every tool of the corpus, as CrewAI's native function calling sends it.

What is sent (crewai 1.15.30, crewai/utilities/agent_utils.py, ``convert_tools_to_openai_schema``):
``sanitize_tool_name(tool.name)``, ``strip_composite_description_prefix(tool.description)``, and
``generate_model_description(tool.args_schema)``'s schema less its title and description. That
function (crewai/utilities/pydantic_schema_utils.py) is pydantic's ``model_json_schema()`` of
the ``args_schema`` model rewritten for OpenAI's strict mode (``$ref`` s inlined, every object
closed and every property required). The strict rewrite is a provider transform, which toolgen
makes in its OpenAI adapter; the comparison is with toolgen's IR, so the parameters taken here
are the model's schema before it (as ``openai_agents.py`` takes the Agents SDK's), the title and
description dropped as CrewAI drops them.

The tools: a ``BaseTool`` subclass is the tool (``Agent(tools=[SearchTool()])``), so every
concrete subclass the corpus defines whose ``name`` has a default is instantiated with no
arguments (its class attributes, what toolgen reads; ``args_schema`` derived from ``_run`` by
``BaseTool._default_args_schema`` when the class gives none); and every module-level instance of
``crewai.tools.base_tool.Tool``, which is what ``@tool`` makes of a function.

How crewai is imported: ``_crewai_prelude.py`` (run first) registers ``crewai`` and
``crewai.utilities`` as bare packages, so that ``crewai.tools`` loads from its own files without
the rest of the framework (its docstring says why), and ``envs/crewai.txt`` holds two packages.
"""

from __future__ import annotations

import inspect
import runpy
from pathlib import Path
from types import ModuleType
from typing import Any

runpy.run_path(str(Path(__file__).with_name("_crewai_prelude.py")))

from crewai.tools.base_tool import BaseTool, Tool  # noqa: E402
from crewai.tools.structured_tool import strip_composite_description_prefix  # noqa: E402
from crewai.utilities.string_utils import sanitize_tool_name  # noqa: E402
from reference_common import instances  # noqa: E402


def _classes(modules: list[ModuleType]) -> list[type[BaseTool]]:
    """The concrete ``BaseTool`` subclasses the corpus defines that name a tool."""
    found: dict[str, type[BaseTool]] = {}
    for module in modules:
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, BaseTool)
                and value.__module__ == module.__name__
                and not inspect.isabstract(value)
                and not value.model_fields["name"].is_required()
            ):
                found.setdefault(f"{value.__module__}.{value.__qualname__}", value)
    return list(found.values())


def _sent(tool: BaseTool) -> dict[str, Any]:
    parameters = tool.args_schema.model_json_schema()
    parameters.pop("title", None)
    parameters.pop("description", None)
    return {
        "name": sanitize_tool_name(tool.name),
        "description": strip_composite_description_prefix(tool.description),
        "parameters": parameters,
    }


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools = [_sent(cls()) for cls in _classes(modules)]
    tools.extend(_sent(tool) for tool in instances(modules, Tool))
    return tools
