"""Build a Gemini request from TOOLS_GEMINI with google-genai's own types and dispatch a function call."""

from __future__ import annotations

from dispatch import dispatch
from google.genai import types
from travel_tools.tool_schemas import TOOLS_GEMINI

# The SDK's pydantic types forbid unknown fields at every level: a schema Gemini would
# reject for an unknown key fails here, before any request.
config = types.GenerateContentConfig(
    tools=[types.Tool(function_declarations=[types.FunctionDeclaration.model_validate(d) for d in TOOLS_GEMINI])],
)
declared = [f.name for f in config.tools[0].function_declarations]
request = config.model_dump(mode="json", exclude_none=True, by_alias=True)
print(f"declared {len(declared)} functions: {', '.join(declared)}; request has {len(request['tools'])} tool")
answer = types.Part.from_function_call(name="get_forecast", args={"city": "Kyoto", "days": 5})
print(dispatch("gemini", answer.function_call.name, dict(answer.function_call.args)))
