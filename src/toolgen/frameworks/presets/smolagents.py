"""smolagents' preset: ``@tool``, and the agents whose lists hold ``Tool`` instances."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework, ListRule

_RULE = DecoratorRule(
    "smolagents",
    docstring=DocstringRule("until_args", True, ("docstring",), choices=True),  # no Annotated
    defaults=False,
)

FRAMEWORK: Final = Framework(
    "smolagents",
    "smolagents",
    ("smolagents",),
    {"smolagents.tool": _RULE, "smolagents.tools.tool": _RULE},
    # ``CodeAgent(tools=[...], model=...)`` owns its tools; each must be a ``Tool`` instance
    # (agents.py ``_setup_tools``: "All elements must be instance of BaseTool").
    lists=dict.fromkeys(
        (
            "smolagents.CodeAgent",
            "smolagents.agents.CodeAgent",
            "smolagents.ToolCallingAgent",
            "smolagents.agents.ToolCallingAgent",
        ),
        ListRule("agent", None, position=0, wrapper="@tool or a Tool subclass"),
    ),
)
