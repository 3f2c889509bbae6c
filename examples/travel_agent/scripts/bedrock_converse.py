"""Send TOOLS_BEDROCK with boto3's Converse (botocore validates the request) and dispatch the toolUse."""

from __future__ import annotations

import boto3
from botocore.stub import Stubber
from dispatch import dispatch
from travel_tools.tool_schemas import TOOLS_BEDROCK

client = boto3.client("bedrock-runtime", region_name="us-east-1", aws_access_key_id="test",
                      aws_secret_access_key="test")
request = {"modelId": "anthropic.claude-sonnet-4-5", "toolConfig": {"tools": TOOLS_BEDROCK},
           "messages": [{"role": "user", "content": [{"text": "Weather in Cusco?"}]}]}
with Stubber(client) as stub:
    # Stubber checks the request against the Converse input shape, as the real call would.
    stub.add_response("converse", {
        "output": {"message": {"role": "assistant", "content": [
            {"toolUse": {"toolUseId": "t1", "name": "get_forecast", "input": {"city": "Cusco", "days": 1}}}]}},
        "stopReason": "tool_use", "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1}}, request)
    response = client.converse(**request)
use = response["output"]["message"]["content"][0]["toolUse"]
print(f"model called {use['name']}")
print(dispatch("bedrock", use["name"], use["input"]))
