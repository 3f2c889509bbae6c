"""Fuzzing: generated and mutated sources give a module or clean diagnostics, never a traceback;
hostile file names and mutated output never give a module that is not data."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import hypothesmith
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from toolgen import api
from toolgen.config import Config, Target
from toolgen.emit.prove import UnsafeOutputError, ensure_data_only
from toolgen.errors import Diagnostic, Severity, SourceError

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
    *(
        # hostile: lone surrogates (as escapes, so the file is UTF-8), control and separator
        # characters, numbers JSON has not, '/', a leading self, and nesting past Python's limits
        "\\udcff",
        "\\ud800",
        "\x1b",
        "\x07",
        "\x0b",
        "\x0c",
        "\x85",
        "\u2028",
        "\u202e",
        "1e999",
        "-1e999",
        "/, ",
        "self, ",
        "list[" * 250,
        "(" * 300,
        "-" * 4000,
        " or x" * 4000,
    ),
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
        _printable(exc.diagnostics)
        assert not out.exists()
        return
    _printable(plan.diagnostics)
    api.write(plan)
    namespace: dict[str, Any] = {}
    exec(compile(out.read_bytes().decode("utf-8"), str(out), "exec"), namespace)
    assert isinstance(namespace["TOOLS"], list)


def _printable(diagnostics: Sequence[Diagnostic]) -> None:
    """Each diagnostic prints as one line of UTF-8 with nothing a terminal would act on."""
    for diagnostic in diagnostics:
        line = diagnostic.format()
        line.encode("utf-8")
        assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in line), line
        assert "\u2028" not in line and "\u202e" not in line, line


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


# The generated module is data, whatever the names it is made from and whatever a bug might
# do to its text: a reference made with ast (the whole tree: what importing the bytes runs)
# judges both.

_TYPING = frozenset({"list", "dict", "str", "int", "float", "bool", "tuple"})


def _is_data(data: bytes) -> bool:
    """The reference: ``data`` parses, as an import reads it, to one docstring, imports from
    typing, and assignments of JSON literals to upper-case names."""
    try:
        tree = ast.parse(data)
        compile(tree, "<generated>", "exec")
    except (SyntaxError, ValueError):
        return False
    body = tree.body
    if not (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)):
        return False
    names = set(_TYPING)
    for statement in body[1:]:
        if isinstance(statement, ast.ImportFrom):
            if statement.module != "typing" or any(
                a.asname or a.name == "*" for a in statement.names
            ):
                return False
            names.update(a.name for a in statement.names)
            continue
        if isinstance(statement, ast.AnnAssign):
            targets, value = [statement.target], statement.value
            annotation = list(ast.walk(statement.annotation))
            if not all(
                isinstance(n, (ast.Subscript, ast.Tuple, ast.Load))
                or (isinstance(n, ast.Name) and n.id in names)
                for n in annotation
            ):
                return False
        elif isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        else:
            return False
        if value is None or not all(
            isinstance(t, ast.Name) and (t.id == "__all__" or t.id.isupper()) for t in targets
        ):
            return False
        for node in ast.walk(value):
            if isinstance(node, ast.Constant):
                if type(node.value) not in (str, int, float, bool, type(None)):
                    return False
            elif isinstance(node, ast.UnaryOp):
                if not (
                    isinstance(node.op, ast.USub)
                    and isinstance(node.operand, ast.Constant)
                    and type(node.operand.value) in (int, float)
                ):
                    return False
            elif isinstance(node, ast.Dict):
                if None in node.keys:
                    return False
            elif not isinstance(node, (ast.List, ast.Load, ast.USub)):
                return False
    return True


MODULES = [
    (REPO / "tests/cases/per_provider/expected" / name).read_bytes()
    for name in ("tool_schemas.py", "tool_schemas_openai.py")
]
# What a bug could put into the text: code, line breaks Python or only editors see, quotes
# that open or close strings, brackets, and harmless data (so that some mutants are data).
HOSTILE = [
    b"import os\n",
    b"import os; ",
    b"os.system('x')",
    b"print(1)\n",
    b"__import__('os')",
    b"lambda: 0",
    b"X = print\n",
    b"x = 1\n",
    b"X = 1\n",
    b"X: list[Any] = [\n",
    b"__path__ = []\n",
    b'f"{1}"',
    b'b"x"',
    b"...",
    b"1j",
    b"0x1",
    b"True1",
    b"-",
    b".",
    b"=",
    b":=",
    b";",
    b"@",
    b"*",
    b"#",
    b"\\",
    b"\\\n",
    b"\n",
    b"\r",
    b"\r\n",
    b"\x0b",
    b"\x0c",
    b"\x00",
    "\u2028".encode(),
    "\x85".encode(),
    b'"',
    b"'",
    b'"""',
    b"'''",
    b'""',
    b'"a" "b"',
    b"\\N{BULLET}",
    b"\\x4",
    b"(",
    b")",
    b"[",
    b"]",
    b"{",
    b"}",
    b":",
    b",",
    b"None",
    b"1.5e-07",
    b'"k": "v",\n',
    b"    1,\n",
    b'    "s",\n',
    b"# a comment\n",
    b"    ",
]


@st.composite
def mutated_module(draw: Any) -> bytes:
    data = draw(st.sampled_from(MODULES))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):  # at a line's start, or anywhere
            starts = [0, *(i + 1 for i, b in enumerate(data) if b == 10)]
            position = draw(st.sampled_from(starts))
        else:
            position = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "insert", "delete", "duplicate"]))
        if op == "insert":
            data = data[:position] + draw(st.sampled_from(HOSTILE)) + data[position:]
        elif op == "delete":
            data = data[:position] + data[position + draw(st.integers(1, 12)) :]
        else:
            end = data.find(b"\n", position) + 1 or len(data)
            data = data[:position] + data[position:end] * 2 + data[end:]
    return data


@settings(FUZZ, max_examples=400)
@given(data=mutated_module())
def test_the_pre_write_check_passes_only_data(data: bytes) -> None:
    """Whatever a bug does to a module's text, the check lets through only what the ast
    reference proves to be data (in whatever pieces the text comes)."""
    cut = len(data) // 3
    try:
        ensure_data_only([data[:cut], memoryview(data)[cut : 2 * cut], data[2 * cut :]])
    except UnsafeOutputError:
        event("refused")
        return
    event("passed")
    assert _is_data(data), data.decode("utf-8", "backslashreplace")


def test_the_modules_mutated_are_data() -> None:
    for data in MODULES:
        assert _is_data(data)
        ensure_data_only(data)


# Every character Python's tokenizer or str.splitlines() breaks a line at, other controls,
# quotes, backslashes, bidirectional overrides. (Surrogates, names that are not UTF-8 on
# disk, are left out: they fail the build before anything is rendered; the template's
# escaping of them is tested in tests/e2e/test_output_is_data.py.)
NAME_CHARACTERS = st.sampled_from(
    [
        *"\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\t\x01\x7f\"'\\#é中 ",
        *("\u202e", "\u200b", '"""', "import os", "\nX = 1\n"),
    ]
) | st.characters(codec="utf-8", exclude_characters="/\x00")
FILE_NAMES = st.lists(NAME_CHARACTERS, min_size=1, max_size=8).map("".join)


@settings(FUZZ, max_examples=60)
@given(names=st.lists(FILE_NAMES, min_size=1, max_size=3, unique=True))
def test_hostile_file_names_stay_in_the_header(
    names: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("names")
    package = folder / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    created = []
    for index, name in enumerate(names):
        path = package / f"{name}.py"
        try:
            path.write_text(
                f"from toolgen import tool\n\n@tool\ndef t{index}() -> str:\n    return ''\n"
            )
        except (OSError, ValueError):
            continue  # a name the file system refuses
        created.append(path)
    assume(created)
    out = package / "tool_schemas.py"
    api.write(api.plan(Config((Target(paths=(package,), out=out),)), cwd=folder))
    data = out.read_bytes()
    assert _is_data(data), data.decode("utf-8", "backslashreplace")
    header = data.split(b'\n"""', 1)[0].split(b"\n")
    sources = len(list(package.glob("*.py"))) - 1  # the output is not a source
    assert len(header) == 3 + sources
    assert all(line.startswith(b"#") for line in header)


NESTINGS = {
    "brackets": ("list[", "]"),
    "parentheses": ("(", ")"),
    "unary minus": ("-", ""),
    "not": ("not ", ""),
    "lambda": ("lambda: ", ""),
    "lambda with parameters": ("lambda a, b=1: ", ""),
    "conditional": ("1 if x else ", ""),
}
PLACES = {
    "annotation": '@tool\ndef deep(x: {e}) -> None:\n    """Deep."""\n',
    "default": '@tool\ndef deep(x: int = {e}) -> None:\n    """Deep."""\n',
    "string annotation": '@tool\ndef deep(x: "{e}") -> None:\n    """Deep."""\n',
    "constant": 'LIMIT = {e}\n@tool\ndef deep(x: int = LIMIT) -> None:\n    """Deep."""\n',
    "newer syntax": "type Alias = int\nLIMIT = {e}\n",
}


@settings(FUZZ, max_examples=40)
@given(
    kind=st.sampled_from(sorted(NESTINGS)),
    depth=st.one_of(st.integers(1, 400), st.integers(400, 12_000)),
    place=st.sampled_from(sorted(PLACES)),
    chain=st.one_of(st.just(0), st.integers(0, 12_000)),
)
def test_deep_nesting_is_a_module_or_a_syntax_error(
    kind: str, depth: int, place: str, chain: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Any depth, of any kind, anywhere: never a crash of libcst's parser (which would take the
    test process with it), always a module or located diagnostics."""
    opening, closing = NESTINGS[kind]
    expression = opening * depth + ("x" if kind == "brackets" else "1") + closing * depth
    if chain:
        expression = f"({expression})" + " or y" * chain
    source = "from toolgen import tool\n" + PLACES[place].format(e=expression)
    _check(tmp_path_factory.mktemp("deep"), source.encode("utf-8"))


@FUZZ
@given(
    text=st.text(st.characters(exclude_categories=()), max_size=40),
    place=st.sampled_from(["docstring", "args", "default", "literal", "name", "field", "key"]),
)
def test_any_text_in_any_string_is_a_module_or_diagnostics(
    text: str, place: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Surrogates, control characters, separators: written as Python escapes (``repr``), so the
    file is UTF-8 and the strings' values hold them."""
    value = repr(text)
    docstring = {"docstring": value, "args": repr(f"Tool.\n\nArgs:\n    x: {text}\n")}
    signature = {
        "default": f"x: str = {value}",
        "literal": f"x: Literal[{value}, 'b']",
        "field": f"x: Annotated[str, Field(description={value})]",
        "key": "x: Keyed",
    }
    source = (
        "from typing import Annotated, Literal, TypedDict\nfrom pydantic import Field\n"
        "from toolgen import tool\n"
        f"Keyed = TypedDict('Keyed', {{{value}: int}})\n"
        f"@tool{f'(name={value})' if place == 'name' else ''}\n"
        f"def hostile({signature.get(place, 'x: str')}) -> None:\n"
        f"    {docstring.get(place, repr('Tool.'))}\n"
    )
    _check(tmp_path_factory.mktemp("text"), source.encode("utf-8"))


_NESTED_LAMBDAS = """
import sys
from toolgen.scan.gather import gather_text
opening = sys.argv[1]
scan = gather_text("type Alias = int\\nLIMIT = " + opening * 12_000 + "1\\n", "m.py", "m")
print(scan.diagnostics[0].message)
"""


@pytest.mark.parametrize("opening", ["lambda: ", "lambda a, b=1: "])
def test_nested_lambdas_in_a_file_python_cannot_parse_never_reach_libcst(opening: str) -> None:
    """Found by the fuzz test above: a lambda's ``:`` and its parameters' commas were counted
    as breaks of the chain, so 12,000 nested lambdas in a file with newer syntax (which Python
    refuses early, without measuring) went to libcst's parser, and crashed the process. In a
    child process, so that a regression fails this test and not the whole run."""
    result = subprocess.run(
        [sys.executable, "-c", _NESTED_LAMBDAS, opening], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("syntax error")


_ON_A_SMALL_STACK = """
import sys, threading
from toolgen.scan.gather import gather_text
source = "LIMIT = " + sys.argv[1] * 2900 + "1\\n"
def run():
    print(gather_text(source, "m.py", "m").diagnostics == ())
threading.stack_size(1024 * 1024)  # what a caller's thread may have left
worker = threading.Thread(target=run)
worker.start()
worker.join()
"""


@pytest.mark.parametrize("opening", ["not ", "-", "1 if x else ", "lambda: "])
def test_libcst_parses_on_its_own_large_stack_whatever_stack_the_caller_has(opening: str) -> None:
    """Python accepts 2,900 levels of these; libcst's parser recursing on a caller's thread with
    1 MB of stack crashed the process (as the fuzz test did, once, inside a test runner). In a
    child process, so that a regression fails this test and not the whole run."""
    result = subprocess.run(
        [sys.executable, "-c", _ON_A_SMALL_STACK, opening], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "True"  # a module, read whole
