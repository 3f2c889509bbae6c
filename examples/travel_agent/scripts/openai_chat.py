"""The whole loop with the OpenAI SDK (Chat Completions): send TOOLS_OPENAI, run the tool call the
model returns with the Toolbox, send its result back, read the model's answer."""

from __future__ import annotations

import json

from _mock import Recorder
from openai import OpenAI
from toolgen.runtime import Toolbox
from travel_tools import tool_schemas


def reply(body: dict) -> dict:
    last = body["messages"][-1]
    if last["role"] == "tool":  # the model reads the tool's result and answers
        message = {"role": "assistant", "content": f"Here you go. {last['content']}"}
    else:
        message = {"role": "assistant", "content": None, "tool_calls": [{
            "id": "call_1", "type": "function",
            "function": {"name": "get_forecast",
                         "arguments": json.dumps({"city": "Lyon", "days": 2, "units": None})}}]}
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop", "message": message}]}


recorder = Recorder(reply)
client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1", http_client=recorder.client())
box = Toolbox(tool_schemas, provider="openai")
messages = [{"role": "user", "content": "Weather in Lyon for two days?"}]
response = client.chat.completions.create(model="gpt-4.1-mini", messages=messages, tools=box.tools)
sent = recorder.requests[0]["body"]
assert sent["tools"] == json.loads(json.dumps(box.tools)), "the SDK changed the tools on the way"
message = response.choices[0].message
print(f"sent {len(sent['tools'])} tools; model called {message.tool_calls[0].function.name}")
messages.append(message.model_dump(exclude_none=True))
messages.extend(box.handle(call) for call in message.tool_calls)
answer = client.chat.completions.create(model="gpt-4.1-mini", messages=messages, tools=box.tools)
print(answer.choices[0].message.content)
