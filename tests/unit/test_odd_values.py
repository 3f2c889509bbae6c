"""Odd values are a warning (or an error) at their place, never an internal error: characters
out of range, numbers past a float or past the digits every Python reads, a thousand levels of
inheritance, and a base revision's module that holds what toolgen never writes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main

HEAD = (
    "from typing import Annotated, Literal\nfrom pydantic import Field\nfrom toolgen import tool\n"
)
BIG = "BIG = 1" + "0" * 400 + "\n"  # past a float's range, within every Python's digits
HUGE = "B0 = " + "9" * 4300 + "\nHUGE = " + " + ".join(["B0"] * 11) + "\n"  # 4,301 digits
LONG = "LONG = 1" + "0" * 700 + "\n"  # past 640 digits: some Python may be set to refuse it


def build(root: Path, consts: str, signature: str, *extra: str):
    (root / "pkg").mkdir(exist_ok=True)
    (root / "pkg" / "mod.py").write_text(
        HEAD + consts + f'@tool\ndef f({signature}) -> None:\n    """F."""\n'
    )
    return CliRunner().invoke(main, ["build", "pkg", "--no-cache", *extra])


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


VALUES = {
    "%c out of range": ("", 'x: str = "%c" % 1114112', "%c arg not in range"),
    "{:c} out of range": ("", 'x: str = "{:c}".format(1114112)', "%c arg not in range"),
    "f-string :c out of range": ("", 'x: str = f"{-1:c}"', "%c arg not in range"),
    "int too large for / ": (BIG, "x: float = BIG / 1", "too large for a float"),
    "int too large for *": (BIG, "x: float = BIG * 1.5", "too large for a float"),
    "int too large for %f": (BIG, 'x: str = "%f" % BIG', "int too large to convert to float"),
    "int too large for :e": (BIG, 'x: str = f"{BIG:e}"', "int too large to convert to float"),
    "a float overflow": ("", "x: float = 1e308 * 10", "is not a finite number"),
    "huge int default": (HUGE, "x: int = HUGE", "an integer of more than 640 digits"),
    "huge int in a Field": (HUGE, "x: int = Field(HUGE)", "an integer of more than 640 digits"),
    "huge int constraint": (
        HUGE,
        "x: Annotated[int, Field(ge=HUGE)]",
        "an integer of more than 640 digits",
    ),
    "huge int formatted": (HUGE, 'x: str = f"{HUGE!r}"', "an integer of more than 640 digits"),
    "huge int as str()": (HUGE, "x: str = str(HUGE)", "an integer of more than 640 digits"),
    "long int literal": (LONG, "x: int = LONG", "an integer of more than 640 digits"),
}


@pytest.mark.parametrize("case", list(VALUES))
def test_an_odd_value_is_a_warning_at_its_place(here: Path, case: str) -> None:
    consts, signature, why = VALUES[case]
    result = build(here, consts, signature)
    assert result.exit_code == 0, result.stderr
    line = 4 + consts.count("\n") + 1
    assert f"pkg/mod.py:{line}:7: warning: tool 'f', parameter 'x': " in result.stderr
    assert why in result.stderr, result.stderr
    text = (here / "pkg" / "tool_schemas.py").read_text()
    assert '"default"' not in text and '"minimum"' not in text
    strict = build(here, consts, signature, "--strict")
    assert strict.exit_code == 3, strict.stderr


@pytest.mark.parametrize(
    ("consts", "annotation"),
    [
        (HUGE, "Literal[HUGE]"),
        (LONG, "Literal[LONG]"),
        (HUGE + "import enum\nclass E(enum.Enum):\n    A = HUGE\n", "E"),
    ],
    ids=["Literal", "long Literal", "Enum value"],
)
def test_a_huge_int_as_a_type_s_value_is_a_warning(
    here: Path, consts: str, annotation: str
) -> None:
    result = build(here, consts, f"x: {annotation}")
    assert result.exit_code == 0, result.stderr
    assert "an integer of more than 640 digits" in result.stderr
    assert "described as a string" in result.stderr


def test_the_module_imports_with_the_lowest_digit_limit(here: Path) -> None:
    """A 640-digit integer folds, and the module imports where Python reads no more digits."""
    consts = "LIMIT = " + "9" * 640 + "\n"
    result = build(here, consts, "x: int = LIMIT")
    assert result.exit_code == 0, result.stderr
    probe = "import sys, runpy\nsys.set_int_max_str_digits(640)\nrunpy.run_path(sys.argv[1])\n"
    done = subprocess.run(
        [sys.executable, "-c", probe, str(here / "pkg" / "tool_schemas.py")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


# --- inheritance ------------------------------------------------------------------------


def _lineage(levels: int, base: str) -> str:
    first = f"class C0({base}):\n    a0: int\n"
    return first + "".join(f"class C{i}(C{i - 1}):\n    a{i}: int\n" for i in range(1, levels))


@pytest.mark.parametrize("base", ["TypedDict", "BaseModel", "object"])
def test_a_thousand_levels_of_inheritance_are_a_warning_at_the_use(here: Path, base: str) -> None:
    consts = "from typing_extensions import TypedDict\nfrom pydantic import BaseModel\n"
    consts += _lineage(1000, base)
    result = build(here, consts, "x: C999")
    assert result.exit_code == 0, result.stderr
    line = 4 + consts.count("\n") + 1
    assert (
        f"pkg/mod.py:{line}:7: warning: tool 'f', parameter 'x': class 'C999' has more than "
        "200 ancestors in the scanned files; described as a string"
    ) in result.stderr


def test_a_model_on_a_thousand_levels_of_plain_classes_builds(here: Path) -> None:
    """The kind is found on the first base; the fields of all the others are read in a loop."""
    consts = "from pydantic import BaseModel\n" + _lineage(1000, "object")
    consts += "class M(BaseModel, C999):\n    own: str\n"
    result = build(here, consts, "x: M")
    assert result.exit_code == 0, result.stderr
    namespace: dict[str, object] = {}
    exec((here / "pkg" / "tool_schemas.py").read_text(), namespace)
    tool = namespace["TOOLS"][0]  # type: ignore[index]
    properties = list(tool["parameters"]["$defs"]["M"]["properties"])
    assert properties == [*(f"a{i}" for i in range(1000)), "own"]


def test_a_hundred_levels_of_inheritance_still_build(here: Path) -> None:
    consts = "from typing_extensions import TypedDict\n" + _lineage(100, "TypedDict")
    result = build(here, consts, "x: C99")
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    namespace: dict[str, object] = {}
    exec((here / "pkg" / "tool_schemas.py").read_text(), namespace)
    tool = namespace["TOOLS"][0]  # type: ignore[index]
    assert list(tool["parameters"]["$defs"]["C99"]["properties"]) == [f"a{i}" for i in range(100)]


# --- toolgen diff of a module that holds what toolgen never writes ----------------------

NOT_DATA = {
    "a set": ('{"a", "b"}', "holds a set, which toolgen never writes"),
    "an empty set": ("set()", "holds a set, which toolgen never writes"),
    "bytes": ("b'a'", "holds bytes, which toolgen never writes"),
    "Ellipsis": ("...", "holds Ellipsis (...), which toolgen never writes"),
    "a tuple": ("(1, 2)", "holds a tuple, which toolgen never writes"),
    "an int key": ('{1: "a"}', "a dict key 1 is not a string"),
    "a tuple key": ('{(1, 2): "a"}', "a dict key (1, 2) is not a string"),
}
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "init.defaultBranch=main", *args],
        cwd=root,
        env={**os.environ, **GIT_ENV},
        check=True,
        capture_output=True,
    )


@pytest.mark.parametrize("case", list(NOT_DATA))
def test_a_base_revision_holding_what_toolgen_never_writes_is_an_error(
    here: Path, case: str
) -> None:
    value, why = NOT_DATA[case]
    write_tree(here, {"pyproject.toml": '[tool.toolgen]\npaths = ["pkg"]\n'})
    assert build(here, "", 'host: str = "a"').exit_code == 0
    out = here / "pkg" / "tool_schemas.py"
    fresh = out.read_text()
    default = '"properties": {"host": {"type": "string", "default": "a"}}'
    assert default in fresh
    out.write_text(fresh.replace(default, default.replace('"a"', value), 1))
    _git(here, "init", "-q")
    _git(here, "add", "-A")
    _git(here, "commit", "-q", "-m", "base")
    out.write_text(fresh)
    result = CliRunner().invoke(main, ["diff", "--base", "HEAD"])
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert "pkg/tool_schemas.py: TOOLS: " in result.stderr and why in result.stderr, result.stderr
    assert "internal error" not in result.stderr
