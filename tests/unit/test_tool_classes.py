"""Tools written as classes: LangChain ``BaseTool`` subclasses read from their class attributes
(their own and inherited), ``args_schema`` a model class in another module or a dict.

The expected schemas are what ``convert_to_openai_tool`` gives for these classes with
langchain-core 1.8.3 (the pinned version), checked by hand in its environment."""

from __future__ import annotations

SCHEMAS = '''
from pydantic import BaseModel, Field


class SearchInput(BaseModel):
    """Search input."""

    query: str = Field(description="What to look for.")
    limit: int = Field(default=10, ge=1)
'''
TOOLS = """
from langchain_core.tools import BaseTool

from pkg.schemas import SearchInput

PREFIX = "acme_"


class AcmeTool(BaseTool):
    description: str = "An Acme tool."


class SearchTool(AcmeTool):
    name: str = PREFIX + "search"
    args_schema: type = SearchInput

    def _run(self, query: str, limit: int = 10) -> str:
        return query


class RawTool(BaseTool):
    name: str = "raw"
    description: str = "Raw schema."
    args_schema: dict = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}

    def _run(self, x: int) -> int:
        return x


class NoSchema(BaseTool):
    name: str = "noschema"
    description: str = "No schema."

    def _run(self, q: str) -> str:
        return q
"""


def test_base_tool_subclasses_are_tools_by_their_class_attributes(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": TOOLS})
    assert built.tools["acme_search"] == {
        "name": "acme_search",
        "description": "An Acme tool.",  # inherited from AcmeTool; the model's docstring is not it
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for."},
                "limit": {"type": "integer", "minimum": 1, "default": 10},
            },
            "required": ["query"],
        },
    }
    assert built.tools["raw"]["parameters"] == {
        "type": "object",
        "properties": {"x": {"type": "integer"}},
        "required": ["x"],
    }
    assert "AcmeTool" not in str(built.tools)  # a base without a name is no tool
    # What is not read yet is said, at the class, never silently dropped.
    assert built.diagnostics == [
        "pkg/tools.py:29:1: warning: langchain: tool class 'NoSchema' has no args_schema; "
        "toolgen does not read its _run signature yet, so it is left out (give it an args_schema)"
    ]


def test_a_module_of_tool_classes_alone_is_read(build_pkg) -> None:
    """A module with no function in it, only tool classes, is built (not skipped as toolless)."""
    only = TOOLS.split("class NoSchema")[0]
    built = build_pkg({"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": only})
    assert sorted(built.tools) == ["acme_search", "raw"]


def test_the_langchain_preset_turned_off_reads_no_classes(build_pkg) -> None:
    built = build_pkg(
        {"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": TOOLS},
        frameworks=("mcp",),
    )
    assert built.tools == {}
