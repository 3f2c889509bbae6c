"""Send TOOLS_BEDROCK with boto3's Converse (botocore validates the request), run the toolUse with
the Toolbox, and send its toolResult back."""

from __future__ import annotations

import boto3
from botocore.stub import Stubber
from toolgen.runtime import Toolbox
from travel_tools import tool_schemas

box = Toolbox(tool_schemas, provider="bedrock")
client = boto3.client("bedrock-runtime", region_name="us-east-1", aws_access_key_id="test",
                      aws_secret_access_key="test")
usage = {"usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}, "metrics": {"latencyMs": 1}}
messages = [{"role": "user", "content": [{"text": "Weather in Cusco?"}]}]
asked = {"role": "assistant", "content": [
    {"toolUse": {"toolUseId": "t1", "name": "get_forecast", "input": {"city": "Cusco", "days": 1}}}]}
with Stubber(client) as stub:
    # Stubber checks each request against the Converse input shape, as the real call would.
    request = {"modelId": "anthropic.claude-sonnet-4-5", "toolConfig": {"tools": box.tools}, "messages": messages}
    stub.add_response("converse", {"output": {"message": asked}, "stopReason": "tool_use", **usage}, request)
    response = client.converse(**request)
    message = response["output"]["message"]
    print(f"model called {message['content'][0]['toolUse']['name']}")
    results = [box.handle(block) for block in message["content"] if "toolUse" in block]
    follow_up = {**request, "messages": [*messages, message, {"role": "user", "content": results}]}
    said = results[0]["toolResult"]["content"][0]["text"]
    stub.add_response("converse", {"output": {"message": {"role": "assistant", "content": [{"text": said}]}},
                                   "stopReason": "end_turn", **usage}, follow_up)
    answer = client.converse(**follow_up)
print(answer["output"]["message"]["content"][0]["text"])
