"""Send TOOLS_ANTHROPIC with the Anthropic SDK (Messages), run the tool_use block with the Toolbox,
and send its tool_result back."""

from __future__ import annotations

import json

from _mock import Recorder
from anthropic import Anthropic
from toolgen.runtime import Toolbox
from travel_tools import tool_schemas


def reply(body: dict) -> dict:
    last = body["messages"][-1]["content"]
    if isinstance(last, list) and last[0].get("type") == "tool_result":
        content = [{"type": "text", "text": f"Forecast: {last[0]['content']}"}]
        stop = "end_turn"
    else:
        content = [{"type": "tool_use", "id": "toolu_1", "name": "get_forecast",
                    "input": {"city": "Oslo", "units": "imperial"}}]
        stop = "tool_use"
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
            "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5}, "content": content}


recorder = Recorder(reply)
client = Anthropic(api_key="sk-ant-test", base_url="https://api.anthropic.test", http_client=recorder.client())
box = Toolbox(tool_schemas, provider="anthropic")
messages = [{"role": "user", "content": "Weather in Oslo, in Fahrenheit?"}]
message = client.messages.create(model="claude-opus-4-6", max_tokens=256, tools=box.tools, messages=messages)
assert recorder.requests[0]["body"]["tools"] == json.loads(json.dumps(box.tools))
print(f"model called {message.content[0].name}")
results = [box.handle(block) for block in message.content if block.type == "tool_use"]
messages += [{"role": "assistant", "content": message.content}, {"role": "user", "content": results}]
answer = client.messages.create(model="claude-opus-4-6", max_tokens=256, tools=box.tools, messages=messages)
print(answer.content[0].text)
