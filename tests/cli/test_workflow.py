"""Fitting the user's workflow: other frameworks' decorators, --select public, show, stubs,
GitHub annotations, and the pre-commit hook entries run on a sample repository."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tests.conftest import REPO, write_tree
from toolgen.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


FRAMEWORKS = {
    "agents_tools.py": '''
        from agents import function_tool

        @function_tool
        def plain(city: str) -> str:
            """Plain form."""

        @function_tool(name_override="weather_now", description_override="Weather now.", strict_mode=True)
        def called(city: str) -> str:
            """Ignored summary."""
        ''',
    "mcp_server.py": '''
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("travel")

        @mcp.tool()
        def book(hotel: str, nights: int = 1) -> str:
            """Book a hotel."""

        @mcp.tool(name="cancel_booking", description="Cancel a booking.")
        def cancel(booking_id: str) -> None: ...
        ''',
    "lc_tools.py": '''
        from langchain_core.tools import tool

        @tool("lc_search")
        def search(query: str) -> str:
            """Search the web."""

        @tool
        def lc_plain(x: int) -> int:
            """Plain LangChain tool."""
        ''',
    "ignored.py": """
        def helper(x: int) -> int:
            return x

        def _private() -> None: ...
        """,
}


@pytest.fixture
def frameworks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_tree(tmp_path, {f"tools/{k}": v for k, v in FRAMEWORKS.items()})


def _names(project: Path) -> list[str]:
    namespace: dict[str, object] = {}
    exec((project / "tools" / "tool_schemas.py").read_text(), namespace)
    return sorted(t["name"] for t in namespace["TOOLS"])  # type: ignore[attr-defined]


def test_other_frameworks_decorators_by_qualified_name(frameworks: Path) -> None:
    result = run(
        "build",
        "tools",
        "--decorator",
        "agents.function_tool",
        "--decorator",
        "mcp.server.fastmcp.FastMCP.tool",
        "--decorator",
        "langchain_core.tools.tool",
    )
    assert result.exit_code == 0, result.stderr
    assert _names(frameworks) == [
        "book",
        "cancel_booking",
        "lc_plain",
        "lc_search",
        "plain",
        "weather_now",
    ]
    namespace: dict[str, object] = {}
    exec((frameworks / "tools" / "tool_schemas.py").read_text(), namespace)
    by_name = {t["name"]: t for t in namespace["TOOLS"]}  # type: ignore[attr-defined]
    assert by_name["weather_now"]["description"] == "Weather now."
    assert by_name["cancel_booking"]["description"] == "Cancel a booking."


def test_framework_tools_are_found_with_no_configuration(frameworks: Path) -> None:
    """The presets know FastMCP, the Agents SDK and LangChain through the files' imports."""
    result = run("build", "tools")
    assert result.exit_code == 0, result.stderr
    assert _names(frameworks) == [
        "book",
        "cancel_booking",
        "lc_plain",
        "lc_search",
        "plain",
        "weather_now",
    ]
    namespace: dict[str, object] = {}
    exec((frameworks / "tools" / "tool_schemas.py").read_text(), namespace)
    by_name = {t["name"]: t for t in namespace["TOOLS"]}  # type: ignore[attr-defined]
    assert by_name["weather_now"]["description"] == "Weather now."
    assert by_name["lc_search"]["description"] == "Search the web."


def test_framework_presets_can_be_narrowed_or_disabled(frameworks: Path) -> None:
    assert run("build", "tools", "--framework", "langchain").exit_code == 0
    assert _names(frameworks) == ["lc_plain", "lc_search"]
    (frameworks / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\nframeworks = ["mcp", "openai-agents"]\n'
    )
    assert run("build").exit_code == 0
    assert _names(frameworks) == ["book", "cancel_booking", "plain", "weather_now"]
    assert run("build", "--framework", "none").exit_code == 0
    assert _names(frameworks) == []


def test_show_names_the_rules_behind_each_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``show`` takes the published name too, and says on stderr which framework read the tool
    and why each parameter was left out; an unknown name lists the file's tools."""
    monkeypatch.chdir(tmp_path)
    write_tree(
        tmp_path,
        {"tools/srv.py": '''
                from typing import Optional
                from mcp.server.fastmcp import FastMCP, Context

                mcp = FastMCP("x")

                class MyContext(Context):
                    pass

                @mcp.tool(name="find_things")
                def find(query: str, ctx: Optional[MyContext] = None) -> str:
                    """Find things."""
                '''},
    )
    for spec in ("tools/srv.py::find_things", "tools/srv.py::find"):
        result = run("show", spec)
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["parameters"]["properties"] == {
            "query": {"type": "string"}
        }
        assert "note: read by the rules of mcp (its decorator)" in result.stderr
        assert (
            "note: parameter 'ctx' is left out: mcp: injects mcp.server.fastmcp.Context"
            in result.stderr
        )
    missing = run("show", "tools/srv.py::nope")
    assert missing.exit_code == 2
    assert "its tools: find_things" in missing.stderr


def test_instance_decorator_by_its_spelling(frameworks: Path) -> None:
    result = run("build", "tools", "--decorator", "mcp.tool", "--framework", "none")
    assert result.exit_code == 0, result.stderr
    assert _names(frameworks) == ["book", "cancel_booking"]


def test_decorators_from_configuration(frameworks: Path) -> None:
    (frameworks / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\ndecorators = ["agents.function_tool"]\n'
        "frameworks = []\n"
    )
    assert run("build").exit_code == 0
    assert _names(frameworks) == ["plain", "weather_now"]


def test_select_public_takes_every_public_function(frameworks: Path) -> None:
    result = run("build", "tools", "--select", "public", "--provider", "openai")
    assert result.exit_code == 0, result.stderr
    # A decorated function keeps the name its framework gives it.
    assert _names(frameworks) == [
        "book",
        "cancel_booking",
        "helper",
        "lc_plain",
        "lc_search",
        "plain",
        "weather_now",
    ]


def test_show_prints_ir_and_provider_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO / "examples" / "travel_agent")
    ir = run("show", "src/travel_tools/weather.py::get_forecast")
    assert ir.exit_code == 0, ir.stderr
    tool = json.loads(ir.stdout)
    assert tool["name"] == "get_forecast" and tool["parameters"]["required"] == ["city"]
    gemini = json.loads(
        run("show", "src/travel_tools/flights.py::book", "--provider", "gemini").stdout
    )
    assert gemini["name"] == "book_trip" and gemini["parameters"]["type"] == "OBJECT"
    missing = run("show", "src/travel_tools/weather.py::nope")
    assert missing.exit_code == 2 and "no tool 'nope'" in missing.stderr
    bad = run("show", "weather.py")
    assert bad.exit_code == 2 and "FILE::FUNCTION" in bad.stderr


def test_stub_decides_signature_and_implementation_gives_docstring(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(
        tmp_path,
        {
            "svc/remote.pyi": "from toolgen import tool\n@tool\ndef lookup(sku: str, exact: bool = True) -> dict[str, int]: ...\n",
            "svc/remote.py": 'from toolgen import tool\n@tool\ndef lookup(sku, exact=True):\n    """Look up a SKU in the remote catalogue."""\n',
        },
    )
    assert run("build", "svc").exit_code == 0
    namespace: dict[str, object] = {}
    exec((tmp_path / "svc" / "tool_schemas.py").read_text(), namespace)
    (tool,) = namespace["TOOLS"]  # type: ignore[misc]
    assert tool["description"] == "Look up a SKU in the remote catalogue."
    assert tool["parameters"]["properties"] == {
        "sku": {"type": "string"},
        "exact": {"type": "boolean", "default": True},
    }


def test_github_error_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(
        tmp_path, {"t/m.py": "from toolgen import tool\n@tool\ndef f(x: Nope) -> None:\n    'F.'\n"}
    )
    result = run("build", "t", "--error-format", "github", "--strict")
    assert result.exit_code == 3
    assert (
        "::error file=t/m.py,line=3,col=7::tool 'f', parameter 'x': cannot resolve type 'Nope'"
        in result.stdout
    )
    assert "t/m.py:3:7: error:" in result.stderr


HOOKS = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())


@pytest.mark.parametrize("hook", HOOKS, ids=[h["id"] for h in HOOKS])
def test_pre_commit_hook_entries_on_a_sample_repo(hook: dict, tmp_path: Path) -> None:
    """Run each hook's entry the way pre-commit does (no file names) in a git repository."""
    write_tree(
        tmp_path,
        {
            "pyproject.toml": '[tool.toolgen]\npaths = ["tools"]\n',
            "tools/__init__.py": "",
            "tools/a.py": "from toolgen import tool\n@tool\ndef a(x: int) -> int:\n    'A.'\n",
        },
    )
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    assert hook["pass_filenames"] is False and hook["language"] == "python"
    entry = shlex.split(hook["entry"])
    assert entry[0] == "toolgen"
    command = [sys.executable, "-m", "toolgen", *entry[1:]]
    first = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    if hook["id"] == "toolgen-check":
        assert first.returncode == 1 and "tools/tool_schemas.py: missing" in first.stderr
        subprocess.run([sys.executable, "-m", "toolgen", "build"], cwd=tmp_path, check=True)
    else:
        assert first.returncode == 0 and (tmp_path / "tools" / "tool_schemas.py").exists()
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr


def test_a_one_off_build_does_not_call_the_configured_output_left_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`toolgen build PATHS` in a configured project writes its own output; the configured
    target's output in those paths is the user's real one, not a file to delete."""
    write_tree(
        tmp_path,
        {
            "pyproject.toml": '[tool.toolgen]\npaths = ["src/tools"]\n',
            "src/tools/weather.py": '''
                from toolgen import tool

                @tool
                def get_weather(city: str) -> str:
                    """Get the weather.

                    Args:
                        city: Where.
                    """
                ''',
        },
    )
    monkeypatch.chdir(tmp_path)
    assert run("build").exit_code == 0
    for args in (["src/tools", "--out", "src/chat_tools.py"], ["src/tools", "--strict"]):
        one_off = run("build", *args)
        assert one_off.exit_code == 0, one_off.stderr
        assert "left over" not in one_off.stderr and "delete" not in one_off.stderr
    # A module toolgen wrote that no configured target writes is still reported.
    (tmp_path / "src/chat_tools.py").rename(tmp_path / "src/tools/old_schemas.py")
    stale = run("build", "src/tools")
    assert "src/tools/old_schemas.py:1:1: warning: generated by toolgen" in stale.stderr
