"""DSPy's side: every module-level ``dspy.Tool`` of the corpus and the tools of every
module-level ``dspy.ReAct``, as a function-calling LM receives them.

``ReAct(signature, tools)`` (dspy/predict/react.py) wraps each function in ``Tool(f)``; ``Tool``
(dspy/adapters/types/tool.py, ``_parse_function``) reads the name, the ``__doc__`` and each
argument's pydantic schema; what an adapter sends for function calling is
``Tool.format_as_litellm_function_call()``. ReAct's own ``finish`` tool is not the corpus's.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import dspy
from reference_common import instances


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools: dict[int, Any] = {id(t): t for t in instances(modules, dspy.Tool)}
    for agent in instances(modules, dspy.ReAct):
        for name, tool in agent.tools.items():
            if name != "finish":
                tools.setdefault(id(tool), tool)
    out = []
    for tool in tools.values():
        function = tool.format_as_litellm_function_call()["function"]
        out.append(
            {
                "name": function["name"],
                "description": function["description"],
                "parameters": function["parameters"],
            }
        )
    return out
