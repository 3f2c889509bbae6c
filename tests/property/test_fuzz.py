"""Fuzzing: generated and mutated sources give a module or clean diagnostics, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from toolgen import api
from toolgen.config import Config, Target
from toolgen.errors import Severity, SourceError

# hypothesmith compiles the code it generates; its SyntaxWarnings are about that code, not toolgen's
# (toolgen's own ast.parse calls silence them, and tests/unit/test_bad_input.py checks stderr).
pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")

BASE = (REPO / "tests/cases/kitchen_sink/input/shop/orders.py").read_text()
MODELS = (REPO / "tests/cases/kitchen_sink/input/shop/models.py").read_text()
TOKENS = [
    "(",
    ")",
    "[",
    "]",
    ":",
    ",",
    "=",
    "|",
    "*",
    "**",
    "@tool",
    "@tool(",
    "def ",
    "async ",
    "class ",
    "\n",
    "    ",
    "\t",
    '"""',
    "'",
    "Optional[",
    "Literal[",
    "Annotated[",
    "None",
    "lambda",
    "\\",
    "if TYPE_CHECKING:\n",
    "from . import *\n",
    "import toolgen as t\n",
    "é",
    "中",
    "\x00",
    "\r",
]


@st.composite
def mutated(draw: Any) -> bytes:
    text = draw(st.sampled_from([BASE, MODELS]))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "duplicate"]))
        if op == "insert":
            text = text[:position] + draw(st.sampled_from(TOKENS)) + text[position:]
        elif op == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 40)) :]
        else:
            line_start = text.rfind("\n", 0, position) + 1
            line_end = text.find("\n", position)
            text = (
                text[:line_end] + text[line_start - 1 : line_end] + text[line_end:]
                if line_end > 0
                else text
            )
    data = text.encode("utf-8")
    if draw(st.booleans()) and data:
        cut = draw(st.integers(0, len(data) - 1))
        data = data[:cut] + bytes([draw(st.integers(0x80, 0xFF))]) + data[cut:]
    return data


def _check(folder: Path, data: bytes) -> None:
    package = folder / "pkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "models.py").write_text(MODELS)
    (package / "orders.py").write_bytes(data)
    out = package / "tool_schemas.py"
    config = Config((Target(paths=(package,), out=out),))
    try:
        plan = api.plan(config, cwd=folder)
    except SourceError as exc:
        assert exc.diagnostics
        for diagnostic in exc.diagnostics:
            if diagnostic.severity is Severity.ERROR and diagnostic.span is not None:
                assert diagnostic.span.path.startswith("pkg/") and diagnostic.span.line >= 1
        assert not out.exists()
        return
    api.build(plan)
    namespace: dict[str, Any] = {}
    exec(compile(out.read_text(), str(out), "exec"), namespace)
    assert isinstance(namespace["TOOLS"], list)


FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


@FUZZ
@given(data=mutated())
def test_mutated_tool_modules(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    _check(tmp_path_factory.mktemp("mut"), data)


@FUZZ
@given(source=hypothesmith.from_grammar())
def test_grammar_generated_modules(source: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    _check(tmp_path_factory.mktemp("gram"), ("from toolgen import tool\n" + source).encode("utf-8"))


@settings(FUZZ, max_examples=40)  # from_node writes long programs: fewer, to keep CI short
@given(source=hypothesmith.from_node())
def test_syntax_tree_generated_modules(
    source: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _check(tmp_path_factory.mktemp("node"), source.encode("utf-8", errors="surrogatepass"))
