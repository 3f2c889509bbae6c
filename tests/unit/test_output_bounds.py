"""What toolgen writes imports, and its size and the work to make it stay in proportion to the
source: schemas nested past Python's parser limit, and recursive or doubly used types inlined
where a provider cannot take ``$ref``, fall back to a form that keeps the refs, with a warning.

Each build runs in a process of its own under an address-space and a time limit, so that a
regression fails fast (MemoryError, or a timeout) instead of exhausting the machine."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import run_toolgen
from toolgen.emit.prove import UnsafeOutputError, ensure_data_only, prove_items
from toolgen.ir import MAX_NESTING, nesting

MEMORY = 1536 << 20
"""The address space a build may take: a few times what these small inputs need."""
SECONDS = 120.0


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def build(root: Path, source: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``toolgen build tools.py`` over ``source``, limited in memory and time."""
    (root / "tools.py").write_text(source, encoding="utf-8")
    return run_toolgen(
        "build", "tools.py", "--no-cache", *args, cwd=root, preexec_fn=_limited, timeout=SECONDS
    )


def imports(root: Path) -> dict[str, object]:
    """The written module, compiled and run by a Python of its own, as a user's program would:
    its constants' names and sizes."""
    code = (
        "import importlib.util, json, sys\n"
        "spec = importlib.util.spec_from_file_location('m', 'tool_schemas.py')\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "print(json.dumps({k: len(v) for k, v in vars(module).items() if k.isupper()}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=SECONDS
    )
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    return dict(json.loads(done.stdout))


HEAD = "from __future__ import annotations\nfrom typing import TypedDict, Union\n"
HEAD += "from pydantic import BaseModel\nfrom toolgen import tool\n\n"


def chain(count: int) -> str:
    """``count`` TypedDicts, each a field of the one before."""
    classes = [f"class T{count}(TypedDict):\n    x: int\n"]
    classes += [f"class T{i}(TypedDict):\n    child: T{i + 1}\n" for i in range(count - 1, 0, -1)]
    return HEAD + "\n".join(classes) + '\n@tool\ndef f(a: T1) -> None:\n    """Do."""\n'


# --- class 2: output that does not import ----------------------------------------------------


def test_a_chain_of_100_typed_dicts_is_written_with_its_refs_kept_and_imports(
    tmp_path: Path,
) -> None:
    done = build(tmp_path, chain(100), "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    because = "inlining its $refs would make it nest more than 96 levels deep"
    assert (
        f"warning: openai, openai_responses, gemini, bedrock: tool 'f': sent with its $refs "
        f"kept, because {because}" in done.stderr
    )
    assert "gemini: tool 'f': sent as parametersJsonSchema" in done.stderr
    assert imports(tmp_path)["TOOLS_OPENAI"] == 1
    text = (tmp_path / "tool_schemas.py").read_text(encoding="utf-8")
    assert '"$ref": "#/$defs/T2"' in text
    check = run_toolgen("check", "tools.py", "-o", "tool_schemas.py", cwd=tmp_path)
    assert check.returncode == 0 and "fresh" in check.stderr
    strict = build(tmp_path, chain(100), "-o", "tool_schemas.py", "--strict")
    assert strict.returncode == 3 and "error: openai" in strict.stderr and because in strict.stderr


def test_a_default_nested_240_deep_is_left_out_at_its_place(tmp_path: Path) -> None:
    constants = ["A0 = 1"] + [f"A{i} = {'[' * 48}A{i - 1}{']' * 48}" for i in range(1, 6)]
    source = HEAD + "\n".join(constants) + '\n@tool\ndef f(x: list = A5) -> None:\n    """Do."""\n'
    done = build(tmp_path, source, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    line = source.splitlines().index("def f(x: list = A5) -> None:") + 1
    assert (
        f"tools.py:{line}:7: warning: tool 'f', parameter 'x': the default is nested more than "
        "64 levels deep, more than a generated module holds; no default is emitted"
    ) in done.stderr
    assert imports(tmp_path)["TOOLS"] == 1
    assert "default" not in (tmp_path / "tool_schemas.py").read_text(encoding="utf-8")


def test_a_type_nested_past_what_a_module_holds_is_a_string_at_the_parameter(
    tmp_path: Path,
) -> None:
    """96 tuples within tuples (each two levels of schema, and three as OpenAI's and Gemini's
    arrays of ``anyOf``) once made forms of 300 levels."""
    aliases = ["L0 = int"] + [f"L{i} = {'tuple[' * 24}L{i - 1}{', int]' * 24}" for i in range(1, 5)]
    source = HEAD + "\n".join(aliases) + '\n@tool\ndef f(x: L4) -> None:\n    """Do."""\n'
    done = build(tmp_path, source, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    line = source.splitlines().index("def f(x: L4) -> None:") + 1
    warning = f"tools.py:{line}:7: warning: tool 'f', parameter 'x': type is nested too deeply"
    assert done.stderr.count(warning) == 1
    assert imports(tmp_path)["TOOLS_OPENAI"] == 1


def nested_module(brackets: int) -> str:
    value = "1"
    for level in range(brackets - 1):  # the constant's own list is the last bracket
        value = f'{{"a": {value}}}' if level % 2 else f"[{value}]"
    return f'"""Data."""\n\nX: list = [{value}]\n'


def test_the_data_proof_refuses_a_module_nested_deeper_than_python_imports() -> None:
    deepest = nested_module(MAX_NESTING)
    compile(deepest, "m.py", "exec")
    ensure_data_only(deepest)
    too_deep = nested_module(MAX_NESTING + 1)
    with pytest.raises(SyntaxError, match="too many nested parentheses"):
        compile(too_deep, "m.py", "exec")
    with pytest.raises(UnsafeOutputError, match="more than 200 brackets open at once"):
        ensure_data_only(too_deep)


def test_the_proof_of_list_items_refuses_an_item_nested_too_deep() -> None:
    """The items a build proves (and the cache holds only proved ones) are proved at their
    depth in the module: inside the constant's list."""
    item = [1]
    for _ in range(MAX_NESTING - 2):
        item = [item]
    assert nesting(item) == MAX_NESTING - 1
    prove_items([f"    {item},".encode()])
    with pytest.raises(UnsafeOutputError, match="more than 200 brackets"):
        prove_items([f"    {[item]},".encode()])


# --- class 3: exponential work ---------------------------------------------------------------

QUERY = HEAD + '''
class Leaf(BaseModel):
    field: str
    value: str

class And(BaseModel):
    left: Union[And, Or, Not, Leaf]
    right: Union[And, Or, Not, Leaf]

class Or(BaseModel):
    left: Union[And, Or, Not, Leaf]
    right: Union[And, Or, Not, Leaf]

class Not(BaseModel):
    inner: Union[And, Or, Not, Leaf]

@tool
def search(q: Union[And, Or, Not, Leaf]) -> None:
    """Search."""
'''


def test_a_recursive_query_model_inlined_for_gemini_and_bedrock_stays_small(
    tmp_path: Path,
) -> None:
    done = build(tmp_path, QUERY, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    because = "inlining its $refs would copy more than 256 KB of JSON of its types (max_inline_kb)"
    assert f"bedrock: tool 'search': sent with its $refs kept, because {because}" in done.stderr
    assert (
        "gemini: tool 'search': sent as parametersJsonSchema, because `parameters` cannot "
        f"express it (/: {because})" in done.stderr
    )
    assert imports(tmp_path)["TOOLS_GEMINI"] == 1
    assert (tmp_path / "tool_schemas.py").stat().st_size < 200_000
    lower = build(tmp_path, QUERY, "-o", "tool_schemas.py", "--max-inline-kb", "1")
    assert "would copy more than 1 KB" in lower.stderr


def test_types_each_used_twice_in_the_next_are_not_inlined_exponentially(tmp_path: Path) -> None:
    """No recursion: 40 TypedDicts, each with two fields of the one before (2**40 copies)."""
    classes = ["class D0(TypedDict):\n    x: int\n"] + [
        f"class D{i}(TypedDict):\n    a: D{i - 1}\n    b: D{i - 1}\n" for i in range(1, 41)
    ]
    source = HEAD + "\n".join(classes) + '\n@tool\ndef f(d: D40) -> None:\n    """Do."""\n'
    done = build(tmp_path, source, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    assert (
        "openai, openai_responses: tool 'f': strict mode is off for this tool: inlining its "
        in (done.stderr)
    )
    assert imports(tmp_path)["TOOLS_OPENAI"] == 1


def test_keywords_folded_within_folded_keywords_are_written_once(tmp_path: Path) -> None:
    """``not`` within ``not``, 25 deep, with a quote inside: each level's fold once escaped the
    text of the level below again, doubling it (gigabytes)."""
    inner = '{"description": "say \\"hi\\""}'
    for _ in range(25):
        inner = '{"not": ' + inner + "}"
    source = (
        "from typing import Annotated\nfrom pydantic import Field\nfrom toolgen import tool\n\n"
        f"@tool\ndef f(x: Annotated[str, Field(json_schema_extra={inner})]) -> None:\n"
        '    """Do."""\n'
    )
    done = build(tmp_path, source, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    assert imports(tmp_path)["TOOLS_GEMINI"] == 1
    assert (tmp_path / "tool_schemas.py").stat().st_size < 100_000


def test_type_aliases_each_used_twice_in_the_next_are_cut_at_the_parameter(
    tmp_path: Path,
) -> None:
    """Aliases are written out where they are used: 30 of them, each a tuple of two of the one
    before, made 2**30 schemas."""
    aliases = ["L0 = int"] + [f"L{i} = tuple[L{i - 1}, L{i - 1}]" for i in range(1, 31)]
    source = HEAD + "\n".join(aliases) + '\n@tool\ndef f(x: L30) -> None:\n    """Do."""\n'
    done = build(tmp_path, source, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]
    line = source.splitlines().index("def f(x: L30) -> None:") + 1
    assert (
        f"tools.py:{line}:7: warning: tool 'f', parameter 'x': type expands to more than 10000 "
        "types (type aliases within aliases); described as a string"
    ) in done.stderr
    assert imports(tmp_path)["TOOLS"] == 1


def models_within_models(count: int, field: str) -> str:
    """``count`` pydantic models, each a field of the one before (``field`` names the next)."""
    classes = [
        f"class M{i}(BaseModel):\n    inner: {field.format(f'M{i + 1}')}\n" for i in range(count)
    ]
    tool = '@tool\ndef f(m: M0) -> None:\n    """Do."""\n'
    return HEAD + tool + "\n" + "\n".join(classes) + f"class M{count}(BaseModel):\n    x: int\n"


@pytest.mark.parametrize("field", ["{}", "Optional[List[{}]]", "Dict[str, Tuple[{}, int]]"])
def test_models_nested_400_deep_are_cut_at_their_place_not_a_crash(
    tmp_path: Path, field: str
) -> None:
    source = models_within_models(400, field).replace(
        "from typing import", "from typing import Dict, List, Optional, Tuple,"
    )
    done = build(tmp_path, source, "-o", "tool_schemas.py")
    assert done.returncode == 0, done.stderr[-2000:]  # was a RecursionError, exit 4
    cut = [line for line in done.stderr.splitlines() if "described as a string" in line]
    assert len(cut) == 1 and ".inner': " in cut[0], done.stderr[-2000:]
    assert imports(tmp_path)["TOOLS_OPENAI"] == 1
