"""Owners: a tool belongs to the server, agent or toolset whose method decorates it; names are
unique per owner; each owner gets its own constants once a target has two; ``owners`` selects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main
from toolgen.engine.entries import decode_module, encode_module
from toolgen.errors import SourceSpan
from toolgen.forms import ModuleResult, ToolForms
from toolgen.ir import Owner

WEATHER = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("weather")


@mcp.tool()
def search(city: str) -> str:
    """Find the forecast for a city."""


@mcp.tool()
def alerts(region: str) -> list[str]:
    """Weather alerts."""
'''
TRAVEL = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("travel")


@mcp.tool()
def search(destination: str) -> str:
    """Find hotels."""
'''
BOOKINGS = '''
from pkg.travel import mcp


@mcp.tool(name="book")
def book_hotel(hotel_id: str) -> str:
    """Book a hotel."""
'''
MIXED = '''
from mcp.server.fastmcp import FastMCP
from pydantic_ai import Agent

server = FastMCP("files")
assistant = Agent("openai:gpt-4o")


@server.tool()
def read_file(path: str) -> str:
    """Read a file."""


@assistant.tool_plain
def summarize(text: str) -> str:
    """Summarize a text."""
'''
PLAIN = '''
from toolgen import tool


@tool
def ping(host: str) -> str:
    """Ping a host."""
'''


def names(tools: list[dict[str, Any]]) -> list[str]:
    return [
        t.get("name") or t.get("function", {}).get("name") or t["toolSpec"]["name"] for t in tools
    ]


def test_two_servers_sharing_a_tool_name_build_each_with_its_own_tools(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/__init__.py": "",
            "pkg/weather.py": WEATHER,
            "pkg/travel.py": TRAVEL,
            "pkg/bookings.py": BOOKINGS,
        }
    )
    m = built.module
    assert m["OWNERS"] == {"pkg.travel:mcp": "TRAVEL_MCP", "pkg.weather:mcp": "WEATHER_MCP"}
    # A tool registered on the server from another module is that server's.
    assert names(m["TRAVEL_MCP_TOOLS"]) == ["book", "search"]
    assert names(m["WEATHER_MCP_TOOLS"]) == ["alerts", "search"]
    assert m["TRAVEL_MCP_TOOLS_MCP"][1]["inputSchema"]["required"] == ["destination"]
    assert m["WEATHER_MCP_TOOLS_MCP"][1]["inputSchema"]["required"] == ["city"]
    assert m["TRAVEL_MCP_TOOL_NAME_MAP_OPENAI"] == {"book": "book", "search": "search"}
    # No one list can hold both ``search``: the target's own constants hold the tools of no one.
    assert m["TOOLS"] == [] and m["TOOLS_OPENAI"] == [] and m["TOOLS_MCP"] == []
    assert built.diagnostics == []


def test_a_name_twice_on_one_server_is_still_an_error_naming_the_server(build_errors) -> None:
    twice = TRAVEL + '\n\n@mcp.tool(name="search")\ndef other(q: str) -> str:\n    """Other."""\n'
    errors = build_errors({"pkg/__init__.py": "", "pkg/travel.py": twice})
    assert len(errors) == 1
    assert "duplicate tool name 'search' of mcp-server 'pkg.travel:mcp': also defined at" in (
        errors[0]
    )


def test_with_unique_names_the_target_constants_hold_every_tool_and_each_owner_its_own(
    build_pkg,
) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/weather.py": WEATHER, "pkg/plain.py": PLAIN})
    m = built.module
    assert names(m["TOOLS"]) == ["alerts", "ping", "search"]
    # One named owner: no owner constants, the module is what it was.
    assert "OWNERS" not in m
    # A tool of no owner may be served too (``mcp.add_tool(fn)``): TOOLS_MCP keeps it.
    assert names(m["TOOLS_MCP"]) == ["alerts", "ping", "search"]
    assert names(m["TOOLS_OPENAI"]) == ["alerts", "ping", "search"]


def test_an_mcp_server_and_an_agent_tools_mcp_holds_only_the_servers(build_pkg) -> None:
    m = build_pkg({"pkg/__init__.py": "", "pkg/app.py": MIXED}).module
    assert m["OWNERS"] == {"pkg.app:assistant": "ASSISTANT", "pkg.app:server": "SERVER"}
    assert names(m["TOOLS_MCP"]) == ["read_file"]
    assert m["TOOL_NAME_MAP_MCP"] == {"read_file": "read_file"}
    assert names(m["SERVER_TOOLS_MCP"]) == ["read_file"]
    assert "ASSISTANT_TOOLS_MCP" not in m  # an agent serves nothing over MCP
    assert names(m["ASSISTANT_TOOLS_OPENAI"]) == ["summarize"]
    assert names(m["TOOLS_OPENAI"]) == ["read_file", "summarize"]


@pytest.mark.parametrize(
    ("owners", "expected"),
    [
        (("pkg.weather:mcp",), ["alerts", "search"]),
        (("pkg.w*",), ["alerts", "search"]),
        (("",), ["ping"]),
        (("", "pkg.weather:mcp"), ["alerts", "ping", "search"]),
        (("pkg.nowhere:mcp",), []),
    ],
)
def test_owners_selects_the_tools_of_the_owners_it_names(
    build_pkg, owners: tuple[str, ...], expected: list[str]
) -> None:
    files = {"pkg/__init__.py": "", "pkg/weather.py": WEATHER, "pkg/plain.py": PLAIN}
    assert names(build_pkg(files, owners=owners).module["TOOLS"]) == expected


def test_owners_is_a_setting_of_the_file_and_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/weather.py": WEATHER,
            "pkg/travel.py": TRAVEL,
            "pyproject.toml": '[tool.toolgen]\npaths = ["pkg"]\nowners = ["pkg.travel:mcp"]\n',
        },
    )
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "pkg/tool_schemas.py").read_text()
    assert "Find hotels." in text and "Find the forecast" not in text
    assert "OWNERS" not in text  # one owner selected: the target's constants are its
    result = CliRunner().invoke(main, ["build", "pkg", "--owner", "pkg.weather:mcp", "-o", "w.py"])
    assert result.exit_code == 0, result.output
    assert "Find the forecast" in (tmp_path / "w.py").read_text()


def test_show_names_the_owner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(
        tmp_path, {"pkg/__init__.py": "", "pkg/weather.py": WEATHER, "pkg/travel.py": TRAVEL}
    )
    result = CliRunner().invoke(main, ["show", "pkg/travel.py::search"])
    assert result.exit_code == 0, result.output
    assert "note: owned by the mcp-server 'pkg.travel:mcp'" in result.stderr
    assert '"destination"' in result.stdout


def test_diff_names_the_owner_of_each_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    files = {"pkg/__init__.py": "", "pkg/weather.py": WEATHER, "pkg/travel.py": TRAVEL}
    write_tree(tmp_path, files)
    assert CliRunner().invoke(main, ["build", "pkg", "-o", "old.py"]).exit_code == 0
    write_tree(tmp_path, {"pkg/travel.py": TRAVEL.replace("destination: str", "destination: int")})
    assert CliRunner().invoke(main, ["build", "pkg", "-o", "new.py"]).exit_code == 0
    result = CliRunner().invoke(main, ["diff", "old.py", "new.py", "--format", "json"])
    import json

    rows = json.loads(result.stdout)["targets"][0]["changes"]
    assert rows and {(r["tool"], r["owner"]) for r in rows} == {("search", "pkg.travel:mcp")}
    text = CliRunner().invoke(main, ["diff", "old.py", "new.py"]).stdout
    assert "search of pkg.travel:mcp" in text
    assert "tools: 3 → 3" in text


def test_diff_weighs_each_owners_constants(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers' ``search``: the target's lists hold neither, so the cost a change makes is
    in the owner's constants, which the cost section weighs as it weighs the target's."""
    import json

    monkeypatch.chdir(tmp_path)
    files = {"pkg/__init__.py": "", "pkg/weather.py": WEATHER, "pkg/travel.py": TRAVEL}
    write_tree(tmp_path, files)
    assert CliRunner().invoke(main, ["build", "pkg", "-o", "old.py"]).exit_code == 0
    write_tree(tmp_path, {"pkg/travel.py": TRAVEL.replace("destination: str", "destination: int")})
    assert CliRunner().invoke(main, ["build", "pkg", "-o", "new.py"]).exit_code == 0
    result = CliRunner().invoke(main, ["diff", "old.py", "new.py", "--format", "json"])
    rows = {r["constant"]: r for r in json.loads(result.stdout)["targets"][0]["cost"]}
    travel, weather = rows["TRAVEL_MCP_TOOLS_OPENAI"], rows["WEATHER_MCP_TOOLS_OPENAI"]
    assert (travel["owner"], travel["change"]) == ("pkg.travel:mcp", 1)  # "string" -> "integer"
    assert [(t["tool"], t["change"]) for t in travel["tools"]] == [("search", 1)]
    assert travel["tokens"]["before"] > 0 and travel["tokens"]["after"] > 0
    assert (weather["owner"], weather["change"], weather["tools"]) == ("pkg.weather:mcp", 0, [])
    assert rows["TOOLS_OPENAI"]["owner"] is None
    text = CliRunner().invoke(main, ["diff", "old.py", "new.py"]).stdout
    assert "TRAVEL_MCP_TOOLS_OPENAI" in text and "of pkg.travel:mcp" in text
    markdown = CliRunner().invoke(main, ["diff", "old.py", "new.py", "--format", "markdown"])
    assert "`TRAVEL_MCP_TOOLS_OPENAI`" in markdown.stdout


def test_the_cache_keeps_each_tools_owner() -> None:
    owner = Owner("pkg.travel:mcp", "mcp-server")
    tool = ToolForms("search", SourceSpan("pkg/travel.py", 9, 1), "ab", {}, {}, {}, (), owner=owner)
    plain = ToolForms("ping", SourceSpan("pkg/plain.py", 5, 1), "cd", {}, {}, {}, ())
    header, payload = encode_module(ModuleResult({}, (tool, plain), ()))
    back = decode_module(header, memoryview(b"".join(bytes(p) for p in payload)))
    assert back is not None
    assert [t.owner for t in back.tools] == [owner, None]
    header["tools"][0]["owner"] = [1, "mcp-server"]
    assert decode_module(header, memoryview(b"")) is None


def test_a_toolbox_takes_one_owners_constants(build_pkg) -> None:
    from toolgen.runtime import Toolbox

    files = {"pkg/__init__.py": "", "pkg/weather.py": WEATHER, "pkg/travel.py": TRAVEL}
    m = build_pkg(files).module
    travel = Toolbox(
        {"TOOLS_MCP": m["TRAVEL_MCP_TOOLS_MCP"], "TOOL_CALLS_MCP": m["TRAVEL_MCP_TOOL_CALLS_MCP"]},
        provider="mcp",
        functions={"search": lambda destination: f"hotels in {destination}"},
    )
    assert travel.call("search", {"destination": "Oslo"}) == "hotels in Oslo"
    assert m["WEATHER_MCP_TOOL_CALLS_MCP"]["search"]["function"] == "pkg.weather:search"
    assert m["TRAVEL_MCP_TOOL_FUNCTIONS"] == {"search": "pkg.travel:search"}
