"""Each provider's tool call, built with its own SDK, read by ``toolgen.runtime.messages``; each
reply validated by that SDK's own param or result type (the adapters' tests' pins)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import uuid
from decimal import Decimal
from functools import cache
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter

from toolgen.runtime.messages import Call, jsonable, read_call, reply, to_text

ARGS = {"city": "Paris", "days": 3}


class Genre(enum.Enum):
    FICTION = "fiction"


@dataclasses.dataclass
class Stay:
    night: dt.date
    price: Decimal


class Booking(BaseModel):
    ref: uuid.UUID
    genre: Genre
    stays: list[Stay]


BOOKING = Booking(
    ref=uuid.UUID(int=1), genre=Genre.FICTION, stays=[Stay(dt.date(2026, 1, 2), Decimal("9.50"))]
)
BOOKING_JSON = {
    "ref": "00000000-0000-0000-0000-000000000001",
    "genre": "fiction",
    "stays": [{"night": "2026-01-02", "price": "9.50"}],
}


def _openai_call() -> Any:
    from openai.types.chat import ChatCompletionMessageFunctionToolCall

    return ChatCompletionMessageFunctionToolCall(
        id="call_1", type="function", function={"name": "weather", "arguments": json.dumps(ARGS)}
    )


def _responses_call() -> Any:
    from openai.types.responses import ResponseFunctionToolCall

    return ResponseFunctionToolCall(
        type="function_call", call_id="call_1", name="weather", arguments=json.dumps(ARGS)
    )


def _anthropic_call() -> Any:
    from anthropic.types import ToolUseBlock

    return ToolUseBlock(type="tool_use", id="call_1", name="weather", input=ARGS)


def _gemini_call() -> Any:
    from google.genai import types

    return types.Part(function_call=types.FunctionCall(id="call_1", name="weather", args=ARGS))


def _bedrock_call() -> Any:
    block = {"toolUse": {"toolUseId": "call_1", "name": "weather", "input": ARGS}}
    _bedrock_valid([{"role": "assistant", "content": [block]}])
    return block


def _mcp_call() -> Any:
    from mcp.types import CallToolRequestParams

    return CallToolRequestParams(name="weather", arguments=ARGS)


CALLS = {
    "openai": _openai_call,
    "openai_responses": _responses_call,
    "anthropic": _anthropic_call,
    "gemini": _gemini_call,
    "bedrock": _bedrock_call,
    "mcp": _mcp_call,
}


@cache
def _converse_shape() -> Any:
    import boto3

    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    return client.meta.service_model.operation_model("Converse").input_shape


def _bedrock_valid(messages: list[dict[str, Any]]) -> None:
    from botocore.validate import ParamValidator

    report = ParamValidator().validate({"modelId": "m", "messages": messages}, _converse_shape())
    assert not report.has_errors(), report.generate_report()


def validate_reply(provider: str, message: dict[str, Any], call_block: Any) -> None:
    """The SDK's own type accepts the reply and gives back exactly what went in."""
    if provider == "openai":
        from openai.types.chat import ChatCompletionToolMessageParam

        assert TypeAdapter(ChatCompletionToolMessageParam).validate_python(message) == message
    elif provider == "openai_responses":
        from openai.types.responses.response_input_item_param import FunctionCallOutput

        assert TypeAdapter(FunctionCallOutput).validate_python(message) == message
    elif provider == "anthropic":
        from anthropic.types import ToolResultBlockParam

        assert TypeAdapter(ToolResultBlockParam).validate_python(message) == message
    elif provider == "gemini":
        from google.genai import types

        part = types.Part.model_validate(message)
        assert part.model_dump(exclude_none=True) == message
    elif provider == "bedrock":
        _bedrock_valid(
            [{"role": "assistant", "content": [call_block]}, {"role": "user", "content": [message]}]
        )
    else:
        from mcp.types import CallToolResult

        dumped = CallToolResult.model_validate(message).model_dump(
            by_alias=True, exclude_none=True, mode="json"
        )
        # mcp 2.x adds the 2026-07-28 ``resultType`` default; nothing else may differ.
        assert {k: v for k, v in dumped.items() if k != "resultType"} == message


@pytest.mark.parametrize("provider", CALLS)
def test_the_sdks_call_is_read(provider: str) -> None:
    call = read_call(provider, CALLS[provider]())
    assert call.name == "weather"
    assert call.id == (None if provider == "mcp" else "call_1")
    arguments = json.loads(call.arguments) if isinstance(call.arguments, str) else call.arguments
    assert arguments == ARGS


@pytest.mark.parametrize("provider", CALLS)
def test_the_calls_dict_form_is_read_alike(provider: str) -> None:
    sdk_object = CALLS[provider]()
    as_dict = sdk_object if isinstance(sdk_object, dict) else sdk_object.model_dump()
    assert read_call(provider, as_dict) == read_call(provider, sdk_object)


@pytest.mark.parametrize("provider", CALLS)
@pytest.mark.parametrize("result", [BOOKING, {"temp_c": 21.5}, [1, 2], "sunny", None], ids=repr)
def test_a_result_is_a_reply_the_sdk_accepts(provider: str, result: Any) -> None:
    block = CALLS[provider]()
    call = read_call(provider, block)
    message = reply(provider, call, result=result)
    validate_reply(provider, message, block)


@pytest.mark.parametrize("provider", CALLS)
def test_an_error_is_a_reply_the_sdk_accepts_flagged_where_it_can_be(provider: str) -> None:
    block = CALLS[provider]()
    message = reply(provider, read_call(provider, block), error="weather: /days: expected ...")
    validate_reply(provider, message, block)
    flags = {
        "anthropic": ("is_error", True),
        "mcp": ("isError", True),
    }
    if provider in flags:
        key, value = flags[provider]
        assert message[key] is value
    if provider == "bedrock":
        assert message["toolResult"]["status"] == "error"
        assert message["toolResult"]["content"] == [{"text": "weather: /days: expected ..."}]
    if provider == "gemini":
        assert message["function_response"]["response"] == {"error": "weather: /days: expected ..."}


def test_each_reply_says_what_the_model_reads() -> None:
    call = Call("call_1", "weather", "{}")
    assert reply("openai", call, result=BOOKING) == {
        "role": "tool",
        "tool_call_id": "call_1",
        "content": json.dumps(BOOKING_JSON, ensure_ascii=False),
    }
    assert reply("openai_responses", call, result="sunny")["output"] == "sunny"
    assert reply("anthropic", call, result={"a": 1}) == {
        "type": "tool_result",
        "tool_use_id": "call_1",
        "content": '{"a": 1}',
        "is_error": False,
    }
    assert reply("gemini", Call(None, "weather", {}), result=[1]) == {
        "function_response": {"name": "weather", "response": {"output": [1]}}
    }
    bedrock = reply("bedrock", call, result=BOOKING)["toolResult"]
    assert bedrock == {
        "toolUseId": "call_1",
        "content": [{"json": BOOKING_JSON}],
        "status": "success",
    }
    assert reply("bedrock", call, result=[1, 2])["toolResult"]["content"] == [{"text": "[1, 2]"}]


def test_an_mcp_result_is_structured_only_with_an_output_schema() -> None:
    from mcp.types import CallToolResult

    call = Call(None, "weather", {})
    plain = reply("mcp", call, result="sunny")
    assert plain == {"content": [{"type": "text", "text": "sunny"}], "isError": False}
    model_schema = {"type": "object", "properties": {"ref": {"type": "string"}}}
    unwrapped = reply("mcp", call, result=BOOKING, output_schema=model_schema)
    assert unwrapped["structuredContent"] == BOOKING_JSON
    wrapper = {
        "type": "object",
        "properties": {"result": {"type": "array"}},
        "required": ["result"],
    }
    wrapped = reply("mcp", call, result=(1, 2), output_schema=wrapper)
    assert wrapped["structuredContent"] == {"result": [1, 2]}
    assert wrapped["content"] == [{"type": "text", "text": "[1, 2]"}]  # as FastMCP writes it
    for message in (plain, unwrapped, wrapped):
        CallToolResult.model_validate(message)
    # A model whose one field is ``result`` keeps its title in TOOLS_MCP, so it is not a wrapper.
    titled = {**wrapper, "title": "Outcome"}
    assert reply("mcp", call, result={"result": [1]}, output_schema=titled)[
        "structuredContent"
    ] == {"result": [1]}


def test_a_result_is_written_as_pydantic_writes_json() -> None:
    class Mode(enum.IntEnum):
        ON = 1

    values = {
        "when": dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.timezone.utc),
        "day": dt.date(2026, 1, 2),
        "at": dt.time(3, 4),
        "took": dt.timedelta(days=1, hours=2, seconds=4.5),
        "tags": {"b", "a"},
        "pair": (1, "x"),
        "mode": Mode.ON,
        "raw": b"abc",
        "nan": float("nan"),
        1: "int key",
    }
    expected = TypeAdapter(dict[Any, Any]).dump_python(values, mode="json")
    expected["tags"] = sorted(expected["tags"])  # pydantic keeps a set's iteration order
    assert jsonable(values) == expected
    assert jsonable(dt.timedelta(seconds=-1)) == TypeAdapter(dt.timedelta).dump_python(
        dt.timedelta(seconds=-1), mode="json"
    )


def test_a_result_that_is_not_json_says_what_it_is() -> None:
    with pytest.raises(
        TypeError, match=r"returned a value of type object, which toolgen\.runtime cannot write"
    ):
        to_text(object())


@pytest.mark.parametrize("provider", CALLS)
def test_something_that_is_not_a_call_is_refused_plainly(provider: str) -> None:
    with pytest.raises(TypeError, match=f"an? {provider} tool call must be"):
        read_call(provider, {"nothing": 1})


def test_an_unknown_provider_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown provider 'cohere'"):
        read_call("cohere", {})
    with pytest.raises(ValueError, match="unknown provider 'cohere'"):
        reply("cohere", Call(None, "x", None))
