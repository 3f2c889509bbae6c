"""Each provider's tool call read in, and its tool-result message written out, as plain data."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import enum
import json
import math
import uuid
from collections.abc import Mapping
from decimal import Decimal
from pathlib import PurePath
from typing import Any, Final

from toolgen.runtime.toolbox import PROVIDERS

__all__ = ["Call", "jsonable", "read_call", "reply", "to_text"]


@dataclasses.dataclass(frozen=True, slots=True)
class Call:
    """One tool call as the model sent it."""

    id: str | None
    """The provider's call id; ``None`` where it has none (MCP, Gemini without ids)."""
    name: str
    """The wire name."""
    arguments: Any
    """A mapping, JSON text, or ``None``, as the SDK gives it."""


# --- reading --------------------------------------------------------------------------------


_ABSENT: Final = object()


def _get(obj: Any, *names: str) -> Any:
    """The first of ``names`` present, as a key of a mapping or an attribute of an SDK object."""
    for name in names:
        is_map = isinstance(obj, Mapping)
        value = obj.get(name, _ABSENT) if is_map else getattr(obj, name, _ABSENT)
        if value is not _ABSENT and value is not None:
            return value
    return None


def _expected(provider: str, what: str, got: Any) -> TypeError:
    article = "an" if provider[0] in "aeiou" else "a"
    return TypeError(f"{article} {provider} tool call must be {what}; got {type(got).__name__}")


def read_call(provider: str, tool_call: Any) -> Call:
    """The call in ``tool_call``, the provider SDK's object or its dict form.

    openai: a Chat Completions ``message.tool_calls[i]``; openai_responses: a ``function_call``
    output item; anthropic: a ``tool_use`` content block; gemini: a ``FunctionCall`` or the
    ``Part`` holding it; bedrock: a Converse ``toolUse`` or the content block holding it; mcp:
    the ``tools/call`` params (``{"name", "arguments"}``) or the whole request.
    """
    if provider == "openai":
        function = _get(tool_call, "function")
        name = _get(function, "name") if function is not None else None
        if not isinstance(name, str):
            raise _expected(provider, "a tool_calls item ({'id', 'function': {...}})", tool_call)
        return Call(_get(tool_call, "id"), name, _get(function, "arguments"))
    if provider == "openai_responses":
        name = _get(tool_call, "name")
        if not isinstance(name, str):
            raise _expected(provider, "a function_call item ({'call_id', 'name', ...})", tool_call)
        return Call(_get(tool_call, "call_id"), name, _get(tool_call, "arguments"))
    if provider == "anthropic":
        name = _get(tool_call, "name")
        if not isinstance(name, str):
            raise _expected(provider, "a tool_use block ({'id', 'name', 'input'})", tool_call)
        return Call(_get(tool_call, "id"), name, _get(tool_call, "input"))
    if provider == "gemini":
        inner = _get(tool_call, "function_call", "functionCall")
        call = tool_call if inner is None else inner
        name = _get(call, "name")
        if not isinstance(name, str):
            raise _expected(provider, "a FunctionCall or the Part holding it", tool_call)
        return Call(_get(call, "id"), name, _get(call, "args"))
    if provider == "bedrock":
        inner = _get(tool_call, "toolUse")
        call = tool_call if inner is None else inner
        name = _get(call, "name")
        if not isinstance(name, str):
            raise _expected(provider, "a toolUse ({'toolUseId', 'name', 'input'})", tool_call)
        return Call(_get(call, "toolUseId"), name, _get(call, "input"))
    if provider == "mcp":
        inner = _get(tool_call, "params")
        call = tool_call if inner is None else inner
        name = _get(call, "name")
        if not isinstance(name, str):
            raise _expected(provider, "tools/call params ({'name', 'arguments'})", tool_call)
        return Call(None, name, _get(call, "arguments"))
    raise ValueError(f"unknown provider {provider!r}; expected one of {', '.join(PROVIDERS)}")


# --- results as JSON ------------------------------------------------------------------------


def _duration(value: dt.timedelta) -> str:
    """ISO 8601, as pydantic writes a ``timedelta`` (``P1DT2H3M4.5S``, ``-PT1S``)."""
    seconds = value.total_seconds()
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, rest = divmod(rest, 60)
    out = f"{sign}P{int(days)}D" if days else f"{sign}P"
    clock = ""
    if hours:
        clock += f"{int(hours)}H"
    if minutes:
        clock += f"{int(minutes)}M"
    if rest or not (days or clock):
        clock += f"{int(rest)}S" if rest == int(rest) else f"{rest:.6f}".rstrip("0") + "S"
    return out + ("T" + clock if clock else "")


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    value = jsonable(key)
    return value if isinstance(value, str) else json.dumps(value)


def jsonable(value: Any) -> Any:
    """``value`` as JSON data (dicts, lists, strings, numbers, booleans, ``None``).

    Deterministic, in the spelling pydantic's JSON mode uses: a pydantic model by its
    ``model_dump(mode="json", by_alias=True)``; a dataclass by its fields in order; a mapping with
    its keys as strings; a list, tuple or deque as a list; a set or frozenset as a list, sorted
    when its items sort; dates, times and datetimes in ISO 8601 (UTC as ``Z``); a ``timedelta`` as an ISO 8601
    duration; an ``Enum`` by its value; ``Decimal``, ``UUID`` and paths as strings; bytes as
    UTF-8 text (base64 when they are not UTF-8); a float that is not finite as ``None``.
    Anything else is a ``TypeError`` naming its type.
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, Mapping):
        return {_key(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [jsonable(v) for v in value]
        try:
            return sorted(items)
        except TypeError:  # mixed kinds: sorted by their JSON text instead
            return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, dt.datetime | dt.date | dt.time):
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, dt.timedelta):
        return _duration(value)
    if isinstance(value, (Decimal, uuid.UUID, PurePath)):
        return str(value)
    if isinstance(value, (bytes, bytearray)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return base64.b64encode(value).decode("ascii")
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, type):
        return jsonable(dump(mode="json", by_alias=True))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    try:
        iterator = iter(value)
    except TypeError:
        raise TypeError(
            f"a tool returned a value of type {type(value).__name__}, which toolgen.runtime "
            "cannot write as "
            "JSON; return a str, JSON data, a dataclass or a pydantic model"
        ) from None
    return [jsonable(v) for v in iterator]


def to_text(result: Any) -> str:
    """A result as the text a model reads: a ``str`` as it is, anything else as JSON text."""
    if isinstance(result, str):
        return result
    return json.dumps(jsonable(result), ensure_ascii=False)


# --- writing --------------------------------------------------------------------------------


def _is_wrapper(schema: Mapping[str, Any]) -> bool:
    """The ``{"result": ...}`` object an MCP output schema wraps a non-object return in."""
    return (
        set(schema) <= {"type", "properties", "required", "$defs"}
        and schema.get("type") == "object"
        and list(schema.get("properties") or ()) == ["result"]
        and schema.get("required") == ["result"]
    )


def _mcp(result: Any, error: str | None, output_schema: Mapping[str, Any] | None) -> dict[str, Any]:
    if error is not None:
        return {"content": [{"type": "text", "text": error}], "isError": True}
    # As FastMCP writes it: the result as text (a str as it is), for clients that read no
    # structured content; nothing for None.
    out: dict[str, Any] = {
        "content": [] if result is None else [{"type": "text", "text": to_text(result)}]
    }
    if output_schema is not None:
        value = jsonable(result)
        out["structuredContent"] = {"result": value} if _is_wrapper(output_schema) else value
    out["isError"] = False
    return out


def reply(
    provider: str,
    call: Call,
    *,
    result: Any = None,
    error: str | None = None,
    output_schema: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The provider's tool-result message for ``call``: ``error`` (text for the model) when
    given, else ``result``.

    A ``str`` result is sent as it is; anything else as JSON (see ``jsonable``). openai: a
    ``{"role": "tool"}`` message; openai_responses: a ``function_call_output`` input item;
    anthropic: a ``tool_result`` block (``is_error``); gemini: a ``Part`` dict holding a
    ``function_response`` whose ``response`` is ``{"output": ...}`` or ``{"error": ...}`` (the
    keys the Gemini API documents); bedrock: a content block holding a ``toolResult`` (``json``
    content for a result that is a JSON object, else ``text``; ``status``); mcp: a
    ``CallToolResult`` (``isError``; with ``output_schema``, the tool's ``outputSchema`` as
    ``TOOLS_MCP`` serves it, ``structuredContent`` too, in ``{"result": ...}`` when that schema
    wraps the return).
    """
    text = error if error is not None else to_text(result)
    if provider == "openai":
        return {"role": "tool", "tool_call_id": call.id, "content": text}
    if provider == "openai_responses":
        return {"type": "function_call_output", "call_id": call.id, "output": text}
    if provider == "anthropic":
        return {
            "type": "tool_result",
            "tool_use_id": call.id,
            "content": text,
            "is_error": error is not None,
        }
    if provider == "gemini":
        response = {"error": error} if error is not None else {"output": jsonable(result)}
        function_response: dict[str, Any] = {"name": call.name, "response": response}
        if call.id is not None:
            function_response["id"] = call.id
        return {"function_response": function_response}
    if provider == "bedrock":
        if error is not None:
            content: list[dict[str, Any]] = [{"text": error}]
        else:
            value = result if isinstance(result, str) else jsonable(result)
            content = [{"json": value}] if isinstance(value, dict) else [{"text": to_text(value)}]
        status = "error" if error is not None else "success"
        return {"toolResult": {"toolUseId": call.id, "content": content, "status": status}}
    if provider == "mcp":
        return _mcp(result, error, output_schema)
    raise ValueError(f"unknown provider {provider!r}; expected one of {', '.join(PROVIDERS)}")
