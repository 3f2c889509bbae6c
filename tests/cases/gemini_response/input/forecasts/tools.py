"""Return types, with gemini_response on: TOOLS_GEMINI's `response` where the OpenAPI subset
can say them (TOOLS_MCP's outputSchema beside, for comparison)."""

from typing import Any, Literal

from pydantic import BaseModel

from toolgen import tool


class Reading(BaseModel):
    """One reading."""

    hour: int
    celsius: float


class Forecast(BaseModel):
    """A forecast."""

    city: str
    readings: list[Reading]
    unit: Literal["c", "f"] = "c"


@tool
def forecast(city: str) -> Forecast:
    """Get a city's forecast (a model: an OBJECT, its nested model inlined)."""
    raise NotImplementedError


@tool
def rain_chance(city: str) -> float | None:
    """The chance of rain, if known (nullable)."""
    raise NotImplementedError


@tool
def stations(region: str) -> list[str]:
    """The stations of a region (an ARRAY)."""
    raise NotImplementedError


@tool
def raw(station: str) -> list[Any]:
    """Raw values of any type: the subset cannot say them, so no response."""
    raise NotImplementedError


@tool
def reset(station: str) -> None:
    """Reset a station (returns nothing: no response)."""
    raise NotImplementedError


@tool
def ping(station: str):  # type: ignore[no-untyped-def]
    """No return annotation: no response."""
