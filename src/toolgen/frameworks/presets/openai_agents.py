"""The OpenAI Agents SDK's preset: ``@function_tool``, called or as a decorator."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework, ListRule

_RULE = DecoratorRule(
    "openai-agents",
    name_keywords=frozenset({"name_override"}),
    description_keywords=frozenset({"description_override"}),
    # The docstring's words win over Field and Annotated text (function_schema).
    docstring=DocstringRule("intro", True, ("docstring", "text", "field")),
    docstring_switches=(("use_docstring_info", False, DocstringRule("none", False)),),
    passes_positional_only=True,
    strict_keyword="strict_mode",
)
_CALL = CallRule(
    DecoratorRule(
        "openai-agents",
        name_keywords=_RULE.name_keywords,
        description_keywords=_RULE.description_keywords,
        positional=("function",),
        docstring=_RULE.docstring,
        docstring_switches=_RULE.docstring_switches,
        passes_positional_only=True,
    )
)

FRAMEWORK: Final = Framework(
    "openai-agents",
    "OpenAI Agents SDK",
    ("agents",),
    {"agents.function_tool": _RULE, "agents.tool.function_tool": _RULE},
    injected_types=(
        "agents.RunContextWrapper",
        "agents.run_context.RunContextWrapper",
        "agents.ToolContext",
        "agents.tool_context.ToolContext",
    ),
    # ``function_tool(fn, name_override=...)`` called; an Agent's ``tools`` must be
    # ``FunctionTool``s (agent.py checks ``isinstance(tool, Tool)``): a bare function is not.
    calls=dict.fromkeys(("agents.function_tool", "agents.tool.function_tool"), _CALL),
    lists=dict.fromkeys(
        ("agents.Agent", "agents.agent.Agent"),
        ListRule("agent", None, wrapper="function_tool(...)"),
    ),
)
