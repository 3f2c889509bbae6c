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
from reference_common import instances, owners


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    tools: list[tuple[Any, str]] = []
    held: set[int] = set()
    for owner, agent in owners(modules, dspy.ReAct):  # a ReAct's tools are its own
        for name, tool in agent.tools.items():
            if name != "finish":
                tools.append((tool, owner))
                held.add(id(getattr(tool, "func", tool)))
    tools.extend(
        (t, "") for t in instances(modules, dspy.Tool) if id(getattr(t, "func", t)) not in held
    )
    out = []
    for tool, owner in tools:
        function = tool.format_as_litellm_function_call()["function"]
        out.append(
            {
                "name": function["name"],
                "description": function["description"],
                "parameters": function["parameters"],
                **({"owner": owner} if owner else {}),
            }
        )
    return out
