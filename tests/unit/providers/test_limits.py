"""Provider limits: the documentation's table is the data, and each check fires past its limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolgen.errors import Diagnostics
from toolgen.providers import limits
from toolgen.providers.transforms import Losses

DOC = Path(__file__).parents[3] / "docs" / "providers.md"


def test_every_limit_is_in_the_documentation_as_it_is_in_the_data() -> None:
    text = DOC.read_text(encoding="utf-8")
    for limit in limits.LIMITS:
        row = (
            f"| {limit.provider} | {limit.what} | {limit.value:,} | {limit.source} | {limit.past} |"
        )
        assert row in text, row
    documented = [line for line in text.splitlines() if line.count("|") == 6]
    assert len(documented) == len(limits.LIMITS) + 2  # the head and its rule


@pytest.mark.parametrize(
    ("provider", "flavour", "limit"),
    [
        ("openai", "gemini", 128),
        ("openai_responses", "gemini", 128),
        ("gemini", "gemini", 512),
        ("gemini", "vertex", 128),
    ],
)
def test_tools_per_request_warn_one_past_the_limit(provider: str, flavour: str, limit: int) -> None:
    at = Diagnostics()
    limits.check_request(provider, provider, limit, flavour, at)
    assert at.items == []
    past = Diagnostics()
    limits.check_request(provider, provider, limit + 1, flavour, past)
    (warning,) = past.items
    assert warning.span is None  # the whole target: no one tool is at fault
    assert f"{limit + 1:,}" in warning.message and f"limit of {limit:,}" in warning.message
    assert "source: " in warning.message and "deferred loading" in warning.message


@pytest.mark.parametrize("provider", ["anthropic", "mcp", "bedrock"])
def test_providers_without_a_documented_count_are_not_warned(provider: str) -> None:
    diags = Diagnostics()
    limits.check_request(provider, provider, 10_000, "gemini", diags)
    assert diags.items == []


def test_depth_counts_the_root_as_one_and_an_optional_array_as_a_level() -> None:
    report = Losses()
    ten = {"type": "object", "properties": {}}
    inner: dict[str, object] = ten
    for _ in range(9):  # 9 more object levels: 10 in all
        child: dict[str, object] = {"type": "object", "properties": {}}
        inner["properties"] = {"x": child}  # type: ignore[index]
        inner = child
    limits.check_openai_strict(ten, report)
    assert report.downgrades == []
    inner["properties"] = {"x": {"type": ["array", "null"], "items": {"type": "integer"}}}
    limits.check_openai_strict(ten, report)
    assert [why for _, why in report.downgrades] == [limits.OPENAI_STRICT_DEPTH.exceeded(11)]


def _two_owners(big: int) -> dict[str, str]:
    """An agent of ``big`` tools and an MCP server of one, in one target."""
    agent = ["from pydantic_ai import Agent", "", 'planner = Agent("openai:gpt-4o")']
    for i in range(big):
        agent += [
            "",
            "",
            "@planner.tool_plain",
            f"def step{i:03}() -> None:",
            f'    """Step {i}."""',
        ]
    server = (
        "from mcp.server.fastmcp import FastMCP\n\nfiles = FastMCP('files')\n\n\n"
        '@files.tool()\ndef read(path: str) -> str:\n    """Read a file."""\n'
    )
    return {"pkg/__init__.py": "", "pkg/agent.py": "\n".join(agent) + "\n", "pkg/server.py": server}


def test_each_owners_constants_are_checked_per_request_and_the_warning_names_them(
    build_pkg,
) -> None:
    at = build_pkg(_two_owners(128), providers=("openai", "anthropic"))
    assert at.module["OWNERS"] == {"pkg.agent:planner": "PLANNER", "pkg.server:files": "FILES"}
    assert len(at.module["TOOLS_OPENAI"]) == 129  # the target's: no one agent sends them all
    assert at.diagnostics == []
    past = build_pkg(_two_owners(129), providers=("openai", "anthropic"))
    (warning,) = past.diagnostics
    assert warning.startswith("warning: openai (PLANNER_TOOLS_OPENAI): 129 tools per request")
    assert "limit of 128" in warning and "FILES" not in warning


def test_an_owners_constants_past_the_limit_fail_a_strict_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from tests.conftest import write_tree
    from toolgen.cli import main

    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, _two_owners(129))
    result = CliRunner().invoke(main, ["build", "pkg", "--provider", "openai", "--strict"])
    assert result.exit_code == 3, result.output
    assert "error: openai (PLANNER_TOOLS_OPENAI): 129 tools per request" in result.stderr
    assert not (tmp_path / "pkg" / "tool_schemas.py").exists()
