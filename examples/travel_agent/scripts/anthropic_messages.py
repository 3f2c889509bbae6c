"""Send TOOLS_ANTHROPIC with the Anthropic SDK (Messages) and dispatch the tool_use block."""

from __future__ import annotations

import json

from _mock import Recorder
from anthropic import Anthropic
from dispatch import dispatch
from travel_tools.tool_schemas import TOOLS_ANTHROPIC


def reply(body: dict) -> dict:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
            "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5},
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_forecast",
                         "input": {"city": "Oslo", "units": "imperial"}}]}


recorder = Recorder(reply)
client = Anthropic(api_key="sk-ant-test", base_url="https://api.anthropic.test", http_client=recorder.client())
message = client.messages.create(model="claude-opus-4-6", max_tokens=256, tools=TOOLS_ANTHROPIC,
                                 messages=[{"role": "user", "content": "Weather in Oslo, in Fahrenheit?"}])
assert recorder.requests[0]["body"]["tools"] == json.loads(json.dumps(TOOLS_ANTHROPIC))
block = message.content[0]
print(f"model called {block.name}")
print(dispatch("anthropic", block.name, block.input))
