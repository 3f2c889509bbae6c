"""Fingerprints of the tool surface: a digest per tool and per tool list, which a client makes
again from the data alone, and which ``toolgen diff`` reports when they move."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main
from toolgen.diff.load import BadModule, read_module

TOOLS = '''
from toolgen import tool


@tool
def search(city: str, days: int = 3) -> str:
    """Find the forecast.

    Args:
        city: Where.
        days: How many days.
    """


@tool
def alerts(region: str) -> list[str]:
    """Weather alerts in a region."""
'''
SERVER = '''
from mcp.server.fastmcp import FastMCP

files = FastMCP("files")


@files.tool()
def read(path: str) -> str:
    """Read a file."""
'''
AGENT = '''
from pydantic_ai import Agent

planner = Agent("openai:gpt-4o")


@planner.tool_plain
def plan(goal: str) -> str:
    """Plan the steps to a goal."""
'''


def recipe(value: Any) -> str:
    """The digest as the documentation tells a client to make it."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def per_tool_map(list_name: str) -> str:
    head, _, tail = list_name.rpartition("TOOLS")
    return f"{head}TOOL_FINGERPRINTS{tail}"


def wire_name(item: dict[str, Any]) -> str:
    if "toolSpec" in item:
        return str(item["toolSpec"]["name"])
    return str(item.get("name") or item["function"]["name"])


@pytest.mark.parametrize(
    "files",
    [
        {"pkg/__init__.py": "", "pkg/tools.py": TOOLS},
        {"pkg/__init__.py": "", "pkg/server.py": SERVER, "pkg/agent.py": AGENT},
    ],
    ids=["plain", "owners"],
)
def test_every_fingerprint_is_made_again_from_the_data_by_the_documented_recipe(
    build_pkg, files: dict[str, str]
) -> None:
    m = build_pkg(files).module
    lists = [name for name in m["__all__"] if name.startswith("TOOLS") or "_TOOLS" in name]
    assert sorted(m["FINGERPRINTS"]) == sorted(lists)  # every tool list, owners' included
    for name in lists:
        tools = m[name]
        prints = m[per_tool_map(name)]
        assert prints == {wire_name(item): recipe(item) for item in tools}, name
        assert m["FINGERPRINTS"][name] == recipe([recipe(item) for item in tools]), name
    if "OWNERS" in m:
        assert "PLANNER_TOOL_FINGERPRINTS_OPENAI" in m and "FILES_TOOL_FINGERPRINTS_MCP" in m


def test_an_edit_moves_only_the_edited_tools_fingerprints(build_pkg) -> None:
    files = {"pkg/__init__.py": "", "pkg/tools.py": TOOLS}
    before = build_pkg(files).module
    again = build_pkg(files).module  # from the cache
    assert again["FINGERPRINTS"] == before["FINGERPRINTS"]  # the cache keeps them
    files["pkg/tools.py"] = TOOLS.replace("Where.", "The city.")
    after = build_pkg(files).module
    for name in before["FINGERPRINTS"]:
        old, new = before[per_tool_map(name)], after[per_tool_map(name)]
        assert old["alerts"] == new["alerts"] and old["search"] != new["search"], name
        assert before["FINGERPRINTS"][name] != after["FINGERPRINTS"][name]


def test_a_settings_change_moves_only_the_provider_it_changes(build_pkg) -> None:
    files = {"pkg/__init__.py": "", "pkg/tools.py": TOOLS}
    before = build_pkg(files).module["FINGERPRINTS"]
    after = build_pkg(files, openai_strict=False).module["FINGERPRINTS"]
    moved = sorted(name for name in before if before[name] != after[name])
    assert moved == ["TOOLS_OPENAI", "TOOLS_OPENAI_RESPONSES"]


@pytest.fixture
def two_versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, {"pkg/__init__.py": "", "pkg/tools.py": TOOLS})
    assert CliRunner().invoke(main, ["build", "pkg", "-o", "old.py"]).exit_code == 0
    write_tree(tmp_path, {"pkg/tools.py": TOOLS.replace("Where.", "The city.")})
    assert CliRunner().invoke(main, ["build", "pkg", "-o", "new.py"]).exit_code == 0
    return tmp_path


def _diff(*args: str) -> str:
    result = CliRunner().invoke(main, ["diff", "old.py", "new.py", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_diff_reports_which_fingerprints_moved_in_every_format(two_versions: Path) -> None:
    new = read_module((two_versions / "new.py").read_bytes(), "new.py").constants
    old = read_module((two_versions / "old.py").read_bytes(), "old.py").constants
    rows = json.loads(_diff("--format", "json"))["targets"][0]["fingerprints"]
    assert [r["constant"] for r in rows] == sorted(new["FINGERPRINTS"])
    for row in rows:
        assert row["before"] == old["FINGERPRINTS"][row["constant"]]
        assert row["after"] == new["FINGERPRINTS"][row["constant"]]
        (tool,) = row["tools"]  # alerts did not move
        assert tool["tool"] == "search"
        assert tool["after"] == new[per_tool_map(row["constant"])]["search"]
    short = new["TOOL_FINGERPRINTS_OPENAI"]["search"][:19]  # sha256: and 12 hex digits
    text = _diff()
    assert "fingerprints moved" in text and short in text and "alerts" not in text
    markdown = _diff("--format", "markdown")
    assert f"| `TOOLS_OPENAI` | `search` | `{old['TOOL_FINGERPRINTS_OPENAI']['search'][:19]}`" in (
        markdown
    )


def test_diff_of_a_module_without_fingerprints_reports_none(two_versions: Path) -> None:
    old = (two_versions / "old.py").read_text()
    start = old.index("\nFINGERPRINTS: dict[str, str] = {") + 1
    end = old.index("\n}\n", start) + 3
    (two_versions / "old.py").write_text(old[:start] + old[end:])
    assert json.loads(_diff("--format", "json"))["targets"][0]["fingerprints"] == []
    assert "fingerprints moved" not in _diff()


def test_a_fingerprint_map_of_another_shape_is_refused(two_versions: Path) -> None:
    text = (two_versions / "new.py").read_text()
    bad = text.replace(
        'FINGERPRINTS: dict[str, str] = {\n    "TOOLS": "',
        'FINGERPRINTS: dict[str, str] = {\n    "TOOLS": 1, "x": "',
        1,
    )
    assert bad != text
    with pytest.raises(BadModule, match="FINGERPRINTS is not a map of fingerprints"):
        read_module(bad.encode(), "new.py")
