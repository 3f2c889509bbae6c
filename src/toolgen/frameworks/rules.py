"""The data of a framework's preset: how it reads docstrings, the decorators that mark its tools,
the parameters it injects, and the classes whose instances own tools (servers, agents, toolsets)."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field


@dataclass(frozen=True, slots=True)
class DocstringRule:
    """How a framework turns a docstring into descriptions.

    ``description``: ``"summary"`` (toolgen's own: the summary line; the long description with
    ``long_description = true``), ``"intro"`` (the text before the first section: summary and long
    description), ``"whole"`` (the entire docstring, sections and all, cleaned),
    ``"without_params"`` (the whole docstring but its parameter section), ``"until_args"`` (the
    docstring up to its ``Args:``, ``Returns:`` or ``Raises:`` line), ``"signature"`` (the tool's
    name and the function's signature as Python prints it, then the whole docstring:
    llama-index), or ``"none"``.
    ``params``: whether parameter sections (``Args:``, ``Parameters``, ``:param x:``) describe
    the parameters.
    """

    description: str = "summary"
    params: bool = True
    precedence: tuple[str, ...] = ("field", "text", "docstring")
    """Where a parameter's description comes from, first found wins: ``field`` (``Field``,
    ``Param``), ``text`` (a plain string in ``Annotated``; pydantic-based frameworks ignore
    it), ``docstring`` (the parameter section)."""
    _: KW_ONLY
    empty: str = "none"
    """With no description at all: ``"none"``, or ``"name"`` (the function's name)."""
    filler: str = ""
    """A parameter without any description gets this, ``{name}`` replaced (``"Parameter {name}"``)."""
    returns_xml: bool = False
    """With a Returns section, the description is ``<summary>...</summary>`` then
    ``<returns><type>...</type><description>...</description></returns>`` (pydantic-ai)."""
    choices: bool = False
    """A parameter description ending ``(choices: ["a", "b"])`` gives the values as ``enum`` and
    loses that part (smolagents)."""
    param_style: str = "any"
    """Which parameter sections describe parameters: ``"any"`` (every style toolgen reads), or
    ``"llama-index"`` (only ``:param x:``, ``x (type):`` and ``@param x`` lines, as
    llama-index's ``FunctionTool.extract_param_docs`` finds them)."""
    typed_params: bool = False
    """A parameter entry that names a type (``x (int): ...``) is described ``(int) ...``, its
    ``, optional`` left out (agno, through docstring_parser)."""


@dataclass(frozen=True, slots=True)
class DecoratorRule:
    """One decorator that marks tools, and how it reads its arguments."""

    framework: str
    name_keywords: frozenset[str] = frozenset({"name"})
    description_keywords: frozenset[str] = frozenset({"description"})
    positional: tuple[str, ...] = ()
    """What the decorator's positional arguments are, in order: ``"name"``, ``"description"``,
    or anything else (ignored): ``@server.tool("search", "Search", "Finds...")`` in the MCP SDK is
    name, title, description."""
    docstring: DocstringRule = DocstringRule()
    docstring_switches: tuple[tuple[str, object, DocstringRule], ...] = ()
    """A keyword with a given value that reads docstrings another way (LangChain's
    ``parse_docstring=True``, the Agents SDK's ``use_docstring_info=False``)."""
    defaults: bool = True
    """Whether the framework tells the model the parameters' defaults (smolagents does not)."""
    unwrap_single_model: bool = False
    """A lone model, dataclass or TypedDict parameter is the tool's parameters (pydantic-ai)."""
    passes_positional_only: bool = False
    """The framework calls the function passing positional-only parameters by position (the
    Agents SDK, Pydantic AI); elsewhere ``f(**arguments)`` cannot pass them: an error."""
    first_injected: bool = False
    """The first parameter is the framework's context, whatever its annotation
    (pydantic-ai's ``@agent.tool``)."""
    title_keywords: frozenset[str] = frozenset()
    """Keywords that give the tool a display title (MCP ``title``); ``"title"`` in
    ``positional`` too."""
    structured_keyword: str | None = None
    """A keyword that, ``False``, means the tool serves no output schema (FastMCP's
    ``structured_output``)."""
    strict_keyword: str | None = None
    """A keyword that, ``False``, makes the tool's OpenAI constants non-strict (the Agents SDK's
    ``strict_mode``)."""
    annotations_keyword: str | None = None
    """The keyword that gives MCP tool annotations: a dict of MCP's keys, or
    ``ToolAnnotations(...)`` (toolgen's ``@tool`` and the MCP SDK's, both ``annotations``)."""
    examples_keyword: str | None = None
    """The keyword that gives example calls (toolgen's ``examples``)."""
    defer_keyword: str | None = None
    """The keyword that, ``True``, defers the tool's loading to tool search (toolgen's
    ``defer_loading``)."""
    output_rules: str | None = None
    """``"mcp"``: the output schema is the one the MCP SDK's server derives from the return
    annotation (``-> None`` described too; a class with no fields, an ``Enum`` or a
    ``datetime``, not described)."""
    skips_varargs: bool = False
    """The framework leaves ``*args``/``**kwargs`` out of the schema (llama-index's
    ``create_schema_from_function``, CrewAI's ``@tool`` and ``BaseTool._run``), whatever
    ``skip_varargs`` says."""
    arg_desc_keyword: str | None = None
    """A keyword whose dict gives parameters' descriptions by name, over any other (DSPy's
    ``Tool(fn, arg_desc={...})``)."""
    unread_keywords: frozenset[str] = frozenset()
    """Keywords that replace what the framework reads from the function (llama-index's
    ``fn_schema``, DSPy's ``args``), which toolgen does not follow: a warning each."""
    bare_injected: tuple[str, ...] = ()
    """Classes (qualified names) a parameter annotated with the class itself, not in a union,
    is hidden for (agno's media types on a toolkit's and ``@tool``'s path, not on a plain
    function's)."""
    schema_rules: str | None = None
    """``"semantic-kernel"``: parameters are mapped as Semantic Kernel maps them, and a method's
    tool is named ``plugin-function`` (:mod:`toolgen.frameworks.semantic_kernel`)."""
    annotated: str | None = None
    """The framework refuses a parameter without an annotation, as this says (AutoGen's
    ``FunctionTool``: ``ValueError: No annotation``): a warning at the parameter."""
    one_string: str | None = None
    """The tool takes one string whatever the function's signature, sent as this property
    (LangChain's ``Tool(name=, func=, description=)``: ``{"__arg1": "..."}``)."""
    needs_docstring: bool = False
    """The decorator raises for a function without a docstring (CrewAI's ``@tool``: "Function
    must have a docstring"): toolgen warns there."""
    wire: str | None = None
    """How the framework rewrites a tool's name and description before a model sees them:
    ``"crewai"`` (:mod:`toolgen.frameworks.crewai`: ``sanitize_tool_name``, and the authored
    text of a composed ``Tool Name: ...`` block)."""


@dataclass(frozen=True, slots=True)
class CallRule:
    """A call that makes a tool of a function (``Tool(fn, name=...)``,
    ``StructuredTool.from_function(func=fn, ...)``): read as a decorator would be, the call's
    positional role ``"function"`` (or one of ``function_keywords``) naming the function."""

    rule: DecoratorRule
    function_keywords: tuple[str, ...] = ("func", "function")
    needs_description: bool = False
    """The call requires a description argument (AutoGen's ``FunctionTool(func, description)``):
    a call without one is a warning."""


@dataclass(frozen=True, slots=True)
class ListRule:
    """A constructor that takes tools in a list (``Agent(tools=[f, g])``): its instance owns
    them."""

    kind: str
    """The owner's kind: ``"agent"``, ``"toolset"``, ..."""
    plain: DecoratorRule | None
    """How a plain function in the list is read; ``None``: the framework takes no plain
    function there (the Agents SDK wants a ``FunctionTool``), which is a warning."""
    keyword: str = "tools"
    position: int | None = None
    """The list's positional place, when it can be given by position (``FunctionToolset([f])``)."""
    wrapper: str = ""
    """Where ``plain`` is ``None``: what the framework wants a function wrapped in, for the
    warning (``function_tool(...)``)."""
    unread: tuple[tuple[str, int], ...] = ()
    """Arguments (keyword, position) that change the owner's tools at run time, which toolgen
    does not apply (``StaticWorkbench``'s ``tool_overrides``): given, a warning."""


@dataclass(frozen=True, slots=True)
class Framework:
    """A framework's preset."""

    name: str
    title: str
    modules: tuple[str, ...]
    """Import prefixes that mean a file uses the framework (its injected parameters then apply
    to the file's plain and toolgen-decorated tools too)."""
    decorators: dict[str, DecoratorRule]
    """Qualified names of decorator functions (``agents.function_tool``) and of methods of the
    framework's classes, used on an instance (``mcp.server.fastmcp.FastMCP.tool``)."""
    injected_types: tuple[str, ...] = ()
    """Parameters annotated with one of these (or a subclass, ``Optional[...]`` of one, or
    ``Annotated[...]`` around one) are the framework's, not the model's."""
    injected_markers: tuple[str, ...] = ()
    """``Annotated[X, Marker]`` or ``Annotated[X, Marker(...)]`` metadata that hides a parameter."""
    injected_names: tuple[str, ...] = ()
    """Parameters hidden by their name alone."""
    public: DecoratorRule | None = None
    """How its plain public functions are read, where plain functions are its tools (Google
    ADK): applies with ``select = "public"`` to the files that import the framework."""
    calls: dict[str, CallRule] = field(default_factory=dict)
    """Qualified names of the calls that make a tool of a function; a method of a class
    (``mcp.server.fastmcp.FastMCP.add_tool``) is one called as a statement on a module-level
    instance (``mcp.add_tool(fn)``), whose instance owns the tool."""
    lists: dict[str, ListRule] = field(default_factory=dict)
    """Qualified names of the classes that take tools in a list, and how they read them."""
    owners: dict[str, str] = field(default_factory=dict)
    """Qualified names of the classes whose instances own the tools their methods decorate
    (``mcp = FastMCP("weather")``, ``@mcp.tool()``), each with the owner's kind: ``"mcp-server"``
    (its tools are the ones ``TOOLS_MCP`` serves), ``"agent"`` or ``"toolset"``."""
