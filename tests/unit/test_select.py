"""``toolgen.select``, called directly on scanned source texts: which functions become tools
under which decorators, presets, ``select`` and ``owners`` settings and tools lists, in which
order, with which owner, and what is said (``path:line:col``) of what is left out."""

from __future__ import annotations

from textwrap import dedent

from toolgen.config import Target
from toolgen.errors import Diagnostics
from toolgen.frameworks import CONFIGURED_RULE, TOOLGEN_RULE
from toolgen.ir import Owner
from toolgen.scan.gather import gather_text
from toolgen.scan.model import ModuleScan
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper
from toolgen.select import (
    TOOL_DECORATOR,
    Candidate,
    decorator_rules,
    injected_by,
    select_tools,
    warn_decorated_methods,
)


def scan(files: dict[str, str]) -> list[ModuleScan]:
    """Each file scanned as the build scans it, named by its path (``pkg/a.py``: ``pkg.a``)."""
    scans = []
    for path, text in files.items():
        module = path.removesuffix(".pyi").removesuffix(".py").replace("/", ".")
        package = module.endswith(".__init__")
        scans.append(
            gather_text(
                dedent(text),
                path,
                module.removesuffix(".__init__"),
                is_package=package,
                is_stub=path.endswith(".pyi"),
            )
        )
    return scans


def select(
    files: dict[str, str], target: Target | None = None, modules: frozenset[str] | None = None
) -> tuple[list[Candidate], list[str]]:
    """The candidates ``select_tools`` makes of ``files``, and its diagnostics, formatted."""
    scans = scan(files)
    diags = Diagnostics()
    found = select_tools(scans, Resolver(scans), target or Target(), modules, diags)
    return found, [d.format() for d in diags.items]


def names(candidates: list[Candidate]) -> list[str]:
    return [c.prefix + c.function.name for c in candidates]


def test_toolgens_tool_marks_a_tool_through_the_imports_never_by_its_spelling() -> None:
    """``@tool`` imported from toolgen, under any alias, marks a tool (once, however many times
    it is written); a local ``tool`` of the same spelling does not, nor does no decorator."""
    tools = {
        "pkg/a.py": """
            from toolgen import tool
            from toolgen import tool as register

            @tool
            def one(x: int) -> int: ...

            @register()
            def two(x: int) -> int: ...

            def plain(x: int) -> int: ...

            @tool
            @tool(name="again")
            def twice(x: int) -> int: ...
        """,
        "pkg/b.py": """
            def tool(f):
                return f

            @tool
            def three(x: int) -> int: ...
        """,
    }
    found, said = select(tools)
    assert names(found) == ["one", "two", "twice"]  # toolgen's own ``@tool`` counts once
    assert all(c.rule is TOOLGEN_RULE and c.owner is None for c in found)
    assert [str(c.decorator_span) for c in found] == [
        "pkg/a.py:5:2",
        "pkg/a.py:8:2",
        "pkg/a.py:13:2",
    ]
    assert said == []


def test_candidates_come_in_scan_order_then_source_order() -> None:
    """The order is the scans' and, within one, the source's (the build sorts by name later)."""
    tools = {
        "pkg/z.py": "from toolgen import tool\n\n@tool\ndef zeta(): ...\n\n@tool\ndef alpha(): ...\n",
        "pkg/a.py": "from toolgen import tool\n\n@tool\ndef beta(): ...\n",
    }
    assert names(select(tools)[0]) == ["zeta", "alpha", "beta"]


def test_select_public_takes_every_public_module_level_function() -> None:
    """``select = "public"``: every public module-level function, decorated or not; a
    ``_private`` one and a class's methods are not tools."""
    source = {"pkg/a.py": """
            def visible(x: int) -> int: ...

            def _hidden(x: int) -> int: ...

            class Service:
                def method(self) -> None: ...
        """}
    assert names(select(source)[0]) == []
    found, said = select(source, Target(select="public"))
    assert names(found) == ["visible"]
    assert found[0].rule is TOOLGEN_RULE and said == []


def test_a_configured_decorator_marks_tools_and_a_presets_rule_wins_for_its_own() -> None:
    """``decorators = [...]`` adds decorators (read by toolgen's rules); one a preset knows keeps
    the preset's rule, so its framework's reading applies."""
    rules = decorator_rules(Target(decorators=("myco.expose", "agents.function_tool")))
    assert rules[TOOL_DECORATOR] is TOOLGEN_RULE
    assert rules["myco.expose"] is CONFIGURED_RULE
    assert rules["agents.function_tool"].framework == "openai-agents"
    source = {"pkg/a.py": """
            from myco import expose

            @expose
            def exposed(x: int) -> int: ...
        """}
    assert names(select(source)[0]) == []
    found, _ = select(source, Target(decorators=("myco.expose",)))
    assert names(found) == ["exposed"] and found[0].rule is CONFIGURED_RULE


def test_presets_limits_the_frameworks_whose_decorators_are_read() -> None:
    """Every preset by default; with ``frameworks = [...]`` only those named."""
    source = {"pkg/a.py": """
            from langchain_core.tools import tool
            from agents import function_tool

            @tool
            def lookup(q: str) -> str:
                '''Look up.'''

            @function_tool
            def fetch(url: str) -> str:
                '''Fetch.'''
        """}
    found, _ = select(source)
    assert [(c.function.name, c.rule.framework) for c in found] == [
        ("lookup", "langchain"),
        ("fetch", "openai-agents"),
    ]
    assert rules_of(select(source, Target(frameworks=("langchain",)))[0]) == [
        ("lookup", "langchain")
    ]
    assert select(source, Target(frameworks=()))[0] == []


def rules_of(candidates: list[Candidate]) -> list[tuple[str, str]]:
    return [(c.function.name, c.rule.framework) for c in candidates]


SERVERS = {
    "pkg/weather.py": """
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("weather")

        @mcp.tool()
        def forecast(city: str) -> str:
            '''Forecast.'''

        @mcp.tool(name="now")
        @mcp.tool(name="current")
        def current(city: str) -> str:
            '''Now.'''
    """,
    "pkg/travel.py": """
        from mcp.server.fastmcp import FastMCP

        class Server(FastMCP):
            pass

        app = Server("travel")

        @app.tool()
        def hotels(city: str) -> str:
            '''Hotels.'''
    """,
}


def test_a_servers_method_as_a_decorator_makes_a_tool_of_that_server() -> None:
    """``@mcp.tool()`` on an instance (of the class or of a local subclass) is the server's
    tool; two registering decorators on one function register it twice."""
    found, said = select(SERVERS)
    assert [(c.function.name, c.owner) for c in found] == [
        ("forecast", Owner("pkg.weather:mcp", "mcp-server")),
        ("current", Owner("pkg.weather:mcp", "mcp-server")),
        ("current", Owner("pkg.weather:mcp", "mcp-server")),
        ("hotels", Owner("pkg.travel:app", "mcp-server")),
    ]
    assert {c.rule.framework for c in found} == {"mcp"} and said == []


def test_owners_takes_the_tools_of_the_owners_it_names() -> None:
    """``owners = [...]``: an id or a glob of ids; ``""`` names the tools of no owner."""
    files = {**SERVERS, "pkg/own.py": "from toolgen import tool\n\n@tool\ndef mine(): ...\n"}
    pick = lambda *owners: names(select(files, Target(owners=owners))[0])  # noqa: E731
    assert pick("pkg.travel:app") == ["hotels"]
    assert pick("pkg.*:mcp") == ["forecast", "current", "current"]
    assert pick("") == ["mine"]


def test_modules_limits_the_candidates_to_those_defined_there() -> None:
    """What a module's cached build relies on: the candidates of the modules asked for only."""
    found, _ = select(SERVERS, modules=frozenset({"pkg.travel"}))
    assert names(found) == ["hotels"]


def test_a_stub_decides_which_are_tools_and_its_implementation_gives_the_docstring() -> None:
    """A ``.pyi`` beside a ``.py`` decides over it; the docstring is read from the ``.py``."""
    files = {
        "pkg/a.pyi": "from toolgen import tool\n\n@tool\ndef ping(x: int) -> int: ...\n",
        "pkg/a.py": (
            "from toolgen import tool\n\n@tool\ndef ping(x):\n    '''Ping it.'''\n\n"
            "@tool\ndef pong(x): ...\n"
        ),
    }
    found, _ = select(files)
    assert names(found) == ["ping"]
    assert found[0].module.is_stub and found[0].implementation_doc == "Ping it."


def test_a_function_in_an_agents_tools_list_is_the_agents_tool() -> None:
    """A plain function an agent lists becomes its tool, read by the framework's rule for a
    listed function, and named where the list is written."""
    files = {
        "pkg/fns.py": "def search(q: str) -> str:\n    '''Search.'''\n",
        "pkg/agent.py": """
            from pydantic_ai import Agent
            from pkg.fns import search

            assistant = Agent("openai:gpt-4o", tools=[search])
        """,
    }
    found, said = select(files)
    assert [(c.function.name, c.module.module, c.owner, c.call_module) for c in found] == [
        ("search", "pkg.fns", Owner("pkg.agent:assistant", "agent"), "pkg.agent")
    ]
    assert found[0].rule.framework == "pydantic-ai" and said == []


def test_a_kernel_function_is_one_tool_per_plugin_it_is_added_to() -> None:
    """Semantic Kernel: a module-level kernel function is named ``plugin-function`` for each
    plugin ``kernel.add_function`` puts it in; in none, a warning at the decorator."""
    files = {"pkg/k.py": """
            from semantic_kernel import Kernel
            from semantic_kernel.functions import kernel_function

            @kernel_function
            def add(a: int, b: int) -> int:
                '''Add.'''

            @kernel_function
            def lost(a: int) -> int:
                '''Lost.'''

            kernel = Kernel()
            kernel.add_function("math", add)
            kernel.add_function("sums", add)
        """}
    found, said = select(files)
    assert names(found) == ["math-add", "sums-add", "lost"]
    assert [str(c.named_at) for c in found[:2]] == ["pkg/k.py:14:1", "pkg/k.py:15:1"]
    assert len(said) == 1 and said[0].startswith(
        "pkg/k.py:9:2: warning: semantic-kernel: kernel function 'lost' is added to no plugin"
    )


def test_a_framework_decorator_on_a_method_is_a_tool_of_the_class() -> None:
    """A framework's decorator on a method: a tool of the class (a toolkit), ``method_of`` set
    so that ``self`` is dropped."""
    files = {"pkg/kit.py": """
            from langchain_core.tools import tool

            class Kit:
                @tool
                def lookup(self, q: str) -> str:
                    '''Look up.'''
        """}
    found, _ = select(files)
    assert [(c.function.name, c.method_of, c.owner) for c in found] == [
        ("lookup", "Kit", Owner("pkg.kit:Kit", "toolkit"))
    ]


def test_toolgens_tool_on_a_method_is_a_warning_at_the_method() -> None:
    """toolgen's own ``@tool`` (or a configured decorator) on a method is left out, said at
    the method; a framework's decorator on a method is not warned of."""
    files = {"pkg/kit.py": """
            from langchain_core.tools import tool as lc_tool
            from myco import expose
            from toolgen import tool

            class Kit:
                @tool
                def own(self) -> None: ...

                @expose
                def configured(self) -> None: ...

                @lc_tool
                def framework(self, q: str) -> str:
                    '''Framework.'''
        """}
    scans = scan(files)
    diags = Diagnostics()
    target = Target(decorators=("myco.expose",))
    warn_decorated_methods(scans, Resolver(scans), target, diags, None)
    assert [d.format() for d in diags.items] == [
        "pkg/kit.py:8:5: warning: method 'Kit.own' is marked as a tool, but toolgen reads "
        "module-level functions only; it is left out",
        "pkg/kit.py:11:5: warning: method 'Kit.configured' is marked as a tool, but toolgen "
        "reads module-level functions only; it is left out",
    ]
    diags = Diagnostics()
    warn_decorated_methods(scans, Resolver(scans), target, diags, frozenset({"pkg.other"}))
    assert diags.items == []  # only the modules being built are warned of


def why_injected(source: str, target: Target | None = None) -> dict[str, str | None]:
    """Each parameter of the one tool in ``source``, and what ``injected_by`` says of it."""
    files = {"pkg/a.py": source}
    scans = scan(files)
    resolver = Resolver(scans)
    target = target or Target()
    (found,) = select_tools(scans, resolver, target, None, Diagnostics())
    mapper = SchemaMapper(resolver, Diagnostics())
    return {
        p.name: injected_by(found, i, p, mapper, target)
        for i, p in enumerate(found.function.params)
    }


def test_the_first_parameter_of_a_context_taking_tool_is_the_run_context() -> None:
    said = why_injected("""
        from pydantic_ai import Agent, RunContext

        agent = Agent("openai:gpt-4o")

        @agent.tool
        def ask(ctx: RunContext[int], question: str) -> str:
            '''Ask.'''
        """)
    assert said == {"ctx": "pydantic-ai: the first parameter is the run context", "question": None}


def test_a_frameworks_injected_types_names_and_markers_hide_parameters() -> None:
    """By type (through ``Optional`` and ``Annotated``), by name, by an ``Annotated`` marker;
    the rest are the model's."""
    said = why_injected("""
        from typing import Annotated, Optional

        from langchain_core.runnables import RunnableConfig
        from langchain_core.tools import InjectedToolArg, tool

        @tool
        def find(
            query: str,
            config: Optional[RunnableConfig] = None,
            callbacks=None,
            user: Annotated[str, InjectedToolArg] = "",
        ) -> str:
            '''Find.'''
        """)
    assert said == {
        "query": None,
        "config": "langchain: injects langchain_core.runnables.RunnableConfig (and subclasses)",
        "callbacks": "langchain: injects the parameter named 'callbacks'",
        "user": "langchain: marked langchain_core.tools.InjectedToolArg",
    }


def test_injected_types_hides_a_parameter_of_that_type_or_a_subclass() -> None:
    source = """
        from toolgen import tool
        from myco import Session

        class Local(Session):
            pass

        @tool
        def act(session: Local, n: int) -> None: ...
    """
    assert why_injected(source) == {"session": None, "n": None}
    said = why_injected(source, Target(injected_types=("myco.Session",)))
    assert said == {"session": "injected_types: myco.Session", "n": None}
