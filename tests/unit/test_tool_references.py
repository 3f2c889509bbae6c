"""Tools made by calls (``Tool(fn, name=...)``, ``StructuredTool.from_function``) and passed by
reference (``Agent(tools=[f, g])``), each read by the rules of the framework that owns the call."""

from __future__ import annotations

import pytest

IMPL = '''
from pydantic_ai import RunContext


def get_weather(city: str) -> str:
    """Get the weather for a city.

    Args:
        city: The city.
    """


def lookup(ctx: RunContext[int], sku: str) -> str:
    """Look up an item."""


def echo(text: str) -> str:
    """Echo the text back."""
'''


def owned(built, prefix: str) -> dict[str, dict]:
    return {t["name"]: t for t in built.module[f"{prefix}_TOOLS"]}


def build(build_pkg, agents: str, **options):
    return build_pkg(
        {"pkg/__init__.py": "", "pkg/impl.py": IMPL, "pkg/agents.py": agents}, **options
    )


PYDANTIC_AI = """
from pydantic_ai import Agent, FunctionToolset, Tool

from pkg.impl import echo, get_weather, lookup

booking = Tool(lookup, name="find_item")
support = Agent("openai:gpt-4o", tools=[get_weather, booking])
toolset = FunctionToolset([get_weather, Tool(echo, description="Say it again.")])
"""


def test_pydantic_ai_agent_and_toolset_lists_own_their_tools(build_pkg) -> None:
    built = build(build_pkg, PYDANTIC_AI)
    assert built.module["OWNERS"] == {
        "pkg.agents:support": "SUPPORT",
        "pkg.agents:toolset": "TOOLSET",
    }
    support = owned(built, "SUPPORT")
    assert sorted(support) == ["find_item", "get_weather"]
    # Tool(fn): the RunContext first parameter is the framework's (takes_ctx found from it).
    assert support["find_item"]["parameters"]["required"] == ["sku"]
    # pydantic-ai's docstring rule: the text before the sections; Args describe parameters.
    assert support["get_weather"]["description"] == "Get the weather for a city."
    assert support["get_weather"]["parameters"]["properties"]["city"]["description"] == "The city."
    toolset = owned(built, "TOOLSET")
    assert toolset["echo"]["description"] == "Say it again."  # FunctionToolset's positional list
    # A tool-making assignment a list owns is that owner's, not also a tool of no one.
    assert [t["name"] for t in built.module["TOOLS"]] == []  # names shared: no one's only


def test_google_adk_agent_wraps_plain_functions_by_its_rules(build_pkg) -> None:
    agents = (
        "from google.adk.agents import Agent\nfrom pkg.impl import echo, get_weather\n\n"
        'root = Agent(name="root", model="gemini-2.5-flash", tools=[get_weather, echo])\n'
    )
    tools = {t["name"]: t for t in build(build_pkg, agents).module["TOOLS"]}
    assert sorted(tools) == ["echo", "get_weather"]
    # ADK: the whole docstring is the description; the docstring does not describe parameters.
    assert tools["get_weather"]["description"].startswith("Get the weather for a city.\n\nArgs:")
    assert "description" not in tools["get_weather"]["parameters"]["properties"]["city"]


def test_openai_agents_takes_function_tool_calls_and_warns_on_a_bare_function(build_pkg) -> None:
    agents = (
        "from agents import Agent, function_tool\nfrom pkg.impl import echo, get_weather\n\n"
        'oa = Agent(name="oa", tools=[get_weather, function_tool(echo, name_override="repeat")])\n'
    )
    built = build(build_pkg, agents)
    assert [t["name"] for t in built.module["TOOLS"]] == ["repeat"]
    assert built.diagnostics == [
        "pkg/agents.py:4:1: warning: openai-agents: 'get_weather' in the tools of "
        "'pkg.agents:oa' is a plain function, which this framework does not take as a tool "
        "(wrap it in function_tool(...)); it is left out"
    ]


def test_langchain_calls_structured_tool_and_the_one_string_tool(build_pkg) -> None:
    agents = (
        "from langchain_core.tools import StructuredTool, Tool\nfrom pkg.impl import echo, get_weather\n\n"
        'search = StructuredTool.from_function(get_weather, name="weather_search")\n'
        "parsed = StructuredTool.from_function(func=echo, parse_docstring=True)\n"
        'shout = Tool(name="shout", func=echo, description="Shout a text.")\n'
    )
    tools = {t["name"]: t for t in build(build_pkg, agents).module["TOOLS"]}
    assert sorted(tools) == ["echo", "shout", "weather_search"]
    # from_function: @tool's rules, the whole docstring unless parse_docstring=True.
    assert tools["weather_search"]["description"].startswith("Get the weather for a city.\n\nArgs:")
    assert tools["echo"]["description"] == "Echo the text back."
    # Tool(name=, func=, description=) takes one string, sent as {"__arg1": ...}.
    assert tools["shout"] == {
        "name": "shout",
        "description": "Shout a text.",
        "parameters": {
            "type": "object",
            "properties": {"__arg1": {"type": "string"}},
            "required": ["__arg1"],
        },
    }


def test_a_decorated_function_in_a_list_stays_the_decorators_tool(build_pkg) -> None:
    agents = (
        "from agents import Agent, function_tool\n\n\n@function_tool\n"
        'def ping(host: str) -> str:\n    """Ping."""\n\n\noa = Agent(name="oa", tools=[ping])\n'
    )
    built = build(build_pkg, agents)
    assert [t["name"] for t in built.module["TOOLS"]] == ["ping"]
    assert built.diagnostics == []


@pytest.mark.parametrize("strict", [False, True])
def test_a_tools_list_built_at_run_time_is_a_warning_an_error_with_strict(
    build_pkg, build_errors, strict: bool
) -> None:
    agents = (
        "from pydantic_ai import Agent, Tool\nfrom pkg.impl import echo\n\n"
        "def make():\n    tools = [echo]\n    return tools\n\n"
        'support = Agent("openai:gpt-4o", tools=make())\nlost = Tool(print)\n'
    )
    said = [
        "pkg/agents.py:8:1: {}: pydantic-ai: the tools of 'support' are not a list written here "
        "(built at run time); toolgen takes none of them for it",
        "pkg/agents.py:9:1: {}: pydantic-ai: the function this call makes a tool of is not a "
        "function toolgen can read (a name bound to a def in a scanned module); it is left out",
    ]
    if strict:
        assert build_errors(
            {"pkg/__init__.py": "", "pkg/impl.py": IMPL, "pkg/agents.py": agents}, strict=True
        ) == ["error: no tools found in .; the generated constants are empty"] + [
            s.format("error") for s in said
        ]
    else:
        built = build(build_pkg, agents)
        assert built.diagnostics == [
            "warning: no tools found in .; the generated constants are empty",
            *(s.format("warning") for s in said),
        ]
        assert built.module["TOOLS"] == []


def test_a_calls_arguments_are_read_in_the_module_it_is_written_in(build_pkg) -> None:
    """``Tool(impl.fn, description=TEXT)`` in agents.py: TEXT is agents.py's name, not impl's
    (checked to fail before: it was looked up in pkg.impl, a warning, and the docstring used)."""
    agents = (
        "from pydantic_ai import Agent, Tool\n\nfrom pkg.impl import echo\n\n"
        'TEXT = "Say it once more."\n\nagain = Tool(echo, description=TEXT)\n'
    )
    built = build(build_pkg, agents)
    assert built.diagnostics == []
    assert [t["description"] for t in built.module["TOOLS"]] == ["Say it once more."]
