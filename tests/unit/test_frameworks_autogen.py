"""AutoGen's tools (autogen-core / autogen-agentchat 0.7.5): ``FunctionTool(fn, description=...)``
calls, plain functions and FunctionTools in ``AssistantAgent(tools=[...])``, ``StaticWorkbench``
lists, and the ``cancellation_token`` AutoGen passes itself, each read as AutoGen reads them."""

from __future__ import annotations

import pytest

IMPL = '''
from typing import Annotated, Optional

from autogen_core import CancellationToken


async def get_weather(
    city: Annotated[str, "The city, as the user wrote it."],
    days: int = 3,
    cancellation_token: CancellationToken | None = None,
) -> str:
    """Get the weather for a city.

    Args:
        city: The city.
        days: How many days.
    """


def echo(text: str, loud: Optional[bool] = None) -> str:
    """Echo the text back."""


def ping(host: str, cancellation_token) -> str:
    """Ping a host."""


def trace(host, hops: int = 30) -> str:
    """Trace the route to a host."""
'''


def build(build_pkg, agents: str, **options):
    return build_pkg(
        {"pkg/__init__.py": "", "pkg/impl.py": IMPL, "pkg/agents.py": agents}, **options
    )


def by_name(tools: list[dict]) -> dict[str, dict]:
    return {t["name"]: t for t in tools}


def test_function_tool_takes_its_description_and_name_as_arguments(build_pkg) -> None:
    agents = (
        "from autogen_core.tools import FunctionTool\nfrom pkg.impl import echo, get_weather\n\n"
        'weather = FunctionTool(get_weather, "Weather for a city.")\n'
        'shout = FunctionTool(func=echo, description="Say it loud.", name="shout")\n'
    )
    built = build(build_pkg, agents)
    tools = by_name(built.module["TOOLS"])
    assert sorted(tools) == ["get_weather", "shout"]
    assert tools["get_weather"]["description"] == "Weather for a city."  # never the docstring
    # Each parameter: its Annotated text, else its own name (type2description); the docstring's
    # Args describe nothing; cancellation_token is AutoGen's, not the model's.
    assert tools["get_weather"]["parameters"] == {
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "The city, as the user wrote it."},
            "days": {"type": "integer", "default": 3, "description": "days"},
        },
        "required": ["city"],
    }
    assert tools["shout"]["description"] == "Say it loud."
    assert tools["shout"]["parameters"]["properties"]["loud"] == {
        "type": "boolean",
        "description": "loud",
    }
    assert built.diagnostics == []


def test_cancellation_token_is_left_out_by_its_name_alone(build_pkg) -> None:
    # args_base_model_from_signature skips the parameter named cancellation_token, whatever
    # its annotation (here none).
    agents = (
        "from autogen_core.tools import FunctionTool\nfrom pkg.impl import ping\n\n"
        'pinger = FunctionTool(ping, description="Ping.")\n'
    )
    tool = build(build_pkg, agents).module["TOOLS"][0]
    assert list(tool["parameters"]["properties"]) == ["host"]


def test_an_assistant_agent_owns_its_tools_and_wraps_plain_functions(build_pkg) -> None:
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\n"
        "from autogen_core.tools import FunctionTool\n"
        "from pkg.impl import echo, get_weather\n\n"
        'repeat = FunctionTool(echo, description="Say it again.", name="repeat")\n'
        'helper = AssistantAgent("helper", model_client=None, tools=[get_weather, repeat])\n'
        'other = AssistantAgent("other", None, tools=[FunctionTool(echo, "Echo.")])\n'
    )
    built = build(build_pkg, agents)
    assert built.module["OWNERS"] == {"pkg.agents:helper": "HELPER", "pkg.agents:other": "OTHER"}
    helper = by_name(built.module["HELPER_TOOLS"])
    assert sorted(helper) == ["get_weather", "repeat"]
    # A plain function: FunctionTool(f, description=f.__doc__), the whole docstring.
    assert helper["get_weather"]["description"] == (
        "Get the weather for a city.\n\nArgs:\n    city: The city.\n    days: How many days."
    )
    assert helper["get_weather"]["parameters"]["properties"]["days"]["description"] == "days"
    assert [t["name"] for t in built.module["OTHER_TOOLS"]] == ["echo"]
    # A FunctionTool assigned and listed is the agent's, not also a tool of no owner.
    assert sorted(t["name"] for t in built.module["TOOLS"]) == ["echo", "get_weather", "repeat"]


def test_two_agents_may_each_have_a_tool_of_one_name(build_pkg) -> None:
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\n"
        "from autogen_core.tools import FunctionTool\n"
        "from pkg.impl import echo, get_weather\n\n"
        'a = AssistantAgent("a", None, tools=[FunctionTool(echo, "A.", name="run")])\n'
        'b = AssistantAgent("b", None, tools=[FunctionTool(get_weather, "B.", name="run")])\n'
    )
    built = build(build_pkg, agents)
    assert built.diagnostics == []
    assert [t["description"] for t in built.module["A_TOOLS"]] == ["A."]
    assert [t["description"] for t in built.module["B_TOOLS"]] == ["B."]
    assert built.module["TOOLS"] == []  # no one list holds both


def test_a_workbench_owns_its_function_tools_and_warns_on_a_plain_function(build_pkg) -> None:
    agents = (
        "from autogen_core.tools import FunctionTool, StaticWorkbench\n"
        "from pkg.impl import echo, get_weather\n\n"
        'weather = FunctionTool(get_weather, description="Weather.")\n'
        "bench = StaticWorkbench([weather, echo])\n"
    )
    built = build(build_pkg, agents)
    assert [t["name"] for t in built.module["TOOLS"]] == ["get_weather"]
    assert "OWNERS" not in built.module  # one owner: the module is what it always was
    assert built.diagnostics == [
        "pkg/agents.py:5:1: warning: autogen: 'echo' in the tools of 'pkg.agents:bench' is a "
        "plain function, which this framework does not take as a tool (wrap it in "
        "FunctionTool(f, description=...)); it is left out"
    ]


@pytest.mark.parametrize("strict", [False, True])
def test_an_agents_tools_built_at_run_time_are_a_warning_an_error_with_strict(
    build_pkg, build_errors, strict: bool
) -> None:
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\nfrom pkg.impl import echo\n\n"
        "def make():\n    tools = [echo]\n    return tools\n\n"
        'helper = AssistantAgent("helper", None, tools=make())\n'
    )
    said = (
        "pkg/agents.py:8:1: {}: autogen: the tools of 'helper' are not a list written here "
        "(built at run time); toolgen takes none of them for it"
    )
    files = {"pkg/__init__.py": "", "pkg/impl.py": IMPL, "pkg/agents.py": agents}
    if strict:
        assert said.format("error") in build_errors(files, strict=True)
    else:
        assert said.format("warning") in build(build_pkg, agents).diagnostics


def test_what_autogen_refuses_at_run_time_is_a_warning(build_pkg) -> None:
    # FunctionTool(func, description, ...): the description is required (a TypeError without
    # it); args_base_model_from_signature raises ValueError("No annotation") for a parameter
    # without an annotation.
    agents = (
        "from autogen_core.tools import FunctionTool\nfrom pkg.impl import echo, trace\n\n"
        "bare = FunctionTool(echo)\n"
        'tracer = FunctionTool(trace, description="Trace.")\n'
    )
    built = build(build_pkg, agents)
    assert (
        "pkg/agents.py:4:1: warning: autogen: this call is given no description, which it "
        "requires (the call raises TypeError); toolgen's tool has none"
    ) in built.diagnostics
    assert any(
        d.startswith("pkg/impl.py:")
        and d.endswith(
            "warning: tool 'trace': parameter 'host' has no annotation, which autogen refuses "
            "(FunctionTool raises ValueError: No annotation); toolgen describes it as any value"
        )
        for d in built.diagnostics
    ), built.diagnostics
    assert [t["name"] for t in built.module["TOOLS"]] == ["echo", "trace"]


@pytest.mark.parametrize("given", ['tool_overrides={"echo": o}', "{'echo': o}"])
def test_a_workbenchs_tool_overrides_are_a_warning(build_pkg, given: str) -> None:
    agents = (
        "from autogen_core.tools import FunctionTool, StaticWorkbench, ToolOverride\n"
        "from pkg.impl import echo\n\n"
        'o = ToolOverride(name="say")\n'
        f'bench = StaticWorkbench([FunctionTool(echo, "Echo.")], {given})\n'
    )
    built = build(build_pkg, agents)
    assert [t["name"] for t in built.module["TOOLS"]] == ["echo"]
    assert built.diagnostics == [
        "pkg/agents.py:5:1: warning: autogen: 'bench' is given tool_overrides, which rename or "
        "redescribe its tools when it lists them; toolgen emits each tool's own name and "
        "description"
    ]
