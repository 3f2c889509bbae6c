"""CrewAI tools: ``BaseTool`` subclasses and ``@tool`` functions, read as CrewAI 1.15.30's native
function calling sends them (``convert_tools_to_openai_schema``): the name sanitised, the
authored description, ``args_schema``'s model or ``_run``'s signature.

The expected names are what CrewAI's own ``sanitize_tool_name`` gives (checked in the pinned
environment, ``tests/frameworks/envs/crewai*.txt``); the schemas, what pydantic gives for the
model CrewAI builds (``BaseTool._default_args_schema``, ``tool``'s ``create_model``)."""

from __future__ import annotations

import pytest

from toolgen.frameworks.crewai import authored_description, sanitize_tool_name

SCHEMAS = '''
from typing import Optional

from pydantic import BaseModel, Field


class SearchInput(BaseModel):
    """Input for SearchTool."""

    search_query: str = Field(..., description="What to search the internet for.")
    n_results: Optional[int] = Field(10, description="How many results.")
'''
TOOLS = '''
from typing import Annotated, Any, Type

from crewai.tools import BaseTool
from crewai.tools import base_tool
from pydantic import BaseModel, Field

from pkg.schemas import SearchInput


class AcmeTool(BaseTool):
    description: str = "An Acme tool."


class SearchTool(AcmeTool):
    name: str = "Search the internet"
    args_schema: Type[BaseModel] = SearchInput

    def _run(self, **kwargs: Any) -> str:
        return ""


class FetchTool(base_tool.BaseTool):
    """No args_schema: CrewAI builds it from _run, and leaves **kwargs out."""

    name: str = "HTTPFetcher"
    description: str = "Fetch a URL."

    def _run(
        self,
        url: Annotated[str, Field(description="The address.")],
        run_manager: str = "",
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> str:
        """Fetch.

        Args:
            url: Not what CrewAI reads (it reads the Field).
        """
        return url


class CrawlTool(AcmeTool):
    name: str = "crawl"

    def _run(self, **kwargs: Any) -> Any:
        return None

    async def _arun(self, start_url: str, depth: int = 2) -> list:
        return []


class RobotsTool(AcmeTool):
    name: str = "robots"
    description: str = (
        "Tool Name: robots\\nTool Arguments: {}\\nTool Description: Whether a URL may be fetched."
    )

    def _run(self, url: str) -> bool:
        return True
'''


def test_base_tool_subclasses_are_tools_as_crewai_sends_them(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": TOOLS})
    assert built.tools["search_the_internet"] == {
        "name": "search_the_internet",
        "description": "An Acme tool.",  # inherited; the model's docstring is not it
        "parameters": {
            "type": "object",
            "properties": {
                "search_query": {
                    "type": "string",
                    "description": "What to search the internet for.",
                },
                "n_results": {  # the model's own schema, as pydantic writes it
                    "anyOf": [{"type": "integer"}, {"type": "null"}],
                    "description": "How many results.",
                    "default": 10,
                },
            },
            "required": ["search_query"],
        },
    }
    # Not LangChain's rules: run_manager is CrewAI's parameter like any other; the docstring's
    # Args are not read; **kwargs is left out without a word, as CrewAI leaves it out.
    assert built.tools["http_fetcher"]["parameters"] == {
        "type": "object",
        "properties": {
            "url": {"type": "string", "description": "The address."},
            "run_manager": {"type": "string", "default": ""},
            "timeout": {"type": "number", "default": 10.0},
        },
        "required": ["url"],
    }
    assert built.tools["http_fetcher"]["description"] == "Fetch a URL."
    assert built.module["TOOL_FUNCTIONS"]["search_the_internet"] == "pkg.tools:SearchTool._run"
    assert built.module["TOOL_FUNCTIONS"]["http_fetcher"] == "pkg.tools:FetchTool._run"
    assert sorted(built.tools) == ["crawl", "http_fetcher", "robots", "search_the_internet"]
    assert built.diagnostics == []


def test_a_run_without_parameters_gives_the_arun_signature(build_pkg) -> None:
    """CrewAI reads ``_arun`` when ``_run`` gives no field (``_default_args_schema``)."""
    built = build_pkg({"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": TOOLS})
    assert built.params("crawl") == {
        "type": "object",
        "properties": {"start_url": {"type": "string"}, "depth": {"type": "integer", "default": 2}},
        "required": ["start_url"],
    }
    assert built.module["TOOL_FUNCTIONS"]["crawl"] == "pkg.tools:CrawlTool._arun"


def test_a_composed_description_block_is_sent_as_its_authored_text(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": TOOLS})
    assert built.tools["robots"]["description"] == "Whether a URL may be fetched."
    assert authored_description("Says Tool Description: here.") == "Says Tool Description: here."


FUNCTIONS = '''
from typing import Annotated

from crewai.tools import tool
from crewai.tools.base_tool import tool as crew_tool
from pydantic import Field


@tool("Wikipedia Lookup")
def wikipedia(title: str, language: str = "en") -> str:
    """Return the summary of an article.

    Args:
        title: CrewAI sends this section as part of the description, and no parameter's.
    """
    return ""


@tool
def word_count(text: str, *more: str, **options: str) -> int:
    """Count the words of a text."""
    return 0


@tool()
def unit_convert(value: float) -> float:
    """Convert a value."""
    return value


@crew_tool("summarizeText", result_as_answer=True)
def summarize(text: Annotated[str, Field(description="The text.")], sentences: int = 3) -> str:
    """Summarise a text."""
    return text
'''


def test_tool_decorated_functions_by_crewais_rules(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/functions.py": FUNCTIONS})
    assert sorted(built.tools) == [
        "summarize_text",
        "unit_convert",
        "wikipedia_lookup",
        "word_count",
    ]
    wiki = built.tools["wikipedia_lookup"]
    # The whole docstring (CrewAI sends ``__doc__`` as written; toolgen, its indentation cleaned).
    assert wiki["description"] == (
        "Return the summary of an article.\n\nArgs:\n    title: CrewAI sends this section as "
        "part of the description, and no parameter's."
    )
    assert wiki["parameters"]["properties"] == {
        "title": {"type": "string"},
        "language": {"type": "string", "default": "en"},
    }
    assert built.params("word_count") == {
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
    }
    assert built.prop("summarize_text", "text") == {"type": "string", "description": "The text."}
    assert built.module["TOOL_FUNCTIONS"]["summarize_text"] == "pkg.functions:summarize"
    assert built.diagnostics == []


@pytest.mark.parametrize(
    ("written", "sent"),
    [
        ("Search the internet with Serper", "search_the_internet_with_serper"),
        ("Read a file's content", "read_a_files_content"),
        ("HTTPFetcher", "http_fetcher"),
        ("NL2SQLTool", "nl2sql_tool"),
        ("summarizeText", "summarize_text"),
        ("Café finder", "cafe_finder"),
        ("  --Check robots.txt--  ", "check_robots_txt"),
        (
            "Look up the full profile of a research institution by its registry identifier and "
            "country",
            "look_up_the_full_profile_of_a_research_institution_by_i_c49612f8",
        ),
    ],
)
def test_names_are_sanitised_as_crewai_sanitises_them(written: str, sent: str) -> None:
    """Each expected name is what crewai 1.15.30's ``sanitize_tool_name`` returns for it."""
    assert sanitize_tool_name(written) == sent


SWAPPING = """
from typing import Any, Optional, Type

from crewai.tools import BaseTool
from pydantic import BaseModel


class Fixed(BaseModel):
    pass


class Full(BaseModel):
    directory: str


class ListTool(BaseTool):
    name: str = "List files"
    description: str = "List a folder."
    args_schema: Type[BaseModel] = Full

    def __init__(self, directory: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if directory is not None:
            self.description = f"List {directory}."
            self.args_schema = Fixed

    def _run(self, **kwargs: Any) -> Any:
        return None


class ReadTool(BaseTool):
    name: str = "Read a file"
    description: str = "Read a file."
    args_schema: Type[BaseModel] = Full

    def __init__(self, path: Optional[str] = None, **kwargs: Any) -> None:
        if path is not None:
            kwargs["description"] = f"Read {path}."
        super().__init__(**kwargs)

    def _run(self, **kwargs: Any) -> Any:
        return None


class NamedTool(BaseTool):
    name: str = "named"
    description: str = "Named."

    def __init__(self, tag: str = "x", **kwargs: Any) -> None:
        super().__init__(name=f"named_{tag}", **kwargs)

    def _run(self, q: str) -> Any:
        return None
"""


@pytest.mark.parametrize("strict", [False, True])
def test_an_init_that_swaps_what_crewai_sends_is_a_warning_an_error_with_strict(
    build_pkg, build_errors, strict: bool
) -> None:
    """``self.x = ...``, ``kwargs["x"] = ...`` before ``super().__init__(**kwargs)``, and
    ``super().__init__(x=...)``: each what crewai-tools' own classes do (DirectoryReadTool,
    FileReadTool); toolgen says which value it took."""
    said = [
        "pkg/tools.py:23:13: {}: crewai: tool class 'ListTool': ListTool.__init__ sets "
        "self.description, which toolgen cannot know statically; toolgen emits the class "
        "attribute's description",
        "pkg/tools.py:24:13: {}: crewai: tool class 'ListTool': ListTool.__init__ sets "
        "self.args_schema, which toolgen cannot know statically; toolgen emits the class "
        "attribute's args_schema",
        "pkg/tools.py:37:13: {}: crewai: tool class 'ReadTool': ReadTool.__init__ sets "
        "self.description, which toolgen cannot know statically; toolgen emits the class "
        "attribute's description",
        "pkg/tools.py:49:26: {}: crewai: tool class 'NamedTool': NamedTool.__init__ sets "
        "self.name, which toolgen cannot know statically; toolgen emits the class attribute's "
        "name",
    ]
    files = {"pkg/__init__.py": "", "pkg/tools.py": SWAPPING}
    if strict:
        assert sorted(build_errors(files, strict=True)) == [s.format("error") for s in said]
        return
    built = build_pkg(files)
    assert sorted(built.diagnostics) == [s.format("warning") for s in said]
    assert built.tools["list_files"]["description"] == "List a folder."
    assert built.params("list_files")["required"] == ["directory"]
    assert sorted(built.tools) == ["list_files", "named", "read_a_file"]


def test_crewai_classes_need_the_preset(build_pkg, build_errors) -> None:
    """``frameworks = [...]`` without crewai: its classes and decorator are nothing to toolgen."""
    files = {"pkg/__init__.py": "", "pkg/schemas.py": SCHEMAS, "pkg/tools.py": TOOLS}
    assert build_errors(files, frameworks=("langchain",), strict=True) == [
        "error: no tools found in .; the generated constants are empty"
    ]


CREW = """
from crewai import Agent
from crewai.tools import BaseTool

from pkg.tools import FetchTool, SearchTool

search = SearchTool()


class DocSearch(BaseTool):
    name: str = "search_the_docs"
    description: str = "Search the documentation."

    def _run(self, words: str) -> str:
        return words


researcher = Agent(role="Researcher", goal="Find", backstory="", tools=[search, FetchTool()])
writer = Agent(role="Writer", goal="Write", backstory="", tools=[DocSearch(), FetchTool(timeout=3)])
"""
CREW_FILES = {
    "pkg/__init__.py": "",
    "pkg/schemas.py": SCHEMAS,
    "pkg/tools.py": TOOLS,
    "pkg/crew.py": CREW,
}


def test_an_agents_tools_list_owns_the_tool_classes_whose_instances_it_holds(
    build_pkg, tmp_path
) -> None:
    """Each agent's constants hold what it sends: a class listed by two agents is each one's
    (one tool name, two owners), an instance written in the list or bound to a name."""
    built = build_pkg(CREW_FILES, owners=("pkg.crew:*",))
    assert built.module["OWNERS"] == {
        "pkg.crew:researcher": "RESEARCHER",
        "pkg.crew:writer": "WRITER",
    }
    researcher = {t["name"]: t for t in built.module["RESEARCHER_TOOLS"]}
    writer = {t["name"]: t for t in built.module["WRITER_TOOLS"]}
    assert sorted(researcher) == ["http_fetcher", "search_the_internet"]
    assert sorted(writer) == ["http_fetcher", "search_the_docs"]
    assert writer["http_fetcher"] == researcher["http_fetcher"]
    # Each class as its own module defines it, with no agent to hold it.
    (tmp_path / "pkg/crew.py").unlink()
    alone = build_pkg({k: v for k, v in CREW_FILES.items() if k != "pkg/crew.py"})
    assert researcher["search_the_internet"] == alone.tools["search_the_internet"]
    # Held by an agent, a class is that agent's alone: the target's own lists, which cannot
    # hold both agents' http_fetcher, hold the classes no agent holds.
    assert sorted(build_pkg(CREW_FILES).tools) == ["crawl", "robots"]
    assert built.module["WRITER_TOOL_FUNCTIONS"]["http_fetcher"] == "pkg.tools:FetchTool._run"
    assert built.diagnostics == []


def test_owners_of_none_take_no_tool_an_agent_holds(build_pkg) -> None:
    """``owners = [""]`` selects after every module's tools meet: a class an agent holds is
    that agent's alone, with the agent filtered out too, so the tools of no owner are the
    target's own lists without the setting."""
    built = build_pkg(CREW_FILES, owners=("",))
    assert sorted(built.tools) == ["crawl", "robots"]
    assert built.tools == build_pkg(CREW_FILES).tools
    assert "OWNERS" not in built.module


def test_a_plain_function_in_an_agents_tools_is_a_warning(build_pkg) -> None:
    """CrewAI refuses it (``BaseAgent.validate_tools``: "Invalid tool type")."""
    crew = (
        "from crewai import Agent\n\n\ndef helper(x: int) -> int:\n    return x\n\n\n"
        'solo = Agent(role="r", goal="g", backstory="", tools=[helper])\n'
    )
    files = {"pkg/__init__.py": "", "pkg/functions.py": FUNCTIONS, "pkg/crew.py": crew}
    built = build_pkg(files)
    assert built.diagnostics == [
        "pkg/crew.py:8:1: warning: crewai: 'helper' in the tools of 'pkg.crew:solo' is a plain "
        "function, which this framework does not take as a tool (wrap it in @tool or a "
        "BaseTool subclass); it is left out"
    ]


def test_a_tool_function_without_a_docstring_is_a_warning(build_pkg) -> None:
    """CrewAI's ``@tool`` raises ``ValueError("Function must have a docstring")`` for it, at
    import: toolgen says so where it is (the class path reads ``_run``, which needs none)."""
    source = (
        "from crewai.tools import tool\n\n\n"
        '@tool("Ping host")\ndef ping(host: str) -> bool:\n    return True\n'
    )
    built = build_pkg({"pkg/__init__.py": "", "pkg/net.py": source})
    assert built.diagnostics == [
        "pkg/net.py:4:2: warning: crewai: tool 'ping_host': its decorator raises an error for a "
        "function without a docstring; give it one",
        "pkg/net.py:5:1: warning: gemini: tool 'ping_host': no description (no docstring "
        "summary); Gemini requires one, so the tool's name is used",
    ]
    assert built.tools["ping_host"]["description"] == ""
