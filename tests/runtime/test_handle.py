"""``Toolbox.handle``: the provider SDK's own tool call in, the provider's tool result out; a
call the function cannot take comes back as an error the model reads, flagged where the
provider has a flag."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.runtime.conftest import Build

TOOLS = {
    "desk/__init__.py": "",
    "desk/tools.py": """
        from pydantic import BaseModel
        from toolgen import tool


        class Ticket(BaseModel):
            id: int
            title: str
            urgent: bool = False


        @tool
        def open_ticket(title: str, urgent: bool = False) -> Ticket:
            \"\"\"Open a ticket.\"\"\"
            return Ticket(id=7, title=title, urgent=urgent)


        @tool
        async def count(word: str) -> int:
            \"\"\"Count letters.\"\"\"
            return len(word)
    """,
}


@pytest.fixture
def desk(build: Build) -> Any:
    return build(TOOLS)


def test_openai_chat_tool_call_object(desk: Any) -> None:
    from openai.types.chat import ChatCompletionMessageToolCall

    from toolgen.runtime import Toolbox

    call = ChatCompletionMessageToolCall.model_validate(
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "open_ticket", "arguments": '{"title": "x", "urgent": null}'},
        }
    )
    box = Toolbox(desk, provider="openai")
    message = box.handle(call)
    assert message["role"] == "tool" and message["tool_call_id"] == "call_1"
    assert json.loads(message["content"]) == {"id": 7, "title": "x", "urgent": False}
    bad = call.model_copy(update={"function": call.function.model_copy(update={"arguments": "{"})})
    refused = box.handle(bad)
    assert refused["content"].startswith("The call to tool 'open_ticket' was refused: ")


def test_anthropic_tool_use_block_flags_the_error(desk: Any) -> None:
    from anthropic.types import ToolUseBlock

    from toolgen.runtime import Toolbox

    box = Toolbox(desk, provider="anthropic")
    block = ToolUseBlock(id="tu_1", name="count", input={"word": "four"}, type="tool_use")
    assert box.handle(block) == {
        "type": "tool_result",
        "tool_use_id": "tu_1",
        "content": "4",
        "is_error": False,
    }
    wrong = ToolUseBlock(id="tu_2", name="count", input={"word": 4}, type="tool_use")
    result = box.handle(wrong)
    assert result["is_error"] is True
    assert "- /word: input should be a valid string; got 4" in result["content"]


def test_mcp_params_give_structured_content(desk: Any) -> None:
    from toolgen.runtime import Toolbox

    box = Toolbox(desk, provider="mcp")
    result = box.handle({"name": "open_ticket", "arguments": {"title": "t"}})
    assert result["isError"] is False
    assert result["structuredContent"] == {"id": 7, "title": "t", "urgent": False}
    unknown = box.handle({"name": "close_ticket", "arguments": {}})
    assert unknown["isError"] is True


def test_gemini_part_and_bedrock_tool_use_and_responses_item(desk: Any) -> None:
    from google.genai import types

    from toolgen.runtime import Toolbox

    part = types.Part(function_call=types.FunctionCall(name="count", args={"word": "ab"}))
    out = Toolbox(desk, provider="gemini").handle(part)
    assert out["function_response"]["response"] == {"output": 2}
    bedrock = Toolbox(desk, provider="bedrock").handle(
        {"toolUse": {"toolUseId": "b1", "name": "count", "input": {}}}
    )
    assert bedrock["toolResult"]["status"] == "error"
    item = {"type": "function_call", "call_id": "c1", "name": "count", "arguments": '{"word":"x"}'}
    responses = asyncio.run(Toolbox(desk, provider="openai_responses").ahandle(item))
    assert responses == {"type": "function_call_output", "call_id": "c1", "output": "1"}
