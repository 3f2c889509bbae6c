"""Google ADK's preset: plain public functions are its tools, in an agent's list or by
``FunctionTool(func)``."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.presets._shared import PYDANTIC_WAY
from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework, ListRule

_DOCS = DocstringRule("whole", False, PYDANTIC_WAY)
_RULE = DecoratorRule("google-adk", docstring=_DOCS)

FRAMEWORK: Final = Framework(
    "google-adk",
    "Google ADK",
    ("google.adk",),
    {},
    # ``ToolContext`` and ``CallbackContext`` are names of ``google.adk.agents.context.Context``.
    injected_types=(
        "google.adk.Context",
        "google.adk.agents.Context",
        "google.adk.agents.context.Context",
        "google.adk.agents.callback_context.CallbackContext",
        "google.adk.tools.ToolContext",
        "google.adk.tools.tool_context.ToolContext",
    ),
    injected_names=("tool_context", "input_stream"),
    public=_RULE,
    # A plain function in an agent's ``tools`` is wrapped in ``FunctionTool(func)``.
    calls=dict.fromkeys(
        ("google.adk.tools.FunctionTool", "google.adk.tools.function_tool.FunctionTool"),
        CallRule(DecoratorRule("google-adk", positional=("function",), docstring=_DOCS)),
    ),
    lists=dict.fromkeys(
        (
            "google.adk.Agent",
            "google.adk.agents.Agent",
            "google.adk.agents.LlmAgent",
            "google.adk.agents.llm_agent.LlmAgent",
        ),
        ListRule("agent", _RULE),
    ),
)
