"""Every configuration key, set in pyproject.toml (CliRunner) and given as a flag (a real
subprocess), has its effect on the generated module."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main
from toolgen.engine.store import FORMAT

SOURCES = {
    "tools/__init__.py": "",
    "tools/main.py": '''
        from typing import Any
        from pydantic import BaseModel
        from toolgen import tool
        from ctxlib import Context

        class Node(BaseModel):
            value: int
            children: list["Node"] = []

        @tool
        def walk_the_tree_and_report(root: Node, labels: dict[str, str], ctx: Context, *extra: str) -> str:
            """Walk a tree.

            It visits every node once.

            Args:
                root: The root node.
            """

        def public_helper(x: int) -> int:
            """Not decorated."""
            return x
        ''',
    "tools/generated_like_test.py": '''
        from toolgen import tool

        @tool
        def excluded_tool() -> None:
            """Should be excluded."""
        ''',
}
BASE = ["skip_varargs = true", 'injected_types = ["ctxlib.Context"]', 'exclude = ["*_test.py"]']
BASE_FLAGS = ["--skip-varargs", "--injected-type", "ctxlib.Context", "--exclude", "*_test.py"]


def load(root: Path) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec((root / "tools" / "tool_schemas.py").read_text(), namespace)
    return namespace


def walk(ns: dict[str, Any], constant: str = "TOOLS") -> dict[str, Any]:
    return ns[constant][0]


CASES: list[tuple[str, list[str], list[str], Callable[[dict[str, Any], Path], None]]] = [
    (
        "providers",
        ['providers = ["mcp"]'],
        ["--provider", "mcp"],
        lambda ns, root: (
            ns["__all__"]
            == [
                "TOOLS",
                "TOOL_FUNCTIONS",
                "TOOL_FINGERPRINTS",
                "FINGERPRINTS",
                "TOOLS_MCP",
                "TOOL_NAME_MAP_MCP",
                "TOOL_CALLS_MCP",
                "TOOL_FINGERPRINTS_MCP",
            ]
        )
        or pytest.fail(str(ns["__all__"])),
    ),
    (
        "layout",
        ['layout = "per-provider"', 'providers = ["mcp", "anthropic"]'],
        ["--layout", "per-provider", "--provider", "mcp", "--provider", "anthropic"],
        lambda ns, root: (
            ns["__all__"] == ["TOOLS", "TOOL_FUNCTIONS", "TOOL_FINGERPRINTS", "FINGERPRINTS"]
            and sorted(p.name for p in (root / "tools").glob("tool_schemas*.py"))
            == ["tool_schemas.py", "tool_schemas_anthropic.py", "tool_schemas_mcp.py"]
            and "TOOLS_MCP" in (root / "tools" / "tool_schemas_mcp.py").read_text()
        )
        or pytest.fail("layout"),
    ),
    (
        "select",
        ['select = "public"'],
        ["--select", "public"],
        lambda ns, root: sorted(t["name"] for t in ns["TOOLS"])
        == ["public_helper", "walk_the_tree_and_report"]
        or pytest.fail("select"),
    ),
    (
        "exclude",
        [],
        [],
        lambda ns, root: [t["name"] for t in ns["TOOLS"]] == ["walk_the_tree_and_report"]
        or pytest.fail("exclude"),
    ),
    (
        "skip_varargs+injected_types",
        [],
        [],
        lambda ns, root: list(walk(ns)["parameters"]["properties"]) == ["root", "labels"]
        or pytest.fail("params"),
    ),
    (
        "line_length",
        ["line_length = 64"],
        ["--line-length", "64"],
        lambda ns, root: _black_at(root, 64),
    ),
    (
        "formatter",
        ['formatter = "black"'],
        ["--formatter", "black"],
        lambda ns, root: walk(ns)["name"] == "walk_the_tree_and_report" or pytest.fail("formatter"),
    ),
    (
        "openai_strict",
        ["openai_strict = false"],
        ["--no-openai-strict"],
        lambda ns, root: walk(ns, "TOOLS_OPENAI")["function"]["strict"] is False
        or pytest.fail("strict"),
    ),
    (
        "gemini_flavour",
        ['gemini_flavour = "vertex"'],
        ["--gemini-flavour", "vertex"],
        lambda ns, root: walk(ns, "TOOLS_GEMINI")["parameters"]["properties"]["labels"][
            "additionalProperties"
        ]
        == {"type": "STRING"}
        or pytest.fail("vertex"),
    ),
    (
        "gemini_schema_field",
        ['gemini_schema_field = "json"'],
        ["--gemini-schema-field", "json"],
        lambda ns, root: "parametersJsonSchema" in walk(ns, "TOOLS_GEMINI") or pytest.fail("json"),
    ),
    (
        "gemini_response",
        ["gemini_response = true"],
        ["--gemini-response"],
        lambda ns, root: walk(ns, "TOOLS_GEMINI")["response"] == {"type": "STRING"}
        or pytest.fail("response"),
    ),
    (
        "recursion_depth",
        ["recursion_depth = 1"],
        ["--recursion-depth", "1"],
        lambda ns, root: str(walk(ns, "TOOLS_BEDROCK")).count("'children'") == 2
        or pytest.fail("depth"),
    ),
    (
        "max_inline_kb",
        ["max_inline_kb = 1", "recursion_depth = 20"],
        ["--max-inline-kb", "1", "--recursion-depth", "20"],
        lambda ns, root: "'$ref': '#/$defs/Node'" in str(walk(ns, "TOOLS_BEDROCK"))
        or pytest.fail("refs kept"),
    ),
    (
        "long_description",
        ["long_description = true"],
        ["--long-description"],
        lambda ns, root: walk(ns)["description"] == "Walk a tree.\n\nIt visits every node once."
        or pytest.fail("long"),
    ),
    ("out", ['out = "gen.py"'], ["--out", "gen.py"], None),  # checked below: the file is elsewhere
    (
        "cache_dir",
        ['cache_dir = "mycache"'],
        ["--cache-dir", "mycache"],
        lambda ns, root: (root / "mycache" / f"v{FORMAT}").is_dir() or pytest.fail("cache dir"),
    ),
]


@pytest.mark.parametrize("name,keys,flags,check", CASES, ids=[c[0] for c in CASES])
def test_key_in_pyproject(
    name: str,
    keys: list[str],
    flags: list[str],
    check: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, SOURCES)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\n' + "\n".join([*BASE, *keys]) + "\n"
    )
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0, result.stderr
    _verify(name, check, tmp_path)


@pytest.mark.parametrize("name,keys,flags,check", CASES, ids=[c[0] for c in CASES])
def test_flag_in_a_real_process(
    name: str, keys: list[str], flags: list[str], check: Any, tmp_path: Path
) -> None:
    write_tree(tmp_path, SOURCES)
    result = subprocess.run(
        [sys.executable, "-m", "toolgen", "build", "tools", *BASE_FLAGS, *flags],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
    )
    assert result.returncode == 0, result.stderr
    _verify(name, check, tmp_path)


def _black_at(root: Path, line_length: int) -> None:
    """Black's layout at that width, and not the same text as at the default width."""
    from toolgen.emit.format import is_black_formatted

    text = (root / "tools" / "tool_schemas.py").read_text()
    assert is_black_formatted(text, line_length)
    default = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolgen",
            "build",
            "tools",
            *BASE_FLAGS,
            "--no-cache",
            "--out",
            str(root / "default.py"),
        ],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert default.returncode == 0, default.stderr
    assert (root / "default.py").read_text() != text


def _verify(name: str, check: Any, root: Path) -> None:
    if name == "out":
        assert (root / "gen.py").read_text().startswith("# Generated by toolgen")
        assert not (root / "tools" / "tool_schemas.py").exists()
        return
    check(load(root), root)


def test_strict_and_warn_undocumented_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, SOURCES)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\n' + "\n".join(BASE) + "\nwarn_undocumented = true\n"
    )
    warned = CliRunner().invoke(main, ["build", "--provider", "mcp"])
    assert warned.exit_code == 0 and "parameter 'labels' is not documented" in warned.stderr
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\n'
        + "\n".join(BASE)
        + "\nwarn_undocumented = true\nstrict = true\n"
    )
    strict = CliRunner().invoke(main, ["build", "--provider", "mcp"])
    assert (
        strict.exit_code == 3
        and "error: tool 'walk_the_tree_and_report': parameter 'labels'" in strict.stderr
    )
    assert CliRunner().invoke(main, ["build", "--provider", "mcp", "--no-strict"]).exit_code == 0


def test_several_targets_each_with_its_own_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(
        tmp_path,
        {
            "support/__init__.py": "",
            "support/t.py": "from toolgen import tool\n@tool\ndef refund(order: str) -> None:\n    'Refund.'\n",
            "admin/__init__.py": "",
            "admin/t.py": "from toolgen import tool\n@tool\ndef ban(user: str) -> None:\n    'Ban.'\n",
            "pyproject.toml": """
            [tool.toolgen]
            providers = ["openai", "anthropic"]

            [[tool.toolgen.targets]]
            paths = ["support"]

            [[tool.toolgen.targets]]
            paths = ["admin"]
            out = "admin/schemas.py"
            providers = ["mcp"]
            """,
        },
    )
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0, result.stderr
    support: dict[str, Any] = {}
    exec((tmp_path / "support" / "tool_schemas.py").read_text(), support)
    admin: dict[str, Any] = {}
    exec((tmp_path / "admin" / "schemas.py").read_text(), admin)
    assert "TOOLS_ANTHROPIC" in support and "TOOLS_MCP" not in support
    assert admin["__all__"] == [
        "TOOLS",
        "TOOL_FUNCTIONS",
        "TOOL_FINGERPRINTS",
        "FINGERPRINTS",
        "TOOLS_MCP",
        "TOOL_NAME_MAP_MCP",
        "TOOL_CALLS_MCP",
        "TOOL_FINGERPRINTS_MCP",
    ]
    assert [t["name"] for t in support["TOOLS"]] == ["refund"] and [
        t["name"] for t in admin["TOOLS"]
    ] == ["ban"]
    assert CliRunner().invoke(main, ["check"]).exit_code == 0
    (tmp_path / "admin" / "t.py").write_text(
        "from toolgen import tool\n@tool\ndef ban(user: str) -> None:\n    'Ban a user.'\n"
    )
    stale = CliRunner().invoke(main, ["check"])
    assert (
        stale.exit_code == 1
        and "admin/schemas.py: stale" in stale.stderr
        and "support/tool_schemas.py: fresh" in stale.stderr
    )
