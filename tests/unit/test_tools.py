"""``toolgen.tools``, called directly on scanned source texts: the ``ToolDef`` a selected function
becomes (its name, description, parameters, defaults, function path and owner), the framework
branches it dispatches to, its order, and what is said (``path:line:col``) when a name or a
parameter cannot be sent. (Duplicate names, checked across modules: test_ownership.py.)"""

from __future__ import annotations

from textwrap import dedent
from typing import Any

import pytest

from toolgen.config import Target
from toolgen.errors import Diagnostics
from toolgen.ir import Owner, ToolDef
from toolgen.scan.gather import gather_text
from toolgen.tools import build_tools


def build(
    files: dict[str, str], target: Target | None = None, notes: list[tuple[str, str]] | None = None
) -> tuple[list[ToolDef], list[str]]:
    """``build_tools`` over ``files`` (``pkg/a.py`` is module ``pkg.a``), and its diagnostics."""
    scans = [
        gather_text(dedent(text), path, path.removesuffix(".py").replace("/", "."))
        for path, text in files.items()
    ]
    diags = Diagnostics()
    tools = build_tools(scans, target or Target(), diags, notes=notes)
    return tools, [d.format() for d in diags.items]


def one(source: str, target: Target | None = None) -> tuple[ToolDef, list[str]]:
    """The one tool of ``pkg/a.py``, with toolgen's ``tool`` imported for it."""
    tools, said = build({"pkg/a.py": "from toolgen import tool\n" + dedent(source)}, target)
    (tool,) = tools
    return tool, said


def properties(tool: ToolDef) -> dict[str, Any]:
    return dict(tool.parameters["properties"])


def test_a_tool_is_named_after_its_function_or_its_decorators_name_and_sorted_by_name() -> None:
    tools, said = build({"pkg/a.py": """
                from toolgen import tool

                @tool
                def zebra() -> None:
                    '''Z.'''

                @tool(name="apple")
                def banana() -> None:
                    '''B.'''
            """})
    assert [(t.name, t.qualname, t.function) for t in tools] == [
        ("apple", "pkg.a.banana", "pkg.a:banana"),
        ("zebra", "pkg.a.zebra", "pkg.a:zebra"),
    ]
    assert said == []


def test_a_name_no_provider_accepts_is_an_error_and_no_tool() -> None:
    tools, said = build(
        {"pkg/a.py": "from toolgen import tool\n\n@tool(name='get weather')\ndef f(): ...\n"}
    )
    assert tools == []
    assert said == [
        "pkg/a.py:3:2: error: tool name 'get weather' is not valid for any provider (letters, "
        "digits, '_', '-', '.' and ':' only); rename it with @tool(name=...)"
    ]


def test_a_name_some_provider_rewrites_is_a_warning_saying_which_is_safe() -> None:
    _, dotted = one("\n@tool(name='get.weather')\ndef f(): ...\n")
    assert dotted == [
        "pkg/a.py:3:2: warning: tool name 'get.weather' is not portable "
        "(^[a-zA-Z][a-zA-Z0-9_]{0,63}$); providers will see a rewritten name"
    ]
    _, dashed = one("\n@tool(name='get-weather')\ndef f(): ...\n")
    assert dashed == [
        "pkg/a.py:3:2: warning: tool name 'get-weather' is not portable "
        "(^[a-zA-Z][a-zA-Z0-9_]{0,63}$); every provider accepts '-' today, as is, but "
        "Bedrock's older rule (^[a-zA-Z][a-zA-Z0-9_]*$) did not: '_' is safe everywhere"
    ]


def test_the_description_is_the_docstrings_summary_or_the_decorators() -> None:
    source = '''
        @tool
        def f(x: int) -> None:
            """Do it.

            At length.

            Args:
                x: The number.
            """
    '''
    tool, said = one(source)
    assert tool.description == "Do it." and said == []
    assert properties(tool) == {"x": {"type": "integer", "description": "The number."}}
    assert one(source, Target(long_description=True))[0].description == "Do it.\n\nAt length."
    overridden, _ = one(source.replace("@tool", "@tool(description='Said.')"))
    assert overridden.description == "Said."


def test_required_parameters_defaults_and_optional_none() -> None:
    """A parameter without a default is required; a default is emitted; ``X | None = None``
    is optional, typed ``X``, with no default (``None`` means not given)."""
    tool, _ = one("""
        @tool
        def f(city: str, days: int = 3, unit: str | None = None) -> None: ...
        """)
    assert tool.parameters == {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer", "default": 3},
            "unit": {"type": "string"},
        },
        "required": ["city"],
    }


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(
            '''
            @tool
            def f(x: int) -> None:
                """Do it.

                Args:
                    x: The number.
                    ghost: Gone.
                """
            ''',
            id="google",
        ),
        pytest.param(
            '''
            @tool
            def f(x: int) -> None:
                """
                Do it.

                :param x: The number.
                :param ghost: Gone.
                """
            ''',
            id="rest-summary-on-its-own-line",
        ),
        pytest.param(
            '''
            @tool
            def f(x: int) -> None:
              """Do it.

              Parameters
              ----------
              x : int
                  The number.
              ghost : int
                  Gone.
              """
            ''',
            id="numpy-two-space-indent",
        ),
    ],
)
def test_a_documented_name_that_is_no_parameter_is_a_warning_where_the_name_is(source: str) -> None:
    """The warning points at the name as the docstring writes it: its line, and its column."""
    text = "from toolgen import tool\n" + dedent(source)
    (line,) = [n for n, t in enumerate(text.splitlines(), 1) if "ghost" in t]
    col = text.splitlines()[line - 1].index("ghost") + 1
    _, said = build({"pkg/a.py": text})
    assert said == [
        f"pkg/a.py:{line}:{col}: warning: tool 'f': docstring documents 'ghost', which is not a "
        "parameter"
    ]


def test_warn_undocumented_names_each_parameter_without_a_description() -> None:
    source = "\n@tool\ndef f(x: int, y: int) -> None:\n    '''Do it.\n\n    Args:\n        x: X.\n    '''\n"
    assert one(source)[1] == []
    assert one(source, Target(warn_undocumented=True))[1] == [
        "pkg/a.py:4:15: warning: tool 'f': parameter 'y' is not documented"
    ]


def test_varargs_are_an_error_unless_skip_varargs() -> None:
    source = "\n@tool\ndef f(x: int, *rest: int, **more: str) -> None: ...\n"
    tools, said = build({"pkg/a.py": "from toolgen import tool\n" + source})
    assert tools == []
    assert said == [
        "pkg/a.py:4:16: error: tool 'f': *rest cannot be described as a tool parameter (set "
        "skip_varargs = true to leave it out)",
        "pkg/a.py:4:29: error: tool 'f': **more cannot be described as a tool parameter (set "
        "skip_varargs = true to leave it out)",
    ]
    tool, said = one(source, Target(skip_varargs=True))
    assert list(properties(tool)) == ["x"] and said == []


def test_a_positional_only_parameter_is_an_error() -> None:
    tools, said = build({"pkg/a.py": "from toolgen import tool\n\n@tool\ndef f(x: int, /): ...\n"})
    assert tools == []
    assert said == [
        "pkg/a.py:4:7: error: tool 'f': parameter 'x' is positional-only (before '/'), but a "
        "tool is called with keyword arguments (f(**arguments)), which cannot pass it; remove "
        "the '/'"
    ]


def test_an_unannotated_first_self_is_left_out_with_a_warning_and_a_note() -> None:
    notes: list[tuple[str, str]] = []
    tools, said = build(
        {"pkg/a.py": "from toolgen import tool\n\n@tool\ndef f(self, x: int): ...\n"},
        notes=notes,
    )
    assert list(properties(tools[0])) == ["x"]
    assert said == [
        "pkg/a.py:4:7: warning: tool 'f': parameter 'self' is left out of the schema: an "
        "unannotated first 'self' is taken for a method's, but 'f' is a module-level function, "
        "so a dispatcher's f(**arguments) will not pass it (annotate it to keep it)"
    ]
    said_of_self = (
        "parameter 'self' is left out: an unannotated first 'self' is taken for a method's"
    )
    assert ("f", said_of_self) in notes


def test_a_frameworks_injected_parameter_is_left_out_and_the_method_of_a_class_bound() -> None:
    tools, said = build({"pkg/kit.py": """
                from mcp.server.fastmcp import Context, FastMCP

                mcp = FastMCP("kit")

                @mcp.tool()
                def ask(ctx: Context, question: str) -> str:
                    '''Ask.'''
            """})
    (tool,) = tools
    assert list(properties(tool)) == ["question"] and said == []
    assert tool.owner == Owner("pkg.kit:mcp", "mcp-server")


def test_langchains_tool_class_is_one_string_passed_by_position() -> None:
    tools, _ = build({"pkg/a.py": """
                from langchain_core.tools import Tool

                def search(query: str, limit: int = 5) -> str:
                    '''Search.'''

                searcher = Tool("search", search, "Search the web.")
            """})
    (tool,) = tools
    assert (tool.name, tool.description, tool.by_position) == (
        "search",
        "Search the web.",
        ("__arg1",),
    )
    assert tool.parameters == {
        "type": "object",
        "properties": {"__arg1": {"type": "string"}},
        "required": ["__arg1"],
    }


def test_crewai_sends_its_sanitised_name_and_keeps_defaults() -> None:
    tools, said = build({"pkg/a.py": """
                from crewai.tools import tool

                @tool("Get Weather")
                def weather(city: str, days: int = 3) -> str:
                    '''Weather for a city.'''
            """})
    (tool,) = tools
    assert tool.name == "get_weather" and said == []
    assert properties(tool)["days"] == {"type": "integer", "default": 3}


def test_smolagents_sends_no_default_and_reads_choices_from_the_description() -> None:
    tools, _ = build({"pkg/a.py": '''
                from smolagents import tool

                @tool
                def convert(value: float, unit: str = "m") -> float:
                    """Convert.

                    Args:
                        value: The value.
                        unit: The unit (choices: ["m", "km"])
                    """
            '''})
    assert properties(tools[0])["unit"] == {
        "type": "string",
        "enum": ["m", "km"],
        "description": "The unit",
    }


def test_pydantic_ai_sends_a_lone_models_schema_as_the_parameters() -> None:
    tools, _ = build({"pkg/a.py": """
                from pydantic import BaseModel
                from pydantic_ai import Agent

                agent = Agent("openai:gpt-4o")

                class Query(BaseModel):
                    '''A query.'''
                    text: str

                @agent.tool_plain
                def ask(query: Query) -> str:
                    '''Ask.'''
            """})
    (tool,) = tools
    assert tool.packed == "query"
    assert tool.parameters["properties"] == {"text": {"type": "string"}}


def test_a_kernel_functions_parameter_is_mapped_as_semantic_kernel_maps_it() -> None:
    tools, _ = build({"pkg/k.py": """
                from typing import Annotated

                from semantic_kernel import Kernel
                from semantic_kernel.functions import kernel_function

                @kernel_function
                def add(a: Annotated[int, "The first"], b: int = 2) -> int:
                    '''Add.'''

                Kernel().add_function("math", add)
            """})
    (tool,) = tools
    assert tool.name == "math-add"
    assert tool.parameters == {
        "type": "object",
        "properties": {
            "a": {"type": "integer", "description": "The first"},
            "b": {"type": "integer"},
        },
        "required": ["a"],
    }


def test_show_says_which_rules_described_the_tool() -> None:
    """``toolgen show``'s notes name llama-index's description rule (checked to fail before:
    the rule had no words for it, a KeyError)."""
    source = (
        "from llama_index.core.tools import FunctionTool\n\n"
        "def ask(question: str) -> str:\n    '''Ask.'''\n\n"
        "asker = FunctionTool.from_defaults(fn=ask)\n"
    )
    notes: list[tuple[str, str]] = []
    build({"m.py": source}, notes=notes)
    assert notes == [
        (
            "ask",
            "read by the rules of llama-index (a call); description: the tool's name and the "
            "function's signature as Python prints it, then the whole docstring; parameter "
            "descriptions: Annotated text, then Field/Param, then the docstring",
        )
    ]
