"""Pydantic AI's preset: ``@agent.tool`` and ``@agent.tool_plain``, ``Tool(fn)``, and the
agents' and toolsets' lists."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from toolgen.frameworks.presets._shared import PYDANTIC_WAY, methods
from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework, ListRule

_RULE = DecoratorRule(
    "pydantic-ai",
    docstring=DocstringRule("intro", True, PYDANTIC_WAY, returns_xml=True),
    unwrap_single_model=True,
    passes_positional_only=True,
)
_CALL = CallRule(
    DecoratorRule(
        "pydantic-ai",
        positional=("function",),
        docstring=_RULE.docstring,
        unwrap_single_model=True,
        passes_positional_only=True,
    )
)
_AGENTS = (
    "pydantic_ai.Agent",
    "pydantic_ai.agent.Agent",
    "pydantic_ai.FunctionToolset",
    "pydantic_ai.toolsets.FunctionToolset",
    "pydantic_ai.toolsets.function.FunctionToolset",
)

FRAMEWORK: Final = Framework(
    "pydantic-ai",
    "Pydantic AI",
    ("pydantic_ai",),
    {
        **methods(
            _AGENTS,
            ("tool",),
            DecoratorRule(
                "pydantic-ai",
                docstring=_RULE.docstring,
                first_injected=True,
                unwrap_single_model=True,
                passes_positional_only=True,
            ),
        ),
        **methods(_AGENTS, ("tool_plain",), _RULE),
    },
    injected_types=("pydantic_ai.RunContext", "pydantic_ai.tools.RunContext"),
    owners={q: "toolset" if "Toolset" in q else "agent" for q in _AGENTS},
    # ``Tool(fn, name=..., description=...)``: ``takes_ctx`` found from a ``RunContext`` first
    # parameter, as the injected type; ``Agent(tools=[...])``, ``FunctionToolset([...])``.
    calls={
        **dict.fromkeys(("pydantic_ai.Tool", "pydantic_ai.tools.Tool"), _CALL),
        # ``toolset.add_function(func, takes_ctx, name, description, ...)`` as a statement
        # (toolsets/function.py): the toolset owns the tool.
        **{
            f"{q}.add_function": CallRule(
                replace(_CALL.rule, positional=("function", "takes_ctx", "name", "description"))
            )
            for q in _AGENTS
            if "Toolset" in q
        },
    },
    lists={
        q: (ListRule("toolset", _RULE, position=0) if "Toolset" in q else ListRule("agent", _RULE))
        for q in _AGENTS
    },
)
