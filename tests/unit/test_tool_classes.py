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
from langchain_core.callbacks import CallbackManagerForToolRun
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

    def _run(self, q: str, run_manager: CallbackManagerForToolRun | None = None) -> str:
        return q


class Nothing(BaseTool):
    name: str = "nothing"
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
    assert built.module["TOOL_FUNCTIONS"]["acme_search"] == "pkg.tools:SearchTool._run"
    assert built.tools["raw"]["parameters"] == {
        "type": "object",
        "properties": {"x": {"type": "integer"}},
        "required": ["x"],
    }
    assert "AcmeTool" not in str(built.tools)  # a base without a name is no tool
    # No args_schema: ``_run``'s signature, without self and run_manager (LangChain gives
    # {"properties": {"q": {"type": "string"}}, "required": ["q"]}).
    assert built.tools["noschema"]["parameters"] == {
        "type": "object",
        "properties": {"q": {"type": "string"}},
        "required": ["q"],
    }
    # A class with neither args_schema nor _run is abstract to LangChain (it cannot be
    # instantiated): a base of tools, not a tool.
    assert "nothing" not in built.tools
    assert built.diagnostics == []


METHODS = '''
from strands import tool


class Files:
    @tool
    def read(self, path: str) -> str:
        """Read a file."""

    @tool(name="list_dir")
    def listing(self, folder: str = ".") -> list[str]:
        """List a folder."""


class Web:
    @tool
    def read(self, url: str) -> str:
        """Read a page."""
'''


def test_a_framework_decorator_on_a_method_is_a_tool_of_its_class(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/kits.py": METHODS})
    m = built.module
    assert m["OWNERS"] == {"pkg.kits:Files": "FILES", "pkg.kits:Web": "WEB"}
    files = {t["name"]: t for t in m["FILES_TOOLS"]}
    assert sorted(files) == ["list_dir", "read"]
    assert files["read"]["parameters"]["required"] == ["path"]  # self dropped, no warning
    assert list(files["list_dir"]["parameters"]["properties"]) == ["folder"]
    assert [t["parameters"]["required"] for t in m["WEB_TOOLS"]] == [["url"]]
    # The function table names the method; a Toolbox is given the bound method.
    assert m["FILES_TOOL_FUNCTIONS"] == {
        "list_dir": "pkg.kits:Files.listing",
        "read": "pkg.kits:Files.read",
    }
    assert built.diagnostics == []


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


def test_the_scanner_keeps_the_signature_of_every_method_a_class_rule_reads() -> None:
    from toolgen.frameworks.classes import CLASS_RULES
    from toolgen.scan.gather import READ_BY_NAME

    read = {rule.signature for rule in CLASS_RULES.values()}
    assert read | {r.fallback for r in CLASS_RULES.values() if r.fallback} <= READ_BY_NAME


SMOL_CONSTANTS = """
QUERY = {"type": "string", "description": "What to look for."}
"""
SMOL_TOOLS = """
from smolagents import Tool

from pkg.constants import QUERY


class KitTool(Tool):
    output_type = "string"


class Search(KitTool):
    name = "search"
    description = "Searches the notes."
    inputs = {
        "query": QUERY,
        "limit": {"type": "integer", "description": "Most hits.", "nullable": True},
        "tags": {"type": ["string", "array"], "items": {"type": "string"}, "description": "Tags."},
        "anything": {"type": "any", "description": "Passed through."},
    }

    def forward(self, query, limit=None, tags=(), anything=None):
        return query


class Mismatch(KitTool):
    name = "mismatch"
    description = "Its forward takes other names."
    inputs = {"query": QUERY}

    def forward(self, text: str) -> str:
        return text


class Bad(KitTool):
    name = "bad"
    description = "Its input has no description."
    inputs = {"query": {"type": "string"}}
"""


def test_smolagents_tool_subclasses_are_tools_by_their_inputs(build_pkg) -> None:
    """As smolagents 1.26's get_tool_json_schema sends them: ``inputs`` as the properties,
    "any" as a string, every input not nullable required (checked in the pinned env)."""
    built = build_pkg(
        {"pkg/__init__.py": "", "pkg/constants.py": SMOL_CONSTANTS, "pkg/tools.py": SMOL_TOOLS}
    )
    assert built.tools["search"] == {
        "name": "search",
        "description": "Searches the notes.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"description": "What to look for.", "type": "string"},
                "limit": {
                    "description": "Most hits.",
                    "anyOf": [{"type": "integer"}, {"type": "null"}],
                },
                "tags": {
                    "description": "Tags.",
                    "anyOf": [
                        {"type": "string"},  # items describe the array alone
                        {"type": "array", "items": {"type": "string"}},
                    ],
                },
                "anything": {"description": "Passed through.", "type": "string"},
            },
            "required": ["query", "tags", "anything"],
        },
    }
    assert built.module["TOOL_FUNCTIONS"]["search"] == "pkg.tools:Search.forward"
    assert "KitTool" not in str(built.tools)  # a base without inputs is no tool
    # smolagents raises at instantiation on both: said at their place, what toolgen did.
    assert built.tools["mismatch"]["parameters"]["required"] == ["query"]
    assert "bad" not in built.tools
    messages = sorted(d.split(": warning: ", 1)[1] for d in built.diagnostics)
    assert messages == [
        "smolagents: tool class 'Bad': its inputs input 'query' lacks 'type' or 'description' "
        "(smolagents refuses it); it is left out",
        "smolagents: tool class 'Mismatch': forward's parameters ['text'] are not its inputs' "
        "keys ['query'] (smolagents raises at instantiation); toolgen emits the inputs",
    ]


SWAPPED = """
from langchain_core.tools import BaseTool
from smolagents import Tool


class Lookup(Tool):
    name = "lookup"
    description = "Looks a key up."
    inputs = {"key": {"type": "string", "description": "The key."}}
    output_type = "string"

    def __init__(self, strict=False):
        super().__init__()
        if strict:
            self.inputs = {"key": {"type": "integer", "description": "A numeric key."}}

    def forward(self, key):
        return key


class Base(BaseTool):
    description: str = "Fetches."
    args_schema: dict = {"type": "object", "properties": {"url": {"type": "string"}}}

    def __init__(self, schema=None, **kwargs):
        super().__init__(**kwargs)
        self.cache = {}  # not read by toolgen: no warning
        self.args_schema = schema or self.args_schema


class Fetch(Base):
    name: str = "fetch"
"""


def test_an_init_that_swaps_what_toolgen_reads_is_a_warning_at_it(build_pkg) -> None:
    """What a constructor assigns depends on its arguments: toolgen says which it took."""
    built = build_pkg({"pkg/__init__.py": "", "pkg/tools.py": SWAPPED})
    assert built.tools["lookup"]["parameters"]["required"] == ["key"]
    assert built.tools["fetch"]["parameters"]["properties"] == {"url": {"type": "string"}}
    assert sorted(built.diagnostics) == [
        "pkg/tools.py:14:13: warning: smolagents: tool class 'Lookup': Lookup.__init__ sets "
        "self.inputs, which toolgen cannot know statically; toolgen emits the class "
        "attribute's inputs",
        "pkg/tools.py:27:9: warning: langchain: tool class 'Fetch': Base.__init__ sets "
        "self.args_schema, which toolgen cannot know statically; toolgen emits the class "
        "attribute's args_schema",
    ]


def test_the_scanner_notes_every_attribute_a_class_rule_reads_set_in_init() -> None:
    from toolgen.frameworks.classes import CLASS_RULES
    from toolgen.scan.gather import SET_IN_INIT

    for rule in CLASS_RULES.values():
        assert {rule.name, rule.description, rule.schema} <= SET_IN_INIT


SMOL_AGENTS = '''
from smolagents import CodeAgent, InferenceClientModel, Tool, ToolCallingAgent


class Lookup(Tool):
    name = "lookup"
    description = "Looks a word up."
    inputs = {"word": {"type": "string", "description": "The word."}}
    output_type = "string"

    def forward(self, word: str) -> str:
        return word


class Define(Tool):
    name = "lookup"
    description = "Defines a word."
    inputs = {"term": {"type": "string", "description": "The term."}}
    output_type = "string"

    def forward(self, term: str) -> str:
        return term


def helper(text: str) -> str:
    """Not a Tool."""
    return text


model = InferenceClientModel()
reader = CodeAgent([Lookup()], model=model)
writer = ToolCallingAgent(tools=[Define(), helper], model=model)
'''


def test_smolagents_agents_own_the_tool_instances_their_lists_hold(build_pkg) -> None:
    """``CodeAgent(tools, model)`` takes ``Tool`` instances only (agents.py ``_setup_tools``
    asserts it): each agent owns its own, so two agents' tools may share a name."""
    built = build_pkg({"pkg/__init__.py": "", "pkg/agents.py": SMOL_AGENTS})
    owners = built.module["OWNERS"]
    assert owners == {"pkg.agents:reader": "READER", "pkg.agents:writer": "WRITER"}
    reader = built.module["READER_TOOLS"]
    writer = built.module["WRITER_TOOLS"]
    assert [(t["name"], t["description"]) for t in reader] == [("lookup", "Looks a word up.")]
    assert [(t["name"], t["description"]) for t in writer] == [("lookup", "Defines a word.")]
    assert [d.split(": warning: ", 1)[1] for d in built.diagnostics] == [
        "smolagents: 'helper' in the tools of 'pkg.agents:writer' is a plain function, which "
        "this framework does not take as a tool (wrap it in @tool or a Tool subclass); it is "
        "left out"
    ]
