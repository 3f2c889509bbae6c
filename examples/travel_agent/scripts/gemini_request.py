"""Build a Gemini request from TOOLS_GEMINI with google-genai's own types, run a function call with
the Toolbox, and build the function_response part that answers it."""

from __future__ import annotations

from google.genai import types
from toolgen.runtime import Toolbox
from travel_tools import tool_schemas

box = Toolbox(tool_schemas, provider="gemini")
# The SDK's pydantic types forbid unknown fields at every level: a schema Gemini would
# reject for an unknown key fails here, before any request.
config = types.GenerateContentConfig(
    tools=[types.Tool(function_declarations=[types.FunctionDeclaration.model_validate(d) for d in box.tools])],
)
declared = [f.name for f in config.tools[0].function_declarations]
request = config.model_dump(mode="json", exclude_none=True, by_alias=True)
print(f"declared {len(declared)} functions: {', '.join(declared)}; request has {len(request['tools'])} tool")
answer = types.Part.from_function_call(name="get_forecast", args={"city": "Kyoto", "days": 5})
part = types.Part.model_validate(box.handle(answer))  # the next turn's content: Content(role="user", parts=[part])
print(part.function_response.response["output"])
