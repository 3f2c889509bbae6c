"""agno: ``Toolkit`` subclasses read as their constructors register tools, ``@tool`` with its
keywords, plain functions in an ``Agent``'s list, and the parameters agno fills.

The expected schemas are what agno 3.1.10 (the pinned version) sends for these classes:
``Function.to_dict()`` after ``process_entrypoint`` (a toolkit's or ``@tool``'s) or
``Function.from_callable`` (an agent's plain function), checked in its environment."""

from __future__ import annotations

KIT = '''
from typing import Any, List, Optional

from agno.agent import Agent
from agno.media import Image
from agno.run import RunContext
from agno.tools import Toolkit, tool

SHOW_ARCHIVE = False


class SearchTools(Toolkit):
    def __init__(self, enable_search: bool = True, enable_news: bool = False, all: bool = False, **kwargs: Any):
        tools: List[Any] = [self.ping]
        if enable_search or all:
            tools.append(self.search)
        if enable_news or all:
            tools.extend([self.news])
        if SHOW_ARCHIVE:
            tools += [self.archive]
        super().__init__(name="search", tools=tools, exclude_tools=["ping"], **kwargs)
        self.register(self.search, name="find")

    def ping(self) -> str:
        """Ping."""

    def search(self, query: str, limit: int = 5, agent: Optional[Agent] = None) -> str:
        """Search the web.

        Finds pages.

        Args:
            query (str, optional): What to look for.
            limit: How many results.
        """

    def news(self, topic: str, cover: Image, ctx: Optional[RunContext] = None) -> str:
        """Latest news."""

    def archive(self, year: int) -> str:
        """Old pages."""

class NewsTools(SearchTools):
    def __init__(self, **kwargs: Any):
        super().__init__(enable_search=False, enable_news=True, **kwargs)


class Pages(Toolkit):
    def __init__(self):
        super().__init__(name="pages", tools=[self.open])

    @tool(name="open_page", description="Open a page.")
    def open(self, url: str) -> str:
        ...
'''


def _tools(module: dict, prefix: str) -> dict:
    return {t["name"]: t for t in module[f"{prefix}_TOOLS"]}


def test_a_toolkit_s_tools_are_what_its_constructor_registers(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/kits.py": KIT})
    m = built.module
    assert m["OWNERS"] == {
        "pkg.kits:NewsTools": "NEWSTOOLS",
        "pkg.kits:Pages": "PAGES",
        "pkg.kits:SearchTools": "SEARCHTOOLS",
    }
    search = _tools(m, "SEARCHTOOLS")
    # ping excluded; news off by default; archive under a False constant; search also as find.
    assert sorted(search) == ["find", "search"]
    assert search["search"] == {
        "name": "search",
        # docstring_parser's short and long description; '(type)' before an entry's text.
        "description": "Search the web.\n\nFinds pages.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "(str) What to look for."},
                "limit": {"type": "integer", "description": "How many results."},  # no default
            },
            "required": ["query"],  # agent is agno's
        },
    }
    assert search["find"]["parameters"] == search["search"]["parameters"]
    assert m["SEARCHTOOLS_TOOL_FUNCTIONS"]["find"] == "pkg.kits:SearchTools.search"
    # A subclass's arguments reach its base's constructor: news on, search off.
    news = _tools(m, "NEWSTOOLS")
    assert sorted(news) == ["find", "news"]
    assert news["news"]["parameters"] == {
        "type": "object",
        "properties": {"topic": {"type": "string"}},
        "required": ["topic"],
    }
    # A @tool method registered keeps its decorator's name and description.
    assert _tools(m, "PAGES") == {
        "open_page": {
            "name": "open_page",
            "description": "Open a page.",
            "parameters": {
                "type": "object",
                "properties": {"url": {"type": "string"}},
                "required": ["url"],
            },
        }
    }
    assert m["PAGES_TOOL_FUNCTIONS"] == {"open_page": "pkg.kits:Pages.open"}


def test_each_registration_on_a_constructor_flag_is_a_warning_naming_what_toolgen_chose(
    build_pkg,
) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/kits.py": KIT})
    flags = [d for d in built.diagnostics if "constructor-flag" in d or "depends on" in d]
    assert any(
        "pkg/kits.py:15:13: warning: agno: toolkit 'SearchTools': registering 'search' depends "
        "on 'enable_search or all', read with its default arguments (all=False, "
        "enable_search=True): toolgen registers it" in d
        for d in flags
    ), flags
    assert any(
        "toolkit 'SearchTools': registering 'news' depends on 'enable_news or all'" in d
        and "toolgen leaves it out" in d
        for d in flags
    ), flags
    assert any(
        "toolkit 'NewsTools': registering 'news'" in d and "enable_news=True" in d for d in flags
    ), flags
    assert not any("'archive'" in d for d in flags)  # a module constant is known: no warning


def test_a_flag_is_an_error_with_strict(build_errors) -> None:
    errors = build_errors({"pkg/__init__.py": "", "pkg/kits.py": KIT}, strict=True)
    assert any("error: agno: toolkit 'SearchTools': registering 'search'" in e for e in errors)


RUNTIME_LIST = '''
from agno.tools import Toolkit


def make():
    return []


class Kit(Toolkit):
    def __init__(self):
        super().__init__(name="kit", tools=[self.a] + make())
        self.register(self.missing)
        self.register(self.a, name=make())

    def a(self) -> str:
        """A."""
'''


def test_tools_toolgen_cannot_read_are_said(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/kit.py": RUNTIME_LIST})
    said = "\n".join(built.diagnostics)
    assert (
        "pkg/kit.py:10:9: warning: agno: toolkit 'Kit': the tools its constructor passes are"
        in said
    )
    assert "it registers 'self.missing' as 'missing', which is not a method" in said
    assert (
        "pkg/kit.py:12:9: warning: agno: toolkit 'Kit': the name= this registration gives "
        "cannot be read without running the code; toolgen names the tool after its function"
    ) in said
    assert [t["name"] for t in built.module["TOOLS"]] == ["a"]


AGENT = '''
from typing import Literal, Optional, Sequence

from agno.agent import Agent
from agno.media import Image
from agno.tools import tool


def weather(city: str, unit: Literal["c", "f"] = "c", images: Optional[Sequence[Image]] = None) -> str:
    """Weather for a city.

    Args:
        city (str): The city.
    """


@tool(name="lookup_order", description="Find an order.")
def find_order(order_id: int, run_context=None) -> str:
    ...


helper = Agent(tools=[weather, find_order])
'''


def test_plain_functions_in_an_agent_s_list_are_its_tools(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/agents.py": AGENT})
    m = built.module
    assert m["TOOLS"] == [
        {
            "name": "lookup_order",
            "description": "Find an order.",
            "parameters": {
                "type": "object",
                "properties": {"order_id": {"type": "integer"}},
                "required": ["order_id"],
            },
        },
        {
            "name": "weather",
            "description": "Weather for a city.",
            "parameters": {
                "type": "object",
                "properties": {
                    "city": {"type": "string", "description": "(str) The city."},
                    "unit": {"type": "string", "enum": ["c", "f"]},
                },
                "required": ["city"],
            },
        },
    ]


MADE = """
from agno.agent import Agent

from pkg.kits import NewsTools, Pages, SearchTools

plain = SearchTools()
pages = Pages()
newsy = Agent(tools=[SearchTools(enable_news=True), NewsTools(all=True)])
"""


def test_a_toolkit_made_with_the_arguments_its_tools_depend_on_is_a_warning(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/kits.py": KIT, "pkg/made.py": MADE})
    made = [d for d in built.diagnostics if d.startswith("pkg/made.py")]
    assert made == [
        "pkg/made.py:7:1: warning: agno: toolkit 'NewsTools' is made here with all=..., which "
        "decide the tools it registers; toolgen reads its tools with the constructor's default "
        "arguments",
        "pkg/made.py:7:1: warning: agno: toolkit 'SearchTools' is made here with enable_news=..., "
        "which decide the tools it registers; toolgen reads its tools with the constructor's "
        "default arguments",
    ], made


ASYNC = '''
from agno.tools import Toolkit


class Browser(Toolkit):
    def __init__(self):
        super().__init__(
            name="browser",
            tools=[self.navigate],
            async_tools=[(self.anavigate, "navigate"), (self.astream, "stream")],
        )

    def navigate(self, url: str) -> str:
        """Open a page."""

    async def anavigate(self, url: str) -> str:
        """Open a page."""

    async def astream(self, url: str) -> str:
        """Stream a page."""
'''


def test_a_tool_registered_for_async_runs_only_is_a_warning(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/browser.py": ASYNC})
    assert [t["name"] for t in built.module["TOOLS"]] == ["navigate"]
    assert built.diagnostics == [
        "pkg/browser.py:6:9: warning: agno: toolkit 'Browser': 'stream' is registered for async "
        "runs only (async_tools); toolgen reads the tools a sync run has, so it is left out"
    ]
