"""Send TOOLS_OPENAI_RESPONSES with the OpenAI SDK (Responses API) and dispatch the function call."""

from __future__ import annotations

import json

from _mock import Recorder
from dispatch import dispatch
from openai import OpenAI
from travel_tools.tool_schemas import TOOLS_OPENAI_RESPONSES


def reply(body: dict) -> dict:
    return {"id": "resp_1", "object": "response", "created_at": 0, "model": body["model"], "status": "completed",
            "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "search_flights",
                        "status": "completed",
                        "arguments": json.dumps({"origin": "CDG", "destination": "LIS", "day": "2026-12-24",
                                                 "cabin": None, "max_results": 3, "direct_only": True})}],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": body["tools"]}


recorder = Recorder(reply)
client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1", http_client=recorder.client())
response = client.responses.create(model="gpt-4.1-mini", input="Flights Paris to Lisbon on Christmas Eve?",
                                   tools=TOOLS_OPENAI_RESPONSES)
assert recorder.requests[0]["body"]["tools"] == json.loads(json.dumps(TOOLS_OPENAI_RESPONSES))
call = response.output[0]
print(f"model called {call.name}")
print(dispatch("openai_responses", call.name, json.loads(call.arguments)))
