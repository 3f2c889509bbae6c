"""Send TOOLS_OPENAI_RESPONSES with the OpenAI SDK (Responses API), run the function call with the
Toolbox, and send its function_call_output back."""

from __future__ import annotations

import json

from _mock import Recorder
from openai import OpenAI
from toolgen.runtime import Toolbox
from travel_tools import tool_schemas


def reply(body: dict) -> dict:
    given = body["input"]
    if isinstance(given, list) and given[-1].get("type") == "function_call_output":
        output = [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                   "content": [{"type": "output_text", "annotations": [],
                                "text": f"Found: {given[-1]['output']}"}]}]
    else:
        output = [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "search_flights",
                   "status": "completed",
                   "arguments": json.dumps({"origin": "CDG", "destination": "LIS", "day": "2026-12-24",
                                            "cabin": None, "max_results": 3, "direct_only": True})}]
    return {"id": "resp_1", "object": "response", "created_at": 0, "model": body["model"], "status": "completed",
            "output": output, "parallel_tool_calls": True, "tool_choice": "auto", "tools": body["tools"]}


recorder = Recorder(reply)
client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1", http_client=recorder.client())
box = Toolbox(tool_schemas, provider="openai_responses")
response = client.responses.create(model="gpt-4.1-mini", input="Flights Paris to Lisbon on Christmas Eve?",
                                   tools=box.tools)
assert recorder.requests[0]["body"]["tools"] == json.loads(json.dumps(box.tools))
call = response.output[0]
print(f"model called {call.name}")
results = [box.handle(item) for item in response.output if item.type == "function_call"]
answer = client.responses.create(model="gpt-4.1-mini", previous_response_id=response.id,
                                 input=results, tools=box.tools)
print(answer.output_text)
