"""``toolgen diff`` end to end in a temporary git repository: commit the generated module, edit
the tools, and compare in every format and with every ``--fail-on``; the same changes whether
the new version is a fresh build, the rebuilt files, or two modules named on the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
}

TOOLS = {
    "pyproject.toml": """
        [tool.toolgen]
        paths = ["tools"]
        """,
    "tools/weather.py": '''
        from typing import Literal

        from toolgen import tool

        @tool
        def get_weather(city: str, days: int = 3, unit: Literal["c", "f"] = "c") -> str:
            """Get the weather for a city.

            Args:
                city: City name.
                days: How many days.
                unit: Temperature unit.
            """

        @tool
        def ping() -> str:
            """Check the service."""
        ''',
}


def git(root: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", "-c", "init.defaultBranch=main", *args],
        cwd=root,
        env={**os.environ, **GIT_ENV},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def toolgen(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "project"
    write_tree(root, TOOLS)
    monkeypatch.chdir(root)
    assert toolgen("build")[0] == 0
    git(root, "init", "-q")
    (root / ".gitignore").write_text("cache/\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "tools")
    git(root, "checkout", "-q", "-b", "feature")
    return root


def edit(root: Path) -> None:
    """A breaking edit (integer → number is a widening, but the new required parameter and the
    removed tool break callers), a description change, and an enum value added."""
    source = root / "tools/weather.py"
    text = source.read_text()
    text = text.replace(
        'def get_weather(city: str, days: int = 3, unit: Literal["c", "f"] = "c")',
        'def get_weather(city: str, country: str, days: float = 3, unit: Literal["c", "f", "k"] = "c")',
    )
    text = text.replace("Get the weather for a city.", "Get the weather for one city.")
    text = text.replace(
        "                days: How many days.",
        "                country: Country code.\n                days: How many days.",
    )
    text = text[: text.index("@tool\ndef ping")]
    source.write_text(text)


def rules_of(stdout: str) -> list[tuple[str, str, str | None]]:
    data = json.loads(stdout)
    return [(c["rule"], c["tool"], c["provider"]) for t in data["targets"] for c in t["changes"]]


def test_no_edit_no_change_and_exit_0(repo: Path) -> None:
    for fmt in ("text", "markdown", "json"):
        code, out, err = toolgen("diff", "--format", fmt)
        assert code == 0, err
    code, out, _ = toolgen("diff", "--format", "json", "--fail-on", "any")
    assert code == 0
    data = json.loads(out)
    assert data["summary"] == {"breaking": 0, "non-breaking": 0, "info": 0}
    assert data["base"].startswith("merge-base(HEAD, main)")
    assert data["targets"][0]["changes"] == []


def test_every_format_reports_the_edit(repo: Path) -> None:
    edit(repo)
    code, out, err = toolgen("diff", "--format", "json")
    assert code == 1, err
    found = rules_of(out)
    ir = {(rule, tool) for rule, tool, provider in found if provider is None}
    assert ir == {
        ("tool-removed", "ping"),
        ("required-parameter-added", "get_weather"),
        ("type-widened", "get_weather"),
        ("enum-value-added", "get_weather"),
        ("description-changed", "get_weather"),
    }
    data = json.loads(out)
    assert data["format"] == "toolgen-diff" and data["version"] == 1
    assert data["summary"]["breaking"] == 2
    removed = next(c for c in data["targets"][0]["changes"] if c["rule"] == "tool-removed")
    assert removed["severity"] == "breaking" and removed["category"] == "tool"
    assert removed["source"] is None  # no place in the new version
    required = next(
        c for c in data["targets"][0]["changes"] if c["rule"] == "required-parameter-added"
    )
    assert required["pointer"] == "/parameters/properties/country"
    assert required["source"] == "tools/weather.py:6"  # the tool's def line in the new version
    cost = {c["constant"]: c for c in data["targets"][0]["cost"]}
    assert set(cost) == {
        f"TOOLS_{p}"
        for p in ("OPENAI", "OPENAI_RESPONSES", "ANTHROPIC", "GEMINI", "MCP", "BEDROCK")
    }
    for row in cost.values():
        assert row["change"] == row["after"] - row["before"]
        tools = {t["tool"]: t for t in row["tools"]}
        assert set(tools) == {"get_weather", "ping"}
        assert (
            tools["ping"]["after"] == 0 and tools["ping"]["change"] == -tools["ping"]["before"] < 0
        )
        # the list is its tools, a comma between each two, and the brackets
        assert row["change"] == sum(t["change"] for t in tools.values()) - 1

    code, text, _ = toolgen("diff")
    assert code == 1
    assert "breaking     tool-removed" in text
    assert "get_weather (tools/weather.py:6)" in text
    assert "{+one+}" in text and "[-a-]" in text
    assert "cost: bytes of each provider's tool list" in text
    assert text.endswith("\ntotal: 2 breaking, 2 non-breaking, 1 info\n")

    code, markdown, _ = toolgen("diff", "--format", "markdown")
    assert code == 1
    assert markdown.startswith("## toolgen diff\n")
    assert "| | breaking | non-breaking | info |" in markdown
    assert "| `ping` | 1 | 0 | 0 |" in markdown
    assert "- **breaking** `tool-removed`" in markdown
    assert "<details><summary>Cost per request" in markdown


def test_fail_on(repo: Path) -> None:
    edit(repo)
    assert toolgen("diff", "--fail-on", "breaking")[0] == 1
    assert toolgen("diff", "--fail-on", "any")[0] == 1
    assert toolgen("diff", "--fail-on", "never")[0] == 0
    # only a non-breaking change: breaking passes, any fails
    git(repo, "checkout", "-q", "--", "tools/weather.py")
    source = repo / "tools/weather.py"
    source.write_text(source.read_text().replace('Literal["c", "f"]', 'Literal["c", "f", "k"]'))
    code, out, _ = toolgen("diff", "--format", "json", "--fail-on", "breaking")
    assert code == 0
    assert {r for r, _, p in rules_of(out) if p is None} == {"enum-value-added"}
    assert toolgen("diff", "--fail-on", "any")[0] == 1
    assert toolgen("diff", "--fail-on", "never")[0] == 0


def test_fresh_build_files_and_two_modules_agree(repo: Path, tmp_path: Path) -> None:
    edit(repo)
    fresh = toolgen("diff", "--format", "json")[1]
    # the files on disk are still the committed ones: nothing changed there
    assert rules_of(toolgen("diff", "--format", "json", "--against-files")[1]) == []
    assert toolgen("build")[0] == 0
    files = toolgen("diff", "--format", "json", "--against-files")[1]
    old = tmp_path / "old.py"
    old.write_text(git(repo, "show", "main:tools/tool_schemas.py"))
    pair = toolgen("diff", str(old), "tools/tool_schemas.py", "--format", "json")[1]
    assert rules_of(fresh) == rules_of(files) == rules_of(pair)
    strip = lambda text: [t["changes"] for t in json.loads(text)["targets"]]  # noqa: E731
    assert strip(fresh) == strip(files) == strip(pair)
    assert json.loads(fresh)["targets"][0]["cost"] == json.loads(pair)["targets"][0]["cost"]
    # the same bytes every time
    assert toolgen("diff", "--format", "json", "--against-files")[1] == files


def test_base_revision_and_default_merge_base(repo: Path) -> None:
    edit(repo)
    assert toolgen("build")[0] == 0
    git(repo, "commit", "-q", "-am", "edit")
    # HEAD itself: nothing changed since
    code, out, _ = toolgen("diff", "--base", "HEAD", "--format", "json")
    assert code == 0 and rules_of(out) == []
    # the default: the merge base with main, i.e. before the edit
    code, out, _ = toolgen("diff", "--format", "json")
    assert code == 1 and ("tool-removed", "ping", None) in rules_of(out)
    # --base main names the same commit (the merge base of a branch made from main)
    by_name = json.loads(toolgen("diff", "--base", "main", "--format", "json")[1])
    default = json.loads(toolgen("diff", "--format", "json")[1])
    main_commit = git(repo, "rev-parse", "main").strip()
    assert by_name["base"] == f"main = {main_commit[:12]}"
    assert default["base"] == f"merge-base(HEAD, main) = {main_commit[:12]}"
    assert by_name["targets"][0]["changes"] == default["targets"][0]["changes"]
    # main moves on: the merge base stays where the branch left it
    git(repo, "checkout", "-q", "main")
    (repo / "README").write_text("more\n")
    git(repo, "add", "README")
    git(repo, "commit", "-q", "-m", "main moves")
    git(repo, "checkout", "-q", "feature")
    assert json.loads(toolgen("diff", "--format", "json")[1])["base"] == default["base"]


def test_an_output_missing_at_the_base_has_every_tool_added(repo: Path) -> None:
    (repo / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\nout = "tools/schemas_v2.py"\n'
    )
    code, out, err = toolgen("diff", "--format", "json", "--fail-on", "any")
    assert code == 1, err
    assert sorted(rules_of(out)) == [
        ("tool-added", "get_weather", None),
        ("tool-added", "ping", None),
    ]
    assert "(no such output)" in json.loads(out)["targets"][0]["old"]


def test_usage_errors_exit_2_without_a_traceback(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = toolgen("diff", "--base", "no-such-branch")
    assert code == 2 and "unknown revision 'no-such-branch'" in err and "Traceback" not in err
    code, _, err = toolgen("diff", "--base", "--help-me")
    assert code == 2 and "Traceback" not in err

    not_data = tmp_path / "bad.py"
    not_data.write_text("# Generated by toolgen 0.1.0. DO NOT EDIT.\nTOOLS = [print(1)]\n")
    code, _, err = toolgen("diff", str(not_data), "tools/tool_schemas.py")
    assert code == 2 and "not a literal" in err and "Traceback" not in err
    code, _, err = toolgen("diff", "tools/tool_schemas.py", "tools/weather.py")
    assert code == 2 and "not a module toolgen generated" in err
    code, _, err = toolgen(
        "diff", "tools/tool_schemas.py", "tools/tool_schemas.py", "--base", "HEAD"
    )
    assert code == 2
    shapes = tmp_path / "shapes.py"
    shapes.write_text('# Generated by toolgen 0.1.0. DO NOT EDIT.\nTOOLS = {"a": 1}\n')
    code, _, err = toolgen("diff", str(shapes), "tools/tool_schemas.py")
    assert code == 2 and "not a list of tool objects" in err

    # no git on PATH
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    code, _, err = toolgen("diff")
    assert code == 2 and "git is not installed" in err


def test_outside_a_repository_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "plain"
    write_tree(root, TOOLS)
    monkeypatch.chdir(root)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    code, _, err = toolgen("diff", "--no-cache")
    assert code == 2 and "not in a git repository" in err


def test_the_real_command_exits_1_on_a_breaking_change(repo: Path) -> None:
    edit(repo)
    result = subprocess.run(
        [sys.executable, "-m", "toolgen", "diff", "--format", "markdown"],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1, result.stderr
    assert "`tool-removed`" in result.stdout and result.stderr == ""


def test_per_provider_layout_is_one_target_of_several_files(repo: Path) -> None:
    (repo / "pyproject.toml").write_text(
        '[tool.toolgen]\npaths = ["tools"]\nlayout = "per-provider"\nproviders = ["openai", "gemini"]\n'
    )
    assert toolgen("build")[0] == 0
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "per provider")
    edit(repo)
    code, out, err = toolgen("diff", "--base", "HEAD", "--format", "json")
    assert code == 1, err
    data = json.loads(out)
    assert [t["output"] for t in data["targets"]] == ["tools/tool_schemas.py"]
    assert ("tool-removed", "ping", None) in rules_of(out)
    assert [c["constant"] for c in data["targets"][0]["cost"]] == ["TOOLS_OPENAI", "TOOLS_GEMINI"]
    # the provider modules alone, compared as two files: their wire forms and cost
    old = repo.parent / "old_openai.py"
    old.write_text(git(repo, "show", "HEAD:tools/tool_schemas_openai.py"))
    assert toolgen("build")[0] == 0
    code, out, _ = toolgen("diff", str(old), "tools/tool_schemas_openai.py", "--format", "json")
    (cost,) = json.loads(out)["targets"][0]["cost"]
    assert cost["constant"] == "TOOLS_OPENAI" and cost["change"] < 0


def test_a_crlf_checkout_reads_as_the_committed_text(repo: Path) -> None:
    out = repo / "tools/tool_schemas.py"
    out.write_bytes(out.read_bytes().replace(b"\n", b"\r\n"))
    code, text, err = toolgen("diff", "--against-files", "--format", "json", "--fail-on", "any")
    assert code == 0, err
    assert rules_of(text) == []
