"""What each agent framework means by a tool: its decorators, how it reads a tool's name and
description, the parameters it injects (and hides from the model), and how it reads docstrings.

Data, not code paths: ``build`` consults these presets. A preset's decorators and types are
qualified names, matched through the file's imports (``from mcp.server.fastmcp import FastMCP``,
``mcp = FastMCP(...)``, ``@mcp.tool()``), never by spelling; so a preset applies exactly to the
files that import its framework. ``frameworks = [...]`` in ``[tool.toolgen]`` narrows the list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework, ListRule

_TOOLGEN_DOCS = DocstringRule("summary", True)


def _methods(
    classes: tuple[str, ...], names: tuple[str, ...], rule: DecoratorRule
) -> dict[str, DecoratorRule]:
    return {f"{cls}.{name}": rule for cls in classes for name in names}


# The MCP SDK: ``FastMCP`` in 1.x (``mcp.server.fastmcp``), renamed ``MCPServer`` in 2.x
# (``mcp.server.mcpserver``). The tool description is the whole ``__doc__``; parameter
# descriptions come only from ``Field``/``Annotated``, never from the docstring.
_PYDANTIC_WAY = ("field", "docstring")  # pydantic ignores a plain string in Annotated
_MCP_RULE = DecoratorRule(
    "mcp",
    positional=("name", "title", "description"),
    docstring=DocstringRule("whole", False, _PYDANTIC_WAY),
    title_keywords=frozenset({"title"}),
    structured_keyword="structured_output",
    annotations_keyword="annotations",
    output_rules="mcp",
)
_MCP_SERVERS = (
    "mcp.server.MCPServer",
    "mcp.server.fastmcp.FastMCP",
    "mcp.server.fastmcp.server.FastMCP",
    "mcp.server.mcpserver.MCPServer",
    "mcp.server.mcpserver.server.MCPServer",
)

_FASTMCP_RULE = DecoratorRule(
    "fastmcp", positional=("name",), docstring=DocstringRule("intro", True, _PYDANTIC_WAY)
)
_FASTMCP_SERVERS = ("fastmcp.FastMCP", "fastmcp.server.FastMCP", "fastmcp.server.server.FastMCP")

# ``server.add_tool(fn, name, title, description, ...)`` as a statement: the decorator's rules, the
# server owns the tool (mcp/server/mcpserver/server.py, ``MCPServer.add_tool``; 1.x the same).
_MCP_ADD = CallRule(
    replace(_MCP_RULE, positional=("function", "name", "title", "description")), ("fn",)
)
# fastmcp 4.2 ``FastMCP.add_tool(tool)``: a function is made a tool as ``@mcp.tool`` makes it.
_FASTMCP_ADD = CallRule(replace(_FASTMCP_RULE, positional=("function",)), ("tool",))

_AGENTS_RULE = DecoratorRule(
    "openai-agents",
    name_keywords=frozenset({"name_override"}),
    description_keywords=frozenset({"description_override"}),
    # The docstring's words win over Field and Annotated text (function_schema).
    docstring=DocstringRule("intro", True, ("docstring", "text", "field")),
    docstring_switches=(("use_docstring_info", False, DocstringRule("none", False)),),
    passes_positional_only=True,
    strict_keyword="strict_mode",
)

_AGENTS_CALL = CallRule(
    DecoratorRule(
        "openai-agents",
        name_keywords=_AGENTS_RULE.name_keywords,
        description_keywords=_AGENTS_RULE.description_keywords,
        positional=("function",),
        docstring=_AGENTS_RULE.docstring,
        docstring_switches=_AGENTS_RULE.docstring_switches,
        passes_positional_only=True,
    )
)

_LANGCHAIN_RULE = DecoratorRule(
    "langchain",
    positional=("name",),
    # Annotated text and Field descriptions in order; with parse_docstring the Args win.
    docstring=DocstringRule("whole", False, ("text", "field")),
    docstring_switches=(
        ("parse_docstring", True, DocstringRule("intro", True, ("docstring", "text", "field"))),
    ),
)

# ``StructuredTool.from_function(func, coroutine, name, description, ...)``: @tool's rules.
_STRUCTURED_FROM_FUNCTION = (
    "langchain_core.tools.StructuredTool.from_function",
    "langchain_core.tools.structured.StructuredTool.from_function",
    "langchain.tools.StructuredTool.from_function",
)
_FROM_FUNCTION_CALL = CallRule(
    DecoratorRule(
        "langchain",
        positional=("function", "coroutine", "name", "description"),
        docstring=_LANGCHAIN_RULE.docstring,
        docstring_switches=_LANGCHAIN_RULE.docstring_switches,
    ),
    ("func", "coroutine"),
)
# ``Tool(name, func, description)`` takes one string: LangChain sends ``{"__arg1": "..."}``
# (utils/function_calling.py, for a ``Tool`` without ``args_schema``).
_SIMPLE_TOOLS = (
    "langchain_core.tools.Tool",
    "langchain_core.tools.simple.Tool",
    "langchain.tools.Tool",
)
_SIMPLE_TOOL_CALL = CallRule(
    DecoratorRule(
        "langchain",
        positional=("name", "function", "description"),
        docstring=DocstringRule("none", False),
        one_string="__arg1",
    )
)

_PYDANTIC_AI_RULE = DecoratorRule(
    "pydantic-ai",
    docstring=DocstringRule("intro", True, _PYDANTIC_WAY, returns_xml=True),
    unwrap_single_model=True,
    passes_positional_only=True,
)
_PYDANTIC_AI_CALL = CallRule(
    DecoratorRule(
        "pydantic-ai",
        positional=("function",),
        docstring=_PYDANTIC_AI_RULE.docstring,
        unwrap_single_model=True,
        passes_positional_only=True,
    )
)
_PYDANTIC_AI_AGENTS = (
    "pydantic_ai.Agent",
    "pydantic_ai.agent.Agent",
    "pydantic_ai.FunctionToolset",
    "pydantic_ai.toolsets.FunctionToolset",
    "pydantic_ai.toolsets.function.FunctionToolset",
)

_ADK_DOCS = DocstringRule("whole", False, _PYDANTIC_WAY)
_ADK_RULE = DecoratorRule("google-adk", docstring=_ADK_DOCS)

_STRANDS_RULE = DecoratorRule(
    "strands",
    docstring=DocstringRule("without_params", True, empty="name", filler="Parameter {name}"),
)
_SMOLAGENTS_RULE = DecoratorRule(
    "smolagents",
    docstring=DocstringRule("until_args", True, ("docstring",), choices=True),  # no Annotated
    defaults=False,
)

# llama-index-core 0.14.25 (tools/function_tool.py, ``FunctionTool.from_defaults``): the
# description is ``name(signature)`` then the docstring; parameter descriptions from
# ``Annotated[T, "text"]`` / ``Field`` first, then the docstring's ``:param x:``, ``x (type):``
# or ``@param x`` lines; ``*args``/``**kwargs`` left out (tools/utils.py).
_LLAMA_INDEX_CALL = CallRule(
    DecoratorRule(
        "llama-index",
        positional=("function", "name", "description"),
        docstring=DocstringRule(
            "signature", True, ("text", "field", "docstring"), param_style="llama-index"
        ),
        skips_varargs=True,
        unread_keywords=frozenset({"fn_schema", "tool_metadata", "partial_params"}),
    ),
    ("fn", "async_fn"),
)
LLAMA_INDEX_FROM_DEFAULTS: Final = "llama_index.core.tools.FunctionTool.from_defaults"
_LLAMA_INDEX_CALLS = (
    LLAMA_INDEX_FROM_DEFAULTS,
    "llama_index.core.tools.function_tool.FunctionTool.from_defaults",
)

# dspy 3.4.1 (dspy/adapters/types/tool.py, ``Tool._parse_function``): the name ``__name__``, the
# description the whole ``__doc__``; each argument's schema pydantic's ``TypeAdapter`` schema of
# its ``get_type_hints`` type (``Annotated`` stripped: no ``Field`` there is read; ``$ref`` s
# inlined), with a default when it has one; descriptions only from ``arg_desc``, never from the
# docstring. ``ReAct(signature, tools=[f])`` makes ``Tool(f)`` of each function.
_DSPY_RULE = DecoratorRule(
    "dspy",
    name_keywords=frozenset({"name"}),
    description_keywords=frozenset({"desc"}),
    positional=("function", "name", "description"),
    docstring=DocstringRule("whole", False, ()),
    arg_desc_keyword="arg_desc",
    unread_keywords=frozenset({"args", "arg_types"}),
)
_DSPY_TOOLS = (
    "dspy.Tool",
    "dspy.adapters.Tool",
    "dspy.adapters.types.Tool",
    "dspy.adapters.types.tool.Tool",
)
_DSPY_REACT = ("dspy.ReAct", "dspy.predict.ReAct", "dspy.predict.react.ReAct")

# CrewAI 1.15.30 (crewai/tools/base_tool.py, ``tool``): ``@tool`` or ``@tool("Name")`` (the name
# positional only; its keywords are result_schema, result_as_answer, max_usage_count). The
# description is the function's whole ``__doc__``; the schema is ``create_model`` of the
# signature, ``*args``/``**kwargs`` left out, so a parameter's description is pydantic's only
# (``Field``). The name and description are sent in CrewAI's wire form (frameworks/crewai.py).
_CREWAI_RULE = DecoratorRule(
    "crewai",
    name_keywords=frozenset(),
    description_keywords=frozenset(),
    positional=("name",),
    docstring=DocstringRule("whole", False, _PYDANTIC_WAY),
    needs_docstring=True,
    skips_varargs=True,
    wire="crewai",
)

# agno 3.1.10 (agno/tools/function.py): a tool's description is the docstring's short and long
# description (docstring_parser, ``get_entrypoint_docstring``); a parameter's, its docstring
# entry, ``(type) `` before it when the entry names a type; ``Field`` and ``Annotated`` text are
# not read (utils/json_schema.py unwraps ``Annotated``); no default is sent.
_AGNO_DOCS = DocstringRule("intro", True, ("docstring",), typed_params=True)
# A plain function in an agent's list (``Function.from_callable``) keeps a media-typed
# parameter; a toolkit's method and ``@tool`` (``process_entrypoint``) hide one typed with the
# media class itself (utils/schema.py, ``is_bare_media_typed``).
_AGNO_PLAIN = DecoratorRule("agno", docstring=_AGNO_DOCS, defaults=False)
_AGNO_RULE = DecoratorRule(
    "agno",
    docstring=_AGNO_DOCS,
    defaults=False,
    bare_injected=tuple(
        f"agno.media{inner}.{kind}"
        for kind in ("Image", "Audio", "Video", "File")
        for inner in ("", ".media")
    ),
)
_AGNO_AGENTS = (
    "agno.agent.Agent",
    "agno.agent.agent.Agent",
    "agno.team.Team",
    "agno.team.team.Team",
)
# Semantic Kernel: ``@kernel_function`` / ``@kernel_function(name=, description=)`` on a plugin
# class's methods. The description is ``description or func.__doc__`` (the whole docstring);
# parameter descriptions come from ``Annotated`` text only (kernel_function_decorator.py).
_SK_RULE = DecoratorRule(
    "semantic-kernel",
    positional=("function", "name", "description"),
    docstring=DocstringRule("whole", False, ("text",)),
    schema_rules="semantic-kernel",
)

# AutoGen (autogen-core 0.7): ``FunctionTool(func, description, name=None, ...)``; its schema is
# the pydantic model ``args_base_model_from_signature`` builds (_function_utils.py): each
# parameter described by its ``Annotated[T, "text"]`` first metadata, else by its own name; no
# docstring is read; ``cancellation_token`` is left out by its name alone.
_AUTOGEN_DOCS = DocstringRule("none", False, ("text",), filler="{name}")
_AUTOGEN_REFUSES = "FunctionTool raises ValueError: No annotation"
_AUTOGEN_CALL = CallRule(
    DecoratorRule(
        "autogen",
        positional=("function", "description", "name"),
        docstring=_AUTOGEN_DOCS,
        annotated=_AUTOGEN_REFUSES,
    ),
    needs_description=True,
)
# ``AssistantAgent(tools=[f])`` wraps a plain function as ``FunctionTool(f, description=f.__doc__)``
# (agents/_assistant_agent.py, ``__init__``): the whole docstring, else "".
_AUTOGEN_PLAIN = DecoratorRule(
    "autogen",
    docstring=DocstringRule("whole", False, ("text",), filler="{name}"),
    annotated=_AUTOGEN_REFUSES,
)
_AUTOGEN_AGENTS = (
    "autogen_agentchat.agents.AssistantAgent",
    "autogen_agentchat.agents._assistant_agent.AssistantAgent",
)
# ``StaticWorkbench(tools)`` takes ``BaseTool`` instances only (tools/_static_workbench.py).
_AUTOGEN_WORKBENCHES = (
    "autogen_core.tools.StaticWorkbench",
    "autogen_core.tools.StaticStreamWorkbench",
    "autogen_core.tools._static_workbench.StaticWorkbench",
    "autogen_core.tools._static_workbench.StaticStreamWorkbench",
)

PRESETS: Final[dict[str, Framework]] = {
    "mcp": Framework(
        "mcp",
        "FastMCP / MCPServer (the mcp SDK)",
        ("mcp",),
        _methods(_MCP_SERVERS, ("tool",), _MCP_RULE),
        calls={f"{cls}.add_tool": _MCP_ADD for cls in _MCP_SERVERS},
        injected_types=(
            "mcp.server.fastmcp.Context",
            "mcp.server.fastmcp.server.Context",
            "mcp.server.mcpserver.Context",
            "mcp.server.mcpserver.context.Context",
            "mcp.server.mcpserver.server.Context",
        ),
        injected_markers=("mcp.server.mcpserver.Resolve", "mcp.server.mcpserver.resolve.Resolve"),
        owners=dict.fromkeys(_MCP_SERVERS, "mcp-server"),
    ),
    "fastmcp": Framework(
        "fastmcp",
        "FastMCP (the standalone fastmcp package)",
        ("fastmcp",),
        {
            **_methods(_FASTMCP_SERVERS, ("tool",), _FASTMCP_RULE),
            # ``@tool`` marks a function that ``mcp.add_tool(fn)`` registers.
            "fastmcp.tools.tool": _FASTMCP_RULE,
            "fastmcp.tools.function_tool.tool": _FASTMCP_RULE,
        },
        injected_types=(
            "fastmcp.Context",
            "fastmcp.server.Context",
            "fastmcp.server.context.Context",
            "fastmcp.server.sessions.UserSession",
        ),
        # Dependencies, as a default or in ``Annotated``: ``Depends(f)``, ``CurrentContext()``,
        # ``CurrentHeaders()``, ``Progress()``, ...
        injected_markers=(
            "fastmcp.dependencies.*",
            "fastmcp.server.dependencies.*",
            "uncalled_for.Depends",
        ),
        owners=dict.fromkeys(_FASTMCP_SERVERS, "mcp-server"),
        calls={f"{cls}.add_tool": _FASTMCP_ADD for cls in _FASTMCP_SERVERS},
    ),
    "openai-agents": Framework(
        "openai-agents",
        "OpenAI Agents SDK",
        ("agents",),
        {"agents.function_tool": _AGENTS_RULE, "agents.tool.function_tool": _AGENTS_RULE},
        injected_types=(
            "agents.RunContextWrapper",
            "agents.run_context.RunContextWrapper",
            "agents.ToolContext",
            "agents.tool_context.ToolContext",
        ),
        # ``function_tool(fn, name_override=...)`` called; an Agent's ``tools`` must be
        # ``FunctionTool``s (agent.py checks ``isinstance(tool, Tool)``): a bare function is not.
        calls=dict.fromkeys(("agents.function_tool", "agents.tool.function_tool"), _AGENTS_CALL),
        lists=dict.fromkeys(
            ("agents.Agent", "agents.agent.Agent"),
            ListRule("agent", None, wrapper="function_tool(...)"),
        ),
    ),
    "langchain": Framework(
        "langchain",
        "LangChain",
        ("langchain", "langchain_core", "langgraph"),
        {
            "langchain_core.tools.tool": _LANGCHAIN_RULE,
            "langchain_core.tools.convert.tool": _LANGCHAIN_RULE,
            "langchain.tools.tool": _LANGCHAIN_RULE,
            "langchain.agents.tool": _LANGCHAIN_RULE,
        },
        injected_types=(
            "langchain_core.runnables.RunnableConfig",
            "langchain_core.runnables.config.RunnableConfig",
            "langchain.tools.ToolRuntime",
            "langgraph.prebuilt.ToolRuntime",
        ),
        injected_names=("callbacks", "run_manager"),
        injected_markers=(
            "langchain_core.tools.InjectedToolArg",
            "langchain_core.tools.base.InjectedToolArg",
            "langchain_core.tools.InjectedToolCallId",
            "langchain_core.tools.base.InjectedToolCallId",
            "langgraph.prebuilt.InjectedState",
            "langgraph.prebuilt.InjectedStore",
            "langchain.tools.InjectedState",
            "langchain.tools.InjectedStore",
            "langchain.tools.InjectedToolArg",
            "langchain.tools.InjectedToolCallId",
        ),
        calls={
            **dict.fromkeys(_STRUCTURED_FROM_FUNCTION, _FROM_FUNCTION_CALL),
            **dict.fromkeys(_SIMPLE_TOOLS, _SIMPLE_TOOL_CALL),
        },
    ),
    "google-adk": Framework(
        "google-adk",
        "Google ADK",
        ("google.adk",),
        {},
        # ``ToolContext`` and ``CallbackContext`` are names of ``google.adk.agents.context.Context``.
        injected_types=(
            "google.adk.Context",
            "google.adk.agents.Context",
            "google.adk.agents.context.Context",
            "google.adk.agents.callback_context.CallbackContext",
            "google.adk.tools.ToolContext",
            "google.adk.tools.tool_context.ToolContext",
        ),
        injected_names=("tool_context", "input_stream"),
        public=_ADK_RULE,
        # A plain function in an agent's ``tools`` is wrapped in ``FunctionTool(func)``.
        calls=dict.fromkeys(
            ("google.adk.tools.FunctionTool", "google.adk.tools.function_tool.FunctionTool"),
            CallRule(DecoratorRule("google-adk", positional=("function",), docstring=_ADK_DOCS)),
        ),
        lists=dict.fromkeys(
            (
                "google.adk.Agent",
                "google.adk.agents.Agent",
                "google.adk.agents.LlmAgent",
                "google.adk.agents.llm_agent.LlmAgent",
            ),
            ListRule("agent", _ADK_RULE),
        ),
    ),
    "strands": Framework(
        "strands",
        "Strands Agents",
        ("strands",),
        {
            "strands.tool": _STRANDS_RULE,
            "strands.tools.tool": _STRANDS_RULE,
            "strands.tools.decorator.tool": _STRANDS_RULE,
        },
        injected_types=("strands.ToolContext", "strands.types.tools.ToolContext"),
        injected_names=("agent", "tool_context"),
    ),
    "semantic-kernel": Framework(
        "semantic-kernel",
        "Semantic Kernel",
        ("semantic_kernel",),
        dict.fromkeys(
            (
                "semantic_kernel.functions.kernel_function",
                "semantic_kernel.functions.kernel_function_decorator.kernel_function",
            ),
            _SK_RULE,
        ),
        # ``gather_function_parameters`` fills these whatever the model sends (SK still sends
        # them unless marked ``{"include_in_function_choices": False}``: toolgen never does).
        injected_names=("kernel", "service", "execution_settings", "arguments"),
    ),
    "smolagents": Framework(
        "smolagents",
        "smolagents",
        ("smolagents",),
        {"smolagents.tool": _SMOLAGENTS_RULE, "smolagents.tools.tool": _SMOLAGENTS_RULE},
        # ``CodeAgent(tools=[...], model=...)`` owns its tools; each must be a ``Tool`` instance
        # (agents.py ``_setup_tools``: "All elements must be instance of BaseTool").
        lists=dict.fromkeys(
            (
                "smolagents.CodeAgent",
                "smolagents.agents.CodeAgent",
                "smolagents.ToolCallingAgent",
                "smolagents.agents.ToolCallingAgent",
            ),
            ListRule("agent", None, position=0, wrapper="@tool or a Tool subclass"),
        ),
    ),
    "agno": Framework(
        "agno",
        "agno",
        ("agno",),
        dict.fromkeys(("agno.tools.tool", "agno.tools.decorator.tool"), _AGNO_RULE),
        # ``Agent``, ``Team`` and ``RunContext`` parameters whatever their names
        # (utils/schema.py, ``is_framework_typed``), and the names agno fills
        # (``FRAMEWORK_INJECTED_PARAMS``, ``AGNO_INJECTED_PARAMS``).
        injected_types=(*_AGNO_AGENTS, "agno.run.RunContext", "agno.run.base.RunContext"),
        injected_names=(
            "agent",
            "team",
            "run_context",
            "images",
            "videos",
            "audios",
            "files",
            "_agno_agent",
            "_agno_team",
            "_agno_run_context",
        ),
        # A plain function in ``tools=[...]`` is ``Function.from_callable(fn)`` (agent/_tools.py).
        lists=dict.fromkeys(_AGNO_AGENTS, ListRule("agent", _AGNO_PLAIN)),
    ),
    "pydantic-ai": Framework(
        "pydantic-ai",
        "Pydantic AI",
        ("pydantic_ai",),
        {
            **_methods(
                _PYDANTIC_AI_AGENTS,
                ("tool",),
                DecoratorRule(
                    "pydantic-ai",
                    docstring=_PYDANTIC_AI_RULE.docstring,
                    first_injected=True,
                    unwrap_single_model=True,
                    passes_positional_only=True,
                ),
            ),
            **_methods(_PYDANTIC_AI_AGENTS, ("tool_plain",), _PYDANTIC_AI_RULE),
        },
        injected_types=("pydantic_ai.RunContext", "pydantic_ai.tools.RunContext"),
        owners={q: "toolset" if "Toolset" in q else "agent" for q in _PYDANTIC_AI_AGENTS},
        # ``Tool(fn, name=..., description=...)``: ``takes_ctx`` found from a ``RunContext`` first
        # parameter, as the injected type; ``Agent(tools=[...])``, ``FunctionToolset([...])``.
        calls={
            **dict.fromkeys(("pydantic_ai.Tool", "pydantic_ai.tools.Tool"), _PYDANTIC_AI_CALL),
            # ``toolset.add_function(func, takes_ctx, name, description, ...)`` as a statement
            # (toolsets/function.py): the toolset owns the tool.
            **{
                f"{q}.add_function": CallRule(
                    replace(
                        _PYDANTIC_AI_CALL.rule,
                        positional=("function", "takes_ctx", "name", "description"),
                    )
                )
                for q in _PYDANTIC_AI_AGENTS
                if "Toolset" in q
            },
        },
        lists={
            q: (
                ListRule("toolset", _PYDANTIC_AI_RULE, position=0)
                if "Toolset" in q
                else ListRule("agent", _PYDANTIC_AI_RULE)
            )
            for q in _PYDANTIC_AI_AGENTS
        },
    ),
    "llama-index": Framework(
        "llama-index",
        "LlamaIndex",
        ("llama_index",),
        {},
        # A workflow ``Context`` (or ``Context[State]``) parameter is filled by llama-index.
        injected_types=(
            "llama_index.core.workflow.Context",
            "llama_index.core.workflow.context.Context",
            "workflows.Context",
            "workflows.context.Context",
            "workflows.context.context.Context",
        ),
        calls=dict.fromkeys(_LLAMA_INDEX_CALLS, _LLAMA_INDEX_CALL),
    ),
    "dspy": Framework(
        "dspy",
        "DSPy",
        ("dspy",),
        {},
        calls=dict.fromkeys(_DSPY_TOOLS, CallRule(_DSPY_RULE)),
        lists=dict.fromkeys(_DSPY_REACT, ListRule("agent", _DSPY_RULE, position=1)),
    ),
    "crewai": Framework(
        "crewai",
        "CrewAI",
        ("crewai",),
        {"crewai.tools.tool": _CREWAI_RULE, "crewai.tools.base_tool.tool": _CREWAI_RULE},
        # ``Agent(tools=[SearchTool(), ...])`` owns the tools its list holds; a plain function
        # there is refused (``BaseAgent.validate_tools``: "Invalid tool type").
        lists=dict.fromkeys(
            ("crewai.Agent", "crewai.agent.Agent", "crewai.agent.core.Agent"),
            ListRule("agent", None, wrapper="@tool or a BaseTool subclass"),
        ),
    ),
    "autogen": Framework(
        "autogen",
        "AutoGen (autogen-core, autogen-agentchat)",
        ("autogen_core", "autogen_agentchat", "autogen_ext"),
        {},
        injected_names=("cancellation_token",),
        calls=dict.fromkeys(
            (
                "autogen_core.tools.FunctionTool",
                "autogen_core.tools._function_tool.FunctionTool",
            ),
            _AUTOGEN_CALL,
        ),
        lists={
            **dict.fromkeys(_AUTOGEN_AGENTS, ListRule("agent", _AUTOGEN_PLAIN)),
            **dict.fromkeys(
                _AUTOGEN_WORKBENCHES,
                ListRule(
                    "toolset",
                    None,
                    position=0,
                    unread=(("tool_overrides", 1),),
                    wrapper="FunctionTool(f, description=...)",
                ),
            ),
        },
    ),
}
"""Every known framework by the name ``frameworks = [...]`` uses."""

TOOLGEN_RULE: Final = DecoratorRule(
    "toolgen",
    name_keywords=frozenset({"name"}),
    docstring=_TOOLGEN_DOCS,
    annotations_keyword="annotations",
    examples_keyword="examples",
    defer_keyword="defer_loading",
)
CONFIGURED_RULE: Final = DecoratorRule(
    "configured",
    name_keywords=frozenset({"name", "name_override"}),
    description_keywords=frozenset({"description", "description_override"}),
    positional=("name",),
    docstring=_TOOLGEN_DOCS,
)
"""A decorator named in ``decorators = [...]``: the common keywords, a leading string as name."""


def active(names: tuple[str, ...] | None) -> tuple[Framework, ...]:
    """The presets in force: all of them, or those ``frameworks = [...]`` names."""
    if names is None:
        return tuple(PRESETS.values())
    return tuple(PRESETS[n] for n in names if n in PRESETS)


def owner_kind(lineage: list[str], frameworks: tuple[Framework, ...]) -> str | None:
    """The kind of owner an instance of a class is (``"mcp-server"``, ``"agent"``, ...), from
    the class's lineage (its qualified name and its ancestors'); ``None``: not an owner."""
    for qualname in lineage:
        for framework in frameworks:
            kind = framework.owners.get(qualname)
            if kind is not None:
                return kind
    return None


__all__ = ["CONFIGURED_RULE", "PRESETS", "TOOLGEN_RULE", "active", "owner_kind"]
