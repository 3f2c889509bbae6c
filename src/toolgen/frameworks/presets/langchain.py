"""LangChain's preset: ``@tool``, ``StructuredTool.from_function`` and the one-string ``Tool``."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework

_RULE = DecoratorRule(
    "langchain",
    positional=("name",),
    # Annotated text and Field descriptions in order; with parse_docstring the Args win.
    docstring=DocstringRule("whole", False, ("text", "field")),
    docstring_switches=(
        ("parse_docstring", True, DocstringRule("intro", True, ("docstring", "text", "field"))),
    ),
)

# ``StructuredTool.from_function(func, coroutine, name, description, ...)``: @tool's rules.
_STRUCTURED_FROM_FUNCTION = (
    "langchain_core.tools.StructuredTool.from_function",
    "langchain_core.tools.structured.StructuredTool.from_function",
    "langchain.tools.StructuredTool.from_function",
)
_FROM_FUNCTION_CALL = CallRule(
    DecoratorRule(
        "langchain",
        positional=("function", "coroutine", "name", "description"),
        docstring=_RULE.docstring,
        docstring_switches=_RULE.docstring_switches,
    ),
    ("func", "coroutine"),
)
# ``Tool(name, func, description)`` takes one string: LangChain sends ``{"__arg1": "..."}``
# (utils/function_calling.py, for a ``Tool`` without ``args_schema``).
_SIMPLE_TOOLS = (
    "langchain_core.tools.Tool",
    "langchain_core.tools.simple.Tool",
    "langchain.tools.Tool",
)
_SIMPLE_TOOL_CALL = CallRule(
    DecoratorRule(
        "langchain",
        positional=("name", "function", "description"),
        docstring=DocstringRule("none", False),
        one_string="__arg1",
    )
)

FRAMEWORK: Final = Framework(
    "langchain",
    "LangChain",
    ("langchain", "langchain_core", "langgraph"),
    {
        "langchain_core.tools.tool": _RULE,
        "langchain_core.tools.convert.tool": _RULE,
        "langchain.tools.tool": _RULE,
        "langchain.agents.tool": _RULE,
    },
    injected_types=(
        "langchain_core.runnables.RunnableConfig",
        "langchain_core.runnables.config.RunnableConfig",
        "langchain.tools.ToolRuntime",
        "langgraph.prebuilt.ToolRuntime",
    ),
    injected_names=("callbacks", "run_manager"),
    injected_markers=(
        "langchain_core.tools.InjectedToolArg",
        "langchain_core.tools.base.InjectedToolArg",
        "langchain_core.tools.InjectedToolCallId",
        "langchain_core.tools.base.InjectedToolCallId",
        "langgraph.prebuilt.InjectedState",
        "langgraph.prebuilt.InjectedStore",
        "langchain.tools.InjectedState",
        "langchain.tools.InjectedStore",
        "langchain.tools.InjectedToolArg",
        "langchain.tools.InjectedToolCallId",
    ),
    calls={
        **dict.fromkeys(_STRUCTURED_FROM_FUNCTION, _FROM_FUNCTION_CALL),
        **dict.fromkeys(_SIMPLE_TOOLS, _SIMPLE_TOOL_CALL),
    },
)
