"""Route a model's tool call back to the Python function, and validate its arguments with pydantic.

The wire name goes through the provider's TOOL_NAME_MAP (names may have been rewritten);
under OpenAI strict mode an optional parameter arrives as null, which means "not given".
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any, Callable

from pydantic import ValidationError, validate_call
from travel_tools import flights, weather
from travel_tools import tool_schemas as schemas

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "get_forecast": weather.get_forecast,
    "search_flights": flights.search_flights,
    "book_trip": flights.book,
}


def dispatch(provider: str, wire_name: str, arguments: dict[str, Any]) -> Any:
    suffix = provider.upper()
    name = getattr(schemas, f"TOOL_NAME_MAP_{suffix}")[wire_name]
    omitted = getattr(schemas, f"NULL_MEANS_OMITTED_{suffix}", {}).get(wire_name, [])
    arguments = {k: v for k, v in arguments.items() if not (k in omitted and v is None)}
    function = validate_call(FUNCTIONS[name])  # the real signature validates what the model sent
    try:
        result = function(**arguments)
        return asyncio.run(result) if inspect.iscoroutine(result) else result
    except NotImplementedError:
        return f"{name}({', '.join(f'{k}={v!r}' for k, v in sorted(arguments.items()))}) validated"


if __name__ == "__main__":
    print(dispatch("openai", "get_forecast", {"city": "Paris", "days": None, "units": None}))
    try:
        dispatch("openai", "get_forecast", {"city": "Paris", "days": "many"})
    except ValidationError as exc:
        print(f"rejected: {exc.error_count()} invalid argument(s)")
