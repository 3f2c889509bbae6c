"""Tools made by calls, in general: a call's arguments read where the call is written, statement
calls (``mcp.add_tool(fn, ...)``, ``toolset.add_function(fn, ...)``), factories that return
tools, and bound methods (``obj.method``, ``Cls(...).__call__``)."""

from __future__ import annotations

IMPL = '''
def get_weather(city: str) -> str:
    """Get the weather for a city."""


def echo(text: str) -> str:
    """Echo the text back."""
'''


def build(build_pkg, files: dict[str, str], **options):
    return build_pkg({"pkg/__init__.py": "", "pkg/impl.py": IMPL, **files}, **options)


def by_name(tools: list[dict]) -> dict[str, dict]:
    return {t["name"]: t for t in tools}


def test_a_calls_arguments_are_read_in_the_module_the_call_is_written_in(build_pkg) -> None:
    # The function is defined in pkg.impl; the call, and the constants it names, in pkg.registry.
    registry = (
        "from autogen_core.tools import FunctionTool\n"
        "from langchain_core.tools import StructuredTool\n"
        "from pkg import texts\nfrom pkg.impl import echo, get_weather\n"
        "from pkg.texts import PREFIX, WEATHER\n\n"
        'weather = FunctionTool(get_weather, WEATHER, name=f"{PREFIX}_weather")\n'
        "repeat = StructuredTool.from_function(echo, description=texts.ECHO)\n"
    )
    texts = 'PREFIX = "desk"\nWEATHER = "Weather, today."\nECHO = "Say it again."\n'
    built = build(build_pkg, {"pkg/registry.py": registry, "pkg/texts.py": texts})
    assert built.diagnostics == []
    tools = by_name(built.module["TOOLS"])
    assert tools["desk_weather"]["description"] == "Weather, today."
    assert tools["echo"]["description"] == "Say it again."


def test_mcp_add_tool_as_a_statement_registers_the_function_on_its_server(build_pkg) -> None:
    servers = (
        "from mcp.server.fastmcp import FastMCP\nfrom pkg.impl import echo, get_weather\n\n"
        'weather = FastMCP("weather")\ndesk = FastMCP("desk")\n'
        'weather.add_tool(get_weather, "forecast", "Forecast", "Tomorrow\'s weather.")\n'
        'desk.add_tool(echo, name="forecast")\n'
        "if True:\n    desk.add_tool(fn=get_weather)\n"
    )
    built = build(build_pkg, {"pkg/servers.py": servers})
    assert built.diagnostics == []
    assert built.module["OWNERS"] == {"pkg.servers:desk": "DESK", "pkg.servers:weather": "WEATHER"}
    weather = by_name(built.module["WEATHER_TOOLS_MCP"])
    # add_tool(fn, name, title, description): the decorator's rules; the server owns the tool.
    assert weather["forecast"]["description"] == "Tomorrow's weather."
    assert weather["forecast"]["title"] == "Forecast"
    desk = by_name(built.module["DESK_TOOLS"])
    assert sorted(desk) == ["forecast", "get_weather"]  # one name on two servers: each its own
    assert desk["forecast"]["description"] == "Echo the text back."  # the whole docstring


def test_fastmcp_add_tool_and_a_pydantic_ai_toolsets_add_function(build_pkg) -> None:
    code = (
        "from fastmcp import FastMCP\nfrom pydantic_ai import FunctionToolset\n"
        "from pkg.impl import echo, get_weather\n\n"
        'mcp = FastMCP("desk")\nmcp.add_tool(echo)\n'
        'toolset = FunctionToolset()\ntoolset.add_function(get_weather, name="weather")\n'
        'toolset.add_function(echo, False, "say", "Say it.")\n'
    )
    built = build(build_pkg, {"pkg/app.py": code})
    assert built.diagnostics == []
    assert [t["name"] for t in built.module["MCP_TOOLS_MCP"]] == ["echo"]
    toolset = by_name(built.module["TOOLSET_TOOLS"])
    assert sorted(toolset) == ["say", "weather"]
    assert toolset["say"]["description"] == "Say it."
    assert toolset["weather"]["description"] == "Get the weather for a city."


def test_a_statement_that_is_no_frameworks_registration_makes_no_tool(build_pkg) -> None:
    code = (
        "from mcp.server.fastmcp import FastMCP\nfrom pkg.impl import echo\n\n"
        'mcp = FastMCP("desk")\nmcp.add_prompt(echo)\nmcp.settings.update(echo)\n'
        "log = dict()\nlog.add_tool(echo)\n"
    )
    built = build(build_pkg, {"pkg/app.py": code})
    assert built.module["TOOLS"] == []


def test_add_tool_given_what_is_not_a_function_is_a_warning(build_pkg) -> None:
    code = (
        "from mcp.server.fastmcp import FastMCP\nimport math\n\n"
        'mcp = FastMCP("desk")\nmcp.add_tool(math.sqrt)\n'
    )
    built = build(build_pkg, {"pkg/app.py": code})
    assert (
        "pkg/app.py:5:1: warning: mcp: the function this call makes a tool of is not a function "
        "toolgen can read (a name bound to a def in a scanned module); it is left out"
    ) in built.diagnostics


FACTORIES = '''
from autogen_core.tools import FunctionTool
from pydantic_ai import Tool

from pkg.impl import echo, get_weather


def make_tools():
    """The desk's tools."""
    return [get_weather, FunctionTool(echo, "Say it again.", name="repeat")]


def make_pydantic_tools() -> list:
    return (Tool(echo, name="say"),)


def make_for(client):
    return [FunctionTool(get_weather, client.describe("weather"))]
'''


def test_a_factory_that_returns_a_list_of_tools_gives_an_agent_its_tools(build_pkg) -> None:
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\nfrom pydantic_ai import Agent\n"
        "from pkg.factories import make_pydantic_tools, make_tools\n\n"
        'helper = AssistantAgent("helper", None, tools=make_tools())\n'
        'typed = Agent("openai:gpt-4o", tools=make_pydantic_tools())\n'
    )
    built = build(build_pkg, {"pkg/factories.py": FACTORIES, "pkg/agents.py": agents})
    assert built.diagnostics == []
    helper = by_name(built.module["HELPER_TOOLS"])
    assert sorted(helper) == ["get_weather", "repeat"]
    assert helper["repeat"]["description"] == "Say it again."
    assert [t["name"] for t in built.module["TYPED_TOOLS"]] == ["say"]


def test_a_factory_whose_list_depends_on_its_parameters_is_a_warning(build_pkg) -> None:
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\nfrom pkg.factories import make_for\n\n"
        'helper = AssistantAgent("helper", None, tools=make_for(None))\n'
    )
    built = build(build_pkg, {"pkg/factories.py": FACTORIES, "pkg/agents.py": agents})
    assert built.module["TOOLS"] == []
    assert (
        "pkg/agents.py:4:1: warning: autogen: the tools of 'helper' are made by make_for(), whose "
        "list depends on its parameters ('client'); toolgen takes none of them for it"
    ) in built.diagnostics


SERVICES = '''
from typing import Annotated


class Base:
    def ping(self, host: str) -> str:
        """Ping a host."""


class Weather(Base):
    def __init__(self, key: str) -> None:
        self.key = key

    def forecast(self, city: Annotated[str, "The city."], days: int = 3) -> str:
        """Forecast the weather."""

    def __call__(self, city: str) -> str:
        """Today's weather."""

    def _secret(self) -> str:
        """Not a tool."""


class Remote:
    def fetch(self, url: str) -> str:
        """Fetch a page."""


weather = Weather("k")
'''


def test_a_bound_method_is_the_method_without_self(build_pkg) -> None:
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\n"
        "from autogen_core.tools import FunctionTool\n"
        "from pkg.services import Weather, weather\n\n"
        "helper = AssistantAgent(\n"
        '    "helper",\n    None,\n'
        "    tools=[\n        weather.forecast,\n        weather.ping,\n"
        '        FunctionTool(Weather("k").__call__, "Today.", name="today"),\n    ],\n)\n'
    )
    built = build(build_pkg, {"pkg/services.py": SERVICES, "pkg/agents.py": agents})
    assert built.diagnostics == []
    tools = by_name(built.module["TOOLS"])
    assert sorted(tools) == ["forecast", "ping", "today"]
    assert tools["forecast"]["description"] == "Forecast the weather."
    assert tools["forecast"]["parameters"] == {
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "The city."},
            "days": {"type": "integer", "default": 3, "description": "days"},
        },
        "required": ["city"],
    }
    assert list(tools["today"]["parameters"]["properties"]) == ["city"]
    # The run-time table names the class and the method: a Toolbox is given the instance.
    functions = built.module["TOOL_FUNCTIONS"]
    assert functions["forecast"] == "pkg.services:Weather.forecast"
    assert functions["ping"] == "pkg.services:Weather.ping"  # inherited: the instance's class
    assert functions["today"] == "pkg.services:Weather.__call__"


def test_a_method_whose_signature_is_not_kept_is_a_warning(build_pkg) -> None:
    # Remote is instantiated in another module: its module keeps no undecorated signature.
    agents = (
        "from pydantic_ai import Agent, Tool\nfrom pkg.services import Remote\n\n"
        "remote = Remote()\n"
        'support = Agent("openai:gpt-4o", tools=[Tool(remote.fetch), weather_tool])\n'
        "from pkg.services import weather\nweather_tool = Tool(weather._secret)\n"
    )
    built = build(build_pkg, {"pkg/services.py": SERVICES, "pkg/agents.py": agents})
    assert built.module["TOOLS"] == []
    assert built.diagnostics[1:] == [
        "pkg/agents.py:5:1: warning: pydantic-ai: 'Remote.fetch' is a method toolgen does not "
        "read: it reads a method's signature where it is decorated, or where its class's own "
        "module makes an instance of it at module level (pkg.services); it is left out",
        "pkg/agents.py:7:1: warning: pydantic-ai: 'Weather._secret' is a method toolgen does not "
        "read: it reads a method's signature where it is decorated, or where its class's own "
        "module makes an instance of it at module level (pkg.services); it is left out",
    ]


def test_a_list_naming_a_tool_made_in_another_module_owns_that_tool_alone(build_pkg) -> None:
    registry = (
        "from langchain_core.tools import StructuredTool\nfrom pydantic_ai import Tool\n"
        "from pkg.impl import echo, get_weather\nfrom pkg.texts import WEATHER\n\n"
        "weather = Tool(get_weather, description=WEATHER)\n"
        'spare = Tool(echo, name="spare")\n'
        "shout = StructuredTool.from_function(echo)\n"
    )
    agents = (
        "from pydantic_ai import Agent\nfrom pkg import registry\nfrom pkg.registry import weather\n\n"
        'helper = Agent("openai:gpt-4o", tools=[weather, registry.spare])\n'
        'other = Agent("openai:gpt-4o", tools=[weather])\n'
    )
    files = {
        "pkg/registry.py": registry,
        "pkg/agents.py": agents,
        "pkg/texts.py": 'WEATHER = "W."\n',
    }
    built = build(build_pkg, files)
    assert built.diagnostics == []
    assert built.module["OWNERS"] == {"pkg.agents:helper": "HELPER", "pkg.agents:other": "OTHER"}
    helper = by_name(built.module["HELPER_TOOLS"])
    assert sorted(helper) == ["get_weather", "spare"]
    assert helper["get_weather"]["description"] == "W."  # folded where the call is written
    assert [t["name"] for t in built.module["OTHER_TOOLS"]] == ["get_weather"]
    # Listed, the registry's tools are their owners' only; the unlisted one stays no one's.
    assert [t["name"] for t in built.module["TOOLS"]] == ["echo"]


def test_a_decorated_function_listed_by_agents_is_read_by_its_decorator_and_theirs(
    build_pkg,
) -> None:
    tools = (
        "from agents import function_tool\n\n\n"
        '@function_tool(name_override="ping_host")\n'
        'def ping(host: str) -> str:\n    """Ping a host."""\n\n\n'
        '@function_tool\ndef trace(host: str) -> str:\n    """Trace a route."""\n'
    )
    agents = (
        "from agents import Agent\nfrom pkg.net import ping, trace\n\n"
        'ops = Agent(name="ops", tools=[ping, trace])\nnoc = Agent(name="noc", tools=[ping])\n'
    )
    built = build(build_pkg, {"pkg/net.py": tools, "pkg/agents.py": agents})
    assert built.diagnostics == []
    assert built.module["OWNERS"] == {"pkg.agents:noc": "NOC", "pkg.agents:ops": "OPS"}
    assert sorted(t["name"] for t in built.module["OPS_TOOLS"]) == ["ping_host", "trace"]
    assert [t["name"] for t in built.module["NOC_TOOLS"]] == ["ping_host"]  # the decorator's name
    assert built.module["TOOLS"] == []  # listed, they are no longer tools of no owner


def test_owners_of_none_take_no_tool_made_by_a_call_that_an_agent_lists(build_pkg) -> None:
    # The tool is made in pkg.made and listed in pkg.agents: it is the agent's alone, also
    # when the target takes only the tools of no owner (the agent filtered out claims it still).
    made = (
        "from autogen_core.tools import FunctionTool\nfrom pkg.impl import echo, get_weather\n\n"
        'repeat = FunctionTool(echo, "Say it again.", name="repeat")\n'
        'weather = FunctionTool(get_weather, "Weather.")\n'
    )
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\nfrom pkg.made import repeat\n\n"
        'helper = AssistantAgent("helper", None, tools=[repeat])\n'
    )
    files = {"pkg/made.py": made, "pkg/agents.py": agents}
    alone = build(build_pkg, files, owners=("",))
    assert [t["name"] for t in alone.module["TOOLS"]] == ["get_weather"]
    assert alone.diagnostics == []
    helper = build(build_pkg, files, owners=("pkg.agents:helper",))
    assert [t["name"] for t in helper.module["TOOLS"]] == ["repeat"]


def test_show_finds_a_tool_made_by_a_call_or_a_list_in_another_module(
    tmp_path, monkeypatch
) -> None:
    from click.testing import CliRunner

    from tests.conftest import write_tree
    from toolgen.cli import main

    monkeypatch.chdir(tmp_path)
    agents = (
        "from autogen_agentchat.agents import AssistantAgent\n"
        "from autogen_core.tools import FunctionTool\nfrom pkg.impl import echo, get_weather\n\n"
        'repeat = FunctionTool(echo, "Say it again.", name="repeat")\n'
        'helper = AssistantAgent("helper", None, tools=[get_weather])\n'
    )
    write_tree(tmp_path, {"pkg/__init__.py": "", "pkg/impl.py": IMPL, "pkg/agents.py": agents})
    for spec, said in [
        ("pkg/impl.py::repeat", "Say it again."),  # the function's file, by the tool's name
        ("pkg/impl.py::get_weather", "Get the weather"),
        ("pkg/agents.py::repeat", "Say it again."),  # the file that makes it
    ]:
        result = CliRunner().invoke(main, ["show", spec])
        assert result.exit_code == 0, (spec, result.output)
        assert said in result.stdout, spec
    result = CliRunner().invoke(main, ["show", "pkg/agents.py::helper"])
    assert result.exit_code == 2
    assert "its tools: get_weather, repeat" in result.output


def test_a_fastmcp_tool_decorated_then_added_is_the_servers(build_pkg) -> None:
    # fastmcp's @tool marks a function; mcp.add_tool(fn) registers it on the server.
    tools = (
        "from fastmcp.tools import tool\n\n\n"
        '@tool(name="lookup", description="Look a word up.")\n'
        'def define(word: str) -> str:\n    """Define a word."""\n'
    )
    server = 'from fastmcp import FastMCP\nfrom pkg.words import define\n\nmcp = FastMCP("words")\nmcp.add_tool(define)\n'
    other = 'from fastmcp import FastMCP\nfrom pkg.words import define\n\nmcp = FastMCP("more")\nmcp.add_tool(define)\n'
    built = build(build_pkg, {"pkg/words.py": tools, "pkg/server.py": server, "pkg/more.py": other})
    assert built.diagnostics == []
    assert built.module["OWNERS"] == {"pkg.more:mcp": "MORE_MCP", "pkg.server:mcp": "SERVER_MCP"}
    for prefix in ("MORE_MCP", "SERVER_MCP"):
        (only,) = built.module[f"{prefix}_TOOLS_MCP"]
        assert (only["name"], only["description"]) == ("lookup", "Look a word up.")
    assert built.module["TOOLS"] == []
