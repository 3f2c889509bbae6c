"""CONTRIBUTING's rule for records, applied: a ``NamedTuple`` only in a module a no-op build
loads (defining a dataclass costs that path's start); everywhere else a dataclass, and every
dataclass slotted."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

SRC = REPO / "src"

_NO_OP = """
import json, sys
from toolgen.command import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
finally:
    print(json.dumps(sorted(m for m in sys.modules if m.startswith("toolgen"))))
"""


def _no_op_modules(tmp_path: Path) -> set[str]:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "tools.py").write_text('def ping(x: int) -> int:\n    """Ping."""\n')
    args = ["build", "app", "--out", "out.py", "--cache-dir", str(tmp_path / "cache"), "-q"]
    loaded = []
    for _ in range(2):  # a build, then the no-op
        run = subprocess.run(
            [sys.executable, "-c", _NO_OP, *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        loaded.append(set(json.loads(run.stdout.splitlines()[-1])))
    assert "toolgen.pipeline" in loaded[0] and "toolgen.pipeline" not in loaded[1]
    return loaded[1]


def _records() -> list[tuple[str, str, str, ast.ClassDef]]:
    """Every NamedTuple and dataclass: (module, class, kind, node)."""
    found = []
    for path in sorted((SRC / "toolgen").rglob("*.py")):
        module = ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            if any(ast.unparse(b) in ("NamedTuple", "typing.NamedTuple") for b in node.bases):
                found.append((module, node.name, "namedtuple", node))
            elif any("dataclass" in ast.unparse(d) for d in node.decorator_list):
                found.append((module, node.name, "dataclass", node))
    return found


def test_a_namedtuple_is_only_in_a_module_the_no_op_loads(tmp_path: Path) -> None:
    no_op = _no_op_modules(tmp_path)
    elsewhere = [
        f"{m}.{c}" for m, c, kind, _ in _records() if kind == "namedtuple" and m not in no_op
    ]
    assert elsewhere == []


def test_every_dataclass_is_slotted() -> None:
    unslotted = []
    for module, name, kind, node in _records():
        if kind != "dataclass":
            continue
        keywords = {
            k.arg: ast.unparse(k.value)
            for d in node.decorator_list
            if isinstance(d, ast.Call) and "dataclass" in ast.unparse(d.func)
            for k in d.keywords
        }
        if keywords.get("slots") != "True":
            unslotted.append(f"{module}.{name}")
    assert unslotted == []
