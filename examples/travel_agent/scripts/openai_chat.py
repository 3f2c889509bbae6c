"""Send TOOLS_OPENAI with the OpenAI SDK (Chat Completions) and dispatch the tool call it returns."""

from __future__ import annotations

import json

from _mock import Recorder
from dispatch import dispatch
from openai import OpenAI
from travel_tools.tool_schemas import TOOLS_OPENAI


def reply(body: dict) -> dict:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": None, "tool_calls": [{
                    "id": "call_1", "type": "function",
                    "function": {"name": "get_forecast",
                                 "arguments": json.dumps({"city": "Lyon", "days": 2, "units": None})}}]}}]}


recorder = Recorder(reply)
client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1", http_client=recorder.client())
response = client.chat.completions.create(
    model="gpt-4.1-mini",
    messages=[{"role": "user", "content": "Weather in Lyon for two days?"}],
    tools=TOOLS_OPENAI,
)
sent = recorder.requests[0]["body"]
assert sent["tools"] == json.loads(json.dumps(TOOLS_OPENAI)), "the SDK changed the tools on the way"
call = response.choices[0].message.tool_calls[0]
print(f"sent {len(sent['tools'])} tools; model called {call.function.name}")
print(dispatch("openai", call.function.name, json.loads(call.function.arguments)))
