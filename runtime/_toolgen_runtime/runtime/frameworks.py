"""The generated constants handed to agent frameworks as their own tool objects.

Each function imports its framework only when it is called, and builds the framework's tools
from a ``Toolbox``: the framework sends the reviewed schema as it is (it introspects no function
at start-up) and its calls are decoded, validated and run by the Toolbox. A call the function
cannot take goes back to the model as the ``ArgumentError`` text, the way each framework lets a
tool tell the model to correct itself.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from toolgen.runtime.errors import ArgumentError
from toolgen.runtime.messages import to_text

if TYPE_CHECKING:
    from toolgen.runtime.toolbox import Toolbox

__all__ = [
    "fastmcp_tools",
    "langchain_tools",
    "lowlevel_handlers",
    "openai_agents_tools",
    "pydantic_ai_tools",
    "serve_lowlevel",
]


def _require(box: Toolbox, providers: tuple[str, ...], what: str) -> None:
    if box.provider not in providers:
        wanted = " or ".join(repr(p) for p in providers)
        raise ValueError(
            f"{what} needs a Toolbox of provider {wanted} (its constant is what the framework "
            f"sends); this one is {box.provider!r}"
        )


def openai_agents_tools(box: Toolbox) -> list[Any]:
    """``agents.FunctionTool`` s (openai-agents): ``params_json_schema`` and
    ``strict_json_schema`` from the box's OpenAI constant (``openai_responses`` or ``openai``);
    the arguments, JSON text from the model, decoded by the box; the result sent as text (JSON
    for anything but a ``str``)."""
    _require(box, ("openai_responses", "openai"), "openai_agents_tools")
    agents = importlib.import_module("agents")
    tools = []
    for wire in box.names():
        info = box.info(wire)
        definition = info.definition.get("function", info.definition)

        async def invoke(context: Any, arguments: str, _wire: str = wire) -> str:
            try:
                return to_text(await box.acall(_wire, arguments))
            except ArgumentError as err:
                return str(err)

        tools.append(
            agents.FunctionTool(
                name=wire,
                description=info.description or "",
                params_json_schema=info.input_schema,
                on_invoke_tool=invoke,
                strict_json_schema=bool(definition.get("strict")),
            )
        )
    return tools


def langchain_tools(box: Toolbox) -> list[Any]:
    """``langchain_core.tools.StructuredTool`` s with the box's schema as a dict ``args_schema``
    (LangChain then validates nothing itself); a call the function cannot take is a
    ``ToolException`` whose text LangChain returns to the model (``handle_tool_error=True``)."""
    tools_module = importlib.import_module("langchain_core.tools")

    def functions(wire: str) -> tuple[Any, Any]:
        # Closures over the wire name: the model's arguments are the only keywords.
        def run(**arguments: Any) -> Any:
            try:
                return box.call(wire, arguments)
            except ArgumentError as err:
                raise tools_module.ToolException(str(err)) from err

        async def arun(**arguments: Any) -> Any:
            try:
                return await box.acall(wire, arguments)
            except ArgumentError as err:
                raise tools_module.ToolException(str(err)) from err

        return run, arun

    tools = []
    for wire in box.names():
        info = box.info(wire)
        run, arun = functions(wire)
        tools.append(
            tools_module.StructuredTool(
                name=wire,
                description=info.description or "",
                args_schema=info.input_schema,
                func=run,
                coroutine=arun,
                handle_tool_error=True,
            )
        )
    return tools


def pydantic_ai_tools(box: Toolbox) -> list[Any]:
    """``pydantic_ai.Tool`` s made with ``Tool.from_schema`` (pydantic-ai's own validation is
    skipped; the box validates); a call the function cannot take is a ``ModelRetry`` with the
    ``ArgumentError`` text, which pydantic-ai sends back to the model."""
    pydantic_ai = importlib.import_module("pydantic_ai")

    def function(wire: str) -> Any:
        async def run(**arguments: Any) -> Any:
            try:
                return await box.acall(wire, arguments)
            except ArgumentError as err:
                raise pydantic_ai.ModelRetry(str(err)) from err

        return run

    tools = []
    for wire in box.names():
        info = box.info(wire)
        tools.append(
            pydantic_ai.Tool.from_schema(
                function(wire),
                name=wire,
                description=info.description,
                json_schema=info.input_schema,
            )
        )
    return tools


async def _mcp_result(box: Toolbox, name: str, arguments: Any) -> Any:
    types = importlib.import_module("mcp.types")
    message = await box.ahandle({"name": name, "arguments": arguments})
    return types.CallToolResult.model_validate(message)


def _mcp_tool(box: Toolbox, wire: str) -> Any:
    types = importlib.import_module("mcp.types")
    return types.Tool.model_validate(box.info(wire).definition)


def fastmcp_tools(box: Toolbox) -> list[Any]:
    """Tools for the mcp SDK 1.x's ``FastMCP(..., tools=fastmcp_tools(box))``: each serves
    ``TOOLS_MCP``'s ``title``, ``inputSchema`` and ``outputSchema`` (FastMCP's ``list_tools``),
    and answers ``call_tool`` with the box's ``CallToolResult`` (``isError`` with the
    ``ArgumentError`` text for a call the function cannot take)."""
    _require(box, ("mcp",), "fastmcp_tools")
    base = importlib.import_module("mcp.server.fastmcp.tools.base")
    metadata = importlib.import_module("mcp.server.fastmcp.utilities.func_metadata")

    async def call_fn_with_arg_validation(
        self: Any, fn: Any, fn_is_async: bool, arguments: Any, passed: Any
    ) -> Any:
        return await fn(arguments)

    def convert_result(self: Any, result: Any) -> Any:
        return result  # already the CallToolResult the box wrote

    # FastMCP's per-tool machinery, reduced to handing the call to the box.
    reduced = type(
        "BoxMetadata",
        (metadata.FuncMetadata,),
        {
            "call_fn_with_arg_validation": call_fn_with_arg_validation,
            "convert_result": convert_result,
        },
    )

    tools = []
    for wire in box.names():
        definition = box.info(wire).definition

        async def call(arguments: Any, _wire: str = wire) -> Any:
            return await _mcp_result(box, _wire, arguments)

        tools.append(
            base.Tool(
                fn=call,
                name=wire,
                title=definition.get("title"),
                description=definition.get("description", ""),
                parameters=definition["inputSchema"],
                fn_metadata=reduced(
                    arg_model=metadata.ArgModelBase,
                    output_schema=definition.get("outputSchema"),
                ),
                is_async=True,
                annotations=definition.get("annotations"),
            )
        )
    return tools


def serve_lowlevel(server: Any, box: Toolbox) -> Any:
    """Register ``list_tools`` and ``call_tool`` handlers for the box's tools on the mcp SDK
    1.x's low-level ``mcp.server.lowlevel.Server``: ``tools/list`` serves ``TOOLS_MCP`` as it is,
    ``tools/call`` answers with the box's ``CallToolResult`` (the server's own input validation
    is off: the box validates, and says what to correct). Returns the server."""
    _require(box, ("mcp",), "serve_lowlevel")

    async def list_tools() -> list[Any]:
        return [_mcp_tool(box, wire) for wire in box.names()]

    async def call_tool(name: str, arguments: Any) -> Any:
        return await _mcp_result(box, name, arguments)

    server.list_tools()(list_tools)
    server.call_tool(validate_input=False)(call_tool)
    return server


def lowlevel_handlers(box: Toolbox) -> dict[str, Any]:
    """The ``on_list_tools`` and ``on_call_tool`` handlers of the mcp SDK 2.x's low-level
    server, for ``Server("name", **lowlevel_handlers(box))``: ``tools/list`` serves
    ``TOOLS_MCP`` as it is, ``tools/call`` answers with the box's ``CallToolResult``."""
    _require(box, ("mcp",), "lowlevel_handlers")

    async def on_list_tools(context: Any, params: Any) -> Any:
        types = importlib.import_module("mcp.types")
        return types.ListToolsResult(tools=[_mcp_tool(box, wire) for wire in box.names()])

    async def on_call_tool(context: Any, params: Any) -> Any:
        return await _mcp_result(box, params.name, params.arguments)

    return {"on_list_tools": on_list_tools, "on_call_tool": on_call_tool}
