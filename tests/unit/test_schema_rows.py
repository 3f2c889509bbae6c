"""One test per row of the type table (docs/types.md), in both spellings where two exist."""

from __future__ import annotations

import pytest

HEADER = """
from __future__ import annotations
import datetime, uuid, decimal, pathlib
import typing
import typing as t
import typing_extensions as te
from typing import *
from collections.abc import Sequence as AbcSequence, Mapping as AbcMapping
from pydantic import Field
from toolgen import tool, Param
"""

ROWS = [
    ("str", {"type": "string"}),
    ("int", {"type": "integer"}),
    ("float", {"type": "number"}),
    ("bool", {"type": "boolean"}),
    ("None", {"type": "null"}),
    ("list[int]", {"type": "array", "items": {"type": "integer"}}),
    ("List[int]", {"type": "array", "items": {"type": "integer"}}),
    ("typing.List[int]", {"type": "array", "items": {"type": "integer"}}),
    ("t.List[int]", {"type": "array", "items": {"type": "integer"}}),
    ("te.List[int]", {"type": "array", "items": {"type": "integer"}}),
    ("Sequence[str]", {"type": "array", "items": {"type": "string"}}),
    ("AbcSequence[str]", {"type": "array", "items": {"type": "string"}}),
    ("Iterable[str]", {"type": "array", "items": {"type": "string"}}),
    ("set[int]", {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}),
    ("frozenset[int]", {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}),
    (
        "tuple[int, str]",
        {
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "string"}],
            "minItems": 2,
            "maxItems": 2,
        },
    ),
    ("Tuple[int, ...]", {"type": "array", "items": {"type": "integer"}}),
    ("dict[str, int]", {"type": "object", "additionalProperties": {"type": "integer"}}),
    ("Dict[str, int]", {"type": "object", "additionalProperties": {"type": "integer"}}),
    ("AbcMapping[str, float]", {"type": "object", "additionalProperties": {"type": "number"}}),
    ('Literal["a", "b"]', {"type": "string", "enum": ["a", "b"]}),
    ("Literal[1, 2]", {"type": "integer", "enum": [1, 2]}),
    ('Literal["a"]', {"type": "string", "const": "a"}),
    ("Union[int, str]", {"anyOf": [{"type": "integer"}, {"type": "string"}]}),
    ("int | str", {"anyOf": [{"type": "integer"}, {"type": "string"}]}),
    ("datetime.datetime", {"type": "string", "format": "date-time"}),
    ("datetime.date", {"type": "string", "format": "date"}),
    ("datetime.time", {"type": "string", "format": "time"}),
    ("datetime.timedelta", {"type": "string", "format": "duration"}),
    ("uuid.UUID", {"type": "string", "format": "uuid"}),
    ("pathlib.Path", {"type": "string", "format": "path"}),
    ("bytes", {"type": "string", "format": "binary"}),
    ("decimal.Decimal", {"type": "number"}),
    ("Any", {}),
    ("object", {}),
    ('"list[int]"', {"type": "array", "items": {"type": "integer"}}),
    ("Annotated[int, Param(desc='How many')]", {"type": "integer", "description": "How many"}),
    (
        "Annotated[int, Param(description='How many')]",
        {"type": "integer", "description": "How many"},
    ),
    ("Annotated[str, 'Plain text']", {"type": "string", "description": "Plain text"}),
    (
        "Annotated[int, Field(ge=1, lt=10, multiple_of=2)]",
        {"type": "integer", "minimum": 1, "exclusiveMaximum": 10, "multipleOf": 2},
    ),
    (
        "Annotated[str, Field(min_length=1, max_length=3, pattern='^a')]",
        {"type": "string", "minLength": 1, "maxLength": 3, "pattern": "^a"},
    ),
    (
        "Annotated[list[int], Field(min_length=1)]",
        {"type": "array", "items": {"type": "integer"}, "minItems": 1},
    ),
]


@pytest.mark.parametrize("annotation,expected", ROWS, ids=[r[0] for r in ROWS])
def test_row(build_pkg, annotation: str, expected: dict) -> None:
    # The IR row; Gemini rejects untyped values (Any), tested on its own below.
    providers = ("openai", "anthropic", "mcp", "bedrock") if expected == {} else None
    built = build_pkg(
        {"pkg/mod.py": HEADER + f"\n@tool\ndef f(x: {annotation}) -> None:\n    '''F.'''\n"},
        providers=providers,
    )
    assert built.prop("f", "x") == expected
    assert built.params("f").get("required") == ["x"]
    assert not [d for d in built.diagnostics if "mod.py" in d and "warning: tool" in d]


@pytest.mark.parametrize(
    "annotation",
    [
        "Optional[int]",
        "int | None",
        "Union[int, None]",
        "t.Optional[int]",
        "None | int",
        "Annotated[Optional[int], Param(desc='n')]",
    ],
)
def test_optional_is_not_required_and_schema_of_inner(build_pkg, annotation: str) -> None:
    built = build_pkg(
        {"pkg/mod.py": HEADER + f"\n@tool\ndef f(x: {annotation}) -> None:\n    '''F.'''\n"}
    )
    prop = built.prop("f", "x")
    assert {k: v for k, v in prop.items() if k != "description"} == {"type": "integer"}
    assert "required" not in built.params("f")


def test_defaults_are_emitted_and_not_required(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/mod.py": HEADER
            + """
import enum
class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"

@tool
def f(a: int = 3, b: float = -1.5, c: str = "x", d: bool = False, e: list[int] = [1, 2],
      g: tuple[int, int] = (1, 2), h: Colour = Colour.BLUE, i: Optional[str] = None,
      j: int = Field(default=5, ge=0, description="J"), k: list[str] = Field(default_factory=list),
      m: datetime.date = datetime.date.today()) -> None:
    '''F.'''
"""
        }
    )
    props = built.params("f")["properties"]
    assert props["a"]["default"] == 3 and props["b"]["default"] == -1.5
    assert props["c"]["default"] == "x" and props["d"]["default"] is False
    assert props["e"]["default"] == [1, 2] and props["g"]["default"] == [1, 2]
    assert props["h"] == {"$ref": "#/$defs/Colour", "default": "blue"}
    assert props["i"] == {"type": "string"}
    assert props["j"] == {"type": "integer", "minimum": 0, "description": "J", "default": 5}
    assert props["k"] == {"type": "array", "items": {"type": "string"}}
    assert props["m"] == {"type": "string", "format": "date"}  # a call is not a literal: no default
    assert "required" not in built.params("f")


def test_unknown_type_is_string_with_located_warning(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/mod.py": "from toolgen import tool\nimport numpy\n\n@tool\ndef f(x: numpy.ndarray) -> None:\n    '''F.'''\n"
        }
    )
    assert built.prop("f", "x") == {"type": "string"}
    assert (
        "pkg/mod.py:5:7: warning: tool 'f', parameter 'x': unknown type 'numpy.ndarray' (numpy.ndarray); described as a string (if the caller passes it, not the model, list it in 'injected_types'; else annotate it with a type toolgen reads, or give its module a .pyi stub)"
        in built.diagnostics
    )


def test_unknown_type_is_error_under_strict(build_errors) -> None:
    errors = build_errors(
        {
            "pkg/mod.py": "from toolgen import tool\n\n@tool\ndef f(x: Missing) -> None:\n    '''F.'''\n"
        },
        strict=True,
    )
    assert (
        "pkg/mod.py:4:7: error: tool 'f', parameter 'x': cannot resolve type 'Missing'; described as a string"
        in errors
    )


def test_classes_typeddict_dataclass_model_namedtuple_enum(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/__init__.py": "",
            "pkg/types_.py": """
import enum
from dataclasses import dataclass, field
from typing import NamedTuple, Optional
from typing_extensions import TypedDict, Required, NotRequired
from pydantic import BaseModel, Field

class Kind(str, enum.Enum):
    '''Kind of thing.'''
    A = "a"
    B = "b"

class N(enum.IntEnum):
    ONE = 1
    TWO = 2

class Auto(enum.Enum):
    X = enum.auto()
    Y = enum.auto()

class Base(TypedDict, total=False):
    base_opt: int
    base_req: Required[str]

class Child(Base):
    child_req: int
    child_opt: NotRequired[str]

@dataclass
class DC:
    a: int
    b: str = "b"
    c: list[int] = field(default_factory=list)
    d: Optional[int] = None

class M(BaseModel):
    '''A model.'''
    x: int = Field(ge=0, description="X value")
    y: Optional[str] = None
    z: str = Field("zz", alias="zed")
    _private: int = 0

class Sub(M):
    extra: bool

class NT(NamedTuple):
    p: int
    q: str = "q"
""",
            "pkg/tools.py": """
from toolgen import tool
from pkg.types_ import Kind, N, Auto, Child, DC, M, Sub, NT

@tool
def f(k: Kind, n: N, a: Auto, c: Child, d: DC, m: M, s: Sub, nt: NT, again: list[Kind]) -> None:
    '''F.'''
""",
        }
    )
    defs = built.params("f")["$defs"]
    assert defs["Kind"] == {"type": "string", "enum": ["a", "b"], "description": "Kind of thing."}
    assert defs["N"] == {"type": "integer", "enum": [1, 2]}
    assert defs["Auto"] == {"type": "integer", "enum": [1, 2]}
    assert defs["Child"] == {
        "type": "object",
        "properties": {
            "base_opt": {"type": "integer"},
            "base_req": {"type": "string"},
            "child_req": {"type": "integer"},
            "child_opt": {"type": "string"},
        },
        "required": ["base_req", "child_req"],
    }
    assert defs["DC"]["required"] == ["a"] and defs["DC"]["properties"]["b"]["default"] == "b"
    assert defs["DC"]["properties"]["d"] == {
        "anyOf": [{"type": "integer"}, {"type": "null"}],
        "default": None,
    }
    assert defs["M"]["properties"]["x"] == {
        "type": "integer",
        "minimum": 0,
        "description": "X value",
    }
    assert "zed" in defs["M"]["properties"] and "_private" not in defs["M"]["properties"]
    assert defs["M"]["required"] == ["x"] and defs["M"]["description"] == "A model."
    assert list(defs["Sub"]["properties"]) == ["x", "y", "zed", "extra"]
    assert defs["NT"] == {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"type": "string", "default": "q"}],
        "minItems": 1,
        "maxItems": 2,
    }
    assert built.prop("f", "again") == {"type": "array", "items": {"$ref": "#/$defs/Kind"}}
    assert sorted(defs) == ["Auto", "Child", "DC", "Kind", "M", "N", "NT", "Sub"]


def test_recursive_model_uses_ref(build_pkg) -> None:
    built = build_pkg({"pkg/mod.py": """
from __future__ import annotations
from typing import Optional
from pydantic import BaseModel
from toolgen import tool

class Node(BaseModel):
    value: int
    children: list[Node] = []
    parent: Optional["Node"] = None

@tool
def walk(root: Node) -> None:
    '''Walk.'''
"""})
    node = built.params("walk")["$defs"]["Node"]
    assert node["properties"]["children"] == {
        "type": "array",
        "items": {"$ref": "#/$defs/Node"},
        "default": [],
    }
    assert node["properties"]["parent"]["anyOf"][0] == {"$ref": "#/$defs/Node"}


def test_type_aliases_all_spellings(build_pkg) -> None:
    built = build_pkg({"pkg/mod.py": """
from typing import NewType, TypeAlias
from toolgen import tool
A = list[int]
B: TypeAlias = "dict[str, A]"
C = NewType("C", str)
type D = tuple[int, ...]

@tool
def f(a: A, b: B, c: C, d: D) -> None:
    '''F.'''
"""})
    props = built.params("f")["properties"]
    assert props["a"] == {"type": "array", "items": {"type": "integer"}}
    assert props["b"] == {
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "integer"}},
    }
    assert props["c"] == {"type": "string"}
    assert props["d"] == {"type": "array", "items": {"type": "integer"}}


def test_self_cls_skipped_varargs_error_or_skipped_injected_left_out(
    build_pkg, build_errors
) -> None:
    source = {"pkg/mod.py": """
from toolgen import tool
from myframework import RunContext

@tool
def f(self, ctx: RunContext, x: int, *args: int, y: str = "", **kwargs: str) -> None:
    '''F.'''
"""}
    errors = build_errors(source)
    line = source["pkg/mod.py"].lstrip("\n").splitlines()[4]
    col = line.index("*args") + 2
    assert (
        f"pkg/mod.py:5:{col}: error: tool 'f': *args cannot be described as a tool parameter "
        "(set skip_varargs = true to leave it out)"
    ) in errors
    assert any("**kwargs cannot be described" in e for e in errors)
    built = build_pkg(source, skip_varargs=True, injected_types=("myframework.RunContext",))
    assert list(built.params("f")["properties"]) == ["x", "y"]


def test_decorators_resolved_through_imports(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/a.py": "from toolgen import tool as t\n@t\ndef one() -> None:\n    '''One.'''\n",
            "pkg/b.py": "import toolgen\n@toolgen.tool()\ndef two() -> None:\n    '''Two.'''\n",
            "pkg/c.py": "from toolgen import *\n@tool(name='three_x')\nasync def three() -> None:\n    '''Three.'''\n",
            "pkg/d.py": "def tool(f): return f\n@tool\ndef not_a_tool() -> None: ...\nclass K:\n    @staticmethod\n    def m() -> None: ...\n",
            "pkg/e.py": "from other import tool\n@tool\ndef not_ours() -> None: ...\n",
        }
    )
    assert sorted(built.tools) == ["one", "three_x", "two"]


def test_no_parameters_tool(build_pkg) -> None:
    built = build_pkg(
        {"pkg/mod.py": "from toolgen import tool\n@tool\ndef now() -> str:\n    '''Now.'''\n"}
    )
    assert built.params("now") == {"type": "object", "properties": {}}
    mcp = built.module["TOOLS_MCP"][0]["inputSchema"]
    assert mcp == {"type": "object", "properties": {}, "additionalProperties": False}
    assert "parameters" not in built.module["TOOLS_GEMINI"][0]


def test_gemini_falls_back_to_json_schema_for_one_tool(build_errors, build_pkg) -> None:
    """An untyped value never fails the default build: that tool alone goes out as
    ``parametersJsonSchema``, with a warning; the other tools keep ``parameters``."""
    source = {
        "pkg/mod.py": "from typing import Any\nfrom toolgen import tool\n@tool\ndef f(x: Any) -> None:\n"
        "    'F.'\n@tool\ndef g(y: int) -> None:\n    'G.'\n"
    }
    built = build_pkg(source)
    gemini = {t["name"]: t for t in built.module["TOOLS_GEMINI"]}
    assert gemini["f"]["parametersJsonSchema"]["properties"]["x"] == {}
    assert "parameters" not in gemini["f"]
    assert gemini["g"]["parameters"]["properties"]["y"] == {"type": "INTEGER"}
    assert any(
        "gemini: tool 'f': sent as parametersJsonSchema" in d and "a value of any type" in d
        for d in built.diagnostics
    )
    errors = build_errors(source, strict=True)
    assert any("sent as parametersJsonSchema" in e for e in errors)
    built = build_pkg(source, gemini_schema_field="json")
    assert built.module["TOOLS_GEMINI"][0]["parametersJsonSchema"]["properties"]["x"] == {}


def test_description_limits_are_reported(build_pkg) -> None:
    long_doc = "Word " * 250
    built = build_pkg(
        {
            "pkg/mod.py": f"from toolgen import tool\n@tool\ndef wordy() -> None:\n    '''{long_doc}'''\n"
            "@tool\ndef silent(x: int) -> None: ...\n"
        }
    )
    assert any(
        "openai, openai_responses: tool 'wordy': 1,249 characters of description exceed "
        "OpenAI's limit of 1,024 (source: " in d
        for d in built.diagnostics
    )
    assert any("gemini: tool 'silent': no description" in d for d in built.diagnostics)
    gemini = {d["name"]: d for d in built.module["TOOLS_GEMINI"]}
    assert gemini["silent"]["description"] == "silent"


@pytest.mark.parametrize(
    "annotation",
    [
        "Annotated[str, Param(desc='d')] | None",
        "Union[Annotated[str, Param(desc='d')], None]",
        "Optional[Annotated[str, Param(desc='d')]]",
        "None | Annotated[str, 'd']",
    ],
)
def test_metadata_inside_an_optional_union_member_is_kept(build_pkg, annotation: str) -> None:
    built = build_pkg(
        {"pkg/mod.py": HEADER + f"\n@tool\ndef f(x: {annotation} = None) -> None:\n    '''F.'''\n"}
    )
    assert built.prop("f", "x") == {"type": "string", "description": "d"}


def test_members_of_a_real_union_keep_their_own_descriptions(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/mod.py": HEADER
            + "\n@tool\ndef f(x: Annotated[int, 'count'] | Annotated[str, 'name']) -> None:\n    '''F.'''\n"
        }
    )
    assert built.prop("f", "x") == {
        "anyOf": [
            {"type": "integer", "description": "count"},
            {"type": "string", "description": "name"},
        ]
    }


def test_a_decorated_method_is_reported_not_silently_dropped(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/mod.py": "from toolgen import tool\n\nclass Service:\n    @staticmethod\n    @tool\n"
            "    def ping(host: str) -> None:\n        'Ping.'\n"
        }
    )
    assert built.tools == {}
    assert (
        "pkg/mod.py:6:5: warning: method 'Service.ping' is marked as a tool, but toolgen reads "
        "module-level functions only; it is left out"
    ) in built.diagnostics
