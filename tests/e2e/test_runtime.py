"""What users' programs see at run time: `import toolgen` is light; the generated module is stdlib-only."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

HEAVY = [
    "libcst",
    "black",
    "jinja2",
    "click",
    "toolgen.scan",
    "toolgen.api",
    "toolgen.render",
    "toolgen.runtime",
]


def test_import_toolgen_loads_no_build_dependency() -> None:
    code = (
        "import sys, json, toolgen\n"
        "from toolgen import tool, Param\n"
        "@tool\n"
        "def f(x: int) -> int: return x\n"
        "@tool(name='g', description='d')\n"
        "def g() -> None: pass\n"
        "assert f(2) == 2 and g.__name__ == 'g' and Param(desc='x').text == 'x'\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_import_toolgen_runtime_loads_only_the_standard_library() -> None:
    """The run-time loads nothing of the build, and pydantic only once a tool is decoded."""
    code = (
        "import sys, json\n"
        "before = set(sys.modules)\n"
        "import toolgen.runtime\n"
        "from toolgen.runtime import Toolbox, ArgumentError\n"
        "new = sorted(m for m in set(sys.modules) - before if not m.startswith('_'))\n"
        "print(json.dumps({'new': new, 'stdlib': sorted(sys.stdlib_module_names)}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    ours = {m for m in data["new"] if m.split(".")[0] == "toolgen"}
    assert ours == {
        "toolgen",
        "toolgen.markers",
        "toolgen._version",
        "toolgen.runtime",
        "toolgen.runtime.errors",
        "toolgen.runtime.functions",
        "toolgen.runtime.toolbox",
        "toolgen.runtime.undo",
    }
    others = [m for m in data["new"] if m.split(".")[0] not in {"toolgen", *data["stdlib"]}]
    assert others == []


def test_generated_module_loads_in_a_bare_interpreter() -> None:
    """-I -S: no site-packages at all, so anything but the standard library would fail to import."""
    module = REPO / "examples" / "travel_agent" / "src" / "travel_tools" / "tool_schemas.py"
    code = (
        "import runpy, sys, json\n"
        "before = set(sys.modules)\n"
        f"ns = runpy.run_path({str(module)!r})\n"
        "new = sorted(m for m in set(sys.modules) - before if not m.startswith('_'))\n"
        "print(json.dumps({'names': sorted(ns['__all__']), 'new': new, "
        "'stdlib': sorted(set(sys.stdlib_module_names))}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    data = json.loads(out.stdout)
    assert {
        "TOOLS",
        "TOOLS_OPENAI",
        "TOOLS_OPENAI_RESPONSES",
        "TOOLS_ANTHROPIC",
        "TOOLS_GEMINI",
        "TOOLS_MCP",
        "TOOLS_BEDROCK",
    } <= set(data["names"])
    assert all(m.split(".")[0] in data["stdlib"] for m in data["new"]), data["new"]


def test_generated_bytes_are_identical_across_runs_and_hash_seeds(tmp_path: Path) -> None:
    # A copy of the example: toolgen writes only inside the working folder.
    example = shutil.copytree(
        REPO / "examples" / "travel_agent",
        tmp_path / "travel_agent",
        ignore=shutil.ignore_patterns(".toolgen_cache"),
    )
    outputs = []
    for seed in ("0", "1", "12345"):
        out = example / f"out_{seed}.py"
        subprocess.run(
            [sys.executable, "-m", "toolgen", "build", "src/travel_tools", "--out", str(out)],
            cwd=example,
            check=True,
            capture_output=True,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin", "LC_ALL": "C"},
        )
        outputs.append(out.read_text().replace(f"out_{seed}", "out"))
    assert outputs[0] == outputs[1] == outputs[2]
