"""Every code sample in the documentation runs: Python executes (tools in it also build without
warnings), TOML passes toolgen's configuration check, YAML loads, and every toolgen command
line parses with the real CLI."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tests.conftest import REPO, write_tree
from toolgen.cli import main
from toolgen.config import parse

if sys.version_info >= (3, 11):
    import tomllib
else:  # toolgen reads TOML with tomli there (a dependency on 3.10)
    import tomli as tomllib

DOCS = [
    REPO / "README.md",
    REPO / "CONTRIBUTING.md",
    REPO / "examples/travel_agent/README.md",
    *sorted((REPO / "docs").glob("*.md")),
]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for index, (lang, body) in enumerate(FENCE.findall(doc.read_text())):
            if lang == kind:
                found.append((f"{doc.relative_to(REPO)}#{index}", body))
    return found


PRELUDE = textwrap.dedent("""
    import json
    import httpx2
    from openai import OpenAI

    def _reply(request):
        body = json.loads(request.content)
        return httpx2.Response(200, json={"id": "c", "object": "chat.completion", "created": 0,
            "model": body["model"], "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": None, "tool_calls": [{"id": "1", "type": "function",
            "function": {"name": body["tools"][0]["function"]["name"], "arguments": "{}"}}]}}]})

    client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1",
                    http_client=httpx2.Client(transport=httpx2.MockTransport(_reply)))
    """)
QUICKSTART = {
    body.splitlines()[0].removeprefix("# "): body
    for _, body in blocks("python")
    if body.startswith("# src/tools/")
}
"""The README's quickstart files, by the path each one's first line gives."""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A `tools` package (the README's quickstart), built, so samples can import tool_schemas."""
    root = tmp_path_factory.mktemp("docs")
    quickstart = {path.removeprefix("src/"): body for path, body in QUICKSTART.items()}
    write_tree(root, {"tools/__init__.py": "", **quickstart, "_prelude.py": PRELUDE})
    # First the per-provider modules (tools/tool_schemas_openai.py, ...), for the samples of that
    # layout; then the single module over its tools/tool_schemas.py, for all the others.
    for layout in ("per-provider", "single"):
        subprocess.run(
            [sys.executable, "-m", "toolgen", "build", "tools", "--layout", layout, "--no-cache"],
            cwd=root,
            check=True,
            capture_output=True,
        )
    return root


def test_the_quickstart_followed_literally(tmp_path: Path) -> None:
    """The README's files at their paths (no ``__init__.py``), then its commands as printed: the
    TypedDict from the other module resolves, with no warning, and check finds it fresh."""
    write_tree(tmp_path, QUICKSTART)
    assert not list(tmp_path.rglob("__init__.py"))
    readme = (REPO / "README.md").read_text()
    commands = [
        shlex.split(line.split("#")[0])
        for line in readme[readme.index("## Quickstart") :].splitlines()
        if line.startswith("toolgen ")
    ][:2]
    assert [c[:2] for c in commands] == [["toolgen", "build"], ["toolgen", "check"]]
    for command in commands:
        done = subprocess.run(
            [sys.executable, "-m", *command],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        )
        assert done.returncode == 0, done.stderr
        assert "warning" not in done.stderr, done.stderr
    namespace: dict[str, object] = {}
    exec((tmp_path / "src/tools/tool_schemas.py").read_text(), namespace)
    tools = {t["name"]: t for t in namespace["TOOLS"]}  # type: ignore[attr-defined]
    parameters = tools["ship_umbrella"]["parameters"]
    assert parameters["properties"]["to"] == {
        "$ref": "#/$defs/Address",
        "description": "Where it goes.",
    }
    assert parameters["$defs"]["Address"]["required"] == ["street", "city"]


def test_docs_have_samples() -> None:
    assert len(blocks("python")) >= 6 and blocks("toml") and blocks("sh")


@pytest.mark.parametrize("where,code", blocks("python"), ids=[w for w, _ in blocks("python")])
def test_python_sample_runs(where: str, code: str, project: Path, tmp_path: Path) -> None:
    script = tmp_path / "sample.py"
    script.write_text("from _prelude import client\n" + code)
    env = {**os.environ, "PYTHONPATH": f"{project}{os.pathsep}{REPO / 'src'}"}
    result = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", str(script)],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 0, f"{where}:\n{result.stderr}"
    if "@tool" in code and not code.startswith("# src/tools/"):  # the quickstart: below
        write_tree(tmp_path, {"sample_pkg/__init__.py": "", "sample_pkg/mod.py": code})
        # MCP keeps every keyword, so any warning here is about the types themselves.
        built = subprocess.run(
            [
                sys.executable,
                "-m",
                "toolgen",
                "build",
                "sample_pkg",
                "--no-cache",
                "--provider",
                "mcp",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env=env,
        )
        assert built.returncode == 0, f"{where}:\n{built.stderr}"
        assert "warning" not in built.stderr, f"{where}:\n{built.stderr}"


@pytest.mark.parametrize("where,code", blocks("toml"), ids=[w for w, _ in blocks("toml")])
def test_toml_sample_is_valid_configuration(where: str, code: str) -> None:
    data = tomllib.loads(code)
    if "tool" in data:
        parse(data["tool"]["toolgen"], REPO)


@pytest.mark.parametrize("where,code", blocks("yaml"), ids=[w for w, _ in blocks("yaml")])
def test_yaml_sample_loads(where: str, code: str) -> None:
    loaded = yaml.safe_load(code)
    assert loaded
    for line in _toolgen_lines(code):
        _assert_parses(where, line)


def _toolgen_lines(text: str) -> list[str]:
    lines = []
    for raw in text.splitlines():
        raw = raw.split(" #", 1)[0].strip().removeprefix("run: ").strip("|").strip()
        for part in raw.split("&&"):
            part = part.strip().strip("()").strip()  # (cd folder && toolgen build)
            if part.startswith("toolgen "):
                lines.append(part)
    return lines


def _assert_parses(where: str, line: str) -> None:
    args = shlex.split(line)[1:]
    result = CliRunner().invoke(main, [*args, "--help"])
    assert result.exit_code == 0, f"{where}: `{line}` does not parse:\n{result.output}"


@pytest.mark.parametrize("where,code", blocks("sh"), ids=[w for w, _ in blocks("sh")])
def test_shell_sample_toolgen_commands_parse(where: str, code: str) -> None:
    for line in _toolgen_lines(code):
        _assert_parses(where, line)


FIGURE = re.compile(r"\d(?:\.\d+)? ?(?:s|ms|MB|GB)\b|\d×|\d ?%")
"""A measured figure: a time, a size, a ratio or a share."""


ONE_PLACE = REPO / "docs" / "performance.md"
"""Where a user reads figures: one run's table (the method and earlier runs are in
benchmarks/README.md, for contributors)."""


def test_measured_figures_are_kept_in_one_place() -> None:
    """Every figure a user reads is in docs/performance.md, where one run measured them all
    side by side; the README and the other pages link to it, so no two pages can disagree."""
    assert FIGURE.search(ONE_PLACE.read_text())
    pages = {"README.md": (REPO / "README.md").read_text()}
    pages |= {
        f"docs/{p.name}": p.read_text()
        for p in sorted((REPO / "docs").glob("*.md"))
        if p != ONE_PLACE
    }
    for page, text in pages.items():
        found = [line for line in text.splitlines() if FIGURE.search(line)]
        assert not found, f"{page} states figures; link to docs/performance.md instead: {found}"
