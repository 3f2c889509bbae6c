"""Run in a framework's own environment: hand the example's generated constants to the framework
through ``toolgen.runtime.frameworks``, let the framework send them and call the tools, and print
what it sent and what came back, as JSON.

    python handoff.py GROUP     # GROUP: main (openai-agents, LangChain, pydantic-ai) or mcp1

``PYTHONPATH`` holds toolgen's ``src`` (only ``toolgen.runtime`` and the markers are imported)
and the example's ``src``. What is printed is checked by ``test_handoffs.py``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from travel_tools import tool_schemas

from toolgen.runtime import Toolbox
from toolgen.runtime.frameworks import (
    fastmcp_tools,
    langchain_tools,
    openai_agents_tools,
    pydantic_ai_tools,
    serve_lowlevel,
)

GOOD = {"city": "Lyon", "days": 2, "units": "imperial"}
BAD = {"city": "Lyon", "days": "many"}  # days is an integer: the model must correct itself
SEARCH = {"origin": "CDG", "destination": "LIS", "day": "2026-12-24", "direct_only": True}


async def openai_agents() -> dict[str, Any]:
    from agents.models.openai_responses import Converter
    from agents.tool_context import ToolContext

    box = Toolbox(tool_schemas, provider="openai_responses")
    tools = {t.name: t for t in openai_agents_tools(box)}
    sent = [Converter._convert_function_tool(t)[0] for t in tools.values()]

    async def invoke(name: str, arguments: Any) -> Any:
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        context = ToolContext(None, tool_name=name, tool_call_id="call_1", tool_arguments=text)
        return await tools[name].on_invoke_tool(context, text)

    return {
        "sent": sent,
        "good": await invoke("get_forecast", GOOD),
        "bad": await invoke("get_forecast", {**BAD, "units": None}),
        "malformed": await invoke("get_forecast", '{"city": "Ly'),
    }


def langchain() -> dict[str, Any]:
    from langchain_core.utils.function_calling import convert_to_openai_tool

    box = Toolbox(tool_schemas, provider="openai_responses")
    tools = {t.name: t for t in langchain_tools(box)}
    return {
        "sent": [convert_to_openai_tool(t) for t in tools.values()],
        "good": tools["get_forecast"].invoke(GOOD),
        "bad": tools["get_forecast"].invoke({**BAD, "units": None}),  # strict: null is "not given"
        "async": asyncio.run(tools["get_forecast"].ainvoke(GOOD)),
    }


def pydantic_ai() -> dict[str, Any]:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    box = Toolbox(tool_schemas, provider="anthropic")
    seen: dict[str, Any] = {"sent": None, "retry": None, "returned": None}

    def model(messages: list[Any], info: AgentInfo) -> ModelResponse:
        if seen["sent"] is None:
            seen["sent"] = [
                {
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.parameters_json_schema,
                }
                for t in info.function_tools
            ]
            return ModelResponse(parts=[ToolCallPart("get_forecast", BAD, tool_call_id="c1")])
        last = messages[-1].parts[0]
        if getattr(last, "outcome", None) == "retried":  # pydantic-ai 2.x: a retried tool return
            seen["retry"] = last.content
            return ModelResponse(parts=[ToolCallPart("get_forecast", GOOD, tool_call_id="c2")])
        seen["returned"] = last.content
        return ModelResponse(parts=[TextPart("done")])

    agent = Agent(FunctionModel(model), tools=pydantic_ai_tools(box))
    seen["output"] = agent.run_sync("Weather in Lyon?").output
    return seen


def _dump(value: Any) -> Any:
    return value.model_dump(by_alias=True, exclude_none=True, mode="json")


async def mcp1() -> dict[str, Any]:
    from mcp import types
    from mcp.server.fastmcp import FastMCP
    from mcp.server.lowlevel import Server

    box = Toolbox(tool_schemas, provider="mcp")
    fast = FastMCP("travel", tools=fastmcp_tools(box))
    out: dict[str, Any] = {
        "fastmcp_listed": [_dump(t) for t in await fast.list_tools()],
        "fastmcp_good": _dump(await fast.call_tool("get_forecast", GOOD)),
        "fastmcp_bad": _dump(await fast.call_tool("get_forecast", BAD)),
        "fastmcp_search": _dump(await fast.call_tool("search_flights", SEARCH)),
    }
    low = serve_lowlevel(Server("travel"), box)
    listed = await low.request_handlers[types.ListToolsRequest](
        types.ListToolsRequest(method="tools/list")
    )
    out["lowlevel_listed"] = [_dump(t) for t in listed.root.tools]
    for key, name, arguments in [
        ("lowlevel_good", "get_forecast", GOOD),
        ("lowlevel_bad", "get_forecast", BAD),
        ("lowlevel_search", "search_flights", SEARCH),
    ]:
        request = types.CallToolRequest(
            method="tools/call", params=types.CallToolRequestParams(name=name, arguments=arguments)
        )
        out[key] = _dump((await low.request_handlers[types.CallToolRequest](request)).root)
    return out


def main() -> None:
    group = sys.argv[1]
    if group == "main":
        result = {
            "openai_agents": asyncio.run(openai_agents()),
            "langchain": langchain(),
            "pydantic_ai": pydantic_ai(),
        }
    else:
        result = {"mcp": asyncio.run(mcp1())}
    json.dump(result, sys.stdout, default=str)


if __name__ == "__main__":
    main()
