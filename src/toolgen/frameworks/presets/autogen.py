"""AutoGen's preset (autogen-core 0.7): ``FunctionTool(func, description)``, and the agents'
and workbenches' lists."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework, ListRule

# ``FunctionTool(func, description, name=None, ...)``: its schema is the pydantic model
# ``args_base_model_from_signature`` builds (_function_utils.py): each parameter described by its
# ``Annotated[T, "text"]`` first metadata, else by its own name; no docstring is read;
# ``cancellation_token`` is left out by its name alone.
_DOCS = DocstringRule("none", False, ("text",), filler="{name}")
_REFUSES = "FunctionTool raises ValueError: No annotation"
_CALL = CallRule(
    DecoratorRule(
        "autogen",
        positional=("function", "description", "name"),
        docstring=_DOCS,
        annotated=_REFUSES,
    ),
    needs_description=True,
)
# ``AssistantAgent(tools=[f])`` wraps a plain function as ``FunctionTool(f, description=f.__doc__)``
# (agents/_assistant_agent.py, ``__init__``): the whole docstring, else "".
_PLAIN = DecoratorRule(
    "autogen",
    docstring=DocstringRule("whole", False, ("text",), filler="{name}"),
    annotated=_REFUSES,
)
_AGENTS = (
    "autogen_agentchat.agents.AssistantAgent",
    "autogen_agentchat.agents._assistant_agent.AssistantAgent",
)
# ``StaticWorkbench(tools)`` takes ``BaseTool`` instances only (tools/_static_workbench.py).
_WORKBENCHES = (
    "autogen_core.tools.StaticWorkbench",
    "autogen_core.tools.StaticStreamWorkbench",
    "autogen_core.tools._static_workbench.StaticWorkbench",
    "autogen_core.tools._static_workbench.StaticStreamWorkbench",
)

FRAMEWORK: Final = Framework(
    "autogen",
    "AutoGen (autogen-core, autogen-agentchat)",
    ("autogen_core", "autogen_agentchat", "autogen_ext"),
    {},
    injected_names=("cancellation_token",),
    calls=dict.fromkeys(
        ("autogen_core.tools.FunctionTool", "autogen_core.tools._function_tool.FunctionTool"),
        _CALL,
    ),
    lists={
        **dict.fromkeys(_AGENTS, ListRule("agent", _PLAIN)),
        **dict.fromkeys(
            _WORKBENCHES,
            ListRule(
                "toolset",
                None,
                position=0,
                unread=(("tool_overrides", 1),),
                wrapper="FunctionTool(f, description=...)",
            ),
        ),
    },
)
