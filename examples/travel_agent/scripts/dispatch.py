"""Route a model's tool call back to the Python function with toolgen.runtime.

The Toolbox reads the generated module: the wire name, the provider's rewrites (under OpenAI
strict mode an optional parameter arrives as null, which means "not given"), the function to
call. A call the function cannot take is an ArgumentError whose text tells the model what to fix.
"""

from __future__ import annotations

from toolgen.runtime import ArgumentError, Toolbox
from travel_tools import tool_schemas

box = Toolbox(tool_schemas, provider="openai")

if __name__ == "__main__":
    print(box.call("get_forecast", {"city": "Paris", "days": None, "units": None}))
    try:
        box.call("get_forecast", {"city": "Paris", "days": "many", "units": None})
    except ArgumentError as err:
        print(f"rejected: {len(err.errors)} invalid argument(s)")
