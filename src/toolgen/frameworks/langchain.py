"""LangChain's ``Tool`` (``Tool(name, func, description)``): the model is sent one string,
whatever the function's signature, and the function is called with it as its one argument."""

from __future__ import annotations

from toolgen.ir import JsonSchema, ToolDef
from toolgen.scan.model import Function


def one_string_tool(
    key: str, name: str, description: str, module: str, function: Function
) -> ToolDef:
    """The tool whose parameters are the one string ``key``, passed by position."""
    one: JsonSchema = {"type": "object", "properties": {key: {"type": "string"}}}
    one["required"] = [key]
    qualname = f"{module}.{function.name}"
    function_path = f"{module}:{function.name}"
    return ToolDef(
        name,
        description,
        one,
        function.span,
        qualname,
        function=function_path,
        by_position=(key,),
    )
