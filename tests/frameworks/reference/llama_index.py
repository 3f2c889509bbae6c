"""llama-index's side: the tools of every ``BaseToolSpec`` subclass the corpus defines (each made
with no arguments, as ``to_tool_list()`` lists them) and every module-level ``FunctionTool``, as
a function-calling LLM receives them.

``BaseToolSpec.to_tool_list`` (llama_index/core/tools/tool_spec/base.py) makes
``FunctionTool.from_defaults`` of each ``spec_functions`` entry (tools/function_tool.py); what an
LLM integration sends is ``tool.metadata.to_openai_tool()`` (tools/types.py: the name, the
description, and ``fn_schema.model_json_schema()`` cut to ``type``/``properties``/``required``/
``$defs``), which every function-calling LLM of llama-index goes through.
"""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

from llama_index.core.tools import FunctionTool
from llama_index.core.tools.tool_spec.base import BaseToolSpec
from reference_common import instances


def _specs(modules: list[ModuleType]) -> list[type[BaseToolSpec]]:
    found = []
    for module in modules:
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseToolSpec)
                and value.__module__ == module.__name__
                and "spec_functions" in {k for c in value.__mro__ for k in vars(c)}
            ):
                found.append(value)
    return found


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools = [(tool, "") for tool in instances(modules, FunctionTool)]
    for spec in _specs(
        modules
    ):  # a spec's tools are its own (``module:Class``, as toolgen names it)
        owner = f"{spec.__module__}:{spec.__qualname__}"
        tools.extend((tool, owner) for tool in spec().to_tool_list())
    out = []
    for tool, owner in tools:
        function = tool.metadata.to_openai_tool(skip_length_check=True)["function"]
        out.append(
            {
                "name": function["name"],
                "description": function["description"],
                "parameters": function["parameters"],
                **({"owner": owner} if owner else {}),
            }
        )
    return out
