"""CrewAI's preset: ``@tool`` or ``@tool("Name")``, and the agents whose lists hold tools."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.presets._shared import PYDANTIC_WAY
from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework, ListRule

# CrewAI 1.15.30 (crewai/tools/base_tool.py, ``tool``): ``@tool`` or ``@tool("Name")`` (the name
# positional only; its keywords are result_schema, result_as_answer, max_usage_count). The
# description is the function's whole ``__doc__``; the schema is ``create_model`` of the
# signature, ``*args``/``**kwargs`` left out, so a parameter's description is pydantic's only
# (``Field``). The name and description are sent in CrewAI's wire form (frameworks/crewai.py).
_RULE = DecoratorRule(
    "crewai",
    name_keywords=frozenset(),
    description_keywords=frozenset(),
    positional=("name",),
    docstring=DocstringRule("whole", False, PYDANTIC_WAY),
    needs_docstring=True,
    skips_varargs=True,
    wire="crewai",
)

FRAMEWORK: Final = Framework(
    "crewai",
    "CrewAI",
    ("crewai",),
    {"crewai.tools.tool": _RULE, "crewai.tools.base_tool.tool": _RULE},
    # ``Agent(tools=[SearchTool(), ...])`` owns the tools its list holds; a plain function
    # there is refused (``BaseAgent.validate_tools``: "Invalid tool type").
    lists=dict.fromkeys(
        ("crewai.Agent", "crewai.agent.Agent", "crewai.agent.core.Agent"),
        ListRule("agent", None, wrapper="@tool or a BaseTool subclass"),
    ),
)
